package driver

import (
	"context"
	sqldriver "database/sql/driver"
)

// txWrites holds a transaction's buffered writes.
type txWrites struct{}

func (t *tx) commitWrites() error { return nil }

func (t *tx) discard() {}

// write runs INSERT, CREATE TABLE and DROP TABLE.
func (c *conn) write(ctx context.Context, s statement, args []value) (sqldriver.Result, error) {
	return nil, &SQLError{Err: ErrUnsupported, Pos: -1, Msg: "writing"}
}
