package driver

import (
	"maps"
	"strconv"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/variant"
)

// pathRef is a variant_get or try_variant_get call on a VARIANT column with
// a constant path and type that the scan answers itself: it reads only the
// leaf columns that can hold the path in each file (docs/design.md section 8) and
// applies the cast, so the whole Variant is never rebuilt.
type pathRef struct {
	name string // the column the call becomes in the rewritten statement
	text string // the call as written, for EXPLAIN and messages
	ref  scan.Ref
	typ  colType
}

// planPathRefs finds the variant_get calls of s that the scan can answer
// and returns s with each replaced by a column reference, and the refs. A
// VARIANT column that the query also uses as a whole (SELECT *, or outside
// such calls) is read whole and its calls are left to the evaluator. So is
// one with a strict cast in an argument of COALESCE or IFNULL after the
// first, which is evaluated only when the arguments before it are NULL (the
// scan would cast it, and fail, on every row). With late (a SELECT that may
// run in two passes, see latePlan) only the uses outside the select list
// count for the calls outside it, so that the first pass reads the paths
// of WHERE and ORDER BY and not the whole column the output needs.
func planPathRefs(s *selectStmt, schema *scan.Schema, late bool) (*selectStmt, []pathRef) {
	// Columns used whole, by all of s and outside the select list.
	wholeRest := map[string]bool{}
	wholeAll, whole := wholeRest, wholeRest
	var mark func(e expr, lazy bool)
	mark = func(e expr, lazy bool) {
		if e == nil {
			return
		}
		if r, ok := scanCall(e, schema); ok {
			f := e.(*funcExpr)
			if lazy && f.Name == "variant_get" && len(f.Args) == 3 {
				whole[r.Column] = true
			}
			for _, a := range f.Args[1:] {
				mark(a, lazy)
			}
			return
		}
		if f, ok := e.(*funcExpr); ok && (f.Name == "coalesce" || f.Name == "ifnull") {
			for i, a := range f.Args {
				mark(a, lazy || i > 0)
			}
			return
		}
		if c, ok := e.(*columnExpr); ok {
			if name, ok := variantColumn(schema, c.Name); ok {
				whole[name] = true
			}
			return
		}
		mapChildren(e, func(x expr) expr { mark(x, lazy); return x })
	}
	rest := func(fn func(expr)) {
		fn(s.Where)
		for _, g := range s.GroupBy {
			fn(g)
		}
		fn(s.Having)
		for _, o := range s.OrderBy {
			fn(o.Expr)
		}
	}
	rest(func(e expr) { mark(e, false) })
	if late {
		wholeAll = maps.Clone(wholeRest)
		whole = wholeAll
	} else {
		wholeAll = wholeRest
	}
	for _, it := range s.Items {
		if !it.Star {
			mark(it.Expr, false)
			continue
		}
		for _, c := range schema.Columns {
			whole[c.Name] = true
		}
	}
	var refs []pathRef
	byKey := map[string]string{}
	var rewrite func(e expr) expr
	rewrite = func(e expr) expr {
		if e == nil {
			return nil
		}
		if r, ok := scanCall(e, schema); ok && !whole[r.Column] {
			key := exprKey(e)
			name, seen := byKey[key]
			if !seen {
				name = "\x00p" + strconv.Itoa(len(refs))
				byKey[key] = name
				typ := colType{name: "VARIANT", nullable: true}
				if r.As.Kind != variant.SQLInvalid {
					typ = sqlTypeName(r.As)
				}
				refs = append(refs, pathRef{name: name, text: e.String(), ref: r, typ: typ})
			}
			return &columnExpr{Name: name, Text: e.String(), End: max(exprPos(e), 0)}
		}
		return mapChildren(e, rewrite)
	}
	out := *s
	whole = wholeAll
	out.Items = make([]selectItem, len(s.Items))
	for i, it := range s.Items {
		out.Items[i] = it
		if it.Star {
			continue
		}
		out.Items[i].Expr = rewrite(it.Expr)
		if it.Alias == "" {
			if _, isCol := it.Expr.(*columnExpr); !isCol {
				out.Items[i].Alias = it.Expr.String() // keep the name the call gives the column
			}
		}
	}
	whole = wholeRest
	out.Where = rewrite(s.Where)
	out.GroupBy = make([]expr, len(s.GroupBy))
	for i, g := range s.GroupBy {
		out.GroupBy[i] = rewrite(g)
	}
	out.Having = rewrite(s.Having)
	out.OrderBy = make([]orderItem, len(s.OrderBy))
	for i, o := range s.OrderBy {
		out.OrderBy[i] = orderItem{Expr: rewrite(o.Expr), Desc: o.Desc}
	}
	return &out, refs
}

// forEachExpr calls fn on each top-level expression of s.
func forEachExpr(s *selectStmt, fn func(expr)) {
	for _, it := range s.Items {
		if !it.Star {
			fn(it.Expr)
		}
	}
	fn(s.Where)
	for _, g := range s.GroupBy {
		fn(g)
	}
	fn(s.Having)
	for _, o := range s.OrderBy {
		fn(o.Expr)
	}
}

// variantColumn is the schema's name of column name when it is a VARIANT
// column.
func variantColumn(schema *scan.Schema, name string) (string, bool) {
	i, ok := schema.Lookup(name)
	if !ok {
		return "", false
	}
	c := schema.Columns[i]
	return c.Name, c.Type.Kind == scan.KindVariant
}

// scanCall reports whether e is a variant_get or try_variant_get call that
// the scan can answer (a VARIANT column of schema, a constant path and,
// when given, a constant type), and its scan reference.
func scanCall(e expr, schema *scan.Schema) (scan.Ref, bool) {
	f, ok := e.(*funcExpr)
	if !ok || (f.Name != "variant_get" && f.Name != "try_variant_get") || f.Distinct || f.Star {
		return scan.Ref{}, false
	}
	if len(f.Args) != 3 && (len(f.Args) != 2 || f.Name == "try_variant_get") {
		return scan.Ref{}, false
	}
	col, ok := f.Args[0].(*columnExpr)
	if !ok {
		return scan.Ref{}, false
	}
	name, ok := variantColumn(schema, col.Name)
	if !ok {
		return scan.Ref{}, false
	}
	path, err := constPath(f)
	if err != nil {
		return scan.Ref{}, false
	}
	r := scan.Ref{Column: name, Path: path}
	if len(f.Args) == 3 {
		t, err := constType(f)
		if err != nil {
			return scan.Ref{}, false
		}
		r.As = t
	}
	if f.Name == "try_variant_get" {
		r.Mode = variant.CastLenient
	}
	return r, true
}
