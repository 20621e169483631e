package scan

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// chunkReader reads the values of one flat column chunk page by page and
// serves them by row number. Rows must be asked for in increasing order.
// With an offset index, a page holding no asked-for row is never read: the
// reader seeks past it (PageIndex.md, OffsetIndex).
type chunkReader struct {
	desc   *leafDesc
	chunk  *parquet.FileColumnChunk
	src    *countingReader
	locs   []format.PageLocation // validated offset index; nil: read pages in order
	rows   int64                 // rows in the row group
	pages  *parquet.FilePages
	page   parquet.Page
	next   int   // with locs: index of the page the next ReadPage returns
	first  int64 // first row of the buffered page
	end    int64 // one past its last row
	vals   []parquet.Value
	read   int // pages decoded
	stats  *Stats
	loaded bool // a page is buffered
	md     *format.ColumnMetaData
	// checked is set once the pages parquet-go reads in order (all pages
	// without an offset index, the dictionary page with one) had their
	// headers checked.
	checked bool
}

// check verifies page headers before parquet-go decodes them: without an
// offset index every page of the chunk, in order, which must end exactly at
// the chunk's end; with one, the dictionary page and then page p.
func (r *chunkReader) check(p int) error {
	start := chunkStart(r.md)
	end := start + r.md.TotalCompressedSize
	if !r.checked {
		r.checked = true
		if r.locs == nil {
			for off := start; off < end; {
				span, err := checkPageHeader(r.src, off, end, r.rows, !r.desc.required, r.md.Codec == format.Uncompressed)
				if err != nil {
					return corrupt(err)
				}
				off = span.end
			}
			return nil
		}
		if r.md.DictionaryPageOffset != 0 {
			span, err := checkPageHeader(r.src, start, r.locs[0].Offset, r.rows, !r.desc.required, r.md.Codec == format.Uncompressed)
			if err != nil {
				return corrupt(err)
			}
			if !span.dict {
				return corrupt(fmt.Errorf("no dictionary page at offset %d", start))
			}
		}
	}
	if r.locs == nil {
		return nil
	}
	l := r.locs[p]
	span, err := checkPageHeader(r.src, l.Offset, l.Offset+int64(l.CompressedPageSize), r.rows, !r.desc.required, r.md.Codec == format.Uncompressed)
	if err != nil {
		return corrupt(err)
	}
	if span.end != l.Offset+int64(l.CompressedPageSize) || span.dict {
		return corrupt(fmt.Errorf("page %d at offset %d does not match the offset index", p, l.Offset))
	}
	return nil
}

// at returns the cell of row, loading the page that holds it.
func (r *chunkReader) at(row int64) (cell, error) {
	if !r.loaded || row < r.first || row >= r.end {
		if err := r.load(row); err != nil {
			return cell{}, err
		}
	}
	return r.desc.cellOf(r.vals[row-r.first]), nil
}

// load buffers the page holding row.
func (r *chunkReader) load(row int64) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = corrupt(fmt.Errorf("decoding page: %v", p))
		}
	}()
	if r.loaded && row < r.first {
		return fmt.Errorf("scan: internal error: row %d read after row %d", row, r.first)
	}
	if r.pages == nil {
		r.pages = r.chunk.PagesFrom(r.src)
	}
	if r.locs == nil {
		if err := r.check(0); err != nil {
			return err
		}
		for !r.loaded || row >= r.end {
			if err := r.readPage(r.end, -1); err != nil {
				return err
			}
		}
		return nil
	}
	p := sort.Search(len(r.locs), func(i int) bool { return r.locs[i].FirstRowIndex > row }) - 1
	if p < 0 {
		return corrupt(fmt.Errorf("row %d before the first page", row))
	}
	if err := r.check(p); err != nil {
		return err
	}
	if p != r.next {
		if err := r.pages.SeekToRow(r.locs[p].FirstRowIndex); err != nil {
			return corrupt(fmt.Errorf("seeking to page %d: %w", p, err))
		}
	}
	end := r.rows
	if p+1 < len(r.locs) {
		end = r.locs[p+1].FirstRowIndex
	}
	if err := r.readPage(r.locs[p].FirstRowIndex, end-r.locs[p].FirstRowIndex); err != nil {
		return err
	}
	r.next = p + 1
	return nil
}

