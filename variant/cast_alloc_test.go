package variant

import (
	"testing"
)

// TestCastAllocs: the typed casts allocate nothing for the common results.
func TestCastAllocs(t *testing.T) {
	i64 := build(t, func(b *Builder) { b.AppendInt64(1 << 40) })
	i16 := rawValue(t, "10 2C 01")
	d4 := rawValue(t, "20 02 2C 01 00 00")
	dbl := build(t, func(b *Builder) { b.AppendFloat64(1.5) })
	str := build(t, func(b *Builder) { b.AppendString("12345") })
	boolean := rawValue(t, "04")
	tsv := build(t, func(b *Builder) { b.AppendTimestamp(1700000000123456) })
	tsText := build(t, func(b *Builder) { b.AppendString("2023-11-14 22:13:20.123456Z") })
	buf := make([]byte, 0, 64)
	dt := mustType(t, "decimal(10,2)")
	tests := []struct {
		name string
		f    func() bool
	}{
		{"int64 to bigint", func() bool { _, ok, _ := i64.CastInt64(SQLBigint, CastStrict); return ok }},
		{"decimal4 to bigint", func() bool { _, ok, _ := d4.CastInt64(SQLBigint, CastStrict); return ok }},
		{"string to bigint", func() bool { _, ok, _ := str.CastInt64(SQLBigint, CastStrict); return ok }},
		{"int16 300 to tinyint, lenient", func() bool { _, ok, err := i16.CastInt64(SQLTinyint, CastLenient); return !ok && err == nil }},
		{"double to double", func() bool { _, ok, _ := dbl.CastFloat64(SQLDouble, CastStrict); return ok }},
		{"string to double", func() bool { _, ok, _ := str.CastFloat64(SQLDouble, CastStrict); return ok }},
		{"int64 to double", func() bool { _, ok, _ := i64.CastFloat64(SQLDouble, CastStrict); return ok }},
		{"boolean to boolean", func() bool { _, ok, _ := boolean.CastBool(CastStrict); return ok }},
		{"decimal4 to decimal(10,2)", func() bool { _, ok, _ := d4.CastDecimal(dt, CastStrict); return ok }},
		{"string to decimal(10,2)", func() bool { _, ok, _ := str.CastDecimal(dt, CastStrict); return ok }},
		{"string to string", func() bool { b, ok, _ := str.AppendCastString(buf[:0], CastStrict); return ok && len(b) == 5 }},
		{"int64 to string", func() bool { _, ok, _ := i64.AppendCastString(buf[:0], CastStrict); return ok }},
		{"double to string", func() bool { _, ok, _ := dbl.AppendCastString(buf[:0], CastStrict); return ok }},
		{"decimal4 to string", func() bool { _, ok, _ := d4.AppendCastString(buf[:0], CastStrict); return ok }},
		{"timestamp to string", func() bool { _, ok, _ := tsv.AppendCastString(buf[:0], CastStrict); return ok }},
		{"timestamp to timestamp", func() bool { _, ok, _ := tsv.CastTime(SQLTimestamp, CastStrict); return ok }},
		{"string to timestamp", func() bool { _, ok, _ := tsText.CastTime(SQLTimestamp, CastStrict); return ok }},
		{"timestamp to micros", func() bool { _, ok, _ := tsv.CastMicros(SQLTimestampNTZ, CastStrict); return ok }},
	}
	for _, tt := range tests {
		if !tt.f() {
			t.Errorf("%s: cast failed", tt.name)
			continue
		}
		if n := testing.AllocsPerRun(100, func() { tt.f() }); n != 0 {
			t.Errorf("%s: %v allocations per cast, want 0", tt.name, n)
		}
	}
}
