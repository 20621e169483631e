package scan

import (
	"errors"
	"fmt"
	"io"
	"math/bits"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/parquetvariant/parquetvariant/shred"
)

// Page-level data skipping on the leaves of a Variant slot (PageIndex.md;
// VariantShredding.md, "Data Skipping"). The pages of a slot's leaves need
// not align, so everything is worked out in row ranges of the row group
// from each leaf's offset index.

// pageIndex returns the validated offset index and the column index (nil
// when the chunk has none) of flat leaf column chunk leaf (one value per
// row) of row group rg, or false when the chunk lacks an offset index or
// the leaf is not flat.
func pageIndex(e *fileEntry, rg, leaf int, rows int64) ([]format.PageLocation, *format.ColumnIndex, bool) {
	cmd := &e.pf.Metadata().RowGroups[rg].Columns[leaf].MetaData
	ix := e.pageIndex(rg, leaf)
	if cmd.NumValues != rows || ix.oi == nil {
		return nil, nil, false
	}
	locs, err := validLocations(ix.oi, cmd, rows)
	if err != nil || len(locs) == 0 {
		return nil, nil, false
	}
	return locs, ix.ci, true
}

// pageEnd returns one past the last row of page k.
func pageEnd(locs []format.PageLocation, k int, rows int64) int64 {
	if k+1 < len(locs) {
		return locs[k+1].FirstRowIndex
	}
	return rows
}

// pageRanges evaluates leaf predicate p on the slot page by page: the
// statistics of a page of the typed leaf hold only for the rows where the
// pages of the value leaves are entirely null (null count equal to the
// value count, or a null page); elsewhere the predicate may be anything.
// ok is false when the file has no usable page index for these leaves.
func (d *vdesc) pageRanges(p *fpred, descs []*leafDesc, e *fileEntry, rg int, rows int64) (out rangesMaybe, ok bool) {
	if d.statLeaf < 0 {
		return out, false
	}
	locs, ci, ok := pageIndex(e, rg, d.statLeaf, rows)
	n := len(locs)
	if !ok || ci == nil || len(ci.NullPages) != n || len(ci.MinValues) != n || len(ci.MaxValues) != n {
		return out, false
	}
	sd := d.statDesc
	if cs := leafChunkStats(e, rg, sd); !indexValid(sd, ci, locs, rows, &cs) {
		return out, false
	}
	// usable: rows where every value leaf is proven null.
	usable := rowRanges{{0, rows}}
	for _, l := range d.valueLeaves {
		vlocs, vci, ok := pageIndex(e, rg, l, rows)
		if !ok || vci == nil || len(vci.NullPages) != len(vlocs) || !nullsValid(vci, vlocs, rows) {
			return out, false
		}
		counts := len(vci.NullCounts) == len(vlocs)
		var null rowRanges
		for k := range vlocs {
			lo, hi := vlocs[k].FirstRowIndex, pageEnd(vlocs, k, rows)
			if vci.NullPages[k] || counts && vci.NullCounts[k] == hi-lo {
				null = null.add(lo, hi)
			}
		}
		usable = usable.intersect(null)
	}
	var st unitStats
	stat := func(int) *unitStats { return &st }
	nullCounts := len(ci.NullCounts) == n
	for k := range n {
		lo, hi := locs[k].FirstRowIndex, pageEnd(locs, k, rows)
		page := rowRanges{{lo, hi}}
		good := page.intersect(usable)
		bad := page.minus(good)
		st = unitStats{values: hi - lo, allNull: ci.NullPages[k]}
		if nullCounts && ci.NullCounts[k] >= 0 {
			st.nullsKnown, st.nulls = true, ci.NullCounts[k]
		}
		if !st.allNull && sd.ordered {
			st.min, st.max, st.bounds = boundsOf(sd, ci.MinValues[k], ci.MaxValues[k])
		}
		if !d.castBounds(&st) {
			good, bad = nil, page
		}
		m := p.may(stat, descs)
		t, f := bad, bad
		if m.t {
			t = t.union(good)
		}
		if m.f {
			f = f.union(good)
		}
		out.t, out.f = out.t.union(t), out.f.union(f)
	}
	return out, true
}

