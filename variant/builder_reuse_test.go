package variant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// buildFresh builds v with a new Builder.
func buildFresh(t *testing.T, v genValue) Variant {
	t.Helper()
	var b Builder
	return buildOurs(t, &b, v).Clone()
}

// TestBuilderReuseAcrossValues: a Builder reused with Reset gives the same
// bytes as a new one, whether a value repeats the last value's keys (whose
// dictionary is then reused), gives a prefix of them, more of them, the same
// keys first seen in another order, or other keys, at the top level or
// nested.
func TestBuilderReuseAcrossValues(t *testing.T) {
	s := func(x string) genValue { return genValue{typ: TypeString, s: x} }
	event := obj("b", i8(1), "a", s("x"), "c", obj("a", i8(2), "d", i8(3)))
	seq := []struct {
		name string
		v    genValue
	}{
		{"first", event},
		{"same keys", obj("b", i8(4), "a", s("y"), "c", obj("a", i8(5), "d", i8(6)))},
		{"same keys again", event},
		{"prefix of the keys", obj("b", i8(1), "a", s("x"))},
		{"more keys", event},
		{"same keys, other first-seen order", obj("a", s("x"), "b", i8(1), "c", obj("d", i8(3), "a", i8(2)))},
		{"other keys", obj("z", i8(1), "b", i8(2))},
		{"key repeated in nested objects", arr(obj("z", i8(1)), obj("b", i8(2), "z", i8(3)), obj("z", i8(4)))},
		{"keys diverge in a nested object", arr(obj("z", i8(1)), obj("b", i8(2), "y", i8(3)))},
		{"scalar", i8(9)},
		{"scalar again", s("only")},
		{"object after scalars", event},
		{"empty object", obj()},
		{"event after empty object", event},
	}
	var b Builder
	for _, c := range seq {
		got := buildOurs(t, &b, c.v)
		want := buildFresh(t, c.v)
		require.Equal(t, want.Metadata().Bytes(), got.Metadata().Bytes(), c.name)
		require.Equal(t, want.Bytes(), got.Bytes(), c.name)
		require.NoError(t, checkVariant(c.v, got, "$"), c.name)
	}

	t.Run("last wins with a reused dictionary", func(t *testing.T) {
		var b Builder
		b.SetLastWins(true)
		buildOurs(t, &b, obj("b", i8(1), "a", i8(2)))
		got := buildOurs(t, &b, obj("b", i8(1), "a", i8(2), "b", i8(3)))
		require.Equal(t, []byte{0x02, 2, 0, 1, 0, 2, 4, 0x0c, 2, 0x0c, 3}, got.Bytes())
	})
}

// TestBuilderReuseRandom builds random sequences drawn from a few random
// values and prefixes of them (so that the last value's dictionary is often
// reused, sometimes in part) with one Builder, and compares each with a new
// Builder's bytes.
func TestBuilderReuseRandom(t *testing.T) {
	g := newGenerator(4)
	var pool []genValue
	for len(pool) < 16 {
		v := g.top()
		pool = append(pool, v)
		if v.typ == TypeObject && len(v.keys) > 1 {
			p := v
			p.keys, p.fields = v.keys[:len(v.keys)-1], v.fields[:len(v.fields)-1]
			pool = append(pool, p)
		}
	}
	var b Builder
	for i := range 3000 {
		v := pool[g.r.IntN(len(pool))]
		got := buildOurs(t, &b, v)
		want := buildFresh(t, v)
		require.Equal(t, want.Metadata().Bytes(), got.Metadata().Bytes(), "value %d", i)
		require.Equal(t, want.Bytes(), got.Bytes(), "value %d", i)
	}
}
