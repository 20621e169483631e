package scan

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

type benchRow struct {
	ID    int64    `parquet:"id"`
	Name  string   `parquet:"name"`
	Score *float64 `parquet:"score,optional"`
}

func benchTable(t testing.TB, n int) string {
	dir := t.TempDir()
	rows := make([]benchRow, n)
	for i := range rows {
		rows[i] = benchRow{ID: int64(i), Name: fmt.Sprintf("name%d", i%100)}
		if i%4 != 0 {
			rows[i].Score = ptr(float64(i) / 2)
		}
	}
	writeRows(t, filepath.Join(dir, "t", "a.parquet"), rows)
	return dir
}

// The cursor does not allocate per row: a full scan with a predicate
// allocates per page and per row group, not per value.
func TestScanAllocations(t *testing.T) {
	const n = 20000
	dir := benchTable(t, n)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	q := Query{Columns: []Ref{Col("id"), Col("name"), Col("score")}, Where: Compare{Col("score"), Ge, 10.0}}
	var rows int
	allocs := testing.AllocsPerRun(3, func() {
		rs, err := tb.Scan(context.Background(), q)
		require.NoError(t, err)
		rows = 0
		var sum float64
		var names int
		for rs.Next() {
			rows++
			sum += rs.Float64(2) + float64(rs.Int64(0))
			names += len(rs.Bytes(1))
		}
		require.NoError(t, rs.Err())
		rs.Close()
	})
	require.Greater(t, rows, n/2)
	// Allocations come per scan, page and batch of rows, not per value.
	require.Less(t, allocs/float64(rows), 0.05, "%.0f allocations for %d rows", allocs, rows)
}

func BenchmarkScan(b *testing.B) {
	const n = 200000
	dir := benchTable(b, n)
	r, err := Open(dir)
	require.NoError(b, err)
	tb, err := r.Table("t")
	require.NoError(b, err)
	for _, c := range []struct {
		name string
		q    Query
	}{
		{"all", Query{Columns: []Ref{Col("id"), Col("name"), Col("score")}}},
		{"all one worker", Query{Columns: []Ref{Col("id"), Col("name"), Col("score")}, Workers: 1}},
		{"filter", Query{Columns: []Ref{Col("id"), Col("name")}, Where: Compare{Col("score"), Lt, 1000.0}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var bytes int64
			for b.Loop() {
				rs, err := tb.Scan(context.Background(), c.q)
				if err != nil {
					b.Fatal(err)
				}
				for rs.Next() {
					_ = rs.Int64(0)
				}
				if err := rs.Err(); err != nil {
					b.Fatal(err)
				}
				bytes = rs.Stats().BytesRead
				rs.Close()
			}
			b.SetBytes(bytes)
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
