package driver_test

import (
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestLargeTransactionMemoryBounded: a transaction's rows stream to its file
// row group by row group (docs/design.md section 7), so the heap stays far
// below the size of the rows written. One transaction inserts 10,000,000
// rows of about 300 bytes each (3 GB as JSON text) through multi-row
// statements; with row groups of 10,000 rows, and the garbage collector
// kept close to the live heap, the heap must stay under 100 MB throughout.
func TestLargeTransactionMemoryBounded(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("inserts 10,000,000 rows (too slow under the race detector)")
	}
	dir := t.TempDir()
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	db := openDB(t, dir+"?row_group_rows=10000&compression=snappy")
	_, err := db.Exec("CREATE TABLE big (id BIGINT, v VARIANT)")
	require.NoError(t, err)

	peak := samplePeakHeap(20 * time.Millisecond)

	const rows, perStmt = 10_000_000, 1000
	tx, err := db.Begin()
	require.NoError(t, err)
	stmt, err := tx.Prepare("INSERT INTO big VALUES " + strings.TrimSuffix(strings.Repeat("(?, parse_json(?)), ", perStmt), ", "))
	require.NoError(t, err)
	doc := `{"kind":"click","user":{"id":12345,"name":"someone with a longer name"},"tags":["a","b","c"],"note":"` +
		"padding padding padding padding padding padding padding padding padding padding padding padding" + `"}`
	args := make([]any, 0, 2*perStmt)
	for i := 0; i < rows; i += perStmt {
		args = args[:0]
		for j := i; j < i+perStmt; j++ {
			args = append(args, j, doc)
		}
		_, err := stmt.Exec(args...)
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
	top := peak()

	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM big").Scan(&n))
	require.Equal(t, int64(rows), n)
	require.Less(t, top, uint64(100<<20), "peak heap %d MB", top>>20)
	t.Logf("peak heap while inserting %d rows: %d MB", rows, top>>20)
}

// samplePeakHeap collects garbage, then samples the heap's size
// (HeapAlloc) every interval until the function it returns is called,
// which returns the largest sample in bytes.
func samplePeakHeap(interval time.Duration) func() uint64 {
	runtime.GC() // not to count what earlier tests left
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(interval):
			}
		}
	}()
	return func() uint64 {
		close(stop)
		wg.Wait()
		return peak.Load()
	}
}
