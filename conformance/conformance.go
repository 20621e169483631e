// Package conformance runs the Variant conformance data through the scan
// package, as a reader of the product sees it: the parquet-testing
// shredded_variant suite (expected Variants, expected errors, INVALID files
// read strictly and leniently) and the files DuckDB collected from other
// engines (all open but the corrupt one; the partially shredded files
// rebuild the same rows; the single-row files give the values DuckDB's own
// tests expect). Each check gives a [Result]; a panic is a failed check,
// never a crash.
package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/parquetvariant/parquetvariant/conformance/cases"
	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// Result is the outcome of one check: Err is nil when it passed.
type Result struct {
	Name string
	Err  error
}

// Row is one row of a Variant column: nil for SQL NULL.
type Row = *variant.Variant

// ReadFile reads every row of the first Variant column of a Parquet file
// (or of column col when it is not empty) through scan, as a root-level
// table. lenient reads layouts the spec forbids with typed_value winning.
// A panic is returned as an error.
func ReadFile(path, col string, lenient bool) (rows []Row, err error) {
	defer func() {
		if p := recover(); p != nil {
			rows, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	root, err := scan.Open(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	tb, err := root.Table(strings.TrimSuffix(filepath.Base(path), ".parquet"))
	if err != nil {
		return nil, err
	}
	if col == "" {
		for _, c := range tb.Schema().Columns {
			if c.Type.Kind == scan.KindVariant {
				col = c.Name
				break
			}
		}
		if col == "" {
			return nil, errors.New("no Variant column")
		}
	}
	rs, err := tb.Scan(context.Background(), scan.Query{Columns: []scan.Ref{scan.Col(col)}, Lenient: lenient})
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	for rs.Next() {
		if rs.IsNull(0) {
			rows = append(rows, nil)
			continue
		}
		v, err := rs.Variant(0)
		if err != nil {
			return nil, err
		}
		c := v.Clone()
		rows = append(rows, &c)
	}
	return rows, rs.Err()
}

// RunSuite runs the cases of a directory with the parquet-testing layout
// (cases.json in dir or dir/shredded_variant).
func RunSuite(dir string) ([]Result, error) {
	all, files, err := cases.Load(dir)
	if err != nil {
		return nil, err
	}
	out := make([]Result, 0, len(all))
	for i := range all {
		c := &all[i]
		out = append(out, Result{Name: c.Name(), Err: checkCase(c, files)})
	}
	return out, nil
}

// checkCase runs one case: the case's file must exist; an expected error
// must be a Variant error (see [variantError]), not any failure to read the
// file; an INVALID file must fail strictly with a Variant error and give
// the expected rows leniently (or, for an invalid schema, fail in both
// modes); any other file must give the expected rows.
func checkCase(c *cases.Case, dir string) error {
	path := filepath.Join(dir, c.ParquetFile)
	if _, err := os.Stat(path); err != nil {
		return err
	}
	if c.Error != "" {
		_, err := ReadFile(path, "", false)
		switch {
		case err == nil:
			return fmt.Errorf("read without error; expected %q", c.Error)
		case !variantError(err):
			return fmt.Errorf("expected %q, got an error that is not about Variant data: %w", c.Error, err)
		}
		return nil
	}
	want, err := c.Expected(dir)
	if err != nil {
		return fmt.Errorf("expected rows: %w", err)
	}
	lenient := false
	if c.Invalid() {
		_, err := ReadFile(path, "", false)
		switch {
		case err == nil:
			return errors.New("INVALID file read without error in strict mode")
		case !variantError(err):
			return fmt.Errorf("INVALID file in strict mode: an error that is not about Variant data: %w", err)
		}
		lenient = true
	}
	got, err := ReadFile(path, "", lenient)
	if lenient && errors.Is(err, shred.ErrInvalidSchema) {
		// A schema the spec forbids (such as optional object field groups)
		// is refused in both modes, as the INVALID cases allow ("can choose
		// to error, or read the shredded value").
		return nil
	}
	if err != nil {
		return err
	}
	return sameRows(want, got)
}

// variantError reports whether err is about the Variant data of a file
// that is otherwise well-formed Parquet: a shredding schema or shredded
// column data that VariantShredding.md forbids (shred.ErrInvalidSchema,
// shred.ErrInvalidLayout), or Variant bytes that break VariantEncoding.md
// (variant.ErrInvalidMetadata, variant.ErrInvalidValue, variant.ErrTooDeep).
// A missing file, a file that is not Parquet, one without a Variant column
// and a panic (which [ReadFile] returns as an error wrapping none of them)
// are not.
func variantError(err error) bool {
	for _, target := range []error{shred.ErrInvalidSchema, shred.ErrInvalidLayout,
		variant.ErrInvalidMetadata, variant.ErrInvalidValue, variant.ErrTooDeep} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// sameRows compares rows logically (variant.Equal) and, where the expected
// value bytes are canonical, byte for byte.
func sameRows(want, got []Row) error {
	if len(want) != len(got) {
		return fmt.Errorf("%d rows, expected %d", len(got), len(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		switch {
		case w == nil && g == nil:
			continue
		case w == nil:
			return fmt.Errorf("row %d: got %s, expected SQL NULL", i, g)
		case g == nil:
			return fmt.Errorf("row %d: got SQL NULL, expected %s", i, w)
		}
		eq, err := variant.Equal(*w, *g)
		if err != nil {
			return fmt.Errorf("row %d: %w", i, err)
		}
		if !eq {
			return fmt.Errorf("row %d: got %s, expected %s", i, g, w)
		}
		if canonical(*w) && !bytes.Equal(w.Bytes(), g.Bytes()) {
			return fmt.Errorf("row %d: value bytes %x, expected %x", i, g.Bytes(), w.Bytes())
		}
	}
	return nil
}

// canonical reports whether v's value bytes are those a Builder writes for
// it with the same metadata (smallest widths, fields in key order).
func canonical(v variant.Variant) bool {
	var b variant.Builder
	b.UseMetadata(v.Metadata())
	b.AppendVariant(v)
	c, err := b.Build()
	return err == nil && bytes.Equal(c.Bytes(), v.Bytes())
}

// RunDuckDB runs the checks of a folder of DuckDB-collected files (see its
// NOTE.md): every file opens and its rows validate, except
// variant_malicious.parquet, which must be an error; the
// variant_partial_shredded*.parquet files rebuild the same rows; and the
// entries of duckdb-expected.json that select a whole file give DuckDB's
// rendering of their values.
func RunDuckDB(dir string) ([]Result, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.parquet"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no .parquet files in %s", dir)
	}
	sort.Strings(paths)
	read := make(map[string][]Row)
	var out []Result
	var partial []string
	for _, p := range paths {
		name := filepath.Base(p)
		rows, err := ReadFile(p, "", false)
		if strings.Contains(name, "malicious") {
			switch {
			case err == nil:
				err = errors.New("the corrupt file read without error")
			case errors.Is(err, variant.ErrInvalidMetadata) || errors.Is(err, variant.ErrInvalidValue):
				err = nil
			default:
				err = fmt.Errorf("an error that is not about Variant bytes: %w", err)
			}
			out = append(out, Result{Name: name + " (corrupt)", Err: err})
			continue
		}
		if err == nil {
			err = validate(rows)
		}
		out = append(out, Result{Name: name + " (opens)", Err: err})
		if err == nil {
			read[name] = rows
		}
		if strings.HasPrefix(name, "variant_partial_shredded") {
			partial = append(partial, name)
		}
	}
	if len(partial) > 0 {
		first := partial[0]
		for _, name := range partial[1:] {
			var err error
			if read[first] == nil || read[name] == nil {
				err = errors.New("the file does not read")
			} else {
				err = sameRows(read[first], read[name])
			}
			out = append(out, Result{Name: name + " (same rows as " + first + ")", Err: err})
		}
	}
	entries, err := cases.LoadDuckDB(dir)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		col := 1 // from 'file': id, then the Variant
		if strings.HasPrefix(e.Query, "select payload, id") {
			col = 0
		} else if !e.SimpleSelect() {
			continue
		}
		rows, ok := read[e.File]
		if !ok {
			continue // reported above
		}
		out = append(out, Result{Name: e.File + " (DuckDB's values)", Err: duckValues(rows, e.ExpectedRows, col)})
	}
	return out, nil
}

// validate checks every row whole.
func validate(rows []Row) error {
	if len(rows) == 0 {
		return errors.New("no rows")
	}
	for i, r := range rows {
		if r != nil {
			if err := r.Validate(); err != nil {
				return fmt.Errorf("row %d: %w", i, err)
			}
		}
	}
	return nil
}

// duckValues compares rows with DuckDB's text rendering in column col of
// the expected rows.
func duckValues(rows []Row, want [][]string, col int) error {
	if len(rows) != len(want) {
		return fmt.Errorf("%d rows, DuckDB expects %d", len(rows), len(want))
	}
	for i, r := range rows {
		exp := want[i][col]
		if r == nil {
			if exp != "NULL" {
				return fmt.Errorf("row %d: SQL NULL, DuckDB expects %s", i, exp)
			}
			continue
		}
		got, err := cases.DuckDBText(*r, false)
		if err != nil {
			return fmt.Errorf("row %d: %w", i, err)
		}
		if got == exp {
			continue
		}
		// DuckDB prints one nanosecond timestamp with microseconds only
		// (NOTE.md).
		if short, err := cases.DuckDBText(*r, true); err == nil && short == exp {
			continue
		}
		return fmt.Errorf("row %d: %s, DuckDB expects %s", i, got, exp)
	}
	return nil
}

// Count returns the numbers of passed and failed results.
func Count(rs []Result) (passed, failed int) {
	for _, r := range rs {
		if r.Err == nil {
			passed++
		} else {
			failed++
		}
	}
	return passed, failed
}
