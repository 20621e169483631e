package scan

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// inList over the list inSet makes finds a cell exactly when a linear scan
// of the original list does, for unsorted lists with repeats, NULLs and
// values no cell equals, in integer, float and byte columns.
func TestInSetMatchesLinearScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	linear := func(d *leafDesc, c *cell, vals []clit) bool {
		for i := range vals {
			if !vals[i].null && compareCell(d, c, &vals[i]) == 0 {
				return true
			}
		}
		return false
	}
	ints := &leafDesc{dom: domInt}
	floats := &leafDesc{dom: domFloat}
	strs := &leafDesc{dom: domBytes}
	for round := range 200 {
		n := r.IntN(40)
		var li, lf, ls []clit
		for range n {
			x := r.Int64N(50) - 25
			li = append(li, clit{i: x, frac: r.IntN(5) == 0, null: r.IntN(9) == 0})
			f := float64(x) / 2
			if r.IntN(10) == 0 {
				f = math.NaN()
			}
			lf = append(lf, clit{f: f, fdir: int8(r.IntN(3) - 1)})
			ls = append(ls, clit{b: []byte{byte('a' + x%5), byte('a' + x%3)}})
		}
		if round%7 == 0 {
			li = append(li, clit{inf: 1}, clit{inf: -1})
		}
		si := inSet(ints, append([]clit(nil), li...))
		sf := inSet(floats, append([]clit(nil), lf...))
		ss := inSet(strs, append([]clit(nil), ls...))
		for x := int64(-30); x <= 30; x++ {
			c := cell{i: x}
			require.Equal(t, linear(ints, &c, li), inList(ints, &c, si), "int %d in %v", x, li)
			cf := cell{f: float64(x) / 2}
			require.Equal(t, linear(floats, &cf, lf), inList(floats, &cf, sf), "float %v", cf.f)
			cs := cell{b: []byte{byte('a' + x%5), byte('a' + x%3)}}
			require.Equal(t, linear(strs, &cs, ls), inList(strs, &cs, ss), "bytes %q", cs.b)
		}
		nan := cell{f: math.NaN()}
		require.Equal(t, linear(floats, &nan, lf), inList(floats, &nan, sf), "NaN")
	}
}
