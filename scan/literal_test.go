package scan

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompareAcrossTypes checks predicate values against every column
// kind, with exact numeric comparison across integers, floats and decimals.
func TestCompareAcrossTypes(t *testing.T) {
	dir := t.TempDir()
	la, _ := time.LoadLocation("America/Los_Angeles")
	t0 := time.Date(2024, 1, 1, 10, 0, 0, 0, time.UTC)
	uid := []byte{0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3, 0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00}
	writeColumns(t, filepath.Join(dir, "t", "a.parquet"), []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2), int64(3)}},
		{"u", parquet.Uint(64), []any{int64(-1), int64(5), int64(0)}}, // MaxUint64, 5, 0
		{"u8", parquet.Uint(8), []any{int32(255), int32(5), int32(0)}},
		{"f", parquet.Leaf(parquet.FloatType), []any{float32(0.1), float32(1.5), float32(-2)}},
		{"big", parquet.Leaf(parquet.DoubleType), []any{float64(1 << 53), float64(1<<53 + 2), -1.0}},
		{"d", parquet.Decimal(2, 9, parquet.Int32Type), []any{int32(150), int32(-1), int32(300)}}, // 1.50 -0.01 3.00
		{"dl", parquet.Decimal(3, 20, parquet.FixedLenByteArrayType(9)), []any{parquet.FixedLenByteArrayValue(be16(1500)[7:]), parquet.FixedLenByteArrayValue(be16(-1)[7:]), parquet.FixedLenByteArrayValue(be16(3000)[7:])}}, // 1.500 -0.001 3.000
		{"ts", parquet.Timestamp(parquet.Microsecond), []any{t0.UnixMicro(), t0.Add(time.Microsecond).UnixMicro(), t0.Add(-time.Hour).UnixMicro()}},
		{"ntz", parquet.TimestampAdjusted(parquet.Millisecond, false), []any{t0.UnixMilli(), t0.Add(time.Hour).UnixMilli(), int64(0)}},
		{"day", parquet.Date(), []any{int32(19723), int32(19724), int32(0)}}, // 2024-01-01, 2024-01-02, 1970-01-01
		{"tod", parquet.Time(parquet.Millisecond), []any{int32(1000), int32(1001), int32(0)}},
		{"b", parquet.Leaf(parquet.BooleanType), []any{true, false, true}},
		{"uid", parquet.UUID(), []any{parquet.FixedLenByteArrayValue(uid), parquet.FixedLenByteArrayValue(make([]byte, 16)), parquet.FixedLenByteArrayValue(make([]byte, 16))}},
	}, 1)
	dec := func(s string) variant.Decimal {
		d, err := variant.ParseDecimal(s)
		require.NoError(t, err)
		return d
	}
	cases := []struct {
		p    Predicate
		want []int64
	}{
		{Compare{Col("u"), Gt, int64(math.MaxInt64)}, []int64{1}},
		{Compare{Col("u"), Eq, uint64(math.MaxUint64)}, []int64{1}},
		{Compare{Col("u"), Gt, -1}, []int64{1, 2, 3}},
		{Compare{Col("u"), Lt, 5.5}, []int64{2, 3}},
		{Compare{Col("u8"), Eq, 255}, []int64{1}},
		{Compare{Col("u8"), Gt, 4}, []int64{1, 2}},
		{Compare{Col("f"), Eq, float32(0.1)}, []int64{1}},
		{Compare{Col("f"), Eq, 1.5}, []int64{2}},
		{Compare{Col("f"), Gt, 1}, []int64{2}},
		{Compare{Col("f"), Eq, 0.1}, []int64{}}, // float32(0.1) is not 0.1
		{Compare{Col("f"), Lt, 0.1}, []int64{3}},
		{Compare{Col("f"), Gt, 0.1}, []int64{1, 2}},
		{Compare{Col("big"), Eq, int64(1<<53 + 1)}, []int64{}},
		{Compare{Col("big"), Lt, int64(1<<53 + 1)}, []int64{1, 3}},
		{Compare{Col("big"), Gt, int64(1<<53 + 1)}, []int64{2}},
		{Compare{Col("big"), Le, dec("9007199254740992.0000001")}, []int64{1, 3}},
		{Compare{Col("d"), Eq, 1.5}, []int64{1}},
		{Compare{Col("d"), Eq, 3}, []int64{3}},
		{Compare{Col("d"), Eq, dec("1.500")}, []int64{1}},
		{Compare{Col("d"), Lt, dec("-0.005")}, []int64{2}},
		{Compare{Col("d"), Gt, dec("1.501")}, []int64{3}},
		{Compare{Col("d"), Ge, dec("1.499")}, []int64{1, 3}},
		{Compare{Col("d"), Eq, dec("1.505")}, []int64{}},
		{Compare{Col("dl"), Eq, dec("1.5")}, []int64{1}},
		{Compare{Col("dl"), Lt, 0}, []int64{2}},
		{Compare{Col("dl"), Gt, 2.9999}, []int64{3}},
		{Compare{Col("ts"), Eq, t0}, []int64{1}},
		{Compare{Col("ts"), Eq, t0.In(la)}, []int64{1}}, // same instant
		{Compare{Col("ts"), Gt, t0.Add(time.Nanosecond)}, []int64{2}},
		{Compare{Col("ts"), Lt, t0.Add(time.Nanosecond)}, []int64{1, 3}},
		{Compare{Col("ntz"), Eq, time.Date(2024, 1, 1, 10, 0, 0, 0, la)}, []int64{1}}, // wall clock
		{Compare{Col("ntz"), Ge, time.Date(2024, 1, 1, 10, 30, 0, 0, time.UTC)}, []int64{2}},
		{Compare{Col("day"), Eq, time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)}, []int64{2}},
		{Compare{Col("day"), Eq, time.Date(2024, 1, 2, 23, 0, 0, 0, la)}, []int64{}}, // not midnight
		{Compare{Col("day"), Gt, time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)}, []int64{2}},
		{Compare{Col("tod"), Eq, time.Second}, []int64{1}},
		{Compare{Col("tod"), Gt, time.Second + time.Microsecond}, []int64{2}},
		{Compare{Col("b"), Eq, true}, []int64{1, 3}},
		{Compare{Col("b"), Lt, true}, []int64{2}},
		{Compare{Col("uid"), Eq, "123e4567-e89b-12d3-a456-426614174000"}, []int64{1}},
		{Compare{Col("uid"), Gt, make([]byte, 16)}, []int64{1}},
	}
	for _, c := range cases {
		got, _ := ids(t, dir, c.p)
		assert.Equal(t, c.want, got, "%s", c.p)
	}
}

