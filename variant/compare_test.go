package variant

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// le returns the little-endian hex of n in size bytes (two's complement).
func le(n int64, size int) string {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(n))
	parts := make([]string, 0, 16)
	for i := range size {
		c := byte(0)
		if i < 8 {
			c = b[i]
		} else if n < 0 {
			c = 0xFF
		}
		parts = append(parts, fmt.Sprintf("%02X", c))
	}
	return strings.Join(parts, " ")
}

func TestEqualCompare(t *testing.T) {
	objAB := MustNew(hx("11 02 00 01 02 61 62"), hx("02 02 00 01 00 02 04 0C 01 0C 02"))
	// The same object over an unsorted dictionary ["zz", "b", "a"]: ids 2
	// and 1, and an int64 and a decimal8 for the values.
	objABOther := MustNew(hx("01 03 00 02 03 04 7A 7A 62 61"), hx("02 02 02 01 00 09 13 18 01 00 00 00 00 00 00 00 24 01 14 00 00 00 00 00 00 00"))
	objA := MustNew(hx("11 01 00 01 61"), hx("02 01 00 00 02 0C 01"))
	objB := MustNew(hx("11 01 00 01 62"), hx("02 01 00 00 02 0C 01"))
	tests := []struct {
		name  string
		a, b  Variant
		equal bool
		cmp   int
	}{
		// Exact numeric: one class, compared by value.
		{"int8 1 = int64 1", raw("0C 01"), raw("18 " + le(1, 8)), true, 0},
		{"spec: int8 1 = decimal16 scale 2 unscaled 100", raw("0C 01"), raw("28 02 " + le(100, 16)), true, 0},
		{"decimal 1.50 = 1.5", raw("20 02 96 00 00 00"), raw("24 01 " + le(15, 8)), true, 0},
		{"decimal -1.50 = int16 vs -1.5", raw("20 02 " + le(-150, 4)), raw("28 01 " + le(-15, 16)), true, 0},
		{"decimal -1.5 < -1.25", raw("20 01 " + le(-15, 4)), raw("20 02 " + le(-125, 4)), false, -1},
		{"decimal 0.1 < int8 1", raw("20 01 01 00 00 00"), raw("0C 01"), false, -1},
		{"decimal 0 scale 5 = int8 0", raw("20 05 00 00 00 00"), raw("0C 00"), true, 0},
		{"decimal16 38 digits > int64 max", raw("28 00 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B"), raw("18 FF FF FF FF FF FF FF 7F"), false, 1},
		{"decimal16 -38 digits scale 38 < 0", raw("28 26 01 00 00 00 C0 DD 75 F6 85 3B 79 A5 57 B3 C4 B4"), raw("0C 00"), false, -1},
		{"int16 300 > int8 2", raw("10 2C 01"), raw("0C 02"), false, 1},
		// Numbers across classes: by value, ties exact < float < double.
		{"int8 1 vs double 1", raw("0C 01"), raw("1C 00 00 00 00 00 00 F0 3F"), false, -1},
		{"float 1 vs double 1", raw("38 00 00 80 3F"), raw("1C 00 00 00 00 00 00 F0 3F"), false, -1},
		{"int8 1 vs float 1", raw("0C 01"), raw("38 00 00 80 3F"), false, -1},
		{"int8 2 > double 1.5", raw("0C 02"), raw("1C 00 00 00 00 00 00 F8 3F"), false, 1},
		{"int8 1 < float 1.5", raw("0C 01"), raw("38 00 00 C0 3F"), false, -1},
		{"int64 2^53+1 > double 2^53", raw("18 " + le(1<<53+1, 8)), raw("1C 00 00 00 00 00 00 40 43"), false, 1},
		{"int64 max < double 2^63", raw("18 FF FF FF FF FF FF FF 7F"), raw("1C 00 00 00 00 00 00 E0 43"), false, -1},
		{"int64 min vs double -2^63", raw("18 00 00 00 00 00 00 00 80"), raw("1C 00 00 00 00 00 00 E0 C3"), false, -1},
		{"decimal 0.1 < double 0.1", raw("20 01 01 00 00 00"), raw("1C 9A 99 99 99 99 99 B9 3F"), false, -1},
		{"decimal 10^38-1 > double 1e38", raw("28 00 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B"), raw("1C B1 A1 16 2A D3 CE D2 47"), false, 1},
		{"int8 -1 > double -Inf", raw("0C FF"), raw("1C 00 00 00 00 00 00 F0 FF"), false, 1},
		{"double +Inf > int64 max", raw("1C 00 00 00 00 00 00 F0 7F"), raw("18 FF FF FF FF FF FF FF 7F"), false, 1},
		{"NaN above +Inf", raw("1C 00 00 00 00 00 00 F8 7F"), raw("1C 00 00 00 00 00 00 F0 7F"), false, 1},
		{"NaN above decimal", raw("38 00 00 C0 7F"), raw("28 00 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B"), false, 1},
		// Floating point within a class: NaN = NaN, -0 = +0.
		{"double NaN = NaN other bits", raw("1C 00 00 00 00 00 00 F8 7F"), raw("1C 01 00 00 00 00 00 F8 FF"), true, 0},
		{"float NaN = NaN other bits", raw("38 00 00 C0 7F"), raw("38 01 00 C0 FF"), true, 0},
		{"double -0 = +0", raw("1C 00 00 00 00 00 00 00 80"), raw("1C 00 00 00 00 00 00 00 00"), true, 0},
		{"float -0 = +0", raw("38 00 00 00 80"), raw("38 00 00 00 00"), true, 0},
		{"float NaN < double NaN", raw("38 00 00 C0 7F"), raw("1C 00 00 00 00 00 00 F8 7F"), false, -1},
		{"int8 0 < double -0", raw("0C 00"), raw("1C 00 00 00 00 00 00 00 80"), false, -1},
		// Strings: short and long are one type (pitfalls B07).
		{"B07: long a = short a", raw("40 01 00 00 00 61"), raw("05 61"), true, 0},
		{"long empty = short empty", raw("40 00 00 00 00"), raw("01"), true, 0},
		{"a < b", raw("05 61"), raw("40 01 00 00 00 62"), false, -1},
		{"a < ab", raw("05 61"), raw("09 61 62"), false, -1},
		{"é > z (unsigned bytes)", raw("09 C3 A9"), raw("05 7A"), false, 1},
		// Timestamps: one class per time zone kind, whatever the unit.
		{"1 µs = 1000 ns", raw("30 " + le(1, 8)), raw("48 " + le(1000, 8)), true, 0},
		{"1 µs < 1001 ns", raw("30 " + le(1, 8)), raw("48 " + le(1001, 8)), false, -1},
		{"-1 µs > -1001 ns", raw("30 " + le(-1, 8)), raw("48 " + le(-1001, 8)), false, 1},
		{"-1 µs < -999 ns", raw("30 " + le(-1, 8)), raw("48 " + le(-999, 8)), false, -1},
		{"ntz 1 µs = ntz 1000 ns", raw("34 " + le(1, 8)), raw("4C " + le(1000, 8)), true, 0},
		{"ntz < timestamp", raw("34 " + le(1, 8)), raw("30 " + le(1, 8)), false, -1},
		{"far future micros > max nanos", raw("30 " + le(math.MaxInt64, 8)), raw("48 " + le(math.MaxInt64, 8)), false, 1},
		// Other classes.
		{"null = null", raw("00"), raw("00"), true, 0},
		{"false < true", raw("08"), raw("04"), false, -1},
		{"date -1 < 0", raw("2C FF FF FF FF"), raw("2C 00 00 00 00"), false, -1},
		{"time", raw("44 " + le(2, 8)), raw("44 " + le(1, 8)), false, 1},
		{"binary", raw("3C 02 00 00 00 01 02"), raw("3C 02 00 00 00 01 02"), true, 0},
		{"binary prefix", raw("3C 01 00 00 00 01"), raw("3C 02 00 00 00 01 02"), false, -1},
		{"uuid", raw("50 00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF"), raw("50 01 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF"), false, -1},
		// Class order.
		{"null < false", raw("00"), raw("08"), false, -1},
		{"true < int8", raw("04"), raw("0C 00"), false, -1},
		{"double NaN < string", raw("1C 00 00 00 00 00 00 F8 7F"), raw("01"), false, -1},
		{"string < binary", raw("05 7A"), raw("3C 00 00 00 00"), false, -1},
		{"binary < date", raw("3C 01 00 00 00 FF"), raw("2C 00 00 00 80"), false, -1},
		{"date < time", raw("2C FF FF FF 7F"), raw("44 " + le(0, 8)), false, -1},
		{"time < timestamp_ntz", raw("44 " + le(1, 8)), raw("34 " + le(0, 8)), false, -1},
		{"timestamp < uuid", raw("48 " + le(math.MaxInt64, 8)), raw("50 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"), false, -1},
		{"uuid < array", raw("50 FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF"), raw("03 00 00"), false, -1},
		{"array < object", raw("03 01 00 01 00"), raw("02 00 00"), false, -1},
		// Arrays element by element.
		{"[1, a] = [int64 1, long a]", raw("03 02 00 02 04 0C 01 05 61"), raw("03 02 00 09 0F 18 01 00 00 00 00 00 00 00 40 01 00 00 00 61"), true, 0},
		{"[] = []", raw("03 00 00"), raw("03 00 00"), true, 0},
		{"[1] < [1, 2]", raw("03 01 00 02 0C 01"), raw("03 02 00 02 04 0C 01 0C 02"), false, -1},
		{"[2] > [1, 5]", raw("03 01 00 02 0C 02"), raw("03 02 00 02 04 0C 01 0C 05"), false, 1},
		{"[1.0] vs [double 1]", raw("03 01 00 06 20 01 0A 00 00 00"), raw("03 01 00 09 1C 00 00 00 00 00 00 F0 3F"), false, -1},
		// Objects: keys and values, whatever the metadata.
		{"same object, other metadata", objAB, objABOther, true, 0},
		{"{a:1} < {a:1, b:2}", objA, objAB, false, -1},
		{"{a:1} < {b:1}", objA, objB, false, -1},
		{"{} = {}", raw("02 00 00"), MustNew(hx("01 01 00 01 61"), hx("02 00 00")), true, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, tc.a.Validate())
			require.NoError(t, tc.b.Validate())
			eq, err := Equal(tc.a, tc.b)
			require.NoError(t, err)
			assert.Equal(t, tc.equal, eq, "Equal(a, b)")
			eq, err = Equal(tc.b, tc.a)
			require.NoError(t, err)
			assert.Equal(t, tc.equal, eq, "Equal(b, a)")
			c, err := Compare(tc.a, tc.b)
			require.NoError(t, err)
			assert.Equal(t, tc.cmp, c, "Compare(a, b)")
			c, err = Compare(tc.b, tc.a)
			require.NoError(t, err)
			assert.Equal(t, -tc.cmp, c, "Compare(b, a)")
			ka, err := AppendGroupKey(nil, tc.a)
			require.NoError(t, err)
			kb, err := AppendGroupKey(nil, tc.b)
			require.NoError(t, err)
			assert.Equal(t, tc.equal, bytes.Equal(ka, kb), "keys %X and %X", ka, kb)
			for _, v := range []Variant{tc.a, tc.b} {
				c, err := Compare(v, v)
				require.NoError(t, err)
				assert.Zero(t, c, "Compare(v, v)")
			}
		})
	}
}

