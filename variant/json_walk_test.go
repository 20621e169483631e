package variant

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseJSONStringScan: a quote, a backslash, a control character or a
// non-ASCII byte is put at every position of strings of 0 to 24 bytes, so
// that strings with and without escapes, short and long, are read. Each
// string is read as the tokenizer alone reads it: the same content, or the
// same error at the same offset.
func TestParseJSONStringScan(t *testing.T) {
	specials := []string{`\"`, `\\`, `\n`, `\u00e9`, `\ud83d\ude00`, "\t", "é", "\xff", "\xc3", "€", `\x`}
	for n := 0; n <= 24; n++ {
		for k := 0; k <= n; k++ {
			for _, sp := range specials {
				s := strings.Repeat("a", k) + sp + strings.Repeat("b", n-k)
				doc := []byte(`["` + s + `",1]`)
				v, err := ParseJSON(doc)
				if want := tokenError(doc); want != nil {
					require.Error(t, err, "%q", doc)
					require.Equal(t, want.Error(), err.Error(), "%q", doc)
					continue
				}
				require.NoError(t, err, "%q", doc)
				want, err := jsontext.AppendUnquote(nil, `"`+s+`"`)
				require.NoError(t, err)
				e, _, err := v.Index(0)
				require.NoError(t, err)
				got, err := e.StrBytes()
				require.NoError(t, err)
				require.Equal(t, string(want), string(got), "%q", doc)
			}
		}
	}
}

// TestParseJSONOwnsItsMemory: a parsed Variant shares nothing with the
// pooled parse state, so later parses leave it unchanged.
func TestParseJSONOwnsItsMemory(t *testing.T) {
	first := `{"b":[1,"two",{"c":null}],"a":"x"}`
	v, err := ParseJSON([]byte(first))
	require.NoError(t, err)
	meta, value := string(v.Metadata().Bytes()), string(v.Bytes())
	for range 10 {
		_, err := ParseJSON([]byte(`{"z":[9,8,7],"y":{"x":"overwrite"},"w":"wwwwwwwwwwwwwwwwwwwwwwwwwwwww"}`))
		require.NoError(t, err)
	}
	assert.Equal(t, meta, string(v.Metadata().Bytes()))
	assert.Equal(t, value, string(v.Bytes()))
	assert.Equal(t, first[:0]+`{"a":"x","b":[1,"two",{"c":null}]}`, v.String())
}

// TestBuilderDuplicateKeysPerObject: a key is a duplicate only within one
// object: the same key in nested and sibling objects is not, in an object
// of more than 255 fields the duplicate is found, and the count of objects
// that tells objects apart may wrap around.
func TestBuilderDuplicateKeysPerObject(t *testing.T) {
	v, err := ParseJSON([]byte(`{"a":{"a":{"a":1},"b":[{"a":2},{"a":3,"b":4}]},"b":{"a":5}}`))
	require.NoError(t, err)
	assert.Equal(t, `{"a":{"a":{"a":1},"b":[{"a":2},{"a":3,"b":4}]},"b":{"a":5}}`, v.String())

	var sb strings.Builder
	sb.WriteString("{")
	for i := range 300 {
		sb.WriteString(`"k` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `":1,`)
	}
	sb.WriteString(`"last":2}`)
	_, err = ParseJSON([]byte(sb.String()))
	assert.ErrorIs(t, err, ErrDuplicateKey)

	// Objects are told apart by a count that wraps around: marks left
	// from before must not match. Key "c" is marked by the first object,
	// counted 1, and given again in the object counted 1 after the wrap.
	var b Builder
	require.NoError(t, b.AppendJSON([]byte(`{"a":0,"b":0,"c":0}`)))
	b.objects = ^uint32(0) - 1
	for range 3 {
		b.Reset()
		require.NoError(t, b.AppendJSON([]byte(`[{"a":1,"b":2},{"c":3,"a":4},{"b":5,"c":6}]`)))
		v, err := b.Build()
		require.NoError(t, err)
		assert.Equal(t, `[{"a":1,"b":2},{"a":4,"c":3},{"b":5,"c":6}]`, v.String())
	}
	b.Reset()
	b.BeginObject()
	b.Key("a")
	b.AppendInt(1)
	b.Key("a")
	b.AppendInt(2)
	b.EndObject()
	_, err = b.Build()
	assert.ErrorIs(t, err, ErrDuplicateKey)
}

// tokenError reads data with the tokenizer alone, token by token, the value
// and then what follows it, and returns the first error as ParseJSON
// reports it: a syntax error, or data after the value. It returns nil when
// data is one valid JSON value.
func tokenError(data []byte) error {
	var dec jsontext.Decoder
	dec.Reset(bytes.NewBuffer(data), jsontext.AllowDuplicateNames(true))
	for depth := 0; ; {
		var err error
		switch dec.PeekKind() {
		case '{', '[':
			_, err = dec.ReadToken()
			depth++
		case '}', ']':
			_, err = dec.ReadToken()
			depth--
		default:
			_, err = dec.ReadValue()
		}
		if err != nil {
			return syntaxError(&dec, err, data)
		}
		if depth == 0 {
			break
		}
	}
	off := dec.InputOffset()
	if _, err := dec.ReadToken(); err != io.EOF {
		if err == nil {
			return jsonError(nil, int64(tokenStart(data, int(off))), "data after the top-level value")
		}
		return syntaxError(&dec, err, data)
	}
	return nil
}
