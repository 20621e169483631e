package variant

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// Seed corpora live in testdata/fuzz/FuzzDecode and
// testdata/fuzz/FuzzDecodeMetadata: the parquet-testing examples, the
// pitfalls inputs and the boundary cases of the tests.

// FuzzDecodeMetadata: DecodeMetadata never panics; what it accepts reads
// back consistently through every Metadata method.
func FuzzDecodeMetadata(f *testing.F) {
	f.Add([]byte{0x01, 0x00, 0x00})
	f.Add([]byte{0x11, 0x02, 0x00, 0x01, 0x02, 0x61, 0x62})
	f.Fuzz(func(t *testing.T, buf []byte) {
		m, err := DecodeMetadata(buf)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrInvalidMetadata) {
				t.Fatalf("error %v is not an *Error wrapping ErrInvalidMetadata", err)
			}
			if e.Offset < 0 || e.Offset > len(buf) {
				t.Fatalf("error offset %d outside the %d-byte buffer", e.Offset, len(buf))
			}
			return
		}
		if !bytes.Equal(m.Bytes(), buf) {
			t.Fatalf("Bytes %x, want %x", m.Bytes(), buf)
		}
		keys := m.Keys()
		if len(keys) != m.Len() {
			t.Fatalf("%d keys, Len %d", len(keys), m.Len())
		}
		for id, k := range keys {
			got, ok := m.Key(id)
			kb, okb := m.KeyBytes(id)
			if !ok || !okb || got != k || string(kb) != k {
				t.Fatalf("key %d: %q %v, %q %v, want %q", id, got, ok, kb, okb, k)
			}
			found, ok := m.ID(k)
			if !ok {
				t.Fatalf("ID(%q) not found", k)
			}
			if m.Sorted() && found != id || !m.Sorted() && found > id {
				t.Fatalf("ID(%q) = %d, key at %d", k, found, id)
			}
			if m.Sorted() && id > 0 && keys[id-1] >= k {
				t.Fatalf("sorted dictionary with %q before %q", keys[id-1], k)
			}
		}
		if _, ok := m.Key(m.Len()); ok {
			t.Fatalf("Key(Len()) found")
		}
		if _, ok := m.Key(-1); ok {
			t.Fatalf("Key(-1) found")
		}
	})
}

// FuzzDecode: New never panics. For what it rejects, the unvalidated
// accessors on the same bytes return errors, never panic. For what it
// accepts, every accessor succeeds and reads what parquet-go's variant
// package, an independent decoder, reads; AppendVariant re-encodes it into a
// valid, canonical Variant that reads the same; and building that again
// gives identical bytes.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0x01, 0x00, 0x00}, []byte{0x0C, 0x01})
	f.Add([]byte{0x01, 0x02, 0x00, 0x01, 0x02, 0x62, 0x61}, []byte{0x02, 0x02, 0x01, 0x00, 0x02, 0x00, 0x04, 0x0C, 0x01, 0x0C, 0x02})
	f.Fuzz(func(t *testing.T, meta, value []byte) {
		v, err := New(meta, value)
		if err != nil {
			if !errors.Is(err, ErrInvalidMetadata) && !errors.Is(err, ErrInvalidValue) && !errors.Is(err, ErrTooDeep) {
				t.Fatalf("error %v wraps none of the decoding sentinels", err)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not an *Error", err)
			}
			if m, merr := DecodeMetadata(meta); merr == nil {
				if e.Offset < 0 || e.Offset > len(value) {
					t.Fatalf("error offset %d outside the %d-byte value", e.Offset, len(value))
				}
				poke(View(m, value), 2)
			}
			return
		}
		want, err := describe(v)
		if err != nil {
			t.Fatalf("accessor failed on a valid value: %v", err)
		}
		if pqWant, err := pqRead(meta, value); err != nil || pqWant != want && pqWant != quietFloatNaNs(want) {
			t.Fatalf("parquet-go reads %s, %v; we read %s", pqWant, err, want)
		}

		var b Builder
		b.AppendVariant(v)
		got, err := b.Build()
		if err != nil {
			t.Fatalf("AppendVariant of a valid value: %v", err)
		}
		got = got.Clone()
		if _, err := New(got.Metadata().Bytes(), got.Bytes()); err != nil {
			t.Fatalf("re-encoded value does not validate: %v", err)
		}
		desc, err := describe(got)
		if err != nil {
			t.Fatalf("accessor failed on the re-encoded value: %v", err)
		}
		if desc != want {
			t.Fatalf("re-encoded value differs:\n got %s\nwant %s", desc, want)
		}
		checkCanonical(t, got)

		b.Reset()
		b.AppendVariant(got)
		again, err := b.Build()
		if err != nil {
			t.Fatalf("second AppendVariant: %v", err)
		}
		if !bytes.Equal(again.Metadata().Bytes(), got.Metadata().Bytes()) || !bytes.Equal(again.Bytes(), got.Bytes()) {
			t.Fatalf("re-encoding is not idempotent:\n%x %x\n%x %x", got.Metadata().Bytes(), got.Bytes(), again.Metadata().Bytes(), again.Bytes())
		}
	})
}