func TestQueryErrors(t *testing.T) {
	dir := t.TempDir()
	writeColumns(t, filepath.Join(dir, "t", "a.parquet"), []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1)}},
		{"s", parquet.String(), []any{"a"}},
		{"ts", parquet.Timestamp(parquet.Millisecond), []any{int64(0)}},
		{"tod", parquet.Time(parquet.Millisecond), []any{int32(0)}},
		{"uid", parquet.UUID(), []any{parquet.FixedLenByteArrayValue(make([]byte, 16))}},
		{"grp", parquet.Group{"a": parquet.Leaf(parquet.Int64Type)}, []any{int64(1)}},
	}, 0)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	i, _ := tb.Schema().Lookup("grp")
	assert.Equal(t, KindNested, tb.Schema().Columns[i].Type.Kind)
	for _, c := range []struct {
		q    Query
		want error
	}{
		{Query{Columns: []Ref{Col("nope")}}, ErrUnknownColumn},
		{Query{Where: IsNull{Col("nope")}}, ErrUnknownColumn},
		{Query{Where: Compare{Col("id"), Eq, "1"}}, ErrType},
		{Query{Where: Compare{Col("s"), Eq, 1}}, ErrType},
		{Query{Where: Compare{Col("ts"), Eq, int64(0)}}, ErrType},
		{Query{Where: Compare{Col("tod"), Eq, time.Now()}}, ErrType},
		{Query{Where: Compare{Col("uid"), Eq, "not a uuid"}}, ErrType},
		{Query{Where: In{Col("id"), []any{1, "x"}}}, ErrType},
		{Query{Where: Compare{Col("grp"), Eq, 1}}, ErrUnsupported},
		{Query{Columns: []Ref{{Column: "s", Path: variant.MustParsePath("$.a")}}}, ErrType},
		{Query{Columns: []Ref{{Column: "s", As: variant.SQLType{Kind: variant.SQLDecimal, Precision: 50}}}}, ErrType},
		{Query{Where: Not{}}, nil},
		{Query{Where: Compare{Col("id"), Op(42), 1}}, nil},
	} {
		_, err := tb.Scan(context.Background(), c.q)
		require.Error(t, err, "%+v", c.q)
		if c.want != nil {
			assert.ErrorIs(t, err, c.want, "%+v", c.q)
		}
	}
	_, err = tb.Scan(context.Background(), Query{Where: Compare{Col("grp"), Eq, 1}})
	assert.True(t, errors.Is(err, errors.ErrUnsupported))
	rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("grp")}})
	require.NoError(t, err)
	require.True(t, rows.Next())
	v, err := rows.Variant(0)
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, v.String())
	assert.False(t, rows.Next())
	require.NoError(t, rows.Err())
}

// Unsigned columns keep their statistics in unsigned order: a row group
// holding 1 and the largest value must not be skipped for u > 5.
func TestUnsignedStatistics(t *testing.T) {
	dir := t.TempDir()
	writeColumns(t, filepath.Join(dir, "t", "a.parquet"), []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2), int64(3)}},
		{"u64", parquet.Uint(64), []any{int64(1), int64(-1), int64(3)}},
		{"u32", parquet.Uint(32), []any{int32(1), int32(-1), int32(3)}},
	}, 0)
	for _, col := range []string{"u64", "u32"} {
		got, st := ids(t, dir, Compare{Col(col), Gt, 5})
		assert.Equal(t, []int64{2}, got, col)
		assert.Equal(t, int64(1), st.RowGroupsRead, col)
		got, _ = ids(t, dir, Compare{Col(col), Lt, 2})
		assert.Equal(t, []int64{1}, got, col)
		got, st = ids(t, dir, Compare{Col(col), Lt, 1})
		assert.Equal(t, []int64{}, got, col)
		assert.Equal(t, int64(1), st.RowGroupsSkipped, col)
	}
}
