package scan

import (
	"context"
	"fmt"
	"runtime"
)

// Stats counts the work of a scan. Pages are counted when a column chunk
// has an offset index (PageIndex.md): PagesSkipped is the number of its
// pages that were not decoded, in row groups read or skipped. BytesRead
// counts bytes read from data files (column chunks and page headers;
// footers are read when a table is opened, not by scans). Counts cover the
// rows delivered so far; they are final once Next has returned false.
type Stats struct {
	Files        int64 // files of the table
	FilesRead    int64 // files with a row group read
	FilesSkipped int64 // files whose every row group was skipped
	// FilesOpened counts the data files opened. A file is opened only
	// when a row group of it is to be read: the row groups and pages that
	// statistics exclude are decided from the cached footer first.
	FilesOpened      int64
	RowGroupsRead    int64
	RowGroupsSkipped int64
	PagesRead        int64
	PagesSkipped     int64
	BytesRead        int64
	RowsScanned      int64 // rows whose predicate was evaluated
	RowsReturned     int64
}

func (s *Stats) add(o *Stats) {
	s.FilesSkipped += o.FilesSkipped
	s.FilesOpened += o.FilesOpened
	s.RowGroupsRead += o.RowGroupsRead
	s.RowGroupsSkipped += o.RowGroupsSkipped
	s.PagesRead += o.PagesRead
	s.PagesSkipped += o.PagesSkipped
	s.BytesRead += o.BytesRead
	s.RowsScanned += o.RowsScanned
	s.RowsReturned += o.RowsReturned
}

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
// Row groups are decoded in parallel by [Query.Workers] goroutines; rows
// come out in file and row order. Typed accessors take the output column
// position and do not allocate; each must match the column's [Kind] (see
// [Rows.Columns]) and returns the zero value on a NULL or a mismatched
// kind. Byte slices are views valid until the next call to Next. A Rows is
// not safe for concurrent use. Its goroutines stop when Next returns false,
// when Close is called or when the context is cancelled; a scan abandoned
// without any of these keeps them waiting.
type Rows struct {
	ctx   context.Context
	table *Table
	plan  *plan
	cols  []Column
	stats Stats

	pipe *pipeline
	job  *job   // job whose batches are being read
	cur  *batch // batch of the current row
	k    int    // current row in cur
	err  error
	done bool

	metas []metaCache // by output column: the last Variant metadata decoded
	seq   uint64      // counts the batches read, numbering cur

	filesDone int    // files before this one are finished
	fileRead  []bool // a row group of the file was read
}

// Scan starts reading the table. Errors: ErrUnknownColumn, ErrType and
// ErrUnsupported when q does not fit the table's schema. Errors while
// reading come from [Rows.Err].
func (t *Table) Scan(ctx context.Context, q Query) (*Rows, error) {
	p, err := newPlan(&t.schema, &q)
	if err != nil {
		return nil, fmt.Errorf("table %q: %w", t.Name, err)
	}
	if q.Only != nil {
		if p.only, err = t.onlyRows(q.Only); err != nil {
			return nil, fmt.Errorf("table %q: %w", t.Name, err)
		}
	}
	r := &Rows{ctx: ctx, table: t, plan: p, fileRead: make([]bool, len(t.files))}
	for fi, e := range t.files {
		n := len(e.pf.Metadata().RowGroups)
		r.stats.RowGroupsSkipped += int64(n - p.selected(fi, n))
	}
	r.cols = make([]Column, len(p.out))
	for i, s := range p.out {
		r.cols[i] = t.schema.Columns[p.cols[s]]
		r.cols[i].Type = p.types[s]
		if p.refs[s].hasPath() {
			r.cols[i] = Column{Name: p.refs[s].String(), Type: p.types[s], Nullable: true}
		}
	}
	r.stats.Files = int64(len(t.files))
	workers := q.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	r.pipe = startPipeline(ctx, t, p, workers)
	return r, nil
}

// Check returns the error Scan would return for q, reading no data.
func (t *Table) Check(q Query) error {
	if _, err := newPlan(&t.schema, &q); err != nil {
		return fmt.Errorf("table %q: %w", t.Name, err)
	}
	if q.Only != nil {
		if _, err := t.onlyRows(q.Only); err != nil {
			return fmt.Errorf("table %q: %w", t.Name, err)
		}
	}
	return nil
}

