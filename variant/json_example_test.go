package variant_test

import (
	"database/sql"
	"errors"
	"fmt"
	"math"

	"github.com/parquetvariant/parquetvariant/variant"
)

func ExampleParseJSON() {
	v, err := variant.ParseJSON([]byte(`{"price": 12.50, "qty": 3, "ratio": 1e-3, "tags": ["a"]}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	obj, err := v.Object()
	if err != nil {
		panic(err)
	}
	for key, field := range obj.All() {
		fmt.Println(key, field.Type())
	}
	// Output:
	// {"price":12.50,"qty":3,"ratio":0.001,"tags":["a"]}
	// price decimal4
	// qty int8
	// ratio double
	// tags array
}

func ExampleParseJSONWith() {
	_, err := variant.ParseJSON([]byte(`{"a":1,"a":2}`))
	fmt.Println(errors.Is(err, variant.ErrDuplicateKey), err)

	v, err := variant.ParseJSONWith([]byte(`{"a":1,"a":2}`), variant.ParseOptions{LastWins: true})
	fmt.Println(v, err)
	// Output:
	// true variant: invalid JSON: duplicate key at offset 0: key "a" given twice in the object that starts here
	// {"a":2} <nil>
}

func ExampleVariant_MarshalJSON() {
	var b variant.Builder
	b.BeginObject()
	b.Key("at")
	b.AppendTimestamp(1714979289120000)
	b.Key("bytes")
	b.AppendBinary([]byte{1, 2})
	b.Key("double")
	b.AppendFloat64(math.Inf(-1))
	b.EndObject()
	v, err := b.Build()
	if err != nil {
		panic(err)
	}
	out, err := v.MarshalJSON()
	fmt.Println(string(out), err)
	// Output:
	// {"at":"2024-05-06T07:08:09.120000Z","bytes":"AQI=","double":"-Infinity"} <nil>
}

func ExampleVariant_Scan() {
	var n sql.Null[variant.Variant]
	fmt.Println(n.Scan(nil), n.Valid)
	fmt.Println(n.Scan(`{"b":true,"a":[1,2]}`), n.Valid, n.V)

	var v variant.Variant
	fmt.Println(v.Scan(nil))
	// Output:
	// <nil> false
	// <nil> true {"a":[1,2],"b":true}
	// variant: unsupported Go type: cannot scan SQL NULL into a variant.Variant; use sql.Null[variant.Variant]
}
