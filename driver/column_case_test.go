package driver_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/scan"
)

type upperIDRow struct {
	ID int64 `parquet:"ID"`
	X  int64 `parquet:"x"`
}

type lowerIDRow struct {
	ID int64 `parquet:"id"`
	X  int64 `parquet:"X"`
}

type lowerIDStringRow struct {
	ID int64  `parquet:"id"`
	X  string `parquet:"X"`
}

type twoCasesRow struct {
	Lower int64 `parquet:"a"`
	Upper int64 `parquet:"A"`
}

// writeParquet writes rows to dir/rel, creating its folders.
func writeParquet[T any](t *testing.T, dir, rel string, rows ...T) {
	t.Helper()
	path := filepath.Join(dir, rel)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, parquet.WriteFile(path, rows))
}

// TestColumnNamesAnyCase: files that spell a column differently are one
// column, named as the first file spells it, that every spelling reaches in
// filters, GROUP BY, ORDER BY and INSERT.
func TestColumnNamesAnyCase(t *testing.T) {
	dir := t.TempDir()
	writeParquet(t, dir, "two/p1.parquet", upperIDRow{1, 10})
	writeParquet(t, dir, "two/p2.parquet", lowerIDRow{2, 20}, lowerIDRow{3, 20})
	db := openDB(t, dir)

	require.Equal(t, []string{"ID|BIGINT|false", "x|BIGINT|false"}, rowsText(t, db, "DESCRIBE two"))
	rows, err := db.Query("SELECT * FROM two")
	require.NoError(t, err)
	cols, err := rows.Columns()
	require.NoError(t, err)
	require.NoError(t, rows.Close())
	require.Equal(t, []string{"ID", "x"}, cols)
	require.Equal(t, []string{"1|10", "2|20", "3|20"}, rowsText(t, db, "SELECT * FROM two ORDER BY id"))
	for _, q := range []string{
		"SELECT count(*) FROM two WHERE id = 2",
		"SELECT count(*) FROM two WHERE ID = 2",
		"SELECT count(*) FROM two WHERE `iD` = 2",
		"SELECT count(*) FROM two WHERE X = 10",
		"SELECT count(*) FROM two WHERE x = 10",
	} {
		require.Equal(t, []string{"1"}, rowsText(t, db, q), q)
	}
	require.Equal(t, []string{"10|1", "20|2"}, rowsText(t, db, "SELECT X, count(*) FROM two GROUP BY x ORDER BY X"))

	_, err = db.Exec("INSERT INTO two (id, X) VALUES (4, 40)")
	require.NoError(t, err)
	require.Equal(t, []string{"4|40"}, rowsText(t, db, "SELECT Id, X FROM two WHERE ID > 3"))
	require.Equal(t, []string{"ID|BIGINT|false", "x|BIGINT|false"}, rowsText(t, db, "DESCRIBE two"))
}

// TestColumnNamesAnyCaseConflicts: x BIGINT in one file and X VARCHAR in
// another are one column of two types, and a file holding a and A cannot
// be read (either name would match both): both are scan.ErrSchemaConflict.
func TestColumnNamesAnyCaseConflicts(t *testing.T) {
	dir := t.TempDir()
	writeParquet(t, dir, "two/p1.parquet", upperIDRow{1, 10})
	writeParquet(t, dir, "two/p2.parquet", lowerIDStringRow{2, "b"})
	writeParquet(t, dir, "both/f.parquet", twoCasesRow{1, 2})
	db := openDB(t, dir)

	err := queryErr(db, "SELECT count(*) FROM two WHERE id = 2")
	require.ErrorIs(t, err, scan.ErrSchemaConflict)
	require.ErrorContains(t, err, `column "x" is int64 in `+filepath.Join(dir, "two", "p1.parquet")+` and "X" is string in `+filepath.Join(dir, "two", "p2.parquet"))

	for _, q := range []string{"SELECT * FROM both", "SELECT a FROM both", "SELECT `A` FROM both"} {
		err = queryErr(db, q)
		require.ErrorIs(t, err, scan.ErrSchemaConflict, q)
		var fe *scan.FileError
		require.ErrorAs(t, err, &fe, q)
		require.Equal(t, filepath.Join(dir, "both", "f.parquet"), fe.Path)
		require.ErrorContains(t, err, `columns "a" and "A" differ only in case`, q)
	}
}
