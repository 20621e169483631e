package driver

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/parquetvariant/parquetvariant/variant"
)

// aggSpec is one aggregate call of a grouped SELECT.
type aggSpec struct {
	name     string // count, sum, avg, min, max
	distinct bool
	star     bool     // COUNT(*)
	text     string   // the call as written, for messages
	arg      evalFunc // over the input row; nil for COUNT(*)
	col      int      // the input column that arg is, or -1 for another expression
}

// Names of the group row's columns: key i, then aggregate j. They cannot
// clash with a user's column names, which never hold a NUL byte here.
func keyCol(i int) string { return "\x00k" + strconv.Itoa(i) }
func aggCol(j int) string { return "\x00a" + strconv.Itoa(j) }

// planGroups compiles a grouped SELECT: GROUP BY keys and aggregate
// arguments over the input row; output columns, ORDER BY keys and HAVING
// over the group row, in which every GROUP BY expression and every
// aggregate call is a column.
func (p *selectPlan) planGroups(s *selectStmt, all []expr, in *scope) error {
	keys := make([]expr, 0, len(s.GroupBy))
	for _, g := range s.GroupBy {
		if lit, ok := g.(*literalExpr); ok {
			n, isInt := lit.Value.(int64)
			if !isInt {
				return &SQLError{Err: ErrSyntax, Pos: exprPos(lit), Msg: "GROUP BY " + lit.String() + ": a constant groups nothing; name a column, an alias or a position in the select list"}
			}
			if n < 1 || n > int64(len(s.Items)) || s.Items[n-1].Star {
				return &SQLError{Err: ErrSyntax, Pos: exprPos(lit), Msg: "GROUP BY position " + lit.String() + " is not in the select list"}
			}
			g = s.Items[n-1].Expr
		} else if c, ok := g.(*columnExpr); ok {
			// A table column comes before a select alias of the same
			// name, as in MySQL and PostgreSQL; names match in any case.
			if _, err := in.lookup(c.Name); err != nil {
				for _, it := range s.Items {
					if !it.Star && strings.EqualFold(it.Alias, c.Name) {
						g = it.Expr
						break
					}
				}
			}
		}
		if hasAggregate(g) {
			return &SQLError{Err: ErrSyntax, Pos: -1, Msg: "aggregates are not allowed in GROUP BY"}
		}
		f, err := compile(g, in)
		if err != nil {
			return err
		}
		keys = append(keys, g)
		p.keys = append(p.keys, f)
	}
	aggIndex := map[string]int{}
	var names []string
	for i := range keys {
		names = append(names, keyCol(i))
	}
	var rewriteErr error
	var notGrouped *SQLError // rewriteErr when it is a column not grouped
	const mustGroup = " must appear in GROUP BY or be used in an aggregate"
	keyText := make([]string, len(keys))
	for i, k := range keys {
		keyText[i] = exprKey(in.canonical(k))
	}
	var toGroup func(e expr) expr
	toGroup = func(e expr) expr {
		for i, k := range keyText {
			if exprKey(in.canonical(e)) == k {
				return &columnExpr{Name: keyCol(i), Text: e.String(), End: max(exprPos(e), 0)}
			}
		}
		switch x := e.(type) {
		case *funcExpr:
			if !aggregates[x.Name] {
				if x.Text == "" || rewriteErr != nil {
					break
				}
				// An operator (v->>'$.a') names itself as written when a
				// column inside it is not grouped.
				out := mapChildren(e, toGroup)
				if rewriteErr != nil && rewriteErr == notGrouped {
					notGrouped = &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.Text + mustGroup}
					rewriteErr = notGrouped
				}
				return out
			}
			key := exprKey(in.canonical(x))
			j, ok := aggIndex[key]
			if !ok {
				spec, err := compileAggregate(x, in)
				if err != nil && rewriteErr == nil {
					rewriteErr = err
				}
				j = len(p.aggs)
				aggIndex[key] = j
				p.aggs = append(p.aggs, spec)
			}
			return &columnExpr{Name: aggCol(j), Text: x.String(), End: x.End}
		case *columnExpr:
			if _, err := in.lookup(x.Name); err != nil && x.Text == "" && rewriteErr == nil {
				// Not a column of the table at all: say so, where it is.
				if se, ok := err.(*SQLError); ok {
					e := *se
					e.Pos = exprPos(x)
					rewriteErr = &e
				} else {
					rewriteErr = err
				}
			}
			if rewriteErr == nil {
				what := "column " + quoteIdent(x.Name)
				if x.Text != "" {
					what = x.Text
				}
				notGrouped = &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: what + mustGroup}
				rewriteErr = notGrouped
			}
			return x
		}
		return mapChildren(e, toGroup)
	}
	rewritten := make([]expr, len(all))
	for i, e := range all {
		rewritten[i] = toGroup(e)
	}
	var having expr
	if s.Having != nil {
		having = toGroup(resolveAliases(s.Having, s.Items))
	}
	if rewriteErr != nil {
		return rewriteErr
	}
	for j := range p.aggs {
		names = append(names, aggCol(j))
	}
	gs := &scope{names: names, cfg: in.cfg}
	for _, e := range rewritten {
		f, err := compile(e, gs)
		if err != nil {
			return err
		}
		p.gproj = append(p.gproj, f)
	}
	if having != nil {
		f, err := compile(having, gs)
		if err != nil {
			return err
		}
		p.having = f
	}
	return nil
}

