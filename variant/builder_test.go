package variant

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuildTwice: Build may be called again; it returns the same value (the
// dictionary re-sort must not be applied twice).
func TestBuildTwice(t *testing.T) {
	var b Builder
	b.BeginObject()
	b.Key("b")
	b.AppendInt(1)
	b.Key("a")
	b.AppendInt(2)
	b.EndObject()
	first, err := b.Build()
	require.NoError(t, err)
	want := "02 02 00 01 00 02 04 0C 02 0C 01"
	assert.Equal(t, "11 02 00 01 02 61 62", hexOf(first.Metadata().Bytes()))
	assert.Equal(t, want, hexOf(first.Bytes()))
	second, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, "11 02 00 01 02 61 62", hexOf(second.Metadata().Bytes()))
	assert.Equal(t, want, hexOf(second.Bytes()))
	assert.Equal(t, `{"a":int8:2,"b":int8:1}`, mustDescribe(t, second))
}
