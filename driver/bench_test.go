package driver_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/internal/benchdata"
	"github.com/parquetvariant/parquetvariant/internal/cputime"
	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/shred"
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
	cpu := cputime.Process()
	return &rowMeter{b: b, start: time.Now(), cpu: cpu}
}

// done counts n more rows.
func (m *rowMeter) done(n int) { m.rows += n }

// report reports the metrics; call it after the loop.
func (m *rowMeter) report() { m.reportAs("row") }

// reportAs reports the metrics with the counted things named unit (row,
// file): unit+"s/s" and "cpu-ns/"+unit.
func (m *rowMeter) reportAs(unit string) {
	m.b.ReportMetric(float64(m.rows)/time.Since(m.start).Seconds(), unit+"s/s")
	if cpu := cputime.Process(); cpu > 0 && m.rows > 0 {
		m.b.ReportMetric(float64(cpu-m.cpu)/float64(m.rows), "cpu-ns/"+unit)
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

// The read benchmark's table has the shape of the scan package's
// (scan/bench_test.go): selectFiles files of selectGroups row groups of
// selectGroupRows events, zstd, sorted by time, with column event shredded
// into six typed fields and a residual holding ua and flags.
const (
	selectFiles     = 4
	selectGroups    = 4
	selectGroupRows = 32768
	selectRows      = selectFiles * selectGroups * selectGroupRows
	selectPageBytes = 64 << 10
)

// selectWant is what the read benchmark's queries count or sum.
type selectWant struct{ purchases, amount, agent7 int64 }

// writeSelectTable writes table events under dir, event by event as the
// scan package's benchmark generates them.
func writeSelectTable(b testing.TB, dir string) selectWant {
	b.Helper()
	var want selectWant
	s := benchdata.Schema()
	node, err := s.Node()
	if err != nil {
		b.Fatal(err)
	}
	schema := parquet.NewSchema("events", parquet.Group{"event": parquet.Optional(node)})
	layout, err := shred.NewLayout(s, true)
	if err != nil {
		b.Fatal(err)
	}
	cols, err := layout.ColumnIndexes(schema, "event")
	if err != nil {
		b.Fatal(err)
	}
	var vb variant.Builder
	row := 0
	for f := range selectFiles {
		path := filepath.Join(dir, "events", fmt.Sprintf("part-%d.parquet", f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		out, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		w := parquet.NewWriter(out, schema, parquet.Compression(&parquet.Zstd), parquet.PageBufferSize(selectPageBytes))
		batch := layout.NewBatch()
		for range selectGroups {
			batch.Reset()
			for range selectGroupRows {
				if benchdata.Purchase(row) {
					want.purchases++
				}
				want.amount += benchdata.Amount(row)
				if benchdata.Agent(row) == 7 {
					want.agent7++
				}
				v, err := benchdata.Event(&vb, row)
				if err != nil {
					b.Fatal(err)
				}
				if err := batch.Append(v); err != nil {
					b.Fatal(err)
				}
				row++
			}
			if err := batch.WriteColumns(w.ColumnWriters(), cols); err != nil {
				b.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
		out.Close()
	}
	return want
}

// BenchmarkSelect runs the read queries of the scan package's benchmark
// (BenchmarkVariantScan) two ways: through database/sql (sql) and with the
// scan cursor alone (scan), on a table of the same shape, so that the
// difference is what the SQL layer costs. rows/s and cpu-ns/row count the
// table's rows (524,288), whatever the query returns.
func BenchmarkSelect(b *testing.B) {
	defer driver.SetScribble(driver.SetScribble(false))
	dir := b.TempDir()
	want := writeSelectTable(b, dir)
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	root, err := scan.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	ref := func(p, as string) scan.Ref {
		r, err := scan.Path("event", p, as)
		if err != nil {
			b.Fatal(err)
		}
		return r
	}
	lo := benchdata.Start.Add(200000 * time.Second)
	hi := lo.Add(time.Hour - time.Second)
	// sqlCount runs a query of one int64 row; sqlVariants counts the
	// Variants a query returns, each scanned into an any (the driver's
	// variant.Variant, valid until the next Next, as the cursor's is).
	sqlCount := func(query string, args ...any) func() int64 {
		return func() int64 {
			var v int64
			if err := db.QueryRow(query, args...).Scan(&v); err != nil {
				b.Fatal(err)
			}
			return v
		}
	}
	sqlVariants := func(query string, args ...any) func() int64 {
		return func() int64 { return countVariants(b, db, query, args...) }
	}
	// scanned runs q with the cursor; use adds a row's part to the result
	// (nil: count the row).
	scanned := func(q scan.Query, use func(r *scan.Rows) int64) func() int64 {
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
				if use == nil {
					v++
				} else {
					v += use(r)
				}
			}
			if err := r.Err(); err != nil {
				b.Fatal(err)
			}
			return v
		}
	}
	sum := func(r *scan.Rows) int64 {
		if r.IsNull(0) {
			return 0
		}
		return r.Int64(0)
	}
	whole := func(r *scan.Rows) int64 {
		v, err := r.Variant(0)
		if err != nil || len(v.Bytes()) == 0 {
			b.Fatalf("got %v, %v, want a Variant", v, err)
		}
		return 1
	}
	queries := []struct {
		name      string
		sql, scan func() int64
		want      int64
	}{
		{"count-shredded-string-filter",
			sqlCount("SELECT COUNT(*) FROM events WHERE variant_get(event, '$.event_type', 'string') = 'purchase'"),
			scanned(scan.Query{Where: scan.Compare{Ref: ref("$.event_type", "string"), Op: scan.Eq, Value: "purchase"}}, nil),
			want.purchases},
		{"sum-shredded-int64",
			sqlCount("SELECT SUM(variant_get(event, '$.amount', 'bigint')) FROM events"),
			scanned(scan.Query{Columns: []scan.Ref{ref("$.amount", "bigint")}}, sum),
			want.amount},
		{"time-window-whole-variants",
			sqlVariants("SELECT event FROM events WHERE variant_get(event, '$.ts', 'timestamp') BETWEEN ? AND ?", lo, hi),
			scanned(scan.Query{Columns: []scan.Ref{scan.Col("event")}, Where: scan.Between(ref("$.ts", "timestamp"), lo, hi)}, whole),
			3600},
		{"count-unshredded-path-filter",
			sqlCount("SELECT COUNT(*) FROM events WHERE variant_get(event, '$.ua', 'string') = 'agent-7'"),
			scanned(scan.Query{Where: scan.Compare{Ref: ref("$.ua", "string"), Op: scan.Eq, Value: "agent-7"}}, nil),
			want.agent7},
		{"full-reconstruction",
			sqlVariants("SELECT event FROM events"),
			scanned(scan.Query{Columns: []scan.Ref{scan.Col("event")}}, whole),
			selectRows},
	}
	for _, q := range queries {
		for _, via := range []string{"sql", "scan"} {
			f := q.sql
			if via == "scan" {
				f = q.scan
			}
			b.Run(q.name+"/"+via, func(b *testing.B) {
				m := newRowMeter(b)
				for b.Loop() {
					if got := f(); got != q.want {
						b.Fatalf("got %d, want %d", got, q.want)
					}
					m.done(selectRows)
				}
				m.report()
			})
		}
		// sql-over-scan runs the two ways in turn, one query each, in
		// alternating order, and reports how much more CPU time the sql
		// runs took than the scan runs (sql-over-scan-%): both meet the
		// same conditions of the machine, which separate series of each
		// do not.
		b.Run(q.name+"/sql-over-scan", func(b *testing.B) {
			b.ReportAllocs()
			var cpu [2]time.Duration // sql, scan
			i := 0
			for b.Loop() {
				for k := range 2 {
					way := (i + k) % 2
					f := q.sql
					if way == 1 {
						f = q.scan
					}
					start := cputime.Process()
					if got := f(); got != q.want {
						b.Fatalf("got %d, want %d", got, q.want)
					}
					cpu[way] += cputime.Process() - start
				}
				i++
			}
			if cpu[1] > 0 {
				b.ReportMetric(100*(float64(cpu[0])/float64(cpu[1])-1), "sql-over-scan-%")
				b.ReportMetric(float64(cpu[0])/float64(i*selectRows), "sql-cpu-ns/row")
				b.ReportMetric(float64(cpu[1])/float64(i*selectRows), "scan-cpu-ns/row")
			}
		})
	}
}

// countVariants runs query and counts the rows it returns, each scanned
// into an any that must hold a non-empty variant.Variant (the driver's,
// valid until the next Next, as the cursor's is).
func countVariants(b *testing.B, db *sql.DB, query string, args ...any) int64 {
	rs, err := db.Query(query, args...)
	if err != nil {
		b.Fatal(err)
	}
	defer rs.Close()
	var n int64
	var v any
	for rs.Next() {
		if err := rs.Scan(&v); err != nil {
			b.Fatal(err)
		}
		if x, ok := v.(variant.Variant); !ok || len(x.Bytes()) == 0 {
			b.Fatalf("got %T %v, want a Variant", v, v)
		}
		n++
	}
	if err := rs.Err(); err != nil {
		b.Fatal(err)
	}
	return n
}
