package variant

import (
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Builder builds one Variant value at a time in the spec's exact form
// (VariantEncoding.md): a sorted, de-duplicated dictionary of the keys given
// (or a fixed dictionary given to [Builder.UseMetadata]; with last-wins, a
// key given only inside a value that a later duplicate replaced stays in the
// dictionary, which the spec allows); the smallest field
// id and field offset sizes each object and array can have; is_large only
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
	buf     []byte         // encoded values so far
	scratch []byte         // where a container is assembled at its end
	stack   []frame        // open objects and arrays
	fields  []fieldEntry   // fields of the open objects, innermost last
	elems   []int          // element starts of the open arrays, innermost last
	keyIDs  map[string]int // key to provisional id, kept while !same
	keys    []string       // keys by provisional id, in first-seen order
	meta    Metadata       // fixed dictionary, when hasMeta
	metaBuf []byte         // the built dictionary
	order   []int          // final id to provisional id
	dict    Metadata       // the built dictionary, once finished
	final   bool           // buf holds final field ids and dict is built
	// The dictionary of the last value finished, reused by the next values
	// while they give the same keys in the same order (see builder_dict.go).
	prev     []string       // its keys by provisional id
	prevIDs  map[string]int // its key to provisional id; ids >= len(prev) are stale
	rank     []int          // its provisional id to final id
	identity bool           // rank is the identity: the keys came sorted
	same     bool           // keys is prev[:len(keys)] so far; keyIDs is unused
	hasMeta  bool
	last     bool // duplicate keys: keep the last value
	done     bool // the top-level value is complete
	err      error
}

type frame struct {
	object  bool
	start   int  // where the container's values start in buf
	first   int  // first entry of this container in fields or elems
	keyID   int  // the pending key's id
	haveKey bool // Key was called and its value not yet appended
}

type fieldEntry struct {
	id    int
	start int // where the value starts in buf
	end   int // filled in at EndObject
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
	b.fields = b.fields[:0]
	b.elems = b.elems[:0]
	if len(b.keyIDs) > 0 {
		clear(b.keyIDs)
	}
	b.keys = b.keys[:0]
	b.same = len(b.prev) > 0
	b.done = false
	b.final = false
	b.err = nil
}

func (b *Builder) fail(sentinel error, msg string) {
	if b.err == nil {
		b.err = &Error{Err: sentinel, Offset: -1, Msg: msg}
	}
}

// begin registers a value about to be appended with its container and
// reports whether appending may go on.
func (b *Builder) begin() bool {
	if b.err != nil {
		return false
	}
	if len(b.stack) == 0 {
		if b.done {
			b.fail(ErrBuilder, "a second top-level value; call Reset between values")
			return false
		}
		b.done = true
		return true
	}
	f := &b.stack[len(b.stack)-1]
	if f.object {
		if !f.haveKey {
			b.fail(ErrBuilder, "object field value without a Key")
			return false
		}
		f.haveKey = false
		b.fields = append(b.fields, fieldEntry{id: f.keyID, start: len(b.buf)})
		return true
	}
	b.elems = append(b.elems, len(b.buf))
	return true
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
	first := len(b.elems)
	if object {
		first = len(b.fields)
	}
	b.stack = append(b.stack, frame{object: object, start: len(b.buf), first: first})
}

// EndObject closes the innermost open object: its fields are sorted by key,
// a duplicate key is resolved (see [Builder.SetLastWins]) and the object
// header is written with the smallest field id and offset sizes.
func (b *Builder) EndObject() {
	if b.err != nil {
		return
	}
	if len(b.stack) == 0 || !b.stack[len(b.stack)-1].object {
		b.fail(ErrBuilder, "EndObject without an open object")
		return
	}
	f := b.stack[len(b.stack)-1]
	if f.haveKey {
		b.fail(ErrBuilder, "EndObject after a Key with no value")
		return
	}
	entries := b.fields[f.first:]
	for i := range entries {
		if i+1 < len(entries) {
			entries[i].end = entries[i+1].start
		} else {
			entries[i].end = len(b.buf)
		}
	}
	b.sortFields(entries)
	// Duplicates are adjacent now, in the order they were given.
	kept := entries[:0]
	for i, e := range entries {
		if i+1 < len(entries) && entries[i+1].id == e.id {
			if !b.last {
				b.fail(ErrDuplicateKey, strconv.Quote(b.keyOf(e.id)))
				return
			}
			continue
		}
		kept = append(kept, e)
	}
	dataSize, maxID := 0, 0
	for _, e := range kept {
		dataSize += e.end - e.start
		maxID = max(maxID, e.id)
	}
	n := len(kept)
	idSize, offSize := widthFor(uint64(maxID)), widthFor(uint64(dataSize))
	large := n > 255
	h := byte(idSize-1)<<2 | byte(offSize-1)
	if large {
		h |= 0x10
	}
	s := append(b.scratch[:0], h<<2|byte(BasicObject))
	s = appendCount(s, n, large)
	for _, e := range kept {
		s = appendUint(s, uint32(e.id), idSize)
	}
	off := 0
	for _, e := range kept {
		s = appendUint(s, uint32(off), offSize)
		off += e.end - e.start
	}
	s = appendUint(s, uint32(off), offSize)
	for _, e := range kept {
		s = append(s, b.buf[e.start:e.end]...)
	}
	b.scratch = s
	b.buf = append(b.buf[:f.start], s...)
	b.fields = b.fields[:f.first]
	b.stack = b.stack[:len(b.stack)-1]
}

