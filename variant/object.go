package variant

import (
	"iter"
	"strconv"
)

// objectHeader is the decoded layout of an object value
// (VariantEncoding.md, "Value Data for Object").
type objectHeader struct {
	num       int // num_elements
	idSize    int // field_id_size: 1 to 4 bytes
	offSize   int // field_offset_size: 1 to 4 bytes
	idsStart  int // first field_id
	offsStart int // first field_offset
	dataStart int // first byte of the first value; offsets are relative to it
	dataSize  int // the last field_offset: total bytes of the values
}

// parseObjectHeader reads the header of the object value at b[0] and checks
// that its field ids and offsets fit in b.
func parseObjectHeader(b []byte) (objectHeader, error) {
	h := b[0] >> 2
	o := objectHeader{
		offSize: int(h&3) + 1,
		idSize:  int(h>>2&3) + 1,
	}
	large := h&0x10 != 0
	o.idsStart = 2
	if large {
		o.idsStart = 5
	}
	if len(b) < o.idsStart {
		return o, valueError(1, "truncated num_elements of object")
	}
	num := uint64(b[1])
	if large {
		num = uint64(readUint(b[1:], 4))
	}
	// In 64 bits: num_elements near 2^32 would wrap an int on 32-bit
	// platforms.
	need := uint64(o.idsStart) + num*uint64(o.idSize) + (num+1)*uint64(o.offSize)
	if need > uint64(len(b)) {
		return o, valueError(1, "object of "+strconv.FormatUint(num, 10)+" fields: field ids and offsets need "+strconv.FormatUint(need, 10)+" bytes, have "+strconv.Itoa(len(b)))
	}
	o.num = int(num)
	o.offsStart = o.idsStart + o.num*o.idSize
	o.dataStart = o.offsStart + (o.num+1)*o.offSize
	o.dataSize = int(readUint(b[o.offsStart+o.num*o.offSize:], o.offSize))
	return o, nil
}

// fmtSize formats a field id, offset or size read from a 1- to 4-byte
// unsigned field. Such a value of 2^31 or more is a negative int on 32-bit
// platforms, where all comparisons with it are made as uint.
func fmtSize(n int) string { return strconv.FormatUint(uint64(uint(n)), 10) }

func (o *objectHeader) fieldID(b []byte, i int) int {
	return int(readUint(b[o.idsStart+i*o.idSize:], o.idSize))
}

func (o *objectHeader) fieldOffset(b []byte, i int) int {
	return int(readUint(b[o.offsStart+i*o.offSize:], o.offSize))
}

// Object is a view of an object value: its fields are listed in the order of
// their keys (unsigned byte order, as the spec requires of field ids).
type Object struct {
	v Variant
	h objectHeader
}

// Object returns the object view of v. It fails with [ErrTypeMismatch] when v
// is not an object and with [ErrInvalidValue] when its header does not fit.
func (v Variant) Object() (Object, error) {
	if len(v.value) == 0 || BasicType(v.value[0]&3) != BasicObject {
		return Object{}, mismatch("object", v.Type())
	}
	h, err := parseObjectHeader(v.value)
	if err != nil {
		return Object{}, err
	}
	return Object{v: v, h: h}, nil
}

// Len returns the number of fields.
func (o Object) Len() int { return o.h.num }

// fieldValue returns the value of field i, bounds-checked.
func (o Object) fieldValue(i int) (Variant, error) {
	b := o.v.value
	off := o.h.fieldOffset(b, i)
	start := o.h.dataStart + off
	end := o.h.dataStart + o.h.dataSize
	if uint(off) >= uint(o.h.dataSize) || uint(o.h.dataSize) > uint(len(b)-o.h.dataStart) {
		return Variant{}, valueError(o.h.offsStart+i*o.h.offSize, "field offset "+fmtSize(off)+" outside the "+fmtSize(o.h.dataSize)+" bytes of values")
	}
	n, err := valueSize(b[start:end])
	if err != nil {
		return Variant{}, shiftError(err, start)
	}
	return Variant{meta: o.v.meta, value: b[start : start+n]}, nil
}

// key returns the key of field i, bounds-checked against the dictionary.
func (o Object) key(i int) ([]byte, error) {
	id := o.h.fieldID(o.v.value, i)
	k, ok := o.v.meta.KeyBytes(id)
	if !ok {
		return nil, valueError(o.h.idsStart+i*o.h.idSize, "field id "+fmtSize(id)+" out of range, dictionary size "+strconv.Itoa(o.v.meta.Len()))
	}
	return k, nil
}

// At returns the key and value of field i, 0 <= i < Len(), in key order.
func (o Object) At(i int) (string, Variant, error) {
	if i < 0 || i >= o.h.num {
		return "", Variant{}, &Error{Err: ErrInvalidPath, Offset: -1, Msg: "field index " + strconv.Itoa(i) + " out of range [0, " + strconv.Itoa(o.h.num) + ")"}
	}
	k, err := o.key(i)
	if err != nil {
		return "", Variant{}, err
	}
	val, err := o.fieldValue(i)
	if err != nil {
		return "", Variant{}, err
	}
	return string(k), val, nil
}

// Field returns the value of the field named name and whether the object has
// it. Field ids are sorted by key, so the search is a bisection over them;
// with a sorted dictionary the key's id is found once and ids are compared as
// integers. It does not allocate. Names are case-sensitive.
func (o Object) Field(name string) (Variant, bool, error) {
	b := o.v.value
	lo, hi := 0, o.h.num
	if o.v.meta.sorted {
		want, ok := o.v.meta.ID(name)
		if !ok {
			return Variant{}, false, nil
		}
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if o.h.fieldID(b, mid) < want {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo == o.h.num || o.h.fieldID(b, lo) != want {
			return Variant{}, false, nil
		}
	} else {
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			k, err := o.key(mid)
			if err != nil {
				return Variant{}, false, err
			}
			if string(k) < name {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo == o.h.num {
			return Variant{}, false, nil
		}
		k, err := o.key(lo)
		if err != nil {
			return Variant{}, false, err
		}
		if string(k) != name {
			return Variant{}, false, nil
		}
	}
	val, err := o.fieldValue(lo)
	if err != nil {
		return Variant{}, false, err
	}
	return val, true, nil
}

// All iterates over the fields in key order. It stops early at a malformed
// field; call [Variant.Validate] first to tell that apart from the end.
func (o Object) All() iter.Seq2[string, Variant] {
	return func(yield func(string, Variant) bool) {
		for i := 0; i < o.h.num; i++ {
			k, val, err := o.At(i)
			if err != nil || !yield(k, val) {
				return
			}
		}
	}
}

// Field returns the value of the field named name when v is an object. It
// returns false, and no error, when v is an object without that field or not
// an object at all; errors are for malformed bytes only.
func (v Variant) Field(name string) (Variant, bool, error) {
	if len(v.value) == 0 || BasicType(v.value[0]&3) != BasicObject {
		return Variant{}, false, nil
	}
	o, err := v.Object()
	if err != nil {
		return Variant{}, false, err
	}
	return o.Field(name)
}

// shiftError adds base to the offset of a decoding error from a sub-buffer.
func shiftError(err error, base int) error {
	if e, ok := err.(*Error); ok && e.Offset >= 0 {
		c := *e
		c.Offset += base
		return &c
	}
	return err
}
