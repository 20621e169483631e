package driver

import (
	sqldriver "database/sql/driver"

	"github.com/parquetvariant/parquetvariant/scan"
)

// valuesIter is a resultIter that can also write a row's output values
// straight into the slice database/sql passes to Rows.Next.
type valuesIter interface {
	resultIter
	// nextValues sets dest to the driver values of the next row, or
	// returns false at the end. Values are valid until the next call.
	nextValues(dest []sqldriver.Value) (bool, error)
}

// scanIter streams a query whose output columns are columns of the table
// scan as they are (any of them, in any order), with no WHERE left to
// evaluate (the scan decides the whole filter) and no ORDER BY, DISTINCT,
// LIMIT or aggregation: each row's values go from the scan's cursor to
// database/sql with no intermediate row. A Variant is handed on as the
// scan's view of it.
type scanIter struct {
	*projectIter
	src   *scanSource
	cols  []int // the scan column of each output column
	tmp   value
	boxes variantBoxes
}

// scanIterOf returns the scanIter that serves it, or nil when its plan or
// source needs the general path.
func scanIterOf(it *projectIter) *scanIter {
	src, ok := it.src.(*scanSource)
	p := it.p
	if !ok || p.where != nil || len(p.proj) != len(p.names) {
		return nil
	}
	cols := make([]int, len(p.proj))
	for o, in := range p.inputs {
		cols[o] = -1
		for j, at := range src.pos {
			if in >= 0 && at == in {
				cols[o] = j
			}
		}
		if cols[o] < 0 {
			return nil
		}
	}
	return &scanIter{projectIter: it, src: src, cols: cols}
}

func (it *scanIter) nextValues(dest []sqldriver.Value) (bool, error) {
	s := it.src
	if !s.rows.Next() {
		return false, s.readError(s.rows.Err())
	}
	for o, j := range it.cols {
		if s.kinds[j] != scan.KindVariant {
			if err := s.fill(&it.tmp, j); err != nil {
				return false, err
			}
			dest[o] = driverValue(&it.tmp)
			continue
		}
		// The Variant goes straight into its box's element.
		ok, err := s.rows.VariantTo(j, it.boxes.slot(len(dest)))
		if err != nil {
			return false, err
		}
		if !ok { // SQL NULL
			dest[o] = nil
			continue
		}
		dest[o] = it.boxes.take()
	}
	return true, nil
}
