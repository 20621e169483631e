package scan

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parallelTable writes 3 files of 3 row groups of 4200 rows (more than a
// batch) each: id = global row number, s = "s<id>".
func parallelTable(t *testing.T) string {
	dir := t.TempDir()
	for f := range 3 {
		var ids, ss []any
		for i := range 12600 {
			id := int64(f*12600 + i)
			ids = append(ids, id)
			ss = append(ss, fmt.Sprintf("s%d", id))
		}
		writeColumns(t, filepath.Join(dir, "t", fmt.Sprintf("%d.parquet", f)), []column{
			{"id", parquet.Leaf(parquet.Int64Type), ids},
			{"s", parquet.String(), ss},
		}, 4200, parquet.PageBufferSize(4096))
	}
	return dir
}

func TestParallelOrder(t *testing.T) {
	dir := parallelTable(t)
	preds := []Predicate{
		nil,
		Compare{Col("id"), Ge, 17000},
		Or{Compare{Col("id"), Lt, 3}, Between(Col("id"), 29390, 29410), Compare{Col("s"), Eq, "s37799"}},
		Compare{Col("id"), Lt, -1},
	}
	for _, p := range preds {
		var first [][]any
		var firstStats Stats
		workerCounts := []int{1, 2, 4, 8}
		if raceEnabled {
			workerCounts = []int{1, 3}
		}
		for _, workers := range workerCounts {
			rows, st := scanAll(t, dir, "t", Query{Columns: []Ref{Col("id"), Col("s")}, Where: p, Workers: workers})
			for i := 1; i < len(rows); i++ {
				require.Less(t, rows[i-1][0].(int64), rows[i][0].(int64), "rows in order")
			}
			for _, r := range rows {
				require.Equal(t, fmt.Sprintf("s%d", r[0]), r[1])
			}
			if workers == 1 {
				first, firstStats = rows, st
				continue
			}
			assert.Equal(t, first, rows, "%v with %d workers", p, workers)
			assert.Equal(t, firstStats, st, "%v with %d workers", p, workers)
		}
	}
	rows, st := scanAll(t, dir, "t", Query{Columns: []Ref{Col("id")}, Where: Compare{Col("id"), Ge, 8500}})
	assert.Len(t, rows, 37800-8500)
	assert.Equal(t, int64(3), st.Files)
	assert.Equal(t, int64(0), st.FilesSkipped)
	assert.Equal(t, int64(3), st.FilesRead)
	assert.Equal(t, int64(2), st.RowGroupsSkipped)
	rows, st = scanAll(t, dir, "t", Query{Columns: []Ref{Col("id")}, Where: Compare{Col("id"), Ge, 25200}})
	assert.Len(t, rows, 12600)
	assert.Equal(t, int64(2), st.FilesSkipped)
	assert.Equal(t, int64(1), st.FilesRead)
}

// Closing a scan early stops its goroutines.
func TestParallelEarlyClose(t *testing.T) {
	dir := parallelTable(t)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	before := runtime.NumGoroutine()
	for range 5 {
		rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id"), Col("s")}, Workers: 4})
		require.NoError(t, err)
		for range 5000 {
			require.True(t, rows.Next())
		}
		require.NoError(t, rows.Close())
		assert.False(t, rows.Next())
		require.NoError(t, rows.Err())
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	assert.LessOrEqual(t, runtime.NumGoroutine(), before)
}

func TestParallelCancel(t *testing.T) {
	dir := parallelTable(t)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rows, err := tb.Scan(ctx, Query{Columns: []Ref{Col("id")}, Workers: 4})
	require.NoError(t, err)
	n := 0
	for rows.Next() {
		if n++; n == 100 {
			cancel()
		}
	}
	assert.ErrorIs(t, rows.Err(), context.Canceled)
	assert.LessOrEqual(t, n, cancelCheckRows, "stops within %d rows", cancelCheckRows)
}

// Rows before a corrupt row group come out, then the error, whatever the
// number of workers.
func TestParallelErrorOrder(t *testing.T) {
	dir := parallelTable(t)
	path := filepath.Join(dir, "t", "1.parquet")
	// Point row group 2 of the second file's first column at wrong bytes.
	count := 0
	rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
		if pathIs(p, pathDataPageOffset...) {
			count++
			if count == 5 { // row group 2, column id
				return v.(int64) + 3, true
			}
		}
		return v, true
	})
	for _, workers := range []int{1, 4} {
		r, err := Open(dir)
		require.NoError(t, err)
		tb, err := r.Table("t")
		require.NoError(t, err)
		rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Workers: workers})
		require.NoError(t, err)
		n := 0
		for rows.Next() {
			require.Equal(t, int64(n), rows.Int64(0))
			n++
		}
		assert.Equal(t, 12600+2*4200, n)
		fe := requireFileError(t, rows.Err(), path)
		assert.Equal(t, 2, fe.RowGroup)
		assert.Equal(t, "id", fe.Column)
	}
}

// Tables and scans are used from many goroutines at once.
func TestConcurrentScans(t *testing.T) {
	dir := skipTable(t)
	r, err := Open(dir)
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb, err := r.Table("t")
			if err != nil {
				errs <- err
				return
			}
			rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("x"), Col("p")}, Where: Compare{Col("x"), Ge, g * 100}, Workers: 2})
			if err != nil {
				errs <- err
				return
			}
			defer rows.Close()
			n := 0
			for rows.Next() {
				if want := fmt.Sprintf("p%03d", rows.Int64(0)); string(rows.Bytes(1)) != want {
					errs <- fmt.Errorf("row %d: %q, want %q", n, rows.Bytes(1), want)
					return
				}
				n++
			}
			if err := rows.Err(); err != nil {
				errs <- err
				return
			}
			if n != 1000-g*100 {
				errs <- fmt.Errorf("goroutine %d: %d rows", g, n)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assert.Equal(t, 1, r.footerReads)
}
