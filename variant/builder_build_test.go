package variant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBuilderBuildTwice: Build may be called again before Reset and returns
// the same value; field ids are made final once. Keys first seen out of
// order ("b" then "a") make the ids change at Build, in place for a small
// dictionary and by re-encoding for one of more than 256 keys.
func TestBuilderBuildTwice(t *testing.T) {
	t.Run("small dictionary", func(t *testing.T) {
		var b Builder
		b.BeginObject()
		b.Key("b")
		b.AppendInt(1)
		b.Key("a")
		b.AppendInt(2)
		b.EndObject()
		v1, err := b.Build()
		require.NoError(t, err)
		v2, err := b.Build()
		require.NoError(t, err)
		for _, v := range []Variant{v1, v2} {
			require.Equal(t, []byte{0x11, 2, 0, 1, 2, 'a', 'b'}, v.Metadata().Bytes())
			require.Equal(t, []byte{0x02, 2, 0, 1, 0, 2, 4, 0x0c, 2, 0x0c, 1}, v.Bytes())
		}
	})
	t.Run("large dictionary", func(t *testing.T) {
		var b Builder
		b.BeginObject()
		for i := 299; i >= 0; i-- {
			b.Key(benchKey(i))
			b.AppendInt(int64(i))
		}
		b.EndObject()
		v1, err := b.Build()
		require.NoError(t, err)
		v1 = v1.Clone()
		v2, err := b.Build()
		require.NoError(t, err)
		require.NoError(t, v2.Validate())
		require.Equal(t, v1.Metadata().Bytes(), v2.Metadata().Bytes())
		require.Equal(t, v1.Bytes(), v2.Bytes())
		f, ok, err := v2.Field(benchKey(7))
		require.NoError(t, err)
		require.True(t, ok)
		i, err := f.Int()
		require.NoError(t, err)
		require.Equal(t, int64(7), i)
	})
}
