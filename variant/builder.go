package variant

import (
	"encoding/binary"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Builder builds one Variant value at a time in the spec's exact form
// (VariantEncoding.md): a sorted, de-duplicated dictionary of the keys of
// the value built (or a fixed dictionary given to [Builder.UseMetadata];
// with last-wins, a key given only inside a value that a later duplicate
// replaced is left out, as no object of the value has it); the smallest
// field id and field offset sizes each object and array can have; is_large only
// above 255 elements; short strings up to 63 bytes; decimal4, decimal8 or
// decimal16 chosen by precision (the spec's "Decimal table"); object fields
// listed in key order with their values laid out in the same order.
//
// Values are appended in order: a scalar with an Append method, an object as
// BeginObject, then Key and one value per field, then EndObject; an array as
// BeginArray, its elements, then EndArray. The first misuse or bad input is
// kept and returned by [Builder.Build] (and [Builder.Err]); later calls do
// nothing. A key given twice in one object is an [ErrDuplicateKey] unless
// [Builder.SetLastWins] is on, in which case the last value is kept.
//
// The zero Builder is ready to use. [Builder.Reset] keeps its buffers for the
// next value. A Builder is not safe for concurrent use.
type Builder struct {
	buf     []byte         // scalar values so far, in the order given
	out     []byte         // the value laid out by Build (see builder_layout.go)
	stack   []frame        // open objects and arrays
	pending []entry        // values of the open objects and arrays, innermost last
	ents    []entry        // values of the closed objects and arrays, each's together
	nodes   []node         // the closed objects and arrays, inner ones first
	root    int32          // node of the top-level value, or -1 for a scalar
	seen    []uint32       // by key id: the object it was last given in
	objects uint32         // objects closed, the mark of the current one in seen
	keyIDs  map[string]int // key to provisional id, kept while !same
	keys    []string       // keys by provisional id, in first-seen order
	meta    Metadata       // fixed dictionary, when hasMeta
	metaBuf []byte         // the built dictionary
	order   []int          // final id to provisional id
	dict    Metadata       // the built dictionary, once finished
	final   bool           // dict is built and the containers laid out
	built   bool           // out holds the value
	// The dictionary of the last value finished, reused by the next values
	// while they give the same keys in the same order (see builder_dict.go).
	prev    []string       // its keys by provisional id
	prevIDs map[string]int // its key to provisional id; ids >= len(prev) are stale
	rank    []int          // its provisional id to final id
	same    bool           // keys is prev[:len(keys)] so far; keyIDs is unused
	// prevPlain says that no key of prev has a backslash, so that a key of
	// prev equal to the raw text of a JSON key is the key it spells.
	prevPlain bool
	hasMeta   bool
	last      bool // duplicate keys: keep the last value
	dropped   bool // a value was replaced by a later one of its key (last)
	done      bool // the top-level value is complete
	err       error
	json      *jsonParser // the reader of AppendJSON, made at its first call
}

type frame struct {
	object  bool
	first   int  // first value of this container in pending
	keyID   int  // the pending key's id
	haveKey bool // Key was called and its value not yet appended
}

// UseMetadata makes the builder use m as the dictionary of the values it
// builds instead of collecting their keys, so that many values can share one
// metadata buffer. A key that m does not hold is an [ErrUnknownKey]. It must
// be called before the first value; Reset keeps it.
func (b *Builder) UseMetadata(m Metadata) {
	if len(b.buf) > 0 || len(b.stack) > 0 {
		b.fail(ErrBuilder, "UseMetadata after values were appended")
		return
	}
	b.meta, b.hasMeta = m, true
}

// SetLastWins chooses what a key given twice in one object does: false (the
// default) makes it an [ErrDuplicateKey]; true keeps the last value given.
func (b *Builder) SetLastWins(on bool) { b.last = on }

// Err returns the first error, or nil.
func (b *Builder) Err() error { return b.err }

// Reset discards the value being built and the collected keys, keeping the
// buffers, a fixed dictionary and the duplicate-key mode. Variants returned by
// Build before are no longer valid after Reset.
func (b *Builder) Reset() {
	b.buf = b.buf[:0]
	b.stack = b.stack[:0]
	b.pending = b.pending[:0]
	b.ents = b.ents[:0]
	b.nodes = b.nodes[:0]
	if len(b.keyIDs) > 0 {
		clear(b.keyIDs)
	}
	b.keys = b.keys[:0]
	b.same = len(b.prev) > 0
	b.done = false
	b.dropped = false
	b.final = false
	b.built = false
	b.err = nil
}

func (b *Builder) fail(sentinel error, msg string) {
	if b.err == nil {
		b.err = &Error{Err: sentinel, Offset: -1, Msg: msg}
	}
}

// begin registers a value about to be appended with its container and
// reports whether appending may go on. The common cases, an element of an
// open array or the value of a field whose key was given, are taken first.
func (b *Builder) begin() bool {
	if n := len(b.stack); n > 0 && b.err == nil {
		f := &b.stack[n-1]
		if !f.object {
			b.record(-1)
			return true
		}
		if f.haveKey {
			f.haveKey = false
			b.record(int32(f.keyID))
			return true
		}
	}
	return b.beginOther()
}

// record adds the value about to be written to buf, of key id (-1 in an
// array), to the innermost open container's values.
func (b *Builder) record(id int32) {
	b.pending = append(b.pending, entry{id: id, node: -1, start: uint32(len(b.buf))})
}

// beginOther is begin for the top-level value and for the errors: a second
// top-level value, a field value without a key, or an earlier error.
func (b *Builder) beginOther() bool {
	if b.err != nil {
		return false
	}
	if len(b.stack) == 0 {
		if b.done {
			b.fail(ErrBuilder, "a second top-level value; call Reset between values")
			return false
		}
		b.done = true
		b.root = -1
		return true
	}
	b.fail(ErrBuilder, "object field value without a Key")
	return false
}

// Key sets the key of the next field of the innermost open object.
func (b *Builder) Key(name string) {
	if b.err != nil {
		return
	}
	if len(b.stack) == 0 || !b.stack[len(b.stack)-1].object {
		b.fail(ErrBuilder, "Key "+strconv.Quote(name)+" outside an object")
		return
	}
	f := &b.stack[len(b.stack)-1]
	if f.haveKey {
		b.fail(ErrBuilder, "Key "+strconv.Quote(name)+" after a Key with no value")
		return
	}
	id, ok := b.keyID(name)
	if !ok {
		return
	}
	f.keyID, f.haveKey = id, true
}

func (b *Builder) keyID(name string) (int, bool) { return keyIDOf(b, name) }

// keyIDOf finds or adds the provisional id of a key given as a string or as
// bytes in a reused buffer. A key already in the dictionary (or the next
// key of the previous value's) is not copied: each distinct key is copied
// once, when it is first added.
func keyIDOf[T string | []byte](b *Builder, name T) (int, bool) {
	if b.hasMeta {
		id, ok := b.meta.ID(string(name))
		if !ok {
			b.err = &Error{Err: ErrUnknownKey, Offset: -1, Msg: strconv.Quote(string(name))}
		}
		return id, ok
	}
	if b.same {
		if n := len(b.keys); n < len(b.prev) && b.prev[n] == string(name) {
			b.keys = append(b.keys, b.prev[n]) // the next key of prev
			return n, true
		}
		if id, ok := b.prevIDs[string(name)]; ok && id <= len(b.keys) && id < len(b.prev) {
			if id == len(b.keys) {
				b.keys = append(b.keys, b.prev[id]) // the next key of prev
			}
			return id, true
		}
		b.leavePrev()
	}
	if id, ok := b.keyIDs[string(name)]; ok {
		return id, true
	}
	key := string(name)
	if !utf8.ValidString(key) {
		b.fail(ErrInvalidValue, "key "+strconv.Quote(key)+" is not valid UTF-8")
		return 0, false
	}
	if b.keyIDs == nil {
		b.keyIDs = make(map[string]int)
	}
	id := len(b.keys)
	b.keyIDs[key] = id
	b.keys = append(b.keys, key)
	return id, true
}

func (b *Builder) keyOf(id int) string {
	if b.hasMeta {
		k, _ := b.meta.Key(id)
		return k
	}
	return b.keys[id]
}

// BeginObject opens an object; its fields follow as Key and value pairs.
func (b *Builder) BeginObject() { b.open(true) }

// BeginArray opens an array; its elements follow.
func (b *Builder) BeginArray() { b.open(false) }

func (b *Builder) open(object bool) {
	if len(b.stack) >= MaxDepth {
		b.fail(ErrTooDeep, "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays")
		return
	}
	if !b.begin() {
		return
	}
	b.stack = append(b.stack, frame{object: object, first: len(b.pending)})
}

// widthFor returns the bytes (1 to 4) an unsigned value needs.
func widthFor(v uint64) int {
	switch {
	case v <= 0xFF:
		return 1
	case v <= 0xFFFF:
		return 2
	case v <= 0xFFFFFF:
		return 3
	}
	return 4
}

func appendUint(s []byte, v uint32, n int) []byte {
	switch n {
	case 1:
		return append(s, byte(v))
	case 2:
		return append(s, byte(v), byte(v>>8))
	case 3:
		return append(s, byte(v), byte(v>>8), byte(v>>16))
	}
	return append(s, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

func (b *Builder) prim(p PrimitiveType) {
	b.buf = append(b.buf, byte(p)<<2)
}

// AppendNull appends the Variant null.
func (b *Builder) AppendNull() {
	if b.begin() {
		b.prim(PrimitiveNull)
	}
}

// AppendBool appends a boolean.
func (b *Builder) AppendBool(v bool) {
	if b.begin() {
		if v {
			b.prim(PrimitiveTrue)
		} else {
			b.prim(PrimitiveFalse)
		}
	}
}

// AppendInt appends an integer as the smallest of int8, int16, int32 and
// int64 that holds it.
func (b *Builder) AppendInt(v int64) {
	if b.begin() {
		b.putInt(v)
	}
}

// putInt writes the integer v as AppendInt does, to a value already begun.
func (b *Builder) putInt(v int64) {
	switch {
	case v == int64(int8(v)):
		b.buf = append(b.buf, byte(PrimitiveInt8)<<2, byte(v))
	case v == int64(int16(v)):
		b.prim(PrimitiveInt16)
		b.buf = binary.LittleEndian.AppendUint16(b.buf, uint16(v))
	case v == int64(int32(v)):
		b.prim(PrimitiveInt32)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(v))
	default:
		b.prim(PrimitiveInt64)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, uint64(v))
	}
}

// AppendInt8 appends an int8.
func (b *Builder) AppendInt8(v int8) {
	if b.begin() {
		b.buf = append(b.buf, byte(PrimitiveInt8)<<2, byte(v))
	}
}

// AppendInt16 appends an int16.
func (b *Builder) AppendInt16(v int16) {
	if b.begin() {
		b.prim(PrimitiveInt16)
		b.buf = binary.LittleEndian.AppendUint16(b.buf, uint16(v))
	}
}

// AppendInt32 appends an int32.
func (b *Builder) AppendInt32(v int32) {
	if b.begin() {
		b.prim(PrimitiveInt32)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(v))
	}
}

