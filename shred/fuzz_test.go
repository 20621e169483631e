package shred

import (
	"math/rand/v2"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// FuzzRoundTrip: any valid Variant shredded by a schema chosen from the
// seed reconstructs to itself (canonical bytes), and its columns read with
// the wrong schema never panic.
func FuzzRoundTrip(f *testing.F) {
	for _, row := range []any{
		map[string]any{"a": 1, "b": []any{"x", nil}, "c": map[string]any{"id": dec("1.50")}},
		[]any{int64(3), nil, "s"},
		"n/a",
		variantNull{},
	} {
		v := mk(row)
		f.Add(v.Metadata().Bytes(), v.Bytes(), uint64(1))
	}
	f.Fuzz(func(t *testing.T, meta, value []byte, seed uint64) {
		v, err := variant.New(meta, value)
		if err != nil {
			return
		}
		r := rand.New(rand.NewPCG(seed, seed>>1))
		s := randSchema(r, 0)
		l := mustLayout(t, s, true)
		b := l.NewBatch()
		require.NoError(t, b.Append(v), "schema %s", s)
		got, err := readAll(t, b, Strict)
		require.NoError(t, err)
		require.Equal(t, canon(t, v), canon(t, variant.View(v.Metadata(), got[0])), "schema %s", s)

		other := mustLayout(t, randSchema(r, 0), true).NewBatch()
		copy(other.Columns, b.Columns)
		_, _ = readAll(t, other, Lenient)
	})
}
