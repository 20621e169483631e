package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/driver"
)

// Any INSERT that fails in a transaction, whether before or after it adds
// rows, makes the transaction one that can only roll back: a later INSERT
// fails at once with ErrTxFailed, Commit rolls back and returns it, and no
// row of the transaction is kept. A failed SELECT does not.
func TestTxFailedInsert(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, v VARIANT)")
	require.NoError(t, err)
	for _, bad := range []string{
		"INSERT INTO t (nosuch) VALUES (1)",
		"INSERT INTO nosuch VALUES (1)",
		"INSERT INTO t VALUES (2, variant_get(parse_json('{}'), '$.a.', 'int'))",
		"INSERT INTO t VALUES (NULL, NULL)",
		"INSERT INTO t VALUES (2, parse_json('{bad'))",
		"INSERT INTO t VALUES (1, 2, 3)",
	} {
		t.Run(bad, func(t *testing.T) {
			tx, err := db.Begin()
			require.NoError(t, err)
			_, err = tx.Exec("INSERT INTO t VALUES (1, NULL)")
			require.NoError(t, err)
			_, err = tx.Exec(bad)
			require.Error(t, err)
			_, err = tx.Exec("INSERT INTO t VALUES (3, NULL)")
			require.ErrorIs(t, err, driver.ErrTxFailed)
			err = tx.Commit()
			require.ErrorIs(t, err, driver.ErrTxFailed)
			var n int64
			require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
			require.Zero(t, n)
		})
	}

	tx, err := db.Begin()
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO t VALUES (1, NULL)")
	require.NoError(t, err)
	_, err = tx.Query("SELECT nosuch FROM t")
	require.Error(t, err)
	require.NoError(t, tx.Commit())
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
	require.Equal(t, int64(1), n)
}