// poke calls every accessor on v and, depth levels down, on its fields and
// elements. Errors are expected (v may be malformed); panics are not.
func poke(v Variant, depth int) {
	_ = v.Type()
	_ = v.IsNull()
	_, _ = v.PrimitiveType()
	_, _ = v.Bool()
	_, _ = v.Int()
	_, _ = v.Float64()
	_, _ = v.Float32()
	if d, err := v.Decimal(); err == nil {
		_ = d.String()
		_ = d.Precision()
	}
	_, _ = v.DateDays()
	_, _ = v.Date()
	_, _ = v.TimeMicros()
	_, _, _ = v.TimestampMicros()
	_, _, _ = v.TimestampNanos()
	_, _ = v.Timestamp()
	_, _ = v.Binary()
	_, _ = v.Str()
	_, _ = v.UUID()
	_, _, _ = v.Field("a")
	_, _, _ = v.Index(0)
	_, _, _ = v.Get(MustParsePath("$.a[0]"))
	var b Builder
	b.AppendVariant(v)
	_, _ = b.Build()
	if depth == 0 {
		return
	}
	if o, err := v.Object(); err == nil {
		for i := 0; i < min(o.Len(), 8); i++ {
			k, f, err := o.At(i)
			if err == nil {
				_, _, _ = o.Field(k)
				poke(f, depth-1)
			}
		}
	}
	if a, err := v.Array(); err == nil {
		for i := 0; i < min(a.Len(), 8); i++ {
			if e, err := a.At(i); err == nil {
				poke(e, depth-1)
			}
		}
	}
}

// FuzzBuilder drives the Builder with a program read from the input: each
// byte picks a call (open or close a container, a key from a small set, a
// scalar of some type, a mode switch). Whatever the order, the Builder
// either fails with an error or builds a value that New accepts, that is in
// canonical form, and that AppendVariant reproduces byte for byte.
func FuzzBuilder(f *testing.F) {
	f.Add([]byte{0x01, 0x10, 0x20, 0x11, 0x21, 0x02}, false)
	f.Add([]byte{0x03, 0x01, 0x10, 0x22, 0x10, 0x23, 0x02, 0x04}, true)
	f.Fuzz(func(t *testing.T, program []byte, lastWins bool) {
		var b Builder
		b.SetLastWins(lastWins)
		for i, op := range program {
			arg := int64(op) * int64(i+1)
			switch op >> 4 {
			case 0:
				switch op & 7 {
				case 1:
					b.BeginObject()
				case 2:
					b.EndObject()
				case 3:
					b.BeginArray()
				case 4:
					b.EndArray()
				default:
					b.AppendNull()
				}
			case 1:
				// keys that sort differently from their first use
				b.Key(string(rune('z'-op&15)) + strings.Repeat("k", int(op&3)))
			case 2:
				b.AppendInt(arg * arg * arg)
			case 3:
				b.AppendString(strings.Repeat("s", int(arg%80)))
			case 4:
				b.AppendFloat64(float64(arg) / 3)
			case 5:
				d, _ := NewDecimal(arg*1_000_003, int(op&15))
				b.AppendDecimal(d)
			case 6:
				b.AppendBinary(bytes.Repeat([]byte{op}, int(op&31)))
			case 7:
				b.AppendBool(op&1 == 1)
			case 8:
				b.AppendTimestamp(-arg)
			case 9:
				for k := range int(op&15) * 20 {
					b.Key("many" + strconv.Itoa(k))
					b.AppendNull()
				}
			default:
				b.AppendDate(int32(arg))
			}
		}
		v, err := b.Build()
		if err != nil {
			if !errors.Is(err, ErrBuilder) && !errors.Is(err, ErrDuplicateKey) && !errors.Is(err, ErrTooDeep) {
				t.Fatalf("unexpected error class: %v", err)
			}
			return
		}
		v = v.Clone()
		if _, err := New(v.Metadata().Bytes(), v.Bytes()); err != nil {
			t.Fatalf("built value does not validate: %v\n%x %x", err, v.Metadata().Bytes(), v.Bytes())
		}
		checkCanonical(t, v)
		var c Builder
		c.AppendVariant(v)
		again, err := c.Build()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again.Metadata().Bytes(), v.Metadata().Bytes()) || !bytes.Equal(again.Bytes(), v.Bytes()) {
			t.Fatalf("AppendVariant changed the bytes:\n%x %x\n%x %x", v.Metadata().Bytes(), v.Bytes(), again.Metadata().Bytes(), again.Bytes())
		}
	})
}
