package shred

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// sortIDs sorts any entry list by id: empty, one run, two runs, and
// random orders.
func TestSortIDs(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	var w writer
	for range 2000 {
		n := r.IntN(12)
		es := make([]entry, n)
		switch r.IntN(3) {
		case 0: // two sorted runs
			k := 0
			if n > 0 {
				k = r.IntN(n + 1)
			}
			a, b := r.Perm(30)[:k], r.Perm(30)[:n-k]
			slices.Sort(a)
			slices.Sort(b)
			for i, id := range append(a, b...) {
				es[i] = entry{id: id, start: i}
			}
		default:
			for i := range es {
				es[i] = entry{id: r.IntN(20), start: i}
			}
		}
		want := slices.Clone(es)
		slices.SortStableFunc(want, func(a, b entry) int { return a.id - b.id })
		w.sortIDs(es)
		require.Equal(t, ids(want), ids(es))
	}
}

func ids(es []entry) []int {
	out := make([]int, len(es))
	for i, e := range es {
		out[i] = e.id
	}
	return out
}
