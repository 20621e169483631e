package driver

import (
	"strings"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/variant"
)

// pushdown turns the conjuncts of a WHERE clause that the scan can use for
// data skipping into scan predicates: comparisons, IN, BETWEEN and IS [NOT]
// NULL between a column and constants (literals or arguments). The scan
// returns only rows where every pushed conjunct is TRUE; the whole WHERE is
// still evaluated on those rows, so a conjunct the scan cannot use is simply
// not pushed. A conjunct is pushed only when the scan compares it exactly
// as the evaluator does: same type family on both sides.
type pushdown struct {
	conjuncts []expr
	schema    *scan.Schema
	refs      []pathRef // variant_get calls the scan answers (columns \x00p<i>)
	// calls maps the reference of each variant_get call left in the
	// statement (its VARIANT column is used whole) and pushed, to the call
	// as written, to word the scan's cast errors.
	calls map[string]string
}

// splitAnd lists the conjuncts of e.
func splitAnd(e expr, out []expr) []expr {
	if l, ok := e.(*logicExpr); ok && l.And {
		return splitAnd(l.Right, splitAnd(l.Left, out))
	}
	return append(out, e)
}

// pushed is what the scan takes of a WHERE clause for one execution.
type pushed struct {
	where scan.Predicate    // nil when no conjunct is pushed
	texts []string          // each pushed conjunct as written, for EXPLAIN
	calls map[string]string // see pushdown.calls
	// rest is the conjunction of the conjuncts the scan does not decide
	// exactly (nil when it decides them all): the evaluator needs only
	// these on the rows the scan returns.
	rest expr
}

// predicates builds the scan predicates for one execution's arguments.
func (p *pushdown) predicates(args []value) pushed {
	var preds scan.And
	var out pushed
	for _, c := range p.conjuncts {
		as := orAsIn(c, args)
		pred := p.predicate(as, args)
		if pred == nil {
			out.rest = andExpr(out.rest, c)
			continue
		}
		preds = append(preds, pred)
		out.texts = append(out.texts, c.String())
		if !p.exact(as, args) {
			out.rest = andExpr(out.rest, c)
		}
	}
	out.calls = p.calls
	switch len(preds) {
	case 0:
	case 1:
		out.where = preds[0]
	default:
		out.where = preds
	}
	return out
}

// orAsIn returns e, or, when e is an OR of equalities and IN lists between
// one expression and constants (x = 1 OR x IN (2, 4) OR 3 = x), the IN it
// means (x IN (1, 2, 4, 3)), which the scan can take: the same rows are
// TRUE, FALSE and NULL under SQL's three-valued logic.
func orAsIn(e expr, args []value) expr {
	l, ok := e.(*logicExpr)
	if !ok || l.And {
		return e
	}
	var subject expr
	var list []expr
	var walk func(e expr) bool
	walk = func(e expr) bool {
		if l, ok := e.(*logicExpr); ok && !l.And {
			return walk(l.Left) && walk(l.Right)
		}
		if in, ok := e.(*inExpr); ok && !in.Not {
			// x IN (a, b) is x = a OR x = b.
			for _, k := range in.List {
				if _, isConst := constant(k, args); !isConst {
					return false
				}
			}
			if _, isConst := constant(in.E, args); isConst {
				return false
			}
			if subject == nil {
				subject = in.E
			} else if exprKey(subject) != exprKey(in.E) {
				return false
			}
			list = append(list, in.List...)
			return true
		}
		c, ok := e.(*compareExpr)
		if !ok || c.Op != "=" {
			return false
		}
		x, k := c.Left, c.Right
		if _, isConst := constant(k, args); !isConst {
			x, k = k, x
		}
		if _, isConst := constant(k, args); !isConst {
			return false
		}
		if _, isConst := constant(x, args); isConst {
			return false
		}
		if subject == nil {
			subject = x
		} else if exprKey(subject) != exprKey(x) {
			return false
		}
		list = append(list, k)
		return true
	}
	if !walk(l) {
		return e
	}
	return &inExpr{E: subject, List: list}
}

