package scan

import (
	"context"
	"math"
	"math/big"
	"path/filepath"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// be16 returns v as 16 big-endian two's complement bytes.
func be16(v int64) []byte {
	b := make([]byte, 16)
	x := new(big.Int).SetInt64(v)
	if v < 0 {
		x.Add(x, new(big.Int).Lsh(big.NewInt(1), 128))
	}
	x.FillBytes(b)
	return b
}

// int96Of encodes t as an INT96 timestamp.
func int96Of(t time.Time) deprecated.Int96 {
	ns := t.UnixNano()
	day := ns/int64(nanosPerDay) + 2440588
	tod := ns % int64(nanosPerDay)
	if tod < 0 {
		tod += int64(nanosPerDay)
		day--
	}
	return deprecated.Int96{uint32(tod), uint32(tod >> 32), uint32(day)}
}

func TestPlainTypes(t *testing.T) {
	ts := time.Date(2024, 3, 5, 13, 45, 7, 123456789, time.UTC)
	uid := []byte{0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3, 0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00}
	wide := new(big.Int).Exp(big.NewInt(10), big.NewInt(39), nil) // 40 digits
	wide.Neg(wide)
	wideBytes := make([]byte, 17)
	new(big.Int).Add(wide, new(big.Int).Lsh(big.NewInt(1), 136)).FillBytes(wideBytes)
	cols := []column{
		{"b", parquet.Leaf(parquet.BooleanType), []any{true, false}},
		{"i8", parquet.Int(8), []any{int32(-5), int32(127)}},
		{"i32", parquet.Leaf(parquet.Int32Type), []any{int32(math.MinInt32), int32(7)}},
		{"u32", parquet.Uint(32), []any{int32(-294967296), int32(1)}}, // 4000000000
		{"u64", parquet.Uint(64), []any{int64(-1), int64(2)}},         // MaxUint64
		{"i64", parquet.Leaf(parquet.Int64Type), []any{int64(math.MinInt64), int64(0)}},
		{"f32", parquet.Leaf(parquet.FloatType), []any{float32(1.5), float32(math.Inf(-1))}},
		{"f64", parquet.Leaf(parquet.DoubleType), []any{math.Copysign(0, -1), 2.25}},
		{"s", parquet.String(), []any{"héllo", ""}},
		{"bin", parquet.Leaf(parquet.ByteArrayType), []any{[]byte{0, 1, 2}, []byte{}}},
		{"fixed", parquet.Leaf(parquet.FixedLenByteArrayType(3)), []any{parquet.FixedLenByteArrayValue([]byte("abc")), parquet.FixedLenByteArrayValue([]byte("xyz"))}},
		{"dec32", parquet.Decimal(2, 9, parquet.Int32Type), []any{int32(1250), int32(-5)}},
		{"dec64", parquet.Decimal(3, 18, parquet.Int64Type), []any{int64(-1), int64(123456789012345678)}},
		{"decfl", parquet.Decimal(2, 38, parquet.FixedLenByteArrayType(16)), []any{parquet.FixedLenByteArrayValue(be16(-12345)), parquet.FixedLenByteArrayValue(be16(50))}},
		{"decba", parquet.Decimal(1, 40, parquet.ByteArrayType), []any{wideBytes, []byte{0x7f}}},
		{"date", parquet.Date(), []any{int32(19787), int32(-1)}},
		{"tsms", parquet.Timestamp(parquet.Millisecond), []any{ts.UnixMilli(), int64(-1)}},
		{"tsus", parquet.TimestampAdjusted(parquet.Microsecond, false), []any{ts.UnixMicro(), int64(0)}},
		{"tsns", parquet.Timestamp(parquet.Nanosecond), []any{ts.UnixNano(), int64(1)}},
		{"i96", parquet.Leaf(parquet.Int96Type), []any{parquet.Int96Value(int96Of(ts)), parquet.Int96Value(int96Of(time.Unix(-1, 5)))}},
		{"todus", parquet.Time(parquet.Microsecond), []any{int64(49507123456), int64(0)}},
		{"todms", parquet.Time(parquet.Millisecond), []any{int32(49507123), int32(86399999)}},
		{"todns", parquet.Time(parquet.Nanosecond), []any{int64(49507123456789), int64(1)}},
		{"uid", parquet.UUID(), []any{parquet.FixedLenByteArrayValue(uid), parquet.FixedLenByteArrayValue(make([]byte, 16))}},
		{"en", parquet.Enum(), []any{"RED", "GREEN"}},
		{"js", parquet.JSON(), []any{`{"a":1}`, `[]`}},
	}
	// Every column again as optional, with a NULL third row.
	for _, c := range cols {
		cols = append(cols, column{"opt_" + c.name, parquet.Optional(c.node), append(append([]any{}, c.vals...), nil)})
	}
	for i := range cols {
		if len(cols[i].vals) == 2 {
			cols[i].vals = append(cols[i].vals, cols[i].vals[0])
		}
	}
	dir := t.TempDir()
	writeColumns(t, filepath.Join(dir, "t", "a.parquet"), cols, 0)

	want := map[string][2]any{
		"b":     {true, false},
		"i8":    {int64(-5), int64(127)},
		"i32":   {int64(math.MinInt32), int64(7)},
		"u32":   {int64(4000000000), int64(1)},
		"u64":   {uint64(math.MaxUint64), uint64(2)},
		"i64":   {int64(math.MinInt64), int64(0)},
		"f32":   {1.5, math.Inf(-1)},
		"f64":   {math.Copysign(0, -1), 2.25},
		"s":     {"héllo", ""},
		"bin":   {[]byte{0, 1, 2}, []byte{}},
		"fixed": {[]byte("abc"), []byte("xyz")},
		"dec32": {"12.50", "-0.05"},
		"dec64": {"-0.001", "123456789012345.678"},
		"decfl": {"-123.45", "0.50"},
		"decba": {"-" + "100000000000000000000000000000000000000.0", "12.7"},
		"date":  {time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC), time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC)},
		"tsms":  {ts.Truncate(time.Millisecond), time.Unix(0, -1e6).UTC()},
		"tsus":  {ts.Truncate(time.Microsecond), time.Unix(0, 0).UTC()},
		"tsns":  {ts, time.Unix(0, 1).UTC()},
		"i96":   {ts, time.Unix(-1, 5).UTC()},
		"todus": {"13:45:07.123456", "00:00:00.000000"},
		"todms": {"13:45:07.123", "23:59:59.999"},
		"todns": {"13:45:07.123456789", "00:00:00.000000001"},
		"uid":   {"123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"},
		"en":    {"RED", "GREEN"},
		"js":    {`{"a":1}`, `[]`},
	}
	kinds := map[string]Kind{
		"b": KindBool, "i8": KindInt64, "i32": KindInt64, "u32": KindInt64, "u64": KindUint64, "i64": KindInt64,
		"f32": KindFloat64, "f64": KindFloat64, "s": KindString, "bin": KindBytes, "fixed": KindBytes,
		"dec32": KindDecimal, "dec64": KindDecimal, "decfl": KindDecimal, "decba": KindDecimal, "date": KindDate,
		"tsms": KindTimestamp, "tsus": KindTimestamp, "tsns": KindTimestamp, "i96": KindTimestamp,
		"todus": KindTime, "todms": KindTime, "todns": KindTime, "uid": KindUUID, "en": KindString, "js": KindString,
	}
	var q Query
	var names []string
	for _, c := range cols {
		q.Columns = append(q.Columns, Col(c.name))
		names = append(names, c.name)
	}
	rows, _ := scanAll(t, dir, "t", q)
	require.Len(t, rows, 3)
	for i, name := range names {
		base := name
		opt := len(name) > 4 && name[:4] == "opt_"
		if opt {
			base = name[4:]
		}
		w := want[base]
		assert.Equal(t, w[0], rows[0][i], name)
		assert.Equal(t, w[1], rows[1][i], name)
		if opt {
			assert.Nil(t, rows[2][i], name)
		} else {
			assert.Equal(t, w[0], rows[2][i], name)
		}
	}
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	for _, c := range tb.Schema().Columns {
		base := c.Name
		if len(base) > 4 && base[:4] == "opt_" {
			base = base[4:]
			assert.True(t, c.Nullable, c.Name)
		} else {
			assert.False(t, c.Nullable, c.Name)
		}
		assert.Equal(t, kinds[base], c.Type.Kind, c.Name)
	}
	dec, _ := tb.Schema().Lookup("decfl")
	assert.Equal(t, 38, tb.Schema().Columns[dec].Type.Precision)
	assert.Equal(t, 2, tb.Schema().Columns[dec].Type.Scale)

	// Typed accessors.
	rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("i64"), Col("u64"), Col("f64"), Col("b"), Col("s"), Col("tsus"), Col("todus"), Col("decfl"), Col("dec64"), Col("opt_i64")}})
	require.NoError(t, err)
	defer rs.Close()
	require.True(t, rs.Next())
	assert.Equal(t, int64(math.MinInt64), rs.Int64(0))
	assert.Equal(t, uint64(math.MaxUint64), rs.Uint64(1))
	assert.True(t, math.Signbit(rs.Float64(2)))
	assert.True(t, rs.Bool(3))
	assert.Equal(t, "héllo", string(rs.Bytes(4)))
	assert.Equal(t, ts.Truncate(time.Microsecond), rs.Time(5))
	assert.Equal(t, 13*time.Hour+45*time.Minute+7123456*time.Microsecond, rs.Duration(6))
	d, err := rs.Decimal(7)
	require.NoError(t, err)
	assert.Equal(t, "-123.45", d.String())
	d, err = rs.Decimal(8)
	require.NoError(t, err)
	assert.Equal(t, "-0.001", d.String())
	assert.False(t, rs.IsNull(9))
	assert.Equal(t, int64(0), rs.Int64(1), "kind mismatch gives the zero value")
	require.True(t, rs.Next())
	require.True(t, rs.Next())
	assert.True(t, rs.IsNull(9))
	assert.Equal(t, int64(0), rs.Int64(9))
	assert.False(t, rs.Next())
	require.NoError(t, rs.Err())
}

