package driver_test

import (
	"database/sql"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// txTinyDB opens a database with table t (a BIGINT NOT NULL, b VARCHAR)
// of rows 0..n-1 in one file.
func txTinyDB(t *testing.T, dir string, n int) *sql.DB {
	t.Helper()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (a BIGINT NOT NULL, b VARCHAR)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	for i := range n {
		_, err := tx.Exec("INSERT INTO t VALUES (?, ?)", i, fmt.Sprint("b", i))
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
	return db
}

// TestTxReadsTableItRecreated: CREATE TABLE and DROP TABLE take effect at
// once, also inside a transaction: after it dropped a table it had read and
// created it again, the transaction reads the new table, not the snapshot
// of its first read.
func TestTxReadsTableItRecreated(t *testing.T) {
	db := txTinyDB(t, t.TempDir(), 3)
	tx, err := db.Begin()
	require.NoError(t, err)
	var n int64
	require.NoError(t, tx.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
	require.Equal(t, int64(3), n)
	_, err = tx.Exec("DROP TABLE t")
	require.NoError(t, err)
	_, err = tx.Exec("CREATE TABLE t (x VARCHAR)")
	require.NoError(t, err)
	// The transaction's reads of t are those of the new, empty table.
	require.NoError(t, tx.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
	require.Equal(t, int64(0), n, "COUNT(*) of the table the transaction created")
	rows, err := tx.Query("SELECT * FROM t")
	require.NoError(t, err)
	cols, err := rows.Columns()
	require.NoError(t, err)
	require.Equal(t, []string{"x"}, cols)
	require.False(t, rows.Next())
	require.NoError(t, rows.Err())
	require.NoError(t, rows.Close())
	_, err = tx.Exec("DROP TABLE t")
	require.NoError(t, err)
	_, err = tx.Query("SELECT * FROM t")
	require.ErrorIs(t, err, pvdriver.ErrNoTable, "dropped in the transaction")
	require.NoError(t, tx.Rollback())
}

// TestTxDropOtherCaseKeepsSnapshot: table names are case-sensitive, so a
// transaction's DROP TABLE t leaves its snapshot of the table T as it
// first read it.
func TestTxDropOtherCaseKeepsSnapshot(t *testing.T) {
	db := openDB(t, t.TempDir())
	for _, q := range []string{"CREATE TABLE T (a BIGINT)", "CREATE TABLE t (a BIGINT)", "INSERT INTO T VALUES (1)"} {
		_, err := db.Exec(q)
		require.NoError(t, err, q)
	}
	tx, err := db.Begin()
	require.NoError(t, err)
	defer tx.Rollback()
	var n int
	require.NoError(t, tx.QueryRow("SELECT count(*) FROM T").Scan(&n))
	require.Equal(t, 1, n)
	_, err = db.Exec("INSERT INTO T VALUES (2)") // outside the transaction
	require.NoError(t, err)
	_, err = tx.Exec("DROP TABLE t")
	require.NoError(t, err)
	require.NoError(t, tx.QueryRow("SELECT count(*) FROM T").Scan(&n))
	require.Equal(t, 1, n, "the transaction dropped t, not T")
}

// TestTxInsertAfterOwnRecreate: after a transaction that wrote to t
// dropped t and created it again, an INSERT into t fails with ErrNoTable,
// as the rows written for the dropped table do at Commit, rather than
// with the dropped table's columns; a CREATE TABLE IF NOT EXISTS that
// finds the table changes nothing.
func TestTxInsertAfterOwnRecreate(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (a BIGINT)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO t VALUES (1)")
	require.NoError(t, err)
	_, err = tx.Exec("CREATE TABLE IF NOT EXISTS t (x VARCHAR)")
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO t VALUES (2)")
	require.NoError(t, err, "the table is the same one")
	_, err = tx.Exec("DROP TABLE t")
	require.NoError(t, err)
	_, err = tx.Exec("CREATE TABLE t (x VARCHAR)")
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO t (x) VALUES ('q')")
	require.ErrorIs(t, err, pvdriver.ErrNoTable)
	require.NotErrorIs(t, err, pvdriver.ErrNoColumn)
	require.ErrorIs(t, tx.Commit(), pvdriver.ErrNoTable)
	require.Equal(t, []string{"0"}, rowsText(t, db, "SELECT COUNT(*) FROM t"))
}
