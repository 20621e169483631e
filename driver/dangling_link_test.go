package driver_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/scan"
)

// A symbolic link to nothing named as a data file makes a table damaged,
// not dropped: SHOW TABLES lists it, reading it fails naming the link
// (scan.ErrCorrupt, not ErrNoTable), CREATE TABLE says it exists, and DROP
// TABLE (also IF EXISTS) removes it, link included.
func TestDanglingLinkInTable(t *testing.T) {
	for _, ifExists := range []bool{false, true} {
		dir := t.TempDir()
		db := openDB(t, dir)
		_, err := db.Exec("CREATE TABLE t (a BIGINT)")
		require.NoError(t, err)
		_, err = db.Exec("INSERT INTO t VALUES (1)")
		require.NoError(t, err)
		link := filepath.Join(dir, "t", "link.parquet")
		require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere.parquet"), link))

		var name string
		var ro bool
		require.NoError(t, db.QueryRow("SHOW TABLES").Scan(&name, &ro))
		require.Equal(t, "t", name)
		err = queryErr(db, "SELECT * FROM t")
		require.ErrorIs(t, err, scan.ErrCorrupt)
		require.NotErrorIs(t, err, driver.ErrNoTable)
		require.ErrorContains(t, err, "link.parquet")
		require.ErrorContains(t, err, "symbolic link to nothing")
		_, err = db.Exec("CREATE TABLE t (a BIGINT)")
		require.ErrorIs(t, err, driver.ErrTableExists)

		q := "DROP TABLE t"
		if ifExists {
			q = "DROP TABLE IF EXISTS t"
		}
		_, err = db.Exec(q)
		require.NoError(t, err)
		_, err = os.Lstat(link)
		require.ErrorIs(t, err, os.ErrNotExist)
		_, err = os.Stat(filepath.Join(dir, "t"))
		require.ErrorIs(t, err, os.ErrNotExist)
	}
}
