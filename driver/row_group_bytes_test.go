package driver_test

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// rowGroupRows returns the row count of each row group of the newest file
// of a table.
func rowGroupRows(t *testing.T, dir, table string) []int64 {
	t.Helper()
	pf := newestFile(t, dir, table)
	var out []int64
	for _, rg := range pf.Metadata().RowGroups {
		out = append(out, rg.NumRows)
	}
	return out
}

// TestRowGroupBytes: a row group ends once its rows hold row_group_bytes
// bytes of values (a BIGINT counts 8, a string its bytes), or at
// row_group_rows rows, whichever comes first.
func TestRowGroupBytes(t *testing.T) {
	for _, tc := range []struct {
		dsn  string
		want []int64
	}{
		// 5,008 bytes a row: the 20th row reaches 100,000.
		{"?row_group_bytes=100000", []int64{20, 20, 20, 20, 20, 3}},
		{"?row_group_bytes=100000&row_group_rows=15", []int64{15, 15, 15, 15, 15, 15, 13}},
		{"?row_group_bytes=1", slices.Repeat([]int64{1}, 103)},
		{"", []int64{103}},
	} {
		t.Run(tc.dsn, func(t *testing.T) {
			dir := t.TempDir()
			db := openDB(t, dir+tc.dsn)
			_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, s VARCHAR)")
			require.NoError(t, err)
			insertRowsTx(t, db, "INSERT INTO t VALUES (?, ?)", 103, func(i int) []any {
				return []any{i, fmt.Sprintf("%05d", i) + strings.Repeat("s", 4995)}
			})
			require.Equal(t, tc.want, rowGroupRows(t, dir, "t"))
			var n, sum int64
			require.NoError(t, db.QueryRow("SELECT COUNT(*), SUM(id) FROM t WHERE s LIKE '0%'").Scan(&n, &sum))
			require.Equal(t, int64(103), n)
			require.Equal(t, int64(102*103/2), sum)
		})
	}
}

// TestWideRowsMemoryBounded: rows of long strings stream to the file in row
// groups bounded by bytes, so inserting 160 MB in one transaction with
// row_group_bytes=4 MiB keeps the heap well under the 160 MB inserted,
// whatever the row count limit (docs/design.md section 7).
func TestWideRowsMemoryBounded(t *testing.T) {
	rows := 40_000
	if raceEnabled {
		rows = 4_000
	}
	dir := t.TempDir()
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	db := openDB(t, dir+"?row_group_bytes=4194304&compression=snappy")
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, s VARCHAR)")
	require.NoError(t, err)

	peak := samplePeakHeap(10 * time.Millisecond)
	pad := strings.Repeat("w", 3992)
	insertRowsTx(t, db, "INSERT INTO t VALUES (?, ?)", rows, func(i int) []any { return []any{i, fmt.Sprintf("%08d", i) + pad} })
	top := peak()
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
	require.Equal(t, int64(rows), n)
	t.Logf("peak heap %d MB", top>>20)
	// The rows hold 160 MB; the heap stays near 30 MB, and under 100 MB
	// whatever the garbage collector's timing on a busy machine.
	require.Less(t, top, uint64(100<<20), "peak heap %d MB", top>>20)
}
