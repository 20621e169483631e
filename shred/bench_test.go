package shred

import (
	"bytes"
	"io"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	pqvariant "github.com/parquet-go/parquet-go/variant"
	"github.com/parquetvariant/parquetvariant/internal/cputime"
	"github.com/parquetvariant/parquetvariant/variant"
)

// The benchmark events: 10 fields, 6 shredded (one of them a list of
// strings), 4 left in a residual object (one of them an object); all rows
// share one sorted metadata, as the writer gives the rows of a file.
const benchRows = 100_000

func benchSchema() Schema {
	return Object(
		Field{Name: "event_type", Schema: Typed(TypeString)},
		Field{Name: "event_ts", Schema: Typed(TypeTimestamp)},
		Field{Name: "user_id", Schema: Typed(TypeInt64)},
		Field{Name: "amount", Schema: Typed(TypeDouble)},
		Field{Name: "success", Schema: Typed(TypeBoolean)},
		Field{Name: "tags", Schema: Array(Typed(TypeString))},
	)
}

func benchEvents(tb testing.TB) []variant.Variant {
	keys := map[string]any{"event_type": 0, "event_ts": 0, "user_id": 0, "amount": 0, "success": 0,
		"tags": 0, "email": 0, "ip": 0, "session": map[string]any{"id": 0, "agent": 0}, "score": 0}
	meta := mk(keys).Metadata()
	events := make([]variant.Variant, benchRows)
	var b variant.Builder
	b.UseMetadata(meta)
	types := []string{"login", "logout", "click", "view"}
	for i := range events {
		b.Reset()
		b.BeginObject()
		b.Key("event_type")
		b.AppendString(types[i%len(types)])
		b.Key("event_ts")
		b.AppendTimestamp(1729794114937000 + int64(i)*1000)
		b.Key("user_id")
		b.AppendInt64(int64(i % 5000))
		b.Key("amount")
		b.AppendFloat64(float64(i%1000) / 8)
		b.Key("success")
		b.AppendBool(i%3 != 0)
		b.Key("tags")
		b.BeginArray()
		for j := 0; j < 1+i%3; j++ {
			b.AppendString(types[(i+j)%len(types)])
		}
		b.EndArray()
		b.Key("email")
		b.AppendString("user" + strconv.Itoa(i%5000) + "@example.com")
		b.Key("ip")
		b.AppendString("10.0." + strconv.Itoa(i%256) + ".1")
		b.Key("session")
		b.BeginObject()
		b.Key("id")
		b.AppendInt(int64(i))
		b.Key("agent")
		b.AppendString("Mozilla/5.0")
		b.EndObject()
		b.Key("score")
		b.AppendFloat64(float64(i) / 3)
		b.EndObject()
		v, err := b.Build()
		if err != nil {
			tb.Fatal(err)
		}
		events[i] = v.Clone()
	}
	return events
}

func eventBytes(events []variant.Variant) int64 {
	n := 0
	for _, v := range events {
		n += len(v.Bytes()) + len(v.Metadata().Bytes())
	}
	return int64(n)
}

