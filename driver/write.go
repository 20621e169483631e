package driver

import (
	"context"
	sqldriver "database/sql/driver"
	"fmt"
	"io/fs"
	"slices"
	"unicode/utf8"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/shred"
)

// txWrites holds a transaction's writes: one file being written per table
// it inserted into, published at Commit.
type txWrites struct {
	files map[string]*fileWriter // by table name
	order []string
	named map[string]*fileWriter // by the name an INSERT gave the table
}

// commitWrites publishes the transaction's files, one per table, all or
// none (docs/design.md section 7): every file is first written out, synced
// and checked against a DROP TABLE of its table; only then are they renamed
// into place, in the order the transaction first wrote to their tables. A
// failure before the renames removes every file; a rename that fails (the
// table was dropped in that instant) takes back the files published before
// it. The error names the table. Once every file is renamed the commit is
// done: a table dropped before its folder is synced dropped the rows with
// it, after the commit.
func (t *tx) commitWrites() error {
	if t.failed != nil {
		t.discard()
		return fmt.Errorf("%w; rolled back at commit; the failure: %w", ErrTxFailed, t.failed)
	}
	if t.writes == nil {
		return nil
	}
	w := t.writes
	t.writes = nil
	var written []*fileWriter
	for _, name := range w.order {
		fw := w.files[name]
		if fw.empty() {
			// Its INSERTs selected no row: the table gets no file.
			fw.abort()
			continue
		}
		if err := fw.prepare(); err != nil {
			for _, other := range w.order {
				w.files[other].abort()
			}
			return commitError(name, err)
		}
		written = append(written, fw)
	}
	for i, fw := range written {
		if err := fw.publish(); err != nil {
			for _, rest := range written[i+1:] {
				rest.abort()
			}
			for _, done := range written[:i] {
				if undo := done.unpublish(); undo != nil {
					err = fmt.Errorf("%w; table %s keeps this transaction's rows: %w", err, quoteIdent(done.table), undo)
				}
			}
			return commitError(fw.table, err)
		}
	}
	var first error
	for _, fw := range written {
		if err := fw.synced(); err != nil && first == nil {
			first = commitError(fw.table, err)
		}
	}
	return first
}

// failedInsert is the error of an INSERT in a transaction that an earlier
// INSERT failed.
func (t *tx) failedInsert() error {
	return fmt.Errorf("%w; the failure: %w", ErrTxFailed, t.failed)
}

// commitError is the error of a Commit that failed on table name.
func commitError(name string, err error) error {
	return fmt.Errorf("parquetvariant: commit: table %s: %w", quoteIdent(name), err)
}

// discard drops the transaction's unpublished files.
func (t *tx) discard() {
	if t.writes == nil {
		return
	}
	for _, fw := range t.writes.files {
		fw.abort()
	}
	t.writes = nil
}

// write runs INSERT, CREATE TABLE and DROP TABLE. CREATE and DROP take
// effect at once, also inside a transaction, whose later reads of the
// table then see it as it is now, not the snapshot of an earlier read.
func (c *conn) write(ctx context.Context, s statement, args []value) (sqldriver.Result, error) {
	switch x := s.(type) {
	case *insertStmt:
		return c.insert(ctx, x, args)
	case *createTableStmt:
		_, _, err := c.connector.root.Locate(x.Table)
		existed := err == nil
		res, err := c.createTable(x)
		if err == nil && !existed {
			c.forgetSnapshot(x.Table)
		}
		return res, err
	case *dropTableStmt:
		res, err := c.dropTable(x)
		if err == nil {
			c.forgetSnapshot(x.Table)
		}
		return res, err
	}
	return nil, &SQLError{Err: ErrUnsupported, Pos: -1, Msg: "this statement"}
}

// insertPlan is an INSERT statement's compiled form for one connection
// and file: its VALUES rows compiled, and the column each value goes to.
type insertPlan struct {
	cfg  *Config
	rows [][]evalFunc
	// When every VALUES expression is a ? or a literal, src holds of each
	// row and value the argument's index, or -1-k for consts[k], so that
	// rows are copied without evaluation; nil otherwise.
	src    [][]int
	consts []value
	fw     *fileWriter // the file the targets were resolved for
	target []int
	stored []kind  // of each target: what coerce passes through (storedKind)
	vals   []value // one row's values, reused
	er     evalRow // what the VALUES expressions see, reused
}

