package variant

import (
	"strconv"
)

// Variant is one Variant value with its metadata, the pair that the spec
// calls a Variant (VariantEncoding.md): the dictionary of object keys and the
// encoded value. Like a slice, it is a view: it refers to the buffers it was
// made from and copies nothing, so the buffers must not change while it is in
// use, and a Variant taken from driver-owned memory is valid only until that
// memory is reused. [Variant.Clone] makes an independent copy.
//
// A Variant never means SQL NULL: the spec's null is a value (the single byte
// 00, see [Variant.IsNull]); a column that can be SQL NULL is read into
// sql.Null[variant.Variant] or a *Variant.
//
// The zero Variant holds no value; its Type is [TypeInvalid].
type Variant struct {
	meta  Metadata
	value []byte
}

// New decodes and validates a metadata buffer and a value buffer and returns
// the Variant they encode. The value buffer must hold exactly one value:
// every header, size, offset and field id is checked (see [Variant.Validate]),
// and trailing bytes are an error. Errors wrap [ErrInvalidMetadata],
// [ErrInvalidValue] or [ErrTooDeep]. The Variant refers to both buffers
// without copying them.
func New(metadata, value []byte) (Variant, error) {
	m, err := DecodeMetadata(metadata)
	if err != nil {
		return Variant{}, err
	}
	return NewWithMetadata(m, value)
}

// NewWithMetadata is New for a metadata buffer that was decoded already, such
// as one dictionary shared by many values.
func NewWithMetadata(m Metadata, value []byte) (Variant, error) {
	v := Variant{meta: m, value: value}
	if err := v.Validate(); err != nil {
		return Variant{}, err
	}
	return v, nil
}

// MustNew is New for buffers known to be valid, such as constants in tests and
// examples; it panics on error.
func MustNew(metadata, value []byte) Variant {
	v, err := New(metadata, value)
	if err != nil {
		panic(err)
	}
	return v
}

// View returns the Variant of m and value without checking value. Accessors
// on it never read out of bounds: malformed bytes make them return an error
// wrapping [ErrInvalidValue]. Use it on a hot path where the bytes will be
// read only in part; use [New] or [Variant.Validate] to check them whole.
func View(m Metadata, value []byte) Variant {
	return Variant{meta: m, value: value}
}

// SetView makes *v the Variant View(*m, value) returns, field by field, for
// a reader that keeps Variants in memory of its own: nothing is built
// elsewhere and copied. Like View it does not check value, and *v shares
// the memory of m and value.
func (v *Variant) SetView(m *Metadata, value []byte) {
	v.meta = *m
	v.value = value
}

// Metadata returns the Variant's metadata.
func (v Variant) Metadata() Metadata { return v.meta }

// Bytes returns the encoded value bytes, the spec's value (not a copy).
func (v Variant) Bytes() []byte { return v.value }

// Clone returns a copy of v that shares no memory with the buffers v was made
// from. Metadata and value are copied into one allocation.
func (v Variant) Clone() Variant {
	return v.CopyTo(make([]byte, v.Size()))
}

// Size returns the bytes of v's metadata and value together: what CopyTo
// needs.
func (v Variant) Size() int { return len(v.meta.Bytes()) + len(v.value) }

// CopyTo copies v's metadata and value into dst, which must hold at least
// Size() bytes, and returns the same Variant over dst. It does not allocate,
// so a reader can keep many Variants in one buffer it reuses.
func (v Variant) CopyTo(dst []byte) Variant {
	mb := v.meta.Bytes()
	n := copy(dst, mb)
	copy(dst[n:], v.value)
	m := v.meta
	if v.meta.raw != nil {
		m.raw = dst[:n:n]
	}
	return Variant{meta: m, value: dst[n : n+len(v.value) : n+len(v.value)]}
}

// BasicType returns the basic type of the value; for the zero Variant it
// returns BasicPrimitive.
func (v Variant) BasicType() BasicType {
	if len(v.value) == 0 {
		return BasicPrimitive
	}
	return BasicType(v.value[0] & 3)
}

// PrimitiveType returns the primitive type ID when the basic type is
// [BasicPrimitive], and false otherwise.
func (v Variant) PrimitiveType() (PrimitiveType, bool) {
	if len(v.value) == 0 || v.value[0]&3 != 0 {
		return 0, false
	}
	return PrimitiveType(v.value[0] >> 2), true
}

// Type returns the logical type of the value, read from its first byte only.
// It returns [TypeInvalid] for the zero Variant and for primitive type IDs
// the spec does not define.
func (v Variant) Type() Type {
	if len(v.value) == 0 {
		return TypeInvalid
	}
	h := v.value[0]
	switch BasicType(h & 3) {
	case BasicShortString:
		return TypeString
	case BasicObject:
		return TypeObject
	case BasicArray:
		return TypeArray
	}
	if p := int(h >> 2); p < len(primitiveTypes) {
		return primitiveTypes[p]
	}
	return TypeInvalid
}

// IsNull reports whether the value is the Variant null (the byte 00), which
// is a value, unlike SQL NULL or a missing path.
func (v Variant) IsNull() bool {
	return len(v.value) > 0 && v.value[0] == 0
}

// valueSize returns the size in bytes of the value that starts at b[0],
// reading only headers, and checks that it fits in b.
func valueSize(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, valueError(0, "empty value")
	}
	h := b[0]
	var n uint64 // 64 bits: a 4-byte length would wrap an int on 32-bit platforms
	switch BasicType(h & 3) {
	case BasicPrimitive:
		p := int(h >> 2)
		if p >= len(primitiveSizes) {
			return 0, valueError(0, "unknown primitive type "+strconv.Itoa(p))
		}
		if s := primitiveSizes[p]; s >= 0 {
			n = uint64(1 + s)
		} else {
			if len(b) < 5 {
				return 0, valueError(1, "truncated length of "+primitiveTypes[p].String())
			}
			n = 5 + uint64(readUint(b[1:], 4))
		}
	case BasicShortString:
		n = 1 + uint64(h>>2)
	case BasicObject:
		o, err := parseObjectHeader(b)
		if err != nil {
			return 0, err
		}
		n = uint64(o.dataStart) + uint64(uint(o.dataSize))
	case BasicArray:
		a, err := parseArrayHeader(b)
		if err != nil {
			return 0, err
		}
		n = uint64(a.dataStart) + uint64(uint(a.dataSize))
	}
	if n > uint64(len(b)) {
		return 0, valueError(0, "value of "+strconv.FormatUint(n, 10)+" bytes past the end of a "+strconv.Itoa(len(b))+"-byte buffer")
	}
	return int(n), nil
}
