package scan

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	pqvariant "github.com/parquet-go/parquet-go/variant"
	"github.com/parquetvariant/parquetvariant/internal/benchdata"
	"github.com/parquetvariant/parquetvariant/internal/cputime"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// Benchmark table (the issue's): benchRows events in benchFiles files of
// benchFileRows rows, row groups of up to benchGroupRows rows (3 full ones
// and one of 106,784 per file), zstd, sorted by time, with column event
// shredded into 6 fields and a residual object.
const (
	benchFiles     = 4
	benchFileRows  = 500_000
	benchGroupRows = 131_072
	benchRows      = benchFiles * benchFileRows
	// benchPageBytes is the writer's page buffer: pages of a few thousand
	// rows, as writers that cap a page's rows (parquet-mr: 20,000) or its
	// size write them.
	benchPageBytes = 64 << 10
	// benchTableVersion names the cached table; change it whenever
	// writeBenchTable writes something else.
	benchTableVersion = "events-v2-2000000"
)

// benchWant is what the benchmark queries must count or sum.
type benchWant struct{ purchases, amount, agent7 int64 }

// wantOf returns what the queries find in the table writeBenchTable writes.
func wantOf() benchWant {
	var w benchWant
	for row := range benchRows {
		if benchdata.Purchase(row) {
			w.purchases++
		}
		w.amount += benchdata.Amount(row)
		if benchdata.Agent(row) == 7 {
			w.agent7++
		}
	}
	return w
}

var eventsTable struct {
	once sync.Once
	dir  string
	err  error
}

// benchTableDir returns the directory holding the benchmark table, written
// once per machine: it is kept under os.TempDir, named by
// benchTableVersion, because writing it takes many seconds.
func benchTableDir(b *testing.B) string {
	eventsTable.once.Do(func() {
		dir := filepath.Join(os.TempDir(), "parquetvariant-bench-"+benchTableVersion)
		if _, err := os.Stat(filepath.Join(dir, "events")); err == nil {
			eventsTable.dir = dir
			return
		}
		tmp, err := os.MkdirTemp(os.TempDir(), "parquetvariant-bench-*")
		if err != nil {
			eventsTable.err = err
			return
		}
		if err := writeBenchTable(tmp); err != nil {
			os.RemoveAll(tmp)
			eventsTable.err = err
			return
		}
		// Another process may have written the table meanwhile: keep its.
		if err := os.Rename(tmp, dir); err != nil {
			os.RemoveAll(tmp)
			if _, err := os.Stat(filepath.Join(dir, "events")); err != nil {
				eventsTable.err = err
				return
			}
		}
		eventsTable.dir = dir
	})
	if eventsTable.err != nil {
		b.Fatal(eventsTable.err)
	}
	return eventsTable.dir
}

// writeBenchTable writes the benchmark table "events" under dir.
func writeBenchTable(dir string) error {
	s := benchdata.Schema()
	node, err := s.Node()
	if err != nil {
		return err
	}
	schema := parquet.NewSchema("events", parquet.Group{"event": parquet.Optional(node)})
	layout, err := shred.NewLayout(s, true)
	if err != nil {
		return err
	}
	cols, err := layout.ColumnIndexes(schema, "event")
	if err != nil {
		return err
	}
	var vb variant.Builder
	row := 0
	for f := range benchFiles {
		path := filepath.Join(dir, "events", fmt.Sprintf("part-%d.parquet", f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		out, err := os.Create(path)
		if err != nil {
			return err
		}
		w := parquet.NewWriter(out, schema, parquet.Compression(&parquet.Zstd), parquet.PageBufferSize(benchPageBytes))
		batch := layout.NewBatch()
		for lo := 0; lo < benchFileRows; lo += benchGroupRows {
			batch.Reset()
			for range min(benchGroupRows, benchFileRows-lo) {
				v, err := benchdata.Event(&vb, row)
				if err != nil {
					return err
				}
				if err := batch.Append(v); err != nil {
					return err
				}
				row++
			}
			if err := batch.WriteColumns(w.ColumnWriters(), cols); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if err := w.Close(); err != nil {
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
	}
	return nil
}

// BenchmarkVariantScan runs the queries of the read path on the benchmark table,
// next to parquet-go's VariantReader (parquet-go/...) for the shredded
// count and sum. rows/s counts the table's rows per second; B/op and
// allocs/op are per query over the whole table.
func BenchmarkVariantScan(b *testing.B) {
	dir := benchTableDir(b)
	want := wantOf()
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
	window := benchdata.Start.Add(200000 * time.Second)
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
				m := startMark()
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
				m.report(b)
				b.ReportMetric(float64(st.BytesRead), "bytes-read/op")
			})
		}
	}
	files := tb.Files()
	peers := []struct {
		name string
		run  func(b *testing.B, pf *parquet.File) int64
		want int64
	}{
		{"count-shredded-string-filter", peerCount, want.purchases},
		{"sum-shredded-int64", peerSum, want.amount},
		{"time-window-whole-variants", func(b *testing.B, pf *parquet.File) int64 {
			return peerWindow(b, pf, window.UnixMicro(), window.Add(time.Hour-time.Second).UnixMicro())
		}, 3600},
		{"count-unshredded-path-filter", peerUnshredded, want.agent7},
		{"full-reconstruction", peerWhole, benchRows},
	}
	for _, q := range peers {
		b.Run("parquet-go/"+q.name, func(b *testing.B) {
			b.ReportAllocs()
			m := startMark()
			for b.Loop() {
				var got int64
				for _, f := range files {
					got += peerFile(b, filepath.Join(dir, f), q.run)
				}
				if got != q.want {
					b.Fatalf("got %d, want %d", got, q.want)
				}
			}
			m.report(b)
		})
	}
}

