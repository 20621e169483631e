package driver_test

import (
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestLargeTransactionMemoryBounded: a transaction's rows stream to its file
// row group by row group (docs/design.md section 7), so the heap stays far
// below the size of the rows written. 1,000,000 rows of about 300 bytes each
// as Go values would take hundreds of MB if held; with row groups of 5,000
// rows, and the garbage collector kept close to the live heap, the heap must
// stay under 100 MB throughout.
func TestLargeTransactionMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("inserts 1,000,000 rows")
	}
	dir := t.TempDir()
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	db := openDB(t, dir+"?row_group_rows=5000&compression=snappy")
	_, err := db.Exec("CREATE TABLE big (id BIGINT, v VARIANT)")
	require.NoError(t, err)

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
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()

	const rows = 1_000_000
	tx, err := db.Begin()
	require.NoError(t, err)
	stmt, err := tx.Prepare("INSERT INTO big VALUES (?, parse_json(?))")
	require.NoError(t, err)
	doc := `{"kind":"click","user":{"id":12345,"name":"someone with a longer name"},"tags":["a","b","c"],"note":"` +
		"padding padding padding padding padding padding padding padding padding padding padding padding" + `"}`
	for i := 0; i < rows; i++ {
		_, err := stmt.Exec(i, doc)
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
	close(stop)
	wg.Wait()

	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM big").Scan(&n))
	require.Equal(t, int64(rows), n)
	require.Less(t, peak.Load(), uint64(100<<20), "peak heap %d MB", peak.Load()>>20)
	t.Logf("peak heap while inserting %d rows: %d MB", rows, peak.Load()>>20)
}