// pageCount returns the pages of the slot's leaves in row group rg known
// from offset indexes.
func (d *vdesc) pageCount(e *fileEntry, rg int, rows int64) int64 {
	var n int64
	for _, c := range d.cols {
		if c < 0 {
			continue
		}
		if locs, _, ok := pageIndex(e, rg, c, rows); ok {
			n += int64(len(locs))
		}
	}
	return n
}

// pageSel is the pages of one leaf that a row group read decodes.
type pageSel struct {
	rows  int64 // rows in the row group
	locs  []format.PageLocation
	pages []int // selected pages, in order
}

// selectPages chooses, for every leaf the slot reads, the pages that hold a
// row of ranges, and checks their headers (and the dictionary page's)
// before parquet-go decodes them. It returns nil when the read cannot be
// selective: ranges cover the row group, or a leaf is repeated or lacks a
// page index.
func (r *vreader) selectPages(e *fileEntry, rg int, src *countingReader, ranges rowRanges, rows int64) (map[int]*pageSel, error) {
	if len(ranges) == 1 && ranges[0].lo == 0 && ranges[0].hi == rows {
		return nil, nil
	}
	leaves := r.d.layout.Leaves()
	sel := make(map[int]*pageSel, len(r.cols))
	for i, c := range r.cols {
		if c < 0 {
			continue
		}
		if leaves[i].MaxRep != 0 {
			return nil, nil
		}
		locs, _, ok := pageIndex(e, rg, c, rows)
		if !ok {
			return nil, nil
		}
		s := &pageSel{rows: rows, locs: locs}
		j := 0
		for k := range locs {
			lo, hi := locs[k].FirstRowIndex, pageEnd(locs, k, rows)
			for j < len(ranges) && ranges[j].hi <= lo {
				j++
			}
			if j < len(ranges) && ranges[j].lo < hi {
				s.pages = append(s.pages, k)
			}
		}
		sel[c] = s
	}
	for i, c := range r.cols {
		if c < 0 {
			continue
		}
		s := sel[c]
		md := &e.pf.Metadata().RowGroups[rg].Columns[c].MetaData
		defW, repW := uint(bits.Len(uint(leaves[i].MaxDef))), uint(0)
		check := func(off, limit int64) (pageSpan, error) {
			span, err := checkLeveledPageHeader(src, off, limit, rows, defW, repW, md.Codec == format.Uncompressed)
			if err != nil {
				err = corrupt(fmt.Errorf("column %s: %w", leaves[i].PathString(), err))
			}
			return span, err
		}
		if md.DictionaryPageOffset != 0 {
			span, err := check(chunkStart(md), s.locs[0].Offset)
			if err != nil {
				return nil, err
			}
			if !span.dict {
				return nil, corrupt(fmt.Errorf("column %s: no dictionary page at offset %d", leaves[i].PathString(), chunkStart(md)))
			}
		}
		for _, k := range s.pages {
			l := s.locs[k]
			end := l.Offset + int64(l.CompressedPageSize)
			span, err := check(l.Offset, end)
			if err != nil {
				return nil, err
			}
			if span.end != end || span.dict {
				return nil, corrupt(fmt.Errorf("column %s: page %d at offset %d does not match the offset index", leaves[i].PathString(), k, l.Offset))
			}
		}
	}
	return sel, nil
}

// selRowGroup reads the selected pages of its column chunks through src.
type selRowGroup struct {
	parquet.RowGroup
	src *countingReader
	sel map[int]*pageSel
	st  *Stats
}

func (g selRowGroup) ColumnChunks() []parquet.ColumnChunk {
	cs := g.RowGroup.ColumnChunks()
	out := make([]parquet.ColumnChunk, len(cs))
	for i, c := range cs {
		out[i] = selChunk{FileColumnChunk: c.(*parquet.FileColumnChunk), g: &g, sel: g.sel[i]}
	}
	return out
}

type selChunk struct {
	*parquet.FileColumnChunk
	g   *selRowGroup
	sel *pageSel
}

