package variant

// BasicType is the 2-bit basic_type in the low bits of a value's first byte
// (VariantEncoding.md, "Basic Type").
type BasicType uint8

// The basic types of VariantEncoding.md, "Encoding types".
const (
	BasicPrimitive   BasicType = 0
	BasicShortString BasicType = 1
	BasicObject      BasicType = 2
	BasicArray       BasicType = 3
)

// String returns the spec name of the basic type.
func (b BasicType) String() string {
	switch b {
	case BasicPrimitive:
		return "primitive"
	case BasicShortString:
		return "short_string"
	case BasicObject:
		return "object"
	case BasicArray:
		return "array"
	}
	return "invalid"
}

// PrimitiveType is the 6-bit primitive_header of a value whose basic type is
// [BasicPrimitive]; the numbers are the Type IDs of VariantEncoding.md,
// "Variant primitive types".
type PrimitiveType uint8

// The primitive types of VariantEncoding.md, with the spec's Type IDs.
const (
	PrimitiveNull              PrimitiveType = 0
	PrimitiveTrue              PrimitiveType = 1
	PrimitiveFalse             PrimitiveType = 2
	PrimitiveInt8              PrimitiveType = 3
	PrimitiveInt16             PrimitiveType = 4
	PrimitiveInt32             PrimitiveType = 5
	PrimitiveInt64             PrimitiveType = 6
	PrimitiveDouble            PrimitiveType = 7
	PrimitiveDecimal4          PrimitiveType = 8
	PrimitiveDecimal8          PrimitiveType = 9
	PrimitiveDecimal16         PrimitiveType = 10
	PrimitiveDate              PrimitiveType = 11
	PrimitiveTimestamp         PrimitiveType = 12 // microseconds, adjusted to UTC
	PrimitiveTimestampNTZ      PrimitiveType = 13 // microseconds, no time zone
	PrimitiveFloat             PrimitiveType = 14
	PrimitiveBinary            PrimitiveType = 15
	PrimitiveString            PrimitiveType = 16
	PrimitiveTime              PrimitiveType = 17 // time of day without time zone, microseconds
	PrimitiveTimestampNanos    PrimitiveType = 18 // nanoseconds, adjusted to UTC
	PrimitiveTimestampNTZNanos PrimitiveType = 19 // nanoseconds, no time zone
	PrimitiveUUID              PrimitiveType = 20
)

// primitiveSizes holds the size in bytes of value_data for each fixed-size
// primitive type; -1 marks the two variable-size types (binary, string), whose
// value_data is a 4-byte little-endian length followed by the bytes.
var primitiveSizes = [...]int{
	PrimitiveNull: 0, PrimitiveTrue: 0, PrimitiveFalse: 0,
	PrimitiveInt8: 1, PrimitiveInt16: 2, PrimitiveInt32: 4, PrimitiveInt64: 8,
	PrimitiveDouble: 8, PrimitiveDecimal4: 5, PrimitiveDecimal8: 9, PrimitiveDecimal16: 17,
	PrimitiveDate: 4, PrimitiveTimestamp: 8, PrimitiveTimestampNTZ: 8, PrimitiveFloat: 4,
	PrimitiveBinary: -1, PrimitiveString: -1, PrimitiveTime: 8,
	PrimitiveTimestampNanos: 8, PrimitiveTimestampNTZNanos: 8, PrimitiveUUID: 16,
}

// Type is the logical type of a Variant value, the one applications switch
// on: each primitive type, with short and long strings folded into
// [TypeString] and true and false into [TypeBoolean], plus [TypeObject] and
// [TypeArray]. [TypeInvalid] is reported for bytes that name no known type.
type Type uint8

// The logical Variant types. Their String forms are the names that
// variant_typeof returns.
const (
	TypeInvalid Type = iota
	TypeNull
	TypeBoolean
	TypeInt8
	TypeInt16
	TypeInt32
	TypeInt64
	TypeDouble
	TypeDecimal4
	TypeDecimal8
	TypeDecimal16
	TypeDate
	TypeTimestamp
	TypeTimestampNTZ
	TypeFloat
	TypeBinary
	TypeString
	TypeTime
	TypeTimestampNanos
	TypeTimestampNTZNanos
	TypeUUID
	TypeObject
	TypeArray
)

