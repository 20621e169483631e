package main

import (
	"fmt"
	"github.com/parquetvariant/parquetvariant/variant"
	"io"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/spf13/cobra"

	"github.com/parquetvariant/parquetvariant/shred"
)

func schemaCmd(e env) *cobra.Command {
	return &cobra.Command{
		Use:   "schema FILE",
		Short: "Print the Parquet schema and the shredding of each VARIANT column",
		Long: `Print the Parquet schema of FILE as a message, then for each VARIANT column
its shredding layout (VariantShredding.md): one line per node with its Variant
path, what typed_value holds there (object, array, a primitive type, or untyped
when there is no typed_value and everything is in value) and whether the node
has a value column for the values that do not fit typed_value.`,
		Example: `  parquetvariant schema testdata/lake/events/part-00001.parquet`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			pf, f, err := openParquet(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			return printSchema(e.stdout, pf.Schema())
		},
	}
}

func printSchema(w io.Writer, s *parquet.Schema) error {
	// The tree keeps its lines unless a name holds a newline, which would
	// start a line of its own: then the tree prints on one line, its
	// newlines escaped.
	mode := keepNewlines
	if nameHasNewline(s) {
		mode = 0
	}
	if _, err := fmt.Fprintln(w, safeText(s.String(), mode)); err != nil {
		return err
	}
	var err error
	var walk func(n parquet.Node, path []string)
	walk = func(n parquet.Node, path []string) {
		if err != nil {
			return
		}
		for _, f := range n.Fields() {
			p := append(path[:len(path):len(path)], f.Name())
			if shred.IsVariant(f) {
				err = printShredding(w, s, p)
				continue
			}
			if !f.Leaf() {
				walk(f, p)
			}
		}
	}
	walk(s, nil)
	return err
}

func printShredding(w io.Writer, s *parquet.Schema, path []string) error {
	layout, _, err := shred.LayoutOf(s, path...)
	if err != nil {
		return fmt.Errorf("VARIANT column %s: %w", safeText(strings.Join(path, "."), 0), err)
	}
	sc := layout.Schema()
	state := "shredded"
	if sc.Kind == shred.KindUntyped {
		state = "not shredded"
	}
	fmt.Fprintf(w, "\nVARIANT %s (%s, %d leaf columns)\n", safeText(strings.Join(path, "."), 0), state, len(layout.Leaves()))
	lines := [][3]string{{"path", "typed_value", "value column"}}
	var walk func(sc shred.Schema, p string)
	walk = func(sc shred.Schema, p string) {
		typed := sc.Kind.String()
		if sc.Kind == shred.KindPrimitive {
			typed = sc.Type.String()
		}
		lines = append(lines, [3]string{safeText(p, keepBackslashes), typed, yesNo(!sc.NoValue)})
		switch sc.Kind {
		case shred.KindObject:
			for _, f := range sc.Fields {
				walk(f.Schema, string(variant.AppendPathKey([]byte(p), f.Name)))
			}
		case shred.KindArray:
			if sc.Element != nil {
				walk(*sc.Element, p+"[*]")
			}
		}
	}
	walk(sc, "$")
	w0, w1 := 0, 0
	for _, l := range lines {
		w0, w1 = max(w0, len(l[0])), max(w1, len(l[1]))
	}
	for _, l := range lines {
		if _, err := fmt.Fprintf(w, "  %-*s  %-*s  %s\n", w0, l[0], w1, l[1], l[2]); err != nil {
			return err
		}
	}
	return nil
}

// nameHasNewline reports whether a field of n, at any depth, has a newline
// in its name.
func nameHasNewline(n parquet.Node) bool {
	for _, f := range n.Fields() {
		if strings.ContainsAny(f.Name(), "\n\r") || nameHasNewline(f) {
			return true
		}
	}
	return false
}
