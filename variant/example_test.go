package variant_test

import (
	"fmt"

	"github.com/parquetvariant/parquetvariant/variant"
)

func ExampleBuilder() {
	var b variant.Builder
	b.BeginObject()
	b.Key("name")
	b.AppendString("lava monster")
	b.Key("id")
	b.AppendInt(7)
	b.Key("tags")
	b.BeginArray()
	b.AppendString("hot")
	b.AppendNull()
	b.EndArray()
	b.EndObject()
	v, err := b.Build()
	if err != nil {
		panic(err)
	}
	fmt.Printf("metadata % X\n", v.Metadata().Bytes())
	fmt.Printf("value    % X\n", v.Bytes())
	fmt.Println(v.Metadata().Keys(), v.Type())
	// Output:
	// metadata 11 03 00 02 06 0A 69 64 6E 61 6D 65 74 61 67 73
	// value    02 03 00 01 02 00 02 0F 19 0C 07 31 6C 61 76 61 20 6D 6F 6E 73 74 65 72 03 02 00 04 05 0D 68 6F 74 00
	// [id name tags] object
}

func ExampleVariant_Get() {
	// {"a": {"b": [10, 20]}} with the dictionary ["a", "b"].
	v := variant.MustNew(
		[]byte{0x11, 0x02, 0x00, 0x01, 0x02, 'a', 'b'},
		[]byte{0x02, 0x01, 0x00, 0x00, 0x0E, 0x02, 0x01, 0x01, 0x00, 0x09, 0x03, 0x02, 0x00, 0x02, 0x04, 0x0C, 0x0A, 0x0C, 0x14},
	)
	for _, p := range []string{"$.a.b[1]", "$.a.c", "$.a.b.c"} {
		got, ok, err := v.Get(variant.MustParsePath(p))
		if err != nil {
			panic(err)
		}
		if !ok {
			fmt.Println(p, "missing")
			continue
		}
		n, err := got.Int()
		fmt.Println(p, got.Type(), n, err)
	}
	// Output:
	// $.a.b[1] int8 20 <nil>
	// $.a.c missing
	// $.a.b.c missing
}

func ExampleParsePath() {
	p, err := variant.ParsePath(`$["a.b"][0].c`)
	if err != nil {
		panic(err)
	}
	for _, s := range p.Steps() {
		if s.IsIndex {
			fmt.Println("index", s.Index)
		} else {
			fmt.Printf("key %q\n", s.Key)
		}
	}
	fmt.Println(p)
	_, err = variant.ParsePath("$..a")
	fmt.Println(err)
	// Output:
	// key "a.b"
	// index 0
	// key "c"
	// $['a.b'][0].c
	// variant: invalid path at offset 1: "$..a": a dot must be followed by a name of letters, digits and _ (use ['...'] for other keys)
}

func ExampleDecodeMetadata() {
	m, err := variant.DecodeMetadata([]byte{0x01, 0x02, 0x00, 0x01, 0x02, 'b', 'a'})
	if err != nil {
		panic(err)
	}
	id, ok := m.ID("a")
	fmt.Println(m.Len(), m.Sorted(), m.Keys(), id, ok)

	_, err = variant.DecodeMetadata([]byte{0x11, 0x02, 0x00, 0x01, 0x02, 'b', 'a'})
	fmt.Println(err)
	// Output:
	// 2 false [b a] 1 true
	// variant: invalid metadata at offset 6: sorted_strings is set but key 1 "a" does not sort after "b"
}
