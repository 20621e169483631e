package driver

import (
	"database/sql"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/variant"
)

// colType is the SQL type of a result column, as Rows.ColumnTypes reports
// it (docs/design.md section 5; the table is in doc.go).
type colType struct {
	name             string // database type name: VARIANT, BIGINT, DOUBLE, ...
	nullable         bool
	precision, scale int  // DECIMAL only
	json             bool // VARIANT values as JSON text (variant_json)
}

var (
	typeVariant     = reflect.TypeFor[variant.Variant]()
	typeNullVariant = reflect.TypeFor[sql.Null[variant.Variant]]()
	typeInt64       = reflect.TypeFor[int64]()
	typeFloat64     = reflect.TypeFor[float64]()
	typeBool        = reflect.TypeFor[bool]()
	typeString      = reflect.TypeFor[string]()
	typeBytes       = reflect.TypeFor[[]byte]()
	typeTime        = reflect.TypeFor[time.Time]()
	typeNullInt64   = reflect.TypeFor[sql.NullInt64]()
	typeNullFloat64 = reflect.TypeFor[sql.NullFloat64]()
	typeNullBool    = reflect.TypeFor[sql.NullBool]()
	typeNullString  = reflect.TypeFor[sql.NullString]()
	typeNullTime    = reflect.TypeFor[sql.NullTime]()
	typeAny         = reflect.TypeFor[any]()
)

// scanType is the Go type a column's values scan into without conversion:
// the plain type for a NOT NULL column, the sql.Null form otherwise.
func (t colType) scanType() reflect.Type {
	pick := func(plain, null reflect.Type) reflect.Type {
		if t.nullable {
			return null
		}
		return plain
	}
	switch t.name {
	case "VARIANT":
		if t.json {
			return pick(typeString, typeNullString)
		}
		return pick(typeVariant, typeNullVariant)
	case "BIGINT":
		return pick(typeInt64, typeNullInt64)
	case "DOUBLE":
		return pick(typeFloat64, typeNullFloat64)
	case "BOOLEAN":
		return pick(typeBool, typeNullBool)
	case "VARCHAR", "DECIMAL", "TIME", "UUID":
		return pick(typeString, typeNullString)
	case "BINARY":
		return typeBytes
	case "DATE", "TIMESTAMP", "TIMESTAMP_NTZ":
		return pick(typeTime, typeNullTime)
	}
	return typeAny
}

// columnType maps a plain Parquet column to its SQL type.
func columnType(c scan.Column) colType {
	t := colType{nullable: c.Nullable}
	switch c.Type.Kind {
	case scan.KindBool:
		t.name = "BOOLEAN"
	case scan.KindInt64:
		t.name = "BIGINT"
	case scan.KindUint64:
		t.name = "DECIMAL"
		t.precision = 20
	case scan.KindFloat64:
		t.name = "DOUBLE"
	case scan.KindString:
		t.name = "VARCHAR"
	case scan.KindBytes:
		t.name = "BINARY"
	case scan.KindDecimal:
		t.name, t.precision, t.scale = "DECIMAL", c.Type.Precision, c.Type.Scale
	case scan.KindDate:
		t.name = "DATE"
	case scan.KindTime:
		t.name = "TIME"
	case scan.KindTimestamp:
		t.name = "TIMESTAMP"
		if !c.Type.UTC {
			t.name = "TIMESTAMP_NTZ"
		}
	case scan.KindUUID:
		t.name = "UUID"
	default:
		// Variant columns, and nested columns, which read as Variants
		// built from their structure (docs/design.md section 2).
		t.name = "VARIANT"
	}
	return t
}

// sqlTypeName is the database type name of a cast target.
func sqlTypeName(t variant.SQLType) colType {
	k := t.Kind
	switch k {
	case variant.SQLTinyint, variant.SQLSmallint, variant.SQLInt:
		k = variant.SQLBigint
	case variant.SQLFloat:
		k = variant.SQLDouble
	}
	for _, tk := range typeKinds {
		if tk.kind == k {
			return colType{name: tk.name, nullable: true, precision: t.Precision, scale: t.Scale}
		}
	}
	return colType{name: "VARIANT", nullable: true}
}

// typeKinds pairs each database type name with the cast kind of its values,
// one way (sqlTypeName) and the other (tableColumn.sqlTarget).
var typeKinds = []struct {
	name string
	kind variant.SQLKind
}{
	{"BOOLEAN", variant.SQLBoolean}, {"BIGINT", variant.SQLBigint}, {"DOUBLE", variant.SQLDouble},
	{"DECIMAL", variant.SQLDecimal}, {"VARCHAR", variant.SQLString}, {"BINARY", variant.SQLBinary},
	{"DATE", variant.SQLDate}, {"TIME", variant.SQLTime}, {"TIMESTAMP", variant.SQLTimestamp},
	{"TIMESTAMP_NTZ", variant.SQLTimestampNTZ}, {"UUID", variant.SQLUUID}, {"VARIANT", variant.SQLVariant},
}

