package driver

import (
	"container/heap"
	"context"
	"fmt"
	"slices"

	"github.com/parquetvariant/parquetvariant/scan"
)

// lateRowsMax is the most OFFSET+LIMIT rows a SELECT with ORDER BY reads
// in two passes for width; above it one pass reads every column of every
// row, unless an output expression can fail (see planLate).
var lateRowsMax int64 = 10000

// latePlan is a SELECT with ORDER BY and LIMIT read in two passes (late
// materialization, docs/design.md section 8): the first scans only the
// columns of WHERE and of the ORDER BY keys and keeps the first
// OFFSET+LIMIT rows by key, with where each is; the second reads the
// output columns of those rows that OFFSET does not skip only
// (scan.Query.Only), so that the scan decodes only the pages holding them,
// and evaluates the output expressions on them alone. With oneScan there
// is no second pass: first is the one-pass scan, which keeps with each row
// the values of the columns at carry, and the output expressions are
// evaluated on those of the kept rows.
type latePlan struct {
	first, second       scan.Query
	firstPos, secondPos []int    // the row position of each scan column
	firstRead           []string // columns the first pass reads, for EXPLAIN
	secondRead          []string // columns the second pass reads
	limit, offset       int64
	oneScan             bool
	// With oneScan: fill is, for each output column that is a plain
	// column and not a sort key, its row position (-1 for the others),
	// and carry the row positions of the inputs of the other outputs that
	// are not sort keys.
	fill, carry []int
}

// keptOutputs turns on the one-scan plan of an ORDER BY with LIMIT whose
// failing output expressions have narrow inputs (see planLate).
var keptOutputs = true

// lateRun is what the second pass of a latePlan read, for EXPLAIN ANALYZE.
type lateRun struct {
	read  []string
	rows  int64
	stats scan.Stats
}

// lateShape reports whether s may run in two passes (see planLate) as far
// as its clauses and its arguments tell, before its columns are known.
func lateShape(s *selectStmt, args []value) bool {
	if len(s.OrderBy) == 0 || s.Limit == nil || s.Distinct || len(s.GroupBy) > 0 || s.Having != nil {
		return false
	}
	for _, it := range s.Items {
		if !it.Star && hasAggregate(it.Expr) {
			return false
		}
	}
	for _, o := range s.OrderBy {
		if hasAggregate(o.Expr) {
			return false
		}
	}
	bounded := true
	for _, it := range s.Items {
		bounded = bounded && (it.Star || !canFail(it.Expr, nil))
	}
	limit, offset, ok := lateCounts(s.Limit, s.Offset, args)
	return ok && (!bounded || lateWithin(limit, offset))
}

// lateWithin reports whether OFFSET+LIMIT rows are few enough to read in
// two passes for width.
func lateWithin(limit, offset int64) bool {
	return limit <= lateRowsMax && offset <= lateRowsMax-limit
}

// lateCounts evaluates LIMIT and OFFSET; ok is false when one fails.
func lateCounts(limitExpr, offsetExpr expr, args []value) (limit, offset int64, ok bool) {
	count := func(e expr, what string, none int64) (int64, bool) {
		if e == nil {
			return none, true
		}
		f, err := compileCount(e, what)
		if err != nil {
			return 0, false
		}
		n, err := count(f, args, what, none)
		return n, err == nil
	}
	limit, ok1 := count(limitExpr, "LIMIT", -1)
	offset, ok2 := count(offsetExpr, "OFFSET", 0)
	return limit, offset, ok1 && ok2 && limit >= 0
}

// canFail reports whether evaluating e may fail on some rows and not on
// others: a strict cast, arithmetic, a comparison or a function that can
// fail on its input. Columns, constants, try_variant_get, variant_get
// without a cast and a few functions that take any value cannot; strict
// names the columns that stand for strict casts the scan answers (see
// pathRef).
func canFail(e expr, strict map[string]bool) bool {
	switch x := e.(type) {
	case nil, *literalExpr, *paramExpr:
		return false
	case *columnExpr:
		return strict[x.Name]
	case *isNullExpr:
		return canFail(x.E, strict)
	case *funcExpr:
		switch x.Name {
		case "variant_get":
			if len(x.Args) != 2 {
				return true
			}
		case "try_variant_get", "coalesce", "ifnull", "to_json", "variant_typeof", "is_variant_null":
		default:
			return true
		}
		return slices.ContainsFunc(x.Args, func(a expr) bool { return canFail(a, strict) })
	}
	return true
}

