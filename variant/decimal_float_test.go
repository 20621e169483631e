package variant

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDecimalFromFloat: a double whose binary value a decimal of at most 38
// digits holds is that decimal exactly; others are not decimals.
func TestDecimalFromFloat(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string // "" when no decimal holds it
	}{
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{0.5, "0.5"},
		{-2.25, "-2.25"},
		{0x1p-10, "0.0009765625"},
		{1e20, "100000000000000000000"},
		{1e38, "99999999999999997748809823456034029568"},
		{1e39, ""},
		{0.1, ""},
		{5e-324, ""},
		{math.NaN(), ""},
		{math.Inf(1), ""},
		{math.Inf(-1), ""},
	} {
		d, ok := DecimalFromFloat(c.f)
		require.Equal(t, c.want != "", ok, "%v", c.f)
		if ok {
			require.Equal(t, c.want, d.String(), "%v", c.f)
		}
	}
}
