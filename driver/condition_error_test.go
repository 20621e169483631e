package driver_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/scan"
)

// TestConditionErrorNamesRow: a WHERE condition whose value is not one (a
// Variant string) fails naming its file, row group and row, whether it is
// the whole condition, a conjunct or inside an OR, and whatever the plan
// (rows, groups, a sort with LIMIT).
func TestConditionErrorNamesRow(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE c (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO c VALUES (1, parse_json('{"s":"x"}'))`)
	require.NoError(t, err)
	for _, q := range []string{
		"SELECT id FROM c WHERE v->'$.s' OR id > 100",
		"SELECT id FROM c WHERE v->'$.s'",
		"SELECT id FROM c WHERE id > 0 AND v->'$.s'",
		"SELECT COUNT(*) FROM c WHERE v->'$.s'",
		"SELECT id, COUNT(*) FROM c WHERE v->'$.s' GROUP BY id",
		"SELECT id FROM c WHERE v->'$.s' ORDER BY id LIMIT 1",
		"SELECT v FROM c WHERE v->'$.s' ORDER BY id LIMIT 1",
	} {
		_, err := rowsTextErr(db, q)
		require.Error(t, err, q)
		// README "Errors": "An error about one row names it by its file, row group and row in the
		// row group, counting from 0 ..., and is a *scan.FileError (file and row group) whose cause is a *scan.RowError".
		var fe *scan.FileError
		require.True(t, errors.As(err, &fe), "%s: %v is not a *scan.FileError", q, err)
		var re *scan.RowError
		require.True(t, errors.As(err, &re), "%s: %v is not a *scan.RowError", q, err)
		require.Contains(t, err.Error(), "row group 0, row 0 of it", q)
	}
}
