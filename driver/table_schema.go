package driver

import (
	"fmt"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// tableColumn is a column of a table as the writer sees it: its SQL type
// and, for a VARIANT column, the shredding schema of the file being written.
type tableColumn struct {
	name  string
	typ   colType
	shred shred.Schema // VARIANT columns only
}

// sqlTarget is the cast that turns an inserted value into the column's type.
func (c *tableColumn) sqlTarget() variant.SQLType {
	for _, tk := range typeKinds {
		if tk.name == c.typ.name {
			return variant.SQLType{Kind: tk.kind, Precision: c.typ.precision, Scale: c.typ.scale}
		}
	}
	return variant.SQLType{Kind: variant.SQLVariant}
}

// node is the Parquet node the writer gives the column: the logical type of
// its SQL type, OPTIONAL unless NOT NULL.
func (c *tableColumn) node() (parquet.Node, error) {
	var n parquet.Node
	switch c.typ.name {
	case "BIGINT":
		n = parquet.Int(64)
	case "DOUBLE":
		n = parquet.Leaf(shred.ParquetDouble)
	case "BOOLEAN":
		n = parquet.Leaf(parquet.BooleanType)
	case "VARCHAR":
		n = parquet.String()
	case "BINARY":
		n = parquet.Leaf(shred.ParquetBinary)
	case "DECIMAL":
		switch {
		case c.typ.precision <= 9:
			n = parquet.Decimal(c.typ.scale, c.typ.precision, parquet.Int32Type)
		case c.typ.precision <= 18:
			n = parquet.Decimal(c.typ.scale, c.typ.precision, parquet.Int64Type)
		default:
			n = shred.ParquetDecimal(c.typ.scale, c.typ.precision, 16)
		}
	case "DATE":
		n = parquet.Date()
	case "TIME":
		n = parquet.Time(parquet.Microsecond)
	case "TIMESTAMP":
		n = parquet.TimestampAdjusted(parquet.Microsecond, true)
	case "TIMESTAMP_NTZ":
		n = parquet.TimestampAdjusted(parquet.Microsecond, false)
	case "UUID":
		n = parquet.Leaf(shred.ParquetUUID)
	case "VARIANT":
		vn, err := c.shred.Node()
		if err != nil {
			return nil, fmt.Errorf("parquetvariant: column %s: %w", quoteIdent(c.name), err)
		}
		n = vn
	default:
		return nil, fmt.Errorf("%w: writing a column of type %s", ErrUnsupported, c.typ.name)
	}
	if c.typ.nullable {
		return parquet.Optional(n), nil
	}
	return parquet.Required(n), nil
}

// createType maps a CREATE TABLE column type to the SQL type of the column.
func createType(def columnDef) (colType, error) {
	t := colType{nullable: !def.NotNull}
	name, ok := columnTypes[strings.ToLower(def.Type)]
	if !ok {
		return t, &SQLError{Err: ErrUnsupported, Pos: -1, Msg: "the column type " + def.Type + " of " + quoteIdent(def.Name) + "; the column types are " + columnTypeList}
	}
	t.name = name
	if name == "DECIMAL" {
		t.precision, t.scale = def.Precision, def.Scale
		if !def.HasPrecision {
			t.precision = 10
		}
		if t.precision < 1 || t.precision > variant.MaxDecimalPrecision || t.scale > t.precision {
			return t, &SQLError{Err: ErrSyntax, Pos: -1, Msg: fmt.Sprintf("column %s: DECIMAL(%d,%d) needs 1 <= precision <= 38 and scale <= precision", quoteIdent(def.Name), def.Precision, def.Scale)}
		}
	}
	return t, nil
}

// orderedGroup is a Parquet group whose fields keep the order given
// (parquet.Group sorts them by name): a table's columns in table order.
type orderedGroup struct {
	parquet.Group
	fields []parquet.Field
}

func (g *orderedGroup) Fields() []parquet.Field { return g.fields }

// tableSchema is the Parquet schema of a file with the given columns.
func tableSchema(cols []tableColumn) (*parquet.Schema, error) {
	g := &orderedGroup{Group: parquet.Group{}}
	for i := range cols {
		n, err := cols[i].node()
		if err != nil {
			return nil, err
		}
		g.fields = append(g.fields, parquet.Group{cols[i].name: n}.Fields()[0])
	}
	return parquet.NewSchema("schema", g), nil
}
