package variant_test

import (
	"errors"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
)

// A Builder that built values with its own dictionary and is then given a
// fixed one (UseMetadata after Reset) parses keys by that dictionary:
// "b" is the id of b in {a, b}, and a key the dictionary lacks is an
// ErrUnknownKey, whatever keys the earlier values had in the same places.
func TestAppendJSONUseMetadataAfterOwnDictionary(t *testing.T) {
	m, err := variant.NewMetadata([]string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		var b variant.Builder
		if err := b.AppendJSON([]byte(`{"b":1}`)); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Build(); err != nil {
			t.Fatal(err)
		}
		b.Reset()
		b.UseMetadata(m)
		if err := b.AppendJSON([]byte(`{"b":1}`)); err != nil {
			t.Fatal(err)
		}
		v, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		got, err := v.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != `{"b":1}` {
			t.Fatalf(`{"b":1} with the dictionary {a, b}: got %s`, got)
		}
	}

	only, err := variant.NewMetadata([]string{"c"})
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		var b variant.Builder
		if err := b.AppendJSON([]byte(`{"a":1,"b":2,"c":3}`)); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Build(); err != nil {
			t.Fatal(err)
		}
		b.Reset()
		b.UseMetadata(only)
		err := b.AppendJSON([]byte(`{"a":1,"b":2,"c":3}`))
		if !errors.Is(err, variant.ErrUnknownKey) {
			v, berr := b.Build()
			t.Fatalf("key a with the dictionary {c}: error %v, built %x (%v), valid: %v", err, v.Bytes(), berr, v.Validate())
		}
	}
}
