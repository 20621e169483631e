package driver_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/parquetvariant/parquetvariant/scan"
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

// rowMeter reports a benchmark's rows/s (wall clock) and CPU ns/row (user
// and system time of every thread, which waiting for a CPU on a busy
// machine does not inflate).
type rowMeter struct {
	b     *testing.B
	start time.Time
	cpu   time.Duration
	rows  int
}

func newRowMeter(b *testing.B) *rowMeter {
	b.ReportAllocs()
	cpu, _ := cpuTime()
	return &rowMeter{b: b, start: time.Now(), cpu: cpu}
}

// done counts n more rows.
func (m *rowMeter) done(n int) { m.rows += n }

// report reports the metrics; call it after the loop.
func (m *rowMeter) report() {
	m.b.ReportMetric(float64(m.rows)/time.Since(m.start).Seconds(), "rows/s")
	if cpu, ok := cpuTime(); ok && m.rows > 0 {
		m.b.ReportMetric(float64(cpu-m.cpu)/float64(m.rows), "cpu-ns/row")
	}
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
				m := newRowMeter(b)
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
					m.done(n)
				}
				m.report()
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
			m := newRowMeter(b)
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
				m.done(n)
			}
			m.report()
		})
	}
}

// benchTable writes n generated events into table events of a new root
// directory (rows of 1,000-row INSERTs in one transaction) and returns the
// directory.
func benchTable(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE events (id BIGINT, event VARIANT)"); err != nil {
		b.Fatal(err)
	}
	const per = 1000
	query := "INSERT INTO events VALUES " + strings.TrimSuffix(strings.Repeat("(?, ?), ", per), ", ")
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	args := make([]any, 2*per)
	for i := 0; i < n; i += per {
		for j := 0; j < per; j++ {
			args[2*j] = int64(i + j)
			args[2*j+1] = benchEvent(i + j)
		}
		if _, err := tx.Exec(query, args...); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkSelect reads a table of 1,000,000 events two ways per query:
// through database/sql (sql) and with the scan cursor alone (scan), to show
// what the SQL layer costs. sum: SUM of the shredded int64 path
// $.user_id; count: COUNT(*) of the 100 rows where $.user_id = 42.
func BenchmarkSelect(b *testing.B) {
	const n = 1_000_000
	dir := benchTable(b, n)
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	root, err := scan.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	userID, err := scan.Path("event", "$.user_id", "bigint")
	if err != nil {
		b.Fatal(err)
	}
	var wantSum int64
	for i := 0; i < n; i++ {
		wantSum += int64(i % 10000)
	}
	run := func(b *testing.B, f func() int64, want int64) {
		m := newRowMeter(b)
		for b.Loop() {
			if got := f(); got != want {
				b.Fatalf("got %d, want %d", got, want)
			}
			m.done(n)
		}
		m.report()
	}
	sqlInt := func(query string) func() int64 {
		return func() int64 {
			var v int64
			if err := db.QueryRow(query).Scan(&v); err != nil {
				b.Fatal(err)
			}
			return v
		}
	}
	scanned := func(q scan.Query, sum bool) func() int64 {
		return func() int64 {
			t, err := root.Table("events")
			if err != nil {
				b.Fatal(err)
			}
			r, err := t.Scan(context.Background(), q)
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			var v int64
			for r.Next() {
				if !sum {
					v++
				} else if !r.IsNull(0) {
					v += r.Int64(0)
				}
			}
			if err := r.Err(); err != nil {
				b.Fatal(err)
			}
			return v
		}
	}
	b.Run("sum/sql", func(b *testing.B) {
		run(b, sqlInt("SELECT SUM(variant_get(event, '$.user_id', 'bigint')) FROM events"), wantSum)
	})
	b.Run("sum/scan", func(b *testing.B) {
		run(b, scanned(scan.Query{Columns: []scan.Ref{userID}}, true), wantSum)
	})
	b.Run("count/sql", func(b *testing.B) {
		run(b, sqlInt("SELECT COUNT(*) FROM events WHERE variant_get(event, '$.user_id', 'bigint') = 42"), n/10000)
	})
	b.Run("count/scan", func(b *testing.B) {
		run(b, scanned(scan.Query{Where: scan.Compare{Ref: userID, Op: scan.Eq, Value: int64(42)}}, false), n/10000)
	})
}