// NumValues returns the number of values in the selected pages, which are
// flat (one value per row).
func (c selChunk) NumValues() int64 {
	if c.sel == nil {
		return c.FileColumnChunk.NumValues()
	}
	var n int64
	for _, k := range c.sel.pages {
		n += pageEnd(c.sel.locs, k, c.sel.rows) - c.sel.locs[k].FirstRowIndex
	}
	return n
}

func (c selChunk) Pages() parquet.Pages {
	return &selPages{FilePages: c.FileColumnChunk.PagesFrom(c.g.src), src: c.g.src, sel: c.sel, st: c.g.st}
}

// selPages returns the selected pages of a column chunk, seeking past the
// others with the offset index.
type selPages struct {
	*parquet.FilePages
	src  *countingReader
	sel  *pageSel
	pos  int // next selected page
	next int // page the file pages return next
	st   *Stats
}

func (p *selPages) ReadPage() (parquet.Page, error) {
	if p.pos == len(p.sel.pages) {
		return nil, io.EOF
	}
	if err := p.src.halted(); err != nil {
		return nil, err
	}
	k := p.sel.pages[p.pos]
	if k != p.next {
		if err := p.FilePages.SeekToRow(p.sel.locs[k].FirstRowIndex); err != nil {
			return nil, corrupt(fmt.Errorf("seeking to page %d: %w", k, err))
		}
	}
	page, err := p.FilePages.ReadPage()
	if err != nil {
		if errors.Is(err, io.EOF) {
			err = corrupt(fmt.Errorf("column chunk ends before page %d", k))
		}
		return nil, err
	}
	rows := pageEnd(p.sel.locs, k, p.sel.rows) - p.sel.locs[k].FirstRowIndex
	if page.NumValues() != rows {
		parquet.Release(page)
		return nil, corrupt(fmt.Errorf("page %d holds %d values, its offset index %d rows", k, page.NumValues(), rows))
	}
	p.pos++
	p.next = k + 1
	p.st.PagesRead++
	return page, nil
}

// compact keeps, of the entries of column c read from the selected pages
// of sel, those of the rows in ranges, so that entry i of the column is the
// i-th row of ranges. Every page is flat: one entry per row.
func compact(c *shred.Column, leaf shred.Leaf, sel *pageSel, ranges rowRanges) error {
	rows := sel.rows
	want := 0
	for _, k := range sel.pages {
		want += int(pageEnd(sel.locs, k, rows) - sel.locs[k].FirstRowIndex)
	}
	if c.Len() != want {
		return corrupt(fmt.Errorf("column %s: %d entries in pages of %d rows", leaf.PathString(), c.Len(), want))
	}
	w, vr, vw := 0, 0, 0 // entries kept, values read, values kept
	byteW := 0
	j := 0
	e := 0
	max := uint8(leaf.MaxDef)
	for _, k := range sel.pages {
		lo, hi := sel.locs[k].FirstRowIndex, pageEnd(sel.locs, k, rows)
		for row := lo; row < hi; row, e = row+1, e+1 {
			for j < len(ranges) && ranges[j].hi <= row {
				j++
			}
			keep := j < len(ranges) && ranges[j].lo <= row
			isVal := c.Def[e] == max
			if keep {
				c.Def[w], c.Rep[w] = c.Def[e], c.Rep[e]
				w++
				if isVal {
					switch leaf.Kind {
					case parquet.Boolean:
						c.Bool[vw] = c.Bool[vr]
					case parquet.Int32:
						c.Int32[vw] = c.Int32[vr]
					case parquet.Int64:
						c.Int64[vw] = c.Int64[vr]
					case parquet.Float:
						c.Float[vw] = c.Float[vr]
					case parquet.Double:
						c.Double[vw] = c.Double[vr]
					default:
						b := bytesAt(c, vr)
						byteW += copy(c.Bytes[byteW:], b)
						c.Ends[vw] = byteW
					}
					vw++
				}
			}
			if isVal {
				vr++
			}
		}
	}
	c.Truncate(leaf.Kind, w, vw)
	return nil
}
