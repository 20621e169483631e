package variant

import (
	"strconv"
	"unicode/utf8"
)

// Validate checks the whole value against VariantEncoding.md: every header
// names a known basic and primitive type; every size, offset and field id is
// in bounds; values take exactly the bytes their headers say, and the buffer
// holds exactly one value; strings and keys are UTF-8; decimal scales are at
// most 38; object fields are listed in strictly increasing unsigned byte order
// of their keys (sorted and unique, "Object field ID order and uniqueness");
// and nesting is at most [MaxDepth] deep.
//
// The error is an [*Error] wrapping [ErrInvalidValue] or [ErrTooDeep], with
// the byte offset in the value buffer and the path of the value at fault.
func (v Variant) Validate() error {
	c := validator{meta: v.meta}
	n, err := c.value(v.value, 0, 0)
	if err == nil && n != len(v.value) {
		err = c.fail(ErrInvalidValue, n, strconv.Itoa(len(v.value)-n)+" bytes after the value")
	}
	if err != nil {
		err.(*Error).Path = "$" + err.(*Error).Path
		return err
	}
	return nil
}

// validator walks a value. An error is made at the fault with an empty path,
// and each enclosing object and array prefixes its step on the way back up
// (see [within]), so that nothing is kept for the path, and nothing
// allocated, while the value is valid.
type validator struct {
	meta Metadata
}

func (c *validator) fail(sentinel error, offset int, msg string) error {
	return &Error{Err: sentinel, Offset: offset, Msg: msg}
}

// within prefixes the path of err, an error of the validator about a child
// value, with step, the path step from the parent to that child.
func within(err error, step []byte) error {
	e := err.(*Error)
	e.Path = string(step) + e.Path
	return err
}

// value validates the value at b[0] (b may extend past it), whose first byte
// is at offset base of the top-level buffer, and returns its size.
func (c *validator) value(b []byte, base, depth int) (int, error) {
	n, err := valueSize(b)
	if err != nil {
		e := err.(*Error)
		return 0, c.fail(ErrInvalidValue, base+e.Offset, e.Msg)
	}
	b = b[:n]
	switch BasicType(b[0] & 3) {
	case BasicShortString:
		if !utf8.Valid(b[1:]) {
			return 0, c.fail(ErrInvalidValue, base+1, "short string is not valid UTF-8")
		}
	case BasicPrimitive:
		switch PrimitiveType(b[0] >> 2) {
		case PrimitiveString:
			if !utf8.Valid(b[5:]) {
				return 0, c.fail(ErrInvalidValue, base+5, "string is not valid UTF-8")
			}
		case PrimitiveDecimal4, PrimitiveDecimal8, PrimitiveDecimal16:
			if b[1] > MaxDecimalPrecision {
				return 0, c.fail(ErrInvalidValue, base+1, "decimal scale "+strconv.Itoa(int(b[1]))+" above 38")
			}
		}
	case BasicObject:
		if depth >= MaxDepth {
			return 0, c.fail(ErrTooDeep, base, "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays")
		}
		if err := c.object(b, base, depth); err != nil {
			return 0, err
		}
	case BasicArray:
		if depth >= MaxDepth {
			return 0, c.fail(ErrTooDeep, base, "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays")
		}
		if err := c.array(b, base, depth); err != nil {
			return 0, err
		}
	}
	return n, nil
}

func (c *validator) object(b []byte, base, depth int) error {
	h, _ := parseObjectHeader(b) // valueSize parsed it already
	var prev []byte
	for i := 0; i < h.num; i++ {
		at := h.idsStart + i*h.idSize
		id := h.fieldID(b, i)
		key, ok := c.meta.KeyBytes(id)
		if !ok {
			return c.fail(ErrInvalidValue, base+at, "field id "+strconv.Itoa(id)+" out of range, dictionary size "+strconv.Itoa(c.meta.Len()))
		}
		if i > 0 {
			switch {
			case string(prev) == string(key):
				return c.fail(ErrInvalidValue, base+at, "duplicate key "+strconv.Quote(string(key)))
			case string(prev) > string(key):
				return c.fail(ErrInvalidValue, base+at, "key "+strconv.Quote(string(key))+" listed after "+strconv.Quote(string(prev))+": field ids must be in key order")
			}
		}
		prev = key
		off := h.fieldOffset(b, i)
		if off >= h.dataSize {
			return c.fail(ErrInvalidValue, base+h.offsStart+i*h.offSize, "field offset "+strconv.Itoa(off)+" outside the "+strconv.Itoa(h.dataSize)+" bytes of values")
		}
		if _, err := c.value(b[h.dataStart+off:], base+h.dataStart+off, depth+1); err != nil {
			return within(err, appendPathKey(nil, string(key)))
		}
	}
	return nil
}

func (c *validator) array(b []byte, base, depth int) error {
	h, _ := parseArrayHeader(b) // valueSize parsed it already
	for i := 0; i < h.num; i++ {
		off := h.offset(b, i)
		if off >= h.dataSize {
			return c.fail(ErrInvalidValue, base+h.offsStart+i*h.offSize, "element offset "+strconv.Itoa(off)+" outside the "+strconv.Itoa(h.dataSize)+" bytes of elements")
		}
		if _, err := c.value(b[h.dataStart+off:], base+h.dataStart+off, depth+1); err != nil {
			return within(err, append(strconv.AppendInt([]byte{'['}, int64(i), 10), ']'))
		}
	}
	return nil
}