// resolveAliases replaces the select list's aliases in e (HAVING may name
// an output column by its alias, as ORDER BY may) by the expressions they
// stand for.
func resolveAliases(e expr, items []selectItem) expr {
	if c, ok := e.(*columnExpr); ok {
		for _, it := range items {
			if !it.Star && it.Alias != "" && it.Alias == c.Name {
				return it.Expr
			}
		}
		return e
	}
	return mapChildren(e, func(x expr) expr { return resolveAliases(x, items) })
}

// mapChildren returns a copy of e with fn applied to each direct child.
func mapChildren(e expr, fn func(expr) expr) expr {
	switch x := e.(type) {
	case *compareExpr:
		return &compareExpr{Op: x.Op, Left: fn(x.Left), Right: fn(x.Right)}
	case *logicExpr:
		return &logicExpr{And: x.And, Left: fn(x.Left), Right: fn(x.Right)}
	case *arithExpr:
		return &arithExpr{Op: x.Op, Left: fn(x.Left), Right: fn(x.Right), End: x.End}
	case *notExpr:
		return &notExpr{E: fn(x.E)}
	case *negExpr:
		return &negExpr{E: fn(x.E), End: x.End}
	case *isNullExpr:
		return &isNullExpr{E: fn(x.E), Not: x.Not}
	case *inExpr:
		list := make([]expr, len(x.List))
		for i, it := range x.List {
			list[i] = fn(it)
		}
		return &inExpr{E: fn(x.E), List: list, Not: x.Not}
	case *betweenExpr:
		return &betweenExpr{E: fn(x.E), Lo: fn(x.Lo), Hi: fn(x.Hi), Not: x.Not}
	case *likeExpr:
		l := &likeExpr{E: fn(x.E), Pattern: fn(x.Pattern), Not: x.Not}
		if x.Escape != nil {
			l.Escape = fn(x.Escape)
		}
		return l
	case *funcExpr:
		args := make([]expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = fn(a)
		}
		return &funcExpr{Name: x.Name, Args: args, Distinct: x.Distinct, Star: x.Star, Text: x.Text, End: x.End}
	}
	return e
}

func compileAggregate(x *funcExpr, in *scope) (aggSpec, error) {
	spec := aggSpec{name: x.Name, distinct: x.Distinct, star: x.Star, col: -1, text: x.String()}
	if x.Star {
		if x.Distinct {
			return spec, &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.String() + ": DISTINCT takes an expression, not *"}
		}
		return spec, nil
	}
	if len(x.Args) != 1 {
		return spec, &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.String() + ": an aggregate takes one argument"}
	}
	if hasAggregate(x.Args[0]) {
		return spec, &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.String() + ": aggregates do not nest"}
	}
	f, err := compile(x.Args[0], in)
	if err != nil {
		return spec, err
	}
	spec.arg = f
	if c, ok := x.Args[0].(*columnExpr); ok {
		spec.col, _ = in.lookup(c.Name) // compile found it
	}
	return spec, nil
}

