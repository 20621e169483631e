package variant

import (
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// The Builder writes each scalar once, into buf, in the order given, and
// leaves the headers of objects and arrays to Build: an object's header
// needs the final field ids, which are known once the dictionary is
// complete, and its size decides the offset sizes of the containers around
// it. EndObject and EndArray record the container (a node) and its values
// (entries), and its size for field ids of one byte, which every id is
// unless the dictionary has more than 256 keys; Build sorts each object's
// fields by final id, computes every container's size again, inner ones
// first, only for a larger dictionary, and then writes the value in one
// pass, copying each scalar once. No value is moved while building and no
// field id is rewritten.

// entry is one value of an object or array: a scalar in buf or a closed
// container.
type entry struct {
	id    int32  // key id (provisional until layout, then final); -1 in an array
	node  int32  // the container's node, or -1 for a scalar
	start uint32 // where a scalar starts in buf (a container: its scalars)
	// size is the bytes of the value, set when its container closes (see
	// close for a container's). A value has at most maxValueSize bytes,
	// which close and Build check.
	size uint32
}

// maxValueSize is the most bytes a value can have: the largest offset of
// 4 bytes (VariantEncoding.md, "Value encoding").
const maxValueSize = 1<<32 - 1

// node is a closed object or array: its values are ents[first:first+n].
type node struct {
	object  bool
	idSize  int8 // 1 when it closes; set by layout for more than 256 keys
	offSize int8
	first   int
	n       int
	size    int // bytes of the whole container, set as idSize is
}

// retained returns the bytes the builder's buffers hold on to.
func (b *Builder) retained() int {
	return cap(b.buf) + cap(b.out) +
		(cap(b.pending)+cap(b.ents))*int(unsafe.Sizeof(entry{})) +
		cap(b.nodes)*int(unsafe.Sizeof(node{})) + cap(b.seen)*4
}

// EndObject closes the innermost open object. A duplicate key is resolved
// here (see [Builder.SetLastWins]); the fields are put in key order and the
// header written with the smallest field id and offset sizes at Build.
func (b *Builder) EndObject() {
	if b.err != nil {
		return
	}
	if len(b.stack) == 0 || !b.stack[len(b.stack)-1].object {
		b.fail(ErrBuilder, "EndObject without an open object")
		return
	}
	if b.stack[len(b.stack)-1].haveKey {
		b.fail(ErrBuilder, "EndObject after a Key with no value")
		return
	}
	b.endObject()
}

// endObject is EndObject for a builder without an error whose innermost
// open container is an object with no Key waiting for its value.
func (b *Builder) endObject() {
	first := b.stack[len(b.stack)-1].first
	entries := b.pending[first:]
	b.objects++
	if b.objects == 0 { // wrapped around: older marks would match
		clear(b.seen)
		b.objects = 1
	}
	// From the last field back: each scalar's size, and a mark for each
	// key, so that a key met again is a duplicate whose later field is the
	// one marked.
	if n := b.dictionarySize(); len(b.seen) < n { // a mark for every key id
		b.seen = slices.Grow(b.seen, n-len(b.seen))
		b.seen = b.seen[:cap(b.seen)]
	}
	seen, mark := b.seen, b.objects
	dead := false
	end := uint32(len(b.buf))
	data := 0
	for i := len(entries) - 1; i >= 0; i-- {
		e := &entries[i]
		end = b.setSize(e, end)
		if seen[e.id] == mark {
			if !b.last {
				b.failDuplicate(entries)
				return
			}
			e.id = -1 // replaced by the later field
			dead, b.dropped = true, true
			continue
		}
		seen[e.id] = mark
		data += int(e.size)
	}
	start := len(b.ents)
	if dead {
		for _, e := range entries {
			if e.id >= 0 {
				b.ents = append(b.ents, e)
			}
		}
	} else {
		b.ents = append(b.ents, entries...)
	}
	b.close(true, start, len(b.ents)-start, data, first)
}

// failDuplicate fails with an [ErrDuplicateKey] naming the first key of
// entries, in the order given, that an earlier field has too.
func (b *Builder) failDuplicate(entries []entry) {
	seen := make(map[int32]bool, len(entries))
	for _, e := range entries {
		if seen[e.id] {
			b.fail(ErrDuplicateKey, strconv.Quote(b.keyOf(int(e.id))))
			return
		}
		seen[e.id] = true
	}
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
	b.endArray()
}

// endArray is EndArray for a builder without an error whose innermost open
// container is an array.
func (b *Builder) endArray() {
	first := b.stack[len(b.stack)-1].first
	entries := b.pending[first:]
	end := uint32(len(b.buf))
	data := 0
	for i := len(entries) - 1; i >= 0; i-- {
		end = b.setSize(&entries[i], end)
		data += int(entries[i].size)
	}
	start := len(b.ents)
	b.ents = append(b.ents, entries...)
	b.close(false, start, len(entries), data, first)
}

// setSize sets the size of e, a value of a container being closed that ends
// where the next value starts (end, or the end of buf for the last), and
// returns where e starts: a scalar's bytes, a closed container's size.
func (b *Builder) setSize(e *entry, end uint32) uint32 {
	if e.node >= 0 {
		e.size = uint32(b.nodes[e.node].size)
	} else {
		e.size = end - e.start
	}
	return e.start
}

// close records the innermost open container, an object or an array of n
// values, ents[first:first+n], of data bytes in all, whose values began at
// pending[pend], as the next node and makes it the last value of its
// parent, or the top-level value. Its size is set for field ids of one
// byte, which layout changes if the dictionary has more than 256 keys.
func (b *Builder) close(object bool, first, n, data, pend int) {
	offSize := widthFor(uint64(data))
	size := 2 + (n+1)*offSize + data
	if n > 255 {
		size += 3
	}
	idSize := 0
	if object {
		idSize = 1
		size += n
	}
	if uint64(size) > maxValueSize {
		b.fail(ErrBuilder, "the value has more than "+strconv.FormatUint(maxValueSize, 10)+" bytes")
		return
	}
	// The node is written in place: a copy of a node just assembled field
	// by field would wait for those narrow stores to reach memory.
	id := int32(len(b.nodes))
	b.nodes = slices.Grow(b.nodes, 1)[:id+1]
	nd := &b.nodes[id]
	nd.object, nd.idSize, nd.offSize = object, int8(idSize), int8(offSize)
	nd.first, nd.n, nd.size = first, n, size
	b.pending = b.pending[:pend]
	b.stack = b.stack[:len(b.stack)-1]
	if len(b.stack) > 0 {
		b.pending[len(b.pending)-1].node = id
	} else {
		b.root = id
	}
}

// layout gives every object's fields their final ids in key order and, when
// the dictionary has more than 256 keys (so that some field ids may take
// more than one byte), computes the size of every container again, inner
// ones first, for emitValue.
func (b *Builder) layout() {
	if b.dictionarySize() <= 256 {
		// Every field id has one byte, as the sizes set at close assume.
		for i := range b.nodes {
			if nd := &b.nodes[i]; nd.object {
				b.sortFinal(b.ents[nd.first : nd.first+nd.n])
			}
		}
		return
	}
	for i := range b.nodes {
		nd := &b.nodes[i]
		ents := b.ents[nd.first : nd.first+nd.n]
		maxID := 0
		if nd.object {
			b.sortFinal(ents)
			if len(ents) > 0 {
				maxID = int(ents[len(ents)-1].id)
				if b.hasMeta && !b.meta.sorted {
					for _, e := range ents {
						maxID = max(maxID, int(e.id))
					}
				}
			}
		}
		data := 0
		for j := range ents {
			if c := ents[j].node; c >= 0 {
				ents[j].size = uint32(b.nodes[c].size)
			}
			data += int(ents[j].size)
		}
		offSize := widthFor(uint64(data))
		size := 1 + 1 + (nd.n+1)*offSize + data
		if nd.n > 255 {
			size += 3
		}
		if nd.object {
			nd.idSize = int8(widthFor(uint64(maxID)))
			size += nd.n * int(nd.idSize)
		}
		nd.offSize, nd.size = int8(offSize), size
		if uint64(size) > maxValueSize {
			b.fail(ErrBuilder, "the value has more than "+strconv.FormatUint(maxValueSize, 10)+" bytes")
			return
		}
	}
}

// dictionarySize returns the number of keys of the value's dictionary.
func (b *Builder) dictionarySize() int {
	if b.hasMeta {
		return b.meta.Len()
	}
	return len(b.keys)
}

// valueSize returns the bytes of the value laid out.
func (b *Builder) valueSize() int {
	if b.root < 0 {
		return len(b.buf)
	}
	return b.nodes[b.root].size
}

// emitValue appends the value laid out to dst: scalars as they are in buf,
// objects and arrays with their headers (VariantEncoding.md, "Value
// encoding").
func (b *Builder) emitValue(dst []byte) []byte {
	if b.root < 0 {
		return append(dst, b.buf...)
	}
	dst = slices.Grow(dst, b.nodes[b.root].size)
	b.buf = slices.Grow(b.buf, 16)
	return b.emit(dst, b.root)
}

// sortFinal gives an object's fields their final ids and puts them in key
// order. Keys are unique in an object by now, so the sort needs no
// stability.
func (b *Builder) sortFinal(ents []entry) {
	if b.hasMeta && !b.meta.sorted {
		slices.SortFunc(ents, func(x, y entry) int { return strings.Compare(b.keyOf(int(x.id)), b.keyOf(int(y.id))) })
		return
	}
	if !b.hasMeta {
		rank := b.rank
		for i := range ents {
			ents[i].id = int32(rank[ents[i].id])
		}
	}
	if len(ents) > 32 {
		slices.SortFunc(ents, func(x, y entry) int { return int(x.id - y.id) })
		return
	}
	for i := 1; i < len(ents); i++ {
		x := ents[i]
		j := i
		for ; j > 0 && ents[j-1].id > x.id; j-- {
			ents[j] = ents[j-1]
		}
		ents[j] = x
	}
}

// emit appends the container of node ni, its header and then its values.
// Each scalar is copied from buf; a closed container is emitted in place.
func (b *Builder) emit(dst []byte, ni int32) []byte {
	nd := &b.nodes[ni]
	ents := b.ents[nd.first : nd.first+nd.n]
	if n := len(ents); n <= 255 && nd.offSize == 1 && (nd.idSize == 1 || !nd.object) {
		// The common cases, each field id and offset of one byte: the
		// header is the basic type (the size fields are 0) and the count.
		h, idSize := byte(BasicArray), 0
		if nd.object {
			h, idSize = byte(BasicObject), 1
		}
		at := len(dst)
		hlen := 3 + (1+idSize)*n
		dst = slices.Grow(dst, hlen)[:at+hlen]
		dst[at], dst[at+1] = h, byte(n)
		if idSize == 1 {
			ids := dst[at+2 : at+2+n]
			for k, e := range ents {
				ids[k] = byte(e.id)
			}
		}
		offs := dst[at+2+idSize*n : at+hlen]
		off := 0
		for k, e := range ents {
			offs[k] = byte(off)
			off += int(e.size)
		}
		offs[n] = byte(off)
	} else {
		dst = appendHeader(dst, nd, ents)
	}
	// A scalar of up to 16 bytes is copied as 16 bytes, which buf (grown
	// by emitValue) and dst (grown to the whole value) have room for but
	// near their ends; the bytes past it are written over by what follows.
	buf := b.buf[:cap(b.buf)]
	for i := range ents {
		e := &ents[i]
		if e.node >= 0 {
			dst = b.emit(dst, e.node)
			continue
		}
		if n, at := len(dst), int(e.start); e.size <= 16 && at+16 <= len(buf) && n+16 <= cap(dst) {
			*(*[16]byte)(dst[n : n+16]) = *(*[16]byte)(buf[at : at+16])
			dst = dst[:n+int(e.size)]
			continue
		}
		dst = append(dst, buf[e.start:e.start+e.size]...)
	}
	return dst
}

// appendHeader appends the header of the container nd of values ents
// (VariantEncoding.md, "Value encoding"): the header byte, the count
// (4 bytes when is_large), the field ids of an object and the offsets.
func appendHeader(dst []byte, nd *node, ents []entry) []byte {
	n := len(ents)
	large := n > 255
	offSize, idSize := int(nd.offSize), 0
	h := byte(offSize - 1)
	if nd.object {
		idSize = int(nd.idSize)
		h |= byte(idSize-1) << 2
		if large {
			h |= 0x10
		}
		h = h<<2 | byte(BasicObject)
	} else {
		if large {
			h |= 0x04
		}
		h = h<<2 | byte(BasicArray)
	}
	at := len(dst)
	countSize := 1
	if large {
		countSize = 4
	}
	hlen := 1 + countSize + n*idSize + (n+1)*offSize
	dst = slices.Grow(dst, hlen)[:at+hlen]
	dst[at] = h
	putUint(dst[at+1:], uint32(n), countSize)
	p := at + 1 + countSize
	if idSize > 0 {
		for _, e := range ents {
			putUint(dst[p:], uint32(e.id), idSize)
			p += idSize
		}
	}
	off := 0
	for _, e := range ents {
		putUint(dst[p:], uint32(off), offSize)
		p += offSize
		off += int(e.size)
	}
	putUint(dst[p:], uint32(off), offSize)
	return dst
}

// putUint writes the n (1 to 4) low bytes of v to b, little-endian.
func putUint(b []byte, v uint32, n int) {
	switch n {
	case 1:
		b[0] = byte(v)
	case 2:
		b[0], b[1] = byte(v), byte(v>>8)
	case 3:
		b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16)
	default:
		b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
}
