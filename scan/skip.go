package scan

import (
	"fmt"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// planRowGroup prepares row group i of a file from its cached footer
// alone, without reading the file, or returns nil, counting the row group
// and its pages as skipped in st, when data skipping proves that no row of
// it matches. [rgScan.start] readies a planned row group for reading.
func planRowGroup(fs *fileScan, i int, noSkip bool, st *Stats) (*rgScan, error) {
	e := fs.entry
	md := &e.pf.Metadata().RowGroups[i]
	rows := md.NumRows
	var pages int64 // pages of the chunks to read, known from offset indexes
	for _, d := range fs.descs {
		if d.v != nil {
			if vd, ok := d.v.(*vdesc); ok {
				pages += vd.pageCount(e, i, rows)
			}
			continue
		}
		if d.leaf < 0 {
			continue
		}
		locs, err := chunkLocations(e, i, d)
		if err != nil {
			return nil, err
		}
		pages += int64(len(locs))
	}
	skip := func() (*rgScan, error) {
		st.RowGroupsSkipped++
		st.PagesSkipped += pages
		return nil, nil
	}
	if rows == 0 {
		return skip()
	}
	var stat func(slot int) *unitStats
	if fs.where != nil && !noSkip {
		// Statistics are worked out for the slots the filter reads.
		stats := make([]unitStats, len(fs.descs))
		known := make([]bool, len(fs.descs))
		stat = func(slot int) *unitStats {
			if !known[slot] {
				stats[slot], known[slot] = chunkStats(e, i, fs.descs[slot], rows), true
			}
			return &stats[slot]
		}
		if !fs.where.may(stat, fs.descs).t {
			return skip()
		}
	}
	rg := &rgScan{fs: fs, index: i, rows: rows, readers: make([]*chunkReader, len(fs.descs))}
	chunks := e.pf.RowGroups()[i].ColumnChunks()
	for slot, d := range fs.descs {
		if d.v != nil || d.leaf < 0 {
			continue
		}
		locs, _ := chunkLocations(e, i, d) // checked above
		rg.readers[slot] = &chunkReader{desc: d, chunk: chunks[d.leaf].(*parquet.FileColumnChunk),
			locs: locs, rows: rows, md: &md.Columns[d.leaf].MetaData}
	}
	rg.ranges = rowRanges{{0, rows}}
	if stat != nil {
		rg.ranges = fs.where.mayRows(rg.ranges, func(p *fpred) rangesMaybe {
			return rg.pageRanges(p, stat)
		}).t
		if len(rg.ranges) == 0 {
			return skip()
		}
	}
	if fs.only != nil {
		if rg.ranges = rg.ranges.intersect(fs.only[i]); len(rg.ranges) == 0 {
			return skip()
		}
	}
	if noSkip {
		for _, rd := range rg.readers {
			if rd != nil {
				rd.locs = nil // read every page in order
			}
		}
	}
	return rg, nil
}

// start readies a planned row group for reading through src, counting
// into st.
func (rg *rgScan) start(src *countingReader, st *Stats) {
	rg.src = src
	for _, rd := range rg.readers {
		if rd != nil {
			rd.src, rd.stats = src, st
		}
	}
	for slot, d := range rg.fs.descs {
		if d.v == nil {
			continue
		}
		if rg.vreaders == nil {
			rg.vreaders = make([]rowReader, len(rg.fs.descs))
		}
		rg.vreaders[slot] = d.v.newReader()
		if r, ok := rg.vreaders[slot].(*vreader); ok {
			r.ranges, r.rows, r.st = rg.ranges, rg.rows, st
		}
	}
	st.RowGroupsRead++
}

// chunkLocations checks the column chunk of flat leaf d in row group rg
// against the leaf's type and the row group's rows, and returns its
// validated offset index (nil: none).
func chunkLocations(e *fileEntry, rg int, d *leafDesc) ([]format.PageLocation, error) {
	md := &e.pf.Metadata().RowGroups[rg]
	cmd := &md.Columns[d.leaf].MetaData
	if cmd.Type != d.phys {
		return nil, &FileError{Path: e.path, RowGroup: rg, Column: d.path,
			Err: corrupt(fmt.Errorf("column chunk of type %s for a %s column", cmd.Type, d.phys))}
	}
	if cmd.NumValues != md.NumRows {
		return nil, &FileError{Path: e.path, RowGroup: rg, Column: d.path,
			Err: corrupt(fmt.Errorf("%d values in a flat column of %d rows", cmd.NumValues, md.NumRows))}
	}
	oi := e.pageIndex(rg, d.leaf).oi
	if oi == nil {
		return nil, nil
	}
	locs, err := validLocations(oi, cmd, md.NumRows)
	if err != nil {
		return nil, &FileError{Path: e.path, RowGroup: rg, Column: d.path, Err: err}
	}
	return locs, nil
}

// pageRanges evaluates a leaf predicate page by page with the column index
// of its column, or over the whole row group when there is none.
func (rg *rgScan) pageRanges(p *fpred, stat func(int) *unitStats) rangesMaybe {
	whole := func() rangesMaybe {
		m := p.may(stat, rg.fs.descs)
		var out rangesMaybe
		if m.t {
			out.t = rowRanges{{0, rg.rows}}
		}
		if m.f {
			out.f = rowRanges{{0, rg.rows}}
		}
		return out
	}
	rd := rg.readers[p.slot]
	if vd, ok := rg.fs.descs[p.slot].v.(*vdesc); ok && rd == nil {
		if out, ok := vd.pageRanges(p, rg.fs.descs, rg.fs.entry, rg.index, rg.rows); ok {
			return out
		}
		return whole()
	}
	if rd == nil || rd.locs == nil {
		return whole()
	}
	e := rg.fs.entry
	d := rd.desc
	ci := e.pageIndex(rg.index, d.leaf).ci
	n := len(rd.locs)
	if ci == nil || len(ci.NullPages) != n || len(ci.MinValues) != n || len(ci.MaxValues) != n {
		return whole()
	}
	if cs := leafChunkStats(e, rg.index, d); !indexValid(d, ci, rd.locs, rg.rows, &cs) {
		return whole()
	}
	nullCounts := len(ci.NullCounts) == n
	var out rangesMaybe
	var st unitStats
	pageStat := func(int) *unitStats { return &st }
	for k := range n {
		lo := rd.locs[k].FirstRowIndex
		hi := rg.rows
		if k+1 < n {
			hi = rd.locs[k+1].FirstRowIndex
		}
		st = unitStats{values: hi - lo, allNull: ci.NullPages[k]}
		switch {
		case d.required:
			st.nullsKnown = true
		case nullCounts && ci.NullCounts[k] >= 0:
			st.nullsKnown, st.nulls = true, ci.NullCounts[k]
		}
		if !st.allNull && d.ordered {
			st.min, st.max, st.bounds = boundsOf(d, ci.MinValues[k], ci.MaxValues[k])
		}
		m := p.may(pageStat, rg.fs.descs)
		if m.t {
			out.t = out.t.add(lo, hi)
		}
		if m.f {
			out.f = out.f.add(lo, hi)
		}
	}
	return out
}

// chunkStats returns what the column chunk statistics of a slot prove.
func chunkStats(e *fileEntry, rg int, d *leafDesc, rows int64) unitStats {
	if d.v != nil {
		return d.v.unitStats(e, rg, rows)
	}
	if d.konst != nil && !d.konst.null { // a partition column: every row holds it
		return unitStats{nullsKnown: true, values: rows, min: *d.konst, max: *d.konst, bounds: true}
	}
	if d.leaf < 0 { // the file lacks the column: every row is NULL
		return unitStats{nullsKnown: true, nulls: rows, values: rows, allNull: true}
	}
	s := leafChunkStats(e, rg, d)
	if s.bounds {
		if ci := e.pageIndex(rg, d.leaf).ci; ci != nil && !indexValid(d, ci, nil, 0, &s) {
			return unknownStats(d, s.values)
		}
	}
	return s
}

// unknownStats is what is known of a flat leaf's unit of values values
// whose statistics cannot be used: only that a REQUIRED column holds no
// NULL.
func unknownStats(d *leafDesc, values int64) unitStats {
	return unitStats{values: values, nullsKnown: d.required}
}

// leafChunkStats returns what the statistics of the column chunk of flat
// leaf d in row group rg prove, or unknownStats when they contradict
// themselves (see statsValid).
func leafChunkStats(e *fileEntry, rg int, d *leafDesc) unitStats {
	md := &e.pf.Metadata().RowGroups[rg].Columns[d.leaf].MetaData
	s := unitStats{values: md.NumValues}
	switch {
	case d.required:
		s.nullsKnown = true
	case e.nullCounts[rg][d.leaf]:
		s.nullsKnown, s.nulls = true, md.Statistics.NullCount
		if s.nulls > s.values {
			return unknownStats(d, s.values)
		}
	}
	s.allNull = s.nullsKnown && s.nulls >= s.values
	if s.allNull || !d.ordered {
		return s
	}
	st := &md.Statistics
	minB, maxB := st.MinValue, st.MaxValue
	if (minB == nil || maxB == nil) && signedOrder(d) {
		// The deprecated min and max follow signed order, which is the
		// column order of these types (parquet.thrift, Statistics).
		minB, maxB = st.Min, st.Max
	}
	if minB != nil && maxB != nil {
		s.min, s.max, s.bounds = boundsOf(d, minB, maxB)
		if s.bounds && compareCellCell(d, &s.min, &s.max) > 0 {
			return unknownStats(d, s.values)
		}
	}
	return s
}

// boundsOf decodes a min and a max; NaN bounds prove nothing (pitfall B39),
// nor does a byte max of only 0xFF bytes: parquet-go (v0.32.0 at least)
// truncates a long max to its first bytes and adds one to them, and where
// they are all 0xFF it keeps them as they are, below the value they stand
// for (parquet.thrift, ColumnIndex: the bounds must hold every value), so
// that such a max may be below the page's largest value.
func boundsOf(d *leafDesc, minB, maxB []byte) (lo, hi cell, ok bool) {
	lo, ok1 := d.statCell(minB)
	hi, ok2 := d.statCell(maxB)
	if !ok1 || !ok2 || d.dom == domFloat && (lo.isNaN() || hi.isNaN()) || d.dom == domBytes && allFF(hi.b) {
		return cell{}, cell{}, false
	}
	return lo, hi, true
}

// allFF reports whether b is not empty and holds only 0xFF bytes.
func allFF(b []byte) bool {
	for _, c := range b {
		if c != 0xFF {
			return false
		}
	}
	return len(b) > 0
}

// signedOrder reports whether the column's order is the signed order of
// its physical type, so that deprecated statistics hold.
func signedOrder(d *leafDesc) bool {
	switch d.phys {
	case format.Boolean, format.Float, format.Double:
		return true
	case format.Int32, format.Int64:
		return d.dom != domUint
	}
	return false
}
