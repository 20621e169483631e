package driver

import (
	"context"
	"database/sql"
	sqldriver "database/sql/driver"
	"fmt"

	"github.com/parquetvariant/parquetvariant/scan"
)

// tx is a transaction: its reads see each table as it was when the
// transaction first read it (a snapshot of the table's files), and its
// writes are buffered until Commit.
type tx struct {
	c        *conn
	readOnly bool
	tables   map[string]*scan.Table
	writes   *txWrites
	failed   error // a write that failed: Commit rolls back
}

// BeginTx starts a transaction. Isolation levels LevelDefault and
// LevelSnapshot are accepted (reads see a snapshot of each table); other
// levels are an error naming them. A read-only transaction refuses writes.
func (c *conn) BeginTx(ctx context.Context, opts sqldriver.TxOptions) (sqldriver.Tx, error) {
	if c.closed {
		return nil, sqldriver.ErrBadConn
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if c.tx != nil {
		return nil, fmt.Errorf("parquetvariant: a transaction is already open on this connection")
	}
	switch l := sql.IsolationLevel(opts.Isolation); l {
	case sql.LevelDefault, sql.LevelSnapshot:
	default:
		return nil, fmt.Errorf("%w: isolation level %s (only Default and Snapshot)", ErrUnsupported, l)
	}
	c.tx = &tx{c: c, readOnly: opts.ReadOnly, tables: map[string]*scan.Table{}}
	return c.tx, nil
}

// Commit writes the transaction's buffered rows: one new file per table it
// wrote to, each all or nothing.
func (t *tx) Commit() error {
	if t.c.tx != t {
		return ErrClosed
	}
	t.c.tx = nil
	return t.commitWrites()
}

// Rollback discards the transaction's buffered rows; nothing becomes visible.
func (t *tx) Rollback() error {
	if t.c.tx != t {
		return ErrClosed
	}
	t.c.tx = nil
	t.discard()
	return nil
}

// forgetSnapshot drops the transaction's snapshot of table name, so that
// its next read takes a new one, and marks the file the transaction writes
// for the table, if any, as one for a table gone: its rows are not kept
// (Commit says so), and a later INSERT into name fails with ErrNoTable
// instead of writing to the table that was.
func (c *conn) forgetSnapshot(name string) {
	if c.tx == nil {
		return
	}
	delete(c.tx.tables, name)
	if c.tx.writes != nil {
		if fw, ok := c.tx.writes.named[name]; ok {
			fw.gone = true
		}
	}
}

// table returns the table name: within a transaction, the snapshot taken
// when the transaction first read it.
func (c *conn) table(name string) (*scan.Table, error) {
	if c.tx != nil {
		if t, ok := c.tx.tables[name]; ok {
			return t, nil
		}
	}
	t, err := c.connector.root.Table(name)
	if err != nil {
		return nil, fmt.Errorf("parquetvariant: table %s: %w", quoteIdent(name), err)
	}
	if c.tx != nil {
		c.tx.tables[name] = t
	}
	return t, nil
}
