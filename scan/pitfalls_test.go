package scan

import (
	"context"
	"encoding/binary"
	"math"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/shred"
)

// ids scans column id of table t with p, skipping on and off, checks that
// both agree and returns the ids and the skipping scan's counts.
func ids(t *testing.T, dir string, p Predicate) ([]int64, Stats) {
	t.Helper()
	var out [2][]int64
	var st Stats
	for i, noSkip := range []bool{false, true} {
		rows, s := scanAll(t, dir, "t", Query{Columns: []Ref{Col("id")}, Where: p, NoSkip: noSkip})
		out[i] = []int64{}
		for _, r := range rows {
			out[i] = append(out[i], r[0].(int64))
		}
		if !noSkip {
			st = s
		}
	}
	require.Equal(t, out[0], out[1], "results with skipping on and off differ for %s", p)
	return out[0], st
}

// B38: a missing null_count is not zero.
func TestPitfallB38MissingNullCount(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "a.parquet")
	writeColumns(t, path, []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2), int64(3)}},
		{"x", parquet.Optional(parquet.Leaf(parquet.Int64Type)), []any{int64(1), nil, int64(3)}},
	}, 0)
	rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
		return v, !pathIs(p, pathNullCount...)
	})
	got, st := ids(t, dir, IsNull{Col("x")})
	assert.Equal(t, []int64{2}, got)
	assert.Equal(t, int64(1), st.RowGroupsRead)
	got, _ = ids(t, dir, IsNotNull(Col("x")))
	assert.Equal(t, []int64{1, 3}, got)
	got, _ = ids(t, dir, Compare{Col("x"), Ge, 1})
	assert.Equal(t, []int64{1, 3}, got)
}

// B38, the other half: null counts that are present prune IS NULL (count
// 0) and IS NOT NULL (count = value count); an all-NULL chunk without
// min/max is not a chunk without values.
func TestNullCountPruning(t *testing.T) {
	dir := t.TempDir()
	writeColumns(t, filepath.Join(dir, "t", "a.parquet"), []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2), int64(3), int64(4)}},
		{"x", parquet.Optional(parquet.Leaf(parquet.Int64Type)), []any{int64(1), int64(2), nil, nil}},
	}, 2)
	got, st := ids(t, dir, IsNull{Col("x")})
	assert.Equal(t, []int64{3, 4}, got)
	assert.Equal(t, int64(1), st.RowGroupsSkipped)
	got, st = ids(t, dir, IsNotNull(Col("x")))
	assert.Equal(t, []int64{1, 2}, got)
	assert.Equal(t, int64(1), st.RowGroupsSkipped)
	got, st = ids(t, dir, Not{Compare{Col("x"), Eq, 1}})
	assert.Equal(t, []int64{2}, got)
	assert.Equal(t, int64(1), st.RowGroupsSkipped, "the all-NULL row group cannot make NOT (x = 1) true")
}

func float64Bytes(f float64) []byte {
	return binary.LittleEndian.AppendUint64(nil, math.Float64bits(f))
}

// B39: NaN may hide outside the min/max; NaN bounds prove nothing; -0.0
// and +0.0 are equal.
func TestPitfallB39NaN(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "a.parquet")
	writeColumns(t, path, []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2), int64(3), int64(4)}},
		{"x", parquet.Leaf(parquet.DoubleType), []any{math.NaN(), 1.0, 2.0, 3.0}},
	}, 0)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	md := tb.files[0].pf.Metadata().RowGroups[0].Columns[1].MetaData.Statistics
	require.Equal(t, float64Bytes(1), md.MinValue, "writer min excludes NaN")
	require.Equal(t, float64Bytes(3), md.MaxValue, "writer max excludes NaN")

	got, st := ids(t, dir, Compare{Col("x"), Gt, 10.0})
	assert.Equal(t, []int64{1}, got, "NaN orders above every number")
	assert.Equal(t, int64(1), st.RowGroupsRead)
	got, _ = ids(t, dir, Compare{Col("x"), Eq, math.NaN()})
	assert.Equal(t, []int64{1}, got)
	got, _ = ids(t, dir, Compare{Col("x"), Le, 2.0})
	assert.Equal(t, []int64{2, 3}, got)
	got, _ = ids(t, dir, Not{Compare{Col("x"), Le, 3.0}})
	assert.Equal(t, []int64{1}, got)
	got, st = ids(t, dir, Compare{Col("x"), Lt, 0.5})
	assert.Equal(t, []int64{}, got)
	assert.Equal(t, int64(1), st.RowGroupsSkipped, "NaN is not below 0.5")

	// NaN bounds: cannot skip.
	rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
		if pathIs(p, pathMinValue...) || pathIs(p, pathMaxValue...) {
			if len(v.([]byte)) == 8 && string(v.([]byte)) != string(float64Bytes(0)) {
				return float64Bytes(math.NaN()), true
			}
		}
		return v, true
	})
	got, _ = ids(t, dir, Compare{Col("x"), Eq, 2.0})
	assert.Equal(t, []int64{3}, got)
}

