package scan

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// skipTable writes table t: x = 0..999 (required, sorted), y = x except
// NULL when x%10 == 0, p = "p<x>"; 4 row groups of 250 rows, pages of 64
// rows (64, 64, 64, 58 per row group).
func skipTable(t *testing.T) string {
	dir := t.TempDir()
	var xs, ys, ps []any
	for i := range 1000 {
		xs = append(xs, int64(i))
		if i%10 == 0 {
			ys = append(ys, nil)
		} else {
			ys = append(ys, int64(i))
		}
		ps = append(ps, fmt.Sprintf("p%03d", i))
	}
	writeColumns(t, filepath.Join(dir, "t", "a.parquet"), []column{
		{"x", parquet.Leaf(parquet.Int64Type), xs},
		{"y", parquet.Optional(parquet.Leaf(parquet.Int64Type)), ys},
		{"p", parquet.String(), ps},
	}, 250, parquet.PageBufferSize(256))
	return dir
}

func TestSkipRowGroupsAndPages(t *testing.T) {
	dir := skipTable(t)
	q := Query{Columns: []Ref{Col("x"), Col("p")}, Where: Compare{Col("x"), Ge, 900}}
	rows, st := scanAll(t, dir, "t", q)
	require.Len(t, rows, 100)
	assert.Equal(t, []any{int64(900), "p900"}, rows[0])
	assert.Equal(t, []any{int64(999), "p999"}, rows[99])
	assert.Equal(t, int64(1), st.RowGroupsRead)
	assert.Equal(t, int64(3), st.RowGroupsSkipped)
	// Row group 3 holds rows 750..999 in pages from 750, 814, 878, 942:
	// pages 2 and 3 of x and of p are read.
	assert.Equal(t, int64(4), st.PagesRead)
	assert.Equal(t, int64(3*8+4), st.PagesSkipped)
	assert.Equal(t, int64(122), st.RowsScanned) // rows 878..999
	assert.Equal(t, int64(100), st.RowsReturned)
	assert.Equal(t, int64(0), st.FilesSkipped)

	q.NoSkip = true
	all, st2 := scanAll(t, dir, "t", q)
	assert.Equal(t, rows, all)
	assert.Equal(t, int64(4), st2.RowGroupsRead)
	assert.Equal(t, int64(0), st2.RowGroupsSkipped)
	// Every page of x; p only where rows match (all 4 pages of row group 3,
	// read in order up to row 999).
	assert.Equal(t, int64(20), st2.PagesRead)
	assert.Equal(t, int64(0), st2.PagesSkipped)
	assert.Greater(t, st2.BytesRead, st.BytesRead)
}

func TestSkipPagesInsideRowGroup(t *testing.T) {
	dir := skipTable(t)
	// 600..610 lies in row group 2 (500..749), page 1 (564..627).
	rows, st := scanAll(t, dir, "t", Query{Columns: []Ref{Col("p")}, Where: Between(Col("x"), 600, 610)})
	require.Len(t, rows, 11)
	assert.Equal(t, "p600", rows[0][0])
	assert.Equal(t, int64(1), st.RowGroupsRead)
	assert.Equal(t, int64(2), st.PagesRead) // one page of x, one of p
	assert.Equal(t, int64(64), st.RowsScanned)
}

func TestLateMaterialization(t *testing.T) {
	dir := skipTable(t)
	// y has no statistics that can prune x%10 rows, but p is read only on
	// pages with matching rows: x IN (5, 700) reads x's pages of the row
	// groups kept and p's pages holding rows 5 and 700.
	rows, st := scanAll(t, dir, "t", Query{Columns: []Ref{Col("p")}, Where: In{Col("x"), []any{5, 700}}})
	assert.Equal(t, [][]any{{"p005"}, {"p700"}}, rows)
	assert.Equal(t, int64(2), st.RowGroupsRead)
	assert.Equal(t, int64(4), st.PagesRead)
	// Filter on y; the projection p is only read where y matches.
	rows, st = scanAll(t, dir, "t", Query{Columns: []Ref{Col("p")}, Where: Compare{Col("y"), Eq, 3}})
	assert.Equal(t, [][]any{{"p003"}}, rows)
	assert.Equal(t, int64(2), st.PagesRead)
}

