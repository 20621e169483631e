package variant_test

import (
	"errors"
	"fmt"

	"github.com/parquetvariant/parquetvariant/variant"
)

func ExampleVariant_Cast() {
	var b variant.Builder
	b.AppendInt16(300)
	v, _ := b.Build()

	_, err := v.Cast(variant.SQLType{Kind: variant.SQLTinyint})
	fmt.Println(err)
	fmt.Println(errors.Is(err, variant.ErrCast))

	_, ok, err := v.TryCast(variant.SQLType{Kind: variant.SQLTinyint})
	fmt.Println(ok, err)

	t, _ := variant.ParseSQLType("decimal(6,2)")
	d, _ := v.Cast(t)
	fmt.Println(d)
	// Output:
	// variant: cannot cast: int16 300 to tinyint: out of range
	// true
	// false <nil>
	// 300.00
}

func ExampleVariant_CastInt64() {
	var b variant.Builder
	b.AppendString(" 3.00 ")
	v, _ := b.Build()

	n, ok, err := v.CastInt64(variant.SQLInt, variant.CastStrict)
	fmt.Println(n, ok, err)
	// Output: 3 true <nil>
}

func ExampleVariant_AppendCastString() {
	var b variant.Builder
	b.AppendTimestampNTZ(1700000000000000)
	v, _ := b.Build()

	buf := make([]byte, 0, 32)
	buf, ok, err := v.AppendCastString(buf, variant.CastStrict)
	fmt.Println(string(buf), ok, err)
	// Output: 2023-11-14 22:13:20 true <nil>
}
