package driver

import (
	"cmp"
	"context"
	"slices"

	"github.com/parquetvariant/parquetvariant/scan"
)

// keptValues returns what a row kept by the first pass of an ORDER BY
// with LIMIT holds (see latePlan): a copy of keys, with the value of cols
// at fill[i] in place i where fill[i] >= 0, followed by copies of the
// values of cols at carry. It writes them into dst, the values of a row no
// longer kept, when it has room.
func keptValues(dst, keys, cols []value, fill, carry []int) []value {
	out := dst
	if n := len(keys) + len(carry); cap(out) >= n {
		out = out[:n]
	} else {
		out = make([]value, n)
	}
	for i, v := range keys {
		if i < len(fill) && fill[i] >= 0 {
			v = cols[fill[i]]
		}
		out[i] = detachValue(v)
	}
	for i, c := range carry {
		out[len(keys)+i] = detachValue(cols[c])
	}
	return out
}

// keptRows evaluates the output columns of the kept rows (sorted, each
// holding the values keptValues gives it) that are neither sort keys nor
// plain columns, and returns the rows in sort order. It evaluates them in
// table order, as the second pass of a latePlan reads them, so a failing
// row is the one that plan names; width is the width of the row the plan
// was compiled against. It returns ctx's error once ctx is done.
func (p *selectPlan) keptRows(ctx context.Context, kept []sortedRow, lp *latePlan, width int, args []value) ([][]value, error) {
	done := make([]bool, len(p.proj))
	for _, k := range p.order {
		done[k.col] = true
	}
	for i, c := range lp.fill {
		done[i] = done[i] || c >= 0
	}
	order := make([]int, len(kept))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(kept[a].seq, kept[b].seq) })
	r := evalRow{args: args, cols: make([]value, width)}
	rows := make([][]value, len(kept))
	base := len(p.proj)
	for n, i := range order {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		k := kept[i]
		for j, c := range lp.carry {
			r.cols[c] = k.vals[base+j]
		}
		for j, f := range p.proj {
			if done[j] {
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

// atRowID says in an evaluation error which row of a table it was about,
// as atRow does for a scan.
func atRowID(err error, id *scan.RowID) error {
	return rowAt(err, id.Path, id.RowGroup, id.Row)
}
