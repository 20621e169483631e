package variant

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
	pv "github.com/parquet-go/parquet-go/variant"
)

// Benchmarks of the read and build paths, each next to its parquet-go
// equivalent (sub-benchmarks "ours/..." and "parquet-go/..."). Figures are in
// BENCHMARKS.md at the repository root, with the command that produced them.

// benchValue is an encoded fixture: metadata, value and a decoded copy of the
// metadata for each implementation.
type benchValue struct {
	meta, value []byte
	m           Metadata
	pm          pv.Metadata
}

func newBenchValue(b *testing.B, build func(*Builder)) benchValue {
	b.Helper()
	var bld Builder
	build(&bld)
	v, err := bld.Build()
	if err != nil {
		b.Fatal(err)
	}
	v = v.Clone()
	pm, err := pv.DecodeMetadata(v.Metadata().Bytes())
	if err != nil {
		b.Fatal(err)
	}
	return benchValue{meta: v.Metadata().Bytes(), value: v.Bytes(), m: v.Metadata(), pm: pm}
}

// flatObject is an object of n fields named k0000, k0001, ... holding
// int64 values of their index.
func flatObject(n int) func(*Builder) {
	return func(b *Builder) {
		b.BeginObject()
		for i := range n {
			b.Key(benchKey(i))
			b.AppendInt64(int64(i))
		}
		b.EndObject()
	}
}

func benchKey(i int) string {
	s := strconv.Itoa(i)
	return "k" + strings.Repeat("0", 4-len(s)) + s
}

// pgField finds a field of a decoded parquet-go object by bisection, its
// fields being listed in key order.
func pgField(o pv.Object, name string) (pv.Value, bool) {
	i, ok := slices.BinarySearchFunc(o.Fields, name, func(f pv.Field, n string) int { return strings.Compare(f.Name, n) })
	if !ok {
		return pv.Value{}, false
	}
	return o.Fields[i].Value, true
}

// BenchmarkFieldLookup finds one field by name in an object of 10 and of
// 1,000 fields and reads it as an integer. "decode" starts from the metadata
// and value bytes (ours: New, which validates the whole value, or
// DecodeMetadata and View, which checks only what the lookup reads;
// parquet-go: DecodeMetadata and Decode); "shared-metadata" starts from a
// metadata buffer decoded once, as for the rows of a column that share one
// dictionary. SetBytes is the size of the buffers read.
func BenchmarkFieldLookup(b *testing.B) {
	for _, n := range []int{10, 1000} {
		bv := newBenchValue(b, flatObject(n))
		name, want := benchKey(n/2), int64(n/2)
		b.Run("fields="+strconv.Itoa(n), func(b *testing.B) {
			b.Run("decode/ours/New", func(b *testing.B) {
				b.SetBytes(int64(len(bv.meta) + len(bv.value)))
				b.ReportAllocs()
				for b.Loop() {
					v, err := New(bv.meta, bv.value)
					if err != nil {
						b.Fatal(err)
					}
					requireIntField(b, v, name, want)
				}
			})
			b.Run("decode/ours/View", func(b *testing.B) {
				b.SetBytes(int64(len(bv.meta) + len(bv.value)))
				b.ReportAllocs()
				for b.Loop() {
					m, err := DecodeMetadata(bv.meta)
					if err != nil {
						b.Fatal(err)
					}
					requireIntField(b, View(m, bv.value), name, want)
				}
			})
			b.Run("decode/parquet-go", func(b *testing.B) {
				b.SetBytes(int64(len(bv.meta) + len(bv.value)))
				b.ReportAllocs()
				for b.Loop() {
					m, err := pv.DecodeMetadata(bv.meta)
					if err != nil {
						b.Fatal(err)
					}
					d, err := pv.Decode(m, bv.value)
					if err != nil {
						b.Fatal(err)
					}
					f, ok := pgField(d.ObjectValue(), name)
					if !ok || f.Int() != want {
						b.Fatal("wrong field")
					}
				}
			})
			b.Run("shared-metadata/ours/View", func(b *testing.B) {
				b.SetBytes(int64(len(bv.value)))
				b.ReportAllocs()
				for b.Loop() {
					requireIntField(b, View(bv.m, bv.value), name, want)
				}
			})
			b.Run("shared-metadata/ours/NewWithMetadata", func(b *testing.B) {
				b.SetBytes(int64(len(bv.value)))
				b.ReportAllocs()
				for b.Loop() {
					v, err := NewWithMetadata(bv.m, bv.value)
					if err != nil {
						b.Fatal(err)
					}
					requireIntField(b, v, name, want)
				}
			})
			b.Run("shared-metadata/parquet-go", func(b *testing.B) {
				b.SetBytes(int64(len(bv.value)))
				b.ReportAllocs()
				for b.Loop() {
					d, err := pv.Decode(bv.pm, bv.value)
					if err != nil {
						b.Fatal(err)
					}
					f, ok := pgField(d.ObjectValue(), name)
					if !ok || f.Int() != want {
						b.Fatal("wrong field")
					}
				}
			})
		})
	}
}

