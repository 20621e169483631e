package driver

import (
	"cmp"
	"slices"

	"github.com/parquetvariant/parquetvariant/scan"
)

// keptValues returns a copy of keys followed by copies of the values of
// cols at carry: what a row kept by the first pass of an ORDER BY with
// LIMIT holds (see latePlan).
func keptValues(keys, cols []value, carry []int) []value {
	out := make([]value, len(keys)+len(carry))
	for i, v := range keys {
		out[i] = detachValue(v)
	}
	for i, c := range carry {
		out[len(keys)+i] = detachValue(cols[c])
	}
	return out
}

// keptRows evaluates the output columns of the kept rows (sorted, each
// holding its ORDER BY keys then the values at carry, see keptValues) and
// returns them in sort order. It evaluates them in table order, as the
// second pass of a latePlan reads them, so a failing row is the one that
// plan names; width is the width of the row the plan was compiled
// against. The sort keys are those the first pass computed.
func (p *selectPlan) keptRows(kept []sortedRow, carry []int, width int, args []value) ([][]value, error) {
	key := make([]bool, len(p.proj))
	for _, k := range p.order {
		key[k.col] = true
	}
	order := make([]int, len(kept))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(kept[a].seq, kept[b].seq) })
	r := evalRow{args: args, cols: make([]value, width)}
	rows := make([][]value, len(kept))
	base := len(p.proj)
	for _, i := range order {
		k := kept[i]
		for j, c := range carry {
			r.cols[c] = k.vals[base+j]
		}
		for j, f := range p.proj {
			if key[j] {
				continue
			}
			v, err := f(&r)
			if err != nil {
				return nil, atRowID(err, k.id)
			}
			k.vals[j] = detachValue(v)
		}
		rows[i] = k.vals[:base:base]
	}
	return rows, nil
}

// atRowID adds where a row is to err, as atRow words it for a scan.
func atRowID(err error, id *scan.RowID) error {
	return withWhere(err, rowWhere(id.Path, id.RowGroup, id.Row))
}
