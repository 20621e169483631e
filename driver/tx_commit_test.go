package driver_test

import (
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// insertIntoThree opens a transaction that inserts one row into each of the
// tables a, b and c, in that order, and returns it uncommitted.
func insertIntoThree(t *testing.T, db *sql.DB) *sql.Tx {
	t.Helper()
	tx, err := db.Begin()
	require.NoError(t, err)
	for i, table := range []string{"a", "b", "c"} {
		_, err := tx.Exec("INSERT INTO "+table+" VALUES (?, parse_json(?))", i, `{"n":1}`)
		require.NoError(t, err)
	}
	return tx
}

// createThree creates the tables a, b and c, each with one row already.
func createThree(t *testing.T, db *sql.DB) {
	t.Helper()
	for _, table := range []string{"a", "b", "c"} {
		_, err := db.Exec("CREATE TABLE " + table + " (id BIGINT, v VARIANT)")
		require.NoError(t, err)
		_, err = db.Exec("INSERT INTO " + table + " VALUES (100, parse_json('0'))")
		require.NoError(t, err)
	}
}

// filesOf lists the files of each table.
func filesOf(t *testing.T, dir string, tables ...string) map[string][]string {
	t.Helper()
	files := map[string][]string{}
	for _, table := range tables {
		files[table] = tableFiles(t, dir, table)
	}
	return files
}

// requireNoTxFile checks that the tables hold only their first row and the
// files they had before the transaction: none of its files, published or in
// progress.
func requireNoTxFile(t *testing.T, db *sql.DB, dir string, before map[string][]string) {
	t.Helper()
	for table, files := range before {
		require.Equal(t, []string{"100"}, rowsText(t, db, "SELECT id FROM "+table), "table %s", table)
		require.Equal(t, files, tableFiles(t, dir, table), "table %s", table)
	}
}

// TestCommitSeveralTablesAllOrNothing: a transaction that inserted into
// several tables publishes one file in each, or none at all when one of
// them cannot take its rows (docs/design.md section 7): the tables before
// and after the dropped one keep none of the transaction's rows.
func TestCommitSeveralTablesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	createThree(t, db)
	tx := insertIntoThree(t, db)
	require.NoError(t, tx.Commit())
	for i, table := range []string{"a", "b", "c"} {
		require.Equal(t, []string{"100", string(rune('0' + i))}, rowsText(t, db, "SELECT id FROM "+table+" ORDER BY id DESC"))
	}

	dir = t.TempDir()
	db = openDB(t, dir)
	createThree(t, db)
	before := filesOf(t, dir, "a", "c")
	tx = insertIntoThree(t, db)
	_, err := db.Exec("DROP TABLE b")
	require.NoError(t, err)
	err = tx.Commit()
	require.ErrorIs(t, err, pvdriver.ErrNoTable)
	require.ErrorContains(t, err, "commit: table b: ")
	requireNoTxFile(t, db, dir, before)
}

// TestCommitTakesBackPublishedFiles: when a file cannot be renamed into
// place after the others were, the ones published are taken back, so that
// the transaction still adds nothing; the error names the table and keeps
// the cause.
func TestCommitTakesBackPublishedFiles(t *testing.T) {
	for _, failing := range []string{"a", "b", "c"} {
		t.Run(failing, func(t *testing.T) {
			dir := t.TempDir()
			db := openDB(t, dir)
			createThree(t, db)
			before := filesOf(t, dir, "a", "b", "c")
			tx := insertIntoThree(t, db)
			cause := errors.New("rename refused")
			published := []string{}
			pvdriver.SetBeforePublish(func(table string) error {
				if table == failing {
					return cause
				}
				published = append(published, table)
				return nil
			})
			defer pvdriver.SetBeforePublish(nil)
			err := tx.Commit()
			pvdriver.SetBeforePublish(nil)
			require.ErrorIs(t, err, cause)
			require.ErrorContains(t, err, "commit: table "+failing+": ")
			require.Equal(t, []string{"a", "b", "c"}[:strings.Index("abc", failing)], published,
				"files are published in the order the transaction wrote to their tables")
			requireNoTxFile(t, db, dir, before)
		})
	}
}

// TestCommitDropAfterPublish: a table dropped after the transaction's file
// was renamed into it, before its folder is synced, came after the commit:
// Commit succeeds and the other tables keep the rows, rather than a Commit
// error while tables keep rows (which a retry would write twice).
func TestCommitDropAfterPublish(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	createThree(t, db)
	tx := insertIntoThree(t, db)
	pvdriver.SetBeforePublish(func(table string) error {
		if table == "b" {
			// a's file is published; drop a before its directory is synced.
			_, err := db.Exec("DROP TABLE a")
			return err
		}
		return nil
	})
	defer pvdriver.SetBeforePublish(nil)
	require.NoError(t, tx.Commit())
	pvdriver.SetBeforePublish(nil)
	require.Equal(t, []string{"1", "100"}, rowsText(t, db, "SELECT id FROM b ORDER BY id"))
	require.Equal(t, []string{"2", "100"}, rowsText(t, db, "SELECT id FROM c ORDER BY id"))
	_, err := db.Query("SELECT id FROM a")
	require.ErrorIs(t, err, pvdriver.ErrNoTable)
}