// exprType infers the SQL type of a result expression from the table's
// columns (by name). Expressions whose kind of value depends on the row
// (arithmetic on a Variant, COALESCE of differing types, a ? alone) are
// ANY, which scans into interface{}.
func exprType(e expr, cols map[string]colType) colType {
	switch x := e.(type) {
	case *columnExpr:
		if t, ok := cols[x.Name]; ok {
			return t
		}
		for n, t := range cols {
			if strings.EqualFold(n, x.Name) {
				return t
			}
		}
	case *literalExpr:
		switch v := x.Value.(type) {
		case nil:
			return colType{name: "NULL", nullable: true}
		case bool:
			return colType{name: "BOOLEAN"}
		case int64:
			return colType{name: "BIGINT"}
		case float64:
			return colType{name: "DOUBLE"}
		case string:
			return colType{name: "VARCHAR"}
		case []byte:
			return colType{name: "BINARY"}
		case decimalText:
			d, err := variant.ParseDecimal(string(v))
			if err == nil {
				return colType{name: "DECIMAL", precision: max(d.Precision(), d.Scale()), scale: d.Scale()}
			}
			return colType{name: "DOUBLE"}
		}
	case *paramExpr:
		return colType{name: "ANY", nullable: true}
	case *compareExpr, *logicExpr, *notExpr, *inExpr, *betweenExpr, *likeExpr:
		return colType{name: "BOOLEAN", nullable: true}
	case *isNullExpr:
		return colType{name: "BOOLEAN"}
	case *arithExpr:
		return arithType(x, cols)
	case *negExpr:
		return negType(x, cols)
	case *funcExpr:
		return funcType(x, cols)
	}
	return colType{name: "ANY", nullable: true}
}

func funcType(x *funcExpr, cols map[string]colType) colType {
	switch x.Name {
	case "variant_get", "try_variant_get":
		if len(x.Args) == 3 {
			if lit, ok := x.Args[2].(*literalExpr); ok {
				if s, ok := lit.Value.(string); ok {
					if t, err := parseCastType(s); err == nil {
						return sqlTypeName(t)
					}
				}
			}
		}
		return colType{name: "VARIANT", nullable: true}
	case "parse_json":
		return colType{name: "VARIANT", nullable: true}
	case "to_json", "variant_typeof", "json_unquote":
		return colType{name: "VARCHAR", nullable: true}
	case "is_variant_null":
		return colType{name: "BOOLEAN"}
	case "coalesce", "ifnull":
		return coalesceType(x.Args, cols)
	case "count":
		return colType{name: "BIGINT"}
	case "avg":
		return colType{name: "DOUBLE", nullable: true}
	case "sum":
		if len(x.Args) == 1 {
			t := exprType(x.Args[0], cols)
			t.nullable = true
			if t.name == "DECIMAL" {
				t.precision = 38
			}
			if t.name == "BIGINT" || t.name == "DECIMAL" || t.name == "DOUBLE" {
				return t
			}
		}
		return colType{name: "ANY", nullable: true}
	case "min", "max":
		if len(x.Args) == 1 {
			t := exprType(x.Args[0], cols)
			t.nullable = true
			return t
		}
	}
	return colType{name: "ANY", nullable: true}
}

// coalesceType is the type of COALESCE or IFNULL, which give one of their
// arguments as it is: the arguments' type when they share it (a NULL
// literal takes any, and only NULLs give NULL), DECIMALs of different
// precision or scale together taking the largest integer digits and scale
// (capped at 38 digits; each value keeps its own scale), ANY when the
// types differ. The result is nullable only when every argument is.
func coalesceType(args []expr, cols map[string]colType) colType {
	t := colType{name: "NULL", nullable: true}
	anyType := false
	for _, a := range args {
		at := exprType(a, cols)
		nullable := t.nullable && at.nullable
		switch {
		case at.name == "NULL":
		case t.name == "NULL":
			t = at
		case at.name == "DECIMAL" && t.name == "DECIMAL":
			s := max(t.scale, at.scale)
			p := max(t.precision-t.scale, at.precision-at.scale) + s
			t.precision, t.scale = min(p, variant.MaxDecimalPrecision), s
		case at.name != t.name:
			anyType = true
		}
		t.nullable = nullable
	}
	if anyType {
		return colType{name: "ANY", nullable: t.nullable}
	}
	return t
}

// driverValue converts an evaluation value to what Rows.Next hands to
// database/sql: int64, float64, bool, string, []byte, time.Time, nil, or a
// variant.Variant; decimals as their exact text (docs/design.md section 5).
func driverValue(v *value) any {
	switch v.k {
	case kindNull:
		return nil
	case kindBool:
		return v.i != 0
	case kindInt:
		return v.i
	case kindFloat:
		return v.f
	case kindDecimal:
		return v.d.String()
	case kindString, kindUUID, kindClock:
		return v.s
	case kindBytes:
		return v.b
	case kindTime:
		return v.t
	case kindVariant:
		return v.v
	}
	return nil
}

// describeType is the type text DESCRIBE shows for a column.
func describeType(t colType) string {
	if t.name == "DECIMAL" && t.precision > 0 {
		return "DECIMAL(" + strconv.Itoa(t.precision) + "," + strconv.Itoa(t.scale) + ")"
	}
	return t.name
}