func requireIntField(b *testing.B, v Variant, name string, want int64) {
	f, ok, err := v.Field(name)
	if err != nil || !ok {
		b.Fatal(name, ok, err)
	}
	if i, err := f.Int(); err != nil || i != want {
		b.Fatal(i, err)
	}
}

// BenchmarkArrayIndex reads element 500 of an array of 1,000 int64 values,
// starting from the value bytes and a decoded metadata buffer.
func BenchmarkArrayIndex(b *testing.B) {
	bv := newBenchValue(b, func(b *Builder) {
		b.BeginArray()
		for i := range 1000 {
			b.AppendInt64(int64(i))
		}
		b.EndArray()
	})
	b.Run("elements=1000", func(b *testing.B) {
		b.Run("ours/View", func(b *testing.B) {
			b.SetBytes(int64(len(bv.value)))
			b.ReportAllocs()
			for b.Loop() {
				e, ok, err := View(bv.m, bv.value).Index(500)
				if err != nil || !ok {
					b.Fatal(ok, err)
				}
				if i, err := e.Int(); err != nil || i != 500 {
					b.Fatal(i, err)
				}
			}
		})
		b.Run("ours/NewWithMetadata", func(b *testing.B) {
			b.SetBytes(int64(len(bv.value)))
			b.ReportAllocs()
			for b.Loop() {
				v, err := NewWithMetadata(bv.m, bv.value)
				if err != nil {
					b.Fatal(err)
				}
				e, ok, err := v.Index(500)
				if err != nil || !ok {
					b.Fatal(ok, err)
				}
				if i, err := e.Int(); err != nil || i != 500 {
					b.Fatal(i, err)
				}
			}
		})
		b.Run("parquet-go", func(b *testing.B) {
			b.SetBytes(int64(len(bv.value)))
			b.ReportAllocs()
			for b.Loop() {
				d, err := pv.Decode(bv.pm, bv.value)
				if err != nil {
					b.Fatal(err)
				}
				if i := d.ArrayValue().Elements[500].Int(); i != 500 {
					b.Fatal(i)
				}
			}
		})
	})
}

// BenchmarkTypedAccess reads a scalar value: an int64, and a short and a long
// string (ours as a string with Str, which copies, and as bytes with
// StrBytes, which does not; parquet-go's Decode copies the string).
func BenchmarkTypedAccess(b *testing.B) {
	short := "hello, world"
	long := strings.Repeat("0123456789", 20)
	ints := newBenchValue(b, func(b *Builder) { b.AppendInt64(1 << 40) })
	shorts := newBenchValue(b, func(b *Builder) { b.AppendString(short) })
	longs := newBenchValue(b, func(b *Builder) { b.AppendString(long) })

	b.Run("Int/ours", func(b *testing.B) {
		b.SetBytes(int64(len(ints.value)))
		b.ReportAllocs()
		for b.Loop() {
			if i, err := View(ints.m, ints.value).Int(); err != nil || i != 1<<40 {
				b.Fatal(i, err)
			}
		}
	})
	b.Run("Int/parquet-go", func(b *testing.B) {
		b.SetBytes(int64(len(ints.value)))
		b.ReportAllocs()
		for b.Loop() {
			d, err := pv.Decode(ints.pm, ints.value)
			if err != nil || d.Int() != 1<<40 {
				b.Fatal(d.Int(), err)
			}
		}
	})
	for _, c := range []struct {
		name string
		bv   benchValue
		want string
	}{{"short", shorts, short}, {"long", longs, long}} {
		b.Run("Str/"+c.name+"/ours/Str", func(b *testing.B) {
			b.SetBytes(int64(len(c.bv.value)))
			b.ReportAllocs()
			for b.Loop() {
				if s, err := View(c.bv.m, c.bv.value).Str(); err != nil || len(s) != len(c.want) {
					b.Fatal(s, err)
				}
			}
		})
		b.Run("Str/"+c.name+"/ours/StrBytes", func(b *testing.B) {
			b.SetBytes(int64(len(c.bv.value)))
			b.ReportAllocs()
			for b.Loop() {
				if s, err := View(c.bv.m, c.bv.value).StrBytes(); err != nil || len(s) != len(c.want) {
					b.Fatal(s, err)
				}
			}
		})
		b.Run("Str/"+c.name+"/parquet-go", func(b *testing.B) {
			b.SetBytes(int64(len(c.bv.value)))
			b.ReportAllocs()
			for b.Loop() {
				d, err := pv.Decode(c.bv.pm, c.bv.value)
				if err != nil || len(d.Str()) != len(c.want) {
					b.Fatal(d.Str(), err)
				}
			}
		})
	}
}

