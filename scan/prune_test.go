package scan

import (
	"math"
	"testing"

	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/assert"
)

// Predicate x unit statistics => may the predicate be TRUE / FALSE on some
// row of the unit. A unit is skipped exactly when TRUE is impossible.
func TestMayUnit(t *testing.T) {
	intCol := &leafDesc{phys: format.Int64, dom: domInt, ordered: true}
	floatCol := &leafDesc{phys: format.Double, dom: domFloat, ordered: true}
	bounds := func(lo, hi int64) unitStats {
		return unitStats{nullsKnown: true, values: 10, bounds: true, min: cell{i: lo}, max: cell{i: hi}}
	}
	fbounds := func(lo, hi float64) unitStats {
		return unitStats{nullsKnown: true, values: 10, bounds: true, min: cell{f: lo}, max: cell{f: hi}}
	}
	i := func(v int64) clit { return clit{i: v} }
	f := func(v float64) clit { return clit{f: v} }
	cases := []struct {
		name string
		d    *leafDesc
		s    unitStats
		op   Op
		l    clit
		want maybe
	}{
		{"inside", intCol, bounds(1, 3), Eq, i(2), maybe{true, true}},
		{"below", intCol, bounds(1, 3), Eq, i(0), maybe{false, true}},
		{"above", intCol, bounds(1, 3), Gt, i(3), maybe{false, true}},
		{"all above", intCol, bounds(1, 3), Gt, i(0), maybe{true, false}},
		{"single value", intCol, bounds(2, 2), Ne, i(2), maybe{false, true}},
		{"single value ne other", intCol, bounds(2, 2), Ne, i(3), maybe{true, false}},
		{"no bounds", intCol, unitStats{nullsKnown: true, values: 10}, Eq, i(2), maybe{true, true}},
		{"no null count no bounds", intCol, unitStats{values: 10}, Lt, i(2), maybe{true, true}},
		{"all null by count", intCol, unitStats{nullsKnown: true, nulls: 10, values: 10}, Eq, i(2), maybe{}},
		{"null page", intCol, unitStats{allNull: true, values: 10}, Ne, i(2), maybe{}},
		{"null literal", intCol, bounds(1, 3), Eq, clit{null: true}, maybe{}},
		{"literal below the domain", intCol, bounds(1, 3), Gt, clit{inf: -1}, maybe{true, false}},
		{"literal above the domain", intCol, bounds(1, 3), Lt, clit{inf: 1}, maybe{true, false}},
		{"fraction", intCol, bounds(1, 3), Gt, clit{i: 2, frac: true}, maybe{true, true}},
		{"fraction above", intCol, bounds(1, 3), Gt, clit{i: 3, frac: true}, maybe{false, true}},
		{"float NaN may hide above max", floatCol, fbounds(1, 3), Gt, f(10), maybe{true, true}},
		{"float NaN never below", floatCol, fbounds(1, 3), Lt, f(0.5), maybe{false, true}},
		{"float NaN literal", floatCol, fbounds(1, 3), Eq, f(math.NaN()), maybe{true, true}},
		{"float NaN ne", floatCol, fbounds(2, 2), Ne, f(2), maybe{true, true}},
		{"-0.0 max admits +0.0", floatCol, fbounds(-1, math.Copysign(0, -1)), Ge, f(0), maybe{true, true}},
		{"+0.0 min admits -0.0", floatCol, fbounds(0, 1), Le, f(math.Copysign(0, -1)), maybe{true, true}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, mayCompare(c.d, &c.s, c.op, &c.l), c.name)
	}
}

func TestMayIsNull(t *testing.T) {
	for _, c := range []struct {
		name string
		s    unitStats
		want maybe
	}{
		{"null count absent", unitStats{values: 3}, maybe{true, true}},
		{"null count 0", unitStats{nullsKnown: true, values: 3}, maybe{false, true}},
		{"some nulls", unitStats{nullsKnown: true, nulls: 1, values: 3}, maybe{true, true}},
		{"all null by count", unitStats{nullsKnown: true, nulls: 3, values: 3}, maybe{true, false}},
		{"null page without count", unitStats{allNull: true, values: 3}, maybe{true, false}},
	} {
		assert.Equal(t, c.want, mayIsNull(&c.s), c.name)
	}
}

func TestMayIn(t *testing.T) {
	d := &leafDesc{phys: format.Int64, dom: domInt, ordered: true}
	one := unitStats{nullsKnown: true, values: 5, bounds: true, min: cell{i: 2}, max: cell{i: 2}}
	span := unitStats{nullsKnown: true, values: 5, bounds: true, min: cell{i: 1}, max: cell{i: 9}}
	allNull := unitStats{nullsKnown: true, nulls: 5, values: 5}
	null := clit{null: true}
	for _, c := range []struct {
		name    string
		s       unitStats
		vals    []clit
		hasNull bool
		want    maybe
	}{
		{"hit", span, []clit{{i: 3}}, false, maybe{true, true}},
		{"miss", span, []clit{{i: 0}, {i: 10}}, false, maybe{false, true}},
		{"single value in list", one, []clit{{i: 2}, {i: 7}}, false, maybe{true, false}},
		{"single value not in list", one, []clit{{i: 3}}, false, maybe{false, true}},
		{"NULL in list: never FALSE", span, []clit{{i: 0}, null}, true, maybe{false, false}},
		{"all NULL", allNull, []clit{{i: 1}}, false, maybe{}},
		{"empty list", span, nil, false, maybe{false, true}},
	} {
		assert.Equal(t, c.want, mayIn(d, &c.s, c.vals, c.hasNull), c.name)
	}
}

func TestRowRanges(t *testing.T) {
	a := rowRanges{}.add(0, 10).add(10, 20).add(30, 40)
	assert.Equal(t, rowRanges{{0, 20}, {30, 40}}, a)
	b := rowRanges{{5, 12}, {18, 35}, {50, 60}}
	assert.Equal(t, rowRanges{{5, 12}, {18, 20}, {30, 35}}, a.intersect(b))
	assert.Equal(t, rowRanges{{0, 40}, {50, 60}}, a.union(b))
	assert.Empty(t, a.intersect(nil))
	assert.Equal(t, a, a.union(nil))
	assert.Equal(t, rowRanges{{0, 5}, {12, 18}, {35, 40}}, a.minus(b))
	assert.Equal(t, rowRanges{{20, 30}, {50, 60}}, b.minus(a).minus(rowRanges{{12, 18}}))
	assert.Equal(t, a, a.minus(nil))
	assert.Empty(t, a.minus(rowRanges{{0, 100}}))
	assert.Equal(t, rowRanges{{0, 3}, {4, 20}, {30, 40}}, a.minus(rowRanges{{3, 4}}))
}