func TestPitfallB39SignedZero(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "a.parquet")
	negZero := math.Copysign(0, -1)
	writeColumns(t, path, []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2)}},
		{"x", parquet.Leaf(parquet.DoubleType), []any{negZero, 0.0}},
	}, 0)
	for _, lie := range []bool{false, true} {
		if lie { // claim max = -0.0 and min = +0.0 while both zeros are present
			rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
				switch {
				case pathIs(p, pathMinValue...) && len(v.([]byte)) == 8:
					return float64Bytes(0), true
				case pathIs(p, pathMaxValue...) && len(v.([]byte)) == 8:
					return float64Bytes(negZero), true
				}
				return v, true
			})
		}
		got, _ := ids(t, dir, Compare{Col("x"), Eq, 0.0})
		assert.Equal(t, []int64{1, 2}, got)
		got, _ = ids(t, dir, Compare{Col("x"), Ge, 0.0})
		assert.Equal(t, []int64{1, 2}, got)
		got, _ = ids(t, dir, Compare{Col("x"), Le, negZero})
		assert.Equal(t, []int64{1, 2}, got)
		got, _ = ids(t, dir, Compare{Col("x"), Gt, negZero})
		assert.Equal(t, []int64{}, got)
	}
}

// B40: NULL under NOT, <>, <=, IN, with each row in its own row group.
func TestPitfallB40NullLogic(t *testing.T) {
	dir := t.TempDir()
	writeColumns(t, filepath.Join(dir, "t", "a.parquet"), []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2), int64(3), int64(4)}},
		{"n", parquet.Optional(parquet.Leaf(parquet.Int64Type)), []any{int64(5), nil, nil, int64(9)}},
	}, 1)
	n := Col("n")
	for _, c := range []struct {
		p    Predicate
		want []int64
	}{
		{Compare{n, Ne, 5}, []int64{4}},
		{Not{Compare{n, Lt, 7}}, []int64{4}},
		{Compare{n, Le, 100}, []int64{1, 4}},
		{IsNull{n}, []int64{2, 3}},
		{Not{In{n, []any{5, 9}}}, []int64{}},
		{Not{Not{Compare{n, Eq, 5}}}, []int64{1}},
		{Or{Compare{n, Eq, 5}, Not{Compare{n, Eq, 5}}}, []int64{1, 4}},
		{Not{And{Compare{n, Gt, 100}, IsNull{n}}}, []int64{1, 4}}, // UNKNOWN AND TRUE
		{Not{Or{Compare{n, Gt, 100}, IsNull{n}}}, []int64{1, 4}},
	} {
		got, _ := ids(t, dir, c.p)
		assert.Equal(t, c.want, got, "%s", c.p)
	}
}

// Without min/max nothing is skipped by value; results stay the same.
func TestAbsentBounds(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "a.parquet")
	writeColumns(t, path, []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2), int64(3), int64(4)}},
	}, 2)
	got, st := ids(t, dir, Compare{Col("id"), Gt, 2})
	assert.Equal(t, []int64{3, 4}, got)
	assert.Equal(t, int64(1), st.RowGroupsSkipped)
	// Without chunk min/max, the column index still skips the pages.
	rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
		return v, !pathIs(p, pathMinValue...) && !pathIs(p, pathMaxValue...)
	})
	got, st = ids(t, dir, Compare{Col("id"), Gt, 2})
	assert.Equal(t, []int64{3, 4}, got)
	assert.Equal(t, int64(1), st.RowGroupsSkipped)
	assert.Equal(t, int64(1), st.PagesSkipped)
	// Without the column index either, nothing is skipped.
	rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
		return v, !pathIs(p, 4, 1, 6) && !pathIs(p, 4, 1, 7) // column_index_offset, _length
	})
	got, st = ids(t, dir, Compare{Col("id"), Gt, 2})
	assert.Equal(t, []int64{3, 4}, got)
	assert.Equal(t, int64(0), st.RowGroupsSkipped)
	assert.Equal(t, int64(2), st.RowGroupsRead)
}

