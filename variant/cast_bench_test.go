package variant

import "testing"

func benchCast(b *testing.B, v Variant, f func(v Variant) bool) {
	b.SetBytes(int64(len(v.Bytes())))
	b.ReportAllocs()
	for b.Loop() {
		if !f(v) {
			b.Fatal("cast failed")
		}
	}
}

func BenchmarkCastInt64(b *testing.B) {
	cases := []struct {
		name string
		v    Variant
	}{
		{"int8", rawValue(b, "0C 05")},
		{"int64", build(b, func(bb *Builder) { bb.AppendInt64(1 << 40) })},
		{"decimal4", rawValue(b, "20 02 2C 01 00 00")},
		{"double", build(b, func(bb *Builder) { bb.AppendFloat64(12345) })},
		{"string", build(b, func(bb *Builder) { bb.AppendString("123456789") })},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			benchCast(b, c.v, func(v Variant) bool { _, ok, _ := v.CastInt64(SQLBigint, CastStrict); return ok })
		})
	}
	b.Run("int16 300 to tinyint lenient", func(b *testing.B) {
		benchCast(b, rawValue(b, "10 2C 01"), func(v Variant) bool { _, ok, err := v.CastInt64(SQLTinyint, CastLenient); return !ok && err == nil })
	})
}

func BenchmarkCastFloat64(b *testing.B) {
	cases := []struct {
		name string
		v    Variant
	}{
		{"double", build(b, func(bb *Builder) { bb.AppendFloat64(1.5) })},
		{"float", build(b, func(bb *Builder) { bb.AppendFloat32(1.5) })},
		{"int32", build(b, func(bb *Builder) { bb.AppendInt32(1 << 20) })},
		{"decimal8", build(b, func(bb *Builder) { bb.AppendDecimal(dec(b, "1234567.891")) })},
		{"string", build(b, func(bb *Builder) { bb.AppendString("1234.5678") })},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			benchCast(b, c.v, func(v Variant) bool { _, ok, _ := v.CastFloat64(SQLDouble, CastStrict); return ok })
		})
	}
}

func BenchmarkCastBool(b *testing.B) {
	benchCast(b, rawValue(b, "04"), func(v Variant) bool { _, ok, _ := v.CastBool(CastStrict); return ok })
}

func BenchmarkCastDecimal(b *testing.B) {
	t := SQLType{Kind: SQLDecimal, Precision: 18, Scale: 4}
	cases := []struct {
		name string
		v    Variant
	}{
		{"decimal4", rawValue(b, "20 02 2C 01 00 00")},
		{"decimal16", build(b, func(bb *Builder) { bb.AppendDecimal(dec(b, "12345678901234.5")) })},
		{"int64", build(b, func(bb *Builder) { bb.AppendInt64(123456789) })},
		{"double", build(b, func(bb *Builder) { bb.AppendFloat64(0.1) })},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			benchCast(b, c.v, func(v Variant) bool { _, ok, _ := v.CastDecimal(t, CastStrict); return ok })
		})
	}
}

func BenchmarkAppendCastString(b *testing.B) {
	cases := []struct {
		name string
		v    Variant
	}{
		{"string", build(b, func(bb *Builder) { bb.AppendString("signup") })},
		{"int64", build(b, func(bb *Builder) { bb.AppendInt64(1 << 40) })},
		{"double", build(b, func(bb *Builder) { bb.AppendFloat64(0.1) })},
		{"decimal4", rawValue(b, "20 02 2C 01 00 00")},
		{"timestamp", build(b, func(bb *Builder) { bb.AppendTimestamp(1700000000123456) })},
		{"uuid", build(b, func(bb *Builder) { bb.AppendUUID(testUUID) })},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			buf := make([]byte, 0, 64)
			benchCast(b, c.v, func(v Variant) bool {
				var ok bool
				buf, ok, _ = v.AppendCastString(buf[:0], CastStrict)
				return ok
			})
		})
	}
}

func BenchmarkCastTime(b *testing.B) {
	cases := []struct {
		name string
		v    Variant
	}{
		{"timestamp", build(b, func(bb *Builder) { bb.AppendTimestamp(1700000000123456) })},
		{"date", rawValue(b, "2C 20 4E 00 00")},
		{"string", build(b, func(bb *Builder) { bb.AppendString("2023-11-14T22:13:20.123456Z") })},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			benchCast(b, c.v, func(v Variant) bool { _, ok, _ := v.CastTime(SQLTimestamp, CastStrict); return ok })
		})
	}
}

// BenchmarkCastAny is the boxed form for comparison.
func BenchmarkCastAny(b *testing.B) {
	t := SQLType{Kind: SQLBigint}
	benchCast(b, build(b, func(bb *Builder) { bb.AppendInt64(1 << 40) }), func(v Variant) bool { r, err := v.Cast(t); return err == nil && r != nil })
}