// Columns describes the output columns.
func (r *Rows) Columns() []Column { return r.cols }

// Position returns where the current row is: its file, row group and row
// number in the row group (from 0), as a [*FileError] names them; ok is
// false when there is no current row.
func (r *Rows) Position() (path string, rowGroup int, row int64, ok bool) {
	if r.cur == nil || r.k >= r.cur.n {
		return "", 0, 0, false
	}
	k := int64(r.k)
	for _, run := range r.cur.runs {
		if k < run.n {
			return r.cur.path, r.cur.rowGroup, run.first + k, true
		}
		k -= run.n
	}
	return "", 0, 0, false
}

// Stats returns the counts of the work done so far.
func (r *Rows) Stats() Stats { return r.stats }

// Err returns the error that ended the scan, if any: a [*FileError] for a
// corrupt file, or the context's error when it was cancelled.
func (r *Rows) Err() error { return r.err }

// Close stops the scan's goroutines and releases its files and buffers. It
// is safe to call twice.
func (r *Rows) Close() error {
	if r.done {
		return nil
	}
	r.done = true
	r.pipe.stop()
	r.cur, r.job = nil, nil
	return nil
}

// Next advances to the next row that satisfies the predicate. It returns
// false at the end, on an error (see [Rows.Err]) or after Close.
func (r *Rows) Next() bool {
	if r.done {
		return false
	}
	if r.cur != nil && r.k+1 < r.cur.n {
		if r.k++; r.k%cancelCheckRows == 0 {
			if err := r.ctx.Err(); err != nil {
				return r.fail(err)
			}
		}
		r.stats.RowsReturned++
		return true
	}
	for {
		if r.cur != nil {
			// A row group that failed after the batch's rows fails the
			// scan once those rows are handed out, not before.
			err := r.cur.err
			r.pipe.recycle(r.cur)
			r.cur = nil
			if err != nil {
				return r.fail(err)
			}
		}
		b, err := r.nextBatch()
		if err != nil {
			return r.fail(err)
		}
		if b == nil {
			r.finishFiles(len(r.table.files))
			r.Close()
			return false
		}
		r.stats.add(&b.stats)
		if err := b.err; err != nil && b.n == 0 {
			r.pipe.recycle(b)
			return r.fail(err)
		}
		if b.n == 0 {
			r.pipe.recycle(b)
			continue
		}
		r.cur, r.k = b, 0
		r.seq++
		r.stats.RowsReturned++
		return true
	}
}

// nextBatch returns the next batch in order, nil at the end.
func (r *Rows) nextBatch() (*batch, error) {
	for {
		if r.job == nil {
			select {
			case j, ok := <-r.pipe.order:
				if !ok {
					if err := r.pipe.ctx.Err(); err != nil {
						return nil, r.ctxErr(err)
					}
					return nil, nil
				}
				r.job = j
				r.stats.add(&j.done)
				r.finishFiles(j.file)
			case <-r.ctx.Done():
				return nil, r.ctx.Err()
			}
		}
		select {
		case b, ok := <-r.job.out:
			if !ok {
				if r.job.cancelled {
					return nil, r.ctxErr(r.pipe.ctx.Err())
				}
				r.job = nil
				continue
			}
			if f := r.job.file; b.stats.RowGroupsRead > 0 && !r.fileRead[f] {
				r.fileRead[f] = true
				r.stats.FilesRead++
			}
			return b, nil
		case <-r.ctx.Done():
			return nil, r.ctx.Err()
		}
	}
}

// ctxErr prefers the caller's context error to the pipeline's.
func (r *Rows) ctxErr(err error) error {
	if e := r.ctx.Err(); e != nil {
		return e
	}
	return err
}

// finishFiles counts as skipped the files before next that had no row
// group read.
func (r *Rows) finishFiles(next int) {
	for ; r.filesDone < next; r.filesDone++ {
		if !r.fileRead[r.filesDone] {
			r.stats.FilesSkipped++
		}
	}
}

func (r *Rows) fail(err error) bool {
	r.err = err
	r.Close()
	return false
}

// cell returns output column i of the current row.
func (r *Rows) cell(i int) *cell { return &r.cur.cols[i][r.k] }

// desc returns the file description of output column i.
func (r *Rows) desc(i int) *leafDesc { return r.cur.descs[r.plan.out[i]] }
