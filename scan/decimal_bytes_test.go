package scan

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// decimalBytes reads big-endian two's complement of any length: leading
// sign bytes are dropped, and a value beyond 128 bits (also one whose kept
// 16 bytes have the other sign bit, as 00 80 00.. is +2^127) is not ok,
// with its sign.
func TestDecimalBytes(t *testing.T) {
	zeros := func(n int) []byte { return make([]byte, n) }
	ones := func(n int) []byte { return bytes.Repeat([]byte{0xff}, n) }
	for _, c := range []struct {
		name string
		b    []byte
		v    int128
		sign int
		ok   bool
	}{
		{"one byte 5", []byte{5}, int128{lo: 5}, 1, true},
		{"one byte -1", []byte{0xff}, int128{hi: -1, lo: ^uint64(0)}, -1, true},
		{"17 bytes 5", append(zeros(16), 5), int128{lo: 5}, 1, true},
		{"17 bytes -2", append(ones(16), 0xfe), int128{hi: -1, lo: ^uint64(1)}, -1, true},
		{"+2^127 in 17 bytes", append([]byte{0, 0x80}, zeros(15)...), int128{}, 1, false},
		{"-2^127-1 in 17 bytes", append([]byte{0xff, 0x7f}, ones(15)...), int128{}, -1, false},
		{"max int128 in 17 bytes", append([]byte{0, 0x7f}, ones(15)...), int128{hi: 1<<63 - 1, lo: ^uint64(0)}, 1, true},
		{"min int128 in 17 bytes", append([]byte{0xff, 0x80}, zeros(15)...), int128{hi: -1 << 63}, -1, true},
		{"beyond by a lead byte", append([]byte{1}, zeros(16)...), int128{}, 1, false},
	} {
		v, sign, ok := decimalBytes(c.b)
		require.Equal(t, c.ok, ok, c.name)
		require.Equal(t, c.sign, sign, c.name)
		if ok {
			require.Equal(t, c.v, v, c.name)
		}
	}
}
