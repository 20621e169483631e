package variant

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// ParseOptions changes how [ParseJSONWith] reads a document.
type ParseOptions struct {
	// LastWins makes a key given twice in one object keep its last value
	// (the DSN option duplicate_keys=last) instead of failing with
	// [ErrDuplicateKey]. The object then has the key once, so field lookup,
	// key listing and JSON output agree.
	LastWins bool
}

// ParseJSON parses one JSON document (RFC 8259) into a Variant, the
// parse_json of docs/design.md section 6:
//
//   - objects become objects with a sorted dictionary of their keys, arrays
//     become arrays, strings strings, true/false booleans and null the
//     Variant null;
//   - numbers are typed as [Builder.AppendNumber] says: the smallest integer
//     type, decimal16 for integers of up to 38 digits, a decimal keeping the
//     scale as written for numbers with a fraction ("12.50" is a decimal4 of
//     scale 2), a double for an exponent or more than 38 digits.
//
// A key given twice in one object is an [ErrDuplicateKey] (see
// [ParseJSONWith] to keep the last value instead). Invalid UTF-8, a syntax
// error, a number beyond the range of a double, nesting deeper than
// [MaxDepth] objects and arrays ([ErrTooDeep]) and anything but whitespace
// after the value are errors. Every error is an [*Error] that wraps
// [ErrInvalidJSON], and also ErrDuplicateKey or ErrTooDeep when one of them
// is the cause, with the byte offset in data where the fault was found.
//
// The Variant owns its memory: it shares nothing with data.
func ParseJSON(data []byte) (Variant, error) {
	return ParseJSONWith(data, ParseOptions{})
}

// ParseJSONWith is [ParseJSON] with options.
func ParseJSONWith(data []byte, opts ParseOptions) (Variant, error) {
	b := builderPool.Get().(*Builder)
	defer putBuilder(b)
	b.Reset()
	b.SetLastWins(opts.LastWins)
	if err := b.AppendJSON(data); err != nil {
		return Variant{}, err
	}
	return b.buildCopy()
}

// maxPooledBuffer caps the buffer bytes pooled parse state keeps: a Builder
// that built a larger value is dropped, a larger string buffer released,
// rather than kept for the next parse.
const maxPooledBuffer = 4 << 20

func putBuilder(b *Builder) {
	if b.retained() <= maxPooledBuffer {
		builderPool.Put(b)
	}
}

// AppendJSON parses the JSON document data (by the rules of [ParseJSON]) and
// appends it as one value, which may be the top-level value or a value inside
// an open object or array. Duplicate keys follow [Builder.SetLastWins]; the
// nesting limit [MaxDepth] counts the objects and arrays already open. On
// error the builder keeps the error (see [Builder.Err]) and AppendJSON
// returns it; it is an [*Error] wrapping [ErrInvalidJSON] with the byte
// offset in data. The builder copies what it needs: data is not retained.
func (b *Builder) AppendJSON(data []byte) error {
	if b.err != nil {
		return b.err
	}
	p := b.json
	if p == nil {
		p = new(jsonParser)
		b.json = p
	}
	p.data = data[:len(data):len(data)]
	p.rd = *bytes.NewBuffer(data)
	p.dec.Reset(&p.rd, jsontext.AllowDuplicateNames(true))
	err := p.parse(b)
	p.data, p.rd = nil, bytes.Buffer{}
	p.dec.Reset(&p.rd)
	if cap(p.str) > maxPooledBuffer {
		p.str = nil
	}
	if err != nil {
		b.err = err
	}
	return err
}