// BenchmarkShred shreds 100,000 events into column buffers (ours), the same
// and then writes them through parquet-go's column writers, and writes them
// with parquet-go's VariantColumnWriter.
func BenchmarkShred(b *testing.B) {
	events := benchEvents(b)
	l, err := NewLayout(benchSchema(), true)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("buffers", func(b *testing.B) {
		batch := l.NewBatch()
		// Grow the buffers once: a writer reuses its batch.
		for _, v := range events {
			if err := batch.Append(v); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(eventBytes(events))
		b.ReportAllocs()
		cpu0 := start()
		for b.Loop() {
			batch.Reset()
			for _, v := range events {
				if err := batch.Append(v); err != nil {
					b.Fatal(err)
				}
			}
		}
		reportRows(b, len(events), cpu0)
	})
	node, err := benchSchema().Node()
	if err != nil {
		b.Fatal(err)
	}
	schema := parquet.NewSchema("root", parquet.Group{"event": parquet.Optional(node)})
	cols, err := l.ColumnIndexes(schema, "event")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("write", func(b *testing.B) {
		batch := l.NewBatch()
		b.SetBytes(eventBytes(events))
		b.ReportAllocs()
		cpu0 := start()
		for b.Loop() {
			w := parquet.NewWriter(io.Discard, schema)
			batch.Reset()
			for _, v := range events {
				if err := batch.Append(v); err != nil {
					b.Fatal(err)
				}
			}
			if err := batch.WriteColumns(w.ColumnWriters(), cols); err != nil {
				b.Fatal(err)
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
		reportRows(b, len(events), cpu0)
	})
	b.Run("parquet-go-VariantColumnWriter", func(b *testing.B) {
		pqs := make([]pqvariant.Value, len(events))
		for i, v := range events {
			m, err := pqvariant.DecodeMetadata(v.Metadata().Bytes())
			if err != nil {
				b.Fatal(err)
			}
			if pqs[i], err = pqvariant.Decode(m, v.Bytes()); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(eventBytes(events))
		b.ReportAllocs()
		cpu0 := start()
		for b.Loop() {
			w := parquet.NewWriter(io.Discard, schema)
			vw, err := parquet.NewVariantColumnWriter(w, "event")
			if err != nil {
				b.Fatal(err)
			}
			for _, v := range pqs {
				if err := vw.WriteValue(v); err != nil {
					b.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
		reportRows(b, len(events), cpu0)
	})
}

// BenchmarkReconstruct rebuilds the 100,000 events from column buffers
// (ours), from a file's row group (ours), and with parquet-go's reader.
func BenchmarkReconstruct(b *testing.B) {
	events := benchEvents(b)
	l, err := NewLayout(benchSchema(), true)
	if err != nil {
		b.Fatal(err)
	}
	batch := l.NewBatch()
	for _, v := range events {
		if err := batch.Append(v); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("buffers", func(b *testing.B) {
		b.SetBytes(eventBytes(events))
		b.ReportAllocs()
		r := NewReader(batch, Strict)
		cpu0 := start()
		for b.Loop() {
			r.Reset(batch, l.Root(), Strict)
			for {
				_, _, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		}
		reportRows(b, len(events), cpu0)
	})
	node, err := benchSchema().Node()
	if err != nil {
		b.Fatal(err)
	}
	schema := parquet.NewSchema("root", parquet.Group{"event": parquet.Optional(node)})
	cols, err := l.ColumnIndexes(schema, "event")
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema, parquet.PageBufferSize(1<<20))
	if err := batch.WriteColumns(w.ColumnWriters(), cols); err != nil {
		b.Fatal(err)
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.Run("file", func(b *testing.B) {
		f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			b.Fatal(err)
		}
		fb := l.NewBatch()
		b.SetBytes(eventBytes(events))
		b.ReportAllocs()
		cpu0 := start()
		for b.Loop() {
			fb.Reset()
			for _, rg := range f.RowGroups() {
				if err := fb.ReadRowGroup(rg, cols); err != nil {
					b.Fatal(err)
				}
			}
			r := NewReader(fb, Strict)
			for {
				_, _, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		}
		reportRows(b, len(events), cpu0)
	})
	b.Run("parquet-go-Read", func(b *testing.B) {
		type row struct {
			Event *rawVariant `parquet:"event,variant"`
		}
		b.SetBytes(eventBytes(events))
		b.ReportAllocs()
		cpu0 := start()
		for b.Loop() {
			got, err := parquet.Read[row](bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			if err != nil {
				b.Fatal(err)
			}
			if len(got) != len(events) {
				b.Fatalf("read %d rows", len(got))
			}
		}
		reportRows(b, len(events), cpu0)
	})
}

// mark is where a benchmark loop starts: CPU time and bytes allocated.
type mark struct {
	cpu   time.Duration
	alloc uint64
}

func start() mark {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return mark{cpu: cputime.Process(), alloc: ms.TotalAlloc}
}

// reportRows reports rows per wall-clock second, rows per CPU second of the
// process where measured, and bytes allocated per row.
func reportRows(b *testing.B, rows int, m mark) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	n := float64(rows * b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "rows/s")
	if cpu := cputime.Process() - m.cpu; cpu > 0 {
		b.ReportMetric(n/cpu.Seconds(), "rows/cpu-s")
	}
	b.ReportMetric(float64(ms.TotalAlloc-m.alloc)/n, "B/row")
}

// BenchmarkReconstructFlat rebuilds 100,000 events shredded into 6
// primitive fields with a residual object (a string and a list) in every
// row, from column buffers: no shredded list, so every leaf holds one entry
// per row.
func BenchmarkReconstructFlat(b *testing.B) {
	s := Object(
		Field{Name: "event_type", Schema: Typed(TypeString)},
		Field{Name: "user_id", Schema: Typed(TypeInt64)},
		Field{Name: "ts", Schema: Typed(TypeTimestamp)},
		Field{Name: "amount", Schema: Typed(TypeInt64)},
		Field{Name: "country", Schema: Typed(TypeString)},
		Field{Name: "session", Schema: Typed(TypeInt64)},
	)
	l, err := NewLayout(s, true)
	if err != nil {
		b.Fatal(err)
	}
	batch := l.NewBatch()
	var vb variant.Builder
	n := 0
	for i := range benchRows {
		vb.Reset()
		vb.BeginObject()
		vb.Key("event_type")
		vb.AppendString([]string{"view", "click", "cart", "purchase"}[i%4])
		vb.Key("user_id")
		vb.AppendInt64(int64(i*7919) % 100000)
		vb.Key("ts")
		vb.AppendTimestamp(1729794114937000 + int64(i)*1000000)
		vb.Key("amount")
		vb.AppendInt64(int64(i % 1000))
		vb.Key("country")
		vb.AppendString([]string{"FR", "DE", "US", "JP", "BR"}[i%5])
		vb.Key("session")
		vb.AppendInt64(int64(i / 20))
		vb.Key("ua")
		vb.AppendString("agent-" + strconv.Itoa(i%50))
		vb.Key("flags")
		vb.BeginArray()
		vb.AppendInt64(int64(i % 3))
		vb.AppendBool(i%2 == 0)
		vb.EndArray()
		vb.EndObject()
		v, err := vb.Build()
		if err != nil {
			b.Fatal(err)
		}
		n += len(v.Bytes()) + len(v.Metadata().Bytes())
		if err := batch.Append(v); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	r := NewReader(batch, Strict)
	cpu0 := start()
	for b.Loop() {
		r.Reset(batch, l.Root(), Strict)
		for {
			_, _, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	reportRows(b, benchRows, cpu0)
}
