package driver_test

import (
	"database/sql"
	"testing"

	"github.com/parquetvariant/parquetvariant/driver"
)

// BenchmarkTopK runs the top-10 query that returns whole Variants, ORDER
// BY a typed path of them, with LIMIT read in one pass (every row's
// Variant rebuilt) and in two (late materialization: the key path over
// every row, then the 10 Variants kept), on BenchmarkSelect's table.
// rows/s and cpu-ns/row count the table's rows (524,288).
func BenchmarkTopK(b *testing.B) {
	defer driver.SetScribble(driver.SetScribble(false))
	dir := b.TempDir()
	writeSelectTable(b, dir)
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	const q = "SELECT event FROM events ORDER BY variant_get(event, '$.amount', 'bigint') DESC LIMIT 10"
	top := func() int64 { return countVariants(b, db, q) }
	for _, pass := range []struct {
		name string
		rows int64
	}{{"one-pass", -1}, {"two-pass", 10000}} {
		b.Run(pass.name, func(b *testing.B) {
			defer driver.SetLateRows(driver.SetLateRows(pass.rows))
			m := newRowMeter(b)
			for b.Loop() {
				if got := top(); got != 10 {
					b.Fatalf("got %d rows, want 10", got)
				}
				m.done(selectRows)
			}
			m.report()
		})
	}
}