// planLate returns the plan of an ORDER BY with LIMIT that evaluates its
// output expressions on the kept rows only, or nil when the one-pass plan
// (which evaluates them on every row) is as good: no ORDER BY with LIMIT,
// aggregation or DISTINCT, or else no output expression that is not a
// sort key and can fail (canFail) and either more than lateRowsMax rows to
// keep or no column of variable width (a VARIANT, VARCHAR or BINARY column
// or variant_get result) that only the output needs.
//
// Where an output expression can fail, the plan reads in two passes when
// one of its inputs is wide: of variable width, or a strict cast the scan
// answers (which would fail on every row it reads) that the first pass
// does not read anyway. When all of them are narrow, the plan scans once
// (latePlan.oneScan) unless two passes pay for width as above, keeping the
// input values of the outputs with each kept row. An output expression
// that can fail is so evaluated on the kept rows only, whatever the
// LIMIT.
//
// q is the one-pass scan query and pos the row position of each of its
// columns; full is the statement with all of WHERE (for EXPLAIN), rs the
// one the evaluator runs; types gives the type of each column of the row,
// by name; strict names the columns that stand for strict casts.
func planLate(p *selectPlan, full, rs *selectStmt, sc *scope, args []value, q scan.Query, pos []int, ref func(int) scan.Ref, types map[string]colType, strict map[string]bool) *latePlan {
	if p.grouped || p.distinct || len(p.order) == 0 {
		return nil
	}
	limit, offset, ok := lateCounts(rs.Limit, rs.Offset, args)
	if !ok {
		return nil
	}
	keys := make([]expr, 0, len(p.order)+1)
	for _, k := range p.order {
		keys = append(keys, p.sortExprs[k.col])
	}
	var failing, computed []expr
	fill := make([]int, len(p.proj))
	for i, e := range p.sortExprs {
		fill[i] = -1
		if slices.ContainsFunc(p.order, func(k orderKey) bool { return k.col == i }) {
			continue
		}
		if i < len(p.names) && canFail(e, strict) {
			failing = append(failing, e)
		}
		if p.inputs[i] >= 0 {
			fill[i] = p.inputs[i]
		} else {
			computed = append(computed, e)
		}
	}
	first := exprColumns(append(slices.Clip(keys), rs.Where), sc)
	second := exprColumns(p.sortExprs, sc)
	wide := func(i int) bool {
		return wideType(types[sc.names[i]]) && !slices.Contains(first, i)
	}
	narrow := func(i int) bool {
		return slices.Contains(first, i) || !strict[sc.names[i]] && !wideType(types[sc.names[i]])
	}
	width := len(second) > 0 && lateWithin(limit, offset) && slices.ContainsFunc(second, wide)
	lp := &latePlan{limit: limit, offset: offset, first: q, second: q}
	switch {
	case len(failing) == 0 && !width:
		return nil
	case len(failing) > 0 && !width && keptOutputs && !slices.ContainsFunc(exprColumns(failing, sc), func(i int) bool { return !narrow(i) }):
		lp.oneScan, lp.firstPos, lp.fill, lp.carry = true, pos, fill, exprColumns(computed, sc)
		return lp
	case len(second) == 0:
		return nil
	}
	lp.first.Columns, lp.second.Columns = nil, nil
	lp.second.Where = nil // its rows passed WHERE in the first pass
	for _, i := range first {
		lp.first.Columns = append(lp.first.Columns, ref(i))
		lp.firstPos = append(lp.firstPos, i)
	}
	for _, i := range second {
		lp.second.Columns = append(lp.second.Columns, ref(i))
		lp.secondPos = append(lp.secondPos, i)
		lp.secondRead = append(lp.secondRead, ref(i).String())
	}
	for _, i := range exprColumns(append(keys, full.Where), sc) {
		lp.firstRead = append(lp.firstRead, ref(i).String())
	}
	return lp
}

// wideType reports whether values of t vary in width: VARIANT, VARCHAR,
// BINARY, or a type not known.
func wideType(t colType) bool {
	switch t.name {
	case "VARIANT", "VARCHAR", "BINARY", "":
		return true
	}
	return false
}

// exprColumns lists, in table order, the columns that exprs refer to.
func exprColumns(exprs []expr, sc *scope) []int {
	used := make([]bool, len(sc.names))
	for _, e := range exprs {
		walkExpr(e, func(x expr) {
			if c, ok := x.(*columnExpr); ok {
				if i, err := sc.lookup(c.Name); err == nil {
					used[i] = true
				}
			}
		})
	}
	var out []int
	for i, u := range used {
		if u {
			out = append(out, i)
		}
	}
	return out
}

