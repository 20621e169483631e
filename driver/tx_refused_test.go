package driver_test

import (
	"database/sql"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestTxInsertRefusedBeforeItRuns: an INSERT the driver refuses before it
// runs (its syntax, the types of its literals, the number of its
// arguments) fails the transaction as one failing while it runs does: the
// transaction can only roll back, and the rows inserted before are not
// kept. A SELECT refused so changes nothing.
func TestTxInsertRefusedBeforeItRuns(t *testing.T) {
	for _, tc := range []struct {
		name, q string
		args    []any
	}{
		{"literal types", "INSERT INTO t VALUES (2 + 'x', 'b')", nil},
		{"argument count", "INSERT INTO t VALUES (?, ?)", []any{2}},
		{"syntax", "INSERT INTO t VALUES (2, ", nil},
		{"syntax after a comment", "/* two */ insert into t values (2 'b')", nil},
		{"unclosed string", "INSERT INTO t VALUES (2, 'b)", nil},
		{"unclosed string after line comments", "-- two\n# three\n\tInsert INTO t VALUES (2, 'b)", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, tx := txWithRow(t)
			_, err := tx.Exec(tc.q, tc.args...)
			require.Error(t, err)
			_, err = tx.Exec("INSERT INTO t VALUES (3, 'c')")
			require.ErrorIs(t, err, pvdriver.ErrTxFailed)
			require.ErrorIs(t, tx.Commit(), pvdriver.ErrTxFailed)
			require.Equal(t, []string{"0"}, rowsText(t, db, "SELECT COUNT(*) FROM t"))
		})
	}
	t.Run("select", func(t *testing.T) {
		db, tx := txWithRow(t)
		_, err := tx.Query("SELECT a FROM t WHERE")
		require.Error(t, err)
		_, err = tx.Exec("SELECT a FROM t WHERE a = ?")
		require.Error(t, err)
		_, err = tx.Exec("INSERTED INTO t VALUES (2, 'b)")
		require.Error(t, err, "not an INSERT: INSERTED is another word")
		require.NoError(t, tx.Commit())
		require.Equal(t, []string{"1"}, rowsText(t, db, "SELECT COUNT(*) FROM t"))
	})
}

// TestTxInsertAfterSlashSlashCommentRefused: a bad INSERT after a //
// comment, which the tokenizer skips as it does -- and #, fails its
// transaction too.
func TestTxInsertAfterSlashSlashCommentRefused(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (a BIGINT NOT NULL, b VARCHAR)")
	require.NoError(t, err)
	_, err = db.Exec("// one\nINSERT INTO t VALUES (0, 'z')")
	require.NoError(t, err, "the statement reads after a // comment")
	tx, err := db.Begin()
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO t VALUES (1, 'a')")
	require.NoError(t, err)
	_, err = tx.Exec("// two\nINSERT INTO t VALUES (2, ")
	require.Error(t, err)
	require.ErrorIs(t, tx.Commit(), pvdriver.ErrTxFailed)
	require.Equal(t, []string{"1"}, rowsText(t, db, "SELECT COUNT(*) FROM t"))
}

// txWithRow opens a database with table t (a BIGINT NOT NULL, b VARCHAR)
// and a transaction that has inserted the row (1, 'a').
func txWithRow(t *testing.T) (*sql.DB, *sql.Tx) {
	t.Helper()
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (a BIGINT NOT NULL, b VARCHAR)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO t VALUES (1, 'a')")
	require.NoError(t, err)
	return db, tx
}
