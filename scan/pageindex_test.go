package scan

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A chunk in the middle of a file without a column index or an offset
// index leaves the page index of the other chunks usable: each chunk's
// entries are read from its own offset and length.
func TestPageIndexWithGaps(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(c *format.ColumnChunk)
		pages int64 // pages read by x BETWEEN 300 AND 310 (row group 1)
	}{
		// x of row group 1 keeps its offset index: its 4 pages are read
		// (none can be skipped), p only where x matched (page 0).
		{"no column index", func(c *format.ColumnChunk) { c.ColumnIndexOffset, c.ColumnIndexLength = 0, 0 }, 5},
		// Without an offset index x is read page by page in order.
		{"no offset index", func(c *format.ColumnChunk) { c.OffsetIndexOffset, c.OffsetIndexLength = 0, 0 }, 5},
		{"neither", func(c *format.ColumnChunk) {
			c.ColumnIndexOffset, c.ColumnIndexLength = 0, 0
			c.OffsetIndexOffset, c.OffsetIndexLength = 0, 0
		}, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := skipTable(t)
			editMetadata(t, filepath.Join(dir, "t", "a.parquet"), func(md *format.FileMetaData) {
				c.edit(&md.RowGroups[1].Columns[1]) // x
			})
			// Row group 2: pages are still skipped with the page index.
			q := Query{Columns: []Ref{Col("p")}, Where: Between(Col("x"), 600, 610)}
			rows, st := scanAll(t, dir, "t", q)
			require.Len(t, rows, 11)
			assert.Equal(t, "p600", rows[0][0])
			assert.Equal(t, int64(2), st.PagesRead)
			// Row group 1: the chunk without an index is read whole.
			q.Where = Between(Col("x"), 300, 310)
			rows, st = scanAll(t, dir, "t", q)
			require.Len(t, rows, 11)
			assert.Equal(t, "p300", rows[0][0])
			assert.Equal(t, int64(1), st.RowGroupsRead)
			assert.Equal(t, c.pages, st.PagesRead)
			q.NoSkip = true
			all, _ := scanAll(t, dir, "t", q)
			assert.Equal(t, rows, all)
		})
	}
}

// The review's case: events/part-00001.parquet without the column index of
// id in row group 1.
func TestPageIndexWithGapsLake(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"part-00000.parquet", "part-00001.parquet", "part-00002.parquet"} {
		copyFile(t, filepath.Join("..", "testdata", "lake", "events", f), filepath.Join(dir, "events", f))
	}
	editMetadata(t, filepath.Join(dir, "events", "part-00001.parquet"), func(md *format.FileMetaData) {
		c := &md.RowGroups[1].Columns[0]
		c.ColumnIndexOffset, c.ColumnIndexLength = 0, 0
	})
	q := Query{Columns: []Ref{Col("id")}, Where: Between(Col("id"), 600, 700)}
	rows, _ := scanAll(t, dir, "events", q)
	require.Len(t, rows, 101)
	assert.Equal(t, int64(600), rows[0][0])
	assert.Equal(t, int64(700), rows[100][0])
}

// readCounter counts the reads through it.
type readCounter struct {
	data  []byte
	reads int
}

func (r *readCounter) ReadAt(p []byte, off int64) (int, error) {
	r.reads++
	return copy(p, r.data[off:]), nil
}

// Page index entries that lie together are read with one read, entries far
// from the others with one more; never one read per chunk or page.
func TestPageIndexReads(t *testing.T) {
	dir := skipTable(t)
	path := filepath.Join(dir, "t", "a.parquet")
	open := func() (*parquet.File, *readCounter, []chunkIndex) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		rc := &readCounter{data: data}
		pf, err := parquet.OpenFile(rc, int64(len(data)), parquet.SkipPageIndex(true))
		require.NoError(t, err)
		rc.reads = 0
		idx, err := readPageIndex(pf, rc)
		require.NoError(t, err)
		return pf, rc, idx
	}
	pf, rc, idx := open()
	assert.Equal(t, 1, rc.reads)
	require.Len(t, idx, 4*3)
	for i := range idx {
		require.NotNil(t, idx[i].ci, "chunk %d", i)
		require.NotNil(t, idx[i].oi, "chunk %d", i)
	}
	assert.Len(t, idx[3*3].oi.PageLocations, 4)
	want := idx[5].ci.MaxValues

	// Move the column index of row group 1, leaf 2 behind 8 KiB of zeros.
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	n := len(data)
	flen := int(binary.LittleEndian.Uint32(data[n-8:]))
	c := &pf.Metadata().RowGroups[1].Columns[2]
	entry := slices.Clone(data[c.ColumnIndexOffset : c.ColumnIndexOffset+int64(c.ColumnIndexLength)])
	footer := slices.Clone(data[n-8-flen:])
	data = append(data[:n-8-flen], make([]byte, 8<<10)...)
	moved := int64(len(data))
	data = append(append(data, entry...), footer...)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	editMetadata(t, path, func(md *format.FileMetaData) { md.RowGroups[1].Columns[2].ColumnIndexOffset = moved })

	_, rc, idx = open()
	assert.Equal(t, 2, rc.reads)
	assert.Equal(t, want, idx[5].ci.MaxValues)
}

// A page index entry that does not decode to its length is a corrupt file
// naming the chunk.
func TestPageIndexEntryCorrupt(t *testing.T) {
	dir := skipTable(t)
	path := filepath.Join(dir, "t", "a.parquet")
	editMetadata(t, path, func(md *format.FileMetaData) { md.RowGroups[2].Columns[1].ColumnIndexLength -= 3 })
	r, err := Open(dir)
	require.NoError(t, err)
	_, err = r.Table("t")
	fe := requireFileError(t, err, path)
	assert.Equal(t, 2, fe.RowGroup)
	assert.Equal(t, "x", fe.Column)
	assert.ErrorContains(t, err, "column index at offset")
}
