package variant

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	pqvariant "github.com/parquet-go/parquet-go/variant"
)

// eventDoc returns a JSON document of at least size bytes: an object holding
// an array of event-like objects with nested objects and arrays, integers,
// decimals, doubles, strings, booleans and nulls. The same size gives the
// same document.
func eventDoc(size int) []byte {
	r := rand.New(rand.NewPCG(1, uint64(size)))
	kinds := []string{"click", "view", "purchase", "signup", "scroll"}
	doc := []byte(`{"source":"web","version":3,"events":[`)
	for i := 0; len(doc) < size-2; i++ {
		if i > 0 {
			doc = append(doc, ',')
		}
		doc = fmt.Appendf(doc, `{"id":%d,"type":%q,"ts":"2024-05-%02dT%02d:%02d:%02d.%06dZ",`,
			r.Int64N(1<<40), kinds[r.IntN(len(kinds))], 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1e6))
		doc = fmt.Appendf(doc, `"user":{"id":%d,"name":"user-%d","premium":%t,"tags":["t%d","t%d"]},`,
			r.IntN(100000), r.IntN(100000), r.IntN(2) == 0, r.IntN(20), r.IntN(20))
		doc = append(doc, `"items":[`...)
		for j := range 1 + r.IntN(3) {
			if j > 0 {
				doc = append(doc, ',')
			}
			doc = fmt.Appendf(doc, `{"sku":"SKU-%05d","qty":%d,"price":%d.%02d}`, r.IntN(100000), 1+r.IntN(9), r.IntN(500), r.IntN(100))
		}
		doc = fmt.Appendf(doc, `],"score":%se-3,"note":null,"text":"line one\nline \"two\" é"}`,
			strconv.Itoa(r.IntN(100000)))
	}
	return append(doc, "]}"...)
}

var benchSizes = []struct {
	name string
	size int
}{
	{"1KiB", 1 << 10},
	{"1MiB", 1 << 20},
}

func BenchmarkParseJSON(b *testing.B) {
	for _, s := range benchSizes {
		doc := eventDoc(s.size)
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseJSON(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBuilderAppendJSON parses into a reused Builder: no copy of the
// result, and the only allocations are one copy of each distinct key per
// document (the dictionary is cleared by Reset).
func BenchmarkBuilderAppendJSON(b *testing.B) {
	for _, s := range benchSizes {
		doc := eventDoc(s.size)
		b.Run(s.name, func(b *testing.B) {
			var bld Builder
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				bld.Reset()
				if err := bld.AppendJSON(doc); err != nil {
					b.Fatal(err)
				}
				if _, err := bld.Build(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMarshalJSON appends the JSON text to a reused buffer; SetBytes
// counts the bytes of the input document.
func BenchmarkMarshalJSON(b *testing.B) {
	for _, s := range benchSizes {
		doc := eventDoc(s.size)
		v, err := ParseJSON(doc)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(s.name, func(b *testing.B) {
			var out []byte
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				if out, err = v.AppendJSON(out[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// parquet-go v0.32.0's variant package has no JSON path of its own, so its
// peers here go through encoding/json: the document is decoded into any
// (numbers become float64) and passed to its Marshal, and the other way its
// Unmarshal result is passed to json.Marshal.

func BenchmarkParquetGoParseJSON(b *testing.B) {
	for _, s := range benchSizes {
		doc := eventDoc(s.size)
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				var x any
				if err := json.Unmarshal(doc, &x); err != nil {
					b.Fatal(err)
				}
				if _, _, err := pqvariant.Marshal(x); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParquetGoMarshalJSON(b *testing.B) {
	for _, s := range benchSizes {
		doc := eventDoc(s.size)
		var x any
		if err := json.Unmarshal(doc, &x); err != nil {
			b.Fatal(err)
		}
		meta, val, err := pqvariant.Marshal(x)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				g, err := pqvariant.Unmarshal(meta, val)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkJSONTokens reads the documents with the tokenizer alone, the
// same calls ParseJSON makes (ReadToken for every token), building
// nothing: the ceiling for ParseJSON.
func BenchmarkJSONTokens(b *testing.B) {
	for _, s := range benchSizes {
		doc := eventDoc(s.size)
		b.Run(s.name, func(b *testing.B) {
			var d jsontext.Decoder
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				d.Reset(bytes.NewBuffer(doc), jsontext.AllowDuplicateNames(true))
				for {
					if _, err := d.ReadToken(); err != nil {
						break
					}
				}
			}
		})
	}
}