// jsonParser holds the reusable state of one parse: the tokenizer, the input
// it reads and a buffer for unescaped strings. Each Builder has its own,
// made at its first AppendJSON.
//
// The tokenizer of go-json-experiment/json (jsontext) reads the text and
// decides whether it is JSON (RFC 8259: structure, literals, number grammar,
// strings of valid UTF-8 with valid escapes); the parser takes its tokens
// one by one and appends them to the builder as they come. Names given
// twice are left to the builder (jsontext.AllowDuplicateNames), which keeps
// the last value or reports [ErrDuplicateKey] as the builder is set. Faults
// the builder finds (a duplicate key, a number out of range, too deep a
// nesting) are reported when they are met, before any syntax error further
// on.
type jsonParser struct {
	dec  jsontext.Decoder
	data []byte
	rd   bytes.Buffer
	str  []byte
	// end is the input offset after the last token read, kept here while
	// an object or array inside the one being read is read.
	end int
	// keyCache maps a depth and field position to the key last seen there
	// (see keySlot.match and newKey).
	keyCache [256]keySlot
	gen      uint32 // the parse under way, for keyCache
}

// keySlot remembers the key last seen at one depth and field position: the
// parse that saw it (gen), its id, its length in bytes and, for a key of at
// most 8 bytes, those bytes as a little-endian word. An id remembered by an
// earlier parse may be that of another key, even of one written with
// escapes, once the builder was reset: it serves only to try the previous
// value's next key at its first sight (see newKey).
type keySlot struct {
	gen  uint32
	id   int32
	n    int
	word uint64
}

// set remembers the key id, written without escapes as the n bytes before
// input offset q (its closing quote), for the parse gen.
func (s *keySlot) set(gen uint32, id int, data []byte, q, n int) {
	s.gen, s.id, s.n, s.word = gen, int32(id), n, 0
	switch {
	case n <= 8 && q >= 8:
		s.word = binary.LittleEndian.Uint64(data[q-8:q]) >> (64 - 8*n)
	case n <= 8:
		for i, c := range data[q-n : q] {
			s.word |= uint64(c) << (8 * i)
		}
	}
}

// parse reads one value from p.dec into b, then checks that only whitespace
// follows. Every token is read with ReadToken, which checks it and its place
// in the document; a key, string or number is then taken from the input as
// data[start:end], where end is the decoder's input offset after the token
// and start the first byte after the separators before it (see tokenStart).
// The last byte of a token tells a delimiter ({ } [ ]) from a key or
// scalar, which ends with a quote, a digit or the last letter of a literal.
//
// The value read is appended with the builder's methods, so that it may be
// the top-level value or a value in a container the caller opened; the
// values inside it are recorded directly (see object, array and scalar).
func (p *jsonParser) parse(b *Builder) error {
	d := &p.dec
	data := p.data
	if p.gen++; p.gen == 0 {
		clear(p.keyCache[:])
		p.gen = 1
	}
	if _, err := d.ReadToken(); err != nil {
		return syntaxError(d, err, data)
	}
	end := int(d.InputOffset())
	switch c := data[end-1]; c {
	case '{', '[':
		start := int64(end - 1)
		if len(b.stack) >= MaxDepth {
			return jsonError(ErrTooDeep, start, "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays")
		}
		if c == '{' {
			b.BeginObject()
		} else {
			b.BeginArray()
		}
		if b.err != nil {
			return p.builderError(b, start)
		}
		p.end = end
		var err error
		if c == '{' {
			err = p.object(b, start)
		} else {
			err = p.array(b)
		}
		if err != nil {
			return err
		}
		end = p.end
	default:
		start := tokenStart(data, 0)
		if p.topScalar(b, data[start:end]); b.err != nil {
			return p.builderError(b, int64(start))
		}
	}
	// Only whitespace may follow (RFC 8259, section 2); anything else is
	// read by the tokenizer, for its error.
	if onlyWhitespace(data[end:]) {
		return nil
	}
	if _, err := d.ReadToken(); err != io.EOF {
		if err == nil {
			return jsonError(nil, int64(tokenStart(data, end)), "data after the top-level value")
		}
		return syntaxError(d, err, data)
	}
	return nil
}

