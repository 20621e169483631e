package variant

// FieldLookup finds one field name in the objects of many Variants that
// share a dictionary, as the rows of a Parquet row group do: it caches the
// dictionary id of the name for the last metadata it saw (a private copy of
// its bytes, so that buffers reused by the caller cannot go stale), and
// bisects an object's field ids as integers (VariantEncoding.md, "Value
// Data for Object": field ids are listed in key order, which is id order
// in a sorted dictionary). A FieldLookup is not safe for concurrent use;
// the zero value looks nothing up, make one with [NewFieldLookup].
type FieldLookup struct {
	name  string
	raw   []byte // metadata bytes the cached id belongs to; nil: none
	id    int
	found bool
}

// NewFieldLookup returns a lookup of the field named name.
func NewFieldLookup(name string) FieldLookup { return FieldLookup{name: name} }

// Name returns the field name looked up.
func (f *FieldLookup) Name() string { return f.name }

// Field returns what v.Field(f.Name()) returns: the field's value and true
// when v is an object holding it; false and no error when v is not an
// object or lacks the field; an error wrapping [ErrInvalidValue] for
// malformed bytes. With an unsorted dictionary it is v.Field. It allocates
// only when the metadata differs from the last one seen and is longer.
func (f *FieldLookup) Field(v Variant) (Variant, bool, error) {
	if len(v.value) == 0 || BasicType(v.value[0]&3) != BasicObject {
		return Variant{}, false, nil
	}
	if !v.meta.sorted {
		return v.Field(f.name)
	}
	o, err := v.Object()
	if err != nil {
		return Variant{}, false, err
	}
	if f.raw == nil || string(f.raw) != string(v.meta.raw) {
		f.id, f.found = v.meta.ID(f.name)
		f.raw = append(f.raw[:0], v.meta.raw...)
	}
	if !f.found {
		return Variant{}, false, nil
	}
	b := o.v.value
	lo, hi := 0, o.h.num
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if o.h.fieldID(b, mid) < f.id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == o.h.num || o.h.fieldID(b, lo) != f.id {
		return Variant{}, false, nil
	}
	val, err := o.fieldValue(lo)
	if err != nil {
		return Variant{}, false, err
	}
	return val, true, nil
}
