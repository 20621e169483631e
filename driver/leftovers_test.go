package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// age sets the modification time of path two hours back, past the age
// from which the driver removes its leftovers.
func age(t *testing.T, path string) {
	t.Helper()
	old := time.Now().Add(-2 * time.Hour)
	require.NoError(t, os.Chtimes(path, old, old))
}

// hiddenIn lists the '_'-prefixed entries of folder dir.
func hiddenIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "_") {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestLeftoversRemovedOnOpen: opening the root for writing removes the
// driver's files and folders in progress that are old and that no live
// writer holds; it keeps young ones, a live transaction's file however old
// it looks (the transaction then commits), other programs' hidden files,
// and everything when the root is opened read-only. DROP TABLE's folders
// hold only dropped files and go whatever their age.
func TestLeftoversRemovedOnOpen(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=1")
	_, err := db.Exec("CREATE TABLE t (id BIGINT)")
	require.NoError(t, err)

	// A live transaction with a row group written: its file exists.
	tx, err := db.Begin()
	require.NoError(t, err)
	defer tx.Rollback()
	for i := range 3 {
		_, err := tx.Exec("INSERT INTO t VALUES (?)", i)
		require.NoError(t, err)
	}
	live := hiddenIn(t, filepath.Join(dir, "t"))
	require.Len(t, live, 1)
	require.True(t, strings.HasSuffix(live[0], ".parquet.tmp"), live[0])
	age(t, filepath.Join(dir, "t", live[0]))

	mk := func(rel string, old bool) {
		path := filepath.Join(dir, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte("x"), 0o644))
		if old {
			age(t, path)
			age(t, filepath.Dir(path))
		}
	}
	mk("t/_pv-0123456789abcdef.parquet.tmp", true)             // an INSERT killed long ago
	mk("t/_pv-fedcba9876543210.parquet.tmp", false)            // young: kept
	mk("t/_SUCCESS", true)                                     // not the driver's
	mk("_pv-create-0123456789abcdef/_pv-1.parquet.tmp", true)  // a CREATE TABLE killed long ago
	mk("_pv-create-fedcba9876543210/_pv-2.parquet.tmp", false) // young: kept
	mk("_pv-drop-0123456789abcdef/part-1.parquet", true)       // a DROP TABLE killed long ago
	mk("_pv-drop-fedcba9876543210/part-1.parquet", false)      // young: kept
	mk("_other/x.parquet", true)                               // not the driver's
	age(t, filepath.Join(dir, "t"))

	want := func(root, table []string) {
		t.Helper()
		require.Equal(t, root, hiddenIn(t, dir))
		require.ElementsMatch(t, table, hiddenIn(t, filepath.Join(dir, "t")))
	}
	all := []string{"_SUCCESS", "_pv-0123456789abcdef.parquet.tmp", "_pv-fedcba9876543210.parquet.tmp", live[0]}
	openDB(t, dir+"?read_only=true")
	want([]string{"_other", "_pv-create-0123456789abcdef", "_pv-create-fedcba9876543210", "_pv-drop-0123456789abcdef", "_pv-drop-fedcba9876543210"}, all)

	openDB(t, dir)
	want([]string{"_other", "_pv-create-fedcba9876543210"}, []string{"_SUCCESS", "_pv-fedcba9876543210.parquet.tmp", live[0]})

	require.NoError(t, tx.Commit())
	require.Equal(t, []string{"3|3"}, rowsText(t, db, "SELECT COUNT(*), SUM(id) FROM t"))
}
