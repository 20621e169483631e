package scan

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oneRowFiles writes table t of n files of one row each, file i holding
// id i, as a service inserting a row per request leaves it. It returns the
// files' paths.
func oneRowFiles(t *testing.T, dir string, n int) []string {
	paths := make([]string, n)
	for i := range n {
		paths[i] = filepath.Join(dir, "t", fmt.Sprintf("part-%04d.parquet", i))
		writeRows(t, paths[i], []idOnly{{ID: int64(i)}})
	}
	return paths
}

// TestSkippedFilesNotOpened: a selective filter over many files opens only
// the file whose footer statistics may match; the others are skipped from
// the cached footer. Without data skipping every file is opened.
func TestSkippedFilesNotOpened(t *testing.T) {
	dir := t.TempDir()
	oneRowFiles(t, dir, 200)
	q := Query{Columns: []Ref{Col("id")}, Where: Compare{Ref: Col("id"), Op: Eq, Value: 17}}
	rows, st := scanAll(t, dir, "t", q)
	assert.Equal(t, [][]any{{int64(17)}}, rows)
	assert.Equal(t, Stats{Files: 200, FilesRead: 1, FilesSkipped: 199, FilesOpened: 1, RowGroupsRead: 1, RowGroupsSkipped: 199,
		PagesRead: 1, PagesSkipped: 199, BytesRead: st.BytesRead, RowsScanned: 1, RowsReturned: 1}, st)

	rows, st = scanAll(t, dir, "t", Query{Columns: q.Columns, Where: Between(Col("id"), 50, 59)})
	assert.Len(t, rows, 10)
	assert.Equal(t, int64(10), st.FilesOpened)

	q.NoSkip = true
	rows, st = scanAll(t, dir, "t", q)
	assert.Equal(t, [][]any{{int64(17)}}, rows)
	assert.Equal(t, int64(200), st.FilesOpened)
	assert.Equal(t, int64(200), st.RowGroupsRead)
}

// TestSkippedFilesChanged: a file the statistics skip is not opened, so a
// scan of a snapshot does not notice that it changed or vanished since
// the snapshot was taken; the next snapshot does (the footer cache's
// size and modification time), and a file the scan reads is still
// checked when it is opened.
func TestSkippedFilesChanged(t *testing.T) {
	dir := t.TempDir()
	paths := oneRowFiles(t, dir, 20)
	r, err := Open(dir)
	require.NoError(t, err)
	ids := func(tb *Table) ([]int64, error) {
		rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Where: Compare{Ref: Col("id"), Op: Eq, Value: 17}})
		require.NoError(t, err)
		defer rows.Close()
		var out []int64
		for rows.Next() {
			out = append(out, rows.Int64(0))
		}
		return out, rows.Err()
	}
	tb, err := r.Table("t")
	require.NoError(t, err)

	// File 3 now holds id 17 too, and file 4 is gone.
	writeRows(t, paths[3], []idOnly{{ID: 3}, {ID: 17}})
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.Chtimes(paths[3], later, later))
	require.NoError(t, os.Remove(paths[4]))
	got, err := ids(tb)
	require.NoError(t, err)
	assert.Equal(t, []int64{17}, got, "the snapshot's footers skip files 3 and 4")

	tb, err = r.Table("t")
	require.NoError(t, err)
	got, err = ids(tb)
	require.NoError(t, err)
	assert.Equal(t, []int64{17, 17}, got, "the next snapshot reads the new footer of file 3")

	// The file that matches, replaced after the snapshot.
	writeRows(t, paths[17], []idOnly{{ID: 17}, {ID: 18}})
	require.NoError(t, os.Chtimes(paths[17], later, later))
	got, err = ids(tb)
	assert.Equal(t, []int64{17}, got, "file 3's row comes before the error")
	assert.ErrorIs(t, err, ErrStale)
	var fe *FileError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, paths[17], fe.Path)

	// The file that matches, removed after the snapshot.
	tb, err = r.Table("t")
	require.NoError(t, err)
	require.NoError(t, os.Remove(paths[17]))
	got, err = ids(tb)
	assert.Equal(t, []int64{17}, got)
	assert.ErrorIs(t, err, ErrNoTable)
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, paths[17], fe.Path)
}