// insert appends rows to a table: one new file for the statement, or, in a
// transaction, rows streamed to the transaction's file for the table. In a
// transaction, the table's columns are resolved by its first INSERT into
// the table; later ones reuse them, and a statement run again reuses its
// compiled VALUES and column mapping.
func (c *conn) insert(ctx context.Context, s *insertStmt, args []value) (res sqldriver.Result, err error) {
	if c.tx != nil {
		if c.tx.failed != nil {
			return nil, c.tx.failedInsert()
		}
		// Whatever fails, rows of the statement may be in the
		// transaction's file already: the transaction can only roll back.
		defer func() {
			if err != nil {
				c.tx.failed = err
			}
		}()
	}
	fw, err := c.insertFile(s)
	if err != nil {
		return nil, err
	}
	p := s.plan
	if p == nil || p.cfg != c.cfg {
		p = &insertPlan{cfg: c.cfg}
		if p.rows, err = compileRows(s, c.cfg); err != nil {
			if c.tx == nil {
				fw.abort()
			}
			return nil, err
		}
		p.src, p.consts = directRows(s)
		s.plan = p
	}
	if p.fw != fw {
		target, err := insertTargets(s, fw.cols)
		if err != nil {
			if c.tx == nil {
				fw.abort()
			}
			return nil, err
		}
		p.fw, p.target = fw, target
		p.stored = p.stored[:0]
		for _, ci := range target {
			p.stored = append(p.stored, storedKind(fw.cols[ci].typ.name))
		}
	}
	if c.tx == nil {
		// The file is the statement's own: do not keep it alive.
		defer func() { p.fw = nil }()
	}
	inTx := c.tx != nil
	var n int64
	put := func(vals []value) error {
		row, err := p.row(s, fw, len(vals))
		if err != nil {
			return err
		}
		for i := range vals {
			if err := p.set(row, i, &vals[i]); err != nil {
				return inRow(err, n, s)
			}
		}
		n++
		return fw.add(row)
	}
	if s.Select == nil && p.src != nil {
		err = p.insertDirect(ctx, s, fw, args, &n)
	} else {
		err = c.insertRows(ctx, s, p, args, put)
	}
	if err != nil {
		if !inTx {
			fw.abort()
		}
		return nil, err
	}
	if !inTx {
		if n == 0 {
			// INSERT ... SELECT of no row: nothing to publish.
			fw.abort()
		} else if err := fw.commit(); err != nil {
			return nil, err
		}
	}
	return sqldriver.RowsAffected(n), nil
}

// row returns the row to fill with a VALUES row of width values, its
// columns without a value NULL.
func (p *insertPlan) row(s *insertStmt, fw *fileWriter, width int) ([]value, error) {
	if width != len(p.target) {
		return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: fmt.Sprintf("INSERT INTO %s: %d values for %d columns", quoteIdent(s.Table), width, len(p.target))}
	}
	row := fw.newRow()
	if len(p.target) < len(row) {
		clear(row) // the columns without a value are NULL
	}
	return row, nil
}

// set puts x, the i-th value of an inserted row, into its column of row,
// converted to the column's storage form (see coerce).
func (p *insertPlan) set(row []value, i int, x *value) error {
	ci := p.target[i]
	if x.k == p.stored[i] && x.k != kindNull && (x.k != kindString || utf8.ValidString(x.s)) && (x.k != kindTime || inMicros(x.t)) {
		row[ci] = *x
		return nil
	}
	v, err := coerce(&p.fw.cols[ci], *x)
	if err != nil {
		return err
	}
	row[ci] = v
	return nil
}