func TestAppendGroupKeyBytes(t *testing.T) {
	tests := []struct {
		name, value, key string
	}{
		{"null", "00", "01"},
		{"true", "04", "02 01"},
		{"int8 1", "0C 01", "03 00 01 01"},
		{"decimal16 1.00", "28 02 " + le(100, 16), "03 00 01 01"},
		{"int8 -1", "0C FF", "03 00 01 FF"},
		{"int16 128", "10 80 00", "03 00 02 00 80"},
		{"decimal 1.50", "20 02 96 00 00 00", "03 01 01 0F"},
		{"decimal 0.000", "20 03 00 00 00 00", "03 00 01 00"},
		{"float -0", "38 00 00 00 80", "04 00 00 00 00"},
		{"double NaN", "1C 01 00 00 00 00 00 F8 FF", "05 7F F8 00 00 00 00 00 01"},
		{"long string a", "40 01 00 00 00 61", "0A 01 61"},
		{"timestamp 1001 ns", "48 " + le(1001, 8), "07 00 00 00 00 00 00 00 01 00 01"},
		{"array [1]", "03 01 00 02 0C 01", "0E 01 03 00 01 01"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k, err := AppendGroupKey([]byte{0xAA}, raw(tc.value))
			require.NoError(t, err)
			assert.Equal(t, append([]byte{0xAA}, hx(tc.key)...), k)
		})
	}
	k, err := AppendGroupKey(nil, MustNew(hx("11 01 00 01 61"), hx("02 01 00 00 02 0C 01")))
	require.NoError(t, err)
	assert.Equal(t, hx("0D 01 01 61 03 00 01 01"), k)
}

