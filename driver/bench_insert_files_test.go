package driver_test

import (
	"fmt"
	"testing"

	"github.com/parquetvariant/parquetvariant/driver"
)

// BenchmarkInsertManyFiles runs one single-row INSERT into a table that
// already has 1,000 or 5,000 one-row files, as a service inserting one row
// per request leaves it; every INSERT adds a file. cpu-ns/insert is the
// CPU of one INSERT, the table's footers cached by an earlier INSERT.
func BenchmarkInsertManyFiles(b *testing.B) {
	defer driver.SetScribble(driver.SetScribble(false))
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			db := manyFilesDB(b, n)
			insert := func(i int) {
				if _, err := db.Exec("INSERT INTO t VALUES (?, parse_json(?))", i, fmt.Sprintf(`{"x": %d, "s": "row %d"}`, i%10, i)); err != nil {
					b.Fatal(err)
				}
			}
			insert(n) // footers cached
			m := newRowMeter(b)
			i := n + 1
			for b.Loop() {
				insert(i)
				i++
				m.done(1)
			}
			m.reportAs("insert")
		})
	}
}