// insertDirect adds the VALUES rows of a plan with src: each value the
// argument or the literal it names, without evaluation.
func (p *insertPlan) insertDirect(ctx context.Context, s *insertStmt, fw *fileWriter, args []value, n *int64) error {
	for r, codes := range p.src {
		if r%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		row, err := p.row(s, fw, len(codes))
		if err != nil {
			return err
		}
		for i, code := range codes {
			var x *value
			if code >= 0 {
				x = &args[code]
			} else {
				x = &p.consts[-1-code]
			}
			if err := p.set(row, i, x); err != nil {
				return inRow(err, int64(r), s)
			}
		}
		*n++
		if err := fw.add(row); err != nil {
			return err
		}
	}
	return nil
}

// inRow says in err, the error of an inserted value, which row of the
// statement it was in (counting from 0), when it has more than one.
func inRow(err error, r int64, s *insertStmt) error {
	switch {
	case s.Select != nil:
		return fmt.Errorf("%w (in row %d of the SELECT's rows, counting from 0)", err, r)
	case len(s.Rows) > 1:
		return fmt.Errorf("%w (in VALUES row %d of %d, counting from 0)", err, r, len(s.Rows))
	}
	return err
}

// directRows returns the src and consts of an insertPlan (see there) for
// INSERT ... VALUES whose every value is a ? or a literal; nil otherwise.
func directRows(s *insertStmt) ([][]int, []value) {
	if s.Select != nil {
		return nil, nil
	}
	src := make([][]int, len(s.Rows))
	var consts []value
	for r, exprs := range s.Rows {
		src[r] = make([]int, len(exprs))
		for j, e := range exprs {
			switch x := e.(type) {
			case *paramExpr:
				src[r][j] = x.Index
			case *literalExpr:
				v, err := literalValue(x)
				if err != nil {
					return nil, nil // compileRows reports it
				}
				consts = append(consts, v)
				src[r][j] = -len(consts)
			default:
				return nil, nil
			}
		}
	}
	return src, consts
}

// insertFile returns the file an INSERT's rows go to, with the table's
// columns: the transaction's file for the table if it has one, else a new
// file after resolving the table and checking that the INSERT can write
// to it.
func (c *conn) insertFile(s *insertStmt) (*fileWriter, error) {
	if c.tx != nil && c.tx.writes != nil {
		if fw, ok := c.tx.writes.named[s.Table]; ok {
			if fw.gone {
				return nil, fmt.Errorf("parquetvariant: INSERT INTO %s: %w", quoteIdent(s.Table), fw.droppedError(fs.ErrNotExist))
			}
			return fw, nil
		}
	}
	t, err := c.connector.root.TableForAppend(s.Table)
	if err != nil {
		return nil, fmt.Errorf("parquetvariant: INSERT INTO %s: %w", quoteIdent(s.Table), err)
	}
	if t.ReadOnly {
		return nil, fmt.Errorf("%w: table %s is a Parquet file in the root directory", ErrReadOnly, quoteIdent(s.Table))
	}
	cols, prev, err := writeColumns(t)
	if err != nil {
		return nil, err
	}
	target, err := insertTargets(s, cols)
	if err != nil {
		return nil, err
	}
	for ci := range cols {
		if !cols[ci].typ.nullable && !slices.Contains(target, ci) {
			return nil, fmt.Errorf("parquetvariant: INSERT INTO %s: column %s is NOT NULL and has no value", quoteIdent(s.Table), quoteIdent(cols[ci].name))
		}
	}
	fw := c.fileWriterFor(t, cols, prev)
	if c.tx != nil {
		c.tx.writes.named[s.Table] = fw
	}
	return fw, nil
}

// compileRows compiles the expressions of INSERT ... VALUES.
func compileRows(s *insertStmt, cfg *Config) ([][]evalFunc, error) {
	sc := &scope{cfg: cfg}
	out := make([][]evalFunc, len(s.Rows))
	for i, rowExprs := range s.Rows {
		out[i] = make([]evalFunc, len(rowExprs))
		for j, e := range rowExprs {
			f, err := compile(e, sc)
			if err != nil {
				return nil, err
			}
			out[i][j] = f
		}
	}
	return out, nil
}