// event is the content of a 20-field event record: strings, integers, a
// timestamp, a nested object and a small array, keys given in the natural
// (unsorted) order of a producer.
type event struct {
	id, userID, ts         int64
	name, email, page, ref string
	session                uuid.UUID
	duration               float64
	status                 int32
	retries                int8
	ok                     bool
	country, lang, agent   string
	tags                   []string
	device                 [3]string // os, model, version
	amountUnscaled         int64
	amountScale            uint8
}

var benchEvent = event{
	id: 81723645, userID: 4417, ts: 1_764_460_800_123_456,
	name: "checkout_completed", email: "ana.lima@example.com", page: "/cart/checkout",
	ref:      "https://www.example.com/products/shoes?utm_source=newsletter&utm_campaign=winter",
	session:  uuid.MustParse("7d444840-9dc0-11d1-b245-5ffdce74fad2"),
	duration: 1523.25, status: 200, retries: 0, ok: true,
	country: "BR", lang: "pt-BR",
	agent:  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
	tags:   []string{"mobile", "returning", "promo"},
	device: [3]string{"android", "Pixel 8", "15"}, amountUnscaled: 12999, amountScale: 2,
}

// buildEventOurs appends the event as a 20-field object.
func buildEventOurs(b *Builder, e *event) {
	b.BeginObject()
	b.Key("id")
	b.AppendInt64(e.id)
	b.Key("user_id")
	b.AppendInt(e.userID)
	b.Key("ts")
	b.AppendTimestamp(e.ts)
	b.Key("name")
	b.AppendString(e.name)
	b.Key("email")
	b.AppendString(e.email)
	b.Key("page")
	b.AppendString(e.page)
	b.Key("referrer")
	b.AppendString(e.ref)
	b.Key("session")
	b.AppendUUID(e.session)
	b.Key("duration_ms")
	b.AppendFloat64(e.duration)
	b.Key("status")
	b.AppendInt32(e.status)
	b.Key("retries")
	b.AppendInt8(e.retries)
	b.Key("ok")
	b.AppendBool(e.ok)
	b.Key("country")
	b.AppendString(e.country)
	b.Key("lang")
	b.AppendString(e.lang)
	b.Key("user_agent")
	b.AppendString(e.agent)
	b.Key("tags")
	b.BeginArray()
	for _, t := range e.tags {
		b.AppendString(t)
	}
	b.EndArray()
	b.Key("device")
	b.BeginObject()
	b.Key("os")
	b.AppendString(e.device[0])
	b.Key("model")
	b.AppendString(e.device[1])
	b.Key("version")
	b.AppendString(e.device[2])
	b.EndObject()
	b.Key("amount")
	d, _ := NewDecimal(e.amountUnscaled, int(e.amountScale))
	b.AppendDecimal(d)
	b.Key("day")
	b.AppendDate(int32(e.ts / 86_400_000_000))
	b.Key("deleted")
	b.AppendNull()
	b.EndObject()
}

