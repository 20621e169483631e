package driver

import (
	"strings"

	"github.com/parquetvariant/parquetvariant/variant"
)

// compileFunc builds the scalar functions of design section 4.
func compileFunc(x *funcExpr, sc *scope) (evalFunc, error) {
	if x.Distinct || x.Star {
		return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: x.String() + ": DISTINCT and * are for aggregates"}
	}
	args := make([]evalFunc, len(x.Args))
	for i, a := range x.Args {
		f, err := compile(a, sc)
		if err != nil {
			return nil, err
		}
		args[i] = f
	}
	arity := func(n ...int) error {
		for _, k := range n {
			if len(args) == k {
				return nil
			}
		}
		return &SQLError{Err: ErrSyntax, Pos: -1, Msg: x.String() + ": wrong number of arguments"}
	}
	switch x.Name {
	case "variant_get":
		if err := arity(2); err != nil {
			return nil, err
		}
		path, err := constPath(x)
		if err != nil {
			return nil, err
		}
		arg := args[0]
		return func(r *evalRow) (value, error) {
			v, err := arg(r)
			if err != nil || v.isNull() {
				return v, err
			}
			if v.k != kindVariant {
				return value{}, &evalError{msg: x.Name + ": the first argument is a " + v.k.String() + ", not a VARIANT"}
			}
			sub, ok, err := v.v.Get(path)
			if err != nil {
				return value{}, err
			}
			if !ok {
				return nullValue(), nil
			}
			return value{k: kindVariant, v: sub}, nil
		}, nil
	case "is_variant_null":
		if err := arity(1); err != nil {
			return nil, err
		}
		arg := args[0]
		return func(r *evalRow) (value, error) {
			v, err := arg(r)
			if err != nil {
				return value{}, err
			}
			return boolValue(v.k == kindVariant && v.v.IsNull()), nil
		}, nil
	case "variant_typeof":
		if err := arity(1); err != nil {
			return nil, err
		}
		arg := args[0]
		return func(r *evalRow) (value, error) {
			v, err := arg(r)
			if err != nil || v.isNull() {
				return v, err
			}
			if v.k != kindVariant {
				return value{}, &evalError{msg: "variant_typeof: the argument is a " + v.k.String() + ", not a VARIANT"}
			}
			return stringValue(v.v.Type().String()), nil
		}, nil
	}
	return nil, &SQLError{Err: ErrUnsupported, Pos: -1, Msg: "the function " + strings.ToUpper(x.Name)}
}

// constPath parses the path argument of a Variant function, which must be a
// string literal so that a malformed path fails when the statement is
// prepared.
func constPath(x *funcExpr) (variant.Path, error) {
	var s string
	lit, ok := x.Args[1].(*literalExpr)
	if ok {
		s, ok = lit.Value.(string)
	}
	if !ok {
		return variant.Path{}, &SQLError{Err: ErrSyntax, Pos: -1, Msg: x.Name + ": the path must be a string literal"}
	}
	p, err := variant.ParsePath(s)
	if err != nil {
		return variant.Path{}, &SQLError{Err: ErrSyntax, Pos: -1, Msg: x.Name + ": " + err.Error()}
	}
	return p, nil
}

// parseDecimalLiteral reads a numeric literal with a fraction exactly; one
// beyond 38 digits becomes a double.
func parseDecimalLiteral(s string) (value, error) {
	d, err := variant.ParseDecimal(s)
	if err == nil {
		return decimalValue(d), nil
	}
	var b variant.Builder
	b.AppendNumber(s)
	v, err := b.Build()
	if err != nil {
		return value{}, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "number " + s + ": " + err.Error()}
	}
	return scalarOf(v), nil
}