// object reads the fields of the object just opened in b, which starts at
// input offset open, up to its closing brace, and closes it. p.end is the
// input offset after the last token read, on entry and on return.
func (p *jsonParser) object(b *Builder, open int64) error {
	d := &p.dec
	data := p.data
	end := p.end
	depth := len(b.stack)
	for i := 0; ; i++ {
		if _, err := d.ReadToken(); err != nil {
			return syntaxError(d, err, data)
		}
		prev := end
		end = int(d.InputOffset())
		if data[end-1] == '}' {
			p.end = end
			if b.endObject(); b.err != nil {
				return p.builderError(b, open)
			}
			return nil
		}
		// The tokenizer reads only a string where a key is due. The key
		// remembered for this place in this parse is tried first (see
		// keySlot.match), then newKey.
		slot := &p.keyCache[uint(depth*31+i)%uint(len(p.keyCache))]
		keyID := int32(-1)
		if q := end - 2 - slot.n; slot.gen == p.gen && q >= prev && data[q] == '"' && data[q-1] != '\\' {
			keyID = slot.match(b, data, end)
		}
		if keyID < 0 {
			start := tokenStart(data, prev)
			if keyID = p.newKey(b, slot, data, start, end); b.err != nil {
				return p.builderError(b, int64(start))
			}
		}
		// The field's value.
		if _, err := d.ReadToken(); err != nil {
			return syntaxError(d, err, data)
		}
		prev = end
		end = int(d.InputOffset())
		if c := data[end-1]; isDelimiter[c] {
			p.end = end
			if err := p.container(b, keyID, c); err != nil {
				return err
			}
			end = p.end
			continue
		}
		start := tokenStart(data, prev)
		if p.scalar(b, keyID, data[start:end]); b.err != nil {
			return p.builderError(b, int64(start))
		}
	}
}

// array reads the elements of the array just opened in b up to its closing
// bracket, and closes it. p.end is as for object.
func (p *jsonParser) array(b *Builder) error {
	d := &p.dec
	data := p.data
	end := p.end
	for {
		if _, err := d.ReadToken(); err != nil {
			return syntaxError(d, err, data)
		}
		prev := end
		end = int(d.InputOffset())
		c := data[end-1]
		if !isDelimiter[c] {
			start := tokenStart(data, prev)
			if p.scalar(b, -1, data[start:end]); b.err != nil {
				return p.builderError(b, int64(start))
			}
			continue
		}
		p.end = end
		if c == ']' {
			if b.endArray(); b.err != nil {
				return p.builderError(b, int64(end-1))
			}
			return nil
		}
		if err := p.container(b, -1, c); err != nil {
			return err
		}
		end = p.end
	}
}

// container records the object or array that the token c ({ or [) just
// read opens, as the next value, of key id (-1 in an array), of the
// innermost open container, and reads it.
func (p *jsonParser) container(b *Builder, id int32, c byte) error {
	start := int64(p.end - 1)
	if len(b.stack) >= MaxDepth {
		return jsonError(ErrTooDeep, start, "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays")
	}
	b.record(id)
	b.stack = append(b.stack, frame{object: c == '{', first: len(b.pending)})
	if c == '{' {
		return p.object(b, start)
	}
	return p.array(b)
}

// isDelimiter marks the bytes that end a delimiter token: { } [ ].
var isDelimiter = [256]bool{'{': true, '}': true, '[': true, ']': true}

// topScalar appends the scalar token raw, the whole value being read, with
// the builder's methods.
func (p *jsonParser) topScalar(b *Builder, raw []byte) {
	switch raw[0] {
	case '"':
		b.appendStringBytes(p.unquote(raw))
	case 'n':
		b.AppendNull()
	case 't', 'f':
		b.AppendBool(raw[0] == 't')
	default:
		appendJSONNumber(b, raw)
	}
}