// aggState accumulates one aggregate over one group.
type aggState struct {
	n    int64 // rows counted (COUNT) or values summed
	kind kind  // of the sum: kindInt, then kindFloat or kindDecimal
	// i: the integer sum; for a decimal sum, its part not yet in d, an
	// int64 unscaled at scale sc (see settle).
	i    int64
	f    float64
	d    *big.Int // decimal sum, unscaled at scale sc
	sc   int
	best *value // MIN or MAX so far; nil before the first value (kept apart so
	// that the states of other aggregates stay small, one per group)
	seen map[string]struct{}
	// ints: every value summed was an integer (the sum is a decimal only
	// after passing the int64 range); typed: none came from a Variant, so
	// the column type of the sum is BIGINT.
	ints, typed bool
}

// add folds one input value into the state.
func (st *aggState) add(spec *aggSpec, v value) error {
	if spec.star {
		st.n++
		return nil
	}
	s := v // the SQL value: a primitive Variant's scalar, NULL for the Variant null
	if v.k == kindVariant && spec.name != "count" {
		s = scalarOf(v.v)
	}
	if s.isNull() {
		return nil
	}
	if spec.distinct {
		if st.seen == nil {
			st.seen = map[string]struct{}{}
		}
		k, err := appendValueKey(nil, v)
		if err != nil {
			return err
		}
		if _, dup := st.seen[string(k)]; dup {
			return nil
		}
		st.seen[string(k)] = struct{}{}
	}
	switch spec.name {
	case "count":
		st.n++
	case "sum", "avg":
		if st.n == 0 {
			st.ints, st.typed = true, true
		}
		if !isNumeric(s.k) {
			return notANumber(spec, v)
		}
		st.ints = st.ints && s.k == kindInt
		st.typed = st.typed && v.k != kindVariant
		st.sum(s)
	case "min", "max":
		// The order of ORDER BY, so that MIN and MAX agree with it; the
		// result keeps the input's type (a Variant stays a Variant).
		if st.best == nil {
			b := ownedValue(v)
			st.best = &b
			return nil
		}
		c := orderCompare(v, *st.best)
		if spec.name == "min" && c < 0 || spec.name == "max" && c > 0 {
			*st.best = ownedValue(v)
		}
	}
	return nil
}

// ownedValue is v with its own copy of the bytes it points to, which the
// scan reuses for the next rows.
func ownedValue(v value) value {
	switch v.k {
	case kindVariant:
		v.v = v.v.Clone()
	case kindBytes:
		v.b = bytes.Clone(v.b)
	}
	return v
}

// notANumber is the error of a SUM or AVG over v, a value that is no
// number: it names the call, the value and, for a Variant, the cast that
// makes it one.
func notANumber(spec *aggSpec, v value) error {
	const most = 40 // bytes of the value's text shown
	what := "a " + v.k.String()
	text := ""
	switch v.k {
	case kindVariant:
		what = "a Variant " + v.v.Type().String()
		text = v.v.String()
	case kindString:
		text = strconv.Quote(v.s)
	case kindBool:
		text = strconv.FormatBool(v.i != 0)
	}
	if len(text) > most {
		n := most
		for n > 0 && !utf8.RuneStart(text[n]) {
			n--
		}
		text = text[:n] + "..."
	}
	if text != "" {
		what += " " + text
	}
	msg := spec.text + ": " + what + " is not a number"
	if v.k == kindVariant {
		msg += " (cast it with variant_get(v, path, 'decimal(p,s)'), or try_variant_get(v, path, 'decimal(p,s)') to skip values that do not cast)"
	}
	return &evalError{msg: msg}
}

