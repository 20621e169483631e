package driver

import (
	"cmp"
	"container/heap"
	"context"
	"fmt"
	"slices"

	"github.com/parquetvariant/parquetvariant/scan"
)

// resultIter yields the rows of a query: each row holds the output columns
// and is valid until the next call of next.
type resultIter interface {
	next() ([]value, bool, error)
	close() error
}

// run executes the plan over src with the execution's arguments. Without
// aggregation, DISTINCT or ORDER BY, rows stream one at a time; ORDER BY
// with LIMIT keeps only OFFSET+LIMIT rows; aggregation keeps one state per
// group.
func (p *selectPlan) run(ctx context.Context, src rowSource, args []value) (resultIter, error) {
	limit, err := count(p.limit, args, "LIMIT", -1)
	if err != nil {
		return nil, err
	}
	offset, err := count(p.offset, args, "OFFSET", 0)
	if err != nil {
		return nil, err
	}
	var rows resultIter
	if p.grouped {
		rows, err = p.groups(ctx, src, args)
		if err != nil {
			return nil, err
		}
	} else {
		rows = &projectIter{p: p, src: src, r: evalRow{args: args}, ctx: ctx}
	}
	if p.distinct {
		rows = &distinctIter{in: rows, width: len(p.names), seen: map[string]struct{}{}}
	}
	if len(p.order) > 0 {
		sorted, err := p.sortRows(ctx, rows, limit, offset)
		if err != nil {
			rows.close()
			return nil, err
		}
		rows = sorted
	}
	if limit < 0 && offset == 0 && p.hidden == 0 {
		if pi, ok := rows.(*projectIter); ok {
			if si := scanIterOf(pi); si != nil {
				return si, nil
			}
		}
		return rows, nil
	}
	return &limitIter{in: rows, width: len(p.names), skip: offset, left: limit}, nil
}

// projectIter filters and projects the rows of a source.
type projectIter struct {
	p    *selectPlan
	src  rowSource
	ctx  context.Context
	r    evalRow
	out  []value
	n    int
	rows int64 // rows read from the source
}

