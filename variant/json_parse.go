package variant

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"strconv"
	"sync"
	"unicode/utf8"

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
	p := parserPool.Get().(*jsonParser)
	defer parserPool.Put(p)
	p.data, p.i = data, 0
	err := p.value(b)
	if err == nil && p.skipSpace() {
		err = p.fault() // data after the value
	}
	p.data = nil
	if cap(p.str) > maxPooledBuffer {
		p.str = nil
	}
	if err != nil {
		b.err = err
	}
	return err
}

// jsonParser holds the reusable state of one parse: the input, the position
// in it and a buffer for unescaped strings.
//
// The parser reads the text once, checking its syntax (RFC 8259: structure,
// number grammar, literals, strings of valid UTF-8 without control
// characters and with valid escapes) as it builds the value. At the first
// fault it stops and asks the tokenizer of go-json-experiment/json, reading
// the text token by token, for the error to report, so that syntax errors
// are the tokenizer's, at its offsets. Faults the builder finds (a duplicate
// key, a number out of range, too deep a nesting) are reported when they are
// met, before any syntax error further on.
type jsonParser struct {
	data []byte
	i    int // position in data
	str  []byte
	// keyCache maps a depth and field position to the key id last seen
	// there; see key.
	keyCache [256]int
}

var parserPool = sync.Pool{New: func() any { return new(jsonParser) }}

// fault returns the syntax error of p.data, found at p.i.
func (p *jsonParser) fault() error {
	if err := tokenError(p.data); err != nil {
		return err
	}
	// The tokenizer accepts what this parser rejected; it should not
	// happen, but an error is still due.
	return jsonError(nil, int64(p.i), "invalid JSON")
}

// tokenError reads data with the tokenizer, token by token, the value and
// then what follows it, and returns the first error: a syntax error, or data
// after the value. It returns nil when data is one valid JSON value.
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
			for off < int64(len(data)) && isJSONSpace(data[off]) {
				off++
			}
			return jsonError(nil, off, "data after the top-level value")
		}
		return syntaxError(&dec, err, data)
	}
	return nil
}

// skipSpace moves past whitespace and reports whether a character follows.
func (p *jsonParser) skipSpace() bool {
	for p.i < len(p.data) && isJSONSpace(p.data[p.i]) {
		p.i++
	}
	return p.i < len(p.data)
}

// value appends the value at p.i to b.
func (p *jsonParser) value(b *Builder) error {
	if !p.skipSpace() {
		return p.fault()
	}
	off := p.i
	switch c := p.data[off]; c {
	case '{':
		return p.object(b)
	case '[':
		return p.array(b)
	case '"':
		s, err := p.string()
		if err != nil {
			return err
		}
		b.appendStringBytes(s)
	case 't':
		if !p.literal("true") {
			return p.fault()
		}
		b.AppendBool(true)
	case 'f':
		if !p.literal("false") {
			return p.fault()
		}
		b.AppendBool(false)
	case 'n':
		if !p.literal("null") {
			return p.fault()
		}
		b.AppendNull()
	default:
		if !p.number(b) {
			return p.fault()
		}
	}
	if b.err != nil {
		return p.builderError(b, int64(off))
	}
	return nil
}

// literal moves past the literal lit (true, false or null) at p.i and
// reports whether it is there.
func (p *jsonParser) literal(lit string) bool {
	if p.i+len(lit) > len(p.data) || string(p.data[p.i:p.i+len(lit)]) != lit {
		return false
	}
	p.i += len(lit)
	return true
}

// open checks the nesting limit for the object or array at p.i and moves
// past its opening delimiter.
func (p *jsonParser) open(b *Builder) error {
	if len(b.stack) >= MaxDepth {
		return jsonError(ErrTooDeep, int64(p.i), "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays")
	}
	p.i++
	return nil
}

