package scan

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"time"

	"github.com/google/uuid"
	"github.com/parquetvariant/parquetvariant/variant"
)

// litKind is the family of a predicate value.
type litKind uint8

const (
	litNull litKind = iota
	litNumber
	litBool
	litBytes
	litTime
	litDuration
)

// lit is a predicate value checked against a table column's kind.
type lit struct {
	kind litKind
	num  *big.Rat // litNumber when finite
	f    float64  // litNumber: NaN or ±Inf when num is nil
	b    []byte   // litBytes
	bl   bool     // litBool
	t    time.Time
	d    time.Duration
}

// newLit checks v against a column of type typ.
func newLit(col string, typ Type, v any) (lit, error) {
	if v == nil {
		return lit{kind: litNull}, nil
	}
	bad := func() (lit, error) {
		return lit{}, fmt.Errorf("%w: column %q (%s) compared with %T", ErrType, col, typ, v)
	}
	switch typ.Kind {
	case KindInt64, KindUint64, KindFloat64, KindDecimal:
		l, ok := numberLit(v)
		if !ok {
			return bad()
		}
		return l, nil
	case KindBool:
		if b, ok := v.(bool); ok {
			return lit{kind: litBool, bl: b}, nil
		}
	case KindString, KindBytes:
		switch v := v.(type) {
		case string:
			return lit{kind: litBytes, b: []byte(v)}, nil
		case []byte:
			return lit{kind: litBytes, b: bytes.Clone(v)}, nil
		}
	case KindUUID:
		switch v := v.(type) {
		case string:
			u, err := uuid.Parse(v)
			if err != nil {
				return lit{}, fmt.Errorf("%w: column %q: %q is not a UUID", ErrType, col, v)
			}
			return lit{kind: litBytes, b: u[:]}, nil
		case uuid.UUID:
			return lit{kind: litBytes, b: bytes.Clone(v[:])}, nil
		case [16]byte:
			return lit{kind: litBytes, b: bytes.Clone(v[:])}, nil
		case []byte:
			if len(v) == 16 {
				return lit{kind: litBytes, b: bytes.Clone(v)}, nil
			}
		}
	case KindDate, KindTimestamp:
		if t, ok := v.(time.Time); ok {
			return lit{kind: litTime, t: t}, nil
		}
	case KindTime:
		if d, ok := v.(time.Duration); ok {
			return lit{kind: litDuration, d: d}, nil
		}
	case KindNested, KindVariant:
		return lit{}, fmt.Errorf("%w: comparing the %s column %q; compare a typed path of it", ErrUnsupported, typ, col)
	}
	return bad()
}

// numberLit converts a Go number to an exact rational (NaN and infinities
// kept as floats).
func numberLit(v any) (lit, bool) {
	r := new(big.Rat)
	switch v := v.(type) {
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return lit{kind: litNumber, f: v}, true
		}
		r.SetFloat64(v)
	case float32:
		return numberLit(float64(v))
	case variant.Decimal:
		r.SetFrac(v.Unscaled(), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(v.Scale())), nil))
	default:
		rv := reflect.ValueOf(v)
		switch rv.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			r.SetInt64(rv.Int())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			r.SetInt(new(big.Int).SetUint64(rv.Uint()))
		default:
			return lit{}, false
		}
	}
	return lit{kind: litNumber, num: r}, true
}

// clit is a predicate value converted to the domain of one file's column,
// ready to compare with cells without allocating.
type clit struct {
	null bool
	// inf is -1 when the value lies below every value of the domain, +1
	// above every value (NaN in a float domain compares as a value).
	inf  int8
	i    int64
	frac bool // the value lies strictly between i and the next integer (unit)
	f    float64
	fdir int8 // float domain: -1 or +1 when the value lies just below or above f (not a float64)
	b    []byte
	dec  int128
}

var (
	bigMaxInt64  = new(big.Int).SetInt64(math.MaxInt64)
	bigMinInt64  = new(big.Int).SetInt64(math.MinInt64)
	bigMaxUint64 = new(big.Int).SetUint64(math.MaxUint64)
	bigMaxInt128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1))
	bigMinInt128 = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 127))
)

// floorRat returns floor(r) and whether r has a fractional part.
func floorRat(r *big.Rat) (*big.Int, bool) {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	return q, m.Sign() != 0
}

