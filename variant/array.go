package variant

import (
	"iter"
	"strconv"
)

// arrayHeader is the decoded layout of an array value
// (VariantEncoding.md, "Value Data for Array").
type arrayHeader struct {
	num       int // num_elements
	offSize   int // field_offset_size: 1 to 4 bytes
	offsStart int // first field_offset
	dataStart int // first byte of the first element
	dataSize  int // the last field_offset: total bytes of the elements
}

// parseArrayHeader reads the header of the array value at b[0] and checks
// that its offsets fit in b.
func parseArrayHeader(b []byte) (arrayHeader, error) {
	h := b[0] >> 2
	a := arrayHeader{offSize: int(h&3) + 1}
	large := h&0x04 != 0
	a.offsStart = 2
	if large {
		a.offsStart = 5
	}
	if len(b) < a.offsStart {
		return a, valueError(1, "truncated num_elements of array")
	}
	num := uint64(b[1])
	if large {
		num = uint64(readUint(b[1:], 4))
	}
	// In 64 bits: num_elements near 2^32 would wrap an int on 32-bit
	// platforms.
	need := uint64(a.offsStart) + (num+1)*uint64(a.offSize)
	if need > uint64(len(b)) {
		return a, valueError(1, "array of "+strconv.FormatUint(num, 10)+" elements: offsets need "+strconv.FormatUint(need, 10)+" bytes, have "+strconv.Itoa(len(b)))
	}
	a.num = int(num)
	a.dataStart = a.offsStart + (a.num+1)*a.offSize
	a.dataSize = int(readUint(b[a.offsStart+a.num*a.offSize:], a.offSize))
	return a, nil
}

func (a *arrayHeader) offset(b []byte, i int) int {
	return int(readUint(b[a.offsStart+i*a.offSize:], a.offSize))
}

// Array is a view of an array value.
type Array struct {
	v Variant
	h arrayHeader
}

// Array returns the array view of v. It fails with [ErrTypeMismatch] when v
// is not an array and with [ErrInvalidValue] when its header does not fit.
func (v Variant) Array() (Array, error) {
	if len(v.value) == 0 || BasicType(v.value[0]&3) != BasicArray {
		return Array{}, mismatch("array", v.Type())
	}
	h, err := parseArrayHeader(v.value)
	if err != nil {
		return Array{}, err
	}
	return Array{v: v, h: h}, nil
}

// Len returns the number of elements.
func (a Array) Len() int { return a.h.num }

// At returns element i, 0 <= i < Len(). It does not allocate.
func (a Array) At(i int) (Variant, error) {
	if i < 0 || i >= a.h.num {
		return Variant{}, &Error{Err: ErrInvalidPath, Offset: -1, Msg: "array index " + strconv.Itoa(i) + " out of range [0, " + strconv.Itoa(a.h.num) + ")"}
	}
	b := a.v.value
	off := a.h.offset(b, i)
	start := a.h.dataStart + off
	end := a.h.dataStart + a.h.dataSize
	if uint(off) >= uint(a.h.dataSize) || uint(a.h.dataSize) > uint(len(b)-a.h.dataStart) {
		return Variant{}, valueError(a.h.offsStart+i*a.h.offSize, "element offset "+fmtSize(off)+" outside the "+fmtSize(a.h.dataSize)+" bytes of elements")
	}
	n, err := valueSize(b[start:end])
	if err != nil {
		return Variant{}, shiftError(err, start)
	}
	return Variant{meta: a.v.meta, value: b[start : start+n]}, nil
}

// All iterates over the elements in order. It stops early at a malformed
// element; call [Variant.Validate] first to tell that apart from the end.
func (a Array) All() iter.Seq2[int, Variant] {
	return func(yield func(int, Variant) bool) {
		for i := 0; i < a.h.num; i++ {
			e, err := a.At(i)
			if err != nil || !yield(i, e) {
				return
			}
		}
	}
}

// Index returns element i when v is an array. It returns false, and no error,
// when v is not an array or i is outside [0, Len()); errors are for malformed
// bytes only.
func (v Variant) Index(i int) (Variant, bool, error) {
	if len(v.value) == 0 || BasicType(v.value[0]&3) != BasicArray {
		return Variant{}, false, nil
	}
	a, err := v.Array()
	if err != nil {
		return Variant{}, false, err
	}
	if i < 0 || i >= a.h.num {
		return Variant{}, false, nil
	}
	e, err := a.At(i)
	if err != nil {
		return Variant{}, false, err
	}
	return e, true, nil
}
