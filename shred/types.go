package shred

import (
	"strconv"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// TypeID names a Variant type that a primitive typed_value column can hold,
// one row of the "Shredded Value Types" table of VariantShredding.md.
type TypeID uint8

// The shreddable primitive types. The comment gives the Parquet type each is
// stored as.
const (
	TypeInvalid           TypeID = iota
	TypeBoolean                  // BOOLEAN
	TypeInt8                     // INT32, INT(8, true)
	TypeInt16                    // INT32, INT(16, true)
	TypeInt32                    // INT32
	TypeInt64                    // INT64
	TypeFloat                    // FLOAT
	TypeDouble                   // DOUBLE
	TypeDecimal4                 // INT32, DECIMAL(P, S), P <= 9
	TypeDecimal8                 // INT64, DECIMAL(P, S), P <= 18
	TypeDecimal16                // FIXED_LEN_BYTE_ARRAY(16) or BYTE_ARRAY, DECIMAL(P, S), P <= 38
	TypeDate                     // INT32, DATE
	TypeTime                     // INT64, TIME(false, MICROS)
	TypeTimestamp                // INT64, TIMESTAMP(true, MICROS)
	TypeTimestampNTZ             // INT64, TIMESTAMP(false, MICROS)
	TypeTimestampNanos           // INT64, TIMESTAMP(true, NANOS)
	TypeTimestampNTZNanos        // INT64, TIMESTAMP(false, NANOS)
	TypeBinary                   // BYTE_ARRAY
	TypeString                   // BYTE_ARRAY, STRING
	TypeUUID                     // FIXED_LEN_BYTE_ARRAY(16), UUID
)

var typeNames = [...]string{
	TypeInvalid: "invalid", TypeBoolean: "boolean", TypeInt8: "int8", TypeInt16: "int16",
	TypeInt32: "int32", TypeInt64: "int64", TypeFloat: "float", TypeDouble: "double",
	TypeDecimal4: "decimal4", TypeDecimal8: "decimal8", TypeDecimal16: "decimal16",
	TypeDate: "date", TypeTime: "time", TypeTimestamp: "timestamp",
	TypeTimestampNTZ: "timestamp_ntz", TypeTimestampNanos: "timestamp_nanos",
	TypeTimestampNTZNanos: "timestamp_ntz_nanos", TypeBinary: "binary", TypeString: "string",
	TypeUUID: "uuid",
}

// String returns the type's name, as variant.Type names it ("int64",
// "decimal8", "timestamp_ntz", ...).
func (t TypeID) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "TypeID(" + strconv.Itoa(int(t)) + ")"
}

// Type is the type of a primitive typed_value column: the Variant type it
// holds and, for decimals, the Parquet DECIMAL precision and scale.
type Type struct {
	ID TypeID
	// Precision and Scale of a decimal type: 1 <= Precision <= 9 (decimal4),
	// 18 (decimal8) or 38 (decimal16), 0 <= Scale <= Precision.
	Precision, Scale int
	// Length of a decimal16 column's FIXED_LEN_BYTE_ARRAY (1 to 16), or 0 for
	// BYTE_ARRAY. Schemas built here use 16; files may use any of them.
	Length int
}

// Decimal returns the decimal type of the given precision and scale, stored
// as the spec's decimal table says: decimal4 (INT32) up to precision 9,
// decimal8 (INT64) up to 18, decimal16 (FIXED_LEN_BYTE_ARRAY(16)) up to 38.
func Decimal(precision, scale int) Type {
	switch {
	case precision <= 9:
		return Type{ID: TypeDecimal4, Precision: precision, Scale: scale}
	case precision <= 18:
		return Type{ID: TypeDecimal8, Precision: precision, Scale: scale}
	}
	return Type{ID: TypeDecimal16, Precision: precision, Scale: scale, Length: 16}
}

// String returns the type's name with the decimal precision and scale, such
// as "decimal8(12,2)".
func (t Type) String() string {
	if !t.isDecimal() {
		return t.ID.String()
	}
	return t.ID.String() + "(" + strconv.Itoa(t.Precision) + "," + strconv.Itoa(t.Scale) + ")"
}

func (t Type) isDecimal() bool {
	return t.ID == TypeDecimal4 || t.ID == TypeDecimal8 || t.ID == TypeDecimal16
}

