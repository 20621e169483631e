package variant

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// layoutDoc builds JSON texts that exercise the encoder's layout: keys out of
// order, large objects, dictionaries crossing the field id widths, nested
// objects reusing keys, values crossing the offset widths.
func layoutDoc(name string) string {
	var sb strings.Builder
	key := func(i int) string { return fmt.Sprintf(`"k%05d"`, i) }
	switch name {
	case "reversed keys":
		sb.WriteString(`{"e":5,"d":[4,"four"],"c":{"z":3,"y":null},"b":"two","a":1.5}`)
	case "nested objects reusing keys":
		sb.WriteString(`{"b":{"b":{"a":1,"b":2},"a":[{"b":true},{"a":false,"b":{}}]},"a":{"a":{"a":{}}}}`)
	case "300 fields reversed":
		sb.WriteString("{")
		for i := 299; i >= 0; i-- {
			if i < 299 {
				sb.WriteString(",")
			}
			fmt.Fprintf(&sb, `%s:%d`, key(i), i)
		}
		sb.WriteString("}")
	case "256 keys", "257 keys", "65536 keys", "65537 keys":
		var n int
		fmt.Sscanf(name, "%d", &n)
		// Keys in reverse, spread over nested objects of 100 fields, each
		// next to a small object holding the first and the last key.
		sb.WriteString("[")
		for i := n - 1; i >= 0; i -= 100 {
			if i < n-1 {
				sb.WriteString(",")
			}
			sb.WriteString("{")
			for j := i; j > i-100 && j >= 0; j-- {
				if j < i {
					sb.WriteString(",")
				}
				fmt.Fprintf(&sb, `%s:%d`, key(j), j)
			}
			fmt.Fprintf(&sb, `},{%s:[{%s:1}],%s:0}`, key(n-1), key(0), key(0))
		}
		sb.WriteString("]")
	case "offset widths":
		// Strings that take an object's and an array's data across 255,
		// 65535 and 16777215 bytes.
		sb.WriteString(`{`)
		for i, size := range []int{200, 300, 70000, 1 << 24} {
			if i > 0 {
				sb.WriteString(",")
			}
			fmt.Fprintf(&sb, `"s%d":["%s",{"x":"%s"}]`, i, strings.Repeat("a", size/2), strings.Repeat("b", size/2))
		}
		sb.WriteString(`}`)
	case "duplicates":
		sb.WriteString(`{"b":[1,{"x":2,"x":3}],"a":{"q":[{"r":1}]},"b":{"y":{"z":[]},"y":4},"a":"last"}`)
	case "events":
		sb.Write(eventDoc(1 << 16))
	}
	return sb.String()
}

// TestParseJSONLayoutDigests: the metadata and value bytes of documents
// that exercise the layout, as SHA-256 digests of the output of the encoder
// that sorted and moved each object's fields at its end (commit 63a8e95).
func TestParseJSONLayoutDigests(t *testing.T) {
	for _, c := range []struct{ name, meta, value string }{
		{"reversed keys", "9deb4bb24db795a8", "7ac72d99e8d921c0"},
		{"nested objects reusing keys", "e4a736022c23ff7a", "c955dffb42a5b605"},
		{"300 fields reversed", "9d959c9d48eb16ec", "bd70e27932bbae39"},
		{"256 keys", "42ed35e10c0869e0", "01d6bab8bf6aee4d"},
		{"257 keys", "792886da1552a70a", "1a8b4e6fb4c9ca74"},
		{"65536 keys", "b58c359ab3412469", "a6efcc652cafc0cf"},
		{"65537 keys", "ba4a34b25c907b7f", "12750cef5a393f08"},
		{"offset widths", "ba871fe7042da4da", "b554e95cfbbdec4d"},
		{"duplicates", "a32317952a2a554c", "26f144ca2e36a586"}, // keys a, b, y only: those of replaced values are dropped
		{"events", "64f533e8094203aa", "8ca7e5a56584c873"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := []byte(layoutDoc(c.name))
			check := func(v Variant) {
				t.Helper()
				require.NoError(t, v.Validate())
				m := sha256.Sum256(v.Metadata().Bytes())
				d := sha256.Sum256(v.Bytes())
				assert.Equal(t, c.meta, hex.EncodeToString(m[:8]), "metadata")
				assert.Equal(t, c.value, hex.EncodeToString(d[:8]), "value")
			}
			v, err := ParseJSONWith(doc, ParseOptions{LastWins: true})
			require.NoError(t, err)
			check(v)
			// A reused builder, after the same document (its dictionary
			// is reused) and after another one.
			var b Builder
			b.SetLastWins(true)
			for _, first := range []string{string(doc), `{"other":[{"k00000":1}]}`} {
				b.Reset()
				require.NoError(t, b.AppendJSON([]byte(first)))
				_, err := b.Build()
				require.NoError(t, err)
				b.Reset()
				require.NoError(t, b.AppendJSON(doc))
				v, err = b.Build()
				require.NoError(t, err)
				check(v)
			}
		})
	}
}

// TestBuilderFixedUnsortedDictionary: with a fixed dictionary whose keys are
// not sorted, fields are still listed in key order, by the dictionary's ids.
func TestBuilderFixedUnsortedDictionary(t *testing.T) {
	// Keys "c", "a", "b": unsorted, offset size 1.
	m := MustDecodeMetadata(unhex(t, "01 03 00 01 02 03 63 61 62"))
	require.False(t, m.Sorted())
	var b Builder
	b.UseMetadata(m)
	require.NoError(t, b.AppendJSON([]byte(`{"b":1,"c":{"a":true,"c":null},"a":"x"}`)))
	v, err := b.Build()
	require.NoError(t, err)
	// Fields a (id 1), b (id 2), c (id 0); values in the same order.
	assert.Equal(t, "02 03 01 02 00 00 02 04 0D 05 78 0C 01 02 02 01 00 00 01 02 04 00", hexOf(v.Bytes()))
}
