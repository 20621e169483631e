package variant

import (
	"encoding/hex"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// TestCastTextRoundTrip: the text a value casts to reads back, cast from a
// string, as the same value of the type of the source's class.
func TestCastTextRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type sample struct {
		v      Variant
		target SQLType
	}
	var samples []sample
	add := func(target string, f func(b *Builder)) {
		samples = append(samples, sample{build(t, f), mustType(t, target)})
	}
	for range 2000 {
		i := int64(r.Uint64())
		add("bigint", func(b *Builder) { b.AppendInt(i) })
		add("bigint", func(b *Builder) { b.AppendInt(i >> r.IntN(64)) })
		x := math.Float64frombits(r.Uint64())
		if !math.IsNaN(x) {
			add("double", func(b *Builder) { b.AppendFloat64(x) })
		}
		y := math.Float32frombits(r.Uint32())
		if !math.IsNaN(float64(y)) {
			add("float", func(b *Builder) { b.AppendFloat32(y) })
		}
		add("double", func(b *Builder) { b.AppendFloat64(float64(i>>r.IntN(64)) / math.Pow(10, float64(r.IntN(30)))) })
		scale := r.IntN(19)
		d, err := NewDecimal(i>>r.IntN(64), scale)
		if err != nil {
			t.Fatal(err)
		}
		add("decimal(38,18)", func(b *Builder) { b.AppendDecimal(d) })
		days := int32(r.IntN(3652059) - 719162) // 0001-01-01 to 9999-12-31
		add("date", func(b *Builder) { b.AppendDate(days) })
		us := int64(days)*microsPerDay + r.Int64N(microsPerDay)
		add("timestamp", func(b *Builder) { b.AppendTimestamp(us) })
		add("timestamp_ntz", func(b *Builder) { b.AppendTimestampNTZ(us) })
		tod := r.Int64N(microsPerDay)
		add("time", func(b *Builder) { b.AppendTimeMicros(tod) })
		var u uuid.UUID
		for k := range u {
			u[k] = byte(r.Uint32())
		}
		add("uuid", func(b *Builder) { b.AppendUUID(u) })
	}
	add("boolean", func(b *Builder) { b.AppendBool(true) })
	add("boolean", func(b *Builder) { b.AppendBool(false) })
	for _, s := range samples {
		want, err := s.v.Cast(s.target)
		if err != nil {
			t.Fatalf("%s to %s: %v", s.v.describe(), s.target, err)
		}
		text, ok, err := s.v.CastString(CastStrict)
		if err != nil || !ok {
			t.Fatalf("%s to string: %v", s.v.describe(), err)
		}
		back := build(t, func(b *Builder) { b.AppendString(text) })
		got, err := back.Cast(s.target)
		if err != nil || !sameResult(got, want) {
			t.Fatalf("%s: text %q to %s = %#v, %v; want %#v", s.v.describe(), text, s.target, got, err, want)
		}
	}
}

// FuzzCast: any bytes cast to any type give a result, SQL NULL, a failed
// cast or an invalid-value error, never a panic, and the strict and
// lenient forms agree.
func FuzzCast(f *testing.F) {
	for _, seed := range []string{
		"00", "04", "10 2C 01", "18 00 00 00 80 00 00 00 00", "20 02 96 00 00 00",
		"1C 00 00 00 00 00 00 F8 7F", "38 00 00 00 80", "2C 20 4E 00 00",
		"34 00 40 1E 18 24 0A 06 00", "09 34 32", "15 31 2E 35 65 33", "02 01 00 00 02 0C 01",
	} {
		value, err := hex.DecodeString(strings.ReplaceAll(seed, " ", ""))
		if err != nil {
			f.Fatal(err)
		}
		for k := range SQLVariant {
			f.Add(value, uint8(k+1), uint8(10), uint8(2))
		}
	}
	m, err := DecodeMetadata([]byte{0x01, 0x01, 0x00, 0x01, 'a'})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, value []byte, kind, precision, scale uint8) {
		typ := SQLType{Kind: SQLKind(kind)}
		if typ.Kind == SQLDecimal {
			typ.Precision, typ.Scale = int(precision), int(scale)
		}
		v := View(m, value)
		got, err := v.Cast(typ)
		tried, ok, tryErr := v.TryCast(typ)
		switch {
		case errors.Is(err, ErrInvalidType):
			if !errors.Is(tryErr, ErrInvalidType) {
				t.Fatalf("Cast: %v; TryCast: %v", err, tryErr)
			}
		case errors.Is(err, ErrInvalidValue):
			if !errors.Is(tryErr, ErrInvalidValue) || ok || tried != nil {
				t.Fatalf("Cast: %v; TryCast: %v, %v, %v", err, tried, ok, tryErr)
			}
		case errors.Is(err, ErrCast):
			if tryErr != nil || ok || tried != nil || got != nil {
				t.Fatalf("Cast: %v, %v; TryCast: %v, %v, %v", got, err, tried, ok, tryErr)
			}
		case err != nil:
			t.Fatalf("Cast: unexpected error %v", err)
		case got == nil:
			if tryErr != nil || ok || tried != nil {
				t.Fatalf("Cast: NULL; TryCast: %v, %v, %v", tried, ok, tryErr)
			}
		default:
			if tryErr != nil || !ok || !sameResult(tried, got) && typ.Kind != SQLVariant {
				t.Fatalf("Cast: %#v; TryCast: %#v, %v, %v", got, tried, ok, tryErr)
			}
		}
	})
}
