package driver

import (
	"fmt"
	"github.com/parquetvariant/parquetvariant/variant"
	"math"
	"strings"
)

// evalFunc evaluates a compiled expression on the current row.
type evalFunc func(r *evalRow) (value, error)

// evalRow is what an expression sees: the current row's column values, in
// the order of the scope it was compiled against, and the statement's bound
// arguments.
type evalRow struct {
	cols []value
	args []value
}

// scope names the columns an expression may refer to, and carries the
// connection's settings that change what functions do.
type scope struct {
	names []string
	cfg   *Config
}

// canonical is e with each table column named as the scope spells it, so
// that Kind and kind are the same GROUP BY expression.
func (s *scope) canonical(e expr) expr {
	if c, ok := e.(*columnExpr); ok {
		if c.Text == "" {
			if i, err := s.lookup(c.Name); err == nil && s.names[i] != c.Name {
				return &columnExpr{Name: s.names[i], End: c.End}
			}
		}
		return e
	}
	return mapChildren(e, s.canonical)
}

// lookup finds a column by name: exactly, or else case-insensitively when
// that names one column only.
func (s *scope) lookup(name string) (int, error) {
	for i, n := range s.names {
		if n == name {
			return i, nil
		}
	}
	found := -1
	for i, n := range s.names {
		if strings.EqualFold(n, name) {
			if found >= 0 {
				return 0, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "column name " + quoteIdent(name) + " is ambiguous"}
			}
			found = i
		}
	}
	if found < 0 {
		return 0, &SQLError{Err: ErrNoColumn, Pos: -1, Msg: quoteIdent(name) + " (" + columnList(s.names) + ")"}
	}
	return found, nil
}

// columnList names the columns of a table for an error: "the columns are
// a, b, c", the first 12 of more and how many others.
func columnList(names []string) string {
	const most = 12
	if len(names) == 0 {
		return "the table has no columns"
	}
	shown := make([]string, 0, most)
	for _, n := range names[:min(len(names), most)] {
		shown = append(shown, quoteIdent(n))
	}
	text := "the columns are " + strings.Join(shown, ", ")
	if len(names) > most {
		text += fmt.Sprintf(" and %d others", len(names)-most)
	}
	return text
}

// aggregates are the functions the planner evaluates over groups.
var aggregates = map[string]bool{"count": true, "sum": true, "avg": true, "min": true, "max": true}

// compile turns an expression into an evalFunc bound to the scope.
// Constant arguments that need parsing (paths, types, LIKE patterns) are
// parsed here, once.
func compile(e expr, sc *scope) (evalFunc, error) {
	switch x := e.(type) {
	case *literalExpr:
		v, err := literalValue(x)
		if err != nil {
			return nil, err
		}
		return func(*evalRow) (value, error) { return v, nil }, nil
	case *paramExpr:
		i := x.Index
		return func(r *evalRow) (value, error) { return r.args[i], nil }, nil
	case *columnExpr:
		i, err := sc.lookup(x.Name)
		if se, ok := err.(*SQLError); ok && se.Pos < 0 {
			e := *se
			e.Pos = exprPos(x)
			return nil, &e
		}
		if err != nil {
			return nil, err
		}
		return func(r *evalRow) (value, error) { return r.cols[i], nil }, nil
	case *compareExpr:
		return compileCompare(x, sc)
	case *logicExpr:
		return compileLogic(x, sc)
	case *notExpr:
		in, err := compile(x.E, sc)
		if err != nil {
			return nil, err
		}
		return func(r *evalRow) (value, error) {
			v, err := in(r)
			if err != nil {
				return value{}, err
			}
			t, err := truthValue(v)
			return t.not().value(), err
		}, nil
	case *isNullExpr:
		in, err := compile(x.E, sc)
		if err != nil {
			return nil, err
		}
		not := x.Not
		return func(r *evalRow) (value, error) {
			v, err := in(r)
			if err != nil {
				return value{}, err
			}
			return boolValue(v.isNull() != not), nil
		}, nil
	case *inExpr:
		return compileIn(x, sc)
	case *betweenExpr:
		lo := &compareExpr{Op: ">=", Left: x.E, Right: x.Lo}
		hi := &compareExpr{Op: "<=", Left: x.E, Right: x.Hi}
		var both expr = &logicExpr{And: true, Left: lo, Right: hi}
		if x.Not {
			both = &notExpr{E: both}
		}
		return compile(both, sc)
	case *likeExpr:
		return compileLike(x, sc)
	case *arithExpr:
		return compileArith(x, sc)
	case *negExpr:
		zero := &literalExpr{Value: int64(0)}
		return compileArith(&arithExpr{Op: "-", Left: zero, Right: x.E}, sc)
	case *funcExpr:
		if aggregates[x.Name] {
			return nil, &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: "aggregate " + x.String() + " is not allowed here"}
		}
		return compileFunc(x, sc)
	}
	return nil, &SQLError{Err: ErrUnsupported, Pos: -1, Msg: "the expression " + e.String()}
}

