package variant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A key written with escapes is never taken for the key its raw text
// spells, whatever the documents parsed before: "a\u0062" is "ab", not the
// key a\u0062 that "a\\u0062" gives.
func TestParseJSONEscapedKeyAfterEarlierDocuments(t *testing.T) {
	for range 20 {
		_, err := ParseJSON([]byte(`[{"k":1}]`))
		require.NoError(t, err)
		v, err := ParseJSON([]byte(`[{"a\\u0062":1},{"a\u0062":2}]`))
		require.NoError(t, err)
		got, err := v.MarshalJSON()
		require.NoError(t, err)
		require.Equal(t, `[{"a\\u0062":1},{"ab":2}]`, string(got))
	}

	var b Builder
	for range 20 {
		b.Reset()
		require.NoError(t, b.AppendJSON([]byte(`{"k":[{"x":1}]}`)))
		_, err := b.Build()
		require.NoError(t, err)
		b.Reset()
		require.NoError(t, b.AppendJSON([]byte(`{"a\\u0062":[{"a\u0062":2}]}`)))
		v, err := b.Build()
		require.NoError(t, err)
		got, err := v.MarshalJSON()
		require.NoError(t, err)
		require.Equal(t, `{"a\\u0062":[{"ab":2}]}`, string(got))
	}
}
