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

// wantPath computes what variant_get(v, path, as) gives for a row from the
// JSON text alone: "NULL" for SQL NULL, else the value printed with %v
// (a Variant as JSON).
func wantPath(t *testing.T, js, path, as string, mode variant.CastMode) (string, error) {
	if js == "" {
		return "NULL", nil
	}
	v, err := variant.ParseJSON([]byte(js))
	require.NoError(t, err)
	sub, ok, err := v.Get(variant.MustParsePath(path))
	require.NoError(t, err)
	if !ok {
		return "NULL", nil
	}
	if as == "" {
		return jsonOf(t, sub), nil
	}
	typ, err := variant.ParseSQLType(as)
	require.NoError(t, err)
	var x any
	if mode == variant.CastLenient {
		x, ok, err = sub.TryCast(typ)
	} else {
		x, err = sub.Cast(typ)
		ok = err == nil && x != nil
	}
	if err != nil {
		return "", err
	}
	if !ok || x == nil {
		return "NULL", nil
	}
	return fmt.Sprint(x), nil
}

// gotPath prints output column i of the current row as wantPath does.
func gotPath(t *testing.T, rs *Rows, i int) string {
	if rs.IsNull(i) {
		return "NULL"
	}
	if rs.Columns()[i].Type.Kind == KindVariant {
		v, err := rs.Variant(i)
		require.NoError(t, err)
		return jsonOf(t, v)
	}
	if rs.Columns()[i].Type.Kind == KindDecimal {
		d, err := rs.Decimal(i)
		require.NoError(t, err)
		return d.String()
	}
	return fmt.Sprint(rs.Value(i))
}

// Path Refs give what variant_get gives on the whole value, in every
// file's shredding: through shredded fields, into residual objects, into
// arrays, with and without casts.
func TestVariantPaths(t *testing.T) {
	tb, rows := variantTable(t)
	cases := []struct{ path, as string }{
		{"$.a", "bigint"}, {"$.a", "int"}, {"$.a", "string"}, {"$.a", "double"}, {"$.a", ""},
		{"$.b", "string"}, {"$.b", ""}, {"$.c.d", "double"}, {"$.c.d", "decimal(5,2)"},
		{"$.c", ""}, {"$.c.e[1]", "bigint"}, {"$.c.e", ""}, {"$.z", "boolean"}, {"$", "bigint"},
		{"$", "string"}, {"$", ""}, {"$.a", "tinyint"},
	}
	for _, c := range cases {
		for _, mode := range []variant.CastMode{variant.CastLenient, variant.CastStrict} {
			name := fmt.Sprintf("%s::%s/%d", c.path, c.as, mode)
			ref, err := Path("v", c.path, c.as)
			require.NoError(t, err)
			ref.Mode = mode
			var want []string
			var wantErr error
			for _, r := range rows {
				w, err := wantPath(t, r.v, c.path, c.as, mode)
				if err != nil {
					wantErr = err
					break
				}
				want = append(want, fmt.Sprintf("%d:%s", r.id, w))
			}
			rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id"), ref}, Workers: 2})
			require.NoError(t, err, name)
			var got []string
			for rs.Next() {
				got = append(got, fmt.Sprintf("%d:%s", rs.Int64(0), gotPath(t, rs, 1)))
			}
			if wantErr != nil {
				require.Error(t, rs.Err(), name)
				assert.ErrorIs(t, rs.Err(), variant.ErrCast, name)
				var fe *FileError
				assert.ErrorAs(t, rs.Err(), &fe, name)
				continue
			}
			require.NoError(t, rs.Err(), name)
			assert.Equal(t, want, got, name)
		}
	}
}

// Predicates on typed paths filter rows by the cast value.
func TestVariantPathPredicates(t *testing.T) {
	tb, _ := variantTable(t)
	a := Ref{Column: "v", Path: variant.MustParsePath("$.a"), As: variant.SQLType{Kind: variant.SQLBigint}, Mode: variant.CastLenient}
	b := Ref{Column: "v", Path: variant.MustParsePath("$.b"), As: variant.SQLType{Kind: variant.SQLString}, Mode: variant.CastLenient}
	ids := func(w Predicate) []int64 {
		var out []int64
		for _, noSkip := range []bool{false, true} {
			rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Where: w, NoSkip: noSkip})
			require.NoError(t, err)
			var got []int64
			for rs.Next() {
				got = append(got, rs.Int64(0))
			}
			require.NoError(t, rs.Err())
			if noSkip {
				assert.Equal(t, out, got, "skipping changes the result of %s", w)
			}
			out = got
		}
		return out
	}
	assert.Equal(t, []int64{1, 6, 7, 10, 12, 13, 15}, ids(IsNotNull(a)))
	assert.Equal(t, []int64{10, 12, 13, 15}, ids(Compare{Ref: a, Op: Ge, Value: 12}))
	assert.Equal(t, []int64{6, 10}, ids(In{Ref: b, Values: []any{"y", "w"}}))
	assert.Equal(t, []int64{2, 3, 4, 5, 8, 9, 11, 14, 16, 17, 18}, ids(IsNull{Ref: a}))
	assert.Equal(t, []int64{1, 6, 10, 12}, ids(And{IsNotNull(b), Compare{Ref: a, Op: Lt, Value: 14}}))
}