func literalValue(x *literalExpr) (value, error) {
	switch v := x.Value.(type) {
	case nil:
		return nullValue(), nil
	case bool:
		return boolValue(v), nil
	case int64:
		return intValue(v), nil
	case float64:
		return floatValue(v), nil
	case string:
		return stringValue(v), nil
	case []byte:
		return value{k: kindBytes, b: v}, nil
	case decimalText:
		d, err := parseDecimalLiteral(string(v))
		if err != nil {
			return value{}, err
		}
		return d, nil
	}
	return value{}, &SQLError{Err: ErrUnsupported, Pos: -1, Msg: "the literal " + x.String()}
}

// compilePair compiles the two operands of a binary operator.
func compilePair(left, right expr, sc *scope) (evalFunc, evalFunc, error) {
	l, err := compile(left, sc)
	if err != nil {
		return nil, nil, err
	}
	r, err := compile(right, sc)
	if err != nil {
		return nil, nil, err
	}
	return l, r, nil
}

// evalPair evaluates both operands of a binary operator.
func evalPair(row *evalRow, l, r evalFunc) (value, value, error) {
	a, err := l(row)
	if err != nil {
		return value{}, value{}, err
	}
	b, err := r(row)
	return a, b, err
}

// compileCompare builds = <> < <= > >= with SQL three-valued logic and the
// null-safe <=>, which is never unknown.
func compileCompare(x *compareExpr, sc *scope) (evalFunc, error) {
	l, r, err := compilePair(x.Left, x.Right, sc)
	if err != nil {
		return nil, err
	}
	op := x.Op
	return func(row *evalRow) (value, error) {
		a, b, err := evalPair(row, l, r)
		if err != nil {
			return value{}, err
		}
		if op == "<=>" {
			an, bn := a.isNull(), b.isNull()
			if an || bn {
				return boolValue(an && bn), nil
			}
			c, ok := compareValues(a, b)
			return boolValue(ok && c == 0), nil
		}
		c, ok := compareValues(a, b)
		if !ok {
			return nullValue(), nil
		}
		switch op {
		case "=":
			return boolValue(c == 0), nil
		case "<>":
			return boolValue(c != 0), nil
		case "<":
			return boolValue(c < 0), nil
		case "<=":
			return boolValue(c <= 0), nil
		case ">":
			return boolValue(c > 0), nil
		}
		return boolValue(c >= 0), nil
	}, nil
}

// compileLogic builds AND and OR with three-valued logic: false AND unknown
// is false, true OR unknown is true. The right side is not evaluated when the
// left side decides.
func compileLogic(x *logicExpr, sc *scope) (evalFunc, error) {
	l, r, err := compilePair(x.Left, x.Right, sc)
	if err != nil {
		return nil, err
	}
	and := x.And
	return func(row *evalRow) (value, error) {
		a, err := l(row)
		if err != nil {
			return value{}, err
		}
		ta, err := truthValue(a)
		if err != nil {
			return value{}, err
		}
		if and && ta == falseT || !and && ta == trueT {
			return ta.value(), nil
		}
		b, err := r(row)
		if err != nil {
			return value{}, err
		}
		tb, err := truthValue(b)
		if err != nil {
			return value{}, err
		}
		switch {
		case and && tb == falseT, !and && tb == trueT:
			return tb.value(), nil
		case ta == unknown || tb == unknown:
			return nullValue(), nil
		}
		return tb.value(), nil
	}, nil
}

// compileIn builds e [NOT] IN (list): true when e equals an item; otherwise
// unknown when e or any item is NULL, else false.
func compileIn(x *inExpr, sc *scope) (evalFunc, error) {
	e, err := compile(x.E, sc)
	if err != nil {
		return nil, err
	}
	items := make([]evalFunc, len(x.List))
	for i, it := range x.List {
		if items[i], err = compile(it, sc); err != nil {
			return nil, err
		}
	}
	not := x.Not
	set := literalSet(x.List)
	return func(row *evalRow) (value, error) {
		v, err := e(row)
		if err != nil {
			return value{}, err
		}
		// x IN (a, b) is x = a OR x = b: TRUE when an item equals x, else
		// unknown when x is NULL or an item compares unknown, else FALSE.
		res := falseT
		if v.isNull() {
			res = unknown
		} else if r, ok := set.lookup(v); ok {
			res = r
		} else {
			for _, it := range items {
				w, err := it(row)
				if err != nil {
					return value{}, err
				}
				c, ok := compareValues(v, w)
				if !ok {
					res = unknown
					continue
				}
				if c == 0 {
					res = trueT
					break
				}
			}
		}
		if not {
			res = res.not()
		}
		return res.value(), nil
	}, nil
}

