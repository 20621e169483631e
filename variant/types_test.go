package variant

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTypesOfPrimitiveIDs: each spec Type ID maps to its logical type, name
// and equivalence class (VariantEncoding.md, "Variant primitive types").
func TestTypesOfPrimitiveIDs(t *testing.T) {
	for _, c := range []struct {
		id    PrimitiveType
		typ   Type
		name  string
		class EquivalenceClass
	}{
		{0, TypeNull, "null", ClassNull},
		{1, TypeBoolean, "boolean", ClassBoolean},
		{2, TypeBoolean, "boolean", ClassBoolean},
		{3, TypeInt8, "int8", ClassExactNumeric},
		{4, TypeInt16, "int16", ClassExactNumeric},
		{5, TypeInt32, "int32", ClassExactNumeric},
		{6, TypeInt64, "int64", ClassExactNumeric},
		{7, TypeDouble, "double", ClassDouble},
		{8, TypeDecimal4, "decimal4", ClassExactNumeric},
		{9, TypeDecimal8, "decimal8", ClassExactNumeric},
		{10, TypeDecimal16, "decimal16", ClassExactNumeric},
		{11, TypeDate, "date", ClassDate},
		{12, TypeTimestamp, "timestamp", ClassTimestamp},
		{13, TypeTimestampNTZ, "timestamp_ntz", ClassTimestampNTZ},
		{14, TypeFloat, "float", ClassFloat},
		{15, TypeBinary, "binary", ClassBinary},
		{16, TypeString, "string", ClassString},
		{17, TypeTime, "time", ClassTimeNTZ},
		{18, TypeTimestampNanos, "timestamp_nanos", ClassTimestamp},
		{19, TypeTimestampNTZNanos, "timestamp_ntz_nanos", ClassTimestampNTZ},
		{20, TypeUUID, "uuid", ClassUUID},
		{21, TypeInvalid, "invalid", ClassInvalid},
		{63, TypeInvalid, "invalid", ClassInvalid},
	} {
		v := View(Metadata{}, []byte{byte(c.id) << 2})
		assert.Equal(t, c.typ, v.Type(), "id %d", c.id)
		assert.Equal(t, c.name, v.Type().String(), "id %d", c.id)
		assert.Equal(t, c.class, v.Type().Class(), "id %d", c.id)
		p, ok := v.PrimitiveType()
		assert.True(t, ok)
		assert.Equal(t, c.id, p)
		assert.Equal(t, BasicPrimitive, v.BasicType())
	}
	for _, c := range []struct {
		header byte
		basic  BasicType
		name   string
		typ    Type
	}{
		{0x01, BasicShortString, "short_string", TypeString},
		{0x02, BasicObject, "object", TypeObject},
		{0x03, BasicArray, "array", TypeArray},
		{0x00, BasicPrimitive, "primitive", TypeNull},
	} {
		v := View(Metadata{}, []byte{c.header})
		assert.Equal(t, c.basic, v.BasicType())
		assert.Equal(t, c.name, v.BasicType().String())
		assert.Equal(t, c.typ, v.Type())
		_, ok := v.PrimitiveType()
		assert.Equal(t, c.basic == BasicPrimitive, ok)
	}
	assert.Equal(t, ClassObject, TypeObject.Class())
	assert.Equal(t, ClassArray, TypeArray.Class())
	assert.Equal(t, "invalid", BasicType(4).String())
	assert.Equal(t, "invalid", Type(200).String())
}

// TestObjectAllAndArrayAll: the iterators visit every member in order and
// stop when asked.
func TestObjectAllAndArrayAll(t *testing.T) {
	meta, value := specPair(t, "object_primitive")
	o, err := MustNew(meta, value).Object()
	assert.NoError(t, err)
	var keys []string
	for k := range o.All() {
		keys = append(keys, k)
	}
	assert.Equal(t, []string{"boolean_false_field", "boolean_true_field", "double_field", "int_field", "null_field", "string_field", "timestamp_field"}, keys)
	n := 0
	for range o.All() {
		n++
		if n == 2 {
			break
		}
	}
	assert.Equal(t, 2, n)

	meta, value = specPair(t, "array_primitive")
	a, err := MustNew(meta, value).Array()
	assert.NoError(t, err)
	var got []int64
	for i, e := range a.All() {
		x, err := e.Int()
		assert.NoError(t, err)
		assert.Equal(t, len(got), i)
		got = append(got, x)
	}
	assert.Equal(t, []int64{2, 1, 5, 9}, got)
	n = 0
	for range a.All() {
		n++
		break
	}
	assert.Equal(t, 1, n)

	// A malformed member ends the iteration early.
	bad := View(MustDecodeMetadata(unhex(t, metaSAB)), unhex(t, "02 02 00 01 00 02 04 0C 01 14 02"))
	bo, err := bad.Object()
	assert.NoError(t, err)
	keys = keys[:0]
	for k := range bo.All() {
		keys = append(keys, k)
	}
	assert.Equal(t, []string{"a"}, keys)
}
