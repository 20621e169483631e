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
