package driver

import (
	"errors"
	"strings"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/google/uuid"

	"github.com/parquetvariant/parquetvariant/variant"
)

// compileFunc builds the scalar functions of docs/design.md section 4.
func compileFunc(x *funcExpr, sc *scope) (evalFunc, error) {
	if x.Distinct || x.Star {
		return nil, &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.String() + ": DISTINCT and * are for aggregates"}
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
		return &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.String() + ": wrong number of arguments"}
	}
	switch x.Name {
	case "variant_get", "try_variant_get":
		if err := arity(2, 3); err != nil {
			return nil, err
		}
		if x.Name == "try_variant_get" && len(args) != 3 {
			return nil, &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.String() + ": try_variant_get takes a value, a path and a type"}
		}
		path, err := constPath(x)
		if err != nil {
			return nil, err
		}
		arg := args[0]
		get := func(r *evalRow) (variant.Variant, bool, error) {
			v, err := arg(r)
			if err != nil || v.isNull() {
				return variant.Variant{}, false, err
			}
			if v.k != kindVariant {
				return variant.Variant{}, false, &evalError{msg: x.Name + ": the first argument is a " + v.k.String() + ", not a VARIANT"}
			}
			return v.v.Get(path)
		}
		if len(args) == 2 {
			return func(r *evalRow) (value, error) {
				sub, ok, err := get(r)
				if err != nil || !ok {
					return nullValue(), err
				}
				return value{k: kindVariant, v: sub}, nil
			}, nil
		}
		t, err := constType(x)
		if err != nil {
			return nil, err
		}
		mode := variant.CastStrict
		if x.Name == "try_variant_get" {
			mode = variant.CastLenient
		}
		call := x.String()
		return func(r *evalRow) (value, error) {
			sub, ok, err := get(r)
			if err != nil || !ok {
				return nullValue(), err
			}
			out, err := castValue(sub, t, mode)
			if err != nil {
				return value{}, &evalError{msg: call + ": " + err.Error(), err: err}
			}
			return out, nil
		}, nil
	}
	if x.Name == "coalesce" || x.Name == "ifnull" {
		if x.Name == "ifnull" {
			if err := arity(2); err != nil {
				return nil, err
			}
		} else if len(args) == 0 {
			return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: x.String() + ": wrong number of arguments"}
		}
		return coalesce(args), nil
	}
	if fn, ok := unaryFuncs[x.Name]; ok {
		if err := arity(1); err != nil {
			return nil, err
		}
		arg, name := args[0], x.Name
		opts := variant.ParseOptions{LastWins: sc.cfg != nil && sc.cfg.DuplicateKeys == DuplicateKeysLast}
		return func(r *evalRow) (value, error) {
			v, err := arg(r)
			if err != nil {
				return value{}, err
			}
			if name == "is_variant_null" {
				return boolValue(v.k == kindVariant && v.v.IsNull()), nil
			}
			if v.isNull() {
				return v, nil
			}
			out, err := fn(v, opts)
			if err != nil {
				return value{}, &evalError{msg: name + ": " + err.Error(), err: err}
			}
			return out, nil
		}, nil
	}
	return nil, &SQLError{Err: ErrUnsupported, Pos: exprPos(x), Msg: "the function " + strings.ToUpper(x.Name)}
}

// coalesce is COALESCE (and MySQL's IFNULL): the first argument that is not
// SQL NULL, evaluated in order, or NULL. A Variant null is a value, not SQL
// NULL (docs/design.md section 3), so it is returned.
func coalesce(args []evalFunc) evalFunc {
	return func(r *evalRow) (value, error) {
		for _, a := range args {
			v, err := a(r)
			if err != nil || !v.isNull() {
				return v, err
			}
		}
		return nullValue(), nil
	}
}

// unaryFuncs are the functions of one argument other than variant_get: each
// takes a non-NULL argument (a NULL gives NULL, except for is_variant_null,
// which gives false) and the connection's JSON options.
var unaryFuncs = map[string]func(v value, opts variant.ParseOptions) (value, error){
	"parse_json":      parseJSONValue,
	"to_json":         toJSONValue,
	"json_unquote":    unquoteValue,
	"variant_typeof":  typeofValue,
	"is_variant_null": nil, // handled where NULL is
}

// notVariant is the error of a function given a value that is not a Variant
// (the caller puts the function's name in front).
func notVariant(v value) error {
	return errors.New("the argument is a " + v.k.String() + ", not a VARIANT")
}

// parseJSONValue is parse_json: the Variant of a JSON text.
func parseJSONValue(v value, opts variant.ParseOptions) (value, error) {
	var text []byte
	switch v.k {
	case kindString:
		text = []byte(v.s)
	case kindBytes:
		text = v.b
	default:
		return value{}, errors.New("the argument is a " + v.k.String() + ", not JSON text")
	}
	pv, err := variant.ParseJSONWith(text, opts)
	if err != nil {
		return value{}, err
	}
	return value{k: kindVariant, v: pv}, nil
}

// toJSONValue is to_json: the JSON text of a Variant.
func toJSONValue(v value, _ variant.ParseOptions) (value, error) {
	if v.k != kindVariant {
		return value{}, notVariant(v)
	}
	text, err := v.v.AppendJSON(nil)
	if err != nil {
		return value{}, err
	}
	return stringValue(string(text)), nil
}