// A typed path through shredded fields reads only that field's leaves
// (no metadata); a path into a residual object reads the value column of
// the deepest shredded node and the metadata.
func TestVariantPathLeaves(t *testing.T) {
	tb, _ := variantTable(t)
	e := tb.files[1] // shredded as an object
	c := e.byName[foldName("v")]
	leaves := func(path, as string) []string {
		ref, err := Path("v", path, as)
		require.NoError(t, err)
		d, err := newVDesc(e, c, ref, false)
		require.NoError(t, err)
		var out []string
		for i, col := range d.cols {
			if col >= 0 {
				out = append(out, d.layout.Leaves()[i].PathString())
			}
		}
		return out
	}
	assert.Equal(t, []string{"typed_value.a.value", "typed_value.a.typed_value"}, leaves("$.a", "bigint"))
	assert.Equal(t, []string{"typed_value.b.value", "typed_value.b.typed_value"}, leaves("$.b", "string"))
	assert.Equal(t, []string{"metadata", "typed_value.b.value", "typed_value.b.typed_value"}, leaves("$.b", ""))
	assert.Equal(t, []string{"metadata", "value"}, leaves("$.z", "boolean"))
	assert.Equal(t, []string{"metadata", "typed_value.c.value"}, leaves("$.c.e[1]", "bigint"))
	assert.Len(t, leaves("$", ""), 9)
}

// A typed path on a shredded primitive reads no metadata: an object in the
// value column fails a strict cast (variant.ErrCast) and is NULL in a
// lenient one, whatever the type.
func TestVariantTypedPrimitiveWithObjects(t *testing.T) {
	dir := t.TempDir()
	writeVariantFile(t, filepath.Join(dir, "t", "p.parquet"), shred.Typed(shred.TypeInt64),
		[][]vrow{{{1, `5`}, {2, `{"a":1}`}, {3, `"7"`}, {4, ``}}, {{5, `6`}}})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	read := func(ref Ref) ([]string, error) {
		rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{ref}})
		require.NoError(t, err)
		var out []string
		for rs.Next() {
			out = append(out, gotPath(t, rs, 0))
		}
		return out, rs.Err()
	}
	got, err := read(Ref{Column: "v", As: bigint, Mode: variant.CastLenient})
	require.NoError(t, err)
	assert.Equal(t, []string{"5", "NULL", "7", "NULL", "6"}, got)
	_, err = read(Ref{Column: "v", As: bigint})
	assert.ErrorIs(t, err, variant.ErrCast)
	// The error names the row: the second of row group 0.
	var fe *FileError
	var re *RowError
	require.ErrorAs(t, err, &fe)
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 0, fe.RowGroup)
	assert.Equal(t, int64(1), re.Row)
	assert.Contains(t, err.Error(), `row group 0: column "v::bigint": row 1: variant: cannot cast`)
	got, err = read(Ref{Column: "v", As: variant.SQLType{Kind: variant.SQLString}, Mode: variant.CastLenient})
	require.NoError(t, err)
	assert.Equal(t, []string{"5", "NULL", "7", "NULL", "6"}, got)
}

// Typed paths read a block of rows at a time still fail a strict cast only
// on the rows a query asks for: the row whose n is an object fails only
// when it passes the filter or the filter reads n on it.
func TestVariantStrictCastOnlyOnRowsAsked(t *testing.T) {
	dir := t.TempDir()
	var rows []vrow
	for i := range int64(40) {
		js := fmt.Sprintf(`{"n":%d,"s":"keep"}`, i)
		if i == 17 {
			js = `{"n":{"x":1},"s":"drop"}`
		}
		rows = append(rows, vrow{i, js})
	}
	s := shred.Object(shred.Field{Name: "n", Schema: shred.Typed(shred.TypeInt64)}, shred.Field{Name: "s", Schema: shred.Typed(shred.TypeString)})
	writeVariantFile(t, filepath.Join(dir, "t", "p.parquet"), s, [][]vrow{rows})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	n, err := Path("v", "$.n", "bigint")
	require.NoError(t, err)
	str, err := Path("v", "$.s", "string")
	require.NoError(t, err)
	sum := func(where Predicate) (int64, int, error) {
		rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{n}, Where: where, Workers: 1})
		require.NoError(t, err)
		var total int64
		count := 0
		for rs.Next() {
			total += rs.Int64(0)
			count++
		}
		return total, count, rs.Err()
	}
	total, count, err := sum(Compare{Ref: str, Op: Eq, Value: "keep"})
	require.NoError(t, err)
	assert.Equal(t, int64(39*40/2-17), total)
	assert.Equal(t, 39, count)
	total, count, err = sum(And{Compare{Ref: str, Op: Eq, Value: "keep"}, Compare{Ref: n, Op: Ge, Value: 30}})
	require.NoError(t, err)
	assert.Equal(t, int64(30+31+32+33+34+35+36+37+38+39), total)
	assert.Equal(t, 10, count)
	_, _, err = sum(Compare{Ref: str, Op: Eq, Value: "drop"})
	assert.ErrorIs(t, err, variant.ErrCast)
	_, _, err = sum(Compare{Ref: n, Op: Ge, Value: 30})
	assert.ErrorIs(t, err, variant.ErrCast)
	_, _, err = sum(nil)
	assert.ErrorIs(t, err, variant.ErrCast)
}
