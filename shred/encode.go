package shred

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strconv"

	"github.com/parquetvariant/parquetvariant/variant"
)

// This file reads and writes the object and array containers of
// VariantEncoding.md ("Value Data for Object", "Value Data for Array") at
// the byte level. Shredding and reconstruction keep one metadata for a whole
// Variant, so field ids stay valid and field values are copied byte for byte:
// no value is decoded into a tree and encoded again.

// primSizes is the size of value_data of each primitive type id; -1 marks
// binary and string (4-byte length, then the bytes).
var primSizes = [...]int{0, 0, 0, 1, 2, 4, 8, 8, 5, 9, 17, 4, 8, 8, 4, -1, -1, 8, 8, 8, 16}

func invalidValue(offset int, msg string) error {
	return &variant.Error{Err: variant.ErrInvalidValue, Offset: offset, Msg: msg}
}

func readLE(b []byte, n int) int {
	switch n {
	case 1:
		return int(b[0])
	case 2:
		return int(b[0]) | int(b[1])<<8
	case 3:
		return int(b[0]) | int(b[1])<<8 | int(b[2])<<16
	}
	return int(binary.LittleEndian.Uint32(b))
}

// valueSize returns the size of the value that starts at b[0] and checks
// that it fits in b. Containers are sized from their headers only.
func valueSize(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, invalidValue(0, "empty value")
	}
	h := b[0]
	n := 0
	switch h & 3 {
	case 0:
		p := int(h >> 2)
		if p >= len(primSizes) {
			return 0, invalidValue(0, "unknown primitive type "+strconv.Itoa(p))
		}
		if s := primSizes[p]; s >= 0 {
			n = 1 + s
		} else {
			if len(b) < 5 {
				return 0, invalidValue(1, "truncated length")
			}
			n = 5 + int(binary.LittleEndian.Uint32(b[1:]))
		}
	case 1:
		n = 1 + int(h>>2)
	case 2, 3:
		if n = containerSize(b); n < 0 {
			// Out of bounds: parse the header for the error.
			if h&3 == 2 {
				_, err := parseObject(b)
				return 0, err
			}
			_, err := parseArray(b)
			return 0, err
		}
	}
	if n > len(b) || n < 0 {
		return 0, invalidValue(0, "value of "+strconv.Itoa(n)+" bytes past the end of a "+strconv.Itoa(len(b))+"-byte buffer")
	}
	return n, nil
}

// containerSize returns the size of the object or array that starts at
// b[0] as parseObject and parseArray compute it, or -1 where they fail.
func containerSize(b []byte) int {
	h := b[0] >> 2
	offSize := int(h&3) + 1
	idSize, start, large := 0, 2, false
	if b[0]&3 == 2 {
		idSize, large = int(h>>2&3)+1, h&0x10 != 0
	} else {
		large = h&4 != 0
	}
	if large {
		start = 5
	}
	if len(b) < start {
		return -1
	}
	var num int
	if large {
		num = int(binary.LittleEndian.Uint32(b[1:]))
	} else {
		num = int(b[1])
	}
	offs := start + num*idSize
	data := offs + (num+1)*offSize
	if num < 0 || data > len(b) || data < 0 {
		return -1
	}
	n := data + readLE(b[offs+num*offSize:], offSize)
	if n > len(b) {
		return -1
	}
	return n
}

// objView is a parsed object header over the object's bytes.
type objView struct {
	b                   []byte
	num                 int
	idSize, offSize     int
	idsStart, offsStart int
	dataStart, dataSize int
}

func parseObject(b []byte) (objView, error) {
	var o objView
	err := o.parse(b)
	return o, err
}

