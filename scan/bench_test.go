package scan

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// Benchmark table: benchFiles files of benchGroups row groups of
// benchGroupRows events each, zstd, sorted by time, with column event
// shredded into 6 fields and a residual object.
const (
	benchFiles     = 4
	benchGroups    = 4
	benchGroupRows = 32768
	benchRows      = benchFiles * benchGroups * benchGroupRows
	// benchPageBytes is the writer's page buffer: pages of a few thousand
	// rows, as writers that cap a page's rows (parquet-mr: 20,000) or its
	// size write them.
	benchPageBytes = 64 << 10
)

var benchStart = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

var eventTypes = []string{"view", "view", "view", "view", "view", "view", "click", "click", "click", "cart"}

// benchWant is what the benchmark queries must count or sum.
type benchWant struct{ purchases, amount, agent7 int64 }

// writeBenchTable writes the benchmark table "events" under dir.
func writeBenchTable(b *testing.B, dir string) benchWant {
	var want benchWant
	s := shred.Object(
		shred.Field{Name: "event_type", Schema: shred.Typed(shred.TypeString)},
		shred.Field{Name: "user_id", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "ts", Schema: shred.Typed(shred.TypeTimestamp)},
		shred.Field{Name: "amount", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "country", Schema: shred.Typed(shred.TypeString)},
		shred.Field{Name: "session", Schema: shred.Typed(shred.TypeInt64)},
	)
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
	for f := range benchFiles {
		path := filepath.Join(dir, "events", fmt.Sprintf("part-%d.parquet", f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		out, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		w := parquet.NewWriter(out, schema, parquet.Compression(&parquet.Zstd), parquet.PageBufferSize(benchPageBytes))
		batch := layout.NewBatch()
		for range benchGroups {
			batch.Reset()
			for range benchGroupRows {
				vb.Reset()
				vb.BeginObject()
				vb.Key("event_type")
				if row%100 == 7 {
					want.purchases++
					vb.AppendString("purchase")
				} else {
					vb.AppendString(eventTypes[row%len(eventTypes)])
				}
				vb.Key("user_id")
				vb.AppendInt64(int64(row*7919) % 100000)
				vb.Key("ts")
				vb.AppendTimestamp(benchStart.Add(time.Duration(row) * time.Second).UnixMicro())
				vb.Key("amount")
				vb.AppendInt64(int64(row % 1000))
				want.amount += int64(row % 1000)
				vb.Key("country")
				vb.AppendString([]string{"FR", "DE", "US", "JP", "BR"}[row%5])
				vb.Key("session")
				vb.AppendInt64(int64(row / 20))
				vb.Key("ua")
				vb.AppendString(fmt.Sprintf("agent-%d", row%50))
				if row%50 == 7 {
					want.agent7++
				}
				vb.Key("flags")
				vb.BeginArray()
				vb.AppendInt64(int64(row % 3))
				vb.AppendBool(row%2 == 0)
				vb.EndArray()
				vb.EndObject()
				v, err := vb.Build()
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

// BenchmarkVariantScan runs the queries of the read path on the benchmark table,
// next to parquet-go's VariantReader (parquet-go/...) for the shredded
// count and sum. rows/s counts the table's rows per second; B/op and
// allocs/op are per query over the whole table.
func BenchmarkVariantScan(b *testing.B) {
	dir := b.TempDir()
	want := writeBenchTable(b, dir)
	root, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	tb, err := root.Table("events")
	if err != nil {
		b.Fatal(err)
	}
	ref := func(p, as string) Ref {
		r, err := Path("event", p, as)
		if err != nil {
			b.Fatal(err)
		}
		return r
	}
	window := benchStart.Add(200000 * time.Second)
	queries := []struct {
		name string
		q    Query
		use  func(rs *Rows) int64
		want int64
	}{
		{"count-shredded-string-filter", Query{Where: Compare{Ref: ref("$.event_type", "string"), Op: Eq, Value: "purchase"}}, nil, want.purchases},
		{"sum-shredded-int64", Query{Columns: []Ref{ref("$.amount", "bigint")}}, func(rs *Rows) int64 { return rs.Int64(0) }, want.amount},
		{"time-window-whole-variants", Query{Columns: []Ref{Col("event")}, Where: Between(ref("$.ts", "timestamp"), window, window.Add(time.Hour-time.Second))},
			func(rs *Rows) int64 {
				v, err := rs.Variant(0)
				if err != nil {
					b.Fatal(err)
				}
				return int64(len(v.Bytes()) / len(v.Bytes()))
			}, 3600},
		{"count-unshredded-path-filter", Query{Where: Compare{Ref: ref("$.ua", "string"), Op: Eq, Value: "agent-7"}}, nil, want.agent7},
		{"full-reconstruction", Query{Columns: []Ref{Col("event")}}, func(rs *Rows) int64 {
			v, err := rs.Variant(0)
			if err != nil {
				b.Fatal(err)
			}
			return int64(len(v.Bytes()) / len(v.Bytes()))
		}, benchRows},
	}
	for _, q := range queries {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", q.name, workers), func(b *testing.B) {
				q.q.Workers = workers
				b.ReportAllocs()
				var st Stats
				for b.Loop() {
					rs, err := tb.Scan(context.Background(), q.q)
					if err != nil {
						b.Fatal(err)
					}
					var got int64
					for rs.Next() {
						if q.use == nil {
							got++
						} else {
							got += q.use(rs)
						}
					}
					if err := rs.Err(); err != nil {
						b.Fatal(err)
					}
					if got != q.want {
						b.Fatalf("got %d, want %d", got, q.want)
					}
					st = rs.Stats()
				}
				b.ReportMetric(float64(benchRows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
				b.ReportMetric(float64(st.BytesRead), "bytes-read/op")
			})
		}
	}
	files := tb.Files()
	for _, name := range []string{"count-shredded-string-filter", "sum-shredded-int64"} {
		b.Run("parquet-go/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var got int64
				for _, f := range files {
					got += variantReaderQuery(b, filepath.Join(dir, f), name)
				}
				exp := want.purchases
				if name == "sum-shredded-int64" {
					exp = want.amount
				}
				if got != exp {
					b.Fatalf("got %d, want %d", got, exp)
				}
			}
			b.ReportMetric(float64(benchRows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// variantReaderQuery runs a query on one file with parquet-go's
// VariantReader: the count of rows whose event_type is "purchase", or the
// sum of amount, from the typed vectors (residual rows would need decoding;
// the benchmark table has none).
func variantReaderQuery(b *testing.B, path, name string) int64 {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		b.Fatal(err)
	}
	var total int64
	for _, rg := range pf.RowGroups() {
		r, err := parquet.NewVariantReader(rg, "event")
		if err != nil {
			b.Fatal(err)
		}
		field := "event_type"
		if name == "sum-shredded-int64" {
			field = "amount"
		}
		c := r.Path(field)
		for {
			n, err := r.Next(4096)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			_ = n
			if c.ResidualCount() > 0 {
				b.Fatal("residual rows in the benchmark table")
			}
			if field == "amount" {
				for _, x := range c.Int64s() {
					total += x
				}
				continue
			}
			slab, offs := c.ByteArrays()
			for i := 0; i+1 < len(offs); i++ {
				if string(slab[offs[i]:offs[i+1]]) == "purchase" {
					total++
				}
			}
		}
		r.Close()
	}
	return total
}
