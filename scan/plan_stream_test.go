package scan

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The row groups of a file are planned as the scan goes: the first row
// comes, with the counts of the row groups planned before it, before the
// row groups after it are planned, and a scan closed after it never
// counts them.
func TestRowGroupsPlannedAsScanned(t *testing.T) {
	const n = 2000
	tb := manyGroupsTable(t, n)
	q := Query{Columns: []Ref{Col("id")}, Where: Or{Compare{Col("id"), Lt, 3}, Compare{Col("id"), Ge, n - 3}}, Workers: 1}

	rows, err := tb.Scan(context.Background(), q)
	require.NoError(t, err)
	require.True(t, rows.Next())
	assert.Equal(t, int64(0), rows.Int64(0))
	st := rows.Stats()
	assert.Equal(t, int64(1), st.FilesOpened)
	assert.Equal(t, int64(0), st.RowGroupsSkipped, "the row groups after the first are not counted at its row")
	assert.Equal(t, int64(0), st.PagesSkipped)
	require.NoError(t, rows.Close())
	assert.Equal(t, st, rows.Stats())

	rows, err = tb.Scan(context.Background(), q)
	require.NoError(t, err)
	var ids []int64
	for rows.Next() {
		ids = append(ids, rows.Int64(0))
		if len(ids) == 4 {
			assert.Equal(t, int64(n-6), rows.Stats().RowGroupsSkipped, "counted with the row group after them")
		}
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []int64{0, 1, 2, n - 3, n - 2, n - 1}, ids)
	assert.Equal(t, Stats{Files: 1, FilesRead: 1, FilesOpened: 1, RowGroupsRead: 6, RowGroupsSkipped: n - 6,
		PagesRead: 6, PagesSkipped: n - 6, BytesRead: rows.Stats().BytesRead, RowsScanned: 6, RowsReturned: 6}, rows.Stats())
}

// A row group whose footer entry fails planning fails the scan naming the
// file and the row group, after the rows of the row groups before it.
func TestPlanErrorAfterRows(t *testing.T) {
	tb := manyGroupsTable(t, 6)
	path := tb.files[0].path
	editMetadata(t, path, func(md *format.FileMetaData) { md.RowGroups[3].Columns[0].MetaData.NumValues = 2 })
	r, err := Open(filepath.Dir(filepath.Dir(path)))
	require.NoError(t, err)
	tb, err = r.Table("t")
	require.NoError(t, err)
	rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Workers: 2})
	require.NoError(t, err)
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		ids = append(ids, rows.Int64(0))
	}
	assert.Equal(t, []int64{0, 1, 2}, ids)
	fe := requireFileError(t, rows.Err(), path)
	assert.Equal(t, 3, fe.RowGroup)
	assert.Equal(t, "id", fe.Column)
	assert.ErrorIs(t, rows.Err(), ErrCorrupt)
}
