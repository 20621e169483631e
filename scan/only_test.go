package scan

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scanOnly reads ids and v as JSON ("" for SQL NULL) with q, and the stats.
func scanOnly(t *testing.T, tb *Table, q Query) ([]int64, []string, Stats) {
	t.Helper()
	q.Columns = []Ref{Col("id"), Col("v")}
	rows, err := tb.Scan(context.Background(), q)
	require.NoError(t, err)
	defer rows.Close()
	var ids []int64
	var vs []string
	for rows.Next() {
		ids = append(ids, rows.Int64(0))
		js := ""
		if !rows.IsNull(1) {
			v, err := rows.Variant(1)
			require.NoError(t, err)
			js = jsonOf(t, v)
		}
		vs = append(vs, js)
	}
	require.NoError(t, rows.Err())
	return ids, vs, rows.Stats()
}

// Query.Only reads exactly the named rows, in file and row order, once
// each, and decodes only the pages holding them; Where still applies.
func TestScanOnlyRows(t *testing.T) {
	tb, all := pageSkipTable(t)
	path := tb.files[0].path
	id := func(n int64) RowID { return RowID{Path: path, RowGroup: int(n / 600), Row: n % 600} }
	_, _, full := scanOnly(t, tb, Query{})
	for _, noSkip := range []bool{false, true} {
		only := []RowID{id(1150), id(7), id(105), id(312), id(7), id(903)}
		ids, vs, st := scanOnly(t, tb, Query{Only: only, NoSkip: noSkip})
		require.Equal(t, []int64{7, 105, 312, 903, 1150}, ids)
		for i, n := range ids {
			want := all[n].v
			if want != "" {
				want = canonJSON(t, want)
			}
			assert.Equal(t, want, vs[i], "row %d", n)
		}
		assert.Equal(t, int64(5), st.RowsReturned)
		assert.Equal(t, int64(2), st.RowGroupsRead)
		if !noSkip {
			assert.Greater(t, st.PagesSkipped, full.PagesSkipped)
			assert.Less(t, st.PagesRead, full.PagesRead/4)
			assert.Less(t, st.BytesRead, full.BytesRead/2)
		}

		// One row group only: the other is skipped unopened.
		ids, _, st = scanOnly(t, tb, Query{Only: []RowID{id(601)}, NoSkip: noSkip})
		require.Equal(t, []int64{601}, ids)
		assert.Equal(t, int64(1), st.RowGroupsRead)
		assert.Equal(t, int64(1), st.RowGroupsSkipped)

		// Where applies to the named rows.
		ids, _, _ = scanOnly(t, tb, Query{Only: only, NoSkip: noSkip, Where: Compare{Ref: Col("id"), Op: Lt, Value: 200}})
		require.Equal(t, []int64{7, 105}, ids)
	}

	// A non-nil empty Only reads nothing; nil reads everything.
	ids, _, st := scanOnly(t, tb, Query{Only: []RowID{}})
	require.Empty(t, ids)
	assert.Equal(t, int64(0), st.RowGroupsRead)
	assert.Equal(t, int64(2), st.RowGroupsSkipped)
	assert.Equal(t, int64(1), st.FilesSkipped)
	ids, _, _ = scanOnly(t, tb, Query{})
	require.Len(t, ids, len(all))
}

// Rows of several files and row groups come back in table order, each
// where Position says it is; files with no named row are not read.
func TestScanOnlyFiles(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	a, b, c := filepath.Join(dir, "t", "a.parquet"), filepath.Join(dir, "t", "b.parquet"), filepath.Join(dir, "t", "c.parquet")
	writeRowGroups(t, a, [][]idRow{idGroup(0, 5), idGroup(5, 5)})
	writeRowGroups(t, b, [][]idRow{idGroup(10, 5)})
	writeRowGroups(t, c, [][]idRow{idGroup(15, 5), idGroup(20, 5)})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	only := []RowID{{c, 1, 4}, {a, 1, 0}, {a, 0, 3}, {c, 0, 0}}
	rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Only: only})
	require.NoError(t, err)
	var ids []int64
	for rows.Next() {
		ids = append(ids, rows.Int64(0))
		p, rg, n, ok := rows.Position()
		require.True(t, ok)
		require.Contains(t, only, RowID{p, rg, n})
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []int64{3, 5, 15, 24}, ids)
	st := rows.Stats()
	assert.Equal(t, int64(2), st.FilesRead)
	assert.Equal(t, int64(1), st.FilesSkipped)
	assert.Equal(t, int64(4), st.RowGroupsRead)
	assert.Equal(t, int64(1), st.RowGroupsSkipped)

	for _, bad := range []RowID{{filepath.Join(dir, "t", "x.parquet"), 0, 0}, {a, 2, 0}, {a, 0, 5}, {b, 0, -1}} {
		_, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Only: []RowID{bad}})
		require.True(t, errors.Is(err, ErrNoRow), "%v: %v", bad, err)
	}
}
