package scan

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"sort"
)

// Data skipping decides, for a unit of rows (a row group or a page) and its
// statistics, whether a predicate may be TRUE on some row of the unit. A
// unit is skipped only when it provably holds no row where the predicate is
// TRUE. With SQL three-valued logic that needs two facts per predicate:
// whether it may be TRUE and whether it may be FALSE on some row (NOT turns
// one into the other; UNKNOWN is neither).
//
// What statistics prove (parquet.thrift, Statistics and ColumnIndex;
// PageIndex.md):
//   - absent statistics, an absent null count and NaN bounds prove nothing;
//   - IS NULL is FALSE on every row only when null_count is present and 0
//     (pitfall B38), and TRUE on every row only when null_count is present
//     and equals the value count (or the page is a null page);
//   - a unit with no min/max is not a unit with no values;
//   - writers may leave NaN out of float min/max (pitfall B39), so a float
//     unit may hold NaN whatever its bounds say; NaN orders above every
//     number, and -0.0 equals +0.0, so a max of -0.0 admits +0.0 and a
//     min of +0.0 admits -0.0 (parquet.thrift, ColumnOrder); a page of only
//     NaN may be indexed with the bounds -Inf and +Inf or with NaN ones.

var nanValue = math.NaN()

// unitStats is what is known about one column in one unit.
type unitStats struct {
	nullsKnown bool  // nulls is exact
	nulls      int64 // NULL count when nullsKnown
	values     int64 // value count, NULLs included
	allNull    bool  // every value is NULL (proven)
	bounds     bool  // min and max hold for every non-NULL value
	min, max   cell
}

// maybe is what a predicate may evaluate to over the rows of a unit.
type maybe struct{ t, f bool }

var unknownMaybe = maybe{true, true}

// hasNonNull reports whether the unit may hold a non-NULL value.
func (s *unitStats) hasNonNull() bool {
	return !s.allNull && !(s.nullsKnown && s.nulls >= s.values)
}

// mayIsNull evaluates IS NULL over a unit.
func mayIsNull(s *unitStats) maybe {
	return maybe{
		t: s.allNull || !s.nullsKnown || s.nulls > 0,
		f: s.hasNonNull(),
	}
}

// mayCompare evaluates `col op value` over a unit.
func mayCompare(d *leafDesc, s *unitStats, op Op, l *clit) maybe {
	if l.null || !s.hasNonNull() {
		return maybe{}
	}
	if !s.bounds || !d.ordered {
		return unknownMaybe
	}
	return maybe{t: mayHold(d, s, op, l), f: mayHold(d, s, op.negate(), l)}
}

// mayHold reports whether some non-NULL value v in the unit may satisfy
// `v op l`.
func mayHold(d *leafDesc, s *unitStats, op Op, l *clit) bool {
	lo := compareCell(d, &s.min, l) // min <=> l
	hi := compareCell(d, &s.max, l) // max <=> l
	var in bool
	switch op {
	case Eq:
		in = lo <= 0 && hi >= 0
	case Ne:
		in = !(lo == 0 && hi == 0)
	case Lt:
		in = lo < 0
	case Le:
		in = lo <= 0
	case Gt:
		in = hi > 0
	case Ge:
		in = hi >= 0
	}
	if !in && d.dom == domFloat {
		// A NaN may hide outside the bounds (pitfall B39).
		nan := cell{f: nanValue}
		in = holds(op, compareCell(d, &nan, l))
	}
	return in
}

// mayIn evaluates `col IN (values)` over a unit.
func mayIn(d *leafDesc, s *unitStats, vals []clit, hasNull bool) maybe {
	if !s.hasNonNull() {
		return maybe{}
	}
	var m maybe
	for i := range vals {
		if vals[i].null {
			continue
		}
		c := mayCompare(d, s, Eq, &vals[i])
		m.t = m.t || c.t
	}
	// FALSE needs a value equal to none of the list, and no NULL in the list.
	if !hasNull {
		m.f = true
		if s.bounds && d.ordered && d.dom != domFloat && compareCellCell(d, &s.min, &s.max) == 0 {
			m.f = !inList(d, &s.min, vals)
		}
	}
	return m
}

// inList reports whether c equals one of vals, a list made by inSet: a
// binary search.
func inList(d *leafDesc, c *cell, vals []clit) bool {
	i := sort.Search(len(vals), func(i int) bool { return compareCell(d, c, &vals[i]) <= 0 })
	return i < len(vals) && compareCell(d, c, &vals[i]) == 0
}

// inSet returns the values of an IN list that a cell of column d can
// equal, sorted in the column's order without repeats, for inList: NULL
// and values between or beyond the column's values (a fraction in an
// integer column, a decimal no float equals, a value past the domain)
// equal no cell and are left out (the caller keeps hasNull).
func inSet(d *leafDesc, lits []clit) []clit {
	out := lits[:0]
	for _, l := range lits {
		if !l.null && l.inf == 0 && !l.frac && l.fdir == 0 {
			out = append(out, l)
		}
	}
	order := func(a, b clit) int {
		switch d.dom {
		case domFloat:
			return compareFloat(a.f, b.f)
		case domBytes:
			return bytes.Compare(a.b, b.b)
		case domUint:
			return cmp.Compare(uint64(a.i), uint64(b.i))
		case domDecimal:
			return a.dec.cmp(b.dec)
		}
		return cmp.Compare(a.i, b.i)
	}
	slices.SortFunc(out, order)
	return slices.CompactFunc(out, func(a, b clit) bool { return order(a, b) == 0 })
}

// compareCellCell compares two cells of column d (the statistics bounds).
func compareCellCell(d *leafDesc, a, b *cell) int {
	var l clit
	switch d.dom {
	case domFloat:
		l.f = b.f
	case domBytes:
		l.b = b.b
	case domDecimal:
		v, sign, ok := decimalOf(d, b)
		if !ok {
			return -sign
		}
		l.dec = v
	default:
		l.i = b.i
	}
	return compareCell(d, a, &l)
}
