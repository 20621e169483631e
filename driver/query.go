package driver

import (
	"context"
	sqldriver "database/sql/driver"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/variant"
)

// query runs a statement that returns rows. Statements that write run as
// with Exec and return no rows.
func (c *conn) query(ctx context.Context, p parsed, args []value) (sqldriver.Rows, error) {
	switch s := p.stmt.(type) {
	case *selectStmt:
		r, _, err := c.selectRows(ctx, s, args)
		return r, err
	case *showTablesStmt:
		return c.showTables()
	case *describeStmt:
		return c.describe(s.Table)
	case *explainStmt:
		return c.explain(ctx, s, args)
	}
	if _, err := c.exec(ctx, p, args); err != nil {
		return nil, err
	}
	return &rows{it: &sliceIter{}}, nil
}

// exec runs a statement that does not return rows; a statement that does
// is run and its rows dropped.
func (c *conn) exec(ctx context.Context, p parsed, args []value) (sqldriver.Result, error) {
	switch p.stmt.(type) {
	case *insertStmt, *createTableStmt, *dropTableStmt:
		_, insert := p.stmt.(*insertStmt)
		if insert && c.tx != nil && c.tx.failed != nil {
			return nil, c.tx.failedInsert()
		}
		var err error
		switch {
		case c.cfg.ReadOnly:
			err = fmt.Errorf("%w: the connection was opened with read_only=true", ErrReadOnly)
		case c.tx != nil && c.tx.readOnly:
			err = fmt.Errorf("%w: the transaction is read-only", ErrReadOnly)
		default:
			return c.write(ctx, p.stmt, args)
		}
		if insert {
			c.refusedInsert(err)
		}
		return nil, err
	}
	r, err := c.query(ctx, p, args)
	if err != nil {
		return nil, err
	}
	dest := make([]sqldriver.Value, len(r.Columns()))
	for {
		if err := r.Next(dest); err != nil {
			r.Close()
			if errors.Is(err, io.EOF) {
				return sqldriver.RowsAffected(0), nil
			}
			return nil, err
		}
	}
}

// selectRun is what a running SELECT reports after it ends: the scan's
// counts, for EXPLAIN ANALYZE.
type selectRun struct {
	table   *scan.Table
	read    []string   // columns read
	pushed  []string   // conjuncts pushed into the scan
	stats   scan.Stats // of the first pass when late is set
	footers bool       // answered from file footers, no scan
	late    *lateRun   // the second pass of a two-pass ORDER BY ... LIMIT
	first   []string   // with late: the columns the first pass reads
	kept    bool       // ORDER BY ... LIMIT evaluates the outputs on the kept rows, in one pass
}

// selectRows plans and starts a SELECT.
func (c *conn) selectRows(ctx context.Context, s *selectStmt, args []value) (*rows, *selectRun, error) {
	sp, err := c.planRows(s, args)
	if err != nil {
		return nil, nil, err
	}
	r, err := sp.start(ctx, args)
	if err != nil {
		return nil, nil, err
	}
	return r, sp.run, nil
}

// plannedSelect is a SELECT planned against its table and not yet started:
// what EXPLAIN shows, and what start needs to read the rows.
type plannedSelect struct {
	plan  *selectPlan
	out   *rows // the result's columns, without rows yet
	run   *selectRun
	q     scan.Query // the one-pass scan
	pos   []int      // the row position of each column of q
	width int        // the width of the row the plan was compiled against
	calls map[string]string
	late  *latePlan // the two-pass plan, or nil
}

