package scan

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"

	"github.com/parquetvariant/parquetvariant/internal/scanhook"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// batchRows is the most rows a batch holds: the unit in which workers hand
// decoded rows to the cursor.
const batchRows = 4096

// batchBytes ends a batch early when the bytes of its values reach it, so
// that long strings do not make batches large.
const batchBytes = 8 << 20

// batchesPerJob is how many finished batches a row group may have waiting
// for the cursor. With Workers w, at most w+1 row groups are in flight, so
// decoded rows in memory stay below (w+1)*(batchesPerJob+1) batches of at
// most batchRows rows and about batchBytes bytes.
const batchesPerJob = 2

// pipeline decodes row groups in parallel and hands them to the cursor in
// order. A producer goroutine lists the row groups of the table's files in
// order and sends each as a job both to the workers and, through order, to
// the cursor, which reads each job's batches in turn.
type pipeline struct {
	ctx    context.Context
	cancel context.CancelFunc
	table  *Table
	plan   *plan
	order  chan *job // jobs in table order, for the cursor
	jobs   chan *job // the same jobs, for the workers
	free   chan *batch
	wg     sync.WaitGroup
	onPage func() // called before each page a worker reads (scanhook)

	mu    sync.Mutex
	files []*fileScan // every file opened, closed by stop
}

// job is one row group to decode.
type job struct {
	fs        *fileScan
	file      int // index of the file in the table
	rg        int
	g         *rgScan     // the row group, planned from the footer
	err       error       // failed before decoding (planning, opening the file)
	out       chan *batch // batches in row order; closed when done
	cancelled bool        // set before out is closed when the scan was cancelled
	// done is the work the producer did since the job before: row groups
	// and files skipped from their footers, files opened. The cursor adds
	// it when it takes the job.
	done Stats
}

// batch is decoded rows of one row group: the output cells of matching
// rows, column by column, with their bytes copied into arena.
type batch struct {
	descs []*leafDesc  // by slot, of the batch's file
	cols  [][]cell     // by output column
	spans [][]byteSpan // by output column: the cells with bytes, which lie in arena
	arena []byte
	// metas holds, by output column, the metadata of the column's Variant
	// cells whose i is -1 (see cell): one copy for the rows of the batch
	// that share it.
	metas [][]byte
	n     int
	stats Stats // work done for this batch
	err   error // the row group failed after the batch's rows
	// path and rowGroup are where the batch's rows come from, and runs the
	// row numbers in the row group of its rows, in order (see Rows.Position).
	path     string
	rowGroup int
	runs     []rowRun
}

// rowRun is n consecutive rows of a row group from row first.
type rowRun struct {
	first int64
	n     int64
}

// addRows notes that the batch's next n rows are rows first.. of its row
// group.
func (b *batch) addRows(first, n int64) {
	if k := len(b.runs) - 1; k >= 0 && b.runs[k].first+b.runs[k].n == first {
		b.runs[k].n += n
		return
	}
	b.runs = append(b.runs, rowRun{first, n})
}

// span is a run of bytes or of cells.
type span struct{ lo, hi int }

// byteSpan is where the bytes of cell k of a batch's column lie in its
// arena.
type byteSpan struct{ k, lo, hi int }

// fileScan is a file being read: its open descriptor and the query
// compiled for its columns. Workers share it read-only.
type fileScan struct {
	entry     *fileEntry
	f         *os.File
	descs     []*leafDesc // by slot
	where     *fpred
	only      []rowRanges  // by row group, the rows to read; nil: every row
	remaining atomic.Int64 // row groups not yet decoded
	closeOnce sync.Once
}

func (fs *fileScan) close() {
	fs.closeOnce.Do(func() { fs.f.Close() })
}

func startPipeline(ctx context.Context, t *Table, p *plan, workers int) *pipeline {
	ctx, cancel := context.WithCancel(ctx)
	pl := &pipeline{
		ctx: ctx, cancel: cancel, table: t, plan: p,
		order:  make(chan *job, workers),
		jobs:   make(chan *job, workers),
		free:   make(chan *batch, workers*(batchesPerJob+2)+1),
		onPage: scanhook.PageRead(ctx),
	}
	pl.wg.Add(1 + workers)
	go pl.produce()
	for range workers {
		go pl.work()
	}
	return pl
}