func (it *projectIter) next() ([]value, bool, error) {
	for {
		if it.n++; it.n%1024 == 0 {
			if err := it.ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		ok, err := it.src.next()
		if err != nil || !ok {
			return nil, false, err
		}
		it.rows++
		it.r.cols = it.src.row()
		if it.p.where != nil {
			w, err := it.p.where(&it.r)
			if err != nil {
				return nil, false, atRow(err, it.rows, it.src)
			}
			t, err := truthValue(w)
			if err != nil {
				return nil, false, atRow(err, it.rows, it.src)
			}
			if t != trueT {
				continue
			}
		}
		if it.p.span >= 0 {
			return it.r.cols[it.p.span : it.p.span+len(it.p.proj)], true, nil
		}
		it.out = it.out[:0]
		for _, f := range it.p.proj {
			v, err := f(&it.r)
			if err != nil {
				return nil, false, atRow(err, it.rows, it.src)
			}
			it.out = append(it.out, v)
		}
		return it.out, true, nil
	}
}

func (it *projectIter) close() error { return it.src.close() }

// atRow says in an evaluation error which row it was, counting from 0 as
// the scan's errors do: when src is a table scan, its file, row group and
// row in the row group (see rowAt); else its place among the rows read,
// of which it is the read-th.
func atRow(err error, read int64, src rowSource) error {
	if s, ok := src.(*scanSource); ok {
		if path, rg, row, ok := s.rows.Position(); ok {
			return rowAt(err, path, rg, row)
		}
	}
	where := fmt.Sprintf(" (row %d of the rows read)", read-1)
	if e, ok := err.(*evalError); ok {
		return &evalError{msg: e.msg + where, err: e.err}
	}
	return fmt.Errorf("parquetvariant: %w%s", err, where)
}

// rowAt says in an evaluation error that it is about row row of row group
// rowGroup of the file at path: the error is then also a
// [*scan.FileError] whose cause is a [*scan.RowError], as the scan's own
// row errors are.
func rowAt(err error, path string, rowGroup int, row int64) error {
	msg := err.Error()
	if e, ok := err.(*evalError); ok {
		msg = e.msg
	}
	return &rowFault{
		text: fmt.Sprintf("parquetvariant: %s (in %s, row group %d, row %d of it)", msg, path, rowGroup, row),
		at:   &scan.FileError{Path: path, RowGroup: rowGroup, Err: &scan.RowError{Row: row, Err: err}},
	}
}

// rowFault is an evaluation error about one row of a table scan: its text
// names the row (see atRow), and it unwraps to the *scan.FileError and
// *scan.RowError that name it, and through them to the cause.
type rowFault struct {
	text string
	at   *scan.FileError
}

func (e *rowFault) Error() string { return e.text }

func (e *rowFault) Unwrap() error { return e.at }

// group is the state of one GROUP BY group.
type group struct {
	keys []value
	aggs []aggState
}

// groups reads the whole source into one state per group and returns the
// group rows that pass HAVING, projected, in the order groups first appear.
func (p *selectPlan) groups(ctx context.Context, src rowSource, args []value) (resultIter, error) {
	defer src.close()
	if s, ok := src.(*scanSource); ok && len(p.keys) == 0 && p.where == nil {
		if folds := s.cellFolds(p.aggs); folds != nil {
			g := &group{aggs: make([]aggState, len(p.aggs))}
			if err := s.fold(ctx, folds, g.aggs); err != nil {
				return nil, err
			}
			return p.groupRows([]*group{g}, args)
		}
	}
	byKey := map[string]*group{}
	var order []*group
	r := evalRow{args: args}
	var key []byte
	keyVals := make([]value, len(p.keys))
	for n := 0; ; n++ {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		ok, err := src.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		r.cols = src.row()
		if p.where != nil {
			w, err := p.where(&r)
			if err != nil {
				return nil, atRow(err, int64(n+1), src)
			}
			t, err := truthValue(w)
			if err != nil {
				return nil, atRow(err, int64(n+1), src)
			}
			if t != trueT {
				continue
			}
		}
		key = key[:0]
		for i, f := range p.keys {
			v, err := f(&r)
			if err != nil {
				return nil, atRow(err, int64(n+1), src)
			}
			keyVals[i] = v
			if key, err = appendValueKey(key, v); err != nil {
				return nil, err
			}
		}
		var g *group
		if len(p.keys) == 0 && len(order) == 1 {
			g = order[0] // no GROUP BY: the one group
		} else {
			g = byKey[string(key)]
		}
		if g == nil {
			g = &group{keys: detach(keyVals), aggs: make([]aggState, len(p.aggs))}
			byKey[string(key)] = g
			order = append(order, g)
		}
		for j := range p.aggs {
			spec := &p.aggs[j]
			var v value
			if spec.arg != nil {
				if v, err = spec.arg(&r); err != nil {
					return nil, atRow(err, int64(n+1), src)
				}
				if spec.distinct || spec.name == "min" || spec.name == "max" {
					v = detachValue(v)
				}
			}
			if err := g.aggs[j].add(spec, v); err != nil {
				return nil, atRow(err, int64(n+1), src)
			}
		}
	}
	// Aggregates without GROUP BY make one row even over no input.
	if len(p.keys) == 0 && len(order) == 0 {
		order = append(order, &group{aggs: make([]aggState, len(p.aggs))})
	}
	return p.groupRows(order, args)
}

// groupRows makes the result rows of the groups, one at a time as they are
// read: their aggregates' results, HAVING, and the output columns. A group
// is let go once its row is made, so a sort after it (which copies the rows
// it keeps) holds at most the groups not yet read and the rows it keeps.
func (p *selectPlan) groupRows(order []*group, args []value) (resultIter, error) {
	return &groupIter{p: p, order: order, r: evalRow{args: args}}, nil
}

// groupIter yields the result rows of GROUP BY groups; see groupRows.
type groupIter struct {
	p     *selectPlan
	order []*group
	r     evalRow
	cols  []value
	row   []value
}

func (it *groupIter) next() ([]value, bool, error) {
	p := it.p
	for len(it.order) > 0 {
		g := it.order[0]
		it.order[0] = nil
		it.order = it.order[1:]
		it.cols = append(it.cols[:0], g.keys...)
		for j := range p.aggs {
			v, err := g.aggs[j].result(&p.aggs[j])
			if err != nil {
				return nil, false, err
			}
			it.cols = append(it.cols, v)
		}
		it.r.cols = it.cols
		if p.having != nil {
			h, err := p.having(&it.r)
			if err != nil {
				return nil, false, err
			}
			t, err := truthValue(h)
			if err != nil {
				return nil, false, err
			}
			if t != trueT {
				continue
			}
		}
		it.row = it.row[:0]
		for _, f := range p.gproj {
			v, err := f(&it.r)
			if err != nil {
				return nil, false, err
			}
			it.row = append(it.row, v)
		}
		return it.row, true, nil
	}
	return nil, false, nil
}

func (it *groupIter) close() error {
	it.order = nil
	return nil
}

// detach copies values out of memory the source may reuse.
func detach(vs []value) []value {
	out := make([]value, len(vs))
	for i, v := range vs {
		out[i] = detachValue(v)
	}
	return out
}

func detachValue(v value) value {
	switch v.k {
	case kindBytes:
		v.b = append([]byte(nil), v.b...)
	case kindVariant:
		v.v = v.v.Clone()
	}
	return v
}

// sliceIter yields rows held in memory.
type sliceIter struct {
	rows [][]value
	i    int
}

func (it *sliceIter) next() ([]value, bool, error) {
	if it.i >= len(it.rows) {
		return nil, false, nil
	}
	it.i++
	return it.rows[it.i-1], true, nil
}

func (it *sliceIter) close() error { return nil }

// distinctIter drops rows whose output columns repeat an earlier row.
type distinctIter struct {
	in    resultIter
	width int
	seen  map[string]struct{}
	key   []byte
}

func (it *distinctIter) next() ([]value, bool, error) {
	for {
		row, ok, err := it.in.next()
		if err != nil || !ok {
			return nil, false, err
		}
		it.key = it.key[:0]
		for _, v := range row[:it.width] {
			if it.key, err = appendValueKey(it.key, v); err != nil {
				return nil, false, err
			}
		}
		if _, dup := it.seen[string(it.key)]; dup {
			continue
		}
		it.seen[string(it.key)] = struct{}{}
		return row, true, nil
	}
}

func (it *distinctIter) close() error { return it.in.close() }

// limitIter skips OFFSET rows, stops after LIMIT (when not negative) and
// drops the hidden sort columns.
type limitIter struct {
	in         resultIter
	width      int
	skip, left int64
}

func (it *limitIter) next() ([]value, bool, error) {
	for {
		if it.left == 0 {
			return nil, false, nil
		}
		row, ok, err := it.in.next()
		if err != nil || !ok {
			return nil, false, err
		}
		if it.skip > 0 {
			it.skip--
			continue
		}
		if it.left > 0 {
			it.left--
		}
		return row[:it.width], true, nil
	}
}

func (it *limitIter) close() error { return it.in.close() }

// sortRows reads every row and sorts them by the ORDER BY keys; with a
// LIMIT only the first OFFSET+LIMIT rows are kept, in a heap. The sort is
// stable: rows with equal keys keep their input order. A cancelled ctx
// stops it with ctx's error.
func (p *selectPlan) sortRows(ctx context.Context, in resultIter, limit, offset int64) (resultIter, error) {
	defer in.close()
	h := &rowHeap{order: p.order}
	keep := int64(-1)
	if limit >= 0 {
		keep = limit + offset
	}
	var seq int64
	for {
		row, ok, err := in.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if keep == 0 {
			continue
		}
		// The row is copied only when it is kept.
		r := sortedRow{vals: row, seq: seq}
		seq++
		if keep < 0 {
			// No LIMIT: every row is kept, and sorted once at the end.
			r.vals = detach(row)
			h.rows = append(h.rows, r)
			continue
		}
		if int64(len(h.rows)) == keep {
			if h.less(h.rows[0], r) {
				continue
			}
			r.vals = detach(row)
			h.rows[0] = r
			heap.Fix(h, 0)
			continue
		}
		r.vals = detach(row)
		heap.Push(h, r)
	}
	rows := h.rows
	if err := sortContext(ctx, rows, h.compare); err != nil {
		return nil, err
	}
	out := make([][]value, len(rows))
	for i, r := range rows {
		out[i] = r.vals
	}
	return &sliceIter{rows: out}, nil
}

type sortedRow struct {
	vals []value
	seq  int64
	id   *scan.RowID // where the row is, for a second pass (see lateSelect)
}

// rowHeap is a max-heap by the ORDER BY keys (the worst kept row on top),
// so a bounded sort can drop it when a better row comes.
type rowHeap struct {
	rows  []sortedRow
	order []orderKey
}

// before reports whether a sorts before b: by the ORDER BY keys, then by
// input order.
func (h *rowHeap) before(a, b sortedRow) bool { return h.compare(a, b) < 0 }

// compare orders a and b as before does: by the ORDER BY keys, then by
// input order, so only a row equals itself.
func (h *rowHeap) compare(a, b sortedRow) int {
	for _, k := range h.order {
		c := orderCompare(a.vals[k.col], b.vals[k.col])
		if k.desc {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return cmp.Compare(a.seq, b.seq)
}

func (h *rowHeap) less(a, b sortedRow) bool { return h.before(a, b) }
func (h *rowHeap) Len() int                 { return len(h.rows) }
func (h *rowHeap) Less(i, j int) bool       { return h.before(h.rows[j], h.rows[i]) }
func (h *rowHeap) Swap(i, j int)            { h.rows[i], h.rows[j] = h.rows[j], h.rows[i] }
func (h *rowHeap) Push(x any)               { h.rows = append(h.rows, x.(sortedRow)) }
func (h *rowHeap) Pop() any {
	x := h.rows[len(h.rows)-1]
	h.rows = h.rows[:len(h.rows)-1]
	return x
}

// orderCompare is the total order of ORDER BY, MIN and MAX: SQL NULL
// first, then the Variant null (kept apart as GROUP BY keeps them), then
// values by kind: booleans, numbers, strings, binary, times (dates and
// timestamps, then times of day), uuids, arrays and objects; values of one
// kind by compareValues. Kinds come first, with no text read as another
// kind, so that the order is one: were the text '1' read as a number
// before the number 2 while the text 'x' sorted before numbers by kind,
// '1' < 2 and 'x' < '1' but 2 < 'x'.
func orderCompare(a, b value) int {
	an, bn := a.k == kindVariant, b.k == kindVariant // before scalarOf
	if an {
		a = scalarOf(a.v)
	}
	if bn {
		b = scalarOf(b.v)
	}
	switch {
	case a.isNull() && b.isNull():
		return cmp.Compare(b2i(an), b2i(bn))
	case a.isNull():
		return -1
	case b.isNull():
		return 1
	}
	if c := cmp.Compare(orderRank(a.k), orderRank(b.k)); c != 0 {
		return c
	}
	c, _ := compareValues(a, b)
	return c
}

// orderRank is the place of a kind in the order of orderCompare: the
// numbers share one.
func orderRank(k kind) int64 {
	if isNumeric(k) {
		return int64(kindInt)
	}
	return int64(k)
}

// sortCheckCompares is how many comparisons sortContext makes between
// checks of its context.
const sortCheckCompares = 4096

// sortContext sorts rows with compare, or returns ctx's error once ctx is
// cancelled: it checks ctx every sortCheckCompares comparisons, and after
// a cancel every comparison reports equal, which ends the sort in a few
// cheap passes (the order is then unspecified, and the rows unused).
func sortContext(ctx context.Context, rows []sortedRow, compare func(a, b sortedRow) int) error {
	var n int
	var err error
	slices.SortFunc(rows, func(a, b sortedRow) int {
		if err != nil {
			return 0
		}
		if n++; n%sortCheckCompares == 0 {
			if err = ctx.Err(); err != nil {
				return 0
			}
		}
		return compare(a, b)
	})
	if err != nil {
		return err
	}
	return ctx.Err()
}
