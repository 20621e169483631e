package driver_test

import (
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// TestInsertSeesOtherWriters: an INSERT into a table that this database
// wrote to before sees what another process (another *sql.DB over the
// folder) did since: the table dropped and created again with other
// columns, and a file with a column of its own added to the folder.
func TestInsertSeesOtherWriters(t *testing.T) {
	dir := t.TempDir()
	a, b := openDB(t, dir), openDB(t, dir)
	_, err := a.Exec("CREATE TABLE t (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	for i := range 3 {
		_, err = a.Exec("INSERT INTO t VALUES (?, parse_json('{\"x\": 1}'))", i)
		require.NoError(t, err)
	}

	_, err = b.Exec("DROP TABLE t")
	require.NoError(t, err)
	_, err = b.Exec("CREATE TABLE t (id VARCHAR, w DOUBLE)")
	require.NoError(t, err)
	_, err = a.Exec("INSERT INTO t VALUES ('k', 2.5)")
	require.NoError(t, err)
	require.Equal(t, []string{"k|2.5"}, rowsText(t, a, "SELECT id, w FROM t"))

	type extraRow struct {
		ID    string `parquet:"id"`
		Extra int64  `parquet:"extra"`
	}
	require.NoError(t, parquet.WriteFile(filepath.Join(dir, "t", "zz-extra.parquet"), []extraRow{{ID: "e", Extra: 7}}))
	_, err = a.Exec("INSERT INTO t (id, extra) VALUES ('f', 8)")
	require.NoError(t, err)
	require.Equal(t, []string{"e|NULL|7", "f|NULL|8", "k|2.5|NULL"}, rowsText(t, a, "SELECT id, w, extra FROM t ORDER BY id"))
}
