package scan

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// variantTable writes table "t" of three files shredding v differently:
// not at all, as an object {a: int64, b: string, c: {d: double}}, and as
// an int64. Every file holds rows in typed_value and rows in value.
func variantTable(t testing.TB) (*Table, []vrow) {
	t.Helper()
	dir := t.TempDir()
	obj := shred.Object(
		shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "b", Schema: shred.Typed(shred.TypeString)},
		shred.Field{Name: "c", Schema: shred.Object(shred.Field{Name: "d", Schema: shred.Typed(shred.TypeDouble)})},
	)
	files := []struct {
		s      shred.Schema
		groups [][]vrow
	}{
		{shred.Untyped(), [][]vrow{
			{{1, `{"a":1,"b":"x"}`}, {2, ``}, {3, `7`}},
			{{4, `{"a":"text","c":{"d":2.5}}`}, {5, `null`}},
		}},
		{obj, [][]vrow{
			{{6, `{"a":10,"b":"y","z":true}`}, {7, `{"a":11}`}, {8, `"not an object"`}, {9, ``}},
			{{10, `{"a":12,"b":"w","c":{"d":1.5,"e":[1,2]}}`}, {11, `{"b":"v","a":null}`}},
			{{12, `{"a":13,"b":"u"}`}, {13, `{"a":14,"b":{"k":"t"}}`}},
		}},
		{shred.Typed(shred.TypeInt64), [][]vrow{
			{{14, `20`}, {15, `{"a":21}`}, {16, `"22"`}, {17, ``}, {18, `23`}},
		}},
	}
	var all []vrow
	for i, f := range files {
		writeVariantFile(t, filepath.Join(dir, "t", fmt.Sprintf("f%d.parquet", i)), f.s, f.groups)
		for _, g := range f.groups {
			all = append(all, g...)
		}
	}
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	return tb, all
}

// Variant columns read as the Variants written, whatever each file's
// shredding; SQL NULL rows are NULL. VariantTo stores what Variant returns
// and leaves its destination alone for NULL.
func TestVariantColumn(t *testing.T) {
	tb, rows := variantTable(t)
	i, ok := tb.Schema().Lookup("v")
	require.True(t, ok)
	assert.Equal(t, KindVariant, tb.Schema().Columns[i].Type.Kind)
	for _, noSkip := range []bool{false, true} {
		for _, workers := range []int{1, 3} {
			rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id"), Col("v")}, NoSkip: noSkip, Workers: workers})
			require.NoError(t, err)
			assert.Equal(t, KindVariant, rs.Columns()[1].Type.Kind)
			k := 0
			for rs.Next() {
				require.Less(t, k, len(rows))
				want := rows[k]
				assert.Equal(t, want.id, rs.Int64(0))
				v, err := rs.Variant(1)
				require.NoError(t, err)
				kept, err := variant.ParseJSON([]byte(`"kept"`))
				require.NoError(t, err)
				to := kept
				ok, err := rs.VariantTo(1, &to)
				require.NoError(t, err)
				if want.v == "" {
					assert.True(t, rs.IsNull(1), "row %d", want.id)
					assert.Nil(t, rs.Value(1))
					assert.False(t, ok, "row %d", want.id)
					assert.Equal(t, kept, to, "row %d: VariantTo wrote a NULL", want.id)
				} else {
					require.False(t, rs.IsNull(1), "row %d", want.id)
					assert.Equal(t, canonJSON(t, want.v), jsonOf(t, v), "row %d", want.id)
					assert.Equal(t, canonJSON(t, want.v), jsonOf(t, rs.Value(1).(variant.Variant)))
					assert.True(t, ok, "row %d", want.id)
					assert.Equal(t, v, to, "row %d", want.id)
				}
				k++
			}
			require.NoError(t, rs.Err())
			assert.Equal(t, len(rows), k)
		}
	}
}