// B29: a key both in typed_value and in the residual value is malformed
// data: reading the whole Variant from a file fails in strict mode and,
// leniently, typed_value wins and the key appears once.
func TestPitfallB29KeyInBoth(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "a.parquet")
	writeVariantFileWith(t, path, shred.Object(shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)}),
		[][]vrow{{{1, `{"a":1,"b":3}`}}}, func(_ int, b *shred.Batch) {
			// The residual {"b":3} becomes {"a":2,"b":3} over the row's
			// dictionary 11 02 00 01 02 61 62.
			value := &b.Columns[1]
			require.Equal(t, []byte{0x02, 0x01, 0x01, 0x00, 0x02, 0x0C, 0x03}, value.Bytes)
			value.Bytes = []byte{0x02, 0x02, 0x00, 0x01, 0x00, 0x02, 0x04, 0x0C, 0x02, 0x0C, 0x03}
			value.Ends = []int{len(value.Bytes)}
		})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	read := func(lenient bool, ref Ref) ([]string, error) {
		rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{ref}, Lenient: lenient})
		require.NoError(t, err)
		var out []string
		for rs.Next() {
			out = append(out, gotPath(t, rs, 0))
		}
		return out, rs.Err()
	}
	_, err = read(false, Col("v"))
	require.ErrorIs(t, err, shred.ErrInvalidLayout)
	require.ErrorContains(t, err, `key "a" in both typed_value and value`)
	var fe *FileError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, path, fe.Path)
	got, err := read(true, Col("v"))
	require.NoError(t, err)
	assert.Equal(t, []string{`{"a":1,"b":3}`}, got)

	a, err := Path("v", "$.a", "bigint")
	require.NoError(t, err)
	b, err := Path("v", "$.b", "bigint")
	require.NoError(t, err)
	// A path read uses only the columns it needs, so it may not see the
	// conflict (VariantShredding.md, Objects: readers may assume shredded
	// fields are not in value); it still gives typed_value's a.
	for _, lenient := range []bool{false, true} {
		for _, c := range []struct {
			ref  Ref
			want string
		}{{a, "1"}, {b, "3"}} {
			got, err := read(lenient, c.ref)
			require.NoError(t, err)
			assert.Equal(t, []string{c.want}, got, "%v lenient=%v", c.ref, lenient)
		}
	}
}

// B31, B32, B33, B35: plain Parquet LIST columns written with the levels of
// the pitfalls, (def, rep[, value]), read back row for row: an optional
// list of required doubles, a required list with a null element, a null
// list apart from an empty one, and a null optional field inside a list of
// structs (an object without the field, not a null list).
func TestPitfallListLevels(t *testing.T) {
	null := parquet.NullValue
	lv := func(v parquet.Value, def, rep int) parquet.Value { return v.Level(rep, def, 0) }
	for _, c := range []struct {
		name   string
		column parquet.Node
		rows   [][][]parquet.Value // row, column (leaf order), leveled values
		want   []string
	}{
		{"B31 optional list, required double", parquet.Optional(parquet.List(parquet.Leaf(parquet.DoubleType))),
			[][][]parquet.Value{
				{{lv(parquet.DoubleValue(1.5), 2, 0), lv(parquet.DoubleValue(2.5), 2, 1)}},
				{{lv(null(), 0, 0)}},
				{{lv(null(), 1, 0)}},
				{{lv(parquet.DoubleValue(3.0), 2, 0)}},
			},
			[]string{`[1.5,2.5]`, `NULL`, `[]`, `[3.0]`}},
		{"B32 required list, optional int64", parquet.List(parquet.Optional(parquet.Leaf(parquet.Int64Type))),
			[][][]parquet.Value{
				{{lv(parquet.Int64Value(3), 2, 0), lv(null(), 1, 1), lv(parquet.Int64Value(2), 2, 1)}},
				{{lv(null(), 0, 0)}},
				{{lv(null(), 1, 0), lv(parquet.Int64Value(4), 2, 1)}},
			},
			[]string{`[3,null,2]`, `[]`, `[null,4]`}},
		{"B33 optional list, optional int32", parquet.Optional(parquet.List(parquet.Optional(parquet.Int(32)))),
			[][][]parquet.Value{
				{{lv(null(), 0, 0)}},
				{{lv(null(), 1, 0)}},
				{{lv(parquet.Int32Value(1), 3, 0), lv(parquet.Int32Value(2), 3, 1)}},
				{{lv(null(), 2, 0)}},
			},
			[]string{`NULL`, `[]`, `[1,2]`, `[null]`}},
		// Leaves in name order: ob (max def 4), rb (max def 3).
		{"B35 optional field in list<struct>", parquet.Optional(parquet.List(parquet.Optional(parquet.Group{
			"rb": parquet.Int(32),
			"ob": parquet.Optional(parquet.Int(32)),
		}))),
			[][][]parquet.Value{
				{{lv(null(), 3, 0)}, {lv(parquet.Int32Value(1), 3, 0)}},
				{{lv(parquet.Int32Value(5), 4, 0), lv(null(), 3, 1)}, {lv(parquet.Int32Value(2), 3, 0), lv(parquet.Int32Value(3), 3, 1)}},
				{{lv(null(), 0, 0)}, {lv(null(), 0, 0)}},
				{{lv(null(), 2, 0)}, {lv(null(), 2, 0)}},
			},
			[]string{`[{"rb":1}]`, `[{"ob":5,"rb":2},{"rb":3}]`, `NULL`, `[null]`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			schema := parquet.NewSchema("t", parquet.Group{"x": c.column})
			var rows []parquet.Row
			for _, r := range c.rows {
				var row parquet.Row
				for col, vals := range r {
					for _, v := range vals {
						row = append(row, v.Level(v.RepetitionLevel(), v.DefinitionLevel(), col))
					}
				}
				rows = append(rows, row)
			}
			writeLeveled(t, filepath.Join(dir, "t", "l.parquet"), schema, rows)
			var got []string
			for _, r := range nestedRows(t, dir, "x") {
				got = append(got, r[0])
			}
			assert.Equal(t, c.want, got)
		})
	}
}
