package scan

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// chunkIndex is the page index of one column chunk (PageIndex.md): its
// column index and its offset index, each nil when the chunk has none.
type chunkIndex struct {
	ci *format.ColumnIndex
	oi *format.OffsetIndex
}

// pageIndexGap is the largest gap between two page index entries that are
// still read with one read: reading a few bytes more costs less than a
// second read.
const pageIndexGap = 4 << 10

// indexSpan is where one column index or offset index entry lies.
type indexSpan struct {
	off, end int64
	chunk    int // row group * leaves + leaf
	offsets  bool
}

// indexRun is bytes [off, off+len(buf)) of a file, read with one read.
type indexRun struct {
	off int64
	buf []byte
}

// indexRuns serves reads that lie inside its runs (sorted by offset).
type indexRuns []indexRun

func (rs indexRuns) ReadAt(p []byte, off int64) (int, error) {
	for _, r := range rs {
		if off >= r.off && off+int64(len(p)) <= r.off+int64(len(r.buf)) {
			return copy(p, r.buf[off-r.off:]), nil
		}
	}
	return 0, fmt.Errorf("page index read of %d bytes at offset %d outside the entries read", len(p), off)
}

// readPageIndex reads the column index and the offset index of every
// column chunk of pf from the chunk's own offset and length
// (ColumnChunk.column_index_offset/length and offset_index_offset/length,
// parquet.thrift), so that a chunk without an index simply has none and
// the entries may lie anywhere in the file. Entries that lie together are
// read with one read through r (whose cached tail holds them for most
// files). It returns the indexes by row group, then leaf, and gives each
// offset index to parquet-go's column chunk, whose page reader seeks with
// it. A chunk's entry that does not decode is an error naming the chunk
// (a *chunkError).
func readPageIndex(pf *parquet.File, r io.ReaderAt) ([]chunkIndex, error) {
	rgs := pf.Metadata().RowGroups
	if len(rgs) == 0 {
		return nil, nil
	}
	leaves := len(rgs[0].Columns)
	var spans []indexSpan
	for i := range rgs {
		for j := range rgs[i].Columns {
			c := &rgs[i].Columns[j]
			if c.ColumnIndexOffset != 0 && c.ColumnIndexLength > 0 {
				spans = append(spans, indexSpan{off: c.ColumnIndexOffset, end: c.ColumnIndexOffset + int64(c.ColumnIndexLength), chunk: i*leaves + j})
			}
			if c.OffsetIndexOffset != 0 && c.OffsetIndexLength > 0 {
				spans = append(spans, indexSpan{off: c.OffsetIndexOffset, end: c.OffsetIndexOffset + int64(c.OffsetIndexLength), chunk: i*leaves + j, offsets: true})
			}
		}
	}
	if len(spans) == 0 {
		return nil, nil
	}
	slices.SortFunc(spans, func(a, b indexSpan) int { return cmp.Compare(a.off, b.off) })
	var runs indexRuns
	for k := 0; k < len(spans); {
		off, end := spans[k].off, spans[k].end
		for k++; k < len(spans) && spans[k].off <= end+pageIndexGap; k++ {
			end = max(end, spans[k].end)
		}
		buf := make([]byte, end-off)
		if _, err := r.ReadAt(buf, off); err != nil {
			return nil, fmt.Errorf("reading the page index at offset %d, %d bytes: %w", off, end-off, err)
		}
		runs = append(runs, indexRun{off: off, buf: buf})
	}
	idx := make([]chunkIndex, len(rgs)*leaves)
	cis := make([]format.ColumnIndex, 0, len(spans))
	ois := make([]format.OffsetIndex, 0, len(spans))
	run := 0
	for _, s := range spans {
		for runs[run].off+int64(len(runs[run].buf)) < s.end {
			run++
		}
		b := runs[run].buf[s.off-runs[run].off : s.end-runs[run].off]
		var (
			n   int
			err error
		)
		what := "column index"
		if s.offsets {
			what = "offset index"
			ois = append(ois, format.OffsetIndex{})
			idx[s.chunk].oi = &ois[len(ois)-1]
			n, err = decodeThrift(b, idx[s.chunk].oi)
		} else {
			cis = append(cis, format.ColumnIndex{})
			idx[s.chunk].ci = &cis[len(cis)-1]
			n, err = decodeThrift(b, idx[s.chunk].ci)
		}
		if err == nil && n != len(b) {
			err = fmt.Errorf("%d bytes after its end", len(b)-n)
		}
		if err != nil {
			i, j := s.chunk/leaves, s.chunk%leaves
			return nil, &chunkError{rowGroup: i, column: strings.Join(rgs[i].Columns[j].MetaData.PathInSchema, "."),
				err: fmt.Errorf("%s at offset %d, %d bytes: %w", what, s.off, len(b), err)}
		}
	}
	for i, g := range pf.RowGroups() {
		for j, c := range g.ColumnChunks() {
			if idx[i*leaves+j].oi == nil {
				continue
			}
			if _, err := c.(*parquet.FileColumnChunk).OffsetIndexFrom(runs); err != nil {
				return nil, &chunkError{rowGroup: i, column: strings.Join(rgs[i].Columns[j].MetaData.PathInSchema, "."),
					err: fmt.Errorf("offset index: %w", err)}
			}
		}
	}
	return idx, nil
}

// pageIndex returns the page index of column chunk leaf of row group rg;
// its parts are nil when the chunk has none.
func (e *fileEntry) pageIndex(rg, leaf int) chunkIndex {
	if e.index == nil {
		return chunkIndex{}
	}
	return e.index[rg*len(e.pf.Metadata().RowGroups[rg].Columns)+leaf]
}
