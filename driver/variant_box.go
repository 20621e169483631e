package driver

import (
	"unsafe"

	"github.com/parquetvariant/parquetvariant/variant"
)

// Rows hand a VARIANT value to database/sql as a driver.Value holding a
// variant.Variant. Converting the 80-byte Variant to an interface would
// copy it to a new heap object for every value, which is most of what a
// query returning Variants allocates beyond the scan. Instead each output
// column keeps one Variant slot, and the interface value handed out points
// at that slot: the next call of Next overwrites the slot, as it overwrites
// the bytes the Variant points into, so the value is valid until then, the
// rule for all of the row's memory (see rows). A *any destination gets
// this interface; a *variant.Variant destination (variant.Variant's Scan)
// gets a copy that owns its bytes.

// eface is the layout of an interface value with no methods: a type word
// and a pointer to the value (the runtime's eface; reflect relies on it).
type eface struct {
	typ, data unsafe.Pointer
}

// variantType is the type word of an interface holding a variant.Variant.
var variantType = func() unsafe.Pointer {
	var x any = variant.Variant{}
	return (*eface)(unsafe.Pointer(&x)).typ
}()

// boxAt returns an interface value holding the Variant in *slot, without
// copying it: the value changes when *slot does.
func boxAt(slot *variant.Variant) (x any) {
	*(*eface)(unsafe.Pointer(&x)) = eface{typ: variantType, data: unsafe.Pointer(slot)}
	return x
}