// parse sets o to the header of the object b starts with. Hot paths parse
// into a view of their own rather than take parseObject's copy, whose
// wide loads of the fields just stored stall the CPU.
func (o *objView) parse(b []byte) error {
	h := b[0] >> 2
	// Field by field: a composite literal is built on the stack and copied.
	o.b, o.offSize, o.idSize = b, int(h&3)+1, int(h>>2&3)+1
	large := h&0x10 != 0
	o.idsStart = 2
	if large {
		o.idsStart = 5
	}
	if len(b) < o.idsStart {
		return invalidValue(1, "truncated object header")
	}
	if large {
		o.num = int(binary.LittleEndian.Uint32(b[1:]))
	} else {
		o.num = int(b[1])
	}
	o.offsStart = o.idsStart + o.num*o.idSize
	o.dataStart = o.offsStart + (o.num+1)*o.offSize
	if o.num < 0 || o.dataStart > len(b) || o.dataStart < 0 {
		return invalidValue(1, "object of "+strconv.Itoa(o.num)+" fields does not fit in "+strconv.Itoa(len(b))+" bytes")
	}
	o.dataSize = readLE(b[o.offsStart+o.num*o.offSize:], o.offSize)
	if o.dataStart+o.dataSize > len(b) {
		return invalidValue(0, "object values past the end of the buffer")
	}
	return nil
}

func (o *objView) id(i int) int { return readLE(o.b[o.idsStart+i*o.idSize:], o.idSize) }

// offset returns the field_offset of field i.
func (o *objView) offset(i int) int { return readLE(o.b[o.offsStart+i*o.offSize:], o.offSize) }

// rest describes field i, whose value fb was returned by field, as a
// residual field.
func (o *objView) rest(i, id int, fb []byte) restField {
	start := o.dataStart + o.offset(i)
	return restField{id: id, start: start, end: start + len(fb)}
}

// fieldTail returns the bytes of the object's values from the start of
// field i's value on: the value and whatever follows it.
func (o *objView) fieldTail(i int) ([]byte, error) {
	off := o.offset(i)
	if off >= o.dataSize {
		return nil, invalidValue(o.offsStart+i*o.offSize, "field offset "+strconv.Itoa(off)+" outside the object's values")
	}
	return o.b[o.dataStart+off : o.dataStart+o.dataSize], nil
}

// field returns the bytes of the value of field i.
func (o *objView) field(i int) ([]byte, error) {
	off := readLE(o.b[o.offsStart+i*o.offSize:], o.offSize)
	if off >= o.dataSize {
		return nil, invalidValue(o.offsStart+i*o.offSize, "field offset "+strconv.Itoa(off)+" outside the object's values")
	}
	start := o.dataStart + off
	d := o.b[start : o.dataStart+o.dataSize]
	if h := d[0]; h&3 == 1 && 1+int(h>>2) <= len(d) {
		return d[:1+int(h>>2)], nil // a short string
	}
	n, err := valueSize(d)
	if err != nil {
		return nil, err
	}
	return d[:n], nil
}

// arrView is a parsed array header over the array's bytes.
type arrView struct {
	b                   []byte
	num, offSize        int
	offsStart           int
	dataStart, dataSize int
}

func parseArray(b []byte) (arrView, error) {
	var a arrView
	err := a.parse(b)
	return a, err
}

// parse sets a to the header of the array b starts with (see
// objView.parse).
func (a *arrView) parse(b []byte) error {
	h := b[0] >> 2
	a.b, a.offSize = b, int(h&3)+1
	large := h&4 != 0
	a.offsStart = 2
	if large {
		a.offsStart = 5
	}
	if len(b) < a.offsStart {
		return invalidValue(1, "truncated array header")
	}
	if large {
		a.num = int(binary.LittleEndian.Uint32(b[1:]))
	} else {
		a.num = int(b[1])
	}
	a.dataStart = a.offsStart + (a.num+1)*a.offSize
	if a.num < 0 || a.dataStart > len(b) || a.dataStart < 0 {
		return invalidValue(1, "array of "+strconv.Itoa(a.num)+" elements does not fit in "+strconv.Itoa(len(b))+" bytes")
	}
	a.dataSize = readLE(b[a.offsStart+a.num*a.offSize:], a.offSize)
	if a.dataStart+a.dataSize > len(b) {
		return invalidValue(0, "array values past the end of the buffer")
	}
	return nil
}