// validate checks the type's range: a known ID, and a precision and scale
// that fit its decimal width.
func (t Type) validate(path string) error {
	if t.ID == TypeInvalid || int(t.ID) >= len(typeNames) {
		return schemaError(path, "unknown typed_value type "+t.ID.String())
	}
	if !t.isDecimal() {
		return nil
	}
	maxP := map[TypeID]int{TypeDecimal4: 9, TypeDecimal8: 18, TypeDecimal16: 38}[t.ID]
	if t.Precision < 1 || t.Precision > maxP || t.Scale < 0 || t.Scale > t.Precision {
		return schemaError(path, "invalid "+t.String()+": precision must be in [1, "+strconv.Itoa(maxP)+"] and scale in [0, precision]")
	}
	if t.ID == TypeDecimal16 && (t.Length < 0 || t.Length > 16) {
		return schemaError(path, "decimal16 FIXED_LEN_BYTE_ARRAY length "+strconv.Itoa(t.Length)+" not in [1, 16]")
	}
	if t.ID == TypeDecimal16 && t.Length > 0 && t.Precision > flbaPrecision[t.Length] {
		return schemaError(path, t.String()+" does not fit FIXED_LEN_BYTE_ARRAY("+strconv.Itoa(t.Length)+"), which holds "+strconv.Itoa(flbaPrecision[t.Length])+" digits")
	}
	return nil
}

// flbaPrecision is the most decimal digits a FIXED_LEN_BYTE_ARRAY of each
// length holds: floor(log10(2^(8n-1) - 1)) (LogicalTypes.md, DECIMAL).
var flbaPrecision = [17]int{0, 2, 4, 6, 9, 11, 14, 16, 18, 21, 23, 26, 28, 31, 33, 35, 38}

// kind returns the Parquet physical type of the column.
func (t Type) kind() parquet.Kind {
	switch t.ID {
	case TypeBoolean:
		return parquet.Boolean
	case TypeInt8, TypeInt16, TypeInt32, TypeDecimal4, TypeDate:
		return parquet.Int32
	case TypeInt64, TypeDecimal8, TypeTime, TypeTimestamp, TypeTimestampNTZ, TypeTimestampNanos, TypeTimestampNTZNanos:
		return parquet.Int64
	case TypeFloat:
		return parquet.Float
	case TypeDouble:
		return parquet.Double
	case TypeUUID:
		return parquet.FixedLenByteArray
	case TypeDecimal16:
		if t.Length > 0 {
			return parquet.FixedLenByteArray
		}
	}
	return parquet.ByteArray
}

// fixedLen returns the FIXED_LEN_BYTE_ARRAY length, or 0.
func (t Type) fixedLen() int {
	switch {
	case t.ID == TypeUUID:
		return 16
	case t.ID == TypeDecimal16:
		return t.Length
	}
	return 0
}

// leaf returns the Parquet leaf node (without repetition) of the type.
func (t Type) leaf() parquet.Node {
	switch t.ID {
	case TypeBoolean:
		return parquet.Leaf(parquet.BooleanType)
	case TypeInt8:
		return parquet.Int(8)
	case TypeInt16:
		return parquet.Int(16)
	case TypeInt32:
		return parquet.Leaf(parquet.Int32Type)
	case TypeInt64:
		return parquet.Leaf(parquet.Int64Type)
	case TypeFloat:
		return parquet.Leaf(ParquetFloat)
	case TypeDouble:
		return parquet.Leaf(ParquetDouble)
	case TypeDecimal4:
		return parquet.Decimal(t.Scale, t.Precision, parquet.Int32Type)
	case TypeDecimal8:
		return parquet.Decimal(t.Scale, t.Precision, parquet.Int64Type)
	case TypeDecimal16:
		if t.Length == 0 {
			return parquet.Decimal(t.Scale, t.Precision, parquet.ByteArrayType)
		}
		return ParquetDecimal(t.Scale, t.Precision, t.Length)
	case TypeDate:
		return parquet.Date()
	case TypeTime:
		return parquet.TimeAdjusted(parquet.Microsecond, false)
	case TypeTimestamp:
		return parquet.TimestampAdjusted(parquet.Microsecond, true)
	case TypeTimestampNTZ:
		return parquet.TimestampAdjusted(parquet.Microsecond, false)
	case TypeTimestampNanos:
		return parquet.TimestampAdjusted(parquet.Nanosecond, true)
	case TypeTimestampNTZNanos:
		return parquet.TimestampAdjusted(parquet.Nanosecond, false)
	case TypeString:
		return parquet.String()
	case TypeUUID:
		return parquet.Leaf(ParquetUUID)
	}
	return parquet.Leaf(ParquetBinary)
}