func TestCompareErrors(t *testing.T) {
	good := raw("0C 01")
	bad := []struct {
		name string
		v    Variant
		want error
	}{
		{"zero Variant", Variant{}, ErrInvalidValue},
		{"unknown type", View(Metadata{}, hx("FC")), ErrInvalidValue},
		{"truncated int64", View(Metadata{}, hx("18 01")), ErrInvalidValue},
		{"truncated long string", View(Metadata{}, hx("40 05 00 00 00 61")), ErrInvalidValue},
		{"field id outside dictionary", View(Metadata{}, hx("02 01 05 00 02 0C 01")), ErrInvalidValue},
		{"too deep", deepArrays(MaxDepth + 1), ErrTooDeep},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Equal(tc.v, tc.v)
			assert.ErrorIs(t, err, tc.want, "Equal")
			_, err = Compare(tc.v, tc.v)
			assert.ErrorIs(t, err, tc.want, "Compare")
			dst := []byte{1, 2}
			k, err := AppendGroupKey(dst, tc.v)
			assert.ErrorIs(t, err, tc.want, "AppendGroupKey")
			assert.Equal(t, []byte{1, 2}, k)
			_, err = tc.v.Interface()
			assert.ErrorIs(t, err, tc.want, "Interface")
		})
	}
	// A class mismatch is decided before the bad bytes are read.
	eq, err := Equal(good, View(Metadata{}, hx("40 05 00 00 00 61")))
	require.NoError(t, err)
	assert.False(t, eq)
	_, err = Equal(good, Variant{})
	assert.ErrorIs(t, err, ErrInvalidValue)
}