// A filter on a plain column returns the Variants of the matching rows
// only, and IS NULL on a Variant column is its SQL NULL.
func TestVariantColumnFiltered(t *testing.T) {
	tb, _ := variantTable(t)
	got := func(q Query) []string {
		rs, err := tb.Scan(context.Background(), q)
		require.NoError(t, err)
		var out []string
		for rs.Next() {
			v, err := rs.Variant(len(q.Columns) - 1)
			require.NoError(t, err)
			if rs.IsNull(len(q.Columns) - 1) {
				out = append(out, fmt.Sprintf("%d:NULL", rs.Int64(0)))
				continue
			}
			out = append(out, fmt.Sprintf("%d:%s", rs.Int64(0), jsonOf(t, v)))
		}
		require.NoError(t, rs.Err())
		return out
	}
	assert.Equal(t, []string{`7:{"a":11}`, `13:{"a":14,"b":{"k":"t"}}`, `15:{"a":21}`},
		got(Query{Columns: []Ref{Col("id"), Col("v")}, Where: In{Ref: Col("id"), Values: []any{7, 13, 15}}}))
	assert.Equal(t, []string{"2:NULL", "9:NULL", "17:NULL"},
		got(Query{Columns: []Ref{Col("id"), Col("v")}, Where: IsNull{Ref: Col("v")}}))
	_, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Where: Compare{Ref: Col("v"), Op: Eq, Value: 1}})
	assert.ErrorIs(t, err, ErrUnsupported)
}

// Malformed Variant bytes end the scan with an error naming the file, the
// row group and the column.
func TestVariantCorrupt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "bad.parquet")
	writeVariantFileWith(t, path, shred.Untyped(), [][]vrow{{{1, `1`}}, {{2, `2`}, {3, `3`}}}, func(n int, b *shred.Batch) {
		if n == 2 {
			c := &b.Columns[1]                 // value
			c.Bytes = c.Bytes[:len(c.Bytes)-1] // an int8 header without its byte
			c.Ends[len(c.Ends)-1]--
		}
	})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("v")}})
	require.NoError(t, err)
	n := 0
	for rs.Next() {
		n++
	}
	var fe *FileError
	require.ErrorAs(t, rs.Err(), &fe)
	assert.Equal(t, path, fe.Path)
	assert.Equal(t, 1, fe.RowGroup)
	assert.Equal(t, "v", fe.Column)
	assert.ErrorIs(t, rs.Err(), variant.ErrInvalidValue)
	assert.LessOrEqual(t, n, 2)
}

// A row with both value and typed_value set for a primitive is an error
// in strict mode and reads as its typed_value in lenient mode
// (VariantShredding.md; shred.Lenient).
func TestVariantStrictLenient(t *testing.T) {
	dir := t.TempDir()
	writeVariantFileWith(t, filepath.Join(dir, "t", "x.parquet"), shred.Typed(shred.TypeInt64),
		[][]vrow{{{1, `5`}, {2, `"s"`}}}, func(_ int, b *shred.Batch) {
			typed := &b.Columns[2]
			typed.Def[1] = typed.Def[0] // row 2 gets typed_value 9 next to its value
			typed.Int64 = append(typed.Int64, 9)
		})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	read := func(q Query) ([]string, error) {
		rs, err := tb.Scan(context.Background(), q)
		require.NoError(t, err)
		var out []string
		for rs.Next() {
			if rs.Columns()[0].Type.Kind == KindInt64 {
				out = append(out, fmt.Sprint(rs.Value(0)))
				continue
			}
			v, err := rs.Variant(0)
			require.NoError(t, err)
			out = append(out, jsonOf(t, v))
		}
		return out, rs.Err()
	}
	_, err = read(Query{Columns: []Ref{Col("v")}})
	assert.ErrorIs(t, err, shred.ErrInvalidLayout)
	var fe *FileError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, 0, fe.RowGroup)
	got, err := read(Query{Columns: []Ref{Col("v")}, Lenient: true})
	require.NoError(t, err)
	assert.Equal(t, []string{"5", "9"}, got)
	ref := Ref{Column: "v", As: variant.SQLType{Kind: variant.SQLBigint}}
	_, err = read(Query{Columns: []Ref{ref}})
	assert.ErrorIs(t, err, shred.ErrInvalidLayout)
	got, err = read(Query{Columns: []Ref{ref}, Lenient: true})
	require.NoError(t, err)
	assert.Equal(t, []string{"5", "9"}, got)
}
