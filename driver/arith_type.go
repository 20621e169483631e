package driver

import (
	"strconv"

	"github.com/parquetvariant/parquetvariant/variant"
)

// Static types of arithmetic, as compileArith computes it (README.md, "Go
// types"):
//
//   - BIGINT op BIGINT is BIGINT for + - * % (an overflow is an error, so
//     every value is an int64);
//   - / gives DOUBLE, and so does a DOUBLE on either side, whatever the other
//     side is (a Variant number too);
//   - BIGINT or DECIMAL with DECIMAL is DECIMAL(p,s), a BIGINT counting as
//     DECIMAL(19,0) and an integer literal as its own digits: + and - take
//     s = max(s1,s2) and p = max(p1-s1,p2-s2)+1+s; * takes s = s1+s2 and
//     p = p1+p2; % takes s = max(s1,s2) and p = min(p1-s1,p2-s2)+s. p is
//     capped at 38: a result beyond 38 digits is a double, which scans into
//     the column's string as its text. A scale above 38 can never be a
//     decimal, so such a product is DOUBLE;
//   - a NULL operand makes the result NULL;
//   - a VARIANT or ANY operand (a Variant's number kind is known only per
//     row) makes the result ANY, as does any other type (whose values are an
//     error).
//
// / and % by zero give NULL, so they are nullable whatever their operands.
func arithType(x *arithExpr, cols map[string]colType) colType {
	lt, rt := exprType(x.Left, cols), exprType(x.Right, cols)
	nullable := lt.nullable || rt.nullable || x.Op == "/" || x.Op == "%"
	switch {
	case lt.name == "NULL" || rt.name == "NULL":
		return colType{name: "NULL", nullable: true}
	case x.Op == "/" || lt.name == "DOUBLE" || rt.name == "DOUBLE":
		return colType{name: "DOUBLE", nullable: nullable}
	case lt.name == "BIGINT" && rt.name == "BIGINT":
		return colType{name: "BIGINT", nullable: nullable}
	case isExact(lt) && isExact(rt):
		p1, s1 := decimalShape(x.Left, lt)
		p2, s2 := decimalShape(x.Right, rt)
		t := decimalResult(x.Op, p1, s1, p2, s2)
		t.nullable = nullable
		return t
	}
	return colType{name: "ANY", nullable: true}
}

// negType is the type of -e, which compileArith computes as 0 - e: the
// operand's own type for numbers (-DECIMAL(p,s) always fits DECIMAL(p,s);
// -BIGINT is an error for the smallest int64), ANY otherwise.
func negType(x *negExpr, cols map[string]colType) colType {
	t := exprType(x.E, cols)
	switch t.name {
	case "BIGINT", "DECIMAL", "DOUBLE", "NULL":
		return t
	}
	return colType{name: "ANY", nullable: true}
}

func isExact(t colType) bool { return t.name == "BIGINT" || t.name == "DECIMAL" }

// decimalShape is the precision and scale an exact operand takes in decimal
// arithmetic: a DECIMAL's own, DECIMAL(19,0) for a BIGINT (the digits of
// the largest int64), the digits of an integer literal.
func decimalShape(e expr, t colType) (precision, scale int) {
	if t.name == "DECIMAL" {
		if t.precision <= 0 {
			return variant.MaxDecimalPrecision, t.scale
		}
		return t.precision, t.scale
	}
	if lit, ok := e.(*literalExpr); ok {
		if n, ok := lit.Value.(int64); ok {
			digits := len(strconv.FormatInt(n, 10))
			if n < 0 {
				digits--
			}
			return digits, 0
		}
	}
	return 19, 0
}

// decimalResult is the type of DECIMAL(p1,s1) op DECIMAL(p2,s2) for + - * %
// (see arithType).
func decimalResult(op string, p1, s1, p2, s2 int) colType {
	i1, i2 := p1-s1, p2-s2
	var p, s int
	switch op {
	case "*":
		p, s = p1+p2, s1+s2
	case "%":
		s = max(s1, s2)
		p = max(min(i1, i2)+s, 1)
	default:
		s = max(s1, s2)
		p = max(i1, i2) + 1 + s
	}
	if s > variant.MaxDecimalPrecision {
		return colType{name: "DOUBLE"}
	}
	return colType{name: "DECIMAL", precision: min(p, variant.MaxDecimalPrecision), scale: s}
}