// deepArrays returns n arrays nested in each other around a null, with
// 4-byte offsets so that any depth can be written.
func deepArrays(n int) Variant {
	v := []byte{0}
	for range n {
		w := []byte{0x0F, 1, 0, 0, 0, 0}
		w = binary.LittleEndian.AppendUint32(w, uint32(len(v)))
		v = append(w, v...)
	}
	return View(Metadata{}, v)
}

func TestCompareDepthLimit(t *testing.T) {
	v := deepArrays(MaxDepth)
	require.NoError(t, v.Validate())
	c, err := Compare(v, v)
	require.NoError(t, err)
	assert.Zero(t, c)
}

// gen is a random value together with its meaning: two generated values are
// the same value of the spec exactly when their meanings are equal strings.
type gen struct {
	meaning string
	scalar  []byte // the value of a scalar
	array   []gen
	keys    []string // the keys of an object, sorted, with values in fields
	fields  []gen
}

func (g gen) build(b *Builder) {
	switch {
	case g.scalar != nil:
		b.AppendVariant(View(Metadata{}, g.scalar))
	case g.keys != nil:
		b.BeginObject()
		for i, k := range g.keys {
			b.Key(k)
			g.fields[i].build(b)
		}
		b.EndObject()
	default:
		b.BeginArray()
		for _, e := range g.array {
			e.build(b)
		}
		b.EndArray()
	}
}

