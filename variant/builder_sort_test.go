package variant

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBuilderFieldOrderAndDuplicates: fields given in any order come out in
// key order, and of a key given more than once the last value wins with
// SetLastWins (whatever the number of fields and with a collected or a fixed
// dictionary) and is an ErrDuplicateKey without it.
func TestBuilderFieldOrderAndDuplicates(t *testing.T) {
	fixed := MustDecodeMetadata(func() []byte {
		var b Builder
		b.BeginObject()
		for i := range 20 {
			b.Key("k" + strconv.Itoa(i))
			b.AppendNull()
		}
		b.EndObject()
		v, err := b.Build()
		require.NoError(t, err)
		return v.Clone().Metadata().Bytes()
	}())
	for _, n := range []int{3, 12, 13, 20} {
		for _, useMeta := range []bool{false, true} {
			t.Run(strconv.Itoa(n)+"/fixed="+strconv.FormatBool(useMeta), func(t *testing.T) {
				// Keys k(n-1) .. k0, then each again with value 100+i, then
				// k0 a third time with 7.
				build := func(b *Builder) (Variant, error) {
					b.BeginObject()
					for i := n - 1; i >= 0; i-- {
						b.Key("k" + strconv.Itoa(i))
						b.AppendInt(int64(i))
					}
					for i := range n {
						b.Key("k" + strconv.Itoa(i))
						b.AppendInt(int64(100 + i))
					}
					b.Key("k0")
					b.AppendInt(7)
					b.EndObject()
					return b.Build()
				}
				var b Builder
				if useMeta {
					b.UseMetadata(fixed)
				}
				_, err := build(&b)
				require.ErrorIs(t, err, ErrDuplicateKey)

				b = Builder{}
				if useMeta {
					b.UseMetadata(fixed)
				}
				b.SetLastWins(true)
				v, err := build(&b)
				require.NoError(t, err)
				require.NoError(t, v.Validate())
				o, err := v.Object()
				require.NoError(t, err)
				require.Equal(t, n, o.Len())
				prev := ""
				for i := range n {
					k, fv, err := o.At(i)
					require.NoError(t, err)
					require.True(t, i == 0 || prev < k, "%q after %q", k, prev)
					prev = k
					want := int64(100) + mustAtoi(t, k[1:])
					if k == "k0" {
						want = 7
					}
					got, err := fv.Int()
					require.NoError(t, err)
					require.Equal(t, want, got, k)
				}
			})
		}
	}
}

func mustAtoi(t *testing.T, s string) int64 {
	i, err := strconv.Atoi(s)
	require.NoError(t, err)
	return int64(i)
}
