package variant

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseJSON checks that ParseJSON never panics, accepts no text that is
// not JSON, and that what it accepts prints as valid JSON that encoding/json,
// an independent reader, reads as the same document as the input and that
// parses back to the same bytes. Doubles are the exception: their JSON text reads back
// as a decimal or an integer unless it has an exponent (docs/design.md section 6
// types numbers by how they are written), so a value holding a double is
// checked for a stable text instead: printing it, parsing that and printing
// again gives the same text, but for the sign of a zero double. The seed corpus is testdata/fuzz/FuzzParseJSON
// and the canonical documents of the JSON tests.
func FuzzParseJSON(f *testing.F) {
	for _, doc := range canonical {
		f.Add([]byte(doc))
	}
	f.Add(eventDoc(600))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseJSON(data)
		if err != nil {
			if !errors.Is(err, ErrInvalidJSON) {
				t.Fatalf("error does not wrap ErrInvalidJSON: %v", err)
			}
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(data) {
				t.Fatalf("error without an offset in the input: %v", err)
			}
			if json.Valid(data) && utf8.Valid(data) && !errors.Is(err, ErrDuplicateKey) &&
				!errors.Is(err, ErrTooDeep) && !strings.Contains(err.Error(), "out of the range") &&
				!bytes.Contains(data, []byte(`\u`)) {
				t.Fatalf("valid JSON rejected: %v", err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted text that is not JSON: %q", data)
		}
		if err := v.Validate(); err != nil {
			t.Fatalf("parsed value does not validate: %v", err)
		}
		out, err := v.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		var in, printed any
		if err := json.Unmarshal(data, &in); err != nil {
			t.Fatalf("encoding/json rejects accepted %q: %v", data, err)
		}
		if err := json.Unmarshal(out, &printed); err != nil {
			t.Fatalf("MarshalJSON gave invalid JSON %q: %v", out, err)
		}
		if !reflect.DeepEqual(in, printed) {
			t.Fatalf("encoding/json reads %q as %v but its output %q as %v", data, in, out, printed)
		}
		v2, err := ParseJSON(out)
		if err != nil {
			t.Fatalf("output %q does not parse: %v", out, err)
		}
		if !hasFloat(t, v) {
			if !bytes.Equal(v.Bytes(), v2.Bytes()) || !bytes.Equal(v.Metadata().Bytes(), v2.Metadata().Bytes()) {
				t.Fatalf("round trip of %q through %q changed the bytes", data, out)
			}
			return
		}
		out2, err := v2.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON of the reparsed value: %v", err)
		}
		// A double -0.0 prints as -0.0, which reads back as a decimal 0.0:
		// decimals have no negative zero.
		negZero, zero := []byte("-0.0"), []byte("0.0")
		if !bytes.Equal(bytes.ReplaceAll(out, negZero, zero), bytes.ReplaceAll(out2, negZero, zero)) {
			t.Fatalf("text not stable: %q then %q", out, out2)
		}
	})
}

// hasFloat reports whether v holds a double or a float anywhere.
func hasFloat(t *testing.T, v Variant) bool {
	return holds(t, v, func(typ Type) bool { return typ == TypeDouble || typ == TypeFloat })
}

// holds reports whether v or a value nested in it has a type that is.
func holds(t *testing.T, v Variant, is func(Type) bool) bool {
	if is(v.Type()) {
		return true
	}
	switch v.Type() {
	case TypeObject:
		o, err := v.Object()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range o.All() {
			if holds(t, f, is) {
				return true
			}
		}
	case TypeArray:
		a, err := v.Array()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range a.All() {
			if holds(t, e, is) {
				return true
			}
		}
	}
	return false
}

// FuzzAppendJSON checks that printing any bytes as a Variant never panics,
// and that output given without an error is valid JSON. Malformed bytes are
// read through View, so nothing is checked up front. Values are kept short:
// offsets that point many fields at one nested value make output grow
// exponentially with depth, as they do Validate's work.
func FuzzAppendJSON(f *testing.F) {
	f.Add([]byte{0x01, 0x00, 0x00}, []byte{0x0C, 0x01})
	f.Add([]byte{0x11, 0x01, 0x00, 0x01, 'a'}, []byte{0x02, 0x01, 0x00, 0x00, 0x02, 0x0C, 0x02})
	f.Add([]byte{0x01, 0x00, 0x00}, []byte{0x03, 0x01, 0x00, 0x06, 0x20, 0x01, 0x05, 0x00, 0x00, 0x00})
	f.Add([]byte{0x01, 0x00, 0x00}, []byte{0x1C, 0, 0, 0, 0, 0, 0, 0xF8, 0x7F})
	f.Add([]byte{0x01, 0x00, 0x00}, []byte{0x44, 0xFF, 0x5F, 0xD7, 0x1D, 0x14, 0, 0, 0})
	f.Fuzz(func(t *testing.T, meta, value []byte) {
		if len(value) > 64 {
			return
		}
		m, err := DecodeMetadata(meta)
		if err != nil {
			return
		}
		v := View(m, value)
		out, err := v.AppendJSON(nil)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(value) {
				t.Fatalf("error without an offset in the value: %v", err)
			}
			return
		}
		if !json.Valid(out) {
			t.Fatalf("invalid JSON %q from % x", out, value)
		}
		if v.Validate() == nil {
			if _, err := ParseJSON(out); err != nil {
				t.Fatalf("output %q of a valid value does not parse: %v", out, err)
			}
		}
	})
}
