package variant

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// jsonDouble is the double readJSONNumber gives text, and whether it gave
// one by the exact path.
func jsonDouble(text string) (float64, bool) {
	n, scale, kind := readJSONNumber([]byte(text))
	if kind != numberExact {
		return 0, false
	}
	return exactDouble(n, scale), true
}

// TestExactDouble: the exact path gives strconv.ParseFloat's double, to the
// bit, wherever it answers, and leaves to it the numbers it cannot round
// exactly, and -0.
func TestExactDouble(t *testing.T) {
	cases := []struct {
		text string
		ok   bool
	}{
		{"1e0", true}, {"125e-2", true}, {"-0e5", false}, {"0e5", true}, {"-0.0E+1", false}, {"0.1e1", true},
		{"12345678901234e22", true}, {"1.5E-22", false}, {"1e-22", true}, {"9e22", true}, {"-9E+22", true},
		{"1e23", false}, {"1e-23", false}, {"9007199254740992e0", true}, {"9007199254740993e0", false},
		{"1e007", false}, {"4.9e-324", false}, {"1.7976931348623157e308", false}, {"12.5", false}, {"3", false},
		{"0.000000000000001e1", true}, {"123.456e-3", true},
	}
	for _, c := range cases {
		f, ok := jsonDouble(c.text)
		require.Equal(t, c.ok, ok, c.text)
		if ok {
			want, err := strconv.ParseFloat(c.text, 64)
			require.NoError(t, err)
			require.Equal(t, math.Float64bits(want), math.Float64bits(f), c.text)
		}
	}
	r := rand.New(rand.NewPCG(3, 5))
	answered := 0
	for range 200000 {
		text := randomJSONNumber(r)
		f, ok := jsonDouble(text)
		if !ok {
			continue
		}
		answered++
		want, err := strconv.ParseFloat(text, 64)
		require.NoError(t, err, text)
		require.Equal(t, math.Float64bits(want), math.Float64bits(f), text)
	}
	require.Greater(t, answered, 50000, "many random numbers take the exact path")
}

// randomJSONNumber returns a valid JSON number with up to 17 digits, a
// fraction or not and an exponent of up to 2 digits or not.
func randomJSONNumber(r *rand.Rand) string {
	var b []byte
	if r.IntN(2) == 0 {
		b = append(b, '-')
	}
	intDigits := 1 + r.IntN(9)
	if r.IntN(4) == 0 {
		b = append(b, '0')
	} else {
		b = append(b, byte('1'+r.IntN(9)))
		for range intDigits - 1 {
			b = append(b, byte('0'+r.IntN(10)))
		}
	}
	if r.IntN(2) == 0 {
		b = append(b, '.')
		for range 1 + r.IntN(8) {
			b = append(b, byte('0'+r.IntN(10)))
		}
	}
	if r.IntN(4) > 0 {
		b = append(b, "eE"[r.IntN(2)])
		switch r.IntN(3) {
		case 0:
			b = append(b, '-')
		case 1:
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(r.IntN(30)), 10)
	}
	return string(b)
}

// FuzzExactDouble: for any valid JSON number, the exact path either
// declines or gives strconv.ParseFloat's double to the bit.
func FuzzExactDouble(f *testing.F) {
	for _, s := range []string{"1e0", "125e-2", "-0.0E+1", "12345678901234e22", "1e-22", "0.000000000000001e1", "9.999999999999999e5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !isJSONNumber(text) {
			return
		}
		got, ok := jsonDouble(text)
		if !ok {
			return
		}
		want, err := strconv.ParseFloat(text, 64)
		if err != nil {
			t.Fatalf("%q: fast path gave %v, strconv failed: %v", text, got, err)
		}
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%q: fast path %v (%#x), strconv %v (%#x)", text, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	})
}
