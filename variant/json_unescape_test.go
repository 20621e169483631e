package variant

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/stretchr/testify/require"
)

func TestAppendUnescaped(t *testing.T) {
	for _, tc := range []struct{ raw, want string }{
		{`"a\"b"`, `a"b`},
		{`"\\\/\b\f\n\r\t"`, "\\/\b\f\n\r\t"},
		{`"x\u0041y"`, "xAy"},
		{`"\u00e9\u00E9"`, "éé"},
		{`"\u20ac"`, "€"},
		{`"\ud83d\ude00!"`, "😀!"},
		{`"\uD83D\uDE00"`, "😀"},
		{`"\u0000"`, "\x00"},
		{`"é\n"`, "é\n"},
		{`"\\"`, `\`},
		{`"ab\\u0062"`, `ab\u0062`},
	} {
		s := []byte(tc.raw[1 : len(tc.raw)-1])
		got := appendUnescaped([]byte("pre"), s, bytes.IndexByte(s, '\\'))
		require.Equal(t, "pre"+tc.want, string(got), tc.raw)
	}
}

// TestAppendUnescapedMatchesTokenizer unescapes random strings written with
// every kind of escape and compares with the tokenizer's own unquoting.
func TestAppendUnescapedMatchesTokenizer(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	pieces := []string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0000`, `\u001f`, `\u00e9`,
		`\uFFFF`, `\ud800\udc00`, `\udbff\udfff`, `a`, `é`, `€`, `😀`, ` `, `xyz`}
	for range 5000 {
		raw := []byte{'"'}
		for range r.IntN(12) {
			raw = append(raw, pieces[r.IntN(len(pieces))]...)
		}
		raw = append(raw, '"')
		want, err := jsontext.AppendUnquote(nil, raw)
		require.NoError(t, err, "%s", raw)
		s := raw[1 : len(raw)-1]
		i := bytes.IndexByte(s, '\\')
		if i < 0 {
			continue
		}
		got := appendUnescaped(nil, s, i)
		require.Equal(t, string(want), string(got), "%s", raw)
		require.True(t, utf8.Valid(got))
	}
}
