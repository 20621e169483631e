package variant_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/parquetvariant/parquetvariant/variant"
)

// jnode is a JSON value as written: its text (keys and strings unescaped)
// and the raw JSON that spells it, so that a document can be built both by
// parsing the raw text and with the Builder's own methods.
type jnode struct {
	kind   byte // 'o' object, 'a' array, 's' string, 'n' number, 't' true, 'f' false, 'z' null
	text   string
	raw    string
	keys   []jkey
	values []*jnode
}

type jkey struct{ text, raw string }

// jgen makes random documents from a small pool of keys, so that successive
// documents share, reorder and extend each other's keys.
type jgen struct {
	r    *rand.Rand
	keys []string
	dups bool // objects may give a key twice
}

func newJGen(seed uint64) *jgen {
	g := &jgen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	g.keys = []string{"a", "b", "c", "id", "name", "ab", `a\u0062`, `a\b`, "é", "😀", "a/b", "\n", `\n`,
		"", " ", "x\"y", "k\x00", "kk", strings.Repeat("k", 63), strings.Repeat("k", 64)}
	for i := range 40 {
		g.keys = append(g.keys, "f"+strconv.Itoa(i))
	}
	return g
}

// quote writes s as a JSON string, escaping a random choice of its
// characters beyond those that must be escaped.
func (g *jgen) quote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	esc := g.r.IntN(3) // 0: only what must be, 1: some, 2: all
	for _, c := range s {
		must := c == '"' || c == '\\' || c < 0x20
		if !must && (esc == 0 || esc == 1 && g.r.IntN(3) != 0) {
			sb.WriteRune(c)
			continue
		}
		switch {
		case c == '"' && g.r.IntN(2) == 0:
			sb.WriteString(`\"`)
		case c == '\\' && g.r.IntN(2) == 0:
			sb.WriteString(`\\`)
		case c == '/' && g.r.IntN(2) == 0:
			sb.WriteString(`\/`)
		case c == '\n' && g.r.IntN(2) == 0:
			sb.WriteString(`\n`)
		case c == '\t' && g.r.IntN(2) == 0:
			sb.WriteString(`\t`)
		case c == '\b' && g.r.IntN(2) == 0:
			sb.WriteString(`\b`)
		case c == '\f' && g.r.IntN(2) == 0:
			sb.WriteString(`\f`)
		case c == '\r' && g.r.IntN(2) == 0:
			sb.WriteString(`\r`)
		case c > 0xFFFF:
			c -= 0x10000
			hexes := []string{"%04x", "%04X"}
			f := hexes[g.r.IntN(2)]
			fmt.Fprintf(&sb, `\u`+f+`\u`+f, 0xD800+(c>>10), 0xDC00+(c&0x3FF))
		default:
			if g.r.IntN(2) == 0 {
				fmt.Fprintf(&sb, `\u%04x`, c)
			} else {
				fmt.Fprintf(&sb, `\u%04X`, c)
			}
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

var jstringRunes = []rune{'a', 'z', ' ', '"', '\\', '/', '\n', '\t', '\b', '\f', '\r', 0, 0x1f, 'é', '€', '😀', 0xFFFF, 0x10FFFF, 0x7f, 0x80}

func (g *jgen) stringText() string {
	var n int
	switch g.r.IntN(4) {
	case 0:
		n = g.r.IntN(4)
	case 1:
		n = 58 + g.r.IntN(10)
	default:
		n = g.r.IntN(80)
	}
	var sb strings.Builder
	for sb.Len() < n {
		if g.r.IntN(3) == 0 {
			sb.WriteRune(jstringRunes[g.r.IntN(len(jstringRunes))])
		} else {
			sb.WriteByte('a' + byte(g.r.IntN(26)))
		}
	}
	s := sb.String()
	// Trim to n bytes on a rune boundary, to hit 63 and 64 exactly.
	for len(s) > n {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

var jnumbers = []string{"0", "-0", "0.0", "-0.0", "1.5e3", "-1.5E-3", "1e400", "-1e400", "1e-400", "0e0",
	"123456789012345678", "-123456789012345678", "999999999999999999", "-999999999999999999",
	"1234567890123456789", "-1234567890123456789", "9223372036854775807", "-9223372036854775808",
	"9223372036854775808", "-9223372036854775809", "12345678901234567890", "-12345678901234567890",
	"99999999999999999999", "0.12345678901234567", "0.123456789012345678", "-0.123456789012345678",
	"12345678.9012345678", "-12345678.9012345678", "1234567890123456789.5", "0.0000000000000000001",
	"0.00000000000000000", "-0.00000000000000000", "0.000000000000000000", "999999999.9", "0.000000001",
	"99999999999999999999999999999999999999", "999999999999999999999999999999999999999", "1.0E+2", "-5e-0",
	"127", "128", "-128", "-129", "32767", "32768", "-32768", "-32769", "2147483647", "2147483648", "-2147483649"}

func (g *jgen) number() string {
	if g.r.IntN(3) == 0 {
		return jnumbers[g.r.IntN(len(jnumbers))]
	}
	var sb strings.Builder
	if g.r.IntN(2) == 0 {
		sb.WriteByte('-')
	}
	nd := 1 + g.r.IntN(22)
	if g.r.IntN(4) == 0 {
		sb.WriteByte('0')
	} else {
		sb.WriteByte('1' + byte(g.r.IntN(9)))
		for range nd - 1 {
			sb.WriteByte('0' + byte(g.r.IntN(10)))
		}
	}
	if g.r.IntN(2) == 0 {
		sb.WriteByte('.')
		for range 1 + g.r.IntN(20) {
			sb.WriteByte('0' + byte(g.r.IntN(10)))
		}
	}
	if g.r.IntN(6) == 0 {
		sb.WriteString([]string{"e", "E", "e+", "e-", "E-"}[g.r.IntN(5)])
		sb.WriteString(strconv.Itoa(g.r.IntN(30)))
	}
	return sb.String()
}

func (g *jgen) value(depth int) *jnode {
	k := g.r.IntN(10)
	if depth >= 5 {
		k = 4 + g.r.IntN(6)
	}
	switch {
	case k < 3:
		return g.object(depth)
	case k < 4:
		n := &jnode{kind: 'a'}
		for range g.r.IntN(4) {
			n.values = append(n.values, g.value(depth+1))
		}
		return n
	case k < 6:
		s := g.stringText()
		return &jnode{kind: 's', text: s, raw: g.quote(s)}
	case k < 8:
		return &jnode{kind: 'n', raw: g.number()}
	default:
		return &jnode{kind: []byte("tfz")[g.r.IntN(3)]}
	}
}

func (g *jgen) object(depth int) *jnode {
	n := &jnode{kind: 'o'}
	nf := g.r.IntN(6)
	if g.r.IntN(40) == 0 {
		nf = 200 + g.r.IntN(120) // wide: field positions collide in the key cache
	}
	used := map[string]bool{}
	for i := range nf {
		var k string
		if nf > 60 {
			k = "w" + strconv.Itoa(i)
		} else {
			k = g.keys[g.r.IntN(len(g.keys))]
		}
		if used[k] && !(g.dups && g.r.IntN(3) == 0) {
			continue
		}
		used[k] = true
		n.keys = append(n.keys, jkey{text: k, raw: g.quote(k)})
		n.values = append(n.values, g.value(depth+1))
	}
	return n
}

// mutate returns a document like n: fields dropped, added, reordered or
// their keys written differently, so that it shares keys with n.
func (g *jgen) mutate(n *jnode, depth int) *jnode {
	switch n.kind {
	case 'o':
		m := &jnode{kind: 'o'}
		for i, k := range n.keys {
			if g.r.IntN(8) == 0 {
				continue
			}
			if g.r.IntN(4) == 0 {
				k.raw = g.quote(k.text)
			}
			m.keys = append(m.keys, k)
			m.values = append(m.values, g.mutate(n.values[i], depth+1))
		}
		if g.r.IntN(4) == 0 && len(m.keys) > 1 {
			i, j := g.r.IntN(len(m.keys)), g.r.IntN(len(m.keys))
			m.keys[i], m.keys[j] = m.keys[j], m.keys[i]
			m.values[i], m.values[j] = m.values[j], m.values[i]
		}
		if g.r.IntN(4) == 0 {
			extra := g.object(depth)
			for i, k := range extra.keys {
				if !slicesContainsKey(m.keys, k.text) || g.dups {
					m.keys = append(m.keys, k)
					m.values = append(m.values, extra.values[i])
				}
			}
		}
		return m
	case 'a':
		m := &jnode{kind: 'a'}
		for _, v := range n.values {
			m.values = append(m.values, g.mutate(v, depth+1))
			if g.r.IntN(5) == 0 {
				m.values = append(m.values, g.mutate(v, depth+1))
			}
		}
		return m
	}
	if g.r.IntN(4) == 0 {
		return g.value(depth)
	}
	if n.kind == 's' {
		return &jnode{kind: 's', text: n.text, raw: g.quote(n.text)}
	}
	return n
}

func slicesContainsKey(ks []jkey, text string) bool {
	for _, k := range ks {
		if k.text == text {
			return true
		}
	}
	return false
}

// size counts the values in n.
func (n *jnode) size() int {
	c := 1
	for _, v := range n.values {
		c += v.size()
	}
	return c
}

// next returns the next document of a run: a mutation of cur, or a new
// document now and then or once cur has grown large.
func (g *jgen) next(cur *jnode) *jnode {
	if cur == nil || g.r.IntN(6) == 0 || cur.size() > 400 {
		return g.value(0)
	}
	return g.mutate(cur, 0)
}

// write appends the raw JSON of n, with random whitespace.
func (n *jnode) write(dst []byte, r *rand.Rand) []byte {
	ws := func() {
		if r.IntN(8) == 0 {
			dst = append(dst, []string{" ", "\n", "\t", "\r\n  "}[r.IntN(4)]...)
		}
	}
	ws()
	switch n.kind {
	case 'o':
		dst = append(dst, '{')
		for i, k := range n.keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			ws()
			dst = append(dst, k.raw...)
			ws()
			dst = append(dst, ':')
			dst = n.values[i].write(dst, r)
		}
		ws()
		dst = append(dst, '}')
	case 'a':
		dst = append(dst, '[')
		for i, v := range n.values {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = v.write(dst, r)
		}
		ws()
		dst = append(dst, ']')
	case 's', 'n':
		dst = append(dst, n.raw...)
	case 't':
		dst = append(dst, "true"...)
	case 'f':
		dst = append(dst, "false"...)
	default:
		dst = append(dst, "null"...)
	}
	ws()
	return dst
}

// build appends n with the Builder's methods: keys and strings by their
// text, numbers by AppendNumber.
func (n *jnode) build(b *variant.Builder) {
	switch n.kind {
	case 'o':
		b.BeginObject()
		for i, k := range n.keys {
			b.Key(k.text)
			n.values[i].build(b)
		}
		b.EndObject()
	case 'a':
		b.BeginArray()
		for _, v := range n.values {
			v.build(b)
		}
		b.EndArray()
	case 's':
		b.AppendString(n.text)
	case 'n':
		b.AppendNumber(n.raw)
	case 't', 'f':
		b.AppendBool(n.kind == 't')
	default:
		b.AppendNull()
	}
}

// hasDup reports whether an object in n gives a key twice.
func (n *jnode) hasDup() bool {
	seen := map[string]bool{}
	for _, k := range n.keys {
		if seen[k.text] {
			return true
		}
		seen[k.text] = true
	}
	for _, v := range n.values {
		if v.hasDup() {
			return true
		}
	}
	return false
}

// want builds n with a new Builder.
func (n *jnode) want(lastWins bool) (variant.Variant, error) {
	var b variant.Builder
	b.SetLastWins(lastWins)
	n.build(&b)
	v, err := b.Build()
	if err != nil {
		return v, err
	}
	return v.Clone(), nil
}

// checkRaw checks with encoding/json that the raw keys and strings of n
// spell their text.
func (n *jnode) checkRaw(t *testing.T) {
	t.Helper()
	check := func(raw, text string) {
		var s string
		if err := json.Unmarshal([]byte(raw), &s); err != nil || s != text {
			t.Fatalf("generator: %s is %q, not %q (%v)", raw, s, text, err)
		}
	}
	for i, k := range n.keys {
		check(k.raw, k.text)
		n.values[i].checkRaw(t)
	}
	if n.kind == 'a' {
		for _, v := range n.values {
			v.checkRaw(t)
		}
	}
	if n.kind == 's' {
		check(n.raw, n.text)
	}
}

func sameVariant(got, want variant.Variant) error {
	if !bytes.Equal(got.Metadata().Bytes(), want.Metadata().Bytes()) {
		return fmt.Errorf("metadata %x, want %x", got.Metadata().Bytes(), want.Metadata().Bytes())
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		gj, _ := got.MarshalJSON()
		wj, _ := want.MarshalJSON()
		return fmt.Errorf("value %x (%s), want %x (%s)", got.Bytes(), gj, want.Bytes(), wj)
	}
	return got.Validate()
}

// compare checks the result of parsing doc, got and gerr, against the
// value built from n.
func compare(n *jnode, doc []byte, lastWins bool, got variant.Variant, gerr error) error {
	want, werr := n.want(lastWins)
	if werr != nil {
		if gerr == nil {
			return fmt.Errorf("%s: parsed, want error %v", doc, werr)
		}
		if errors.Is(werr, variant.ErrDuplicateKey) != errors.Is(gerr, variant.ErrDuplicateKey) {
			return fmt.Errorf("%s: error %v, want %v", doc, gerr, werr)
		}
		return nil
	}
	if gerr != nil {
		return fmt.Errorf("%s: error %v", doc, gerr)
	}
	if err := sameVariant(got, want); err != nil {
		return fmt.Errorf("%s: %w", doc, err)
	}
	return nil
}

// corrupt returns doc made invalid at a random place, or with a duplicate
// key, so that a parse fails midway.
func corrupt(r *rand.Rand, doc []byte) []byte {
	bad := append([]byte(nil), doc...)
	switch r.IntN(3) {
	case 0:
		return bad[:r.IntN(len(bad))]
	case 1:
		i := r.IntN(len(bad) + 1)
		return append(bad[:i:i], append([]byte("}]x,"), bad[i:]...)...)
	default:
		return append(bad, " 1"...)
	}
}

// TestParseJSONSequenceThroughOneBuilder parses runs of related documents
// through one Builder, with failed documents, resets without a build and
// both duplicate-key modes in between, and compares every value with the
// one a new Builder makes with its own methods.
func TestParseJSONSequenceThroughOneBuilder(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 400
	}
	for seed := range uint64(4) {
		g := newJGen(seed)
		g.dups = seed%2 == 1
		r := rand.New(rand.NewPCG(seed, 1))
		var b variant.Builder
		var doc []byte
		cur := g.value(0)
		for i := range n {
			cur = g.next(cur)
			cur.checkRaw(t)
			lastWins := g.dups && r.IntN(2) == 0
			b.Reset()
			b.SetLastWins(lastWins)
			doc = cur.write(doc[:0], r)
			switch r.IntN(10) {
			case 0:
				// A document that fails midway.
				bad := corrupt(r, doc)
				if err := b.AppendJSON(bad); err == nil {
					if _, err := b.Build(); err == nil && !json.Valid(bad) {
						t.Fatalf("seed %d doc %d: %s parsed", seed, i, bad)
					}
				}
				continue
			case 1:
				// Reset without Build.
				_ = b.AppendJSON(doc)
				continue
			case 2:
				// Another document through the pooled parse state.
				other := g.value(0)
				_, _ = variant.ParseJSON(other.write(nil, r))
			}
			err := b.AppendJSON(doc)
			var got variant.Variant
			if err == nil {
				got, err = b.Build()
			}
			if cerr := compare(cur, doc, lastWins, got, err); cerr != nil {
				t.Fatalf("seed %d doc %d: %v", seed, i, cerr)
			}
			if !lastWins && err == nil {
				// The same text decoded by encoding/json.
				if cerr := sameJSON(doc, got); cerr != nil {
					t.Fatalf("seed %d doc %d: %v", seed, i, cerr)
				}
			}
		}
	}
}

// sameJSON compares the JSON output of v with doc as encoding/json reads
// both, numbers by their value as a float64.
func sameJSON(doc []byte, v variant.Variant) error {
	out, err := v.MarshalJSON()
	if err != nil {
		return err
	}
	var a, c any
	if err := json.Unmarshal(doc, &a); err != nil {
		return nil // a number beyond a double
	}
	if err := json.Unmarshal(out, &c); err != nil {
		return fmt.Errorf("output %s: %w", out, err)
	}
	if err := sameAny(a, c, "$"); err != nil {
		return fmt.Errorf("output %s: %w", out, err)
	}
	return nil
}

// sameAny compares two values decoded by encoding/json, numbers within a
// relative 1e-15 (a decimal's text and a double's are read as doubles).
func sameAny(a, c any, path string) error {
	switch x := a.(type) {
	case map[string]any:
		y, ok := c.(map[string]any)
		if !ok || len(x) != len(y) {
			return fmt.Errorf("%s: %v, input %v", path, c, a)
		}
		for k, v := range x {
			if err := sameAny(v, y[k], path+"."+strconv.Quote(k)); err != nil {
				return err
			}
		}
		return nil
	case []any:
		y, ok := c.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Errorf("%s: %v, input %v", path, c, a)
		}
		for i := range x {
			if err := sameAny(x[i], y[i], path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		return nil
	case float64:
		y, ok := c.(float64)
		if !ok || math.Abs(x-y) > 1e-15*math.Max(math.Abs(x), math.Abs(y)) {
			return fmt.Errorf("%s: %v, input %v", path, c, a)
		}
		return nil
	}
	if a != c {
		return fmt.Errorf("%s: %#v, input %#v", path, c, a)
	}
	return nil
}

// TestParseJSONConcurrentSequences runs ParseJSON and ParseJSONWith on
// related documents from several goroutines, which share the pooled
// builders and parsers.
func TestParseJSONConcurrentSequences(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 250
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range uint64(8) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := newJGen(100 + w)
			g.dups = w%2 == 1
			r := rand.New(rand.NewPCG(w, 2))
			cur := g.value(0)
			var doc []byte
			for range n {
				cur = g.next(cur)
				doc = cur.write(doc[:0], r)
				if r.IntN(10) == 0 {
					_, _ = variant.ParseJSON(corrupt(r, doc))
					continue
				}
				lastWins := g.dups && r.IntN(2) == 0
				got, err := variant.ParseJSONWith(doc, variant.ParseOptions{LastWins: lastWins})
				if cerr := compare(cur, doc, lastWins, got, err); cerr != nil {
					errs <- cerr
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestAppendJSONInsideBuilderValues appends documents as field values and
// elements of containers opened with the Builder's methods, through one
// Builder.
func TestAppendJSONInsideBuilderValues(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 300
	}
	g := newJGen(77)
	r := rand.New(rand.NewPCG(77, 3))
	var b variant.Builder
	cur := g.value(0)
	var doc []byte
	for i := range n {
		cur = g.next(cur)
		outer := &jnode{kind: 'o'}
		for _, k := range []string{"b", "a", "f3"} {
			if r.IntN(2) == 0 {
				outer.keys = append(outer.keys, jkey{text: k})
				outer.values = append(outer.values, cur)
			}
		}
		var want variant.Builder
		outer.build(&want)
		wv, werr := want.Build()
		b.Reset()
		b.BeginObject()
		for j, k := range outer.keys {
			b.Key(k.text)
			doc = outer.values[j].write(doc[:0], r)
			if err := b.AppendJSON(doc); err != nil {
				break
			}
		}
		b.EndObject()
		gv, gerr := b.Build()
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("doc %d %s: error %v, want %v", i, doc, gerr, werr)
		}
		if werr == nil {
			if err := sameVariant(gv, wv); err != nil {
				t.Fatalf("doc %d %s: %v", i, doc, err)
			}
		}
	}
}

// TestParseJSONNumbersAsAppendNumber parses numbers around the limits of
// the digits read directly (18 digits, int64, decimal8, a double) at the
// top level, in an array and as a field value, and compares each with
// AppendNumber.
func TestParseJSONNumbersAsAppendNumber(t *testing.T) {
	nums := append([]string(nil), jnumbers...)
	for _, sign := range []string{"", "-"} {
		for _, frac := range []string{"", ".5", ".05", ".0"} {
			for n := 16; n <= 22; n++ {
				nums = append(nums, sign+"9"+strings.Repeat("8", n-1)+frac, sign+"1"+strings.Repeat("0", n-1)+frac)
				if frac == "" {
					nums = append(nums, sign+"0."+strings.Repeat("7", n-1), sign+"7."+strings.Repeat("0", n-1))
				}
			}
		}
	}
	for _, num := range nums {
		for _, form := range []string{"%s", "[%s]", `{"k":%s}`, `[1,{"a":[%s]}]`} {
			doc := fmt.Sprintf(form, num)
			var b variant.Builder
			switch form {
			case "%s":
				b.AppendNumber(num)
			case "[%s]":
				b.BeginArray()
				b.AppendNumber(num)
				b.EndArray()
			case `{"k":%s}`:
				b.BeginObject()
				b.Key("k")
				b.AppendNumber(num)
				b.EndObject()
			default:
				b.BeginArray()
				b.AppendInt(1)
				b.BeginObject()
				b.Key("a")
				b.BeginArray()
				b.AppendNumber(num)
				b.EndArray()
				b.EndObject()
				b.EndArray()
			}
			want, werr := b.Build()
			got, gerr := variant.ParseJSON([]byte(doc))
			if (werr == nil) != (gerr == nil) {
				t.Errorf("%s: error %v, want %v", doc, gerr, werr)
				continue
			}
			if werr == nil {
				if err := sameVariant(got, want); err != nil {
					t.Errorf("%s: %v", doc, err)
				}
			}
		}
	}
}