// compileArith builds + - * / % on numbers. Integers stay integers (an
// overflow is an error, never a wrap) except for /, which gives a double;
// a double on either side gives a double; a decimal with an integer or a
// decimal gives the exact decimal (scale: the larger for + - %, the sum for
// *) when that fits DECIMAL(38), else a double. NULL on either side gives
// NULL; division by zero gives NULL.
func compileArith(x *arithExpr, sc *scope) (evalFunc, error) {
	l, r, err := compilePair(x.Left, x.Right, sc)
	if err != nil {
		return nil, err
	}
	op := x.Op
	return func(row *evalRow) (value, error) {
		a, b, err := evalPair(row, l, r)
		if err != nil {
			return value{}, err
		}
		if a.k == kindVariant {
			a = scalarOf(a.v)
		}
		if b.k == kindVariant {
			b = scalarOf(b.v)
		}
		if a.isNull() || b.isNull() {
			return nullValue(), nil
		}
		if !isNumeric(a.k) || !isNumeric(b.k) {
			return value{}, &evalError{msg: "cannot apply " + op + " to " + a.k.String() + " and " + b.k.String()}
		}
		if a.k == kindInt && b.k == kindInt && op != "/" {
			return intArith(op, a.i, b.i)
		}
		if a.k != kindFloat && b.k != kindFloat && op != "/" {
			if d, ok := decimalArith(op, toDecimal(a), toDecimal(b)); ok {
				return d, nil
			}
		}
		af, bf := toFloat(a), toFloat(b)
		switch op {
		case "+":
			return floatValue(af + bf), nil
		case "-":
			return floatValue(af - bf), nil
		case "*":
			return floatValue(af * bf), nil
		case "/":
			if bf == 0 {
				return nullValue(), nil
			}
			return floatValue(af / bf), nil
		}
		if bf == 0 {
			return nullValue(), nil
		}
		return floatValue(math.Mod(af, bf)), nil
	}, nil
}

// decimalArith computes + - * % of two decimals exactly; ok is false when
// the result does not fit DECIMAL(38). x % 0 is NULL.
func decimalArith(op string, x, y variant.Decimal) (value, bool) {
	sc := max(x.Scale(), y.Scale())
	if op == "*" {
		sc = x.Scale() + y.Scale()
	} else {
		var okx, oky bool
		if x, okx = x.Rescale(sc); !okx {
			return value{}, false
		}
		if y, oky = y.Rescale(sc); !oky {
			return value{}, false
		}
	}
	u, w := x.Unscaled(), y.Unscaled()
	switch op {
	case "+":
		u.Add(u, w)
	case "-":
		u.Sub(u, w)
	case "*":
		u.Mul(u, w)
	default:
		if w.Sign() == 0 {
			return nullValue(), true
		}
		u.Rem(u, w)
	}
	d, err := variant.DecimalFromBig(u, sc)
	if err != nil {
		return value{}, false
	}
	return decimalValue(d), true
}

func intArith(op string, a, b int64) (value, error) {
	overflow := func() (value, error) {
		return value{}, &evalError{msg: "integer overflow in " + op}
	}
	switch op {
	case "+":
		s := a + b
		if (s > a) != (b > 0) {
			return overflow()
		}
		return intValue(s), nil
	case "-":
		s := a - b
		if (s < a) != (b > 0) {
			return overflow()
		}
		return intValue(s), nil
	case "*":
		if a != 0 && b != 0 {
			p := a * b
			if p/b != a || a == -1 && b == math.MinInt64 || b == -1 && a == math.MinInt64 {
				return overflow()
			}
			return intValue(p), nil
		}
		return intValue(0), nil
	}
	if b == 0 {
		return nullValue(), nil
	}
	if b == -1 {
		return intValue(0), nil
	}
	return intValue(a % b), nil
}

// inSet holds an IN list of literals all of one kind, strings or
// integers (and NULLs), for a lookup instead of a comparison per item.
type inSet struct {
	strs    map[string]struct{}
	ints    map[int64]struct{}
	hasNull bool
}

// literalSet returns the set of list, or nil when an item is not a string,
// integer or NULL literal, or the items mix strings and integers.
func literalSet(list []expr) *inSet {
	s := &inSet{}
	for _, it := range list {
		lit, ok := it.(*literalExpr)
		if !ok {
			return nil
		}
		switch x := lit.Value.(type) {
		case nil:
			s.hasNull = true
		case string:
			if s.ints != nil {
				return nil
			}
			if s.strs == nil {
				s.strs = make(map[string]struct{}, len(list))
			}
			s.strs[x] = struct{}{}
		case int64:
			if s.strs != nil {
				return nil
			}
			if s.ints == nil {
				s.ints = make(map[int64]struct{}, len(list))
			}
			s.ints[x] = struct{}{}
		default:
			return nil
		}
	}
	return s
}

// lookup answers v IN the list when v (or the scalar a Variant holds) is of
// the list's kind, as compareValues would item by item: a string equals a
// string by its bytes, an integer an integer; ok is false otherwise.
func (s *inSet) lookup(v value) (truth, bool) {
	if s == nil {
		return unknown, false
	}
	if v.k == kindVariant {
		v = scalarOf(v.v)
	}
	found := false
	switch {
	case s.strs != nil && v.k == kindString:
		_, found = s.strs[v.s]
	case s.ints != nil && v.k == kindInt:
		_, found = s.ints[v.i]
	case s.strs == nil && s.ints == nil:
		// Only NULLs: every comparison is unknown.
	default:
		return unknown, false
	}
	switch {
	case found:
		return trueT, true
	case s.hasNull:
		return unknown, true
	}
	return falseT, true
}