// sum folds a number into a SUM or AVG.
func (st *aggState) sum(v value) {
	st.n++
	if st.n == 1 {
		st.kind = kindInt
	}
	switch {
	case v.k == kindFloat || st.kind == kindFloat:
		if st.kind != kindFloat {
			st.f = st.total()
			st.kind = kindFloat
		}
		st.f += toFloat(v)
	case v.k == kindDecimal || st.kind == kindDecimal:
		if st.kind == kindInt {
			st.d = big.NewInt(st.i)
			st.i, st.sc = 0, 0
			st.kind = kindDecimal
		}
		d := toDecimal(v)
		if d.Scale() == st.sc {
			// Most values: an int64 at the sum's scale, added to the int64
			// part of the sum while it does not overflow.
			if u, ok := d.Unscaled64(); ok {
				if s := st.i + u; (s > st.i) == (u > 0) {
					st.i = s
					return
				}
			}
		}
		st.settle()
		u := d.Unscaled()
		switch {
		case d.Scale() > st.sc:
			st.d.Mul(st.d, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.Scale()-st.sc)), nil))
			st.sc = d.Scale()
		case d.Scale() < st.sc:
			u.Mul(u, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(st.sc-d.Scale())), nil))
		}
		st.d.Add(st.d, u)
	default:
		s := st.i + v.i
		if (s > st.i) != (v.i > 0) {
			// An integer sum that leaves int64 goes on exactly as a decimal.
			st.d = big.NewInt(st.i)
			st.d.Add(st.d, big.NewInt(v.i))
			st.i, st.sc = 0, 0
			st.kind = kindDecimal
			return
		}
		st.i = s
	}
}

// addInt folds an integer into a SUM or AVG as sum does, without building
// a value while the sum stays an int64.
func (st *aggState) addInt(x int64) {
	if st.n == 0 || st.kind == kindInt {
		if s := st.i + x; (s > st.i) == (x > 0) {
			st.n++
			st.kind = kindInt
			st.i = s
			return
		}
	}
	st.sum(intValue(x))
}

// addFloat folds a double into a SUM or AVG as sum does.
func (st *aggState) addFloat(x float64) {
	st.n++
	if st.kind != kindFloat {
		st.f = st.total()
		st.kind = kindFloat
	}
	st.f += x
}

// settle adds the int64 part of a decimal sum (see sum) to its big part.
func (st *aggState) settle() {
	if st.kind == kindDecimal && st.i != 0 {
		st.d.Add(st.d, big.NewInt(st.i))
		st.i = 0
	}
}

// total is the sum as a float64.
func (st *aggState) total() float64 {
	switch st.kind {
	case kindFloat:
		return st.f
	case kindDecimal:
		st.settle()
		f, _ := new(big.Float).SetInt(st.d).Float64()
		return f / math.Pow10(st.sc)
	}
	return float64(st.i)
}

// result is the aggregate's value for the group.
func (st *aggState) result(spec *aggSpec) (value, error) {
	switch spec.name {
	case "count":
		if spec.star {
			return intValue(st.n), nil
		}
		return intValue(st.n), nil
	case "min", "max":
		if st.best == nil {
			return nullValue(), nil
		}
		return *st.best, nil
	}
	if st.n == 0 {
		return nullValue(), nil
	}
	if spec.name == "avg" {
		return floatValue(st.total() / float64(st.n)), nil
	}
	switch st.kind {
	case kindFloat:
		return floatValue(st.f), nil
	case kindDecimal:
		st.settle()
		if st.ints {
			// A sum of integers that left int64 on the way.
			if st.d.IsInt64() {
				return intValue(st.d.Int64()), nil
			}
			if st.typed {
				return value{}, &evalError{msg: "sum out of the range of BIGINT"}
			}
		}
		d, err := variant.DecimalFromBig(st.d, st.sc)
		if err != nil {
			return value{}, &evalError{msg: "sum out of the range of DECIMAL(38)", err: err}
		}
		return decimalValue(d), nil
	}
	return intValue(st.i), nil
}

