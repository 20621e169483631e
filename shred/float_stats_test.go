package shred

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/require"
)

// Little-endian PLAIN encodings of float statistics.
func f64(x float64) []byte { return binary.LittleEndian.AppendUint64(nil, math.Float64bits(x)) }
func f32(x float32) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(x)) }

var (
	nan    = math.NaN()
	negZ   = math.Copysign(0, -1)
	posInf = math.Inf(1)
	negInf = math.Inf(-1)
)

// floatPage is the values of one page of a test: nil entries are NULL.
type floatPage []*float64

func fp(xs ...any) floatPage {
	out := make(floatPage, len(xs))
	for i, x := range xs {
		if x != nil {
			f := x.(float64)
			out[i] = &f
		}
	}
	return out
}

// writeFloatPages writes a file with an optional DOUBLE column d and an
// optional FLOAT column f (the same values, as float32) of the given type
// pair, one row group per element of groups, each page of a group ended
// with Flush, and opens it.
func writeFloatPages(t *testing.T, double, float parquet.Type, groups [][]floatPage) *parquet.File {
	t.Helper()
	schema := parquet.NewSchema("t", parquet.Group{
		"d": parquet.Optional(parquet.Leaf(double)),
		"f": parquet.Optional(parquet.Leaf(float)),
	})
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	cols := w.ColumnWriters()
	for _, pages := range groups {
		for _, page := range pages {
			for c, col := range cols {
				vals := make([]parquet.Value, len(page))
				for i, x := range page {
					switch {
					case x == nil:
						vals[i] = parquet.Value{}.Level(0, 0, c)
					case c == 0:
						vals[i] = parquet.DoubleValue(*x).Level(0, 1, c)
					default:
						vals[i] = parquet.FloatValue(float32(*x)).Level(0, 1, c)
					}
				}
				_, err := col.WriteRowValues(vals)
				require.NoError(t, err)
				require.NoError(t, col.Flush())
			}
		}
		require.NoError(t, w.Flush())
	}
	require.NoError(t, w.Close())
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	return f
}

// floatBound is an expected min or max: nil for none.
type floatBound = *float64

func fb(x float64) floatBound { return &x }

// TestFloatStatistics: FLOAT and DOUBLE column chunk statistics and column
// index entries leave NaN out, have no min/max when every non-NULL value is
// NaN, and write a zero min as -0.0 and a zero max as +0.0 (parquet.thrift,
// ColumnOrder TYPE_ORDER; pitfall B39).
func TestFloatStatistics(t *testing.T) {
	cases := []struct {
		name     string
		page     floatPage
		min, max floatBound
	}{
		{"nan nan null", fp(nan, nan, nil), nil, nil},
		{"-0 -1 -0", fp(negZ, -1.0, negZ), fb(-1), fb(0)},
		{"0 1 nan", fp(0.0, 1.0, nan), fb(negZ), fb(1)},
		{"1.5 nan -2", fp(1.5, nan, -2.0), fb(-2), fb(1.5)},
		{"-0 nan +0", fp(negZ, nan, 0.0), fb(negZ), fb(0)},
		{"+0 -0", fp(0.0, negZ), fb(negZ), fb(0)},
		{"nan -0", fp(nan, negZ), fb(negZ), fb(0)},
		{"-inf nan +inf", fp(negInf, nan, posInf), fb(negInf), fb(posInf)},
		{"null null", fp(nil, nil), nil, nil},
	}
	groups := make([][]floatPage, len(cases))
	for i, c := range cases {
		groups[i] = []floatPage{c.page}
	}
	f := writeFloatPages(t, ParquetDouble, ParquetFloat, groups)
	md := f.Metadata()
	require.Len(t, md.RowGroups, len(cases))
	require.Len(t, f.ColumnIndexes(), 2*len(cases))
	for i, c := range cases {
		for col, enc := range []func(float64) []byte{f64, func(x float64) []byte { return f32(float32(x)) }} {
			st := md.RowGroups[i].Columns[col].MetaData.Statistics
			ci := f.ColumnIndexes()[2*i+col]
			require.Len(t, ci.NullPages, 1, "%s col %d", c.name, col)
			nonNull := false
			for _, x := range c.page {
				nonNull = nonNull || x != nil
			}
			require.Equal(t, !nonNull, ci.NullPages[0], "%s col %d", c.name, col)
			if c.min == nil {
				require.Nil(t, st.MinValue, "%s col %d", c.name, col)
				require.Nil(t, st.MaxValue, "%s col %d", c.name, col)
				require.Nil(t, st.Min, "%s col %d", c.name, col)
				require.Nil(t, st.Max, "%s col %d", c.name, col)
				if nonNull {
					// All NaN: bounds that hold for every non-NaN value (none).
					require.Equal(t, enc(negInf), ci.MinValues[0], "%s col %d", c.name, col)
					require.Equal(t, enc(posInf), ci.MaxValues[0], "%s col %d", c.name, col)
				}
				continue
			}
			require.Equal(t, enc(*c.min), st.MinValue, "%s col %d", c.name, col)
			require.Equal(t, enc(*c.max), st.MaxValue, "%s col %d", c.name, col)
			require.Equal(t, enc(*c.min), ci.MinValues[0], "%s col %d", c.name, col)
			require.Equal(t, enc(*c.max), ci.MaxValues[0], "%s col %d", c.name, col)
		}
	}
}