// readPage decodes the next page, whose first row is first; want is its
// row count when the offset index gives it, -1 otherwise.
func (r *chunkReader) readPage(first, want int64) error {
	if r.page != nil {
		parquet.Release(r.page)
		r.page = nil
	}
	r.loaded = false
	if err := r.src.halted(); err != nil {
		return err
	}
	page, err := r.pages.ReadPage()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return corrupt(fmt.Errorf("column chunk ends at row %d of %d", first, r.rows))
		}
		return corrupt(err)
	}
	r.page = page
	if k := format.Type(page.Type().Kind()); k != r.desc.phys {
		return corrupt(fmt.Errorf("page of type %s in a %s column", k, r.desc.phys))
	}
	n := page.NumValues()
	if page.NumRows() != n || want >= 0 && n != want || n <= 0 || first+n > r.rows {
		return corrupt(fmt.Errorf("page of %d values, %d rows at row %d (expected %d rows of %d)", n, page.NumRows(), first, want, r.rows))
	}
	if int64(cap(r.vals)) < n {
		r.vals = make([]parquet.Value, n)
	}
	r.vals = r.vals[:n]
	vr := page.Values()
	for got := 0; got < int(n); {
		k, err := vr.ReadValues(r.vals[got:])
		got += k
		if err != nil && got < int(n) {
			if errors.Is(err, io.EOF) {
				return corrupt(fmt.Errorf("page holds %d of its %d values", got, n))
			}
			return corrupt(err)
		}
		if k == 0 && err == nil {
			return corrupt(errors.New("page values make no progress"))
		}
	}
	r.first, r.end, r.loaded = first, first+n, true
	r.read++
	r.stats.PagesRead++
	return nil
}

// close releases the reader's page and buffers.
func (r *chunkReader) close() {
	if r.page != nil {
		parquet.Release(r.page)
		r.page = nil
	}
	if r.pages != nil {
		r.pages.Close()
		r.pages = nil
	}
}

// validLocations checks an offset index against its chunk: pages in order,
// inside the chunk, starting at row 0 and within the row group. It returns
// nil when the chunk has no offset index, and an error when it lies.
func validLocations(oi *format.OffsetIndex, md *format.ColumnMetaData, rows int64) ([]format.PageLocation, error) {
	locs := oi.PageLocations
	if len(locs) == 0 {
		return nil, nil
	}
	start := chunkStart(md)
	end := start + md.TotalCompressedSize
	for i, l := range locs {
		switch {
		case i == 0 && l.FirstRowIndex != 0,
			i > 0 && l.FirstRowIndex <= locs[i-1].FirstRowIndex,
			l.FirstRowIndex >= rows,
			l.Offset < start, l.CompressedPageSize <= 0, l.Offset+int64(l.CompressedPageSize) > end,
			i > 0 && l.Offset < locs[i-1].Offset+int64(locs[i-1].CompressedPageSize):
			return nil, corrupt(fmt.Errorf("offset index page %d (offset %d, %d bytes, first row %d) does not fit its column chunk",
				i, l.Offset, l.CompressedPageSize, l.FirstRowIndex))
		}
	}
	return locs, nil
}

// countingReader is a data file as a worker reads it: it counts the bytes
// read through it, and its readers of pages ask halted before each page,
// so that a cancelled scan stops within a page of every column it reads.
type countingReader struct {
	r      io.ReaderAt
	n      *int64
	ctx    context.Context // the scan's
	onPage func()          // called before each page (see scanhook)
}

// halted returns the context's error once the scan is cancelled. It is
// called once per page, so its cost does not grow with the rows. The page
// hook sees the pages asked for while the scan is not cancelled.
func (c *countingReader) halted() error {
	if err := c.ctx.Err(); err != nil {
		return err
	}
	if c.onPage != nil {
		c.onPage()
	}
	return c.ctx.Err()
}

// haltPages are the pages of a column chunk read through src, which stop
// with the context's error once the scan is cancelled.
type haltPages struct {
	parquet.Pages
	src *countingReader
}

func (p *haltPages) ReadPage() (parquet.Page, error) {
	if err := p.src.halted(); err != nil {
		return nil, err
	}
	return p.Pages.ReadPage()
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	*c.n += int64(n)
	return n, err
}
