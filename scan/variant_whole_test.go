package scan

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readWhole returns the JSON text of column 0 of every row of q ("NULL"
// for SQL NULL) and the scan's error.
func readWhole(t *testing.T, tb *Table, q Query) ([]string, error) {
	t.Helper()
	rs, err := tb.Scan(context.Background(), q)
	require.NoError(t, err)
	defer rs.Close()
	var out []string
	for rs.Next() {
		if rs.IsNull(0) {
			out = append(out, "NULL")
			continue
		}
		v, err := rs.Variant(0)
		require.NoError(t, err)
		out = append(out, jsonOf(t, v))
	}
	return out, rs.Err()
}

// Whole Variants with no predicate are rebuilt straight into the batches:
// a row group of more than two batches, with SQL NULL rows, Variant nulls,
// residual fields and fields in the value column, and metadata that
// changes from row to row, reads the same as row by row (a predicate that
// keeps every row) and as a block at a time (two output columns).
func TestVariantWholeIntoBatches(t *testing.T) {
	dir := t.TempDir()
	n := 2*batchRows + 300
	var rows, want []string
	var group []vrow
	for i := range n {
		js := fmt.Sprintf(`{"a":%d,"b":"s%d","r":[%d,true]}`, i, i%13, i%3)
		switch {
		case i%7 == 3:
			js = ""
		case i%11 == 5:
			js = `{"a":"not a number","z":null}`
		case i%17 == 1:
			js = `null`
		}
		rows = append(rows, js)
		group = append(group, vrow{int64(i), js})
	}
	s := shred.Object(shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)}, shred.Field{Name: "b", Schema: shred.Typed(shred.TypeString)})
	writeVariantFile(t, filepath.Join(dir, "t", "p.parquet"), s, [][]vrow{group, group[:5]})
	for _, js := range append(rows, rows[:5]...) {
		if js == "" {
			want = append(want, "NULL")
		} else {
			want = append(want, canonJSON(t, js))
		}
	}
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	for _, workers := range []int{1, 2} {
		got, err := readWhole(t, tb, Query{Columns: []Ref{Col("v")}, Workers: workers})
		require.NoError(t, err)
		assert.Equal(t, want, got, "workers=%d", workers)
	}
	// Rows whose metadata is the first row's of their batch ({"a","b","r"})
	// keep it once per batch (i = -1); the other rows keep their own.
	rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("v")}, Workers: 1})
	require.NoError(t, err)
	for k := 0; rs.Next(); k++ {
		c := rs.cell(0)
		switch js := rows[k%n]; {
		case js == "":
			require.True(t, c.null, "row %d", k)
		case js[0] == '{' && js[2] == 'a' && js[5] != '"':
			require.Equal(t, int64(-1), c.i, "row %d", k)
		default:
			require.Less(t, int64(0), c.i, "row %d", k)
		}
	}
	require.NoError(t, rs.Err())
	got, err := readWhole(t, tb, Query{Columns: []Ref{Col("v")}, Where: Compare{Ref: Col("id"), Op: Ge, Value: int64(0)}})
	require.NoError(t, err)
	assert.Equal(t, want, got, "row by row")
	got, err = readWhole(t, tb, Query{Columns: []Ref{Col("v"), Col("v")}})
	require.NoError(t, err)
	assert.Equal(t, want, got, "two columns")
}

// A row that cannot be rebuilt, in the third batch of a row group, ends a
// whole-Variant scan after every row before it, with an error naming the
// row; in lenient mode the row reads as its typed_value.
func TestVariantWholeIntoBatchesError(t *testing.T) {
	dir := t.TempDir()
	n := 2*batchRows + 300
	bad := 2*batchRows + 100
	var group []vrow
	for i := range n {
		js := fmt.Sprint(i)
		if i == bad {
			js = `"s"`
		}
		group = append(group, vrow{int64(i), js})
	}
	writeVariantFileWith(t, filepath.Join(dir, "t", "p.parquet"), shred.Typed(shred.TypeInt64), [][]vrow{group},
		func(_ int, b *shred.Batch) {
			typed := &b.Columns[2]
			typed.Def[bad] = typed.Def[0] // the row gets typed_value 9 next to its value
			typed.Int64 = append(typed.Int64[:bad], append([]int64{9}, typed.Int64[bad:]...)...)
		})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	got, err := readWhole(t, tb, Query{Columns: []Ref{Col("v")}, Workers: 1})
	require.ErrorIs(t, err, shred.ErrInvalidLayout)
	var re *RowError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, int64(bad), re.Row)
	// Every row before the failing one.
	assert.Equal(t, bad, len(got))
	for i, g := range got {
		if g != fmt.Sprint(i) {
			t.Fatalf("row %d: got %s", i, g)
		}
	}
	// The same a block at a time (two output columns).
	got, err = readWhole(t, tb, Query{Columns: []Ref{Col("v"), Col("v")}, Workers: 1})
	require.ErrorAs(t, err, &re)
	assert.Equal(t, int64(bad), re.Row)
	assert.Equal(t, bad, len(got))
	got, err = readWhole(t, tb, Query{Columns: []Ref{Col("v")}, Workers: 1, Lenient: true})
	require.NoError(t, err)
	require.Equal(t, n, len(got))
	assert.Equal(t, "9", got[bad])
	assert.Equal(t, fmt.Sprint(n-1), got[n-1])
}
