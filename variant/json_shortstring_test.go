package variant

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestHasBackslash(t *testing.T) {
	require.False(t, hasBackslash(0))
	for i := range 8 {
		w := uint64(0x4141414141414141)
		require.False(t, hasBackslash(w), i)
		w = w&^(0xff<<(8*i)) | '\\'<<(8*i)
		require.True(t, hasBackslash(w), "backslash at byte %d", i)
		// Bytes next to the backslash's value are not one.
		require.False(t, hasBackslash(w&^(0xff<<(8*i))|'['<<(8*i)), i)
		require.False(t, hasBackslash(w&^(0xff<<(8*i))|']'<<(8*i)), i)
		require.False(t, hasBackslash(w&^(0xff<<(8*i))|0xdc<<(8*i)), i)
	}
}

// TestParseJSONShortStrings parses strings of 0 to 20 bytes, with and
// without a backslash at every position, at the end of the input and
// before more of it, in arrays and objects: the strings of up to 16 bytes
// are copied as two words when they have no backslash.
func TestParseJSONShortStrings(t *testing.T) {
	for n := range 21 {
		for esc := -1; esc < n; esc++ {
			s := []byte(strings.Repeat("x", n))
			for i := range s {
				s[i] = byte('a' + i)
			}
			raw := string(s)
			if esc >= 0 {
				raw = raw[:esc] + `\"` + raw[esc+1:]
				s[esc] = '"'
			}
			want := string(s)
			for _, doc := range []string{
				`"` + raw + `"`,
				`["` + raw + `"]`,
				`["` + raw + `","` + raw + `"]`,
				`{"k":"` + raw + `","l":1}`,
				`{"k":"` + raw + `"}`,
				`["` + raw + `"]` + strings.Repeat(" ", 20),
			} {
				v, err := ParseJSON([]byte(doc))
				require.NoError(t, err, doc)
				out, err := v.MarshalJSON()
				require.NoError(t, err, doc)
				var got any
				require.NoError(t, json.Unmarshal(out, &got), "%s", out)
				switch g := got.(type) {
				case string:
					require.Equal(t, want, g, doc)
				case []any:
					for _, e := range g {
						require.Equal(t, want, e, doc)
					}
				case map[string]any:
					require.Equal(t, want, g["k"], doc)
				}
				if s, err := v.Str(); err == nil {
					require.Equal(t, want, s, doc)
				}
			}
		}
	}
}