// AppendInt64 appends an int64.
func (b *Builder) AppendInt64(v int64) { b.fixed64(PrimitiveInt64, uint64(v)) }

// AppendFloat64 appends a double, NaN, infinities and -0.0 included.
func (b *Builder) AppendFloat64(v float64) { b.fixed64(PrimitiveDouble, math.Float64bits(v)) }

// AppendFloat32 appends a float.
func (b *Builder) AppendFloat32(v float32) {
	if b.begin() {
		b.prim(PrimitiveFloat)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, math.Float32bits(v))
	}
}

// AppendDecimal appends a decimal as decimal4 (precision up to 9), decimal8
// (up to 18) or decimal16 (up to 38), keeping its scale. The precision is
// the larger of the number of digits and the scale (0.001 is DECIMAL(3,3)),
// so a scale above 9 or 18 takes the wider type (see appendDecimal64).
func (b *Builder) AppendDecimal(d Decimal) {
	p := d.Precision()
	if p > MaxDecimalPrecision {
		b.fail(ErrInvalidDecimal, d.String()+" has more than 38 digits")
		return
	}
	if p <= 18 && d.scale <= 18 {
		b.appendDecimal64(int64(d.lo), d.scale)
		return
	}
	if b.begin() {
		b.buf = append(b.buf, byte(PrimitiveDecimal16)<<2, d.scale)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, d.lo)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, uint64(d.hi))
	}
}

