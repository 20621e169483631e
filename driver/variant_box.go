package driver

import (
	sqldriver "database/sql/driver"
	"unsafe"

	"github.com/parquetvariant/parquetvariant/variant"
)

// variantBoxes puts variant.Variant values into driver.Value interfaces
// without an allocation per value. Assigning a Variant (80 bytes) to an
// interface makes Go copy it into a heap object of its own, one allocation
// per value and per row; variantBoxes copies it into the next element of a
// slab of slabLen Variants instead and makes the interface point there.
//
// A slab element is written once, before its interface is made, and never
// again: a full slab is left to the garbage collector (which keeps it while
// any of its interfaces is reachable) and a new one is allocated, so every
// interface keeps the value it was given, as Go's own interfaces do.
type variantBoxes struct {
	slab []variant.Variant
}

// slabLen is the number of Variants allocated at once: 10 KiB, so that a
// caller keeping one value keeps little else.
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

// box returns v as a driver.Value holding a variant.Variant.
func (b *variantBoxes) box(v variant.Variant) sqldriver.Value {
	if len(b.slab) == cap(b.slab) {
		b.slab = make([]variant.Variant, 0, slabLen)
	}
	b.slab = append(b.slab, v)
	var x sqldriver.Value
	e := (*eface)(unsafe.Pointer(&x))
	e.typ = variantType
	e.data = unsafe.Pointer(&b.slab[len(b.slab)-1])
	return x
}
