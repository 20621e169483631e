package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/spf13/cobra"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

const catLong = `Print the rows of FILE as JSON lines: one object per row, keys in column order.

VARIANT columns are rebuilt from their shredded columns (VariantShredding.md)
and print as JSON; a VARIANT column that is SQL NULL leaves its key out, so
that it stays apart from the Variant null, which prints null; other columns
print SQL NULL as null. DECIMAL
values print as exact numbers, timestamps and dates as RFC 3339 text, binary
as base64. Columns that are groups, lists or maps other than VARIANT are not
supported. FILE must be named *.parquet.`

func catCmd(e env) *cobra.Command {
	return &cobra.Command{
		Use:     "cat FILE",
		Short:   "Print every row of a Parquet file as a JSON line",
		Long:    catLong,
		Example: `  parquetvariant cat testdata/lake/duckdb_objects.parquet`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return printRows(cmd.Context(), e.stdout, args[0], -1)
		},
	}
}

func headCmd(e env) *cobra.Command {
	var n int64
	c := &cobra.Command{
		Use:     "head [-n N] FILE",
		Short:   "Print the first rows of a Parquet file as JSON lines",
		Long:    strings.Replace(catLong, "the rows of FILE", "the first N rows of FILE (10 unless -n says otherwise)", 1),
		Example: `  parquetvariant head -n 3 testdata/lake/events/part-00001.parquet`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if n < 0 {
				return usageError{fmt.Errorf("-n %d: want a number of rows, 0 or more", n)}
			}
			return printRows(cmd.Context(), e.stdout, args[0], n)
		},
	}
	c.Flags().Int64VarP(&n, "lines", "n", 10, "number of rows to print")
	return c
}

// fileColumn is one top-level column of a file as cat reads it.
type fileColumn struct {
	name    string
	typ     string         // database type name for formatting
	plain   int            // index in the scan's columns, or -1
	variant *variantCursor // for VARIANT columns
}

// printRows prints up to limit rows of a file (all when limit < 0).
func printRows(ctx context.Context, w io.Writer, path string, limit int64) (err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	defer func() {
		if r := recover(); r != nil {
			err = corruptFile(path, r)
		}
	}()
	pf, f, err := openParquet(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var cols []fileColumn
	var plain []string
	for _, fld := range pf.Schema().Fields() {
		c := fileColumn{name: fld.Name(), plain: -1}
		switch {
		case shred.IsVariant(fld):
			layout, idx, err := shred.LayoutOf(pf.Schema(), fld.Name())
			if err != nil {
				return fmt.Errorf("%s: column %s: %w", path, fld.Name(), err)
			}
			c.typ = "VARIANT"
			c.variant = &variantCursor{pf: pf, layout: layout, cols: idx}
		case fld.Leaf() && !fld.Repeated():
			c.plain = len(plain)
			plain = append(plain, fld.Name())
		default:
			return fmt.Errorf("%s: column %s is a group or list: only plain columns and VARIANT columns print; query reads nested columns as Variants (parquetvariant query DIR SQL)", path, fld.Name())
		}
		cols = append(cols, c)
	}
	var rows *scan.Rows
	if len(plain) > 0 {
		if rows, err = scanPlain(ctx, path, plain); err != nil {
			return err
		}
		defer rows.Close()
		for i := range cols {
			if cols[i].plain >= 0 {
				cols[i].typ = typeName(rows.Columns()[cols[i].plain].Type)
			}
		}
	}
	jw := &jsonWriter{w: w}
	names := make([]string, len(cols))
	types := make([]string, len(cols))
	for i, c := range cols {
		names[i], types[i] = c.name, c.typ
	}
	if err := jw.header(names, types); err != nil {
		return err
	}
	vals := make([]any, len(cols))
	for n := int64(0); n < pf.NumRows() && (limit < 0 || n < limit); n++ {
		if rows != nil && !rows.Next() {
			if err := rows.Err(); err != nil {
				return err
			}
			return fmt.Errorf("%s: the plain columns end after %d rows of %d", path, n, pf.NumRows())
		}
		for i, c := range cols {
			if c.variant != nil {
				v, valid, err := c.variant.next()
				if err != nil {
					return fmt.Errorf("%s: row %d, column %s: %w", path, n, c.name, err)
				}
				vals[i] = nil
				if valid {
					vals[i] = v
				}
				continue
			}
			vals[i] = rows.Value(c.plain)
		}
		if err := jw.row(vals); err != nil {
			return fmt.Errorf("%s: row %d: %w", path, n, err)
		}
	}
	if rows != nil {
		return rows.Err()
	}
	return nil
}

// scanPlain reads the plain columns of one file with the scan package: the
// file's directory is a root in which the file is a read-only table.
func scanPlain(ctx context.Context, path string, names []string) (*scan.Rows, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	table, ok := strings.CutSuffix(base, ".parquet")
	if !ok || scan.CheckName(table) != nil || strings.HasPrefix(table, "_") || strings.HasPrefix(table, ".") {
		return nil, fmt.Errorf("%s: the file name must be NAME.parquet, NAME not starting with _ or .", path)
	}
	root, err := scan.Open(dir)
	if err != nil {
		return nil, err
	}
	t, err := root.FileTable(table)
	if err != nil {
		return nil, err
	}
	refs := make([]scan.Ref, len(names))
	for i, n := range names {
		refs[i] = scan.Col(n)
	}
	return t.Scan(ctx, scan.Query{Columns: refs, Workers: 1})
}

// typeName is the database type name that chooses how a scan value prints.
func typeName(t scan.Type) string {
	switch t.Kind {
	case scan.KindDate:
		return "DATE"
	case scan.KindDecimal:
		return "DECIMAL"
	case scan.KindTimestamp:
		if !t.UTC {
			return "TIMESTAMP_NTZ"
		}
		return "TIMESTAMP"
	}
	return t.Kind.String()
}

// variantCursor reads the rows of one VARIANT column, row group after row
// group, with the shred package.
type variantCursor struct {
	pf     *parquet.File
	layout *shred.Layout
	cols   []int
	rg     int // next row group
	batch  *shred.Batch
	r      *shred.Reader
}

func (c *variantCursor) next() (variant.Variant, bool, error) {
	for {
		if c.r != nil {
			v, valid, err := c.r.Next()
			if !errors.Is(err, io.EOF) {
				return v, valid, err
			}
			c.r = nil
		}
		rgs := c.pf.RowGroups()
		if c.rg >= len(rgs) {
			return variant.Variant{}, false, io.ErrUnexpectedEOF
		}
		if c.batch == nil {
			c.batch = c.layout.NewBatch()
		}
		c.batch.Reset()
		if err := c.batch.ReadRowGroup(rgs[c.rg], c.cols); err != nil {
			return variant.Variant{}, false, err
		}
		c.rg++
		c.r = shred.NewReader(c.batch, shred.Strict)
	}
}
