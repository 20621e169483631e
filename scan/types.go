package scan

import (
	"fmt"

	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// Kind is the Go value family a column decodes to. It is derived from the
// Parquet physical type and its logical type (LogicalTypes.md); the
// accessors of [Rows] and [Rows.Value] document the Go value of each kind.
type Kind uint8

// Column kinds.
const (
	KindInvalid   Kind = iota
	KindBool           // BOOLEAN: bool
	KindInt64          // INT32, INT64, INT(8|16|32, signed) and INT(8|16|32, unsigned): int64
	KindUint64         // INT(64, unsigned): uint64
	KindFloat64        // FLOAT, DOUBLE, FLOAT16 (FIXED_LEN_BYTE_ARRAY(2)): float64
	KindString         // STRING, ENUM, JSON: string
	KindBytes          // BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY without a text annotation, BSON, INTERVAL: []byte
	KindDecimal        // DECIMAL on INT32, INT64, FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY: exact text
	KindDate           // DATE: time.Time at midnight UTC
	KindTime           // TIME(MILLIS|MICROS|NANOS): time of day
	KindTimestamp      // TIMESTAMP(MILLIS|MICROS|NANOS) and INT96 (an instant): time.Time in UTC
	KindUUID           // UUID (FIXED_LEN_BYTE_ARRAY(16)): canonical text
	KindNested         // a group or a repeated field: not a plain column
	KindVariant        // a Variant group (VariantEncoding.md, VariantShredding.md): variant.Variant
)

var kindNames = [...]string{
	KindInvalid:   "invalid",
	KindBool:      "bool",
	KindInt64:     "int64",
	KindUint64:    "uint64",
	KindFloat64:   "float64",
	KindString:    "string",
	KindBytes:     "bytes",
	KindDecimal:   "decimal",
	KindDate:      "date",
	KindTime:      "time",
	KindTimestamp: "timestamp",
	KindUUID:      "uuid",
	KindNested:    "nested",
	KindVariant:   "variant",
}

// String gives the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// TimeUnit is the unit of a TIME or TIMESTAMP column (LogicalTypes.md,
// "Temporal Types"). INT96 timestamps have unit [Nanos].
type TimeUnit uint8

// Time units.
const (
	NoUnit TimeUnit = iota
	Millis
	Micros
	Nanos
)

// nanos returns the length of one unit in nanoseconds.
func (u TimeUnit) nanos() int64 {
	switch u {
	case Millis:
		return 1e6
	case Micros:
		return 1e3
	case Nanos:
		return 1
	}
	return 0
}

// String gives the unit's name.
func (u TimeUnit) String() string {
	switch u {
	case Millis:
		return "MILLIS"
	case Micros:
		return "MICROS"
	case Nanos:
		return "NANOS"
	}
	return ""
}

// Type describes a top-level column: its [Kind] and the details of its
// Parquet types.
type Type struct {
	Kind Kind
	// Physical is the Parquet physical type ("INT32", "BYTE_ARRAY", ...);
	// empty for groups.
	Physical string
	// Logical is the Parquet logical type name ("STRING", "DECIMAL",
	// "TIMESTAMP", "VARIANT", "LIST", ...), empty when there is none.
	Logical string
	// Unit and UTC qualify KindTime and KindTimestamp (isAdjustedToUTC).
	Unit TimeUnit
	UTC  bool
	// Precision and Scale qualify KindDecimal.
	Precision, Scale int
	// Length is the byte length of a FIXED_LEN_BYTE_ARRAY.
	Length int
	// Variant reports a KindVariant column: a group annotated VARIANT, or
	// a group with binary children named metadata and value (design
	// section 2).
	Variant bool
}

// String gives the kind, with precision and scale for decimals and the unit
// and time zone for times and timestamps: "decimal(10,2)",
// "timestamp(micros,utc=true)".
func (t Type) String() string {
	switch t.Kind {
	case KindDecimal:
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)
	case KindTime, KindTimestamp:
		return fmt.Sprintf("%s(%s,utc=%t)", t.Kind, t.Unit, t.UTC)
	}
	return t.Kind.String()
}

// compatible reports whether values of a and b can share a table column.
// Kinds must match; units, widths, decimal scales and UTC flags may differ
// because every file is decoded with its own column description.
func compatible(a, b Type) bool {
	if a.Kind != b.Kind {
		return false
	}
	return true
}

