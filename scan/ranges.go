package scan

// rowRange is the rows [lo, hi) of a row group.
type rowRange struct{ lo, hi int64 }

// rowRanges is a sorted list of disjoint, non-adjacent row ranges.
type rowRanges []rowRange

// add appends [lo, hi), which must not start before the last range.
func (r rowRanges) add(lo, hi int64) rowRanges {
	if lo >= hi {
		return r
	}
	if n := len(r); n > 0 && lo <= r[n-1].hi {
		r[n-1].hi = max(r[n-1].hi, hi)
		return r
	}
	return append(r, rowRange{lo, hi})
}

func (r rowRanges) union(o rowRanges) rowRanges {
	out := make(rowRanges, 0, len(r)+len(o))
	i, j := 0, 0
	for i < len(r) || j < len(o) {
		if j == len(o) || i < len(r) && r[i].lo <= o[j].lo {
			out = out.add(r[i].lo, r[i].hi)
			i++
		} else {
			out = out.add(o[j].lo, o[j].hi)
			j++
		}
	}
	return out
}

func (r rowRanges) intersect(o rowRanges) rowRanges {
	var out rowRanges
	i, j := 0, 0
	for i < len(r) && j < len(o) {
		lo, hi := max(r[i].lo, o[j].lo), min(r[i].hi, o[j].hi)
		out = out.add(lo, hi)
		if r[i].hi < o[j].hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// minus returns the rows of r that are not in o.
func (r rowRanges) minus(o rowRanges) rowRanges {
	var out rowRanges
	j := 0
	for _, x := range r {
		lo := x.lo
		for j < len(o) && o[j].hi <= lo {
			j++
		}
		for k := j; k < len(o) && o[k].lo < x.hi; k++ {
			out = out.add(lo, o[k].lo)
			lo = max(lo, o[k].hi)
		}
		out = out.add(lo, x.hi)
	}
	return out
}