// planRows plans a SELECT without reading any data: only the file footers
// the table was opened with.
func (c *conn) planRows(s *selectStmt, args []value) (*plannedSelect, error) {
	t, err := c.table(s.Table)
	if err != nil {
		return nil, err
	}
	schema := t.Schema()
	names := make([]string, len(schema.Columns))
	types := map[string]colType{}
	for i, col := range schema.Columns {
		names[i] = col.Name
		types[col.Name] = columnType(col)
	}
	if err := checkTypes(s, types); err != nil {
		return nil, err
	}
	// variant_get calls the scan answers from the leaves of their path
	// become columns of their own.
	rs, refs := planPathRefs(s, schema, lateShape(s, args))
	all := names
	if len(refs) > 0 {
		all = append(slices.Clip(names), make([]string, len(refs))...)
		for i, r := range refs {
			all[len(names)+i] = r.name
			types[r.name] = r.typ
		}
	}
	// The conjuncts of WHERE the scan decides exactly leave the statement
	// the evaluator runs: it neither tests them again nor reads their
	// columns.
	var pd pushed
	full := rs
	if rs.Where != nil {
		p := pushdown{conjuncts: splitAnd(rs.Where, nil), schema: schema, refs: refs}
		pd = p.predicates(args)
		if pd.rest != rs.Where {
			cp := *rs
			cp.Where = pd.rest
			rs = &cp
		}
	}
	plan, err := planSelect(rs, all, c.cfg)
	if err != nil {
		return nil, err
	}
	sp := &plannedSelect{plan: plan, width: len(all), run: &selectRun{table: t}}
	sp.out = &rows{names: plan.names, json: c.cfg.VariantJSON}
	for _, e := range plan.exprs {
		t := exprType(e, types)
		if t.name == "VARIANT" && c.cfg.VariantJSON {
			t.json = true
		}
		sp.out.types = append(sp.out.types, t)
	}
	if isCountStar(s) {
		// COUNT(*) of a whole table comes from the file footers.
		sp.run.footers = true
		return sp, nil
	}
	sc := &scope{names: all}
	ref := func(i int) scan.Ref {
		if i >= len(names) {
			return refs[i-len(names)].ref
		}
		return scan.Col(all[i])
	}
	for _, i := range readColumns(rs, sc) {
		sp.q.Columns = append(sp.q.Columns, ref(i))
		sp.pos = append(sp.pos, i)
	}
	// EXPLAIN lists the columns the scan reads, for its filter too.
	for _, i := range readColumns(full, sc) {
		sp.run.read = append(sp.run.read, ref(i).String())
	}
	sp.q.Where, sp.run.pushed = pd.where, pd.texts
	sp.q.NoSkip = !c.cfg.DataSkipping
	sp.calls = map[string]string{}
	maps.Copy(sp.calls, pd.calls)
	strict := map[string]bool{}
	for _, r := range refs {
		sp.calls[r.ref.String()] = r.text
		strict[r.name] = r.ref.As.Kind != variant.SQLInvalid && r.ref.As.Kind != variant.SQLVariant && r.ref.Mode == variant.CastStrict
	}
	sp.late = planLate(plan, full, rs, sc, args, sp.q, sp.pos, ref, types, strict)
	switch {
	case sp.late == nil:
	case sp.late.oneScan:
		sp.run.kept = true
	default:
		sp.run.first = sp.late.firstRead
		sp.run.late = &lateRun{read: sp.late.secondRead}
	}
	return sp, nil
}

// check returns the errors the scans of sp would start with, reading no
// data.
func (sp *plannedSelect) check() error {
	if sp.run.footers {
		return nil
	}
	qs := []scan.Query{sp.q}
	if sp.late != nil && !sp.late.oneScan {
		qs = []scan.Query{sp.late.first, sp.late.second}
	}
	for _, q := range qs {
		if err := sp.run.table.Check(q); err != nil {
			return fmt.Errorf("parquetvariant: %w", err)
		}
	}
	return nil
}