// stop cancels the pipeline, waits for its goroutines and closes its files.
func (pl *pipeline) stop() {
	pl.cancel()
	pl.wg.Wait()
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for _, fs := range pl.files {
		fs.close()
	}
	pl.files = nil
}

// produce sends a job per row group of every file that data skipping
// keeps, in order. Row groups are planned from the cached footer before
// the file is opened, so a file whose every row group is skipped is never
// opened.
func (pl *pipeline) produce() {
	defer pl.wg.Done()
	defer close(pl.jobs)
	defer close(pl.order)
	var done Stats // work not yet handed to the cursor
	for fi, e := range pl.table.files {
		if pl.ctx.Err() != nil {
			return // files skipped one after another send nothing to wait on
		}
		nrg := len(e.pf.Metadata().RowGroups)
		if pl.plan.selected(fi, nrg) == 0 {
			continue
		}
		fs, err := pl.fileQuery(fi, e)
		if err != nil {
			pl.fail(fi, err, &done)
			return
		}
		if !pl.produceFile(fi, fs, &done) {
			return
		}
	}
	if done != (Stats{}) {
		// The skipped work after the last job read, handed over in a job
		// with no row group.
		j := &job{file: len(pl.table.files), rg: -1, out: make(chan *batch), done: done}
		close(j.out)
		select {
		case pl.order <- j:
		case <-pl.ctx.Done():
		}
	}
}

// produceFile sends a job per row group of file fi that the scan reads
// and data skipping keeps, planning each from the file's footer just
// before sending it, so that the first row comes before the last row
// group is planned. The file is opened at the first row group kept. The
// row groups that data skipping excludes are counted into done, which
// the next job carries. It returns false when the scan ends: cancelled,
// or failed after the row groups before the failure.
func (pl *pipeline) produceFile(fi int, fs *fileScan, done *Stats) bool {
	opened := false
	defer func() {
		// The producer holds the file open while it plans it.
		if opened && fs.remaining.Add(-1) == 0 {
			fs.close()
		}
	}()
	for i := range len(fs.entry.pf.Metadata().RowGroups) {
		if !pl.plan.reads(fi, i) {
			continue
		}
		if pl.ctx.Err() != nil {
			return false
		}
		g, err := pl.planGroup(fs, i, done)
		if err != nil {
			pl.fail(fi, err, done)
			return false
		}
		if g == nil {
			continue
		}
		if !opened {
			if err := pl.openFile(fs); err != nil {
				pl.fail(fi, err, done)
				return false
			}
			opened = true
			fs.remaining.Store(1)
			done.FilesOpened++
		}
		fs.remaining.Add(1)
		if !pl.send(&job{fs: fs, file: fi, rg: i, g: g, out: make(chan *batch, batchesPerJob), done: *done}) {
			return false
		}
		*done = Stats{}
	}
	return true
}

// planGroup plans row group i of fs from the file's footer: nil when data
// skipping excludes it, counted into st.
func (pl *pipeline) planGroup(fs *fileScan, i int, st *Stats) (g *rgScan, err error) {
	defer func() {
		// Malformed statistics must end the scan with an error, as they
		// would in a worker.
		if p := recover(); p != nil {
			g, err = nil, &FileError{Path: fs.entry.path, RowGroup: i, Err: corrupt(fmt.Errorf("decoding: %v", p))}
		}
	}()
	return planRowGroup(fs, i, pl.plan.noSkip, st)
}

// fail sends a job that ends the scan with err, about file fi, carrying
// done.
func (pl *pipeline) fail(fi int, err error, done *Stats) {
	pl.send(&job{file: fi, rg: -1, err: err, out: make(chan *batch, batchesPerJob), done: *done})
}