// leafType maps a primitive schema element to its Type.
func leafType(e *format.SchemaElement) (Type, error) {
	if !e.Type.Valid {
		return Type{}, fmt.Errorf("leaf column %q has no physical type", e.Name)
	}
	t := Type{Physical: e.Type.V.String()}
	if e.TypeLength.Valid {
		t.Length = int(e.TypeLength.V)
	}
	lt := e.LogicalType.Value
	if lt != nil {
		t.Logical = logicalName(lt)
	}
	switch e.Type.V {
	case format.Boolean:
		t.Kind = KindBool
	case format.Int32, format.Int64:
		t.Kind = KindInt64
		switch l := lt.(type) {
		case *format.IntType:
			if !l.IsSigned && l.BitWidth == 64 {
				t.Kind = KindUint64
			}
		case *format.DecimalType:
			t.Kind, t.Precision, t.Scale = KindDecimal, int(l.Precision), int(l.Scale)
		case *format.DateType:
			t.Kind = KindDate
		case *format.TimeType:
			t.Kind, t.Unit, t.UTC = KindTime, unitOf(&l.Unit), l.IsAdjustedToUTC
		case *format.TimestampType:
			t.Kind, t.Unit, t.UTC = KindTimestamp, unitOf(&l.Unit), l.IsAdjustedToUTC
		case nil:
			convertedIntType(e, &t)
		}
	case format.Int96:
		// INT96 timestamps (Impala, Spark) are instants.
		t.Kind, t.Unit, t.UTC = KindTimestamp, Nanos, true
	case format.Float, format.Double:
		t.Kind = KindFloat64
	case format.ByteArray, format.FixedLenByteArray:
		t.Kind = KindBytes
		switch l := lt.(type) {
		case *format.StringType, *format.EnumType, *format.JsonType:
			t.Kind = KindString
		case *format.DecimalType:
			t.Kind, t.Precision, t.Scale = KindDecimal, int(l.Precision), int(l.Scale)
		case *format.UUIDType:
			t.Kind = KindUUID
		case *format.Float16Type:
			t.Kind = KindFloat64
		case nil:
			if e.ConvertedType.Valid {
				switch e.ConvertedType.V {
				case deprecated.UTF8, deprecated.Enum, deprecated.Json:
					t.Kind = KindString
				case deprecated.Decimal:
					t.Kind, t.Precision, t.Scale = KindDecimal, int(e.Precision.V), int(e.Scale.V)
				}
			}
		}
		if e.Type.V == format.FixedLenByteArray && t.Length <= 0 {
			return t, fmt.Errorf("FIXED_LEN_BYTE_ARRAY column %q without a positive type_length", e.Name)
		}
		if t.Kind == KindUUID && t.Length != 16 || t.Logical == "FLOAT16" && t.Length != 2 {
			return t, fmt.Errorf("column %q: %s on FIXED_LEN_BYTE_ARRAY(%d)", e.Name, t.Logical, t.Length)
		}
	default:
		return t, fmt.Errorf("column %q: unknown physical type %d", e.Name, e.Type.V)
	}
	if (t.Kind == KindTime || t.Kind == KindTimestamp) && t.Unit == NoUnit {
		return t, fmt.Errorf("column %q: %s without a time unit", e.Name, t.Logical)
	}
	if t.Kind == KindDecimal && (t.Scale < 0 || t.Precision <= 0 || t.Scale > t.Precision) {
		return t, fmt.Errorf("column %q: invalid decimal(%d,%d)", e.Name, t.Precision, t.Scale)
	}
	return t, nil
}

// convertedIntType applies a legacy ConvertedType annotation of an INT32 or
// INT64 column (LogicalTypes.md, "Deprecated ConvertedType").
func convertedIntType(e *format.SchemaElement, t *Type) {
	if !e.ConvertedType.Valid {
		return
	}
	switch e.ConvertedType.V {
	case deprecated.Uint64:
		t.Kind = KindUint64
	case deprecated.Decimal:
		t.Kind, t.Precision, t.Scale = KindDecimal, int(e.Precision.V), int(e.Scale.V)
	case deprecated.Date:
		t.Kind = KindDate
	case deprecated.TimeMillis:
		t.Kind, t.Unit, t.UTC = KindTime, Millis, true
	case deprecated.TimeMicros:
		t.Kind, t.Unit, t.UTC = KindTime, Micros, true
	case deprecated.TimestampMillis:
		t.Kind, t.Unit, t.UTC = KindTimestamp, Millis, true
	case deprecated.TimestampMicros:
		t.Kind, t.Unit, t.UTC = KindTimestamp, Micros, true
	}
}

func unitOf(u *format.TimeUnit) TimeUnit {
	switch u.Value.(type) {
	case *format.MilliSeconds:
		return Millis
	case *format.MicroSeconds:
		return Micros
	case *format.NanoSeconds:
		return Nanos
	}
	return NoUnit
}

func logicalName(lt format.LogicalTypeValue) string {
	switch lt.(type) {
	case *format.StringType:
		return "STRING"
	case *format.MapType:
		return "MAP"
	case *format.ListType:
		return "LIST"
	case *format.EnumType:
		return "ENUM"
	case *format.DecimalType:
		return "DECIMAL"
	case *format.DateType:
		return "DATE"
	case *format.TimeType:
		return "TIME"
	case *format.TimestampType:
		return "TIMESTAMP"
	case *format.IntType:
		return "INTEGER"
	case *format.NullType:
		return "UNKNOWN"
	case *format.JsonType:
		return "JSON"
	case *format.BsonType:
		return "BSON"
	case *format.UUIDType:
		return "UUID"
	case *format.Float16Type:
		return "FLOAT16"
	case *format.VariantType:
		return "VARIANT"
	case *format.GeometryType:
		return "GEOMETRY"
	case *format.GeographyType:
		return "GEOGRAPHY"
	}
	return ""
}
