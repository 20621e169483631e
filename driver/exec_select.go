package driver

import (
	"math"
	"strconv"
	"strings"
)

// rowSource streams the rows a SELECT reads: the values of the columns it
// was opened for, in that order. row's slice is valid until the next call
// of next.
type rowSource interface {
	next() (bool, error)
	row() []value
	close() error
}

// selectPlan is a SELECT compiled against its table's columns. It is built
// once per statement and run once per execution with that execution's
// arguments.
type selectPlan struct {
	names    []string // output column names
	exprs    []expr   // output column expressions, * expanded
	distinct bool
	where    evalFunc // nil when absent
	// Without aggregation: one evalFunc per output column, plus one per
	// ORDER BY key that is not an output column, over the input row.
	proj []evalFunc
	// span is the first of the input columns that the output columns are,
	// in order, when they are consecutive plain columns (SELECT *, or a
	// single column): the input row then serves as it is. -1 otherwise.
	span int
	// inputs is the input column of each of proj that is a plain column,
	// -1 for the others.
	inputs []int
	// With aggregation (grouped): keys and aggregate arguments over the
	// input row; output columns, HAVING and ORDER BY keys over the group
	// row, which holds the key values then the aggregate results.
	grouped bool
	keys    []evalFunc
	aggs    []aggSpec
	having  evalFunc
	gproj   []evalFunc
	// order keys: an index into the computed row (output columns followed
	// by hidden sort columns).
	order         []orderKey
	limit, offset evalFunc // nil when absent
	hidden        int      // sort columns after the output columns
	// sortExprs are the expressions of the computed row: the output
	// columns, then the hidden sort columns.
	sortExprs []expr
}

type orderKey struct {
	col  int
	desc bool
}

// planSelect compiles s against the columns of its table.
func planSelect(s *selectStmt, cols []string, cfg *Config) (*selectPlan, error) {
	in := &scope{names: cols, cfg: cfg}
	p := &selectPlan{distinct: s.Distinct, span: -1}
	var items []selectItem
	for _, it := range s.Items {
		if it.Star {
			for _, c := range cols {
				if strings.HasPrefix(c, "\x00") {
					continue // a variant_get the scan answers (see pathRef), not a table column
				}
				items = append(items, selectItem{Expr: &columnExpr{Name: c}})
			}
			continue
		}
		items = append(items, it)
	}
	for i, it := range items {
		name := it.Alias
		if name == "" {
			if c, ok := it.Expr.(*columnExpr); ok {
				name = c.Name
			} else {
				name = it.Expr.String()
			}
		}
		if name == "" {
			name = "col" + strconv.Itoa(i+1)
		}
		p.names = append(p.names, name)
		p.exprs = append(p.exprs, it.Expr)
	}
	var err error
	if s.Where != nil {
		if hasAggregate(s.Where) {
			return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "aggregates are not allowed in WHERE (use HAVING)"}
		}
		if p.where, err = compile(s.Where, in); err != nil {
			return nil, err
		}
	}
	p.grouped = len(s.GroupBy) > 0 || s.Having != nil
	for _, it := range items {
		p.grouped = p.grouped || hasAggregate(it.Expr)
	}
	for _, o := range s.OrderBy {
		p.grouped = p.grouped || hasAggregate(o.Expr)
	}
	// Resolve ORDER BY: an ordinal, an output alias, or an expression.
	orderExprs := make([]expr, 0, len(s.OrderBy))
	for _, o := range s.OrderBy {
		col := -1
		if lit, ok := o.Expr.(*literalExpr); ok {
			n, isInt := lit.Value.(int64)
			if !isInt || n < 1 || n > int64(len(items)) {
				return nil, &SQLError{Err: ErrSyntax, Pos: exprPos(lit), Msg: "ORDER BY position " + lit.String() + " is not in the select list"}
			}
			col = int(n - 1)
		} else if c, ok := o.Expr.(*columnExpr); ok {
			for i, it := range items {
				if !strings.EqualFold(it.Alias, c.Name) {
					continue
				}
				if col >= 0 && exprKey(items[col].Expr) != exprKey(it.Expr) {
					return nil, &SQLError{Err: ErrSyntax, Pos: exprPos(c), Msg: "ORDER BY " + c.Name + " is ambiguous: two columns of the select list are named so"}
				}
				if col < 0 {
					col = i
				}
			}
		}
		if col < 0 {
			for i, it := range items {
				if exprKey(it.Expr) == exprKey(o.Expr) || sameColumn(it.Expr, o.Expr) {
					col = i
					break
				}
			}
		}
		if col < 0 {
			if s.Distinct {
				// The rows DISTINCT keeps have no one value of an
				// expression outside the select list (PostgreSQL).
				return nil, &SQLError{Err: ErrSyntax, Pos: exprPos(o.Expr), Msg: "ORDER BY " + o.Expr.String() + ": with SELECT DISTINCT, ORDER BY takes only columns of the select list"}
			}
			col = len(items) + len(orderExprs)
			orderExprs = append(orderExprs, o.Expr)
		}
		p.order = append(p.order, orderKey{col: col, desc: o.Desc})
	}
	p.hidden = len(orderExprs)
	all := make([]expr, 0, len(items)+len(orderExprs))
	for _, it := range items {
		all = append(all, it.Expr)
	}
	all = append(all, orderExprs...)
	p.sortExprs = all
	if p.grouped {
		if err := p.planGroups(s, all, in); err != nil {
			return nil, err
		}
	} else {
		for i, e := range all {
			f, err := compile(e, in)
			if err != nil {
				return nil, err
			}
			p.proj = append(p.proj, f)
			c, ok := e.(*columnExpr)
			if !ok {
				p.span = -2
				p.inputs = append(p.inputs, -1)
				continue
			}
			col, _ := in.lookup(c.Name) // compile found it
			p.inputs = append(p.inputs, col)
			switch {
			case i == 0:
				p.span = col
			case p.span >= 0 && col != p.span+i:
				p.span = -2
			}
		}
		p.span = max(p.span, -1)
	}
	if s.Limit != nil {
		if p.limit, err = compileCount(s.Limit, "LIMIT"); err != nil {
			return nil, err
		}
	}
	if s.Offset != nil {
		if p.offset, err = compileCount(s.Offset, "OFFSET"); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// compileCount compiles a LIMIT or OFFSET: an integer literal or a ?.
func compileCount(e expr, what string) (evalFunc, error) {
	switch x := e.(type) {
	case *literalExpr:
		if n, ok := x.Value.(int64); ok && n >= 0 {
			return func(*evalRow) (value, error) { return intValue(n), nil }, nil
		}
	case *paramExpr:
		return compile(x, &scope{})
	}
	return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: what + " takes a non-negative integer or ?"}
}