// genComparable draws values from small pools, each written in one of the
// physical forms of its class, so that equal values in different forms are
// frequent.
func genComparable(r *rand.Rand, depth int) gen {
	n := 11
	if depth < 2 {
		n = 13
	}
	switch r.IntN(n) {
	case 0:
		return gen{meaning: "null", scalar: []byte{0}}
	case 1:
		if r.IntN(2) == 0 {
			return gen{meaning: "true", scalar: []byte{0x04}}
		}
		return gen{meaning: "false", scalar: []byte{0x08}}
	case 2, 3:
		return genExact(r)
	case 4:
		return genFloat(r)
	case 5:
		s := []string{"", "a", "b", "ab", "é"}[r.IntN(5)]
		if r.IntN(2) == 0 {
			return gen{meaning: "str:" + s, scalar: append([]byte{byte(len(s))<<2 | 1}, s...)}
		}
		return gen{meaning: "str:" + s, scalar: append(hx("40 "+le(int64(len(s)), 4)), s...)}
	case 6:
		s := []string{"", "a", "ab"}[r.IntN(3)]
		return gen{meaning: "bin:" + s, scalar: append(hx("3C "+le(int64(len(s)), 4)), s...)}
	case 7:
		ns := []int64{0, 1000, 1001, -1000, -1, 2000}[r.IntN(6)]
		ntz := r.IntN(2)
		meaning := fmt.Sprintf("ts:%d:%d", ntz, ns)
		if ns%1000 == 0 && r.IntN(2) == 0 {
			return gen{meaning: meaning, scalar: hx(fmt.Sprintf("%02X ", 0x30+4*ntz) + le(ns/1000, 8))}
		}
		return gen{meaning: meaning, scalar: hx(fmt.Sprintf("%02X ", 0x48+4*ntz) + le(ns, 8))}
	case 8:
		d := int64(r.IntN(2))
		return gen{meaning: fmt.Sprint("date:", d), scalar: hx("2C " + le(d, 4))}
	case 9:
		d := int64(r.IntN(2))
		return gen{meaning: fmt.Sprint("time:", d), scalar: hx("44 " + le(d, 8))}
	case 10:
		u := r.IntN(2)
		return gen{meaning: fmt.Sprint("uuid:", u), scalar: append(hx("50"), bytes.Repeat([]byte{byte(u)}, 16)...)}
	case 11:
		g := gen{array: []gen{}}
		parts := []string{}
		for range r.IntN(3) {
			e := genComparable(r, depth+1)
			g.array = append(g.array, e)
			parts = append(parts, e.meaning)
		}
		g.meaning = "[" + strings.Join(parts, ",") + "]"
		return g
	}
	g := gen{keys: []string{}}
	parts := []string{}
	for _, k := range []string{"a", "b", "c"} {
		if r.IntN(2) == 0 {
			continue
		}
		f := genComparable(r, depth+1)
		g.keys = append(g.keys, k)
		g.fields = append(g.fields, f)
		parts = append(parts, k+"="+f.meaning)
	}
	g.meaning = "{" + strings.Join(parts, ",") + "}"
	return g
}