var typeNames = [...]string{
	TypeInvalid:           "invalid",
	TypeNull:              "null",
	TypeBoolean:           "boolean",
	TypeInt8:              "int8",
	TypeInt16:             "int16",
	TypeInt32:             "int32",
	TypeInt64:             "int64",
	TypeDouble:            "double",
	TypeDecimal4:          "decimal4",
	TypeDecimal8:          "decimal8",
	TypeDecimal16:         "decimal16",
	TypeDate:              "date",
	TypeTimestamp:         "timestamp",
	TypeTimestampNTZ:      "timestamp_ntz",
	TypeFloat:             "float",
	TypeBinary:            "binary",
	TypeString:            "string",
	TypeTime:              "time",
	TypeTimestampNanos:    "timestamp_nanos",
	TypeTimestampNTZNanos: "timestamp_ntz_nanos",
	TypeUUID:              "uuid",
	TypeObject:            "object",
	TypeArray:             "array",
}

// String returns the type's name as variant_typeof reports it, for example
// "int8", "decimal8", "timestamp_ntz" or "object".
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "invalid"
}

// primitiveTypes maps a primitive type ID to its logical Type.
var primitiveTypes = [...]Type{
	PrimitiveNull: TypeNull, PrimitiveTrue: TypeBoolean, PrimitiveFalse: TypeBoolean,
	PrimitiveInt8: TypeInt8, PrimitiveInt16: TypeInt16, PrimitiveInt32: TypeInt32,
	PrimitiveInt64: TypeInt64, PrimitiveDouble: TypeDouble, PrimitiveDecimal4: TypeDecimal4,
	PrimitiveDecimal8: TypeDecimal8, PrimitiveDecimal16: TypeDecimal16, PrimitiveDate: TypeDate,
	PrimitiveTimestamp: TypeTimestamp, PrimitiveTimestampNTZ: TypeTimestampNTZ,
	PrimitiveFloat: TypeFloat, PrimitiveBinary: TypeBinary, PrimitiveString: TypeString,
	PrimitiveTime: TypeTime, PrimitiveTimestampNanos: TypeTimestampNanos,
	PrimitiveTimestampNTZNanos: TypeTimestampNTZNanos, PrimitiveUUID: TypeUUID,
}

// EquivalenceClass is the spec's "Equivalence Class" column: values of
// different physical types in one class must behave the same in expressions
// (an int8 1 equals a decimal16 100 with scale 2; a short string equals the
// same long string).
type EquivalenceClass uint8

// The equivalence classes of VariantEncoding.md, "Variant primitive types",
// plus Object and Array.
const (
	ClassInvalid EquivalenceClass = iota
	ClassNull
	ClassBoolean
	ClassExactNumeric
	ClassFloat
	ClassDouble
	ClassDate
	ClassTimestamp
	ClassTimestampNTZ
	ClassBinary
	ClassString
	ClassTimeNTZ
	ClassUUID
	ClassObject
	ClassArray
)

// Class returns the equivalence class of the type.
func (t Type) Class() EquivalenceClass {
	switch t {
	case TypeNull:
		return ClassNull
	case TypeBoolean:
		return ClassBoolean
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64, TypeDecimal4, TypeDecimal8, TypeDecimal16:
		return ClassExactNumeric
	case TypeFloat:
		return ClassFloat
	case TypeDouble:
		return ClassDouble
	case TypeDate:
		return ClassDate
	case TypeTimestamp, TypeTimestampNanos:
		return ClassTimestamp
	case TypeTimestampNTZ, TypeTimestampNTZNanos:
		return ClassTimestampNTZ
	case TypeBinary:
		return ClassBinary
	case TypeString:
		return ClassString
	case TypeTime:
		return ClassTimeNTZ
	case TypeUUID:
		return ClassUUID
	case TypeObject:
		return ClassObject
	case TypeArray:
		return ClassArray
	}
	return ClassInvalid
}