// start runs sp with the execution's arguments.
func (sp *plannedSelect) start(ctx context.Context, args []value) (*rows, error) {
	out, run, t := sp.out, sp.run, sp.run.table
	if run.footers {
		out.it = &sliceIter{rows: [][]value{{intValue(t.NumRows())}}}
		return out, nil
	}
	if sp.late != nil {
		it, st, late, err := sp.plan.lateSelect(ctx, t, sp.late, sp.calls, sp.width, args)
		if err != nil {
			return nil, err
		}
		out.it = it
		run.stats, run.late = st, late
		return out, nil
	}
	sr, err := t.Scan(ctx, sp.q)
	if err != nil {
		return nil, fmt.Errorf("parquetvariant: table %s: %w", quoteIdent(t.Name), err)
	}
	src := newScanSource(sr, t.Name, sp.pos, sp.width)
	src.calls = sp.calls
	it, err := sp.plan.run(ctx, src, args)
	if err != nil {
		sr.Close()
		return nil, err
	}
	out.it = it
	out.after = func() { run.stats = sr.Stats() }
	return out, nil
}

// isCountStar reports a SELECT COUNT(*) FROM t with nothing else (no
// LIMIT either: LIMIT 0 returns no row).
func isCountStar(s *selectStmt) bool {
	if len(s.Items) != 1 || s.Where != nil || len(s.GroupBy) > 0 || s.Having != nil || s.Distinct || s.Offset != nil || s.Limit != nil {
		return false
	}
	f, ok := s.Items[0].Expr.(*funcExpr)
	return ok && f.Name == "count" && f.Star && !f.Distinct
}

// readColumns lists, in table order, the columns a SELECT refers to.
func readColumns(s *selectStmt, sc *scope) []int {
	used := make([]bool, len(sc.names))
	mark := func(e expr) {
		walkExpr(e, func(x expr) {
			if c, ok := x.(*columnExpr); ok {
				if i, err := sc.lookup(c.Name); err == nil {
					used[i] = true
				}
			}
		})
	}
	for _, it := range s.Items {
		if it.Star {
			for i := range used {
				used[i] = true
			}
			continue
		}
		mark(it.Expr)
	}
	mark(s.Where)
	for _, g := range s.GroupBy {
		mark(g)
	}
	mark(s.Having)
	for _, o := range s.OrderBy {
		mark(o.Expr)
	}
	var out []int
	for i, u := range used {
		if u {
			out = append(out, i)
		}
	}
	return out
}

// textRows builds a result of VARCHAR columns (and BOOLEAN ones where the
// value is a bool).
func textRows(names []string, data [][]value) *rows {
	r := &rows{names: names, it: &sliceIter{rows: data}}
	for i := range names {
		t := colType{name: "VARCHAR"}
		if len(data) > 0 && data[0][i].k == kindBool {
			t.name = "BOOLEAN"
		}
		r.types = append(r.types, t)
	}
	return r
}

// showTables lists the tables: name, and whether the table is read-only (a
// Parquet file in the root directory).
func (c *conn) showTables() (sqldriver.Rows, error) {
	infos, err := c.connector.root.Tables()
	if err != nil {
		return nil, fmt.Errorf("parquetvariant: %w", err)
	}
	var data [][]value
	for _, ti := range infos {
		data = append(data, []value{stringValue(ti.Name), boolValue(ti.ReadOnly)})
	}
	r := textRows([]string{"name", "read_only"}, data)
	r.types[1].name = "BOOLEAN"
	return r, nil
}

// describe lists a table's columns: name, SQL type and nullability.
func (c *conn) describe(table string) (sqldriver.Rows, error) {
	t, err := c.table(table)
	if err != nil {
		return nil, err
	}
	var data [][]value
	for _, col := range t.Schema().Columns {
		data = append(data, []value{stringValue(col.Name), stringValue(describeType(columnType(col))), boolValue(col.Nullable)})
	}
	r := textRows([]string{"column", "type", "nullable"}, data)
	r.types[2].name = "BOOLEAN"
	return r, nil
}

