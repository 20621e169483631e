package scan

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRowsPosition: Position names each row's file, row group and row in
// it, with and without a filter that leaves gaps.
func TestRowsPosition(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir()) // as Open resolves the root
	require.NoError(t, err)
	writeRowGroups(t, filepath.Join(dir, "t", "a.parquet"), [][]idRow{idGroup(0, 5), idGroup(5, 5)})
	writeRowGroups(t, filepath.Join(dir, "t", "b.parquet"), [][]idRow{idGroup(10, 5)})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	for _, where := range []Predicate{nil, In{Ref: Col("id"), Values: []any{int64(1), int64(3), int64(4), int64(7), int64(12)}}} {
		rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Where: where})
		require.NoError(t, err)
		_, _, _, ok := rows.Position()
		require.False(t, ok, "no row before Next")
		for rows.Next() {
			id := rows.Int64(0)
			path, rg, n, ok := rows.Position()
			require.True(t, ok)
			wantFile, wantRG, wantRow := "a.parquet", int(id/5), id%5
			if id >= 10 {
				wantFile, wantRG = "b.parquet", 0
			}
			require.Equal(t, filepath.Join(dir, "t", wantFile), path, id)
			require.Equal(t, wantRG, rg, id)
			require.Equal(t, wantRow, n, id)
		}
		require.NoError(t, rows.Err())
		require.NoError(t, rows.Close())
	}
}

// idRow is a row of a table of one int64 column, id.
type idRow struct {
	ID int64 `parquet:"id"`
}

// idGroup returns n rows with the ids from, from+1, ...
func idGroup(from, n int) []idRow {
	out := make([]idRow, n)
	for i := range out {
		out[i] = idRow{int64(from + i)}
	}
	return out
}
