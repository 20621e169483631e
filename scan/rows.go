package scan

import (
	"context"
	"fmt"
	"os"
)

// Stats counts the work of a scan. Pages are counted when a column chunk
// has an offset index (PageIndex.md): PagesSkipped is the number of its
// pages that were not decoded, in row groups read or skipped. BytesRead
// counts bytes read from data files (column chunks; footers are read when
// a table is opened, not by scans).
type Stats struct {
	Files            int64 // files of the table
	FilesSkipped     int64 // files whose every row group was skipped
	RowGroupsRead    int64
	RowGroupsSkipped int64
	PagesRead        int64
	PagesSkipped     int64
	BytesRead        int64
	RowsScanned      int64 // rows whose predicate was evaluated
	RowsReturned     int64
}

// cancelCheckRows is how many rows Next scans between context checks.
const cancelCheckRows = 1024

// Rows is a cursor over the rows of a scan:
//
//	rows, err := table.Scan(ctx, scan.Query{...})
//	if err != nil { ... }
//	defer rows.Close()
//	for rows.Next() {
//		if !rows.IsNull(0) { id := rows.Int64(0) }
//	}
//	if err := rows.Err(); err != nil { ... }
//
// Typed accessors take the output column position and do not allocate; each
// must match the column's [Kind] (see [Rows.Columns]) and returns the zero
// value on a NULL or a mismatched kind. Byte slices are views valid until
// the next call to Next. A Rows is not safe for concurrent use.
type Rows struct {
	ctx   context.Context
	table *Table
	plan  *plan
	cols  []Column
	stats Stats

	fileIdx int // next file
	file    *fileScan
	rg      *rgScan
	cells   []cell // current row, by output column
	descs   []*leafDesc
	err     error
	done    bool
	tick    int
}

// fileScan is the state of the file being read.
type fileScan struct {
	entry   *fileEntry
	f       *os.File
	src     countingReader
	descs   []*leafDesc // by slot
	where   *fpred
	nextRG  int
	anyRead bool
}

// rgScan is the state of the row group being read.
type rgScan struct {
	index   int
	rows    int64
	ranges  rowRanges
	ri      int            // current range
	row     int64          // next candidate row
	readers []*chunkReader // by slot; nil when the file lacks the column
}

// Scan starts reading the table. Errors: ErrUnknownColumn, ErrType and
// ErrUnsupported when q does not fit the table's schema. Errors while
// reading come from [Rows.Err].
func (t *Table) Scan(ctx context.Context, q Query) (*Rows, error) {
	p, err := newPlan(&t.schema, &q)
	if err != nil {
		return nil, fmt.Errorf("table %q: %w", t.Name, err)
	}
	r := &Rows{ctx: ctx, table: t, plan: p, cells: make([]cell, len(p.out))}
	r.cols = make([]Column, len(p.out))
	for i, s := range p.out {
		r.cols[i] = t.schema.Columns[p.cols[s]]
	}
	r.stats.Files = int64(len(t.files))
	return r, nil
}

// Columns describes the output columns.
func (r *Rows) Columns() []Column { return r.cols }

// Stats returns the counts of the work done so far.
func (r *Rows) Stats() Stats { return r.stats }

// Err returns the error that ended the scan, if any: a [*FileError] for a
// corrupt file, or the context's error when it was cancelled.
func (r *Rows) Err() error { return r.err }

// Close releases the scan's files and buffers. It is safe to call twice.
func (r *Rows) Close() error {
	r.done = true
	r.closeRowGroup()
	r.closeFile()
	return nil
}

