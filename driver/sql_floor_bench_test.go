package driver_test

import (
	"context"
	"database/sql"
	sqldriver "database/sql/driver"
	"io"
	"testing"
)

// BenchmarkDatabaseSQLRows measures what database/sql itself costs per row,
// with a driver that does nothing: its Next hands out the same pointer
// every row and never allocates. A query returns selectRows rows, each
// scanned into an any as countVariants does, so that cpu-ns/row is the
// least any driver adds over its own cursor for a query like
// BenchmarkSelect's full-reconstruction.
func BenchmarkDatabaseSQLRows(b *testing.B) {
	db := sql.OpenDB(idleConnector{})
	defer db.Close()
	m := newRowMeter(b)
	for b.Loop() {
		rs, err := db.Query("SELECT event FROM events")
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		var x any
		for rs.Next() {
			if err := rs.Scan(&x); err != nil {
				b.Fatal(err)
			}
			n++
		}
		if err := rs.Close(); err != nil || n != selectRows {
			b.Fatalf("got %d rows, %v; want %d", n, err, selectRows)
		}
		m.done(n)
	}
	m.report()
}

// idleConnector is a database/sql connector whose queries return
// selectRows rows of one column, the same value in each.
type idleConnector struct{}

func (idleConnector) Connect(context.Context) (sqldriver.Conn, error) { return idleConn{}, nil }
func (idleConnector) Driver() sqldriver.Driver                        { return nil }

type idleConn struct{}

func (idleConn) Prepare(string) (sqldriver.Stmt, error) { return nil, sqldriver.ErrSkip }
func (idleConn) Close() error                           { return nil }
func (idleConn) Begin() (sqldriver.Tx, error)           { return nil, sqldriver.ErrSkip }

func (idleConn) QueryContext(context.Context, string, []sqldriver.NamedValue) (sqldriver.Rows, error) {
	return &idleRows{left: selectRows}, nil
}

type idleRows struct{ left int }

// idleValue is what every row holds: a pointer, which an interface holds
// without an allocation.
var idleValue = new([7]uint64)

func (r *idleRows) Columns() []string { return []string{"event"} }
func (r *idleRows) Close() error      { return nil }

func (r *idleRows) Next(dest []sqldriver.Value) error {
	if r.left == 0 {
		return io.EOF
	}
	r.left--
	dest[0] = idleValue
	return nil
}
