package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWrittenStatistics: every leaf of a written file has column chunk
// statistics with a null count, min and max where it holds values, and a
// column and offset index with one entry per page (docs/design.md section
// 7).
func TestWrittenStatistics(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT, name VARCHAR, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO t VALUES (1, 'a', parse_json('{"k":"x","n":1,"l":[1,2]}')), (2, NULL, parse_json('{"k":"y","n":2.5}')), (3, 'c', NULL)`)
	require.NoError(t, err)

	pf := newestFile(t, dir, "t")

	md := pf.Metadata()
	require.Len(t, md.RowGroups, 1)
	chunks := md.RowGroups[0].Columns
	leaves := len(pf.Schema().Columns())
	require.Greater(t, leaves, 4, "the Variant is shredded")
	require.Len(t, chunks, leaves)
	require.Len(t, pf.ColumnIndexes(), leaves)
	require.Len(t, pf.OffsetIndexes(), leaves)
	for i, c := range chunks {
		path := pf.Schema().Columns()[i]
		s := c.MetaData.Statistics
		require.GreaterOrEqual(t, s.NullCount, int64(0), "%v", path)
		values := c.MetaData.NumValues - s.NullCount
		if values > 0 {
			require.NotNil(t, s.MinValue, "%v", path)
			require.NotNil(t, s.MaxValue, "%v", path)
		}
		pages := len(pf.OffsetIndexes()[i].PageLocations)
		require.Positive(t, pages, "%v", path)
		require.Len(t, pf.ColumnIndexes()[i].NullPages, pages, "%v", path)
		require.Len(t, pf.ColumnIndexes()[i].MinValues, pages, "%v", path)
	}
	id, name := chunks[0].MetaData.Statistics, chunks[1].MetaData.Statistics
	require.Equal(t, int64(0), id.NullCount)
	require.Equal(t, []byte{1, 0, 0, 0, 0, 0, 0, 0}, id.MinValue)
	require.Equal(t, []byte{3, 0, 0, 0, 0, 0, 0, 0}, id.MaxValue)
	require.Equal(t, int64(1), name.NullCount)
	require.Equal(t, []byte("a"), name.MinValue)
	require.Equal(t, []byte("c"), name.MaxValue)
}