// Next advances to the next row that satisfies the predicate. It returns
// false at the end, on an error (see [Rows.Err]) or after Close.
func (r *Rows) Next() bool {
	if r.done {
		return false
	}
	for {
		if r.rg == nil {
			if err := r.ctx.Err(); err != nil {
				return r.fail(err)
			}
			ok, err := r.nextRowGroup()
			if err != nil {
				return r.fail(err)
			}
			if !ok {
				r.Close()
				return false
			}
			continue
		}
		rg := r.rg
		if rg.ri == len(rg.ranges) {
			r.closeRowGroup()
			continue
		}
		row := rg.row
		rg.row++
		if rg.row >= rg.ranges[rg.ri].hi {
			rg.ri++
			if rg.ri < len(rg.ranges) {
				rg.row = rg.ranges[rg.ri].lo
			}
		}
		if r.tick++; r.tick == cancelCheckRows {
			r.tick = 0
			if err := r.ctx.Err(); err != nil {
				return r.fail(err)
			}
		}
		r.stats.RowsScanned++
		if w := r.file.where; w != nil {
			v, err := w.eval(r, row)
			if err != nil {
				return r.fail(err)
			}
			if v != triTrue {
				continue
			}
		}
		for i, slot := range r.plan.out {
			c, err := r.cellAt(slot, row)
			if err != nil {
				return r.fail(err)
			}
			r.cells[i] = c
		}
		r.stats.RowsReturned++
		return true
	}
}

func (r *Rows) fail(err error) bool {
	r.err = err
	r.Close()
	return false
}

// cellAt returns the cell of a slot at row of the current row group,
// wrapping read errors with the file, row group and column.
func (r *Rows) cellAt(slot int, row int64) (cell, error) {
	rd := r.rg.readers[slot]
	if rd == nil {
		return cell{null: true}, nil
	}
	c, err := rd.at(row)
	if err != nil {
		return c, &FileError{Path: r.file.entry.path, RowGroup: r.rg.index, Column: rd.desc.path, Err: err}
	}
	return c, nil
}

// nextRowGroup moves to the next row group that may hold matching rows,
// opening files as needed. It returns false at the end of the table.
func (r *Rows) nextRowGroup() (bool, error) {
	for {
		if r.file == nil {
			if r.fileIdx == len(r.table.files) {
				return false, nil
			}
			if err := r.openFile(r.table.files[r.fileIdx]); err != nil {
				return false, err
			}
			r.fileIdx++
		}
		fs := r.file
		if fs.nextRG == len(fs.entry.pf.Metadata().RowGroups) {
			r.closeFile()
			continue
		}
		i := fs.nextRG
		fs.nextRG++
		rg, err := r.openRowGroup(i)
		if err != nil {
			return false, err
		}
		if rg != nil {
			fs.anyRead = true
			r.rg = rg
			r.descs = fs.descs
			return true, nil
		}
	}
}

// openFile prepares the scan of one file.
func (r *Rows) openFile(e *fileEntry) error {
	f, err := os.Open(e.path)
	if err != nil {
		return &FileError{Path: e.path, RowGroup: -1, Err: err}
	}
	fs := &fileScan{entry: e, f: f, src: countingReader{r: f, n: &r.stats.BytesRead}}
	fs.descs = make([]*leafDesc, len(r.plan.cols))
	schema := e.pf.Metadata().Schema
	for slot, c := range r.plan.cols {
		col := r.table.schema.Columns[c]
		i, ok := e.byName[col.Name]
		if !ok {
			fs.descs[slot] = &leafDesc{leaf: -1, path: col.Name, typ: col.Type}
			continue
		}
		fc := &e.cols[i]
		fs.descs[slot] = newLeafDesc(fc, &schema[fc.elem])
	}
	if r.plan.where != nil {
		w := r.plan.where.compile(fs.descs)
		fs.where = &w
	}
	r.file = fs
	return nil
}

func (r *Rows) closeFile() {
	if r.file == nil {
		return
	}
	if !r.file.anyRead {
		r.stats.FilesSkipped++
	}
	r.file.f.Close()
	r.file = nil
}

func (r *Rows) closeRowGroup() {
	rg := r.rg
	if rg == nil {
		return
	}
	for _, rd := range rg.readers {
		if rd == nil {
			continue
		}
		if rd.locs != nil {
			r.stats.PagesSkipped += int64(len(rd.locs) - rd.read)
		}
		rd.close()
	}
	r.rg = nil
}