// TestFloatStatisticsPages: a chunk's statistics merge its pages' bounds
// (without NaN, whatever page comes first), and each page has its own
// column index entry.
func TestFloatStatisticsPages(t *testing.T) {
	f := writeFloatPages(t, ParquetDouble, ParquetFloat, [][]floatPage{
		{fp(nan, nan, nil), fp(negZ, -1.0, negZ), fp(0.0, 1.0, nan), fp(1.5, nan, -2.0)},
		{fp(nan, nil), fp(0.0, 0.0), fp(negZ)},
	})
	md := f.Metadata()
	require.Len(t, md.RowGroups, 2)
	for col, enc := range []func(float64) []byte{f64, func(x float64) []byte { return f32(float32(x)) }} {
		st := md.RowGroups[0].Columns[col].MetaData.Statistics
		require.Equal(t, enc(-2), st.MinValue, "col %d", col)
		require.Equal(t, enc(1.5), st.MaxValue, "col %d", col)
		require.Equal(t, int64(1), st.NullCount, "col %d", col)
		ci := f.ColumnIndexes()[col]
		require.Equal(t, []bool{false, false, false, false}, []bool(ci.NullPages))
		require.Equal(t, [][]byte{enc(negInf), enc(-1), enc(negZ), enc(-2)}, [][]byte(ci.MinValues), "col %d", col)
		require.Equal(t, [][]byte{enc(posInf), enc(0), enc(1), enc(1.5)}, [][]byte(ci.MaxValues), "col %d", col)
		require.Equal(t, format.Unordered, ci.BoundaryOrder, "col %d", col)

		st = md.RowGroups[1].Columns[col].MetaData.Statistics
		require.Equal(t, enc(negZ), st.MinValue, "col %d", col)
		require.Equal(t, enc(0), st.MaxValue, "col %d", col)
		ci = f.ColumnIndexes()[2+col]
		require.Equal(t, [][]byte{enc(negInf), enc(negZ), enc(negZ)}, [][]byte(ci.MinValues), "col %d", col)
		require.Equal(t, [][]byte{enc(posInf), enc(0), enc(0)}, [][]byte(ci.MaxValues), "col %d", col)
	}
}

// TestFloatStatisticsUnfixed shows what the statistics of parquet-go's own
// types are, which ParquetFloat and ParquetDouble correct: NaN bounds for a
// page of only NaN, and the sign of the zero met first.
func TestFloatStatisticsUnfixed(t *testing.T) {
	f := writeFloatPages(t, parquet.DoubleType, parquet.FloatType, [][]floatPage{
		{fp(nan, nan, nil)}, {fp(negZ, -1.0, negZ)}, {fp(0.0, 1.0, nan)},
	})
	md := f.Metadata()
	require.True(t, math.IsNaN(math.Float64frombits(binary.LittleEndian.Uint64(md.RowGroups[0].Columns[0].MetaData.Statistics.MinValue))))
	require.Equal(t, f64(negZ), md.RowGroups[1].Columns[0].MetaData.Statistics.MaxValue)
	require.Equal(t, f64(0), md.RowGroups[2].Columns[0].MetaData.Statistics.MinValue)
}

// BenchmarkFloatPageBounds: the bounds of a page of 64Ki doubles (one NaN
// in 1024), by ParquetDouble and by parquet-go's DoubleType, which it
// replaces for every page written.
func BenchmarkFloatPageBounds(b *testing.B) {
	const n = 1 << 16
	vals := make([]parquet.Value, n)
	for i := range vals {
		x := float64(i%1000) - 500
		if i%1024 == 7 {
			x = math.NaN()
		}
		vals[i] = parquet.DoubleValue(x)
	}
	for name, typ := range map[string]parquet.Type{"ParquetDouble": ParquetDouble, "parquet-go": parquet.DoubleType} {
		b.Run(name, func(b *testing.B) {
			buf := typ.NewColumnBuffer(0, n)
			_, err := buf.WriteValues(vals)
			require.NoError(b, err)
			page := buf.Page()
			b.SetBytes(8 * n)
			b.ReportAllocs()
			for b.Loop() {
				if _, _, ok := page.Bounds(); !ok {
					b.Fatal("no bounds")
				}
			}
		})
	}
}
