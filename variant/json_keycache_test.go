package variant

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
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

// A key seen first in a parse is taken from the previous value's keys when
// an earlier parse saw it in the same place, but only when it spells the
// same key: after a value whose key a\u0062 was written with escapes,
// "a\u0062" in the same place is still "ab".
func TestParseJSONFirstSightOfPreviousKeys(t *testing.T) {
	var b Builder
	build := func(doc string) string {
		t.Helper()
		b.Reset()
		require.NoError(t, b.AppendJSON([]byte(doc)))
		v, err := b.Build()
		require.NoError(t, err)
		got, err := v.MarshalJSON()
		require.NoError(t, err)
		return string(got)
	}
	for range 20 {
		require.Equal(t, `{"a\\u0062":1,"b":2}`, build(`{"a\\u0062":1,"b":2}`))
		require.Equal(t, `{"ab":1,"b":2}`, build(`{"a\u0062":1,"b":2}`))
		require.Equal(t, `{"ab":1,"b":2}`, build(`{"ab":1,"b":2}`))
		require.Equal(t, `{"ab":3,"b":4}`, build(`{"ab":3,"b":4}`))
		require.Equal(t, `{"b":5,"c":6}`, build(`{"c":6,"b":5}`))
		require.Equal(t, `{"a":[{"b":1},{"b":2}],"c":7}`, build(`{"a":[{"b":1},{"b":2}],"c":7}`))
	}
}

// A key remembered for a place is found by the bytes before the key's
// closing quote; a longer key that ends with the same bytes, after an
// escaped quote, a backslash or other bytes, is another key.
func TestParseJSONKeyEndingLikeRememberedKey(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`[{"ab":1},{"x\"ab":2}]`, `[{"ab":1},{"x\"ab":2}]`},
		{`[{"ab":1},{"c\\\"ab":2}]`, `[{"ab":1},{"c\\\"ab":2}]`},
		{`[{"ab":1},{"\"ab":2}]`, `[{"ab":1},{"\"ab":2}]`},
		{`[{"ab":1},{"xab":2}]`, `[{"ab":1},{"xab":2}]`},
		{`[{"ab":1},{"b":2}]`, `[{"ab":1},{"b":2}]`},
		{`[{"ab":1},{ "ab" :2},{"ab":3}]`, `[{"ab":1},{"ab":2},{"ab":3}]`},
		{`[{"ab":1},{"\u0061b":2}]`, `[{"ab":1},{"ab":2}]`},
		{`[{"":1},{"":2},{"\"":3}]`, `[{"":1},{"":2},{"\"":3}]`},
		{`[{"a":1,"ab":2},{"a":3,"\\ab":4}]`, `[{"a":1,"ab":2},{"\\ab":4,"a":3}]`},
	} {
		v, err := ParseJSON([]byte(tc.doc))
		require.NoError(t, err, tc.doc)
		got, err := v.MarshalJSON()
		require.NoError(t, err, tc.doc)
		require.Equal(t, tc.want, string(got), tc.doc)
		require.NoError(t, v.Validate(), tc.doc)
	}
}

// TestParseJSONKeysAtRememberedPlaces parses random arrays of objects whose
// keys, of 0 to 10 bytes, differ from the key remembered for their place in
// one byte (the first, the last, any) or in length, and are sometimes
// written with escapes, through one Builder and through ParseJSON; every
// value must read back as encoding/json reads the text.
func TestParseJSONKeysAtRememberedPlaces(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	key := func() string {
		k := []byte(strings.Repeat("k", r.IntN(11)))
		for i := range k {
			k[i] = "abk"[r.IntN(3)]
		}
		return string(k)
	}
	var b Builder
	for range 3000 {
		var doc strings.Builder
		doc.WriteString(strings.Repeat(" ", r.IntN(3)) + "[")
		for i := range 1 + r.IntN(4) {
			if i > 0 {
				doc.WriteString(",")
			}
			doc.WriteString("{")
			seen := map[string]bool{}
			for j := range r.IntN(4) {
				k := key()
				if seen[k] {
					continue
				}
				seen[k] = true
				if j > 0 {
					doc.WriteString(",")
				}
				raw := k
				if len(k) > 0 && r.IntN(6) == 0 {
					raw = `\u00` + strconv.FormatInt(int64(k[0]), 16) + k[1:]
				}
				doc.WriteString(`"` + raw + `":` + strconv.Itoa(j))
			}
			doc.WriteString("}")
		}
		doc.WriteString("]")
		text := []byte(doc.String())
		var want any
		require.NoError(t, json.Unmarshal(text, &want), "%s", text)
		b.Reset()
		require.NoError(t, b.AppendJSON(text), "%s", text)
		v1, err := b.Build()
		require.NoError(t, err, "%s", text)
		v2, err := ParseJSON(text)
		require.NoError(t, err, "%s", text)
		for _, v := range []Variant{v1, v2} {
			require.NoError(t, v.Validate(), "%s", text)
			out, err := v.MarshalJSON()
			require.NoError(t, err)
			var got any
			require.NoError(t, json.Unmarshal(out, &got))
			require.Equal(t, want, got, "%s read as %s", text, out)
		}
	}
}
