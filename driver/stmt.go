package driver

import (
	"context"
	sqldriver "database/sql/driver"
)

// stmt is a prepared statement: parsed and checked once, run many times.
type stmt struct {
	conn   *conn
	query  string
	parsed parsed
	closed bool
	args   []value // an INSERT's arguments, reused: INSERT keeps none of them
}

// Close releases the statement.
func (s *stmt) Close() error {
	s.closed = true
	return nil
}

// NumInput is the number of ? placeholders, so that database/sql checks the
// argument count ("sql: expected 2 arguments, got 1").
func (s *stmt) NumInput() int { return s.parsed.numParams }

// Exec runs the statement; see ExecContext.
func (s *stmt) Exec(args []sqldriver.Value) (sqldriver.Result, error) {
	return s.ExecContext(context.Background(), named(args))
}

// Query runs the statement; see QueryContext.
func (s *stmt) Query(args []sqldriver.Value) (sqldriver.Rows, error) {
	return s.QueryContext(context.Background(), named(args))
}

// ExecContext runs an INSERT, CREATE TABLE or DROP TABLE.
func (s *stmt) ExecContext(ctx context.Context, args []sqldriver.NamedValue) (sqldriver.Result, error) {
	if s.closed || s.conn.closed {
		return nil, ErrClosed
	}
	if _, ok := s.parsed.stmt.(*insertStmt); ok {
		vals, err := appendArgValues(s.args[:0], args, s.parsed.numParams)
		if err != nil {
			s.conn.refusedInsert(err)
			return nil, err
		}
		s.args = vals
		return s.conn.exec(ctx, s.parsed, vals)
	}
	vals, err := argValues(args, s.parsed.numParams)
	if err != nil {
		return nil, err
	}
	return s.conn.exec(ctx, s.parsed, vals)
}

// QueryContext runs a SELECT, SHOW TABLES, DESCRIBE or EXPLAIN.
func (s *stmt) QueryContext(ctx context.Context, args []sqldriver.NamedValue) (sqldriver.Rows, error) {
	if s.closed || s.conn.closed {
		return nil, ErrClosed
	}
	vals, err := argValues(args, s.parsed.numParams)
	if err != nil {
		return nil, err
	}
	return s.conn.query(ctx, s.parsed, vals)
}

func named(args []sqldriver.Value) []sqldriver.NamedValue {
	out := make([]sqldriver.NamedValue, len(args))
	for i, a := range args {
		out[i] = sqldriver.NamedValue{Ordinal: i + 1, Value: a}
	}
	return out
}
