package driver_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

type partitionedRow struct {
	ID   int64  `parquet:"id"`
	Kind string `parquet:"kind"`
}

// TestHivePartitions: a table written as Spark and Hive partition it (the
// key only in date=... folder names) has the key as a VARCHAR column; a
// filter on it skips the other folders' files; an INSERT stores the key in
// its file and the folders keep their values.
func TestHivePartitions(t *testing.T) {
	dir := t.TempDir()
	write := func(rel string, rows ...partitionedRow) {
		path := filepath.Join(dir, "ev", rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, parquet.WriteFile(path, rows))
	}
	write("date=2024-06-01/part-0.parquet", partitionedRow{1, "view"}, partitionedRow{2, "buy"})
	write("date=2024-06-02/part-0.parquet", partitionedRow{3, "view"})
	write("date=__HIVE_DEFAULT_PARTITION__/part-0.parquet", partitionedRow{4, "view"})
	db := openDB(t, dir)

	require.Equal(t, []string{"id|BIGINT|false", "kind|VARCHAR|false", "date|VARCHAR|true"}, rowsText(t, db, "DESCRIBE ev"))
	require.Equal(t, []string{"NULL|1", "2024-06-01|2", "2024-06-02|1"},
		rowsText(t, db, "SELECT date, COUNT(*) FROM ev GROUP BY date ORDER BY date"))
	plan := explain(t, db, "EXPLAIN ANALYZE SELECT id FROM ev WHERE date = '2024-06-02'")
	require.Equal(t, "1", plan["files read"])
	require.Equal(t, "2", plan["files skipped"])
	require.Equal(t, "1", plan["rows returned"])

	// An OR of equalities on one column is pushed as the IN it means.
	plan = explain(t, db, "EXPLAIN ANALYZE SELECT id FROM ev WHERE date = '2024-06-02' OR '2024-06-01' = date")
	require.Equal(t, "(date = '2024-06-02' OR '2024-06-01' = date)", plan["pushed to scan"])
	require.Equal(t, "1", plan["files skipped"])
	require.Equal(t, "3", plan["rows returned"])
	plan = explain(t, db, "EXPLAIN ANALYZE SELECT id FROM ev WHERE date = '2024-06-02' OR kind = 'buy'")
	require.Equal(t, "0", plan["files skipped"])
	require.Equal(t, "2", plan["rows returned"])
	// A LIKE with a fixed prefix skips by the prefix's range.
	plan = explain(t, db, "EXPLAIN ANALYZE SELECT id FROM ev WHERE date LIKE '2024-06-02%' AND kind LIKE '%w'")
	require.Equal(t, "2", plan["files skipped"])
	require.Equal(t, "1", plan["rows returned"])
	for _, dsn := range []string{dir, dir + "?data_skipping=false"} {
		require.Equal(t, []string{"1", "2", "3"}, rowsText(t, openDB(t, dsn), "SELECT id FROM ev WHERE date = '2024-06-02' OR date = '2024-06-01' OR date = ? ORDER BY id", nil))
	}

	_, err := db.Exec("INSERT INTO ev (id, kind, date) VALUES (5, 'buy', '2024-06-03')")
	require.NoError(t, err)
	require.Equal(t, []string{"1|2024-06-01", "2|2024-06-01", "3|2024-06-02", "4|NULL", "5|2024-06-03"},
		rowsText(t, db, "SELECT id, date FROM ev ORDER BY id"))
	require.Equal(t, []string{"3", "5"}, rowsText(t, db, "SELECT id FROM ev WHERE date > '2024-06-01' ORDER BY id"))
}
