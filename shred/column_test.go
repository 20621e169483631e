package shred

import (
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

func TestColumnTruncate(t *testing.T) {
	t.Run("byte array", func(t *testing.T) {
		c := Column{Def: []uint8{2, 1, 2, 2}, Rep: []uint8{0, 0, 1, 0}, Bytes: []byte("abcdef"), Ends: []int{2, 3, 6}}
		c.Truncate(parquet.ByteArray, 3, 2)
		require.Equal(t, []uint8{2, 1, 2}, c.Def)
		require.Equal(t, []uint8{0, 0, 1}, c.Rep)
		require.Equal(t, []int{2, 3}, c.Ends)
		require.Equal(t, "abc", string(c.Bytes))
		c.Truncate(parquet.ByteArray, 1, 0)
		require.Equal(t, []uint8{2}, c.Def)
		require.Empty(t, c.Ends)
		require.Empty(t, c.Bytes)
	})
	t.Run("int64", func(t *testing.T) {
		c := Column{Def: []uint8{1, 0, 1}, Rep: []uint8{0, 0, 0}, Int64: []int64{7, 9}}
		c.Truncate(parquet.Int64, 2, 1)
		require.Equal(t, []uint8{1, 0}, c.Def)
		require.Equal(t, []uint8{0, 0}, c.Rep)
		require.Equal(t, []int64{7}, c.Int64)
		require.Equal(t, 1, c.NumValues())
	})
	t.Run("boolean", func(t *testing.T) {
		c := Column{Def: []uint8{1, 1}, Rep: []uint8{0, 0}, Bool: []bool{true, false}}
		c.Truncate(parquet.Boolean, 1, 1)
		require.Equal(t, []bool{true}, c.Bool)
		require.Equal(t, 1, c.Len())
	})
}