// unquoteValue is v->>'$.a': the value's JSON text, unquoted when it is a
// JSON string (as MySQL's ->> gives it): a string, and also a date, a
// timestamp, a time, a uuid or binary (base64), whose JSON text is a string
// (design.md section 6), come out without quotes; anything else as its JSON
// text.
func unquoteValue(v value, opts variant.ParseOptions) (value, error) {
	if v.k == kindString || v.k == kindUUID || v.k == kindClock {
		return stringValue(v.s), nil
	}
	if v.k == kindVariant {
		if s, err := v.v.Str(); err == nil {
			return stringValue(s), nil
		}
	}
	j, err := toJSONValue(v, opts)
	if err != nil || !strings.HasPrefix(j.s, `"`) {
		return j, err
	}
	text, err := jsontext.AppendUnquote(nil, j.s)
	if err != nil {
		return value{}, err
	}
	return stringValue(string(text)), nil
}

// typeofValue is variant_typeof: the Variant type name.
func typeofValue(v value, _ variant.ParseOptions) (value, error) {
	if v.k != kindVariant {
		return value{}, notVariant(v)
	}
	return stringValue(v.v.Type().String()), nil
}

// checkConstants checks the constant arguments of the Variant functions
// of a statement (paths, cast types), so that a malformed one fails when
// the statement is prepared, before any table is read.
func checkConstants(st statement) error {
	var err error
	check := func(e expr) {
		walkExpr(e, func(x expr) {
			f, ok := x.(*funcExpr)
			if !ok || err != nil || (f.Name != "variant_get" && f.Name != "try_variant_get") || len(f.Args) < 2 {
				return
			}
			if _, err = constPath(f); err == nil && len(f.Args) == 3 {
				_, err = constType(f)
			}
		})
	}
	var sel func(s *selectStmt)
	sel = func(s *selectStmt) {
		if s != nil {
			forEachExpr(s, check)
		}
	}
	switch s := st.(type) {
	case *selectStmt:
		sel(s)
	case *explainStmt:
		sel(s.Select)
	case *insertStmt:
		sel(s.Select)
		for _, row := range s.Rows {
			for _, e := range row {
				check(e)
			}
		}
	}
	return err
}

// constPath parses the path argument of a Variant function, which must be a
// string literal so that a malformed path fails when the statement is
// prepared.
func constPath(x *funcExpr) (variant.Path, error) {
	return constArg(x, 1, "path", variant.ParsePath)
}

// constType parses the type argument of variant_get, which must be a string
// literal.
func constType(x *funcExpr) (variant.SQLType, error) {
	return constArg(x, 2, "type", parseCastType)
}

// constArg parses argument i of x, a string literal, with parse; a
// malformed one is an ErrSyntax that wraps parse's error.
func constArg[T any](x *funcExpr, i int, what string, parse func(string) (T, error)) (T, error) {
	var zero T
	var s string
	lit, ok := x.Args[i].(*literalExpr)
	if ok {
		s, ok = lit.Value.(string)
	}
	if !ok {
		return zero, &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.Name + ": the " + what + " must be a string literal"}
	}
	v, err := parse(s)
	if err != nil {
		return zero, &SQLError{Err: ErrSyntax, Pos: exprPos(x), Msg: x.Name + ": " + err.Error(), Cause: err}
	}
	return v, nil
}

// castValue converts a Variant to the SQL type t without boxing; a failed
// cast in lenient mode and the Variant null give NULL.
func castValue(v variant.Variant, t variant.SQLType, mode variant.CastMode) (value, error) {
	var (
		out value
		ok  bool
		err error
	)
	switch t.Kind {
	case variant.SQLBoolean:
		var b bool
		b, ok, err = v.CastBool(mode)
		out = boolValue(b)
	case variant.SQLTinyint, variant.SQLSmallint, variant.SQLInt, variant.SQLBigint:
		out.k = kindInt
		out.i, ok, err = v.CastInt64(t.Kind, mode)
	case variant.SQLFloat, variant.SQLDouble:
		out.k = kindFloat
		out.f, ok, err = v.CastFloat64(t.Kind, mode)
	case variant.SQLDecimal:
		out.k = kindDecimal
		out.d, ok, err = v.CastDecimal(t, mode)
	case variant.SQLString:
		out.k = kindString
		out.s, ok, err = v.CastString(mode)
	case variant.SQLTime:
		// A time of day comes out as its text, HH:MM:SS.ffffff.
		var d time.Duration
		if d, ok, err = v.CastTimeOfDay(mode); ok {
			out = clockValue(d)
		}
	case variant.SQLUUID:
		// A uuid comes out as its canonical text.
		var u uuid.UUID
		if u, ok, err = v.CastUUID(mode); ok {
			out = value{k: kindUUID, s: u.String()}
		}
	case variant.SQLBinary:
		out.k = kindBytes
		out.b, ok, err = v.CastBinary(mode)
	case variant.SQLDate, variant.SQLTimestamp, variant.SQLTimestampNTZ:
		out.k = kindTime
		out.t, ok, err = v.CastTime(t.Kind, mode)
	case variant.SQLVariant:
		return value{k: kindVariant, v: v}, nil
	}
	if err != nil || !ok {
		return nullValue(), err
	}
	return out, nil
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
