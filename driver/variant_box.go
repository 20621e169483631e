package driver

import (
	sqldriver "database/sql/driver"
	"unsafe"

	"github.com/parquetvariant/parquetvariant/variant"
)

// variantBoxes puts variant.Variant values into driver.Value interfaces
// without an allocation per value. Assigning a Variant (56 bytes) to an
// interface makes Go copy it into a heap object of its own, one allocation
// per value and per row; variantBoxes keeps the values in a ring of
// Variants instead and makes each interface point to its element.
//
// A value is written into the next element (slot) and handed out (take)
// once complete. The ring has at least as many elements as a row has
// columns, and an element is written again only once the ring has gone
// round: the Variant an interface holds is valid at least until the next
// row, as long as the Rows contract asks (until the next Next, since the
// Variant's bytes are the scan's or the rows' own, which later rows
// reuse). An element written but not taken (a NULL, a failed read) is the
// next slot.
type variantBoxes struct {
	ring []variant.Variant
	n    int // the next element
	row  int // the first element handed out since the last scribble
}

// slabLen is the least number of Variants in a ring: 7 KiB.
const slabLen = 128

// eface is the layout of an interface value with methods or without: a
// type word and a pointer to the value (for types that are not
// pointer-shaped, such as variant.Variant).
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// variantType is the type word of a variant.Variant in an interface.
var variantType = func() unsafe.Pointer {
	var x sqldriver.Value = variant.Variant{}
	return (*eface)(unsafe.Pointer(&x)).typ
}()

// slot returns the element the next value is written to, so that a reader
// can store a Variant there without copying it again; width is the number
// of values in a row.
func (b *variantBoxes) slot(width int) *variant.Variant {
	if len(b.ring) < width || b.ring == nil {
		b.ring, b.n, b.row = make([]variant.Variant, max(slabLen, width)), 0, 0
	}
	if b.n == len(b.ring) {
		b.n = 0
	}
	return &b.ring[b.n]
}

// take returns the value written into the last slot as a driver.Value
// holding a variant.Variant.
func (b *variantBoxes) take() sqldriver.Value {
	e := eface{typ: variantType, data: unsafe.Pointer(&b.ring[b.n])}
	b.n++
	return *(*sqldriver.Value)(unsafe.Pointer(&e))
}

// box returns v, a value of a row of width values, as a driver.Value
// holding a variant.Variant.
func (b *variantBoxes) box(v variant.Variant, width int) sqldriver.Value {
	*b.slot(width) = v
	return b.take()
}

// scribble overwrites the Variants handed out since the last call with the
// zero Variant, which holds no value: with the rows' scribble check, an
// interface kept from an earlier row no longer holds its value (the next
// row's values go to the elements after them).
func (b *variantBoxes) scribble() {
	if b.n >= b.row {
		clear(b.ring[b.row:b.n])
	} else { // the ring went round
		clear(b.ring[b.row:])
		clear(b.ring[:b.n])
	}
	b.row = b.n
}
