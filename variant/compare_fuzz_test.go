package variant

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzCompare feeds arbitrary bytes to Equal, Compare, AppendGroupKey and
// Interface: none may panic, and for valid values the three agree and
// Interface gives a Go value that Of takes back.
func FuzzCompare(f *testing.F) {
	f.Add(hx("11 02 00 01 02 61 62"), hx("02 02 00 01 00 02 04 0C 02 0C 01"), hx("02 02 00 01 00 02 0B 18 02 00 00 00 00 00 00 00 0C 01"))
	f.Add(hx("11 00 00"), hx("40 01 00 00 00 61"), hx("05 61"))
	f.Add(hx("11 00 00"), hx("0C 01"), hx("28 02 64 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"))
	f.Add(hx("11 00 00"), hx("30 01 00 00 00 00 00 00 00"), hx("48 E8 03 00 00 00 00 00 00"))
	f.Add(hx("11 00 00"), hx("1C 00 00 00 00 00 00 F8 7F"), hx("38 00 00 C0 7F"))
	f.Add(hx("11 00 00"), hx("03 02 00 02 04 0C 01 05 61"), hx("03 01 00 01 00"))
	f.Fuzz(func(t *testing.T, meta, a, b []byte) {
		m, err := DecodeMetadata(meta)
		if err != nil {
			m = Metadata{}
		}
		va, vb := View(m, a), View(m, b)
		eq, errEq := Equal(va, vb)
		c, errCmp := Compare(va, vb)
		ka, errKa := AppendGroupKey(nil, va)
		kb, errKb := AppendGroupKey(nil, vb)
		xa, errIa := va.Interface()
		if va.Validate() != nil || vb.Validate() != nil {
			return
		}
		for _, err := range []error{errEq, errCmp, errKa, errKb, errIa} {
			if err != nil {
				t.Fatalf("error on valid values: %v", err)
			}
		}
		if eq != (c == 0) || eq != bytes.Equal(ka, kb) {
			t.Fatalf("Equal %v, Compare %d, keys %X %X", eq, c, ka, kb)
		}
		if c2, _ := Compare(vb, va); c2 != -c {
			t.Fatalf("Compare(a, b) = %d, Compare(b, a) = %d", c, c2)
		}
		if _, err := Of(xa); err != nil && !errors.Is(err, ErrOverflow) {
			t.Fatalf("Of(Interface()): %v", err)
		}
	})
}