// object appends the object at p.i to b.
func (p *jsonParser) object(b *Builder) error {
	start := p.i
	if err := p.open(b); err != nil {
		return err
	}
	b.BeginObject()
	if b.err != nil {
		return p.builderError(b, int64(start))
	}
	if !p.skipSpace() {
		return p.fault()
	}
	if p.data[p.i] != '}' {
		for {
			off := p.i
			if p.data[off] != '"' {
				return p.fault()
			}
			name, err := p.string()
			if err != nil {
				return err
			}
			p.key(b, name)
			if b.err != nil {
				return p.builderError(b, int64(off))
			}
			if !p.skipSpace() || p.data[p.i] != ':' {
				return p.fault()
			}
			p.i++
			if err := p.value(b); err != nil {
				return err
			}
			if !p.skipSpace() {
				return p.fault()
			}
			if c := p.data[p.i]; c == '}' {
				break
			} else if c != ',' {
				return p.fault()
			}
			p.i++
			if !p.skipSpace() {
				return p.fault()
			}
		}
	}
	p.i++
	b.EndObject()
	if b.err != nil {
		return p.builderError(b, int64(start))
	}
	return nil
}

// array appends the array at p.i to b.
func (p *jsonParser) array(b *Builder) error {
	start := p.i
	if err := p.open(b); err != nil {
		return err
	}
	b.BeginArray()
	if b.err != nil {
		return p.builderError(b, int64(start))
	}
	if !p.skipSpace() {
		return p.fault()
	}
	if p.data[p.i] != ']' {
		for {
			if err := p.value(b); err != nil {
				return err
			}
			if !p.skipSpace() {
				return p.fault()
			}
			if c := p.data[p.i]; c == ']' {
				break
			} else if c != ',' {
				return p.fault()
			}
			p.i++
		}
	}
	end := p.i
	p.i++
	b.EndArray()
	if b.err != nil {
		return p.builderError(b, int64(end))
	}
	return nil
}

// string moves past the string at p.i and returns its content, unescaped
// into p.str when it has escapes. A string with a control character,
// invalid UTF-8 or an invalid escape is a fault.
func (p *jsonParser) string() ([]byte, error) {
	off := p.i
	rest := p.data[off+1:]
	escaped, ascii := false, true
	j := 0
	for {
		// Eight bytes at a time up to the first byte that needs a
		// look: a quote, a backslash, a control character or a byte
		// of a multi-byte UTF-8 sequence.
		for j+8 <= len(rest) {
			w := binary.LittleEndian.Uint64(rest[j:])
			if m := zeroBytes(w^quotes) | zeroBytes(w^backslashes) | lessThanSpace(w) | w&highBits; m != 0 {
				j += bits.TrailingZeros64(m) / 8
				break
			}
			j += 8
		}
		if j >= len(rest) {
			return nil, p.fault()
		}
		c := rest[j]
		if c == '"' {
			break
		}
		switch {
		case c == '\\':
			escaped = true
			j += 2
		case c < ' ':
			p.i = off + 1 + j
			return nil, p.fault()
		default:
			ascii = ascii && c < utf8.RuneSelf
			j++
		}
	}
	p.i = off + 1 + j + 1
	if escaped {
		var err error
		if p.str, err = jsontext.AppendUnquote(p.str[:0], p.data[off:p.i]); err != nil {
			return nil, p.fault()
		}
		return p.str, nil
	}
	if !ascii && !utf8.Valid(rest[:j]) {
		return nil, p.fault()
	}
	return rest[:j], nil
}

const (
	quotes      = 0x2222222222222222 // '"' in each byte
	backslashes = 0x5C5C5C5C5C5C5C5C // '\\' in each byte
	highBits    = 0x8080808080808080
)

// zeroBytes returns a mask with the high bit set in the lowest byte of w
// that is zero (and maybe in higher bytes), or 0 when no byte is zero.
func zeroBytes(w uint64) uint64 {
	return (w - 0x0101010101010101) &^ w & highBits
}

// lessThanSpace returns a mask with the high bit set in the lowest byte of
// w that is below 0x20 (and maybe in higher bytes), or 0 when none is.
func lessThanSpace(w uint64) uint64 {
	return (w - 0x2020202020202020) &^ w & highBits
}

