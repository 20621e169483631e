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