// genExact returns an exact numeric as an integer or a decimal of some
// width and scale. Its meaning is the unscaled value and scale without
// trailing zeros.
func genExact(r *rand.Rand) gen {
	pool := []struct{ u, s int64 }{{0, 0}, {1, 0}, {-1, 0}, {2, 0}, {100, 0}, {300, 0}, {15, 1}, {-15, 1}, {1, 1}, {2, 1}, {-125, 2}}
	p := pool[r.IntN(len(pool))]
	meaning := fmt.Sprintf("num:%d/%d", p.u, p.s)
	extra := int64(r.IntN(3))
	u, s := p.u, p.s+extra
	for range extra {
		u *= 10
	}
	if s == 0 && r.IntN(2) == 0 {
		sizes := map[int]int64{0x0C: 1, 0x10: 2, 0x14: 4, 0x18: 8}
		for _, h := range []int{0x0C, 0x10, 0x14, 0x18}[r.IntN(4):] {
			size := sizes[h]
			if size == 8 || u == u<<(64-8*size)>>(64-8*size) {
				return gen{meaning: meaning, scalar: hx(fmt.Sprintf("%02X ", h) + le(u, int(size)))}
			}
		}
	}
	switch r.IntN(3) {
	case 0:
		return gen{meaning: meaning, scalar: hx(fmt.Sprintf("20 %02X ", s) + le(u, 4))}
	case 1:
		return gen{meaning: meaning, scalar: hx(fmt.Sprintf("24 %02X ", s) + le(u, 8))}
	}
	return gen{meaning: meaning, scalar: hx(fmt.Sprintf("28 %02X ", s) + le(u, 16))}
}

func genFloat(r *rand.Rand) gen {
	values := []float64{0, math.Copysign(0, -1), 1, 1.5, math.NaN(), math.Inf(-1)}
	f := values[r.IntN(len(values))]
	meaning := fmt.Sprint(f + 0) // -0 + 0 is +0
	if r.IntN(2) == 0 {
		bits := math.Float32bits(float32(f))
		if f != f && r.IntN(2) == 0 {
			bits = 0xFFC00001 // another NaN
		}
		return gen{meaning: "float:" + meaning, scalar: binary.LittleEndian.AppendUint32([]byte{0x38}, bits)}
	}
	bits := math.Float64bits(f)
	if f != f && r.IntN(2) == 0 {
		bits = 0xFFF8000000000001
	}
	return gen{meaning: "double:" + meaning, scalar: binary.LittleEndian.AppendUint64([]byte{0x1C}, bits)}
}

// buildGen builds g with a dictionary of one of three kinds: collected by the
// builder, or fixed with extra keys in sorted or in unsorted order, so that
// field ids differ between equal objects.
func buildGen(t *testing.T, r *rand.Rand, g gen) Variant {
	var b Builder
	switch r.IntN(3) {
	case 1:
		b.UseMetadata(MustDecodeMetadata(hx("11 05 00 01 02 03 04 05 30 61 62 63 7A")))
	case 2:
		b.UseMetadata(MustDecodeMetadata(hx("01 04 00 01 02 03 04 7A 63 62 61")))
	}
	g.build(&b)
	v, err := b.Build()
	require.NoError(t, err)
	v = v.Clone()
	require.NoError(t, v.Validate())
	return v
}

