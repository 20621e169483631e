package driver

import (
	sqldriver "database/sql/driver"
	"unsafe"

	"github.com/parquetvariant/parquetvariant/variant"
)

// variantBoxes puts variant.Variant values into driver.Value interfaces
// without an allocation per value. Assigning a Variant (56 bytes) to an
// interface makes Go copy it into a heap object of its own, one allocation
// per value and per row; variantBoxes keeps the values in a ring of slabLen
// Variants instead and makes each interface point to its element.
//
// A value is written into the next element (slot) and handed out (take)
// once complete. An element is written again slabLen values later: the
// Variant an interface holds is valid until then, longer than the Rows
// contract asks (until the next Next, since the Variant's bytes are the
// scan's or the rows' own, which later rows reuse). An element written but
// not taken (a NULL, a failed read) is the next slot.
type variantBoxes struct {
	slab *[slabLen]variant.Variant
	n    int // the next element
}

// slabLen is the number of Variants in the ring: 7 KiB.
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
// can store a Variant there without copying it again.
func (b *variantBoxes) slot() *variant.Variant {
	if b.slab == nil {
		b.slab = new([slabLen]variant.Variant)
	}
	if b.n == slabLen {
		b.n = 0
	}
	return &b.slab[b.n]
}

// take returns the value written into the last slot as a driver.Value
// holding a variant.Variant; the element is written again slabLen values
// later.
func (b *variantBoxes) take() sqldriver.Value {
	e := eface{typ: variantType, data: unsafe.Pointer(&b.slab[b.n])}
	b.n++
	return *(*sqldriver.Value)(unsafe.Pointer(&e))
}

// box returns v as a driver.Value holding a variant.Variant.
func (b *variantBoxes) box(v variant.Variant) sqldriver.Value {
	*b.slot() = v
	return b.take()
}