// lateSelect runs lp over table t and returns the rows, the first pass's
// counts and what the second read (nil with lp.oneScan, which reads
// once). Rows, order and ties are those of the
// one-pass plan (sortRows), and so are the errors of WHERE and of the
// ORDER BY keys, which are evaluated on every row. Output expressions that
// are not ORDER BY keys are evaluated only on the kept rows that OFFSET
// does not skip, in table order: a failing one (a strict cast) fails the
// query only when its row is returned. calls words failed casts (see
// scanSource); width is the width of the row the plan was compiled
// against.
func (p *selectPlan) lateSelect(ctx context.Context, t *scan.Table, lp *latePlan, calls map[string]string, width int, args []value) (resultIter, scan.Stats, *lateRun, error) {
	kept, st, err := p.lateKeys(ctx, t, lp, calls, width, args)
	if err != nil {
		return nil, st, nil, err
	}
	// The rows OFFSET skips are not read again.
	kept = kept[min(lp.offset, int64(len(kept))):]
	if lp.oneScan {
		rows, err := p.keptRows(ctx, kept, lp, width, args)
		if err != nil {
			return nil, st, nil, err
		}
		return &limitIter{in: &sliceIter{rows: rows}, width: len(p.names), left: lp.limit}, st, nil, nil
	}
	run := &lateRun{read: lp.secondRead}
	rows := make([][]value, len(kept))
	if len(kept) > 0 {
		at := make(map[scan.RowID]int, len(kept))
		only := make([]scan.RowID, len(kept))
		for i, r := range kept {
			at[*r.id] = i
			only[i] = *r.id
		}
		q := lp.second
		q.Only = only
		sr, err := t.Scan(ctx, q)
		if err != nil {
			return nil, st, nil, fmt.Errorf("parquetvariant: table %s: %w", quoteIdent(t.Name), err)
		}
		src := newScanSource(sr, t.Name, lp.secondPos, width)
		src.calls = calls
		err = p.lateRows(src, kept, at, rows, args)
		src.close()
		run.stats = sr.Stats()
		run.rows = run.stats.RowsReturned
		if err != nil {
			return nil, st, run, err
		}
	}
	return &limitIter{in: &sliceIter{rows: rows}, width: len(p.names), left: lp.limit}, st, run, nil
}

// lateKeys is the first pass of lateSelect: it returns the first
// OFFSET+LIMIT rows by the ORDER BY keys, sorted, each with its key values
// (and the values of lp.fill and lp.carry, see keptValues) and where it
// is, and the scan's counts.
func (p *selectPlan) lateKeys(ctx context.Context, t *scan.Table, lp *latePlan, calls map[string]string, width int, args []value) ([]sortedRow, scan.Stats, error) {
	sr, err := t.Scan(ctx, lp.first)
	if err != nil {
		return nil, scan.Stats{}, fmt.Errorf("parquetvariant: table %s: %w", quoteIdent(t.Name), err)
	}
	src := newScanSource(sr, t.Name, lp.firstPos, width)
	src.calls = calls
	defer src.close()
	keep := lp.limit + lp.offset
	h := &rowHeap{order: p.order}
	r := evalRow{args: args}
	keys := make([]value, len(p.proj))
	var n int64 // rows read
	for {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, sr.Stats(), err
			}
		}
		ok, err := src.next()
		if err != nil {
			return nil, sr.Stats(), err
		}
		if !ok {
			break
		}
		n++
		r.cols = src.row()
		if p.where != nil {
			w, err := p.where(&r)
			if err != nil {
				return nil, sr.Stats(), atRow(err, n, src)
			}
			t, err := truthValue(w)
			if err != nil {
				return nil, sr.Stats(), atRow(err, n, src)
			}
			if t != trueT {
				continue
			}
		}
		if keep == 0 {
			continue
		}
		for _, k := range p.order {
			if keys[k.col], err = p.proj[k.col](&r); err != nil {
				return nil, sr.Stats(), atRow(err, n, src)
			}
		}
		row := sortedRow{vals: keys, seq: n}
		full := int64(len(h.rows)) == keep
		if full && h.less(h.rows[0], row) {
			continue
		}
		path, rg, at, _ := sr.Position()
		if full {
			// The values and place of the row dropped serve the new one.
			row.vals, row.id = h.rows[0].vals, h.rows[0].id
		} else {
			row.vals, row.id = nil, new(scan.RowID)
		}
		row.vals = keptValues(row.vals, keys, r.cols, lp.fill, lp.carry)
		*row.id = scan.RowID{Path: path, RowGroup: rg, Row: at}
		if full {
			h.rows[0] = row
			heap.Fix(h, 0)
			continue
		}
		heap.Push(h, row)
	}
	if err := sortContext(ctx, h.rows, h.compare); err != nil {
		return nil, sr.Stats(), err
	}
	return h.rows, sr.Stats(), nil
}

// lateRows is the second pass of lateSelect: it evaluates the output
// columns and sort keys of each row src reads (the kept rows, in table
// order) into rows, at the place at gives the row in sort order.
func (p *selectPlan) lateRows(src *scanSource, kept []sortedRow, at map[scan.RowID]int, rows [][]value, args []value) error {
	r := evalRow{args: args}
	out := make([]value, len(p.proj))
	for {
		ok, err := src.next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		path, rg, row, _ := src.rows.Position()
		i, found := at[scan.RowID{Path: path, RowGroup: rg, Row: row}]
		if !found || rows[i] != nil {
			return fmt.Errorf("parquetvariant: internal error: row %d of row group %d of %s read twice or not asked for", row, rg, path)
		}
		r.cols = src.row()
		for j, f := range p.proj {
			if out[j], err = f(&r); err != nil {
				return atRow(err, kept[i].seq, src)
			}
		}
		rows[i] = detach(out)
	}
	for i, r := range rows {
		if r == nil {
			id := kept[i].id
			return fmt.Errorf("parquetvariant: internal error: row %d of row group %d of %s not read again", id.Row, id.RowGroup, id.Path)
		}
	}
	return nil
}