// TestEqualProperties checks on random pairs that Equal holds exactly when
// the generated meanings are equal, exactly when Compare is 0 and exactly
// when the group keys are equal; that Compare is antisymmetric and
// transitive; and that sorting agrees with Equal.
func TestEqualProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 400
	gens := make([]gen, n)
	vs := make([]Variant, n)
	keys := make([][]byte, n)
	for i := range n {
		gens[i] = genComparable(r, 0)
		vs[i] = buildGen(t, r, gens[i])
		var err error
		keys[i], err = AppendGroupKey(nil, vs[i])
		require.NoError(t, err)
	}
	cmps := make([][]int, n)
	equalPairs := 0
	for i := range n {
		cmps[i] = make([]int, n)
		for j := range n {
			want := gens[i].meaning == gens[j].meaning
			eq, err := Equal(vs[i], vs[j])
			require.NoError(t, err)
			c, err := Compare(vs[i], vs[j])
			require.NoError(t, err)
			cmps[i][j] = c
			if eq != want || (c == 0) != want || bytes.Equal(keys[i], keys[j]) != want {
				t.Fatalf("%s vs %s: want equal %v, Equal %v, Compare %d, keys %X %X\n%X\n%X",
					gens[i].meaning, gens[j].meaning, want, eq, c, keys[i], keys[j], vs[i].Bytes(), vs[j].Bytes())
			}
			if want && i != j {
				equalPairs++
			}
		}
	}
	require.Greater(t, equalPairs, n, "the generator should make many equal pairs")
	for i := range n {
		for j := range n {
			require.Equal(t, -cmps[j][i], cmps[i][j], "antisymmetry %s %s", gens[i].meaning, gens[j].meaning)
		}
	}
	for range 20000 {
		i, j, k := r.IntN(n), r.IntN(n), r.IntN(n)
		if cmps[i][j] <= 0 && cmps[j][k] <= 0 {
			require.LessOrEqual(t, cmps[i][k], 0, "transitivity %s <= %s <= %s", gens[i].meaning, gens[j].meaning, gens[k].meaning)
		}
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmps[a][b] })
	for x := 1; x < n; x++ {
		require.LessOrEqual(t, cmps[idx[x-1]][idx[x]], 0)
	}
}

func TestEqualAllocs(t *testing.T) {
	a := MustOf(map[string]any{"id": 1, "name": "a", "tags": []any{"x", 1.5}, "amount": mustDecimal("1.50")})
	b := MustOf(map[string]any{"id": int64(1), "name": "a", "tags": []any{"x", 1.5}, "amount": mustDecimal("1.5")})
	buf := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		eq, err := Equal(a, b)
		if err != nil || !eq {
			t.Fatal("not equal")
		}
		buf, _ = AppendGroupKey(buf[:0], a)
	})
	assert.Zero(t, allocs)
}

func eventMap(i int) map[string]any {
	return map[string]any{
		"event_id": i, "event_type": "signup", "user_id": int64(1234567890123),
		"session": "6a1f0c2e-2d3b", "ts": "2024-01-02T03:04:05.123456Z", "ok": true,
		"amount": mustDecimal("12.50"), "score": 0.875, "country": "DE", "city": "Berlin",
		"device": "mobile", "os": "android", "version": "1.2.3", "referrer": nil,
		"tags": []any{"a", "b", "c"}, "attempt": 3, "latency_ms": 17.25,
		"props": map[string]any{"plan": "pro", "seats": 5}, "lang": "de-DE", "campaign": "winter",
	}
}

func BenchmarkOfEvent(b *testing.B) {
	m := eventMap(1)
	v := MustOf(m)
	b.SetBytes(int64(len(v.Bytes()) + len(v.Metadata().Bytes())))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Of(m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompareEvent(b *testing.B) {
	x := MustOf(eventMap(1))
	y := MustOf(eventMap(1))
	b.SetBytes(int64(len(x.Bytes())))
	b.ReportAllocs()
	for b.Loop() {
		if c, err := Compare(x, y); c != 0 || err != nil {
			b.Fatal(c, err)
		}
	}
}

func BenchmarkCompareNumbers(b *testing.B) {
	x, y := raw("0C 01"), raw("28 02 "+le(100, 16))
	b.ReportAllocs()
	for b.Loop() {
		if c, err := Compare(x, y); c != 0 || err != nil {
			b.Fatal(c, err)
		}
	}
}

func BenchmarkAppendGroupKeyEvent(b *testing.B) {
	x := MustOf(eventMap(1))
	buf := make([]byte, 0, 1024)
	b.SetBytes(int64(len(x.Bytes())))
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = AppendGroupKey(buf[:0], x); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOfSmall(b *testing.B) {
	m := map[string]any{"b": 1, "a": 2, "c": []any{"x", 1.5}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Of(m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkInterfaceEvent(b *testing.B) {
	v := MustOf(eventMap(1))
	b.SetBytes(int64(len(v.Bytes())))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Interface(); err != nil {
			b.Fatal(err)
		}
	}
}
