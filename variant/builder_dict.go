package variant

import (
	"encoding/binary"
	"slices"
	"strings"
)

// finish writes the collected keys as a sorted dictionary and gives every
// object in the value the final field ids.
//
// Keys get provisional ids in the order they are first seen, and objects are
// written with them (already in key order, which ids do not change). When
// the keys were first seen in sorted order the ids are final. Otherwise the
// ids are rewritten: in place when the dictionary has at most 256 keys (every
// id then takes one byte before and after), by re-encoding the value when
// field id sizes may change. When last-wins dropped a value, keys used only
// inside it are left out of the dictionary.
func (b *Builder) finish() (Variant, error) {
	n := len(b.keys)
	b.order = b.order[:0]
	if b.dropped {
		used := make([]bool, n)
		markUsedIDs(b.buf, used)
		for i, u := range used {
			if u {
				b.order = append(b.order, i)
			}
		}
	} else {
		for i := 0; i < n; i++ {
			b.order = append(b.order, i)
		}
	}
	sorted := len(b.order) == n && slices.IsSortedFunc(b.order, func(x, y int) int { return strings.Compare(b.keys[x], b.keys[y]) })
	if !sorted {
		slices.SortFunc(b.order, func(x, y int) int { return strings.Compare(b.keys[x], b.keys[y]) })
		b.perm = slices.Grow(b.perm[:0], n)[:n]
		for final, prov := range b.order {
			b.perm[prov] = final
		}
		if n <= 256 {
			rewriteIDs(b.buf, b.perm)
		} else {
			b.buf = reencodeIDs(nil, b.buf, b.perm)
		}
		// The ids are final now: make them the provisional ones too, so
		// that a second Build does not rewrite them again.
		if len(b.order) == n {
			slices.Sort(b.keys)
		} else {
			keys := make([]string, len(b.order))
			for final, prov := range b.order {
				keys[final] = b.keys[prov]
			}
			b.keys = keys
			clear(b.keyIDs)
		}
		b.dropped = false
		n = len(b.keys)
		b.order = b.order[:n]
		for id, k := range b.keys {
			b.keyIDs[k] = id
			b.order[id] = id
		}
	}
	total := 0
	for _, k := range b.keys {
		total += len(k)
	}
	os := widthFor(uint64(max(n, total)))
	m := append(b.metaBuf[:0], byte(os-1)<<6|0x10|metadataVersion)
	m = appendUint(m, uint32(n), os)
	off := 0
	m = appendUint(m, 0, os)
	for _, prov := range b.order {
		off += len(b.keys[prov])
		m = appendUint(m, uint32(off), os)
	}
	for _, prov := range b.order {
		m = append(m, b.keys[prov]...)
	}
	b.metaBuf = m
	meta := Metadata{raw: m, offsetSize: os, size: n, sorted: true, bytesStart: 1 + os*(n+2)}
	return Variant{meta: meta, value: b.buf}, nil
}

// markUsedIDs sets used[id] for every field id in the well-formed value v.
func markUsedIDs(v []byte, used []bool) {
	switch BasicType(v[0] & 3) {
	case BasicObject:
		h, _ := parseObjectHeader(v)
		for i := 0; i < h.num; i++ {
			used[h.fieldID(v, i)] = true
			markUsedIDs(v[h.dataStart+h.fieldOffset(v, i):], used)
		}
	case BasicArray:
		h, _ := parseArrayHeader(v)
		for i := 0; i < h.num; i++ {
			markUsedIDs(v[h.dataStart+h.offset(v, i):], used)
		}
	}
}

// rewriteIDs replaces every field id in the well-formed value v by perm[id],
// in place; the caller guarantees that the new ids fit the old id sizes.
func rewriteIDs(v []byte, perm []int) {
	switch BasicType(v[0] & 3) {
	case BasicObject:
		h, _ := parseObjectHeader(v)
		for i := 0; i < h.num; i++ {
			at := h.idsStart + i*h.idSize
			id := h.fieldID(v, i)
			putUint(v[at:], uint32(perm[id]), h.idSize)
			off := h.dataStart + h.fieldOffset(v, i)
			rewriteIDs(v[off:], perm)
		}
	case BasicArray:
		h, _ := parseArrayHeader(v)
		for i := 0; i < h.num; i++ {
			rewriteIDs(v[h.dataStart+h.offset(v, i):], perm)
		}
	}
}

func putUint(b []byte, v uint32, n int) {
	switch n {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 3:
		b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16)
	default:
		binary.LittleEndian.PutUint32(b, v)
	}
}

// reencodeIDs appends to dst the well-formed value v with every field id
// replaced by perm[id], each object written with the smallest field id size
// for its new ids. Field order is kept: it follows the keys, not the ids.
func reencodeIDs(dst, v []byte, perm []int) []byte {
	switch BasicType(v[0] & 3) {
	case BasicObject:
		h, _ := parseObjectHeader(v)
		var body []byte
		offs := make([]int, h.num)
		maxID := 0
		for i := 0; i < h.num; i++ {
			maxID = max(maxID, perm[h.fieldID(v, i)])
			offs[i] = len(body)
			body = reencodeIDs(body, v[h.dataStart+h.fieldOffset(v, i):], perm)
		}
		idSize, offSize := widthFor(uint64(maxID)), widthFor(uint64(len(body)))
		large := h.num > 255
		hdr := byte(idSize-1)<<2 | byte(offSize-1)
		if large {
			hdr |= 0x10
		}
		dst = append(dst, hdr<<2|byte(BasicObject))
		dst = appendCount(dst, h.num, large)
		for i := 0; i < h.num; i++ {
			dst = appendUint(dst, uint32(perm[h.fieldID(v, i)]), idSize)
		}
		for _, o := range offs {
			dst = appendUint(dst, uint32(o), offSize)
		}
		dst = appendUint(dst, uint32(len(body)), offSize)
		return append(dst, body...)
	case BasicArray:
		h, _ := parseArrayHeader(v)
		var body []byte
		offs := make([]int, h.num)
		for i := 0; i < h.num; i++ {
			offs[i] = len(body)
			body = reencodeIDs(body, v[h.dataStart+h.offset(v, i):], perm)
		}
		offSize := widthFor(uint64(len(body)))
		large := h.num > 255
		hdr := byte(offSize - 1)
		if large {
			hdr |= 0x04
		}
		dst = append(dst, hdr<<2|byte(BasicArray))
		dst = appendCount(dst, h.num, large)
		for _, o := range offs {
			dst = appendUint(dst, uint32(o), offSize)
		}
		dst = appendUint(dst, uint32(len(body)), offSize)
		return append(dst, body...)
	}
	n, _ := valueSize(v)
	return append(dst, v[:n]...)
}