// insertRows evaluates the rows of INSERT ... VALUES (compiled in p) or
// INSERT ... SELECT and hands each to put.
func (c *conn) insertRows(ctx context.Context, s *insertStmt, p *insertPlan, args []value, put func([]value) error) error {
	if s.Select != nil {
		r, _, err := c.selectRows(ctx, s.Select, args)
		if err != nil {
			return err
		}
		defer r.Close()
		for {
			vals, ok, err := r.it.next()
			if err != nil || !ok {
				return err
			}
			if err := put(vals); err != nil {
				return err
			}
		}
	}
	p.er = evalRow{args: args}
	defer func() { p.er = evalRow{} }()
	for i, fs := range p.rows {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		p.vals = p.vals[:0]
		for _, f := range fs {
			v, err := f(&p.er)
			if err != nil {
				return err
			}
			p.vals = append(p.vals, v)
		}
		if err := put(p.vals); err != nil {
			return err
		}
	}
	return nil
}

// fileWriterFor returns the file the rows go to: a new one for a statement,
// the transaction's own for the table inside a transaction.
func (c *conn) fileWriterFor(t *scan.Table, cols []tableColumn, prev []*shred.Schema) *fileWriter {
	if c.tx == nil {
		return c.newTableWriter(t, cols, prev)
	}
	if c.tx.writes == nil {
		c.tx.writes = &txWrites{files: map[string]*fileWriter{}, named: map[string]*fileWriter{}}
	}
	w := c.tx.writes
	if fw, ok := w.files[t.Name]; ok {
		return fw
	}
	fw := c.newTableWriter(t, cols, prev)
	w.files[t.Name] = fw
	w.order = append(w.order, t.Name)
	return fw
}

// newTableWriter returns a writer of a new file of table t, which checks at
// commit that t was not dropped meanwhile.
func (c *conn) newTableWriter(t *scan.Table, cols []tableColumn, prev []*shred.Schema) *fileWriter {
	fw := newFileWriter(t.Name, t.Path, c.cfg, cols, prev)
	if t.FileCount() > 0 {
		fw.witness = t.FilePath(0)
	}
	return fw
}

// insertTargets maps the INSERT column list (all columns when absent) to
// column indexes.
func insertTargets(s *insertStmt, cols []tableColumn) ([]int, error) {
	if s.Columns == nil {
		out := make([]int, len(cols))
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	sc := &scope{names: names}
	var out []int
	for _, name := range s.Columns {
		i, err := sc.lookup(name)
		if err != nil {
			if e, ok := err.(*SQLError); ok {
				return nil, &SQLError{Err: e.Err, Pos: e.Pos, Msg: "INSERT INTO " + quoteIdent(s.Table) + ": " + e.Msg}
			}
			return nil, err
		}
		if slices.Contains(out, i) {
			return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "INSERT names column " + quoteIdent(name) + " twice"}
		}
		out = append(out, i)
	}
	return out, nil
}

// writeColumns returns the columns a new file of table t has, and each
// VARIANT column's shredding in the table's newest file: written files are
// named part-<time>-..., so the one whose base name sorts last (in any
// partition folder).
func writeColumns(t *scan.Table) ([]tableColumn, []*shred.Schema, error) {
	schema := t.Schema()
	cols := make([]tableColumn, len(schema.Columns))
	for i, c := range schema.Columns {
		cols[i] = tableColumn{name: c.Name, typ: columnType(c)}
		if c.Type.Kind == scan.KindNested && !c.Type.Variant {
			return nil, nil, fmt.Errorf("%w: inserting into table %s, whose column %s is a nested group", ErrUnsupported, quoteIdent(t.Name), quoteIdent(c.Name))
		}
	}
	newest := t.NewestFile()
	if newest < 0 {
		return cols, nil, nil
	}
	prev := make([]*shred.Schema, len(cols))
	for i, c := range cols {
		if c.typ.name != "VARIANT" {
			continue
		}
		// The file may spell the column in another case than the table,
		// or not have it, or not as a Variant.
		if l, ok := t.VariantLayout(newest, c.name); ok {
			s := l.Schema()
			prev[i] = &s
		}
	}
	return cols, prev, nil
}