// appendDecimal64 appends the decimal of unscaled value n, of at most 18
// digits, and scale, at most 18, as decimal4 when both the digits and the
// scale are at most 9, else decimal8. The width follows the decimal's
// precision (VariantEncoding.md, Decimal table), and a precision is never
// below the scale: 0.00000000001 is DECIMAL(11,11), a decimal8, as the
// reference readers (which reject a scale above the width's precision)
// require.
func (b *Builder) appendDecimal64(n int64, scale uint8) {
	if b.begin() {
		b.putDecimal64(n, scale)
	}
}

// putDecimal64 writes the decimal as appendDecimal64 does, to a value
// already begun.
func (b *Builder) putDecimal64(n int64, scale uint8) {
	if n >= -999_999_999 && n <= 999_999_999 && scale <= 9 {
		b.buf = append(b.buf, byte(PrimitiveDecimal4)<<2, scale)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(n))
		return
	}
	b.buf = append(b.buf, byte(PrimitiveDecimal8)<<2, scale)
	b.buf = binary.LittleEndian.AppendUint64(b.buf, uint64(n))
}

// AppendDate appends a date, in days since 1970-01-01.
func (b *Builder) AppendDate(days int32) {
	if b.begin() {
		b.prim(PrimitiveDate)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(days))
	}
}