// count evaluates a LIMIT or OFFSET with the execution's arguments.
func count(f evalFunc, args []value, what string, none int64) (int64, error) {
	if f == nil {
		return none, nil
	}
	v, err := f(&evalRow{args: args})
	if err != nil {
		return 0, err
	}
	if v.k == kindString {
		if n, ok := coerceText(v.s, kindInt); ok {
			v = n
		}
	}
	switch {
	case v.k == kindInt && v.i >= 0:
		return v.i, nil
	case v.k == kindFloat && v.f >= 0 && v.f == math.Trunc(v.f) && v.f < 1<<62:
		return int64(v.f), nil
	}
	return 0, &evalError{msg: what + " must be a non-negative integer"}
}

// hasAggregate reports whether e calls an aggregate function.
func hasAggregate(e expr) bool {
	found := false
	walkExpr(e, func(x expr) {
		if f, ok := x.(*funcExpr); ok && aggregates[f.Name] {
			found = true
		}
	})
	return found
}

// walkExpr calls fn on e and every expression inside it.
func walkExpr(e expr, fn func(expr)) {
	if e == nil {
		return
	}
	fn(e)
	switch x := e.(type) {
	case *compareExpr:
		walkExpr(x.Left, fn)
		walkExpr(x.Right, fn)
	case *logicExpr:
		walkExpr(x.Left, fn)
		walkExpr(x.Right, fn)
	case *arithExpr:
		walkExpr(x.Left, fn)
		walkExpr(x.Right, fn)
	case *notExpr:
		walkExpr(x.E, fn)
	case *negExpr:
		walkExpr(x.E, fn)
	case *isNullExpr:
		walkExpr(x.E, fn)
	case *inExpr:
		walkExpr(x.E, fn)
		for _, it := range x.List {
			walkExpr(it, fn)
		}
	case *betweenExpr:
		walkExpr(x.E, fn)
		walkExpr(x.Lo, fn)
		walkExpr(x.Hi, fn)
	case *likeExpr:
		walkExpr(x.E, fn)
		walkExpr(x.Pattern, fn)
		walkExpr(x.Escape, fn)
	case *funcExpr:
		for _, a := range x.Args {
			walkExpr(a, fn)
		}
	}
}

// sameColumn reports whether a and b name the same table column: column
// names match in any case.
func sameColumn(a, b expr) bool {
	ca, ok1 := a.(*columnExpr)
	cb, ok2 := b.(*columnExpr)
	return ok1 && ok2 && strings.EqualFold(ca.Name, cb.Name)
}
