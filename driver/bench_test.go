package driver_test

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/parquetvariant/parquetvariant/variant"
)

// benchEvent is event i as a map: a few typed fields, a nested object and a
// list, the shape of the events.
func benchEvent(i int) map[string]any {
	return map[string]any{
		"event_type": [...]string{"click", "view", "signup", "purchase"}[i%4],
		"user_id":    int64(i % 10000),
		"amount":     float64(i%1000) / 4,
		"ok":         i%3 == 0,
		"ctx":        map[string]any{"page": "/p/" + fmt.Sprint(i%50), "ms": int64(i % 700)},
		"tags":       []any{"a", "b"},
	}
}

// benchEvents returns n distinct events as Variants, built once.
func benchEvents(b *testing.B, n int) []variant.Variant {
	b.Helper()
	out := make([]variant.Variant, n)
	for i := range out {
		v, err := variant.Of(benchEvent(i))
		if err != nil {
			b.Fatal(err)
		}
		out[i] = v
	}
	return out
}

func benchDB(b *testing.B) *sql.DB {
	b.Helper()
	db, err := sql.Open("parquetvariant", b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if _, err := db.Exec("CREATE TABLE events (id BIGINT, event VARIANT)"); err != nil {
		b.Fatal(err)
	}
	return db
}

// benchRowCounts are the rows per operation; 1,000,000 is the size.
var benchRowCounts = []int{10_000, 1_000_000}

// BenchmarkInsertPrepared: one transaction per operation running a prepared
// INSERT INTO events VALUES (?, ?) once per row, the event a Variant (or a
// map, which the driver turns into a Variant).
func BenchmarkInsertPrepared(b *testing.B) {
	for _, arg := range []string{"variant", "map"} {
		for _, n := range benchRowCounts {
			b.Run(fmt.Sprintf("arg=%s/rows=%d", arg, n), func(b *testing.B) {
				events := benchEvents(b, 1000)
				maps := make([]map[string]any, 1000)
				for i := range maps {
					maps[i] = benchEvent(i)
				}
				db := benchDB(b)
				b.ReportAllocs()
				start := time.Now()
				ops := 0
				for b.Loop() {
					tx, err := db.Begin()
					if err != nil {
						b.Fatal(err)
					}
					st, err := tx.Prepare("INSERT INTO events VALUES (?, ?)")
					if err != nil {
						b.Fatal(err)
					}
					for i := 0; i < n; i++ {
						var ev any = events[i%len(events)]
						if arg == "map" {
							ev = maps[i%len(maps)]
						}
						if _, err := st.Exec(int64(i), ev); err != nil {
							b.Fatal(err)
						}
					}
					st.Close()
					if err := tx.Commit(); err != nil {
						b.Fatal(err)
					}
					ops++
				}
				b.ReportMetric(float64(n*ops)/time.Since(start).Seconds(), "rows/s")
			})
		}
	}
}

// BenchmarkInsertMultiRow: per operation, n rows inserted by INSERT
// statements of 1,000 rows (VALUES (?, ?), ... with 2,000 arguments) in one
// transaction.
func BenchmarkInsertMultiRow(b *testing.B) {
	const per = 1000
	for _, n := range benchRowCounts {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			events := benchEvents(b, per)
			db := benchDB(b)
			query := "INSERT INTO events VALUES " + strings.TrimSuffix(strings.Repeat("(?, ?), ", per), ", ")
			args := make([]any, 2*per)
			b.ReportAllocs()
			start := time.Now()
			ops := 0
			for b.Loop() {
				tx, err := db.Begin()
				if err != nil {
					b.Fatal(err)
				}
				st, err := tx.Prepare(query)
				if err != nil {
					b.Fatal(err)
				}
				for i := 0; i < n; i += per {
					for j := 0; j < per; j++ {
						args[2*j] = int64(i + j)
						args[2*j+1] = events[j]
					}
					if _, err := st.Exec(args...); err != nil {
						b.Fatal(err)
					}
				}
				st.Close()
				if err := tx.Commit(); err != nil {
					b.Fatal(err)
				}
				ops++
			}
			b.ReportMetric(float64(n*ops)/time.Since(start).Seconds(), "rows/s")
		})
	}
}
