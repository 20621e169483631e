package scan

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// manyGroupsRows is the number of row groups, of one row each, of the file
// BenchmarkFirstRow scans.
const manyGroupsRows = 20000

// manyGroupsTable writes table t of one file of n row groups of one row
// each, row group i holding id i, and opens it.
func manyGroupsTable(t testing.TB, n int) *Table {
	dir := t.TempDir()
	groups := make([][]idOnly, n)
	for i := range groups {
		groups[i] = []idOnly{{ID: int64(i)}}
	}
	writeRowGroups(t, filepath.Join(dir, "t", "0.parquet"), groups)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	return tb
}

// BenchmarkFirstRow measures the time from Scan to the first row of a file
// of 20,000 row groups, and Close after it, as a LIMIT 1 runs: the row
// groups are planned from the cached footer as the scan goes.
func BenchmarkFirstRow(b *testing.B) {
	tb := manyGroupsTable(b, manyGroupsRows)
	for _, bc := range []struct {
		name  string
		where Predicate
	}{
		{"all", nil},
		{"filter", Compare{Ref: Col("id"), Op: Ge, Value: 0}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var first time.Duration
			for b.Loop() {
				start := time.Now()
				rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Where: bc.where, Workers: 2})
				require.NoError(b, err)
				require.True(b, rows.Next())
				first += time.Since(start)
				require.Equal(b, int64(0), rows.Int64(0))
				require.NoError(b, rows.Close())
			}
			b.ReportMetric(float64(first.Microseconds())/float64(b.N), "first-row-µs")
		})
	}
}
