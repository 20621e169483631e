package variant_test

import (
	"fmt"

	"github.com/parquetvariant/parquetvariant/variant"
)

func ExampleOf() {
	v, err := variant.Of(map[string]any{"b": 1, "a": []any{"x", 2.5}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("% X\n", v.Metadata().Bytes())
	fmt.Printf("% X\n", v.Bytes())
	x, _ := v.Interface()
	fmt.Println(x)
	// Output:
	// 11 02 00 01 02 61 62
	// 02 02 00 01 00 10 12 03 02 00 02 0B 05 78 1C 00 00 00 00 00 00 04 40 0C 01
	// map[a:[x 2.5] b:1]
}

func ExampleEqual() {
	d, _ := variant.NewDecimal(100, 2) // 1.00
	one := variant.MustOf(int8(1))
	oneDecimal := variant.MustOf(d)
	oneDouble := variant.MustOf(1.0)
	eq1, _ := variant.Equal(one, oneDecimal)
	eq2, _ := variant.Equal(one, oneDouble)
	c, _ := variant.Compare(one, oneDouble)
	fmt.Println(oneDecimal.Type(), eq1, eq2, c)
	// Output: decimal4 true false -1
}
