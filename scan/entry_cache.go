package scan

import (
	"sync"

	"github.com/parquetvariant/parquetvariant/shred"
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

// variantSlot returns Variant slot ref of top-level column col of the file
// (see newVDesc), compiled by the first scan that reads it and shared by
// the later ones: a vdesc is not changed after it is made. key identifies
// ref and lenient (plan.slotKeys).
func (e *fileEntry) variantSlot(col int, key string, ref Ref, lenient bool) (*vdesc, error) {
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
			e.slots = make(map[string]*vdesc)
		}
		e.slots[key] = d
	}
	return d, nil
}