// sortFields sorts entries by key, keeping the given order among equal keys:
// their values start in buf in the order they were given, so the start
// breaks ties and the sort needs to be neither stable nor allocating.
func (b *Builder) sortFields(entries []fieldEntry) {
	if b.hasMeta && b.meta.sorted {
		slices.SortFunc(entries, func(x, y fieldEntry) int {
			if x.id != y.id {
				return x.id - y.id
			}
			return x.start - y.start
		})
		return
	}
	if !b.hasMeta && b.same {
		// The keys so far are the previous value's, whose order is known.
		rank := b.rank
		slices.SortFunc(entries, func(x, y fieldEntry) int {
			if rank[x.id] != rank[y.id] {
				return rank[x.id] - rank[y.id]
			}
			return x.start - y.start
		})
		return
	}
	slices.SortFunc(entries, func(x, y fieldEntry) int {
		if c := strings.Compare(b.keyOf(x.id), b.keyOf(y.id)); c != 0 {
			return c
		}
		return x.start - y.start
	})
}

// EndArray closes the innermost open array.
func (b *Builder) EndArray() {
	if b.err != nil {
		return
	}
	if len(b.stack) == 0 || b.stack[len(b.stack)-1].object {
		b.fail(ErrBuilder, "EndArray without an open array")
		return
	}
	f := b.stack[len(b.stack)-1]
	starts := b.elems[f.first:]
	n := len(starts)
	dataSize := len(b.buf) - f.start
	offSize := widthFor(uint64(dataSize))
	large := n > 255
	h := byte(offSize - 1)
	if large {
		h |= 0x04
	}
	s := append(b.scratch[:0], h<<2|byte(BasicArray))
	s = appendCount(s, n, large)
	for _, st := range starts {
		s = appendUint(s, uint32(st-f.start), offSize)
	}
	s = appendUint(s, uint32(dataSize), offSize)
	s = append(s, b.buf[f.start:]...)
	b.scratch = s
	b.buf = append(b.buf[:f.start], s...)
	b.elems = b.elems[:f.first]
	b.stack = b.stack[:len(b.stack)-1]
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

func appendCount(s []byte, n int, large bool) []byte {
	if large {
		return binary.LittleEndian.AppendUint32(s, uint32(n))
	}
	return append(s, byte(n))
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
	switch {
	case v == int64(int8(v)):
		b.AppendInt8(int8(v))
	case v == int64(int16(v)):
		b.AppendInt16(int16(v))
	case v == int64(int32(v)):
		b.AppendInt32(int32(v))
	default:
		b.AppendInt64(v)
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
// (up to 18) or decimal16 (up to 38), keeping its scale.
func (b *Builder) AppendDecimal(d Decimal) {
	p := d.Precision()
	if p > MaxDecimalPrecision {
		b.fail(ErrInvalidDecimal, d.String()+" has more than 38 digits")
		return
	}
	if !b.begin() {
		return
	}
	switch {
	case p <= 9:
		b.buf = append(b.buf, byte(PrimitiveDecimal4)<<2, d.scale)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(d.lo))
	case p <= 18:
		b.buf = append(b.buf, byte(PrimitiveDecimal8)<<2, d.scale)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, d.lo)
	default:
		b.buf = append(b.buf, byte(PrimitiveDecimal16)<<2, d.scale)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, d.lo)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, uint64(d.hi))
	}
}

// AppendDate appends a date, in days since 1970-01-01.
func (b *Builder) AppendDate(days int32) {
	if b.begin() {
		b.prim(PrimitiveDate)
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(days))
	}
}

// AppendTimeMicros appends a time of day without time zone, in microseconds
// since midnight.
func (b *Builder) AppendTimeMicros(micros int64) { b.fixed64(PrimitiveTime, uint64(micros)) }

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
	if b.err != nil {
		return Variant{}, b.err
	}
	if !b.done {
		return Variant{}, &Error{Err: ErrBuilder, Offset: -1, Msg: "no value was appended"}
	}
	if len(b.stack) > 0 {
		return Variant{}, &Error{Err: ErrBuilder, Offset: -1, Msg: strconv.Itoa(len(b.stack)) + " object or array not closed"}
	}
	if b.hasMeta {
		return Variant{meta: b.meta, value: b.buf}, nil
	}
	if !b.final {
		b.finish()
	}
	return Variant{meta: b.dict, value: b.buf}, nil
}