// andExpr is a AND c, or c when a is nil.
func andExpr(a, c expr) expr {
	if a == nil {
		return c
	}
	return &logicExpr{And: true, Left: a, Right: c}
}

// exact reports whether the scan decides pushed conjunct c exactly as the
// evaluator would, so that every row the scan returns makes c TRUE and the
// evaluator may skip it. That holds for the
// kinds whose values the scan and the evaluator order alike, byte for byte
// or number for number: a comparison (not <=>), IN or BETWEEN of an
// integer, string or date/timestamp (typed path or column) with constants
// of the same kind, of a boolean by = or <>, and IS [NOT] NULL of a typed
// path or column whose cells always read (not VARIANT, whose metadata may
// not decode, nor DECIMAL, which may hold more than 38 digits: reading
// such a cell is an error the evaluator must still meet). A cast that
// fails in the scan is an error there as it is in the evaluator (strict)
// or NULL in both (try_variant_get). Doubles and decimals stay with the
// evaluator too.
func (p *pushdown) exact(c expr, args []value) bool {
	same := func(k scan.Kind, v value, op string) bool {
		switch {
		case v.isNull():
			return true // no row is TRUE against NULL, in either
		case k == scan.KindInt64:
			return v.k == kindInt
		case k == scan.KindString:
			return v.k == kindString
		case k == scan.KindDate || k == scan.KindTimestamp:
			return v.k == kindTime
		case k == scan.KindBool:
			return v.k == kindBool && (op == "=" || op == "<>")
		}
		return false
	}
	switch x := c.(type) {
	case *compareExpr:
		if _, ok := scanOps[x.Op]; !ok {
			return false
		}
		e, k := x.Left, x.Right
		if _, ok := constant(k, args); !ok {
			e, k = k, e
		}
		_, kind, ok := p.ref(e)
		v, vok := constant(k, args)
		return ok && vok && same(kind, v, x.Op)
	case *inExpr:
		_, kind, ok := p.ref(x.E)
		if !ok || x.Not {
			return false
		}
		for _, it := range x.List {
			v, vok := constant(it, args)
			if !vok || !same(kind, v, "=") {
				return false
			}
		}
		return true
	case *betweenExpr:
		_, kind, ok := p.ref(x.E)
		if !ok || x.Not {
			return false
		}
		lo, lok := constant(x.Lo, args)
		hi, hok := constant(x.Hi, args)
		return lok && hok && same(kind, lo, "<") && same(kind, hi, "<")
	case *isNullExpr:
		_, kind, ok := p.ref(x.E)
		return ok && kind != scan.KindVariant && kind != scan.KindNested && kind != scan.KindDecimal
	}
	return false
}