// send hands j to the cursor and the workers; false when cancelled.
func (pl *pipeline) send(j *job) bool {
	select {
	case pl.order <- j:
	case <-pl.ctx.Done():
		return false
	}
	select {
	case pl.jobs <- j:
		return true
	case <-pl.ctx.Done():
		// The cursor may wait on this job: finish it as cancelled.
		j.cancelled = true
		close(j.out)
		return false
	}
}

// openFile opens the file of fs and checks that it is the file whose
// footer the table holds.
func (pl *pipeline) openFile(fs *fileScan) error {
	e := fs.entry
	f, err := os.Open(e.path)
	if err != nil {
		return &FileError{Path: e.path, RowGroup: -1, Err: goneFile(err)}
	}
	if st, err := f.Stat(); err != nil || st.Size() != e.size || !st.ModTime().Equal(e.modTime) {
		f.Close()
		if err == nil {
			err = ErrStale
		}
		return &FileError{Path: e.path, RowGroup: -1, Err: err}
	}
	fs.f = f
	pl.mu.Lock()
	pl.files = append(pl.files, fs)
	pl.mu.Unlock()
	return nil
}

// fileQuery compiles the query for the columns of data file fi of the
// table, from its footer.
func (pl *pipeline) fileQuery(fi int, e *fileEntry) (*fileScan, error) {
	fs := &fileScan{entry: e, descs: make([]*leafDesc, len(pl.plan.cols))}
	if pl.plan.only != nil {
		fs.only = pl.plan.only[fi]
	}
	schema := e.pf.Metadata().Schema
	for slot, c := range pl.plan.cols {
		col := pl.table.schema.Columns[c]
		i, ok := e.byName[pl.plan.keys[slot]]
		if !ok {
			var d *leafDesc
			if pl.table.parts != nil && !pl.plan.refs[slot].hasPath() {
				var err error
				if d, err = partitionDesc(col.Name, col.Type, pl.table.parts[fi]); err != nil {
					return nil, &FileError{Path: e.path, RowGroup: -1, Column: col.Name, Err: err}
				}
			}
			if d == nil {
				d = &leafDesc{leaf: -1, path: col.Name, typ: pl.plan.types[slot]}
			}
			fs.descs[slot] = d
			continue
		}
		fc := &e.cols[i]
		if col.Type.Kind == KindNested {
			ref := pl.plan.refs[slot]
			n, err := newNDesc(e, fc, ref, pl.plan.lenient)
			if err != nil {
				return nil, err
			}
			fs.descs[slot] = resultDesc(ref.String(), pl.plan.types[slot], n)
			continue
		}
		if col.Type.Kind == KindVariant {
			ref := pl.plan.refs[slot]
			v, err := e.variantSlot(i, pl.plan.slotKeys[slot], ref, pl.plan.lenient)
			if err != nil {
				return nil, err
			}
			fs.descs[slot] = resultDesc(ref.String(), pl.plan.types[slot], v)
			continue
		}
		fs.descs[slot] = newLeafDesc(fc, &schema[fc.elem])
	}
	if pl.plan.where != nil {
		w := pl.plan.where.compile(fs.descs)
		fs.where = &w
	}
	return fs, nil
}

// work decodes jobs until there are none left or the scan is cancelled.
func (pl *pipeline) work() {
	defer pl.wg.Done()
	for {
		select {
		case j, ok := <-pl.jobs:
			if !ok {
				return
			}
			pl.run(j)
		case <-pl.ctx.Done():
			return
		}
	}
}

// getBatch returns an empty batch for the file's columns.
func (pl *pipeline) getBatch(descs []*leafDesc) *batch {
	var b *batch
	select {
	case b = <-pl.free:
	default:
		n := len(pl.plan.out)
		b = &batch{cols: make([][]cell, n), spans: make([][]byteSpan, n), arena: make([]byte, 0, 4096), metas: make([][]byte, n)}
		for i := range n {
			b.cols[i] = make([]cell, 0, batchRows)
			b.spans[i] = make([]byteSpan, 0, 64)
		}
	}
	b.descs = descs
	return b
}

