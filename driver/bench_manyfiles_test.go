package driver_test

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/parquetvariant/parquetvariant/driver"
)

// manyFilesDB opens a database in a new directory whose table t has n
// one-row files (insertOneRowFiles), closed when b ends.
func manyFilesDB(b *testing.B, n int) *sql.DB {
	b.Helper()
	dir := b.TempDir()
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	insertOneRowFiles(b, db, dir, n)
	return db
}

// insertOneRowFiles creates table t (id BIGINT, v VARIANT) in the
// database of directory dir and fills it with n single-row INSERTs, one
// file each: row i has id i and v {"x": i%10, "s": "row i"}. An INSERT
// lists its table, so the rows go to scratch tables of at most 100 rows,
// whose INSERT files then move into t's folder, in order.
func insertOneRowFiles(tb testing.TB, db *sql.DB, dir string, n int) {
	tb.Helper()
	if _, err := db.Exec("CREATE TABLE t (id BIGINT, v VARIANT)"); err != nil {
		tb.Fatal(err)
	}
	for lo := 0; lo < n; lo += 100 {
		if _, err := db.Exec("CREATE TABLE scratch (id BIGINT, v VARIANT)"); err != nil {
			tb.Fatal(err)
		}
		created := folderFiles(tb, filepath.Join(dir, "scratch"))
		for i := lo; i < min(lo+100, n); i++ {
			if _, err := db.Exec("INSERT INTO scratch VALUES (?, parse_json(?))", i, fmt.Sprintf(`{"x": %d, "s": "row %d"}`, i%10, i)); err != nil {
				tb.Fatal(err)
			}
		}
		for _, name := range folderFiles(tb, filepath.Join(dir, "scratch")) {
			if !slices.Contains(created, name) {
				if err := os.Rename(filepath.Join(dir, "scratch", name), filepath.Join(dir, "t", name)); err != nil {
					tb.Fatal(err)
				}
			}
		}
		if _, err := db.Exec("DROP TABLE scratch"); err != nil {
			tb.Fatal(err)
		}
	}
}

// folderFiles lists the names in folder dir, sorted.
func folderFiles(tb testing.TB, dir string) []string {
	tb.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names
}

// BenchmarkManyFiles runs three queries over a table of one-row files, as
// a service inserting one row per request leaves it: a point lookup on a
// plain column, COUNT(*), and a filter on a shredded Variant path that
// matches a tenth of the files. files/s and cpu-ns/file count the table's
// files, whatever the query returns; each query runs with the footers
// cached.
func BenchmarkManyFiles(b *testing.B) {
	defer driver.SetScribble(driver.SetScribble(false))
	for _, n := range []int{2000, 10000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			db := manyFilesDB(b, n)
			queries := []struct {
				name, sql string
				want      int64
			}{
				{"point", "SELECT v FROM t WHERE id = 17", 1},
				{"count", "SELECT COUNT(*) FROM t", int64(n)},
				{"variant-path", "SELECT COUNT(*) FROM t WHERE variant_get(v, '$.x', 'int') = 5", int64(n / 10)},
			}
			for _, q := range queries {
				b.Run(q.name, func(b *testing.B) {
					count := func() int64 {
						if q.name == "point" {
							return countVariants(b, db, q.sql)
						}
						var v int64
						if err := db.QueryRow(q.sql).Scan(&v); err != nil {
							b.Fatal(err)
						}
						return v
					}
					count() // footers cached
					m := newRowMeter(b)
					for b.Loop() {
						if got := count(); got != q.want {
							b.Fatalf("got %d, want %d", got, q.want)
						}
						m.done(n)
					}
					m.reportAs("file")
				})
			}
		})
	}
}
