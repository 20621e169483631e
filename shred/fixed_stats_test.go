package shred

import (
	"bytes"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/require"
)

// dec16 is the FIXED_LEN_BYTE_ARRAY(16) two's complement of x.
func dec16(x int64) []byte {
	out := make([]byte, 16)
	fill := byte(0)
	if x < 0 {
		fill = 0xFF
	}
	for i := range 8 {
		out[i] = fill
		out[15-i] = byte(x >> (8 * i))
	}
	return out
}

func TestCompareSigned(t *testing.T) {
	cases := []struct {
		a, b int64
		want int
	}{
		{-1, 1, -1}, {1, -1, 1}, {-300, -2, -1}, {-2, -300, 1}, {0, -1, 1},
		{5, 5, 0}, {-5, -5, 0}, {1 << 62, -(1 << 62), 1}, {0, 1, -1},
	}
	for _, c := range cases {
		require.Equal(t, c.want, compareSigned(dec16(c.a), dec16(c.b)), "%d vs %d", c.a, c.b)
	}
}

// writeFixedPages writes a file with an optional DECIMAL(38,0) column d
// (ParquetDecimal, 16 bytes) and an optional UUID column u (ParquetUUID)
// holding dec16 of the same numbers, one row group whose pages are pages
// (nil entries NULL), and opens it.
func writeFixedPages(t *testing.T, pages [][]*int64) *parquet.File {
	t.Helper()
	schema := parquet.NewSchema("t", parquet.Group{
		"d": parquet.Optional(ParquetDecimal(0, 38, 16)),
		"u": parquet.Optional(parquet.Leaf(ParquetUUID)),
	})
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	for _, page := range pages {
		for c, col := range w.ColumnWriters() {
			vals := make([]parquet.Value, len(page))
			for i, x := range page {
				vals[i] = parquet.Value{}.Level(0, 0, c)
				if x != nil {
					vals[i] = parquet.FixedLenByteArrayValue(dec16(*x)).Level(0, 1, c)
				}
			}
			_, err := col.WriteRowValues(vals)
			require.NoError(t, err)
			require.NoError(t, col.Flush())
		}
	}
	require.NoError(t, w.Close())
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	return f
}

func ip(x int64) *int64 { return &x }

// TestFixedStatistics: DECIMAL bounds are signed and UUID bounds unsigned,
// in the page statistics, the column index and the chunk statistics; a
// page of only NULLs is byte[0] in the column index (parquet.thrift,
// ColumnIndex), and the boundary order leaves such pages out.
func TestFixedStatistics(t *testing.T) {
	cases := []struct {
		name             string
		pages            [][]*int64
		dMin, dMax       [][]byte // per page; empty for a NULL page
		chunkMin         int64
		chunkMax         int64
		dOrder, uOrder   format.BoundaryOrder
		uChunkMin, uMaxP int64 // the UUID chunk's min, and one page's max
	}{
		{
			name:  "descending with a null page",
			pages: [][]*int64{{nil, nil}, {ip(-1), ip(1)}, {ip(-300), ip(-2), nil}},
			dMin:  [][]byte{{}, dec16(-1), dec16(-300)}, dMax: [][]byte{{}, dec16(1), dec16(-2)},
			chunkMin: -300, chunkMax: 1,
			dOrder: format.Descending, uOrder: format.Unordered,
			uChunkMin: 1, uMaxP: -1,
		},
		{
			name:  "ascending",
			pages: [][]*int64{{ip(-5), ip(-4)}, {nil}, {ip(3), ip(9)}},
			dMin:  [][]byte{dec16(-5), {}, dec16(3)}, dMax: [][]byte{dec16(-4), {}, dec16(9)},
			chunkMin: -5, chunkMax: 9,
			dOrder: format.Ascending, uOrder: format.Descending,
			uChunkMin: 3, uMaxP: -4,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := writeFixedPages(t, c.pages)
			idx := f.ColumnIndexes()
			require.Len(t, idx, 2)
			d, u := idx[0], idx[1]
			for p := range c.pages {
				require.Equal(t, len(c.dMin[p]) == 0, d.NullPages[p], "page %d", p)
				require.Equal(t, c.dMin[p], d.MinValues[p], "page %d", p)
				require.Equal(t, c.dMax[p], d.MaxValues[p], "page %d", p)
				require.Equal(t, d.NullPages[p], u.NullPages[p], "page %d", p)
			}
			require.Len(t, u.MinValues, len(c.pages))
			require.Len(t, u.MaxValues, len(c.pages))
			require.Equal(t, c.dOrder, d.BoundaryOrder)
			require.Equal(t, c.uOrder, u.BoundaryOrder)
			require.Contains(t, u.MaxValues, dec16(c.uMaxP), "as unsigned bytes, a negative value is the greatest")

			cols := f.Metadata().RowGroups[0].Columns
			require.Equal(t, dec16(c.chunkMin), cols[0].MetaData.Statistics.MinValue)
			require.Equal(t, dec16(c.chunkMax), cols[0].MetaData.Statistics.MaxValue)
			require.Equal(t, dec16(c.uChunkMin), cols[1].MetaData.Statistics.MinValue)

			// parquet-go reads every page's bounds back.
			chunk := f.RowGroups()[0].ColumnChunks()[0]
			ci, err := chunk.ColumnIndex()
			require.NoError(t, err)
			for p := range c.pages {
				if !ci.NullPage(p) {
					require.Equal(t, c.dMin[p], ci.MinValue(p).ByteArray(), "page %d", p)
				}
			}
		})
	}
}

// TestFixedStatisticsWithoutPageBounds: with page bounds not taken
// (parquet.SkipPageBounds), a page that holds values is not a page of only
// NULLs in the column index; its bounds are the widest of the column's
// order, signed for DECIMAL and unsigned for UUID.
func TestFixedStatisticsWithoutPageBounds(t *testing.T) {
	schema := parquet.NewSchema("t", parquet.Group{
		"d": parquet.Optional(ParquetDecimal(0, 38, 16)),
		"u": parquet.Optional(parquet.Leaf(ParquetUUID)),
	})
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema, parquet.SkipPageBounds("d"), parquet.SkipPageBounds("u"))
	for c, col := range w.ColumnWriters() {
		_, err := col.WriteRowValues([]parquet.Value{parquet.FixedLenByteArrayValue(dec16(5)).Level(0, 1, c)})
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	d, u := f.ColumnIndexes()[0], f.ColumnIndexes()[1]
	require.False(t, d.NullPages[0])
	require.False(t, u.NullPages[0])
	require.Equal(t, append([]byte{0x80}, make([]byte, 15)...), d.MinValues[0])
	require.Equal(t, append([]byte{0x7F}, bytes.Repeat([]byte{0xFF}, 15)...), d.MaxValues[0])
	require.Equal(t, make([]byte, 16), u.MinValues[0])
	require.Equal(t, bytes.Repeat([]byte{0xFF}, 16), u.MaxValues[0])
}