// peerFile opens a file of the benchmark table with parquet-go and runs a
// query on it.
func peerFile(b *testing.B, path string, run func(*testing.B, *parquet.File) int64) int64 {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		b.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		b.Fatal(err)
	}
	return run(b, pf)
}

// peerWindowRows is the window of rows parquet-go's VariantReader reads at
// a time.
const peerWindowRows = 4096

// peerPath runs fn on every window of rows of path field in each row group
// of pf, read with parquet-go's VariantReader; base is the first row of
// the window in the file.
func peerPath(b *testing.B, pf *parquet.File, field string, fn func(c *parquet.VariantCursor, base int64)) {
	var base int64
	for _, rg := range pf.RowGroups() {
		r, err := parquet.NewVariantReader(rg, "event")
		if err != nil {
			b.Fatal(err)
		}
		c := r.Path(field)
		for {
			n, err := r.Next(peerWindowRows)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			fn(c, base)
			base += int64(n)
		}
		r.Close()
	}
}

// peerCount counts the rows whose event_type is "purchase" from the typed
// vectors (residual rows would need decoding; the benchmark table has
// none).
func peerCount(b *testing.B, pf *parquet.File) int64 {
	var total int64
	peerPath(b, pf, "event_type", func(c *parquet.VariantCursor, _ int64) {
		if c.ResidualCount() > 0 {
			b.Fatal("residual rows in the benchmark table")
		}
		slab, offs := c.ByteArrays()
		for i := 0; i+1 < len(offs); i++ {
			if string(slab[offs[i]:offs[i+1]]) == "purchase" {
				total++
			}
		}
	})
	return total
}

// peerSum sums amount from the typed vectors.
func peerSum(b *testing.B, pf *parquet.File) int64 {
	var total int64
	peerPath(b, pf, "amount", func(c *parquet.VariantCursor, _ int64) {
		if c.ResidualCount() > 0 {
			b.Fatal("residual rows in the benchmark table")
		}
		for _, x := range c.Int64s() {
			total += x
		}
	})
	return total
}

// peerUnshredded counts the rows whose ua, a field of the residual
// objects, is "agent-7": parquet-go's cursor navigates the residual values.
func peerUnshredded(b *testing.B, pf *parquet.File) int64 {
	var total int64
	peerPath(b, pf, "ua", func(c *parquet.VariantCursor, _ int64) {
		for i, loc := range c.Locs() {
			if loc != pqvariant.LocResidual {
				continue
			}
			v, ok, err := c.Residual(i)
			if err != nil {
				b.Fatal(err)
			}
			if ok && v.Str() == "agent-7" {
				total++
			}
		}
	})
	return total
}

// peerRow reads column event with parquet-go's reconstruction of shredded
// Variants (VariantReader has no whole-value read).
type peerRow struct {
	Event *struct {
		Metadata []byte `parquet:"metadata"`
		Value    []byte `parquet:"value"`
	} `parquet:"event,variant"`
}

// peerRead reads count rows from row first of pf as whole Variants and
// returns how many are present.
func peerRead(b *testing.B, pf *parquet.File, first, count int64) int64 {
	r := parquet.NewGenericReader[peerRow](pf)
	defer r.Close()
	if first > 0 {
		if err := r.SeekToRow(first); err != nil {
			b.Fatal(err)
		}
	}
	rows := make([]peerRow, 1024)
	var got int64
	for count > 0 {
		n, err := r.Read(rows[:min(int64(len(rows)), count)])
		for _, row := range rows[:n] {
			if row.Event != nil && len(row.Event.Value) > 0 {
				got++
			}
		}
		count -= int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	return got
}

// peerWhole reads every row of pf as a whole Variant.
func peerWhole(b *testing.B, pf *parquet.File) int64 {
	return peerRead(b, pf, 0, pf.NumRows())
}

// peerWindow finds the rows whose ts is in [lo, hi] (microseconds) with
// VariantReader's typed vector of ts, then reads those rows (contiguous,
// the table being sorted by time) as whole Variants.
func peerWindow(b *testing.B, pf *parquet.File, lo, hi int64) int64 {
	first, last := int64(-1), int64(-1)
	peerPath(b, pf, "ts", func(c *parquet.VariantCursor, base int64) {
		if c.ResidualCount() > 0 {
			b.Fatal("residual rows in the benchmark table")
		}
		for i, x := range c.Int64s() {
			if x >= lo && x <= hi {
				if first < 0 {
					first = base + int64(i)
				}
				last = base + int64(i)
			}
		}
	})
	if first < 0 {
		return 0
	}
	return peerRead(b, pf, first, last-first+1)
}

// mark is where a benchmark's timed loop starts: CPU time and allocations.
type mark struct {
	cpu     time.Duration
	mallocs uint64
}

func startMark() mark {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return mark{cpu: cputime.Process(), mallocs: ms.Mallocs}
}

// report reports the table's rows per second of wall time and per second
// of the process's CPU time (which a busy machine distorts less), and
// allocations per row, over the b.N queries since m.
func (m mark) report(b *testing.B) {
	cpu := cputime.Process() - m.cpu
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rows := float64(benchRows) * float64(b.N)
	b.ReportMetric(rows/b.Elapsed().Seconds(), "rows/s")
	if cpu > 0 {
		b.ReportMetric(rows/cpu.Seconds(), "rows/cpu-s")
	}
	b.ReportMetric(float64(ms.Mallocs-m.mallocs)/rows, "allocs/row")
}