// buildEventPG writes the same event with parquet-go's events.
func buildEventPG(w pv.ValueBuilder, e *event) {
	w.BeginObject()
	w.Field("id")
	w.Int64(e.id)
	w.Field("user_id")
	w.Int16(int16(e.userID))
	w.Field("ts")
	w.Timestamp(e.ts)
	w.Field("name")
	w.String(e.name)
	w.Field("email")
	w.String(e.email)
	w.Field("page")
	w.String(e.page)
	w.Field("referrer")
	w.String(e.ref)
	w.Field("session")
	w.UUID(e.session)
	w.Field("duration_ms")
	w.Double(e.duration)
	w.Field("status")
	w.Int32(e.status)
	w.Field("retries")
	w.Int8(e.retries)
	w.Field("ok")
	w.Bool(e.ok)
	w.Field("country")
	w.String(e.country)
	w.Field("lang")
	w.String(e.lang)
	w.Field("user_agent")
	w.String(e.agent)
	w.Field("tags")
	w.BeginArray()
	for _, t := range e.tags {
		w.String(t)
	}
	w.EndArray()
	w.Field("device")
	w.BeginObject()
	w.Field("os")
	w.String(e.device[0])
	w.Field("model")
	w.String(e.device[1])
	w.Field("version")
	w.String(e.device[2])
	w.EndObject()
	w.Field("amount")
	w.Decimal4(int32(e.amountUnscaled), e.amountScale)
	w.Field("day")
	w.Date(int32(e.ts / 86_400_000_000))
	w.Field("deleted")
	w.Null()
	w.EndObject()
}

// BenchmarkBuildEvent builds the 20-field event, metadata and value, with a
// reused builder: ours with Reset and Build; parquet-go with Reset and
// Finish (which allocates the metadata), and with a MetadataBuilder of its
// own whose dictionary is appended to a reused buffer (its allocation-free
// path). SetBytes is the size of the metadata and value built.
func BenchmarkBuildEvent(b *testing.B) {
	var ours Builder
	buildEventOurs(&ours, &benchEvent)
	v, err := ours.Build()
	if err != nil {
		b.Fatal(err)
	}
	size := int64(len(v.Metadata().Bytes()) + len(v.Bytes()))

	b.Run("fields=20/ours", func(b *testing.B) {
		var bld Builder
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			bld.Reset()
			buildEventOurs(&bld, &benchEvent)
			if _, err := bld.Build(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("fields=20/parquet-go/Finish", func(b *testing.B) {
		var bld pv.Builder
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			bld.Reset()
			buildEventPG(&bld, &benchEvent)
			if _, _, err := bld.Finish(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("fields=20/parquet-go/AppendTo", func(b *testing.B) {
		var mb pv.MetadataBuilder
		bld := pv.NewBuilderWithMetadata(&mb)
		var meta []byte
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			mb.Reset()
			bld.Reset()
			buildEventPG(bld, &benchEvent)
			if _, err := bld.Bytes(); err != nil {
				b.Fatal(err)
			}
			meta = mb.AppendTo(meta[:0])
		}
	})
}

// BenchmarkBuildEventAlternating builds, per iteration, the 20-field event and
// then a small object of other keys, so that no value has the keys of the
// value before it (ours cannot reuse the last dictionary).
func BenchmarkBuildEventAlternating(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		var bld Builder
		b.ReportAllocs()
		for b.Loop() {
			bld.Reset()
			buildEventOurs(&bld, &benchEvent)
			if _, err := bld.Build(); err != nil {
				b.Fatal(err)
			}
			bld.Reset()
			bld.BeginObject()
			bld.Key("trace_id")
			bld.AppendInt64(benchEvent.id)
			bld.Key("span")
			bld.AppendString(benchEvent.name)
			bld.EndObject()
			if _, err := bld.Build(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parquet-go/AppendTo", func(b *testing.B) {
		var mb pv.MetadataBuilder
		bld := pv.NewBuilderWithMetadata(&mb)
		var meta []byte
		b.ReportAllocs()
		for b.Loop() {
			mb.Reset()
			bld.Reset()
			buildEventPG(bld, &benchEvent)
			if _, err := bld.Bytes(); err != nil {
				b.Fatal(err)
			}
			meta = mb.AppendTo(meta[:0])
			mb.Reset()
			bld.Reset()
			bld.BeginObject()
			bld.Field("trace_id")
			bld.Int64(benchEvent.id)
			bld.Field("span")
			bld.String(benchEvent.name)
			bld.EndObject()
			if _, err := bld.Bytes(); err != nil {
				b.Fatal(err)
			}
			meta = mb.AppendTo(meta[:0])
		}
	})
}
