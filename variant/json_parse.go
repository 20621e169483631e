package variant

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"sync"

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
	if cap(b.buf)+cap(b.out) <= maxPooledBuffer {
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
	err := p.parse(b, data)
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
// it reads and a buffer for unescaped strings.
//
// The tokenizer checks the syntax of the whole value first, in one call;
// the parser then walks the checked text (data, cut where the tokenizer
// found a fault) and builds the value. Walking the prefix before a fault
// reports the faults the builder finds in it (a duplicate key, a number out
// of range, too deep a nesting) before the syntax error, which is the
// order a reader of the text meets them.
type jsonParser struct {
	dec  jsontext.Decoder
	rd   bytes.Buffer
	data []byte // the checked text
	i    int    // the walk's position in data
	// stop is the tokenizer's error at len(data), returned when the walk
	// gets there with the value incomplete; nil when data is whole.
	stop error
	str  []byte
	// keyCache maps a depth and field position to the key id last seen
	// there; see key.
	keyCache [256]int
}

var parserPool = sync.Pool{New: func() any { return new(jsonParser) }}

// parse checks the syntax of the value in data and that only whitespace
// follows it, and appends the value to b.
func (p *jsonParser) parse(b *Builder, data []byte) error {
	p.rd = *bytes.NewBuffer(data)
	p.dec.Reset(&p.rd, jsontext.AllowDuplicateNames(true))
	p.data, p.i, p.stop = data, 0, nil
	if _, err := p.dec.ReadValue(); err != nil {
		p.stop = p.tokenError(data)
		var e *Error
		errors.As(p.stop, &e)
		p.data = data[:e.Offset]
	}
	if err := p.value(b); err != nil {
		return err
	}
	if p.stop != nil {
		return p.stop
	}
	off := p.dec.InputOffset()
	if _, err := p.dec.ReadToken(); err != io.EOF {
		if err == nil {
			for off < int64(len(data)) && isJSONSpace(data[off]) {
				off++
			}
			return jsonError(nil, off, "data after the top-level value")
		}
		return p.syntaxError(err, data)
	}
	return nil
}

// tokenError reads data token by token up to the syntax error the
// tokenizer found in it and returns that error. Read so, the error's offset
// is the first token that cannot be read (the comma before a closing
// bracket, say), where reading the value at once finds the fault a few bytes
// later.
func (p *jsonParser) tokenError(data []byte) error {
	p.rd = *bytes.NewBuffer(data)
	p.dec.Reset(&p.rd, jsontext.AllowDuplicateNames(true))
	for {
		var err error
		switch p.dec.PeekKind() {
		case '{', '[', '}', ']':
			_, err = p.dec.ReadToken()
		default:
			_, err = p.dec.ReadValue()
		}
		if err != nil {
			return p.syntaxError(err, data)
		}
	}
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
		return p.incomplete()
	}
	off := p.i
	switch p.data[off] {
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
		if !p.literal(4) {
			return p.incomplete()
		}
		b.AppendBool(true)
	case 'f':
		if !p.literal(5) {
			return p.incomplete()
		}
		b.AppendBool(false)
	case 'n':
		if !p.literal(4) {
			return p.incomplete()
		}
		b.AppendNull()
	default:
		j := off
		for j < len(p.data) && isJSONNumberByte(p.data[j]) {
			j++
		}
		if j == off || j == len(p.data) && p.stop != nil {
			return p.incomplete()
		}
		p.i = j
		appendJSONNumber(b, p.data[off:j])
	}
	if b.err != nil {
		return p.builderError(b, int64(off))
	}
	return nil
}

// literal moves past true, false or null, of n bytes, and reports whether
// it was whole.
func (p *jsonParser) literal(n int) bool {
	if p.i+n > len(p.data) {
		return false
	}
	p.i += n
	return true
}

// incomplete is the error of a walk that ran out of checked text.
func (p *jsonParser) incomplete() error {
	if p.stop != nil {
		return p.stop
	}
	return jsonError(nil, int64(p.i), "unexpected character")
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
	for first := true; ; first = false {
		if !p.skipSpace() {
			return p.incomplete()
		}
		if c := p.data[p.i]; c == '}' {
			p.i++
			break
		} else if !first {
			if c != ',' {
				return p.incomplete()
			}
			p.i++
			if !p.skipSpace() {
				return p.incomplete()
			}
		}
		off := p.i
		if p.data[off] != '"' {
			return p.incomplete()
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
			return p.incomplete()
		}
		p.i++
		if err := p.value(b); err != nil {
			return err
		}
	}
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
	for first := true; ; first = false {
		if !p.skipSpace() {
			return p.incomplete()
		}
		if c := p.data[p.i]; c == ']' {
			p.i++
			break
		} else if !first {
			if c != ',' {
				return p.incomplete()
			}
			p.i++
		}
		if err := p.value(b); err != nil {
			return err
		}
	}
	end := p.i - 1
	b.EndArray()
	if b.err != nil {
		return p.builderError(b, int64(end))
	}
	return nil
}

// string moves past the string at p.i and returns its content, unescaped
// into p.str when it has escapes.
func (p *jsonParser) string() ([]byte, error) {
	off := p.i
	rest := p.data[off+1:]
	escaped := false
	j := 0
	for ; j < len(rest); j++ {
		if c := rest[j]; c == '"' {
			break
		} else if c == '\\' {
			escaped = true
			j++
		}
	}
	if j >= len(rest) {
		return nil, p.incomplete()
	}
	p.i = off + 1 + j + 1
	if !escaped {
		return rest[:j], nil
	}
	var err error
	p.str, err = jsontext.AppendUnquote(p.str[:0], p.data[off:p.i])
	if err != nil {
		return nil, jsonError(nil, int64(off), err.Error())
	}
	return p.str, nil
}

// isJSONNumberByte reports whether c may be part of a JSON number.
func isJSONNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
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

// syntaxError converts an error of the tokenizer reading data.
func (p *jsonParser) syntaxError(err error, data []byte) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		return jsonError(nil, se.ByteOffset, se.Err.Error())
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return jsonError(nil, int64(len(data)), "unexpected end of JSON input")
	}
	return jsonError(nil, p.dec.InputOffset(), err.Error())
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
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}
