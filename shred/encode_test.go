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

// containerSize agrees with parseObject and parseArray, sizes and
// failures, on random headers.
func TestContainerSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		b := make([]byte, 1+rng.IntN(24))
		for i := range b {
			b[i] = byte(rng.IntN(256))
			if rng.IntN(3) == 0 {
				b[i] &= 7
			}
		}
		b[0] = b[0]&^3 | byte(2+rng.IntN(2))
		want := -1
		if b[0]&3 == 2 {
			if o, err := parseObject(b); err == nil {
				want = o.dataStart + o.dataSize
			}
		} else if a, err := parseArray(b); err == nil {
			want = a.dataStart + a.dataSize
		}
		require.Equal(t, want, containerSize(b), "% x", b)
	}
}