func TestFloat16(t *testing.T) {
	for _, c := range []struct {
		bits uint16
		want float64
	}{
		{0x3c00, 1}, {0xc000, -2}, {0x0000, 0}, {0x7bff, 65504}, {0x0001, math.Pow(2, -24)},
		{0x7c00, math.Inf(1)}, {0xfc00, math.Inf(-1)}, {0x3555, 0.333251953125},
	} {
		assert.Equal(t, c.want, float16([]byte{byte(c.bits), byte(c.bits >> 8)}), "%#04x", c.bits)
	}
	assert.True(t, math.IsNaN(float16([]byte{0x01, 0x7e})))
	assert.True(t, math.Signbit(float16([]byte{0x00, 0x80})))
}

// Files from writers that give only the deprecated ConvertedType
// annotations (no LogicalType) decode the same values.
func TestConvertedTypesOnly(t *testing.T) {
	ts := time.Date(2024, 3, 5, 13, 45, 7, 123456000, time.UTC)
	cols := []column{
		{"s", parquet.String(), []any{"x"}},
		{"en", parquet.Enum(), []any{"RED"}},
		{"js", parquet.JSON(), []any{`{}`}},
		{"u8", parquet.Uint(8), []any{int32(200)}},
		{"u32", parquet.Uint(32), []any{int32(-1)}},
		{"u64", parquet.Uint(64), []any{int64(-1)}},
		{"i16", parquet.Int(16), []any{int32(-300)}},
		{"dec", parquet.Decimal(2, 9, parquet.Int32Type), []any{int32(1250)}},
		{"decfl", parquet.Decimal(3, 20, parquet.FixedLenByteArrayType(9)), []any{parquet.FixedLenByteArrayValue(be16(-1)[7:])}},
		{"date", parquet.Date(), []any{int32(19787)}},
		{"tms", parquet.Time(parquet.Millisecond), []any{int32(49507123)}},
		{"tus", parquet.Time(parquet.Microsecond), []any{int64(49507123456)}},
		{"tsms", parquet.Timestamp(parquet.Millisecond), []any{ts.UnixMilli()}},
		{"tsus", parquet.Timestamp(parquet.Microsecond), []any{ts.UnixMicro()}},
	}
	want := []any{"x", "RED", `{}`, int64(200), int64(math.MaxUint32), uint64(math.MaxUint64), int64(-300), "12.50", "-0.001",
		time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC), "13:45:07.123", "13:45:07.123456", ts.Truncate(time.Millisecond), ts}
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "a.parquet")
	writeColumns(t, path, cols, 0)
	dropped := 0
	rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
		if len(p) == 2 && p[0] == 2 && p[1] == 10 { // SchemaElement.logicalType
			dropped++
			return v, false
		}
		return v, true
	})
	require.Equal(t, len(cols), dropped)
	q := Query{}
	for _, c := range cols {
		q.Columns = append(q.Columns, Col(c.name))
	}
	rows, _ := scanAll(t, dir, "t", q)
	require.Len(t, rows, 1)
	assert.Equal(t, want, rows[0])
}