// elem returns the bytes of element i.
func (a *arrView) elem(i int) ([]byte, error) {
	off := readLE(a.b[a.offsStart+i*a.offSize:], a.offSize)
	if off >= a.dataSize {
		return nil, invalidValue(a.offsStart+i*a.offSize, "element offset "+strconv.Itoa(off)+" outside the array's values")
	}
	d := a.b[a.dataStart+off : a.dataStart+a.dataSize]
	n, err := valueSize(d)
	if err != nil {
		return nil, err
	}
	return d[:n], nil
}

// writer appends Variant values to buf. Objects and arrays are written as
// their values are appended and closed with a header of the smallest sizes,
// as variant.Builder writes them; field ids are those of meta.
type writer struct {
	buf     []byte
	entries []entry
	merge   []entry // scratch for sortIDs and for merging an object's fields
	elems   []int
	meta    variant.Metadata
	hdr     int // size of the last object header written
}

type entry struct {
	id    int
	start int // where the value starts in buf
}

// container marks an open object or array: its values start at
// start+room, after room bytes left for its header.
type container struct{ start, first, room int }

// beginObject opens an object, leaving room bytes for its header (a guess:
// objectHeader moves the values when the header needs another size).
func (w *writer) beginObject(room int) container {
	c := container{start: len(w.buf), first: len(w.entries), room: room}
	w.buf = slices.Grow(w.buf, room)[:c.start+room]
	return c
}

// key starts the field with key id; its value is appended next.
func (w *writer) key(id int) {
	w.entries = append(w.entries, entry{id: id, start: len(w.buf)})
}

// endObject writes the object header: field ids and offsets listed in key
// order, the values left in the order they were appended (the spec lets
// values be in any order, VariantEncoding.md "Value Data for Object"). A key
// given twice is an ErrInvalidLayout.
func (w *writer) endObject(c container) error {
	es := w.entries[c.first:]
	sorted := w.meta.Sorted()
	if sorted {
		// Key order is id order: sort the ids as integers. Entries often
		// come as two sorted runs (shredded fields, then residual ones):
		// merge those.
		w.sortIDs(es)
	} else {
		for i := 1; i < len(es); i++ {
			for j := i; j > 0 && w.less(es[j].id, es[j-1].id); j-- {
				es[j], es[j-1] = es[j-1], es[j]
			}
		}
	}
	maxID := 0
	for i, e := range es {
		if i > 0 && (sorted && es[i-1].id == e.id || !sorted && !w.less(es[i-1].id, e.id)) {
			k, _ := w.meta.Key(e.id)
			return &Error{Err: ErrInvalidLayout, Row: -1, Msg: "key " + strconv.Quote(k) + " twice in one object"}
		}
		maxID = max(maxID, e.id)
	}
	w.objectHeader(c, maxID)
	return nil
}

// endSortedObject closes an object whose entries are in strictly
// increasing id order in a sorted dictionary: key order already.
func (w *writer) endSortedObject(c container) {
	maxID := 0
	if es := w.entries[c.first:]; len(es) > 0 {
		maxID = es[len(es)-1].id
	}
	w.objectHeader(c, maxID)
}

// objectHeader writes the header of the object opened at c, whose entries
// are in key order and whose largest field id is maxID, and closes it. It
// sets w.hdr to the header's size.
func (w *writer) objectHeader(c container, maxID int) {
	es := w.entries[c.first:]
	n := len(es)
	data := c.start + c.room
	size := len(w.buf) - data
	idSize, offSize := widthFor(maxID), widthFor(size)
	h := byte(idSize-1)<<2 | byte(offSize-1)
	count := 1
	if n > 255 {
		h |= 0x10
		count = 4
	}
	hn := 1 + count + n*idSize + (n+1)*offSize
	if hn != c.room {
		w.move(data, c.start+hn)
	}
	w.hdr = hn
	hdr := w.buf[c.start : c.start+hn]
	hdr[0] = h<<2 | 2
	if count == 4 {
		binary.LittleEndian.PutUint32(hdr[1:], uint32(n))
	} else {
		hdr[1] = byte(n)
	}
	k := 1 + count
	if idSize == 1 && offSize == 1 {
		// The common small object: ids and offsets of one byte each.
		ids := hdr[k : k+n]
		offs := hdr[k+n : k+2*n+1]
		for i, e := range es[:len(ids)] {
			ids[i] = byte(e.id)
			offs[i] = byte(e.start - data)
		}
		offs[n] = byte(size)
		w.entries = w.entries[:c.first]
		return
	}
	if idSize == 1 {
		for _, e := range es {
			hdr[k] = byte(e.id)
			k++
		}
	} else {
		for _, e := range es {
			putUint(hdr[k:], e.id, idSize)
			k += idSize
		}
	}
	if offSize == 1 {
		for _, e := range es {
			hdr[k] = byte(e.start - data)
			k++
		}
		hdr[k] = byte(size)
	} else {
		for _, e := range es {
			putUint(hdr[k:], e.start-data, offSize)
			k += offSize
		}
		putUint(hdr[k:], size, offSize)
	}
	w.entries = w.entries[:c.first]
}

