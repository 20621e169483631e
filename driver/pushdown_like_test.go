package driver

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPrefixEnd: the end of a LIKE prefix's range is the least string above
// every string with the prefix, in byte order.
func TestPrefixEnd(t *testing.T) {
	for prefix, want := range map[string]string{
		"abc":       "abd",
		"a\xff":     "b",
		"a\xff\xff": "b",
		"2024-06-0": "2024-06-1",
		"z":         "{",
		"\xfe\xff":  "\xff",
	} {
		got, ok := prefixEnd(prefix)
		require.True(t, ok, prefix)
		require.Equal(t, want, got, prefix)
		require.Less(t, prefix, got)
		require.Less(t, prefix+"\xff\xff\xff", got)
	}
	_, ok := prefixEnd("\xff\xff")
	require.False(t, ok)
}