// recycle returns a batch the cursor is done with.
func (pl *pipeline) recycle(b *batch) {
	for i := range b.cols {
		b.cols[i] = b.cols[i][:0]
		b.spans[i] = b.spans[i][:0]
		b.metas[i] = b.metas[i][:0]
	}
	b.arena = b.arena[:0]
	if b.arena == nil || cap(b.arena) > 2*batchBytes {
		b.arena = make([]byte, 0, 4096)
	}
	b.n, b.stats, b.err, b.descs = 0, Stats{}, nil, nil
	b.runs = b.runs[:0]
	select {
	case pl.free <- b:
	default:
	}
}

// run decodes one row group into batches.
func (pl *pipeline) run(j *job) {
	defer close(j.out)
	var st Stats
	emit := func(b *batch) bool {
		if j.fs != nil {
			b.path = j.fs.entry.path
		}
		b.rowGroup = j.rg
		for i := range b.cols { // the arena no longer moves
			for _, s := range b.spans[i] {
				b.cols[i][s.k].b = b.arena[s.lo:s.hi:s.hi]
			}
		}
		b.stats, st = st, Stats{}
		if b.err != nil && pl.ctx.Err() != nil {
			// The error comes of the cancel (a page read refused): the
			// cursor reports the context's error instead.
			j.cancelled = true
			return false
		}
		select {
		case j.out <- b:
			return true
		case <-pl.ctx.Done():
			j.cancelled = true
			return false
		}
	}
	if j.err != nil {
		b := pl.getBatch(nil)
		b.err = j.err
		emit(b)
		return
	}
	fs := j.fs
	defer func() {
		if fs.remaining.Add(-1) == 0 {
			fs.close()
		}
	}()
	defer func() {
		// Malformed input must end the scan with an error, never crash the
		// process from a worker goroutine.
		if p := recover(); p != nil {
			b := pl.getBatch(fs.descs)
			b.err = &FileError{Path: fs.entry.path, RowGroup: j.rg, Err: corrupt(fmt.Errorf("decoding: %v", p))}
			emit(b)
		}
	}()
	if pl.ctx.Err() != nil {
		// Cancelled before the row group is begun (a worker picks a job
		// and the cancel alike at random): none of it is read.
		j.cancelled = true
		return
	}
	g := j.g
	g.start(&countingReader{r: fs.f, n: &st.BytesRead, ctx: pl.ctx, onPage: pl.onPage}, &st)
	b := pl.getBatch(fs.descs)
	defer g.close(&st)
	// Direct Variant slots are read a block of rows at a time, and a
	// predicate that reads only such slots is evaluated over the block.
	var vec []tri
	var tmp [][]tri
	blockable := fs.where != nil && fs.where.blockable(g)
	if blockable {
		vec = make([]tri, blockRows)
		for range fs.where.depth() {
			tmp = append(tmp, make([]tri, blockRows))
		}
	}
	direct := make([]*vreader, len(pl.plan.out)) // by output column
	anyDirect := false
	for i, slot := range pl.plan.out {
		direct[i] = g.directReader(slot)
		if direct[i] == nil && fs.where == nil {
			direct[i] = g.wholeReader(slot)
		}
		anyDirect = anyDirect || direct[i] != nil
	}
	fail := func(err error) {
		b.err = err
		emit(b)
	}
	// With no predicate and one output column, a whole Variant, rows are
	// rebuilt straight into the batch.
	var into *vreader
	if fs.where == nil && len(direct) == 1 && direct[0] != nil && direct[0].d.whole {
		into = direct[0]
	}
	tick := 0
	var err error
	for _, rr := range g.ranges {
		for lo := rr.lo; lo < rr.hi; lo += blockRows {
			hi := min(lo+blockRows, rr.hi)
			from := lo // rows [lo, from) are in the batch
			if into != nil {
				for from < hi {
					m := min(hi-from, int64(batchRows-b.n))
					k, err := into.wholeInto(fs.entry, g.index, g.src, b, 0, from, from+m)
					if err != nil {
						fail(&FileError{Path: fs.entry.path, RowGroup: g.index, Column: into.column(), Err: err})
						return
					}
					b.addRows(from, k)
					b.n += int(k)
					st.RowsScanned += k
					from += k
					if b.n == batchRows || len(b.arena) >= batchBytes {
						if !emit(b) {
							return
						}
						b = pl.getBatch(fs.descs)
					}
					if k < m {
						break // the row from fails: see below
					}
				}
				if pl.ctx.Err() != nil {
					j.cancelled = true
					return
				}
				if from == hi {
					continue
				}
			}
			vecEnd := lo // rows [lo, vecEnd) are evaluated in vec
			if blockable {
				end, err := fs.where.prefetch(g, lo, hi)
				if err != nil {
					fail(err)
					return
				}
				fs.where.evalBlock(g, lo, vec[:end-lo], tmp)
				vecEnd = end
			}
			if into == nil && anyDirect && pl.worthPrefetch(fs.where == nil, vec[:vecEnd-lo], hi-lo) {
				for _, r := range direct {
					if r == nil || r.blk.lo == lo && r.blk.end > lo {
						continue
					}
					if err := r.block(fs.entry, g.index, g.src, lo, hi); err != nil {
						fail(&FileError{Path: fs.entry.path, RowGroup: g.index, Column: r.column(), Err: err})
						return
					}
				}
			}
			if fs.where == nil && allHold(direct, lo, hi) {
				// Every output cell is read: copy them in bulk.
				for row := lo; row < hi; {
					m := min(hi-row, int64(batchRows-b.n))
					for i, r := range direct {
						b.appendCells(i, r.blk.cells[row-r.blk.lo:][:m])
					}
					b.addRows(row, m)
					b.n += int(m)
					st.RowsScanned += m
					row += m
					if b.n == batchRows || len(b.arena) >= batchBytes {
						if !emit(b) {
							return
						}
						b = pl.getBatch(fs.descs)
					}
				}
				if pl.ctx.Err() != nil {
					j.cancelled = true
					return
				}
				continue
			}
			for row := from; row < hi; row++ {
				if tick++; tick == cancelCheckRows {
					tick = 0
					if pl.ctx.Err() != nil {
						j.cancelled = true
						return
					}
				}
				st.RowsScanned++
				if fs.where != nil {
					var v tri
					if row < vecEnd {
						v = vec[row-lo]
					} else if v, err = fs.where.eval(g, row); err != nil {
						fail(err)
						return
					}
					if v != triTrue {
						continue
					}
				}
				for i, slot := range pl.plan.out {
					var c cell
					if rd := g.readers[slot]; rd != nil && rd.loaded && row >= rd.first && row < rd.end {
						c = rd.desc.cellOf(rd.vals[row-rd.first]) // cellAt's fast path, inlined
					} else if r := direct[i]; r != nil && r.blk.has(row) {
						c = r.blk.cells[row-r.blk.lo]
					} else if c, err = g.loadCell(slot, row); err != nil {
						fail(err)
						return
					}
					if c.b != nil {
						lo := len(b.arena)
						b.arena = append(b.arena, c.b...)
						b.spans[i] = append(b.spans[i], byteSpan{len(b.cols[i]), lo, len(b.arena)})
						c.b = nil
					}
					b.cols[i] = append(b.cols[i], c)
				}
				b.addRows(row, 1)
				b.n++
				if b.n == batchRows || len(b.arena) >= batchBytes {
					if !emit(b) {
						return
					}
					b = pl.getBatch(fs.descs)
				}
			}
		}
	}
	g.close(&st)
	emit(b)
}