// putUint writes v in n little-endian bytes at the start of b.
func putUint(b []byte, v, n int) {
	switch n {
	case 1:
		b[0] = byte(v)
	case 2:
		b[0], b[1] = byte(v), byte(v>>8)
	case 3:
		b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16)
	default:
		binary.LittleEndian.PutUint32(b, uint32(v))
	}
}

// sortIDs sorts entries by id: a merge when they form two sorted runs, an
// insertion sort otherwise.
func (w *writer) sortIDs(es []entry) {
	if len(es) < 2 {
		return
	}
	k := 1
	for k < len(es) && es[k-1].id <= es[k].id {
		k++
	}
	if k == len(es) {
		return
	}
	j := k + 1
	for j < len(es) && es[j-1].id <= es[j].id {
		j++
	}
	if j < len(es) {
		for i := 1; i < len(es); i++ {
			for j := i; j > 0 && es[j].id < es[j-1].id; j-- {
				es[j], es[j-1] = es[j-1], es[j]
			}
		}
		return
	}
	w.merge = append(w.merge[:0], es[:k]...)
	a, b, o := 0, k, 0
	for a < len(w.merge) && b < len(es) {
		if es[b].id < w.merge[a].id {
			es[o] = es[b]
			b++
		} else {
			es[o] = w.merge[a]
			a++
		}
		o++
	}
	for a < len(w.merge) {
		es[o] = w.merge[a]
		a++
		o++
	}
}

// less orders key ids of an unsorted dictionary by their keys.
func (w *writer) less(a, b int) bool {
	ka, _ := w.meta.KeyBytes(a)
	kb, _ := w.meta.KeyBytes(b)
	return bytes.Compare(ka, kb) < 0
}

// move moves the bytes from from on to start at to instead.
func (w *writer) move(from, to int) {
	end := len(w.buf)
	if to > from {
		w.buf = slices.Grow(w.buf, to-from)[:end+to-from]
	}
	copy(w.buf[to:], w.buf[from:end])
	w.buf = w.buf[:end+to-from]
}

// open moves the bytes from start on n bytes up and returns an empty slice
// at start, with room for the n bytes of a header.
func (w *writer) open(start, n int) []byte {
	end := len(w.buf)
	w.buf = slices.Grow(w.buf, n)[:end+n]
	copy(w.buf[start+n:], w.buf[start:end])
	return w.buf[start:start]
}

func (w *writer) beginArray() container {
	return container{start: len(w.buf), first: len(w.elems)}
}

// elem starts the next element of the innermost open array.
func (w *writer) elem() { w.elems = append(w.elems, len(w.buf)) }

func (w *writer) endArray(c container) {
	starts := w.elems[c.first:]
	n := len(starts)
	size := len(w.buf) - c.start
	offSize := widthFor(size)
	large := n > 255
	h := byte(offSize - 1)
	count := 1
	if large {
		h |= 4
		count = 4
	}
	hdr := w.open(c.start, 1+count+(n+1)*offSize)
	hdr = append(hdr, h<<2|3)
	hdr = appendCount(hdr, n, large)
	for _, st := range starts {
		hdr = appendUint(hdr, st-c.start, offSize)
	}
	appendUint(hdr, size, offSize)
	w.elems = w.elems[:c.first]
}

func widthFor(v int) int {
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

func appendUint(s []byte, v, n int) []byte {
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