// compile converts l to the domain of d.
func (l *lit) compile(d *leafDesc) clit {
	switch l.kind {
	case litNull:
		return clit{null: true}
	case litBool:
		if l.bl {
			return clit{i: 1}
		}
		return clit{}
	case litBytes:
		return clit{b: l.b}
	case litDuration:
		return ratToUnits(new(big.Rat).SetInt64(int64(l.d)), d.unit, math.MinInt64, math.MaxInt64)
	case litTime:
		t := l.t
		if !d.typ.UTC || d.typ.Kind == KindDate {
			// Wall-clock values (timestamp without time zone, dates) compare
			// with the value's own wall clock, never the process time zone.
			y, mo, dd := t.Date()
			h, mi, s := t.Clock()
			t = time.Date(y, mo, dd, h, mi, s, t.Nanosecond(), time.UTC)
		}
		ns := new(big.Int).Mul(big.NewInt(t.Unix()), big.NewInt(1e9))
		ns.Add(ns, big.NewInt(int64(t.Nanosecond())))
		return ratToUnits(new(big.Rat).SetInt(ns), d.unit, math.MinInt64, math.MaxInt64)
	}
	// litNumber
	if l.num == nil {
		if d.dom == domFloat {
			return clit{f: l.f}
		}
		if l.f < 0 {
			return clit{inf: -1}
		}
		return clit{inf: 1} // +Inf, and NaN (ordered above every number)
	}
	switch d.dom {
	case domFloat:
		f, exact := l.num.Float64()
		c := clit{f: f}
		if !exact && !math.IsInf(f, 0) {
			c.fdir = int8(l.num.Cmp(new(big.Rat).SetFloat64(f)))
		}
		return c
	case domInt:
		q, frac := floorRat(l.num)
		return boundInt(q, frac, bigMinInt64, bigMaxInt64)
	case domUint:
		q, frac := floorRat(l.num)
		c := boundInt(q, frac, new(big.Int), bigMaxUint64)
		if c.inf == 0 {
			c.i = int64(q.Uint64())
		}
		return c
	case domDecimal:
		scaled := new(big.Rat).Mul(l.num, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.typ.Scale)), nil)))
		q, frac := floorRat(scaled)
		c := boundInt(q, frac, bigMinInt128, bigMaxInt128)
		if c.inf == 0 {
			c.dec = bigToInt128(q)
		}
		return c
	}
	return clit{null: true}
}

// ratToUnits converts a count of nanoseconds to a count of units of unit
// nanoseconds (floor, with the fraction flag).
func ratToUnits(ns *big.Rat, unit int64, lo, hi int64) clit {
	if unit <= 0 {
		unit = 1
	}
	q, frac := floorRat(ns.Quo(ns, new(big.Rat).SetInt64(unit)))
	return boundInt(q, frac, big.NewInt(lo), big.NewInt(hi))
}

// boundInt places q (+frac) in [lo, hi], or marks it below or above.
func boundInt(q *big.Int, frac bool, lo, hi *big.Int) clit {
	switch {
	case q.Cmp(lo) < 0:
		return clit{inf: -1}
	case q.Cmp(hi) > 0 || q.Cmp(hi) == 0 && frac:
		return clit{inf: 1}
	}
	if q.IsInt64() {
		return clit{i: q.Int64(), frac: frac}
	}
	return clit{frac: frac}
}

func bigToInt128(q *big.Int) int128 {
	var buf [16]byte
	a := new(big.Int).Abs(q)
	a.FillBytes(buf[:])
	v, _, _ := decimalBytes(buf[:])
	if q.Sign() < 0 {
		// two's complement negate
		v.lo = ^v.lo + 1
		v.hi = ^v.hi
		if v.lo == 0 {
			v.hi++
		}
	}
	return v
}

// compareCell compares a non-NULL cell of column d with a non-NULL
// compiled value: -1, 0 or +1.
func compareCell(d *leafDesc, c *cell, l *clit) int {
	if l.inf != 0 {
		return -int(l.inf)
	}
	switch d.dom {
	case domFloat:
		if r := compareFloat(c.f, l.f); r != 0 || l.fdir == 0 {
			return r
		}
		return -int(l.fdir)
	case domBytes:
		return bytes.Compare(c.b, l.b)
	case domUint:
		a, b := uint64(c.i), uint64(l.i)
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		case l.frac:
			return -1
		}
		return 0
	case domDecimal:
		v, sign, ok := decimalOf(d, c)
		if !ok {
			return sign
		}
		if r := v.cmp(l.dec); r != 0 {
			return r
		}
		if l.frac {
			return -1
		}
		return 0
	}
	// domInt, domBool, domTime
	switch {
	case c.i < l.i:
		return -1
	case c.i > l.i:
		return 1
	case l.frac:
		return -1
	}
	return 0
}

// holds reports whether `a op b` for a comparison result a <=> b.
func holds(op Op, cmp int) bool {
	switch op {
	case Eq:
		return cmp == 0
	case Ne:
		return cmp != 0
	case Lt:
		return cmp < 0
	case Le:
		return cmp <= 0
	case Gt:
		return cmp > 0
	case Ge:
		return cmp >= 0
	}
	return false
}