// AppendTimeMicros appends a time of day without time zone, in microseconds
// since midnight: in [0, 86400000000), which [Validate] requires; other
// values are an [ErrOverflow].
func (b *Builder) AppendTimeMicros(micros int64) {
	if micros < 0 || micros >= microsPerDay {
		b.fail(ErrOverflow, "time of day "+strconv.FormatInt(micros, 10)+" µs outside [00:00:00, 24:00:00)")
		return
	}
	b.fixed64(PrimitiveTime, uint64(micros))
}

// AppendTimestamp appends a timestamp adjusted to UTC, in microseconds since
// the epoch.
func (b *Builder) AppendTimestamp(micros int64) { b.fixed64(PrimitiveTimestamp, uint64(micros)) }

// AppendTimestampNTZ appends a timestamp without time zone (a wall clock), in
// microseconds since 1970-01-01T00:00:00.
func (b *Builder) AppendTimestampNTZ(micros int64) {
	b.fixed64(PrimitiveTimestampNTZ, uint64(micros))
}

// AppendTimestampNanos appends a timestamp adjusted to UTC, in nanoseconds
// since the epoch.
func (b *Builder) AppendTimestampNanos(nanos int64) {
	b.fixed64(PrimitiveTimestampNanos, uint64(nanos))
}

// AppendTimestampNTZNanos appends a timestamp without time zone, in
// nanoseconds since 1970-01-01T00:00:00.
func (b *Builder) AppendTimestampNTZNanos(nanos int64) {
	b.fixed64(PrimitiveTimestampNTZNanos, uint64(nanos))
}

func (b *Builder) fixed64(p PrimitiveType, v uint64) {
	if b.begin() {
		b.prim(p)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, v)
	}
}

// AppendBinary appends a binary value.
func (b *Builder) AppendBinary(v []byte) {
	if b.begin() {
		b.prim(PrimitiveBinary)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(len(v)))
		b.buf = append(b.buf, v...)
	}
}

// AppendString appends a string: a short string when it has at most 63
// bytes, a long string otherwise. A string that is not valid UTF-8 is an
// [ErrInvalidValue] ("String values must be UTF-8 encoded").
func (b *Builder) AppendString(v string) {
	if b.err == nil && !utf8.ValidString(v) {
		b.fail(ErrInvalidValue, "string "+strconv.Quote(v)+" is not valid UTF-8")
		return
	}
	if !b.begin() {
		return
	}
	b.stringHeader(len(v))
	b.buf = append(b.buf, v...)
}