// appendValueKey appends a byte key for v such that two values have equal
// keys exactly when they are the same SQL value (for GROUP BY, DISTINCT and
// COUNT(DISTINCT)), as compareValues says: numbers by value whatever their
// kind (the int 5, the decimal 5.00 and the double 5.0 share a key), a
// primitive Variant as the SQL value it holds. Objects, arrays and the
// Variant null use variant.AppendGroupKey; the Variant null is not SQL
// NULL. A double equals a decimal with a fraction when the decimal rounds
// to it (compareNumbers); their keys agree for decimals of up to 15
// significant digits (see appendDecimalKey). Equality between decimals
// and doubles is not transitive (0.1 and 0.10000000000000000001 both equal
// the double 0.1), so no key can agree with it everywhere: longer decimals
// keep exact keys.
func appendValueKey(dst []byte, v value) ([]byte, error) {
	if v.k == kindVariant {
		if s := scalarOf(v.v); s.k != kindVariant && s.k != kindNull {
			v = s
		} else {
			return variant.AppendGroupKey(append(dst, byte(kindVariant)), v.v)
		}
	}
	switch v.k {
	case kindInt:
		return appendIntKey(dst, v.i), nil
	case kindFloat:
		return appendFloatKey(dst, v.f), nil
	case kindDecimal:
		return appendDecimalKey(dst, v.d), nil
	}
	dst = append(dst, byte(v.k))
	switch v.k {
	case kindBool:
		dst = append(dst, byte(v.i))
	case kindClock:
		dst = binary.BigEndian.AppendUint64(dst, uint64(v.i))
	case kindString, kindUUID:
		dst = binary.AppendUvarint(dst, uint64(len(v.s)))
		dst = append(dst, v.s...)
	case kindBytes:
		dst = binary.AppendUvarint(dst, uint64(len(v.b)))
		dst = append(dst, v.b...)
	case kindTime:
		dst = binary.BigEndian.AppendUint64(dst, uint64(v.t.Unix()))
		dst = binary.BigEndian.AppendUint32(dst, uint32(v.t.Nanosecond()))
	}
	return dst, nil
}

// Tags of number keys: an integer in int64, another exact number as a
// decimal without trailing fraction zeros, a double with no exact decimal
// of 38 digits (or NaN, an infinity).
const (
	keyInt     = 'i'
	keyDecimal = 'd'
	keyDouble  = 'f'
)

func appendIntKey(dst []byte, i int64) []byte {
	return binary.BigEndian.AppendUint64(append(dst, keyInt), uint64(i))
}

// appendDecimalKey appends the key of the decimal d. A decimal with a
// fraction and at most 15 significant digits takes the key of its nearest
// double, which it equals by compareNumbers: such decimals round to
// distinct doubles, so two of them share a key exactly when they are equal,
// and the decimal 0.1 groups with the double 0.1. Longer decimals, which a
// double cannot tell apart, keep their exact key.
func appendDecimalKey(dst []byte, d variant.Decimal) []byte {
	d = stripZeros(d)
	if d.Scale() > 0 && d.Precision() <= 15 {
		return appendFloatKey(dst, d.Float64())
	}
	return appendExactKey(dst, d)
}

// stripZeros is d without trailing fraction zeros: 1.50 becomes 1.5.
func stripZeros(d variant.Decimal) variant.Decimal {
	for d.Scale() > 0 {
		r, ok := d.Rescale(d.Scale() - 1)
		if !ok {
			break
		}
		d = r
	}
	return d
}

// appendExactKey appends the key of the exact number d, which has no
// trailing fraction zeros: an integer's in int64, else its decimal text.
func appendExactKey(dst []byte, d variant.Decimal) []byte {
	if i, ok := d.Unscaled64(); ok && d.Scale() == 0 {
		return appendIntKey(dst, i)
	}
	dst = append(dst, keyDecimal)
	dst = strconv.AppendInt(dst, int64(d.Scale()), 10)
	dst = append(dst, ':')
	return d.Append(dst)
}

// appendFloatKey appends the key of a double: the key of the exact number
// it is when that fits a decimal of 38 digits, else its bits (-0 as +0, one
// NaN).
func appendFloatKey(dst []byte, f float64) []byte {
	switch {
	case f == 0:
		return appendIntKey(dst, 0)
	case math.IsNaN(f):
		f = math.NaN()
	case math.IsInf(f, 0):
	case f == math.Trunc(f) && f >= -0x1p63 && f < 0x1p63:
		return appendIntKey(dst, int64(f))
	default:
		if d, ok := variant.DecimalFromFloat(f); ok {
			return appendExactKey(dst, stripZeros(d))
		}
	}
	return binary.BigEndian.AppendUint64(append(dst, keyDouble), math.Float64bits(f))
}