var flipOp = map[string]string{"=": "=", "<>": "<>", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

var scanOps = map[string]scan.Op{"=": scan.Eq, "<>": scan.Ne, "<": scan.Lt, "<=": scan.Le, ">": scan.Gt, ">=": scan.Ge}

func (p *pushdown) predicate(c expr, args []value) scan.Predicate {
	switch x := c.(type) {
	case *compareExpr:
		op, ok := scanOps[x.Op]
		if !ok {
			return nil
		}
		ref, kind, ok := p.ref(x.Left)
		v, vok := constant(x.Right, args)
		if !ok || !vok {
			if ref, kind, ok = p.ref(x.Right); !ok {
				return nil
			}
			if v, vok = constant(x.Left, args); !vok {
				return nil
			}
			op = scanOps[flipOp[x.Op]]
		}
		gv, ok := scanValue(kind, v)
		if !ok {
			return nil
		}
		return scan.Compare{Ref: ref, Op: op, Value: gv}
	case *inExpr:
		if x.Not {
			return nil
		}
		ref, kind, ok := p.ref(x.E)
		if !ok {
			return nil
		}
		var vals []any
		for _, it := range x.List {
			v, ok := constant(it, args)
			if !ok {
				return nil
			}
			if v.isNull() {
				continue // never equal: leaves the other items
			}
			gv, ok := scanValue(kind, v)
			if !ok {
				return nil
			}
			vals = append(vals, gv)
		}
		return scan.In{Ref: ref, Values: vals}
	case *likeExpr:
		return p.likePrefix(x, args)
	case *betweenExpr:
		if x.Not {
			return nil
		}
		lo := p.predicate(&compareExpr{Op: ">=", Left: x.E, Right: x.Lo}, args)
		hi := p.predicate(&compareExpr{Op: "<=", Left: x.E, Right: x.Hi}, args)
		if lo == nil || hi == nil {
			return nil
		}
		return scan.And{lo, hi}
	case *isNullExpr:
		ref, _, ok := p.ref(x.E)
		if !ok {
			return nil
		}
		if x.Not {
			return scan.IsNotNull(ref)
		}
		return scan.IsNull{Ref: ref}
	}
	return nil
}

// ref is the scan reference of a plain column expression, or of a
// variant_get call with a type that the scan answers: rewritten into a
// column of its own, or left to the evaluator because the query also uses
// its VARIANT column whole (the scan then still filters rows with it).
func (p *pushdown) ref(e expr) (scan.Ref, scan.Kind, bool) {
	if r, ok := scanCall(e, p.schema); ok {
		k := refKind(r.As)
		if k != scan.KindInvalid {
			if p.calls == nil {
				p.calls = map[string]string{}
			}
			p.calls[r.String()] = e.String()
		}
		return r, k, k != scan.KindInvalid
	}
	c, ok := e.(*columnExpr)
	if !ok {
		return scan.Ref{}, 0, false
	}
	for _, r := range p.refs {
		if r.name == c.Name {
			k := refKind(r.ref.As)
			return r.ref, k, k != scan.KindInvalid
		}
	}
	i, ok := p.schema.Lookup(c.Name)
	if !ok {
		return scan.Ref{}, 0, false
	}
	col := p.schema.Columns[i]
	return scan.Col(col.Name), col.Type.Kind, true
}

// refKind is the kind of a typed Variant path's values, for the types whose
// comparisons the scan and the evaluator make alike; KindInvalid for the
// others (and for untyped paths, which stay Variants), which are not pushed.
func refKind(t variant.SQLType) scan.Kind {
	switch t.Kind {
	case variant.SQLBoolean:
		return scan.KindBool
	case variant.SQLTinyint, variant.SQLSmallint, variant.SQLInt, variant.SQLBigint:
		return scan.KindInt64
	case variant.SQLFloat, variant.SQLDouble:
		return scan.KindFloat64
	case variant.SQLDecimal:
		return scan.KindDecimal
	case variant.SQLString:
		return scan.KindString
	case variant.SQLDate:
		return scan.KindDate
	case variant.SQLTimestamp, variant.SQLTimestampNTZ:
		return scan.KindTimestamp
	}
	return scan.KindInvalid
}

// constant evaluates a literal or an argument.
func constant(e expr, args []value) (value, bool) {
	switch x := e.(type) {
	case *literalExpr:
		v, err := literalValue(x)
		return v, err == nil
	case *paramExpr:
		if x.Index < len(args) {
			return args[x.Index], true
		}
	}
	return value{}, false
}

// scanValue converts a constant to the Go value a scan predicate on a column
// of the kind takes, when the two compare the same way in the scan and in
// the evaluator. A NULL is never pushed: the comparison is unknown.
func scanValue(k scan.Kind, v value) (any, bool) {
	if v.k == kindString && k != scan.KindString {
		// SQL text meets a typed column: read as the column's kind, as
		// compareValues reads it.
		var ok bool
		if v, ok = coerceText(v.s, scanKindFamily(k)); !ok {
			return nil, false
		}
	}
	switch {
	case v.isNull():
		return nil, false
	case k == scan.KindInt64 || k == scan.KindFloat64 || k == scan.KindDecimal || k == scan.KindUint64:
		switch v.k {
		case kindInt:
			return v.i, true
		case kindFloat:
			if k == scan.KindDecimal {
				// compareNumbers rounds a decimal with a fraction to the
				// nearest double to meet a double, which the scan, which
				// compares exactly, cannot do: 9007199254740993.5 equals
				// the double 9007199254740994 (whole or not).
				return nil, false
			}
			return v.f, true
		case kindDecimal:
			if _, integral := v.d.Rescale(0); k == scan.KindFloat64 && !integral {
				// compareNumbers rounds a decimal with a fraction to
				// the nearest double to meet a double.
				return v.d.Float64(), true
			}
			return v.d, true
		}
	case k == scan.KindString:
		if v.k == kindString {
			return v.s, true
		}
	case k == scan.KindBool:
		if v.k == kindBool {
			return v.i != 0, true
		}
	case k == scan.KindBytes:
		if v.k == kindBytes {
			return v.b, true
		}
	case k == scan.KindDate || k == scan.KindTimestamp:
		if v.k == kindTime {
			return v.t, true
		}
	case k == scan.KindUUID:
		// Canonical text, which the scan reads as the UUID's 16 bytes:
		// both order UUIDs alike.
		if v.k == kindUUID {
			return v.s, true
		}
	}
	return nil, false
}

// scanKindFamily is the evaluation kind of values of a scan kind.
func scanKindFamily(k scan.Kind) kind {
	switch k {
	case scan.KindInt64, scan.KindUint64, scan.KindFloat64, scan.KindDecimal:
		return kindDecimal
	case scan.KindBool:
		return kindBool
	case scan.KindDate, scan.KindTimestamp:
		return kindTime
	case scan.KindUUID:
		return kindUUID
	}
	return kindNull
}

// likePrefix is the range a LIKE whose pattern starts with a fixed prefix
// (x LIKE 'abc%') gives a string column or typed path: x >= 'abc' AND
// x < 'abd', for skipping only (the evaluator still matches the pattern:
// LIKE is case-sensitive, by bytes here, so every match lies in the range).
// nil when the pattern is not a constant string, starts with a wildcard,
// has an escape before its first wildcard, or has an ESCAPE clause.
func (p *pushdown) likePrefix(x *likeExpr, args []value) scan.Predicate {
	if x.Not || x.Escape != nil {
		return nil
	}
	ref, kind, ok := p.ref(x.E)
	if !ok || kind != scan.KindString {
		return nil
	}
	v, ok := constant(x.Pattern, args)
	if !ok || v.k != kindString {
		return nil
	}
	end := strings.IndexAny(v.s, "%_\\")
	if end < 0 || v.s[end] == '\\' {
		return nil // no wildcard (= is pushed instead), or an escape
	}
	prefix := v.s[:end]
	if prefix == "" {
		return nil
	}
	lo := scan.Compare{Ref: ref, Op: scan.Ge, Value: prefix}
	if hi, ok := prefixEnd(prefix); ok {
		return scan.And{lo, scan.Compare{Ref: ref, Op: scan.Lt, Value: hi}}
	}
	return lo
}

// prefixEnd is the least string above every string that starts with
// prefix, in byte order: prefix with its last byte below 0xFF incremented
// and what follows that byte dropped; false when every byte is 0xFF.
func prefixEnd(prefix string) (string, bool) {
	for i := len(prefix) - 1; i >= 0; i-- {
		if prefix[i] != 0xFF {
			return prefix[:i] + string([]byte{prefix[i] + 1}), true
		}
	}
	return "", false
}
