package variant

import (
	"encoding/binary"
	"slices"
	"strings"
)

// finish writes the collected keys as a sorted dictionary and gives every
// object in the value the final field ids, once: ids are rewritten in place.
//
// Keys get provisional ids in the order they are first seen, and objects are
// written with them (already in key order, which ids do not change). When
// the keys were first seen in sorted order the ids are final. Otherwise the
// ids are rewritten: in place when the dictionary has at most 256 keys (every
// id then takes one byte before and after), by re-encoding the value when
// field id sizes may change.
//
// A value that gives the same keys in the same first-seen order as the last
// value finished, as the values of one schema do, reuses its dictionary and
// key order: Key then finds ids without adding to a map, EndObject sorts
// fields by final id instead of comparing keys, and finish neither sorts nor
// writes the dictionary again.
func (b *Builder) finish() {
	if !b.same || len(b.keys) != len(b.prev) {
		b.writeDictionary()
	}
	if !b.identity {
		if len(b.keys) <= 256 {
			rewriteIDs(b.buf, b.rank)
		} else {
			b.buf = reencodeIDs(nil, b.buf, b.rank)
		}
	}
	b.final = true
}

// writeDictionary sorts the keys, writes the dictionary and keeps both for
// the next values.
func (b *Builder) writeDictionary() {
	n := len(b.keys)
	b.order = b.order[:0]
	for i := 0; i < n; i++ {
		b.order = append(b.order, i)
	}
	b.identity = slices.IsSortedFunc(b.order, func(x, y int) int { return strings.Compare(b.keys[x], b.keys[y]) })
	if !b.identity {
		slices.SortFunc(b.order, func(x, y int) int { return strings.Compare(b.keys[x], b.keys[y]) })
	}
	b.rank = slices.Grow(b.rank[:0], n)[:n]
	for final, prov := range b.order {
		b.rank[prov] = final
	}
	b.metaBuf, b.dict = appendSortedMetadata(b.metaBuf[:0], n, func(i int) string { return b.keys[b.order[i]] })

	if !b.same {
		// keyIDs holds exactly the keys: it becomes prevIDs.
		b.prevIDs, b.keyIDs = b.keyIDs, b.prevIDs
		if len(b.keyIDs) > 0 {
			clear(b.keyIDs)
		}
	}
	// Otherwise the keys are a prefix of prev, whose prevIDs entries past
	// them are now stale.
	b.prev = append(b.prev[:0], b.keys...)
	b.same = true
}

// leavePrev stops reusing the previous dictionary: the value has a key that
// is not the previous value's next one. The keys so far go to keyIDs.
func (b *Builder) leavePrev() {
	b.same = false
	if b.keyIDs == nil {
		b.keyIDs = make(map[string]int, len(b.keys))
	}
	for i, k := range b.keys {
		b.keyIDs[k] = i
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
