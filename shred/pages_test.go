package shred

import (
	"bytes"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// pageSizes returns, of each data page of column col of row group 0 of a
// file, its row count and its uncompressed size, from the offset index and
// the page headers.
func pageSizes(t *testing.T, data []byte, col int) (rows, sizes []int) {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	locs := f.OffsetIndexes()[col].PageLocations
	total := int(f.Metadata().RowGroups[0].NumRows)
	for k, loc := range locs {
		end := int64(total)
		if k+1 < len(locs) {
			end = locs[k+1].FirstRowIndex
		}
		rows = append(rows, int(end-loc.FirstRowIndex))
		var h format.PageHeader
		r := new(thrift.CompactProtocol).NewReaderFromBytes(data[loc.Offset : loc.Offset+int64(loc.CompressedPageSize)])
		require.NoError(t, thrift.NewDecoder(r).Decode(&h))
		sizes = append(sizes, int(h.UncompressedPageSize))
	}
	return rows, sizes
}

// TestPageWriterBounds: pages end before the row that would take them past
// the byte bound, after the row bound, and a row bigger than the byte
// bound is a page of its own; the pages of a column chunk written in two
// calls keep the bounds across them.
func TestPageWriterBounds(t *testing.T) {
	schema := parquet.NewSchema("t", parquet.Group{"s": parquet.Optional(parquet.String()), "n": parquet.Required(parquet.Int(64))})
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema, parquet.PageBufferSize(1<<20))
	lim := PageLimits{Bytes: 10_000, Rows: 100}
	sw := NewPageWriter(w.ColumnWriters()[1], lim) // "s" (fields sort by name)
	nw := NewPageWriter(w.ColumnWriters()[0], lim)
	// 30 rows of 995 bytes (1000 with length and level), a row of 50,000
	// bytes, 30 rows more, NULL rows; in two calls.
	var vals []parquet.Value
	for i := 0; i < 30; i++ {
		vals = append(vals, parquet.ByteArrayValue([]byte(strings.Repeat("a", 995))).Level(0, 1, 0))
	}
	vals = append(vals, parquet.ByteArrayValue([]byte(strings.Repeat("b", 50_000))).Level(0, 1, 0))
	for i := 0; i < 30; i++ {
		vals = append(vals, parquet.ByteArrayValue([]byte(strings.Repeat("c", 995))).Level(0, 1, 0))
	}
	for i := 0; i < 250; i++ {
		vals = append(vals, parquet.Value{}.Level(0, 0, 0))
	}
	n, err := sw.WriteRowValues(vals[:15])
	require.NoError(t, err)
	require.Equal(t, 15, n)
	n, err = sw.WriteRowValues(vals[15:])
	require.NoError(t, err)
	require.Equal(t, len(vals)-15, n)
	var ints []parquet.Value
	for i := range vals {
		ints = append(ints, parquet.Int64Value(int64(i)))
	}
	_, err = nw.WriteRowValues(ints)
	require.NoError(t, err)
	require.NoError(t, w.Close())

	rows, sizes := pageSizes(t, buf.Bytes(), 1)
	// 10 rows of 1000 bytes fill a page; the big row stands alone; the
	// NULL rows (1 byte each) end a page at 100 rows.
	require.Equal(t, []int{10, 10, 10, 1, 10, 10, 10, 100, 100, 50}, rows)
	for k, s := range sizes {
		if rows[k] > 1 {
			// Level sections add a few bytes of headers per page.
			require.LessOrEqual(t, s, lim.Bytes+16, "page %d", k)
		}
	}
	require.Greater(t, sizes[3], 50_000)
	rows, _ = pageSizes(t, buf.Bytes(), 0)
	require.Equal(t, []int{100, 100, 100, 11}, rows)
}

// TestPageWriterRowTooLarge: a row past RowBytes is ErrTooLarge, naming
// the row and the leaf; rows before it are written.
func TestPageWriterRowTooLarge(t *testing.T) {
	l, err := NewLayout(Untyped(), true)
	require.NoError(t, err)
	node, err := l.Schema().Node()
	require.NoError(t, err)
	schema := parquet.NewSchema("t", parquet.Group{"v": parquet.Optional(node)})
	cols, err := l.ColumnIndexes(schema, "v")
	require.NoError(t, err)
	b := l.NewBatch()
	require.NoError(t, b.Append(variant.MustOf("small")))
	require.NoError(t, b.Append(variant.MustOf(strings.Repeat("x", 5000))))
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	p := NewPageWriter(w.ColumnWriters()[cols[1]], PageLimits{RowBytes: 4096})
	_, err = b.WriteColumn(p, 1, cols[1], nil)
	require.ErrorIs(t, err, ErrTooLarge)
	require.EqualError(t, err, "shred: too large for a Parquet page at row 1 (value): 5010 bytes in one page, more than the 4096 a row may take")
}

// TestPageWriterDictionary: in the dictionary-encoded metadata column a
// value repeated from the row before costs its index only, so rows that
// share one dictionary fill pages by rows, not by the dictionary's bytes.
func TestPageWriterDictionary(t *testing.T) {
	l, err := NewLayout(Untyped(), false)
	require.NoError(t, err)
	node, err := l.Schema().Node()
	require.NoError(t, err)
	schema := parquet.NewSchema("t", parquet.Group{"v": parquet.Required(node)})
	cols, err := l.ColumnIndexes(schema, "v")
	require.NoError(t, err)
	keys := make([]string, 200)
	for i := range keys {
		keys[i] = strings.Repeat("k", 50) + string(rune('a'+i%26)) + strings.Repeat("z", i)
	}
	m, err := variant.NewMetadata(keys)
	require.NoError(t, err)
	var vb variant.Builder
	vb.UseMetadata(m)
	vb.AppendInt(1)
	v, err := vb.Build()
	require.NoError(t, err)
	b := l.NewBatch()
	for i := 0; i < 300; i++ {
		require.NoError(t, b.Append(v))
	}
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	lim := PageLimits{Bytes: 64 << 10, Rows: 100}
	for i := range b.Columns {
		_, err = b.WriteColumn(NewPageWriter(w.ColumnWriters()[cols[i]], lim), i, cols[i], nil)
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	require.Greater(t, len(m.Bytes()), 30_000, "three rows of metadata fill a page")
	rows, _ := pageSizes(t, buf.Bytes(), cols[0])
	require.Equal(t, []int{100, 100, 100}, rows)
}
