package driver

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// SUM of decimals is exact whatever their scales and sizes: the int64 part
// of the sum that most values go to, the big part and the moves between
// them give the sum a big.Rat gives, also near the int64 limits and when
// integers come first.
func TestSumDecimalsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	spec := &aggSpec{name: "sum"}
	for round := range 300 {
		var st aggState
		want := new(big.Rat)
		for range 1 + r.IntN(60) {
			var v value
			switch r.IntN(6) {
			case 0:
				x := r.Int64N(1000) - 500
				v = intValue(x)
				want.Add(want, new(big.Rat).SetInt64(x))
			case 1:
				x := math.MaxInt64 - r.Int64N(10)
				if r.IntN(2) == 0 {
					x = math.MinInt64 + r.Int64N(10)
				}
				if r.IntN(2) == 0 {
					v = intValue(x)
					want.Add(want, new(big.Rat).SetInt64(x))
					break
				}
				d, err := variant.NewDecimal(x, 2)
				require.NoError(t, err)
				v = decimalValue(d)
				want.Add(want, new(big.Rat).SetFrac(big.NewInt(x), big.NewInt(100)))
			default:
				sc := r.IntN(4)
				x := r.Int64N(2_000_000) - 1_000_000
				d, err := variant.NewDecimal(x, sc)
				require.NoError(t, err)
				v = decimalValue(d)
				want.Add(want, new(big.Rat).SetFrac(big.NewInt(x), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(sc)), nil)))
			}
			require.NoError(t, st.add(spec, v))
		}
		got, err := st.result(spec)
		require.NoError(t, err)
		var g *big.Rat
		switch got.k {
		case kindInt:
			g = new(big.Rat).SetInt64(got.i)
		case kindDecimal:
			var ok bool
			g, ok = new(big.Rat).SetString(got.d.String())
			require.True(t, ok)
		default:
			t.Fatalf("round %d: sum of kind %v", round, got.k)
		}
		require.Zero(t, want.Cmp(g), "round %d: got %s, want %s", round, g.FloatString(4), want.FloatString(4))
	}
}