// allHold reports whether every output column is a direct Variant slot
// whose block holds rows [lo, hi).
func allHold(direct []*vreader, lo, hi int64) bool {
	for _, r := range direct {
		if r == nil || r.blk.lo > lo || r.blk.end < hi {
			return false
		}
	}
	return len(direct) > 0
}

// appendCells appends cells to output column i of the batch, their bytes
// copied into the arena.
func (b *batch) appendCells(i int, cells []cell) {
	col := b.cols[i]
	start := len(col)
	col = append(col, cells...)
	for k := start; k < len(col); k++ {
		if c := &col[k]; c.b != nil {
			lo := len(b.arena)
			b.arena = append(b.arena, c.b...)
			b.spans[i] = append(b.spans[i], byteSpan{k, lo, len(b.arena)})
			c.b = nil
		}
	}
	b.cols[i] = col
}

// worthPrefetch reports whether the direct output slots are read for a
// whole block of n rows: with no predicate, or when the rows evaluated in
// vec pass often enough that reading every cell costs less than reading
// the passing ones one by one.
func (pl *pipeline) worthPrefetch(all bool, vec []tri, n int64) bool {
	if all {
		return true
	}
	if int64(len(vec)) < n {
		return false
	}
	pass := 0
	for _, v := range vec {
		if v == triTrue {
			pass++
		}
	}
	return pass*8 >= len(vec) && pass > 0
}

