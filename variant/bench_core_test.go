package variant

import (
	"testing"
)

func BenchmarkNew(b *testing.B) {
	meta, value := specPair(b, "object_nested")
	m := MustDecodeMetadata(meta)
	b.SetBytes(int64(len(value)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewWithMetadata(m, value); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGet(b *testing.B) {
	meta, value := specPair(b, "object_nested")
	v := MustNew(meta, value)
	p := MustParsePath("$.observation.value.humidity")
	b.SetBytes(int64(len(value)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok, err := v.Get(p); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

func BenchmarkBuilderObject(b *testing.B) {
	var bl Builder
	keys := []string{"id", "name", "city", "tags", "score"}
	var size int64
	b.ReportAllocs()
	for b.Loop() {
		bl.Reset()
		bl.BeginObject()
		for i, k := range keys {
			bl.Key(k)
			if i%2 == 0 {
				bl.AppendInt(int64(i) * 1000)
			} else {
				bl.AppendString("value of " + k)
			}
		}
		bl.EndObject()
		v, err := bl.Build()
		if err != nil {
			b.Fatal(err)
		}
		size = int64(len(v.Bytes()) + len(v.Metadata().Bytes()))
	}
	b.SetBytes(size)
}

func BenchmarkAppendVariant(b *testing.B) {
	meta, value := specPair(b, "array_nested")
	v := MustNew(meta, value)
	var bl Builder
	b.SetBytes(int64(len(value)))
	b.ReportAllocs()
	for b.Loop() {
		bl.Reset()
		bl.AppendVariant(v)
		if _, err := bl.Build(); err != nil {
			b.Fatal(err)
		}
	}
}
