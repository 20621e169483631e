package shred

import (
	"bytes"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// writeBinaryPages writes a file of one optional byte array column b of
// type typ, one page per entry of pages (nil entries NULL), with the
// column index size limit given, and returns its column index.
func writeBinaryPages(t *testing.T, typ parquet.Type, limit int, pages [][][]byte) ([][]byte, [][]byte, []bool) {
	t.Helper()
	schema := parquet.NewSchema("t", parquet.Group{"b": parquet.Optional(parquet.Leaf(typ))})
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema, parquet.ColumnIndexSizeLimit(func([]string) int { return limit }))
	col := w.ColumnWriters()[0]
	for _, page := range pages {
		vals := make([]parquet.Value, len(page))
		for i, v := range page {
			vals[i] = parquet.Value{}.Level(0, 0, 0)
			if v != nil {
				vals[i] = parquet.ByteArrayValue(v).Level(0, 1, 0)
			}
		}
		_, err := col.WriteRowValues(vals)
		require.NoError(t, err)
		require.NoError(t, col.Flush())
	}
	require.NoError(t, w.Close())
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	ci := f.ColumnIndexes()[0]
	return ci.MinValues, ci.MaxValues, ci.NullPages
}

// TestBinaryColumnIndexBounds: ParquetBinary's column index holds bounds
// that hold every value of their page (parquet.thrift, ColumnIndex), also
// for a max longer than the size limit whose first bytes are all 0xFF,
// which parquet-go's own byte array index gets wrong.
func TestBinaryColumnIndexBounds(t *testing.T) {
	ff := func(n int, tail ...byte) []byte { return append(bytes.Repeat([]byte{0xFF}, n), tail...) }
	pages := [][][]byte{
		{[]byte("a"), ff(6, 1)},                   // max: 0xFF x 4 cannot be raised: kept whole
		{[]byte("abcdefgh"), []byte("abc\xffzz")}, // max: "abc\xff" -> "abd"
		{nil, nil}, // a page of only NULLs
		{[]byte("ab\xff\xff\xff\xff\x01"), []byte("ab")},
		{[]byte("short"), []byte("tiny")},
	}
	mins, maxs, nulls := writeBinaryPages(t, ParquetBinary, 4, pages)
	require.Equal(t, []bool{false, false, true, false, false}, nulls)
	require.Equal(t, [][]byte{[]byte("a"), []byte("abcd"), {}, []byte("ab"), []byte("shor")}, mins)
	require.Equal(t, [][]byte{ff(6, 1), []byte("abd"), {}, []byte("ac"), []byte("tiny")}, maxs)
	for p, page := range pages {
		for _, v := range page {
			if v != nil {
				require.LessOrEqual(t, bytes.Compare(mins[p], v), 0, "page %d min %x above %x", p, mins[p], v)
				require.GreaterOrEqual(t, bytes.Compare(maxs[p], v), 0, "page %d max %x below %x", p, maxs[p], v)
			}
		}
	}

	_, plainMaxs, _ := writeBinaryPages(t, parquet.ByteArrayType, 4, pages[:1])
	require.Equal(t, ff(4), plainMaxs[0], "parquet-go's own index keeps a max below the value")

	_, whole, _ := writeBinaryPages(t, ParquetBinary, 0, pages[1:2])
	require.Equal(t, []byte("abc\xffzz"), whole[0], "a limit of 0 truncates nothing")
}