// explain shows the plan of a SELECT as (item, detail) rows: the table and
// its files, the columns read, the predicates pushed into the scan, and the
// rest of the plan. EXPLAIN reads no data, only the file footers the table
// was opened with; EXPLAIN ANALYZE runs the query first and adds what the
// scan read and skipped.
func (c *conn) explain(ctx context.Context, s *explainStmt, args []value) (sqldriver.Rows, error) {
	sp, err := c.planRows(s.Select, args)
	if err != nil {
		return nil, err
	}
	if err := sp.check(); err != nil {
		return nil, err
	}
	run := sp.run
	var returned int64
	if s.Analyze {
		r, err := sp.start(ctx, args)
		if err != nil {
			return nil, err
		}
		dest := make([]sqldriver.Value, len(r.names))
		for {
			if err := r.Next(dest); err != nil {
				if !errors.Is(err, io.EOF) {
					r.Close()
					return nil, err
				}
				break
			}
			returned++
		}
		r.Close()
	}
	sel := s.Select
	add := func(data [][]value, item, detail string) [][]value {
		return append(data, []value{stringValue(item), stringValue(detail)})
	}
	var data [][]value
	data = add(data, "table", sel.Table)
	data = add(data, "files", strconv.Itoa(len(run.table.Files())))
	if run.footers {
		data = add(data, "answer", "row count from file footers, no scan")
	} else {
		data = add(data, "columns read", strings.Join(run.read, ", "))
		pushed := "none"
		if len(run.pushed) > 0 {
			pushed = strings.Join(run.pushed, " AND ")
		}
		data = add(data, "pushed to scan", pushed)
		if run.late != nil {
			data = add(data, "pass 1 reads", strings.Join(run.first, ", ")+": every row, keeping the first OFFSET+LIMIT by the ORDER BY keys")
			data = add(data, "pass 2 reads", strings.Join(run.late.read, ", ")+": the kept rows only")
		}
		if run.kept {
			data = add(data, "outputs", "evaluated after the sort on the kept rows only, from the values kept with them")
		}
	}
	if sel.Where != nil {
		data = add(data, "filter", sel.Where.String())
	}
	if len(sel.GroupBy) > 0 {
		data = add(data, "group by", joinExprs(sel.GroupBy))
	}
	if sel.Having != nil {
		data = add(data, "having", sel.Having.String())
	}
	if len(sel.OrderBy) > 0 {
		parts := make([]string, len(sel.OrderBy))
		for i, o := range sel.OrderBy {
			parts[i] = o.Expr.String()
			if o.Desc {
				parts[i] += " DESC"
			}
		}
		data = add(data, "order by", strings.Join(parts, ", "))
	}
	if sel.Limit != nil {
		data = add(data, "limit", sel.Limit.String())
	}
	if s.Analyze && !run.footers {
		st := run.stats
		n := func(x int64) string { return strconv.FormatInt(x, 10) }
		data = add(data, "files read", n(st.FilesRead))
		data = add(data, "files skipped", n(st.FilesSkipped))
		data = add(data, "files opened", n(st.FilesOpened))
		data = add(data, "row groups read", n(st.RowGroupsRead))
		data = add(data, "row groups skipped", n(st.RowGroupsSkipped))
		data = add(data, "pages read", n(st.PagesRead))
		data = add(data, "pages skipped", n(st.PagesSkipped))
		data = add(data, "bytes read", n(st.BytesRead))
		data = add(data, "rows scanned", n(st.RowsScanned))
		data = add(data, "rows returned", n(returned))
		if l := run.late; l != nil {
			data = add(data, "pass 2 files opened", n(l.stats.FilesOpened))
			data = add(data, "pass 2 row groups read", n(l.stats.RowGroupsRead))
			data = add(data, "pass 2 pages read", n(l.stats.PagesRead))
			data = add(data, "pass 2 pages skipped", n(l.stats.PagesSkipped))
			data = add(data, "pass 2 bytes read", n(l.stats.BytesRead))
			data = add(data, "pass 2 rows read", n(l.rows))
		}
	}
	return textRows([]string{"item", "detail"}, data), nil
}