// scalar records the scalar token raw as the next value, of key id (-1 in
// an array), of the innermost container opened by this parse, and writes
// its encoding. A number of more than 18 digits goes through
// [Builder.AppendNumber]. The capacity of raw ends where the input does.
func (p *jsonParser) scalar(b *Builder, id int32, raw []byte) {
	switch raw[0] {
	case '"':
		b.record(id)
		if n := len(raw) - 2; n <= 16 && cap(raw) >= 17 && len(b.buf)+17 <= cap(b.buf) {
			// A string of at most 16 bytes, read and written as two
			// words when it has no backslash.
			w := raw[1:17]
			lo := binary.LittleEndian.Uint64(w)
			hi := binary.LittleEndian.Uint64(w[8:])
			m := min(n, 8)
			lo &= ^uint64(0) >> (64 - 8*m)
			hi &= ^uint64(0) >> (64 - 8*(n-m))
			if !hasBackslash(lo) && !hasBackslash(hi) {
				at := len(b.buf)
				buf := b.buf[:at+17]
				buf[at] = byte(n)<<2 | byte(BasicShortString)
				binary.LittleEndian.PutUint64(buf[at+1:], lo)
				binary.LittleEndian.PutUint64(buf[at+9:], hi)
				b.buf = buf[:at+1+n]
				return
			}
		}
		if s := raw[1 : len(raw)-1]; len(s) <= 63 {
			// A short string, also once unescaped: unescaped in place
			// after its header, whose length is then set.
			at := len(b.buf)
			if i := bytes.IndexByte(s, '\\'); i < 0 {
				b.buf = append(append(b.buf, 0), s...)
			} else {
				b.buf = appendUnescaped(append(b.buf, 0), s, i)
			}
			b.buf[at] = byte(len(b.buf)-at-1)<<2 | byte(BasicShortString)
			return
		}
		b.appendStringValue(p.unquote(raw))
	case 'n':
		b.record(id)
		b.buf = append(b.buf, byte(PrimitiveNull)<<2)
	case 't':
		b.record(id)
		b.buf = append(b.buf, byte(PrimitiveTrue)<<2)
	case 'f':
		b.record(id)
		b.buf = append(b.buf, byte(PrimitiveFalse)<<2)
	default:
		n, scale, kind := readJSONNumber(raw)
		if kind == numberLong {
			f := &b.stack[len(b.stack)-1]
			f.keyID, f.haveKey = int(id), id >= 0
			b.AppendNumber(string(raw))
			return
		}
		b.record(id)
		switch kind {
		case numberInt:
			b.putInt(n)
		case numberDecimal:
			b.putDecimal64(n, uint8(scale))
		case numberExact:
			b.prim(PrimitiveDouble)
			b.buf = binary.LittleEndian.AppendUint64(b.buf, math.Float64bits(exactDouble(n, scale)))
		default:
			b.putDoubleText(string(raw))
		}
	}
}

// hasBackslash reports whether one of the 8 bytes of w is a backslash: the
// bytes equal to it are the zero bytes of w ^ 0x5c5c…, found by the borrow
// that subtracting 1 from each byte makes.
func hasBackslash(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	v := w ^ ones*'\\'
	return (v-ones)&^v&highs != 0
}

// tokenStart returns the offset of the token that the tokenizer has read
// after input offset end: past the whitespace and the one comma or colon
// (RFC 8259, section 2) between the two tokens, which the tokenizer has
// checked.
func tokenStart(data []byte, end int) int {
	if end < len(data) {
		// Most often one comma or colon and no whitespace.
		if c := data[end]; c == ',' || c == ':' {
			end++
		}
		if end < len(data) && data[end] > ' ' {
			return end
		}
	}
	for end < len(data) && separator[data[end]] {
		end++
	}
	return end
}

