package driver

import (
	"maps"
	"strings"
)

// checkTypes fails a SELECT with an expression that the types of its
// operands make an error in every row that is not NULL, before any row is
// read: arithmetic or SUM and AVG of a value that is no number, and a
// Variant function given a value that is no Variant. cols are the table's
// column types (nil when not known: literals still have theirs). An
// operand whose kind is known only per row (a VARIANT, a ? argument) is
// never wrong here; comparisons and LIKE, which read text as a number, a
// time or a boolean (README.md, "SQL reference"), are not checked.
//
// GROUP BY, HAVING and ORDER BY may name a select alias, which hides the
// table column of that name: such names are not typed there.
func checkTypes(s *selectStmt, cols map[string]colType) error {
	for _, it := range s.Items {
		if !it.Star {
			if err := typeError(it.Expr, cols); err != nil {
				return err
			}
		}
	}
	if err := typeError(s.Where, cols); err != nil {
		return err
	}
	outer := maps.Clone(cols)
	for _, it := range s.Items {
		if it.Alias == "" {
			continue
		}
		for n := range outer {
			if strings.EqualFold(n, it.Alias) {
				delete(outer, n)
			}
		}
	}
	rest := append(append([]expr{}, s.GroupBy...), s.Having)
	for _, o := range s.OrderBy {
		rest = append(rest, o.Expr)
	}
	for _, e := range rest {
		if err := typeError(e, outer); err != nil {
			return err
		}
	}
	return nil
}

// typeError is the error of the innermost expression in e that its
// operands' types make always wrong, or nil.
func typeError(e expr, cols map[string]colType) error {
	if e == nil {
		return nil
	}
	if f, ok := e.(*funcExpr); ok && f.Name == "json_unquote" && f.Text != "" && len(f.Args) == 1 {
		if get, ok := f.Args[0].(*funcExpr); ok {
			// v->>'$.a' is json_unquote(v->'$.a'), whose check is that of
			// the variant_get: it is made as the operator written.
			e = &funcExpr{Name: get.Name, Args: get.Args, Text: f.Text, End: f.End}
		}
	}
	var err error
	mapChildren(e, func(c expr) expr {
		if err == nil {
			err = typeError(c, cols)
		}
		return c
	})
	if err != nil {
		return err
	}
	text := e.String()
	if _, ok := e.(*arithExpr); ok {
		text = text[1 : len(text)-1] // the parentheses around it
	}
	// wrong is the error of e whose operand a is of type t, not what.
	wrong := func(a expr, t colType, what string) error {
		return &SQLError{Err: ErrSyntax, Pos: exprPos(e), Msg: text + ": " + a.String() + " is a " + t.name + ", not " + what}
	}
	switch x := e.(type) {
	case *arithExpr:
		for _, a := range []expr{x.Left, x.Right} {
			if t := exprType(a, cols); notNumber(t) {
				return wrong(a, t, "a number")
			}
		}
	case *negExpr:
		if t := exprType(x.E, cols); notNumber(t) {
			return wrong(x.E, t, "a number")
		}
	case *funcExpr:
		if len(x.Args) == 0 {
			return nil
		}
		a := x.Args[0]
		t := exprType(a, cols)
		switch x.Name {
		case "sum", "avg":
			if notNumber(t) {
				return wrong(a, t, "a number")
			}
		case "variant_get", "try_variant_get", "to_json", "variant_typeof":
			if known(t) && t.name != "VARIANT" {
				return wrong(a, t, "a VARIANT")
			}
		case "parse_json":
			if known(t) && t.name != "VARCHAR" && t.name != "BINARY" {
				return wrong(a, t, "JSON text")
			}
		}
	}
	return nil
}

// known tells a type whose values are all of one kind from VARIANT, ANY
// (known only per row) and NULL.
func known(t colType) bool {
	switch t.name {
	case "VARIANT", "ANY", "NULL", "":
		return false
	}
	return true
}

// notNumber tells a type whose values are never numbers.
func notNumber(t colType) bool {
	switch t.name {
	case "BIGINT", "DOUBLE", "DECIMAL":
		return false
	}
	return known(t)
}

// checkLiteralTypes is checkTypes for what the statement alone tells,
// before its table is looked at: the types of literals and of the
// functions' results.
func checkLiteralTypes(st statement) error {
	switch s := st.(type) {
	case *selectStmt:
		return checkTypes(s, nil)
	case *explainStmt:
		return checkTypes(s.Select, nil)
	case *insertStmt:
		if s.Select != nil {
			return checkTypes(s.Select, nil)
		}
		for _, row := range s.Rows {
			for _, e := range row {
				if err := typeError(e, nil); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