// stringHeader appends the header of a string of n bytes.
func (b *Builder) stringHeader(n int) {
	if n <= 63 {
		b.buf = append(b.buf, byte(n)<<2|byte(BasicShortString))
	} else {
		b.prim(PrimitiveString)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(n))
	}
}

// AppendUUID appends a uuid (16 bytes, big-endian).
func (b *Builder) AppendUUID(v uuid.UUID) {
	if b.begin() {
		b.prim(PrimitiveUUID)
		b.buf = append(b.buf, v[:]...)
	}
}

// AppendVariant appends a copy of the value v, re-keying its objects into
// this builder's dictionary. Scalars are copied byte for byte, so their
// physical type is kept, except that strings take the short form when they
// have at most 63 bytes. v is validated first (see [Variant.Validate]), so
// a View over malformed bytes is an [ErrInvalidValue] or [ErrTooDeep]
// instead of a malformed copy.
func (b *Builder) AppendVariant(v Variant) {
	if b.err != nil {
		return
	}
	if err := v.Validate(); err != nil {
		b.err = err
		return
	}
	b.appendValid(v)
}

// appendValid is AppendVariant for a validated value: its headers, ids and
// offsets are known to be in bounds, so the accessors cannot fail.
func (b *Builder) appendValid(v Variant) {
	switch v.BasicType() {
	case BasicObject:
		o, _ := v.Object()
		b.BeginObject()
		for i := 0; i < o.Len() && b.err == nil; i++ {
			k, _ := o.key(i)
			f, _ := o.fieldValue(i)
			b.Key(string(k))
			b.appendValid(f)
		}
		b.EndObject()
	case BasicArray:
		a, _ := v.Array()
		b.BeginArray()
		for i := 0; i < a.Len() && b.err == nil; i++ {
			e, _ := a.At(i)
			b.appendValid(e)
		}
		b.EndArray()
	default:
		if !b.begin() {
			return
		}
		if v.Type() == TypeString {
			s, _ := v.StrBytes()
			b.stringHeader(len(s))
			b.buf = append(b.buf, s...)
			return
		}
		b.buf = append(b.buf, v.value...)
	}
}

// Build returns the Variant built. Its buffers belong to the builder: they
// stay valid until the next Reset (use [Variant.Clone] to keep the Variant
// longer). It fails with the first error the builder met, or with
// [ErrBuilder] when no value or an unclosed object or array was appended.
func (b *Builder) Build() (Variant, error) {
	if err := b.complete(); err != nil {
		return Variant{}, err
	}
	if !b.built {
		if b.finish(); b.err != nil {
			return Variant{}, b.err
		}
		b.out = b.emitValue(b.out[:0])
		b.built = true
	}
	return Variant{meta: b.metadata(), value: b.out}, nil
}

// buildCopy is Build into one new buffer holding the metadata and the
// value, which shares nothing with the builder.
func (b *Builder) buildCopy() (Variant, error) {
	if err := b.complete(); err != nil {
		return Variant{}, err
	}
	if b.finish(); b.err != nil {
		return Variant{}, b.err
	}
	m := b.metadata()
	n := len(m.Bytes())
	dst := make([]byte, n, n+b.valueSize())
	copy(dst, m.Bytes())
	if m.raw != nil {
		m.raw = dst[:n:n]
	}
	dst = b.emitValue(dst)
	return Variant{meta: m, value: dst[n:len(dst):len(dst)]}, nil
}

// complete returns the error Build fails with, if any.
func (b *Builder) complete() error {
	if b.err != nil {
		return b.err
	}
	if !b.done {
		return &Error{Err: ErrBuilder, Offset: -1, Msg: "no value was appended"}
	}
	if len(b.stack) > 0 {
		return &Error{Err: ErrBuilder, Offset: -1, Msg: strconv.Itoa(len(b.stack)) + " object or array not closed"}
	}
	if uint64(len(b.buf)) > maxValueSize {
		return &Error{Err: ErrBuilder, Offset: -1, Msg: "the value has more than " + strconv.FormatUint(maxValueSize, 10) + " bytes"}
	}
	return nil
}

// metadata returns the dictionary of the value built.
func (b *Builder) metadata() Metadata {
	if b.hasMeta {
		return b.meta
	}
	return b.dict
}
