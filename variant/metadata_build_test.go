package variant

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNewMetadata(t *testing.T) {
	m, err := NewMetadata([]string{"b", "a", "b", ""})
	require.NoError(t, err)
	require.Equal(t, unhex(t, "11 03 00 00 01 02 61 62"), m.Bytes())
	again, err := DecodeMetadata(m.Bytes())
	require.NoError(t, err)
	require.Equal(t, []string{"", "a", "b"}, again.Keys())
	id, ok := m.ID("b")
	require.True(t, ok)
	require.Equal(t, 2, id)

	empty, err := NewMetadata(nil)
	require.NoError(t, err)
	require.Equal(t, unhex(t, "11 00 00"), empty.Bytes())

	// 300 keys of 3 bytes: 900 bytes of strings need 2-byte offsets.
	var keys []string
	for i := 0; i < 300; i++ {
		keys = append(keys, strings.Repeat(string(rune('a'+i%26)), 2)+string(rune('A'+i/26)))
	}
	big, err := NewMetadata(keys)
	require.NoError(t, err)
	require.Equal(t, 2, big.OffsetSize())
	require.Equal(t, 300, big.Len())
	_, err = DecodeMetadata(big.Bytes())
	require.NoError(t, err)

	_, err = NewMetadata([]string{"ok", "\xff"})
	require.True(t, errors.Is(err, ErrInvalidMetadata))
}

// TestNewMetadataShared: values built over one shared dictionary read back
// the same as when built alone.
func TestNewMetadataShared(t *testing.T) {
	m, err := NewMetadata([]string{"a", "b", "c", "unused"})
	require.NoError(t, err)
	for _, doc := range []string{`{"a":1,"c":{"b":[true]}}`, `{"b":"x"}`, `[{"c":null}]`} {
		v, err := ParseJSON([]byte(doc))
		require.NoError(t, err)
		var b Builder
		b.UseMetadata(m)
		b.AppendVariant(v)
		w, err := b.Build()
		require.NoError(t, err)
		require.Equal(t, m.Bytes(), w.Metadata().Bytes())
		require.NoError(t, w.Validate())
		eq, err := Equal(v, w)
		require.NoError(t, err)
		require.True(t, eq, doc)
		require.Equal(t, doc, w.String())
	}
}