// typeOfLeaf maps a Parquet leaf to the shredded type it stores, following
// the "Shredded Value Types" table; other Parquet types (unsigned or 1-bit
// INTEGER annotations, INT96, FIXED_LEN_BYTE_ARRAY of length other than 16
// without DECIMAL, JSON, ENUM, TIME in millis or nanos, ...) are an
// ErrInvalidSchema.
func typeOfLeaf(n parquet.Node, path string) (Type, error) {
	typ := n.Type()
	kind := typ.Kind()
	bad := func() (Type, error) {
		desc := kind.String()
		if lt := typ.LogicalType(); lt != nil && lt.Value != nil {
			desc += " (" + lt.Value.String() + ")"
		} else if ct := typ.ConvertedType(); ct != nil {
			desc += " (converted type " + strconv.Itoa(int(*ct)) + ")"
		}
		return Type{}, schemaError(path, "typed_value of Parquet type "+desc+" cannot hold a Variant value")
	}
	var lv format.LogicalTypeValue
	if lt := typ.LogicalType(); lt != nil {
		lv = lt.Value
	}
	if lv == nil {
		if ct := typ.ConvertedType(); ct != nil {
			return typeOfConverted(*ct, kind, n, path, bad)
		}
	}
	switch lt := lv.(type) {
	case nil:
		switch kind {
		case parquet.Boolean:
			return Type{ID: TypeBoolean}, nil
		case parquet.Int32:
			return Type{ID: TypeInt32}, nil
		case parquet.Int64:
			return Type{ID: TypeInt64}, nil
		case parquet.Float:
			return Type{ID: TypeFloat}, nil
		case parquet.Double:
			return Type{ID: TypeDouble}, nil
		case parquet.ByteArray:
			return Type{ID: TypeBinary}, nil
		}
	case *format.IntType:
		if !lt.IsSigned {
			return bad()
		}
		switch {
		case kind == parquet.Int32 && lt.BitWidth == 8:
			return Type{ID: TypeInt8}, nil
		case kind == parquet.Int32 && lt.BitWidth == 16:
			return Type{ID: TypeInt16}, nil
		case kind == parquet.Int32 && lt.BitWidth == 32:
			return Type{ID: TypeInt32}, nil
		case kind == parquet.Int64 && lt.BitWidth == 64:
			return Type{ID: TypeInt64}, nil
		}
	case *format.DecimalType:
		return decimalOf(kind, int(lt.Precision), int(lt.Scale), typ.Length(), path, bad)
	case *format.DateType:
		if kind == parquet.Int32 {
			return Type{ID: TypeDate}, nil
		}
	case *format.TimeType:
		if kind == parquet.Int64 && !lt.IsAdjustedToUTC && isUnit[*format.MicroSeconds](lt.Unit) {
			return Type{ID: TypeTime}, nil
		}
	case *format.TimestampType:
		if kind != parquet.Int64 {
			return bad()
		}
		switch {
		case isUnit[*format.MicroSeconds](lt.Unit) && lt.IsAdjustedToUTC:
			return Type{ID: TypeTimestamp}, nil
		case isUnit[*format.MicroSeconds](lt.Unit):
			return Type{ID: TypeTimestampNTZ}, nil
		case isUnit[*format.NanoSeconds](lt.Unit) && lt.IsAdjustedToUTC:
			return Type{ID: TypeTimestampNanos}, nil
		case isUnit[*format.NanoSeconds](lt.Unit):
			return Type{ID: TypeTimestampNTZNanos}, nil
		}
	case *format.StringType:
		if kind == parquet.ByteArray {
			return Type{ID: TypeString}, nil
		}
	case *format.UUIDType:
		if kind == parquet.FixedLenByteArray && typ.Length() == 16 {
			return Type{ID: TypeUUID}, nil
		}
	}
	return bad()
}

// typeOfConverted maps the legacy ConvertedType annotations of older writers.
func typeOfConverted(ct deprecated.ConvertedType, kind parquet.Kind, n parquet.Node, path string, bad func() (Type, error)) (Type, error) {
	switch {
	case ct == deprecated.UTF8 && kind == parquet.ByteArray:
		return Type{ID: TypeString}, nil
	case ct == deprecated.Int8 && kind == parquet.Int32:
		return Type{ID: TypeInt8}, nil
	case ct == deprecated.Int16 && kind == parquet.Int32:
		return Type{ID: TypeInt16}, nil
	case ct == deprecated.Int32 && kind == parquet.Int32:
		return Type{ID: TypeInt32}, nil
	case ct == deprecated.Int64 && kind == parquet.Int64:
		return Type{ID: TypeInt64}, nil
	case ct == deprecated.Date && kind == parquet.Int32:
		return Type{ID: TypeDate}, nil
	case ct == deprecated.TimestampMicros && kind == parquet.Int64:
		return Type{ID: TypeTimestamp}, nil
	}
	return bad()
}

func decimalOf(kind parquet.Kind, precision, scale, length int, path string, bad func() (Type, error)) (Type, error) {
	var t Type
	switch kind {
	case parquet.Int32:
		t = Type{ID: TypeDecimal4, Precision: precision, Scale: scale}
	case parquet.Int64:
		t = Type{ID: TypeDecimal8, Precision: precision, Scale: scale}
	case parquet.ByteArray:
		t = Type{ID: TypeDecimal16, Precision: precision, Scale: scale}
	case parquet.FixedLenByteArray:
		t = Type{ID: TypeDecimal16, Precision: precision, Scale: scale, Length: length}
	default:
		return bad()
	}
	if err := t.validate(path); err != nil {
		return Type{}, err
	}
	return t, nil
}

func isUnit[T format.TimeUnitValue](u format.TimeUnit) bool {
	_, ok := u.Value.(T)
	return ok
}