// TestSkipEquivalence checks results with skipping on and off against a
// reference evaluation, for predicates of every shape.
func TestSkipEquivalence(t *testing.T) {
	dir := skipTable(t)
	null := func(x int) bool { return x%10 == 0 }
	cases := []struct {
		p    Predicate
		want func(x int) bool
	}{
		{Compare{Col("x"), Eq, 500}, func(x int) bool { return x == 500 }},
		{Compare{Col("x"), Ne, 500}, func(x int) bool { return x != 500 }},
		{Compare{Col("x"), Lt, 10}, func(x int) bool { return x < 10 }},
		{Compare{Col("x"), Le, 10}, func(x int) bool { return x <= 10 }},
		{Compare{Col("x"), Gt, 989}, func(x int) bool { return x > 989 }},
		{Compare{Col("x"), Lt, 10.5}, func(x int) bool { return x <= 10 }},
		{Compare{Col("x"), Gt, -0.5}, func(x int) bool { return true }},
		{Compare{Col("x"), Gt, math.NaN()}, func(x int) bool { return false }},
		{Compare{Col("x"), Lt, math.Inf(1)}, func(x int) bool { return true }},
		{Compare{Col("x"), Eq, uint64(math.MaxUint64)}, func(x int) bool { return false }},
		{Compare{Col("x"), Eq, nil}, func(x int) bool { return false }},
		{Not{Compare{Col("x"), Eq, nil}}, func(x int) bool { return false }},
		{Between(Col("x"), 100, 120), func(x int) bool { return x >= 100 && x <= 120 }},
		{Not{Between(Col("x"), 1, 998)}, func(x int) bool { return x < 1 || x > 998 }},
		{Or{Compare{Col("x"), Lt, 3}, Compare{Col("x"), Gt, 996}}, func(x int) bool { return x < 3 || x > 996 }},
		{And{Compare{Col("x"), Gt, 300}, Compare{Col("y"), Lt, 305}}, func(x int) bool { return x > 300 && x < 305 && !null(x) }},
		{In{Col("x"), []any{1, 250, 999, 5000}}, func(x int) bool { return x == 1 || x == 250 || x == 999 }},
		{Not{In{Col("x"), []any{1, 2}}}, func(x int) bool { return x > 2 || x == 0 }},
		{Not{In{Col("x"), []any{1, nil}}}, func(x int) bool { return false }},
		{In{Col("x"), []any{1, nil}}, func(x int) bool { return x == 1 }},
		{IsNull{Col("y")}, null},
		{IsNotNull(Col("y")), func(x int) bool { return !null(x) }},
		{IsNull{Col("x")}, func(x int) bool { return false }},
		{IsNotNull(Col("x")), func(x int) bool { return true }},
		{Not{Compare{Col("y"), Lt, 500}}, func(x int) bool { return x >= 500 && !null(x) }},
		{Compare{Col("y"), Ne, 5}, func(x int) bool { return x != 5 && !null(x) }},
		{Or{IsNull{Col("y")}, Compare{Col("x"), Eq, 7}}, func(x int) bool { return null(x) || x == 7 }},
		{Compare{Col("p"), Ge, "p990"}, func(x int) bool { return x >= 990 }},
		{Compare{Col("p"), Lt, "p"}, func(x int) bool { return false }},
		{Compare{Col("p"), Eq, []byte("p123")}, func(x int) bool { return x == 123 }},
		{And{}, func(x int) bool { return true }},
		{Or{}, func(x int) bool { return false }},
		{Not{Or{}}, func(x int) bool { return true }},
	}
	for _, c := range cases {
		t.Run(c.p.String(), func(t *testing.T) {
			var want [][]any
			for x := range 1000 {
				if c.want(x) {
					want = append(want, []any{int64(x)})
				}
			}
			q := Query{Columns: []Ref{Col("x")}, Where: c.p}
			got, st := scanAll(t, dir, "t", q)
			assert.Equal(t, want, got)
			q.NoSkip = true
			got2, st2 := scanAll(t, dir, "t", q)
			assert.Equal(t, want, got2)
			assert.LessOrEqual(t, st.PagesRead, st2.PagesRead)
			assert.Equal(t, int64(len(want)), st.RowsReturned)
		})
	}
}

// Skipped pages are never read: damaging them changes nothing for a scan
// that skips them, while a scan that reads them fails.
func TestSkippedPagesAreNotRead(t *testing.T) {
	dir := skipTable(t)
	path := filepath.Join(dir, "t", "a.parquet")
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	f := tb.files[0]
	nleaves := len(f.pf.Metadata().RowGroups[0].Columns)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	// Damage pages 0 and 1 of row group 3 (rows 750..877) of x and p, and
	// every page of y: x >= 900 reads pages 2 and 3 of x and p only.
	for leaf := range nleaves {
		locs := f.pageIndex(3, leaf).oi.PageLocations
		for k, l := range locs {
			if leaf == 2 || k < 2 {
				for i := l.Offset + int64(l.CompressedPageSize) - 8; i < l.Offset+int64(l.CompressedPageSize); i++ {
					b[i] ^= 0xff
				}
			}
		}
	}
	require.NoError(t, os.WriteFile(path, b, 0o644))
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.Chtimes(path, later, later))

	rows, st := scanAll(t, dir, "t", Query{Columns: []Ref{Col("x"), Col("p")}, Where: Compare{Col("x"), Ge, 900}})
	assert.Len(t, rows, 100)
	assert.Equal(t, int64(4), st.PagesRead)

	_, err = readAll(dir, Query{Columns: []Ref{Col("x"), Col("p")}, Where: Compare{Col("x"), Ge, 900}, NoSkip: true})
	fe := requireFileError(t, err, path)
	assert.Equal(t, 3, fe.RowGroup)
	_, err = readAll(dir, Query{Columns: []Ref{Col("x"), Col("y")}, Where: Compare{Col("x"), Ge, 900}})
	fe = requireFileError(t, err, path)
	assert.Equal(t, "y", fe.Column)
}
