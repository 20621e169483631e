package variant

import (
	"strconv"
	"unicode/utf8"
)

// Metadata is a decoded Variant metadata buffer: the header and the
// dictionary of object keys (VariantEncoding.md, "Metadata encoding"). It is a
// view over the buffer it was decoded from and copies nothing; the buffer must
// not change while the Metadata is in use.
//
// The zero Metadata is the empty dictionary; its Bytes are 11 00 00 (sorted,
// as an empty dictionary trivially is).
//
// Its fields are kept small (32 bytes, a Variant 56), because readers copy
// Metadata and Variants by value and keep them by the row.
type Metadata struct {
	raw        []byte
	size       uint32 // dictionary_size: the number of keys
	offsetSize uint8  // bytes per dictionary_size and offset field, 1 to 4
	sorted     bool   // sorted_strings: keys sorted and unique
}

// emptyMetadata is version 1, sorted, 1-byte offsets, no keys.
var emptyMetadata = []byte{0x11, 0x00, 0x00}

// metadataVersion is the only version the spec defines.
const metadataVersion = 1

// DecodeMetadata decodes and validates a metadata buffer: version 1; an
// offset_size of 1 to 4 bytes; a dictionary_size and dictionary_size+1
// offsets that fit the buffer; offsets that start at 0, never decrease and
// end at the length of the string bytes, which is the end of the buffer;
// UTF-8 keys; and, when sorted_strings is set, keys strictly increasing in
// unsigned byte order (so unique). Bytes after the last string are an error.
//
// The error wraps [ErrInvalidMetadata] and gives the byte offset of the fault.
// The returned Metadata refers to buf without copying it.
func DecodeMetadata(buf []byte) (Metadata, error) {
	if len(buf) == 0 {
		return Metadata{}, metadataError(0, "empty buffer")
	}
	h := buf[0]
	if v := h & 0x0F; v != metadataVersion {
		return Metadata{}, metadataError(0, "unsupported version "+strconv.Itoa(int(v)))
	}
	m := Metadata{raw: buf, offsetSize: h>>6 + 1, sorted: h&0x10 != 0}
	os := int(m.offsetSize)
	if len(buf) < 1+os {
		return Metadata{}, metadataError(1, "truncated dictionary_size")
	}
	size := readUint(buf[1:], os)
	// dictionary_size+1 offsets must fit in what is left of the buffer.
	if uint64(size)+1 > uint64(len(buf)-1-os)/uint64(os) {
		return Metadata{}, metadataError(1, "dictionary_size "+strconv.FormatUint(uint64(size), 10)+" does not fit a buffer of "+strconv.Itoa(len(buf))+" bytes")
	}
	m.size = size
	start := m.bytesStart()
	n := len(buf) - start
	prev := 0
	for i := 0; i <= int(size); i++ {
		at := 1 + os*(i+1)
		off := int(readUint(buf[at:], os))
		switch {
		case i == 0 && off != 0:
			return Metadata{}, metadataError(at, "first offset is "+fmtSize(off)+", want 0")
		case uint(off) < uint(prev):
			return Metadata{}, metadataError(at, "offset "+strconv.Itoa(i)+" decreases ("+fmtSize(off)+" < "+strconv.Itoa(prev)+")")
		case uint(off) > uint(n):
			return Metadata{}, metadataError(at, "offset "+strconv.Itoa(i)+" ("+fmtSize(off)+") past the end of "+strconv.Itoa(n)+" string bytes")
		}
		prev = off
	}
	if prev != n {
		return Metadata{}, metadataError(start+prev, strconv.Itoa(n-prev)+" bytes after the last key")
	}
	var last []byte
	for i := 0; i < int(size); i++ {
		k := m.keyBytes(i)
		if !utf8.Valid(k) {
			return Metadata{}, metadataError(start+m.offset(i), "key "+strconv.Itoa(i)+" is not valid UTF-8")
		}
		if m.sorted && i > 0 && string(last) >= string(k) {
			return Metadata{}, metadataError(start+m.offset(i), "sorted_strings is set but key "+strconv.Itoa(i)+" "+strconv.Quote(string(k))+" does not sort after "+strconv.Quote(string(last)))
		}
		last = k
	}
	return m, nil
}

// MustDecodeMetadata is DecodeMetadata for buffers known to be valid, such as
// constants in tests; it panics on error.
func MustDecodeMetadata(buf []byte) Metadata {
	m, err := DecodeMetadata(buf)
	if err != nil {
		panic(err)
	}
	return m
}

// readUint reads an n-byte (1 to 4) unsigned little-endian integer; the
// caller guarantees that b holds n bytes.
func readUint(b []byte, n int) uint32 {
	switch n {
	case 1:
		return uint32(b[0])
	case 2:
		return uint32(b[0]) | uint32(b[1])<<8
	case 3:
		return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
	default:
		return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
	}
}

func (m Metadata) offset(i int) int {
	os := int(m.offsetSize)
	return int(readUint(m.raw[1+os*(i+1):], os))
}

// bytesStart is where the string bytes begin in raw: after the header,
// dictionary_size and dictionary_size+1 offsets.
func (m Metadata) bytesStart() int { return 1 + int(m.offsetSize)*(int(m.size)+2) }

func (m Metadata) keyBytes(id int) []byte {
	start := m.bytesStart()
	return m.raw[start+m.offset(id) : start+m.offset(id+1)]
}

// Bytes returns the encoded metadata buffer (not a copy).
func (m Metadata) Bytes() []byte {
	if m.raw == nil {
		return emptyMetadata
	}
	return m.raw
}

// Len returns dictionary_size, the number of keys.
func (m Metadata) Len() int { return int(m.size) }

// Sorted reports the sorted_strings flag: keys are sorted and unique.
func (m Metadata) Sorted() bool { return m.sorted || m.raw == nil }

// OffsetSize returns the bytes per dictionary_size and offset field (1 to 4).
func (m Metadata) OffsetSize() int {
	if m.raw == nil {
		return 1
	}
	return int(m.offsetSize)
}

// Key returns the key with dictionary id id, and false when id is not in
// [0, Len()).
func (m Metadata) Key(id int) (string, bool) {
	if id < 0 || id >= int(m.size) {
		return "", false
	}
	return string(m.keyBytes(id)), true
}

// KeyBytes is Key without the copy: the bytes are a view into the buffer.
func (m Metadata) KeyBytes(id int) ([]byte, bool) {
	if id < 0 || id >= int(m.size) {
		return nil, false
	}
	return m.keyBytes(id), true
}

// ID returns the dictionary id of key, and false when the dictionary does not
// hold it. Sorted dictionaries are searched by bisection; unsorted ones, in
// which the spec lets readers assume neither order nor uniqueness, linearly,
// returning the first id that holds the key. It does not allocate.
func (m Metadata) ID(key string) (int, bool) {
	if m.sorted {
		lo, hi := 0, int(m.size)
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if string(m.keyBytes(mid)) < key {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo < int(m.size) && string(m.keyBytes(lo)) == key {
			return lo, true
		}
		return 0, false
	}
	for i := 0; i < int(m.size); i++ {
		if string(m.keyBytes(i)) == key {
			return i, true
		}
	}
	return 0, false
}

// Keys returns the dictionary keys in id order.
func (m Metadata) Keys() []string {
	keys := make([]string, m.size)
	for i := range keys {
		keys[i] = string(m.keyBytes(i))
	}
	return keys
}
