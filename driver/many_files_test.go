package driver_test

import (
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// TestManyFilesOpenOnlyMatching: over a table of one-row files, as single
// INSERTs leave it, a selective query opens only the files whose footer
// statistics may match, on a plain column and on a shredded Variant path;
// the others are skipped without being opened (EXPLAIN ANALYZE's files
// opened).
func TestManyFilesOpenOnlyMatching(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	insertOneRowFiles(t, db, dir, 40)

	var v variant.Variant
	require.NoError(t, db.QueryRow("SELECT v FROM t WHERE id = 17").Scan(&v))
	require.JSONEq(t, `{"x": 7, "s": "row 17"}`, v.String())
	plan := explain(t, db, "EXPLAIN ANALYZE SELECT v FROM t WHERE id = 17")
	require.Equal(t, "41", plan["files"], "CREATE TABLE's file of no rows, then one per INSERT")
	require.Equal(t, "1", plan["files read"])
	require.Equal(t, "40", plan["files skipped"])
	require.Equal(t, "1", plan["files opened"])
	require.Equal(t, "1", plan["rows returned"])

	rows, err := db.Query("SELECT id FROM t WHERE variant_get(v, '$.x', 'int') = 5 ORDER BY id")
	require.NoError(t, err)
	var ids []int64
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []int64{5, 15, 25, 35}, ids)
	plan = explain(t, db, "EXPLAIN ANALYZE SELECT id FROM t WHERE variant_get(v, '$.x', 'int') = 5")
	require.Equal(t, "4", plan["files read"])
	require.Equal(t, "4", plan["files opened"])
	require.Equal(t, "4", plan["rows returned"])

	plan = explain(t, db, "EXPLAIN ANALYZE SELECT COUNT(*) FROM t WHERE id >= 0")
	require.Equal(t, "40", plan["files opened"], "every file with a row may match")
}