// onlyWhitespace reports whether s holds only JSON whitespace: space, tab,
// line feed and carriage return.
func onlyWhitespace(s []byte) bool {
	for _, c := range s {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// separator marks the bytes that may come between two tokens.
var separator = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, ',': true, ':': true}

// unquote returns the content of the string raw, which the tokenizer has
// checked: the bytes between the quotes when it has no escape, else the
// string unescaped into p.str.
func (p *jsonParser) unquote(raw []byte) []byte {
	s := raw[1 : len(raw)-1]
	i := bytes.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	p.str = appendUnescaped(p.str[:0], s, i)
	return p.str
}

// The kinds of JSON number readJSONNumber tells apart.
const (
	numberInt     = iota // an integer of at most 18 digits
	numberDecimal        // a number with a fraction and at most 18 digits
	numberExact          // a number with an exponent, exactly n × 10^scale: see exactDouble
	numberDouble         // another number with an exponent
	numberLong           // more than 18 digits: see Builder.AppendNumber
)

// readJSONNumber reads the valid JSON number raw without checking it again.
// An integer of at most 18 digits (which always fits an int64) is n; a
// number with a fraction and at most 18 digits in all is the unscaled n of
// the given scale, as written; a number with an exponent is a double, given
// as n × 10^scale when that is one exact rounding (numberExact, see
// exactDouble). These are what [Builder.AppendNumber] makes of them.
func readJSONNumber(raw []byte) (n int64, scale int, kind byte) {
	digits := raw
	neg := digits[0] == '-'
	if neg {
		digits = digits[1:]
	}
	if len(digits) > 19 {
		return 0, 0, numberLong
	}
	i := 0
	for ; i < len(digits); i++ {
		d := digits[i] - '0'
		if d > 9 {
			break
		}
		n = n*10 + int64(d)
	}
	if i == len(digits) {
		if i > 18 {
			return 0, 0, numberLong
		}
		kind = numberInt
	} else {
		if digits[i] != '.' {
			return exponentOf(n, 0, digits[i:], neg)
		}
		scale = len(digits) - i - 1
		for k, c := range digits[i+1:] {
			d := c - '0'
			if d > 9 {
				return exponentOf(n, k, digits[i+1+k:], neg)
			}
			n = n*10 + int64(d)
		}
		kind = numberDecimal
	}
	if neg {
		n = -n
	}
	return n, scale, kind
}

// exponentOf reads exp, the exponent part ([eE][+-]?digits) of a valid JSON
// number whose other digits, scale of them after the point, are n, and
// returns the number as numberExact when exactDouble holds for it (and the
// number is not -0, which n cannot hold), else numberDouble.
func exponentOf(n int64, scale int, exp []byte, neg bool) (int64, int, byte) {
	j := 1
	if exp[1] == '-' || exp[1] == '+' {
		j = 2
	}
	if len(exp)-j > 2 || n > 1<<53 || n == 0 && neg {
		return 0, 0, numberDouble
	}
	e := 0
	for _, c := range exp[j:] {
		e = e*10 + int(c-'0')
	}
	if exp[1] == '-' {
		e = -e
	}
	if p := e - scale; p >= -22 && p <= 22 {
		if neg {
			n = -n
		}
		return n, p, numberExact
	}
	return 0, 0, numberDouble
}

// exactDouble returns m × 10^p for |m| <= 2^53 and |p| <= 22: both are
// exactly doubles, so one multiplication or division gives the double
// nearest to the number, correctly rounded by IEEE 754 (the fast path of
// Clinger, "How to Read Floating Point Numbers Accurately", 1990).
func exactDouble(m int64, p int) float64 {
	f := float64(m)
	if p >= 0 {
		return f * exactPowers[p]
	}
	return f / exactPowers[-p]
}

// exactPowers are the powers of ten that a double holds exactly.
var exactPowers = [23]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// appendJSONNumber appends the valid JSON number raw as [Builder.AppendNumber]
// does, the common forms read by readJSONNumber.
func appendJSONNumber(b *Builder, raw []byte) {
	n, scale, kind := readJSONNumber(raw)
	switch kind {
	case numberInt:
		b.AppendInt(n)
	case numberDecimal:
		b.appendDecimal64(n, uint8(scale))
	case numberExact:
		b.AppendFloat64(exactDouble(n, scale))
	case numberDouble:
		b.appendDoubleText(string(raw))
	default:
		b.AppendNumber(string(raw))
	}
}

// match returns the id of the key that the tokenizer has just read, which
// ends at input offset end, when it is the key of slot s, remembered in
// this parse, whose opening quote its caller has found before the key's
// length of bytes: else -1. A key remembered in this parse was written
// without escapes, so it has neither quotes nor backslashes; the key read
// is that key when its opening quote is unescaped (only the opening quote
// of a string can be) and the bytes before its closing quote are the key.
// A key of at most 8 bytes is compared as one word, the 8 bytes before the
// closing quote shifted down to the key's.
func (s *keySlot) match(b *Builder, data []byte, end int) int32 {
	if s.n <= 8 && end >= 9 {
		if binary.LittleEndian.Uint64(data[end-9:end-1])>>(64-8*s.n) == s.word {
			return s.id
		}
		return -1
	}
	if string(data[end-1-s.n:end-1]) == b.keys[s.id] {
		return s.id
	}
	return -1
}

// newKey returns the id of the key data[start:end], a string the tokenizer
// has checked, of the next field of the innermost object, when it is not
// the key remembered for its place (see keySlot.match); on error b.err is
// set. A document usually repeats the same keys in
// the same places (an array of similar objects), so the id found is
// remembered in slot, the key's depth and field position, for this parse.
//
// The key is tried first as the previous value's next key (see keyIDOf),
// when an earlier parse saw it in the same place, unless a fixed dictionary
// (UseMetadata) gives the ids: a key of prev equal to the raw text, when no
// key of prev has a backslash, was written without escapes. Otherwise the
// key is unquoted and searched in the builder's dictionary, copied only
// when it is new. Only keys written without escapes are remembered.
func (p *jsonParser) newKey(b *Builder, slot *keySlot, data []byte, start, end int) int32 {
	raw := data[start:end]
	name := raw[1 : len(raw)-1]
	if id := int(slot.id); id == len(b.keys) && b.same && !b.hasMeta && b.prevPlain && id < len(b.prev) && b.prev[id] == string(name) {
		b.keys = append(b.keys, b.prev[id])
		slot.set(p.gen, id, data, end-1, len(name))
		return int32(id)
	}
	if bytes.IndexByte(name, '\\') >= 0 {
		id, _ := keyIDOf(b, p.unquote(raw))
		return int32(id)
	}
	id, ok := keyIDOf(b, name)
	if ok && !b.hasMeta {
		slot.set(p.gen, id, data, end-1, len(name))
	}
	return int32(id)
}

// appendStringBytes is AppendString for a string in a reused buffer.
func (b *Builder) appendStringBytes(v []byte) {
	if b.begin() {
		b.appendStringValue(v)
	}
}

// appendStringValue writes the string v, a short string when it has at
// most 63 bytes, to a value already begun.
func (b *Builder) appendStringValue(v []byte) {
	if len(v) <= 63 {
		b.buf = append(b.buf, byte(len(v))<<2|byte(BasicShortString))
	} else {
		b.prim(PrimitiveString)
		b.buf = appendUint(b.buf, uint32(len(v)), 4)
	}
	b.buf = append(b.buf, v...)
}

// builderError turns an error the builder met while taking the value that
// starts at input offset off into a JSON error at that offset.
func (p *jsonParser) builderError(b *Builder, off int64) error {
	if b.err == nil {
		return nil
	}
	var e *Error
	if !errors.As(b.err, &e) {
		return jsonError(nil, off, b.err.Error())
	}
	msg := e.Msg
	if e.Err == ErrDuplicateKey {
		msg = "key " + msg + " given twice in the object that starts here"
	}
	if e.Err == ErrInvalidJSON {
		return jsonError(nil, off, msg)
	}
	return jsonError(e.Err, off, msg)
}

// syntaxError converts an error of the tokenizer dec reading data.
func syntaxError(dec *jsontext.Decoder, err error, data []byte) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		return jsonError(nil, se.ByteOffset, se.Err.Error())
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return jsonError(nil, int64(len(data)), "unexpected end of JSON input")
	}
	return jsonError(nil, dec.InputOffset(), err.Error())
}

// jsonError returns an [*Error] at offset off that wraps ErrInvalidJSON and,
// when not nil, the more specific sentinel cause.
func jsonError(cause error, off int64, msg string) error {
	var err error = ErrInvalidJSON
	if cause != nil {
		err = &jsonCause{cause}
	}
	return &Error{Err: err, Offset: int(off), Msg: msg}
}

// jsonCause is a sentinel cause of a JSON error; it matches both
// ErrInvalidJSON and the cause with errors.Is.
type jsonCause struct{ cause error }

func (c *jsonCause) Error() string   { return ErrInvalidJSON.Error() + ": " + c.cause.Error() }
func (c *jsonCause) Unwrap() []error { return []error{ErrInvalidJSON, c.cause} }
