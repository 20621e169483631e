package variant

import (
	"encoding/binary"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Validate checks the whole value against VariantEncoding.md: every header
// names a known basic and primitive type; every size, offset and field id is
// in bounds; values take exactly the bytes their headers say, the values of
// an object or array follow each other without gaps or overlap (in any
// order for an object), and the buffer holds exactly one value; strings and
// keys are UTF-8; decimal scales are at most 38 and decimal4, decimal8 and
// decimal16 hold at most 9, 18 and 38 digits (the Decimal table); times of
// day are in [00:00:00, 24:00:00); object fields are listed in strictly
// increasing unsigned byte order of their keys (sorted and unique, "Object
// field ID order and uniqueness"); and nesting is at most [MaxDepth] deep.
//
// The error is an [*Error] wrapping [ErrInvalidValue] or [ErrTooDeep], with
// the byte offset in the value buffer and the path of the value at fault.
func (v Variant) Validate() error {
	// The path is passed down the walk rather than kept in the validator:
	// a slice stored through a pointer escapes, and validating would then
	// allocate for every value.
	var pathBuf [16]pathStep
	c := validator{meta: v.meta}
	n, err := c.value(v.value, 0, 0, pathBuf[:0])
	if err != nil {
		return err
	}
	if n != len(v.value) {
		return c.fail(ErrInvalidValue, n, strconv.Itoa(len(v.value)-n)+" bytes after the value", nil)
	}
	return nil
}

// validator walks a value; its methods take the path to the current value so
// that an error can say where it is.
type validator struct {
	meta Metadata
}

type pathStep struct {
	key   []byte
	index int // used when key is nil
}

func (c *validator) fail(sentinel error, offset int, msg string, path []pathStep) error {
	var p []byte
	p = append(p, '$')
	for _, s := range path {
		if s.key != nil {
			p = AppendPathKey(p, string(s.key))
		} else {
			p = append(p, '[')
			p = strconv.AppendInt(p, int64(s.index), 10)
			p = append(p, ']')
		}
	}
	return &Error{Err: sentinel, Offset: offset, Path: string(p), Msg: msg}
}

// value validates the value at b[0] (b may extend past it), whose first byte
// is at offset base of the top-level buffer, and returns its size.
func (c *validator) value(b []byte, base, depth int, path []pathStep) (int, error) {
	n, err := valueSize(b)
	if err != nil {
		e := err.(*Error)
		return 0, c.fail(ErrInvalidValue, base+e.Offset, e.Msg, path)
	}
	b = b[:n]
	switch BasicType(b[0] & 3) {
	case BasicShortString:
		if !utf8.Valid(b[1:]) {
			return 0, c.fail(ErrInvalidValue, base+1, "short string is not valid UTF-8", path)
		}
	case BasicPrimitive:
		switch PrimitiveType(b[0] >> 2) {
		case PrimitiveString:
			if !utf8.Valid(b[5:]) {
				return 0, c.fail(ErrInvalidValue, base+5, "string is not valid UTF-8", path)
			}
		case PrimitiveDecimal4, PrimitiveDecimal8, PrimitiveDecimal16:
			if b[1] > MaxDecimalPrecision {
				return 0, c.fail(ErrInvalidValue, base+1, "decimal scale "+strconv.Itoa(int(b[1]))+" above 38", path)
			}
			// The Decimal table gives each width its precisions:
			// decimal4 1 to 9 digits, decimal8 10 to 18, decimal16 19
			// to 38 (a narrower value in a wider type is valid); more
			// than 38 is not supported.
			d, err := View(Metadata{}, b).Decimal()
			switch pt, p := PrimitiveType(b[0]>>2), d.Precision(); {
			case err != nil || p > MaxDecimalPrecision:
				return 0, c.fail(ErrInvalidValue, base+2, "decimal of more than 38 digits", path)
			case pt == PrimitiveDecimal4 && p > 9:
				return 0, c.fail(ErrInvalidValue, base+2, "decimal4 of more than 9 digits", path)
			case pt == PrimitiveDecimal8 && p > 18:
				return 0, c.fail(ErrInvalidValue, base+2, "decimal8 of more than 18 digits", path)
			}
		case PrimitiveTime:
			if us := int64(binary.LittleEndian.Uint64(b[1:])); us < 0 || us >= microsPerDay {
				return 0, c.fail(ErrInvalidValue, base+1, "time of day "+strconv.FormatInt(us, 10)+" µs outside [00:00:00, 24:00:00)", path)
			}
		}
	case BasicObject:
		if depth >= MaxDepth {
			return 0, c.fail(ErrTooDeep, base, "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays", path)
		}
		if err := c.object(b, base, depth, path); err != nil {
			return 0, err
		}
	case BasicArray:
		if depth >= MaxDepth {
			return 0, c.fail(ErrTooDeep, base, "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays", path)
		}
		if err := c.array(b, base, depth, path); err != nil {
			return 0, err
		}
	}
	return n, nil
}

func (c *validator) object(b []byte, base, depth int, path []pathStep) error {
	h, _ := parseObjectHeader(b) // valueSize parsed it already
	var prev []byte
	for i := 0; i < h.num; i++ {
		at := h.idsStart + i*h.idSize
		id := h.fieldID(b, i)
		key, ok := c.meta.KeyBytes(id)
		if !ok {
			return c.fail(ErrInvalidValue, base+at, "field id "+fmtSize(id)+" out of range, dictionary size "+strconv.Itoa(c.meta.Len()), path)
		}
		if i > 0 {
			switch {
			case string(prev) == string(key):
				return c.fail(ErrInvalidValue, base+at, "duplicate key "+strconv.Quote(string(key)), path)
			case string(prev) > string(key):
				return c.fail(ErrInvalidValue, base+at, "key "+strconv.Quote(string(key))+" listed after "+strconv.Quote(string(prev))+": field ids must be in key order", path)
			}
		}
		prev = key
	}
	if err := c.objectLayout(b, h, base, path); err != nil {
		return err
	}
	for i := 0; i < h.num; i++ {
		key, _ := c.meta.KeyBytes(h.fieldID(b, i))
		off := h.dataStart + h.fieldOffset(b, i)
		if _, err := c.value(b[off:], base+off, depth+1, append(path, pathStep{key: key})); err != nil {
			return err
		}
	}
	return nil
}

// span is the place of one field value in an object's value bytes.
type span struct{ start, end, field int }

// objectLayout checks, before any field value is walked, that the field
// values are what the grammar makes them ("fields: <value>*"): values that
// follow each other, in any order, without gaps or overlap, filling the
// data_size bytes exactly. Shared or overlapping values would let a small
// buffer stand for an exponentially large value.
func (c *validator) objectLayout(b []byte, h objectHeader, base int, path []pathStep) error {
	pos, inOrder := 0, true
	var spanBuf [32]span
	spans := spanBuf[:0]
	for i := 0; i < h.num; i++ {
		off := h.fieldOffset(b, i)
		if uint(off) >= uint(h.dataSize) {
			return c.fail(ErrInvalidValue, base+h.offsStart+i*h.offSize, "field offset "+fmtSize(off)+" outside the "+fmtSize(h.dataSize)+" bytes of values", path)
		}
		n, err := valueSize(b[h.dataStart+off:])
		if err != nil {
			key, _ := c.meta.KeyBytes(h.fieldID(b, i))
			return c.fail(ErrInvalidValue, base+h.dataStart+off+err.(*Error).Offset, err.(*Error).Msg, append(path, pathStep{key: key}))
		}
		if inOrder && off != pos {
			inOrder = false
		}
		pos += n
		spans = append(spans, span{start: off, end: off + n, field: i})
	}
	if inOrder && pos == h.dataSize {
		return nil
	}
	slices.SortFunc(spans, func(x, y span) int { return x.start - y.start })
	pos = 0
	for _, s := range spans {
		if s.start != pos {
			return c.fail(ErrInvalidValue, base+h.offsStart+s.field*h.offSize, "field "+strconv.Itoa(s.field)+" value at offset "+strconv.Itoa(s.start)+" overlaps another or leaves a gap (expected a value at "+strconv.Itoa(pos)+")", path)
		}
		pos = s.end
	}
	if pos != h.dataSize {
		return c.fail(ErrInvalidValue, base+h.offsStart+h.num*h.offSize, strconv.Itoa(h.dataSize-pos)+" bytes after the last field value", path)
	}
	return nil
}

func (c *validator) array(b []byte, base, depth int, path []pathStep) error {
	h, _ := parseArrayHeader(b) // valueSize parsed it already
	// Elements follow each other without gaps or overlap ("fields:
	// <value>*"), each starting where the one before ended.
	pos := 0
	for i := 0; i < h.num; i++ {
		off := h.offset(b, i)
		if off != pos {
			return c.fail(ErrInvalidValue, base+h.offsStart+i*h.offSize, "element offset "+fmtSize(off)+", want "+strconv.Itoa(pos)+": elements must follow each other", path)
		}
		if off >= h.dataSize {
			return c.fail(ErrInvalidValue, base+h.offsStart+i*h.offSize, "element offset "+strconv.Itoa(off)+" outside the "+strconv.Itoa(h.dataSize)+" bytes of elements", path)
		}
		n, err := c.value(b[h.dataStart+off:], base+h.dataStart+off, depth+1, append(path, pathStep{index: i}))
		if err != nil {
			return err
		}
		pos += n
	}
	if pos != h.dataSize {
		return c.fail(ErrInvalidValue, base+h.offsStart+h.num*h.offSize, strconv.Itoa(h.dataSize-pos)+" bytes after the last element", path)
	}
	return nil
}
