package variant

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseJSONSyntax checks ParseJSON's own syntax check against the
// tokenizer of go-json-experiment/json: a document is accepted exactly when
// the tokenizer reads it as one value, unless the builder rejects it (a
// duplicate key, too deep a nesting, a number out of range); a syntax error
// is the tokenizer's, with its offset and message.
func FuzzParseJSONSyntax(f *testing.F) {
	for _, doc := range canonical {
		f.Add([]byte(doc))
	}
	for _, doc := range []string{
		``, `  `, `[1,`, `{"a":`, `{"a"}`, `[1,]`, `nul`, `{'a':1}`, `01`, `1.`, `-`, `1e`, `1e+`,
		`.5`, `+1`, `{"a":1} x`, `1 2`, `[1]]`, "[\"a\xff\"]", "{\"\xc3\":1}", `"\x"`,
		`["\ud800"]`, `["\ud800\udc00"]`, "\"a\tb\"", `"\u00e9"`, `{"a":1,}`, `{,"a":1}`,
		`[,1]`, `truex`, `[true false]`, `{"a" 1}`, `{"a":1 "b":2}`, "\"\xe2\x82\"",
		"\"\xed\xa0\x80\"", "\"ok é\"", `"abcdefgh\"ijklmnop"`, `"abcdefghijklmnop\\"`,
	} {
		f.Add([]byte(doc))
	}
	f.Add(eventDoc(600))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := ParseJSON(data)
		want := tokenError(data)
		if err == nil {
			if want != nil {
				t.Fatalf("accepted %q, which the tokenizer rejects: %v", data, want)
			}
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("not an *Error: %v", err)
		}
		if e.Err != ErrInvalidJSON || strings.HasSuffix(e.Msg, " is out of the range of a double") {
			return // a fault the builder found, maybe before a syntax error
		}
		if want == nil {
			t.Fatalf("rejected %q, which the tokenizer accepts: %v", data, err)
		}
		if err.Error() != want.Error() {
			t.Fatalf("%q: error %v, the tokenizer's is %v", data, err, want)
		}
	})
}
