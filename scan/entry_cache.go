package scan

import (
	"sync"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// fileLayout is the shredding layout of one top-level Variant column of a
// file (shred.LayoutOf), compiled by the first scan that reads the column
// and kept with the file's footer: a Layout is immutable, so every later
// scan of the unchanged file shares it.
type fileLayout struct {
	once   sync.Once
	layout *shred.Layout
	cols   []int // column chunk of each layout leaf
	err    error
}

// variantLayout returns the layout of top-level column i of the file and
// the column chunk of each of its leaves.
func (e *fileEntry) variantLayout(i int) (*shred.Layout, []int, error) {
	l := &e.layouts[i]
	l.once.Do(func() {
		l.layout, l.cols, l.err = shred.LayoutOf(e.pf.Schema(), e.cols[i].name)
	})
	return l.layout, l.cols, l.err
}

// maxCachedSlots bounds the compiled Variant slots a file keeps, so that
// ad-hoc queries over many paths do not grow the cache without end; slots
// past it are compiled by every scan.
const maxCachedSlots = 32

// vslotKey identifies a Variant slot of a file: its column (the file's
// column index), and the path, cast and mode of its Ref (an empty path for
// the whole column) and the reconstruction mode it reads with; text is the
// Ref as its query spells it, which the slot's errors name.
type vslotKey struct {
	text    string
	col     int
	path    string
	as      variant.SQLType
	mode    variant.CastMode
	lenient bool
}

// variantSlot returns Variant slot ref of top-level column col of the file
// (see newVDesc), compiled by the first scan that reads it and shared by
// the later ones: a vdesc is not changed after it is made. key is the
// slot's plan.slotKeys entry; variantSlot sets its column.
func (e *fileEntry) variantSlot(col int, key vslotKey, ref Ref, lenient bool) (*vdesc, error) {
	key.col = col
	e.slotsMu.Lock()
	d, ok := e.slots[key]
	e.slotsMu.Unlock()
	if ok {
		return d, nil
	}
	d, err := newVDesc(e, col, ref, lenient)
	if err != nil {
		return nil, err
	}
	e.slotsMu.Lock()
	defer e.slotsMu.Unlock()
	if prev, ok := e.slots[key]; ok {
		return prev, nil
	}
	if len(e.slots) < maxCachedSlots {
		if e.slots == nil {
			e.slots = make(map[vslotKey]*vdesc)
		}
		e.slots[key] = d
	}
	return d, nil
}