// cancelCheckRows is how many rows a worker scans between context checks.
const cancelCheckRows = 1024

// rgScan is a row group being decoded.
type rgScan struct {
	fs       *fileScan
	index    int
	rows     int64
	ranges   rowRanges
	readers  []*chunkReader  // by slot; nil when the file lacks the column
	vreaders []rowReader     // by slot, for slots built from several leaves
	src      *countingReader // the file
	closed   bool
}

// cellAt returns the cell of a slot at row, wrapping read errors with the
// file, row group and column.
func (g *rgScan) cellAt(slot int, row int64) (cell, error) {
	if rd := g.readers[slot]; rd != nil && rd.loaded && row >= rd.first && row < rd.end {
		return rd.desc.cellOf(rd.vals[row-rd.first]), nil // the page is loaded
	}
	return g.loadCell(slot, row)
}

// loadCell is cellAt when the row's page must be loaded first.
func (g *rgScan) loadCell(slot int, row int64) (cell, error) {
	rd := g.readers[slot]
	if rd == nil {
		if g.vreaders != nil && g.vreaders[slot] != nil {
			return g.variantCell(g.vreaders[slot], row)
		}
		if k := g.fs.descs[slot].konst; k != nil {
			return *k, nil
		}
		return cell{null: true}, nil
	}
	c, err := rd.at(row)
	if err != nil {
		return c, &FileError{Path: g.fs.entry.path, RowGroup: g.index, Column: rd.desc.path, Err: err}
	}
	return c, nil
}

// close releases the readers and counts the pages they skipped.
func (g *rgScan) close(st *Stats) {
	if g.closed {
		return
	}
	g.closed = true
	for _, vr := range g.vreaders {
		if r, ok := vr.(*vreader); ok && !r.loaded {
			// No row was asked for: every page is skipped.
			st.PagesSkipped += r.d.pageCount(g.fs.entry, g.index, g.rows)
		}
		if vr != nil {
			vr.release()
		}
	}
	for _, rd := range g.readers {
		if rd == nil {
			continue
		}
		if rd.locs != nil {
			st.PagesSkipped += int64(len(rd.locs) - rd.read)
		}
		rd.close()
	}
}

// variantCell returns the cell of a Variant slot at row, reading the slot's
// leaves of the row group first when needed.
func (g *rgScan) variantCell(vr rowReader, row int64) (cell, error) {
	c, err := vr.at(g.fs.entry, g.index, g.src, row)
	if err != nil {
		if rowFault(err) {
			err = &RowError{Row: row, Err: err}
		}
		return c, &FileError{Path: g.fs.entry.path, RowGroup: g.index, Column: vr.column(), Err: err}
	}
	return c, nil
}

// rowFault reports an error about the value of one row (a failed cast,
// malformed Variant bytes, shredded data the spec calls invalid), not
// about the pages the row group's values come from.
func rowFault(err error) bool {
	return errors.Is(err, variant.ErrCast) || errors.Is(err, variant.ErrInvalidValue) ||
		errors.Is(err, variant.ErrInvalidMetadata) || errors.Is(err, shred.ErrInvalidLayout)
}