// numberBytes marks the bytes that may be part of a JSON number.
var numberBytes = func() (t [256]bool) {
	for _, c := range "0123456789+-.eE" {
		t[c] = true
	}
	return t
}()

// number moves past the number at p.i and appends it (see
// appendJSONNumber), checking the number grammar of RFC 8259 as it finds its
// end; it reports false, and appends nothing, when the text there is not a
// number.
func (p *jsonParser) number(b *Builder) bool {
	d := p.data
	i := p.i
	if d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i]-'1' < 9:
		for i < len(d) && d[i]-'0' < 10 {
			i++
		}
	default:
		return false
	}
	if i < len(d) && d[i] == '.' {
		i++
		f := i
		for i < len(d) && d[i]-'0' < 10 {
			i++
		}
		if i == f {
			return false
		}
	}
	if i < len(d) && d[i]|0x20 == 'e' {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		f := i
		for i < len(d) && d[i]-'0' < 10 {
			i++
		}
		if i == f {
			return false
		}
	}
	if i < len(d) && numberBytes[d[i]] {
		return false // "01", "1.2.3", "1e2e3"
	}
	appendJSONNumber(b, d[p.i:i])
	p.i = i
	return true
}

// appendJSONNumber appends the valid JSON number raw as [Builder.AppendNumber]
// does. The common forms are read here without checking raw again: an
// integer of at most 18 digits (which always fits an int64) goes to
// [Builder.AppendInt], a number with a fraction and at most 18 digits in all
// is a decimal4 or decimal8 with the scale as written, a number with an
// exponent a double, exactly what AppendNumber makes of them; longer
// numbers go to AppendNumber.
func appendJSONNumber(b *Builder, raw []byte) {
	digits := raw
	neg := digits[0] == '-'
	if neg {
		digits = digits[1:]
	}
	if len(digits) > 19 {
		b.AppendNumber(string(raw))
		return
	}
	var n int64
	scale := -1
	for i, c := range digits {
		switch {
		case c >= '0' && c <= '9':
			n = n*10 + int64(c-'0')
		case c == '.':
			scale = len(digits) - i - 1
		default: // an exponent
			b.appendDoubleText(string(raw))
			return
		}
	}
	if neg {
		n = -n
	}
	switch {
	case scale >= 0:
		b.appendDecimal64(n, uint8(scale))
	case len(digits) <= 18:
		b.AppendInt(n)
	default:
		b.AppendNumber(string(raw))
	}
}

// key sets the key of the next field of the innermost object. A document
// usually repeats the same keys in the same places (an array of similar
// objects), so the id last found for the same depth and field position is
// tried first, checked by comparing the key; otherwise the builder's
// dictionary is searched. Either way the key is copied only when it is new.
func (p *jsonParser) key(b *Builder, name []byte) {
	if b.hasMeta || b.err != nil {
		b.keyBytes(name)
		return
	}
	f := &b.stack[len(b.stack)-1]
	slot := &p.keyCache[(len(b.stack)*31+len(b.pending)-f.first)%len(p.keyCache)]
	if id := *slot; id < len(b.keys) && b.keys[id] == string(name) {
		f.keyID, f.haveKey = id, true
		return
	}
	b.keyBytes(name)
	if b.err == nil {
		*slot = f.keyID
	}
}

// keyBytes is Key for a name in a reused buffer: a key seen before is found
// in the dictionary without copying name, so each distinct key is copied
// once.
func (b *Builder) keyBytes(name []byte) {
	if b.err != nil {
		return
	}
	if len(b.stack) == 0 || !b.stack[len(b.stack)-1].object || b.stack[len(b.stack)-1].haveKey {
		b.Key(string(name)) // reports the misuse
		return
	}
	f := &b.stack[len(b.stack)-1]
	if id, ok := keyIDOf(b, name); ok {
		f.keyID, f.haveKey = id, true
	}
}

// appendStringBytes is AppendString for a string in a reused buffer.
func (b *Builder) appendStringBytes(v []byte) {
	if !b.begin() {
		return
	}
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

func isJSONSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r')
}
