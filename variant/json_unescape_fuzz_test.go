package variant

import (
	"bytes"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzAppendUnescaped checks that every string the tokenizer accepts, as a
// key and as a value, short and long, parses to the text jsontext.AppendUnquote
// gives.
func FuzzAppendUnescaped(f *testing.F) {
	for _, s := range []string{`\ud800\udc00`, `\uDBFF\uDFFF`, `\u0000`, `a\"\\\/\b\f\n\r\t`, `é\u00e9`,
		`\ud800`, `\udc00`, `\ud800\u0041`, `\ud800\ud800`, `\uD834\uDD1E`, "\xff", `\u12`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		raw := append(append([]byte{'"'}, s...), '"')
		var dec jsontext.Decoder
		dec.Reset(bytes.NewReader(raw))
		if _, err := dec.ReadToken(); err != nil {
			return
		}
		if dec.InputOffset() != int64(len(raw)) {
			return
		}
		want, err := jsontext.AppendUnquote(nil, raw)
		if err != nil {
			t.Fatalf("tokenizer accepts %q but AppendUnquote fails: %v", raw, err)
		}
		if i := bytes.IndexByte(s, '\\'); i >= 0 {
			if got := appendUnescaped([]byte("pre"), s, i); string(got) != "pre"+string(want) {
				t.Fatalf("appendUnescaped(%q) = %q, want %q", s, got[3:], want)
			}
		}
		w := string(want)
		long := string(bytes.Repeat([]byte("x"), 70))
		build := func(fill func(b *Builder)) []byte {
			var b Builder
			fill(&b)
			v, err := b.Build()
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			return append(append([]byte(nil), v.Metadata().Bytes()...), v.Bytes()...)
		}
		for _, tc := range []struct {
			doc  string
			fill func(b *Builder)
		}{
			{string(raw), func(b *Builder) { b.AppendString(w) }},
			{"[" + string(raw) + "]", func(b *Builder) { b.BeginArray(); b.AppendString(w); b.EndArray() }},
			{"{" + string(raw) + ":" + string(raw) + "}", func(b *Builder) { b.BeginObject(); b.Key(w); b.AppendString(w); b.EndObject() }},
			{`{"k":["` + long + string(raw[1:]) + `]}`, func(b *Builder) {
				b.BeginObject()
				b.Key("k")
				b.BeginArray()
				b.AppendString(long + w)
				b.EndArray()
				b.EndObject()
			}},
		} {
			v, err := ParseJSON([]byte(tc.doc))
			if err != nil {
				t.Fatalf("ParseJSON(%q): %v", tc.doc, err)
			}
			got := append(append([]byte(nil), v.Metadata().Bytes()...), v.Bytes()...)
			if want := build(tc.fill); !bytes.Equal(got, want) {
				t.Fatalf("ParseJSON(%q) = %x, want %x", tc.doc, got, want)
			}
		}
	})
}
