package scan

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sameTable checks that TableForAppend's snapshot of table name has the
// files and schema that Root.Table gives.
func sameTable(t *testing.T, r *Root, got *Table) {
	t.Helper()
	want, err := r.Table(got.Name)
	require.NoError(t, err)
	assert.Equal(t, want.Files(), got.Files())
	assert.Equal(t, want.Schema().Columns, got.Schema().Columns)
	assert.Equal(t, want.NumRows(), got.NumRows())
	assert.Equal(t, want.FilePath(want.NewestFile()), got.FilePath(got.NewestFile()))
	for _, c := range want.Schema().Columns {
		i, ok := got.Schema().Lookup(c.Name)
		require.True(t, ok, c.Name)
		assert.Equal(t, c.Name, got.Schema().Columns[i].Name)
	}
}

// TestTableForAppendStats: once a table's footers are cached, taking it for
// an append stats only its new files and its newest one, however many
// files it has, and reads only the new files' footers.
func TestTableForAppendStats(t *testing.T) {
	dir := t.TempDir()
	const n = 50
	for i := range n {
		writeRows(t, filepath.Join(dir, "t", fmt.Sprintf("part-%04d.parquet", i)), []v1Row{{ID: int64(i), Name: "a"}})
	}
	r, err := Open(dir)
	require.NoError(t, err)
	_, err = r.TableForAppend("t")
	require.NoError(t, err)
	assert.Equal(t, n, r.footerReads)

	stats, reads := r.stats, r.footerReads
	tb, err := r.TableForAppend("t")
	require.NoError(t, err)
	assert.Equal(t, 1, r.stats-stats, "the newest file only")
	assert.Equal(t, 0, r.footerReads-reads)
	assert.Equal(t, n, tb.FileCount())
	assert.Equal(t, filepath.Join(dir, "t", "part-0049.parquet"), tb.FilePath(tb.NewestFile()))

	// A new file with another column: its stat and footer only.
	writeRows(t, filepath.Join(dir, "t", fmt.Sprintf("part-%04d.parquet", n)), []v2Row{{ID: n, Score: 1.5}})
	stats, reads = r.stats, r.footerReads
	tb, err = r.TableForAppend("t")
	require.NoError(t, err)
	assert.Equal(t, 2, r.stats-stats, "the new file, then it as the newest")
	assert.Equal(t, 1, r.footerReads-reads)
	_, ok := tb.Schema().Lookup("score")
	assert.True(t, ok)
	sameTable(t, r, tb)
}

// TestTableForAppendChanges: a snapshot for an append sees what Root.Table
// sees when the newest file changes in place, files go, a reader rereads a
// changed file, and a new file conflicts with the others.
func TestTableForAppendChanges(t *testing.T) {
	dir := t.TempDir()
	path := func(i int) string { return filepath.Join(dir, "t", fmt.Sprintf("part-%04d.parquet", i)) }
	for i := range 3 {
		writeRows(t, path(i), []v1Row{{ID: int64(i), Name: "a"}})
	}
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.TableForAppend("t")
	require.NoError(t, err)
	sameTable(t, r, tb)

	// The newest file rewritten in place, with another column.
	writeRows(t, path(2), []v2Row{{ID: 2, Score: 1}, {ID: 3, Score: 2}})
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.Chtimes(path(2), later, later))
	tb, err = r.TableForAppend("t")
	require.NoError(t, err)
	_, ok := tb.Schema().Lookup("score")
	assert.True(t, ok)
	assert.Equal(t, int64(4), tb.NumRows())
	sameTable(t, r, tb)

	// An older file rewritten in place is taken as cached until a reader
	// reads it again.
	writeRows(t, path(0), []v1Row{{ID: 0, Name: "a"}, {ID: 9, Name: "b"}})
	require.NoError(t, os.Chtimes(path(0), later, later))
	tb, err = r.TableForAppend("t")
	require.NoError(t, err)
	assert.Equal(t, int64(4), tb.NumRows())
	_, err = r.Table("t")
	require.NoError(t, err)
	tb, err = r.TableForAppend("t")
	require.NoError(t, err)
	assert.Equal(t, int64(5), tb.NumRows())

	// A file removed.
	require.NoError(t, os.Remove(path(1)))
	tb, err = r.TableForAppend("t")
	require.NoError(t, err)
	assert.Equal(t, 2, tb.FileCount())
	sameTable(t, r, tb)

	// A new file that conflicts, then removed again.
	writeRows(t, path(3), []badRow{{ID: "x"}})
	_, err = r.TableForAppend("t")
	assert.ErrorIs(t, err, ErrSchemaConflict)
	require.NoError(t, os.Remove(path(3)))
	tb, err = r.TableForAppend("t")
	require.NoError(t, err)
	sameTable(t, r, tb)
}

// TestTableForAppendPartitions: the partition columns of a snapshot for an
// append are those of Root.Table, also after a file in a new folder.
func TestTableForAppendPartitions(t *testing.T) {
	dir := partitionedTable(t)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.TableForAppend("ev")
	require.NoError(t, err)
	sameTable(t, r, tb)
	writeRows(t, filepath.Join(dir, "ev", "region=EU", "part-5.parquet"), []partRow{{6}})
	tb, err = r.TableForAppend("ev")
	require.NoError(t, err)
	_, ok := tb.Schema().Lookup("region")
	assert.True(t, ok)
	sameTable(t, r, tb)
	assert.Equal(t, filepath.Join(dir, "ev", "part-9.parquet"), tb.FilePath(tb.NewestFile()))
}
