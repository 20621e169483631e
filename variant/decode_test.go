package variant

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// accessorFor calls the typed accessor of type t on v.
func accessorFor(v Variant, t Type) error {
	var err error
	switch t {
	case TypeBoolean:
		_, err = v.Bool()
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		_, err = v.Int()
	case TypeDouble:
		_, err = v.Float64()
	case TypeFloat:
		_, err = v.Float32()
		if err == nil {
			_, err = v.Float64()
		}
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		_, err = v.Decimal()
	case TypeDate:
		_, err = v.DateDays()
		if err == nil {
			_, err = v.Date()
		}
	case TypeTime:
		_, err = v.TimeMicros()
	case TypeTimestamp, TypeTimestampNTZ:
		_, _, err = v.TimestampMicros()
		if err == nil {
			_, err = v.Timestamp()
		}
	case TypeTimestampNanos, TypeTimestampNTZNanos:
		_, _, err = v.TimestampNanos()
		if err == nil {
			_, err = v.Timestamp()
		}
	case TypeBinary:
		_, err = v.Binary()
	case TypeString:
		_, err = v.StrBytes()
	case TypeUUID:
		_, err = v.UUID()
	case TypeObject:
		_, err = v.Object()
	case TypeArray:
		_, err = v.Array()
	}
	return err
}

// TestTruncatedScalarsOnView: every accessor given the header of its own
// type and too few bytes reports an invalid value (not a type mismatch and
// not a panic), through the main accessor and through Timestamp.
func TestTruncatedScalarsOnView(t *testing.T) {
	for _, c := range []struct {
		typ   Type
		value string
	}{
		{TypeInt8, "0C"},
		{TypeInt16, "10 01"},
		{TypeInt32, "14 01 02 03"},
		{TypeInt64, "18 01 02 03 04 05 06 07"},
		{TypeDouble, "1C 00 00 00 00 00 00 F8"},
		{TypeDecimal4, "20 02 01 00 00"},
		{TypeDecimal8, "24 02"},
		{TypeDecimal16, "28 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00"},
		{TypeDate, "2C 01 00"},
		{TypeTimestamp, "30 00 00 00 00 00 00 00"},
		{TypeTimestampNTZ, "34 00"},
		{TypeFloat, "38 00 00 C0"},
		{TypeBinary, "3C 02 00 00 00 01"},
		{TypeBinary, "3C 02 00"},
		{TypeString, "40 02 00 00 00 61"},
		{TypeString, "40"},
		{TypeString, "09 61"},
		{TypeTime, "44 00 00 00"},
		{TypeTimestampNanos, "48 00 00 00 00 00 00 00"},
		{TypeTimestampNTZNanos, "4C"},
		{TypeUUID, "50 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E"},
		{TypeObject, "02"},
		{TypeObject, "02 02 00 01 00 01"},
		{TypeArray, "03"},
		{TypeArray, "13 01 00 00"},
	} {
		t.Run(c.typ.String()+"/"+c.value, func(t *testing.T) {
			v := View(Metadata{}, unhex(t, c.value))
			require.Equal(t, c.typ, v.Type())
			err := accessorFor(v, c.typ)
			assert.ErrorIs(t, err, ErrInvalidValue)
			assert.NotErrorIs(t, err, ErrTypeMismatch)
			_, err = New(unhex(t, metaEmpty), v.Bytes())
			assert.ErrorIs(t, err, ErrInvalidValue)
		})
	}
}

// TestNoAllocations: lookups and typed accessors on decoded values do not
// allocate.
func TestNoAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	meta, value := specPair(t, "object_nested") // unsorted dictionary
	unsorted := MustNew(meta, value)
	var b Builder
	b.AppendVariant(unsorted)
	sorted, err := b.Build()
	require.NoError(t, err)
	require.True(t, sorted.Metadata().Sorted())
	path := MustParsePath("$.observation.value.humidity")
	meta, value = specPair(t, "array_nested")
	arr := MustNew(meta, value)
	arrPath := MustParsePath("$[2].names[1]")

	scalars := map[string]Variant{}
	for _, name := range []string{"primitive_int64", "primitive_double", "primitive_float", "primitive_decimal16",
		"primitive_string", "short_string", "primitive_binary", "primitive_timestamp", "primitive_timestamp_nanos",
		"primitive_date", "primitive_time", "primitive_uuid", "primitive_boolean_true"} {
		m, v := specPair(t, name)
		scalars[name] = MustNew(m, v)
	}

	for name, f := range map[string]func(){
		"Object.Field unsorted": func() {
			o, _ := unsorted.Object()
			if _, ok, _ := o.Field("species"); !ok {
				panic("not found")
			}
		},
		"Object.Field sorted": func() {
			o, _ := sorted.Object()
			if _, ok, _ := o.Field("species"); !ok {
				panic("not found")
			}
		},
		"Variant.Field missing": func() {
			if _, ok, _ := sorted.Field("nope"); ok {
				panic("found")
			}
		},
		"Get unsorted": func() {
			if _, ok, _ := unsorted.Get(path); !ok {
				panic("not found")
			}
		},
		"Get sorted": func() {
			if _, ok, _ := sorted.Get(path); !ok {
				panic("not found")
			}
		},
		"Get array": func() {
			if _, ok, _ := arr.Get(arrPath); !ok {
				panic("not found")
			}
		},
		"Array.At": func() {
			a, _ := arr.Array()
			if _, err := a.At(2); err != nil {
				panic(err)
			}
		},
		"Int":              func() { _, _ = scalars["primitive_int64"].Int() },
		"Float64":          func() { _, _ = scalars["primitive_double"].Float64() },
		"Float64 of float": func() { _, _ = scalars["primitive_float"].Float64() },
		"Float32":          func() { _, _ = scalars["primitive_float"].Float32() },
		"Decimal":          func() { _, _ = scalars["primitive_decimal16"].Decimal() },
		"StrBytes long":    func() { _, _ = scalars["primitive_string"].StrBytes() },
		"StrBytes short":   func() { _, _ = scalars["short_string"].StrBytes() },
		"Binary":           func() { _, _ = scalars["primitive_binary"].Binary() },
		"TimestampMicros":  func() { _, _, _ = scalars["primitive_timestamp"].TimestampMicros() },
		"TimestampNanos":   func() { _, _, _ = scalars["primitive_timestamp_nanos"].TimestampNanos() },
		"Timestamp":        func() { _, _ = scalars["primitive_timestamp"].Timestamp() },
		"DateDays":         func() { _, _ = scalars["primitive_date"].DateDays() },
		"Date":             func() { _, _ = scalars["primitive_date"].Date() },
		"TimeMicros":       func() { _, _ = scalars["primitive_time"].TimeMicros() },
		"UUID":             func() { _, _ = scalars["primitive_uuid"].UUID() },
		"Bool":             func() { _, _ = scalars["primitive_boolean_true"].Bool() },
		"Type":             func() { _ = scalars["primitive_int64"].Type() },
	} {
		assert.Zero(t, testing.AllocsPerRun(100, f), name)
	}
}

// TestTypeMismatchMessages: a typed accessor on another type says what it
// wanted and what it found.
func TestTypeMismatchMessages(t *testing.T) {
	v := MustNew(unhex(t, metaEmpty), unhex(t, "0C 01"))
	for _, c := range []struct {
		call func() error
		msg  string
	}{
		{func() error { _, err := v.Float64(); return err }, "variant: type mismatch: want double or float, have int8"},
		{func() error { _, _, err := v.TimestampMicros(); return err }, "variant: type mismatch: want timestamp or timestamp_ntz, have int8"},
		{func() error { _, _, err := v.TimestampNanos(); return err }, "variant: type mismatch: want timestamp_nanos or timestamp_ntz_nanos, have int8"},
		{func() error { _, err := v.Timestamp(); return err }, "variant: type mismatch: want timestamp, have int8"},
		{func() error { _, err := v.Str(); return err }, "variant: type mismatch: want string, have int8"},
		{func() error { _, err := v.Decimal(); return err }, "variant: type mismatch: want decimal, have int8"},
		{func() error { _, err := v.Object(); return err }, "variant: type mismatch: want object, have int8"},
		{func() error { _, err := v.Array(); return err }, "variant: type mismatch: want array, have int8"},
		{func() error { _, err := v.Bool(); return err }, "variant: type mismatch: want boolean, have int8"},
		{func() error { _, err := Variant{}.Int(); return err }, "variant: type mismatch: want integer, have invalid"},
	} {
		err := c.call()
		assert.ErrorIs(t, err, ErrTypeMismatch)
		assert.EqualError(t, err, c.msg)
	}
}

// TestZeroValues: the zero Variant and zero Metadata behave as documented.
func TestZeroValues(t *testing.T) {
	var v Variant
	assert.Equal(t, TypeInvalid, v.Type())
	assert.Equal(t, BasicPrimitive, v.BasicType())
	assert.False(t, v.IsNull())
	_, ok := v.PrimitiveType()
	assert.False(t, ok)
	assert.ErrorIs(t, v.Validate(), ErrInvalidValue)
	var m Metadata
	assert.Equal(t, "11 00 00", hexOf(m.Bytes()))
	assert.Equal(t, 0, m.Len())
	assert.Equal(t, 1, m.OffsetSize())
	// Sorted agrees with the header byte of Bytes.
	assert.True(t, m.Sorted())
	assert.Equal(t, m.Bytes()[0]&0x10 != 0, m.Sorted())
	_, ok = m.ID("")
	assert.False(t, ok)

	// Clone copies: changing the source buffers leaves the clone intact.
	meta := unhex(t, "01 01 00 01 61")
	value := unhex(t, "02 01 00 00 02 0C 07")
	orig := MustNew(meta, value)
	c := orig.Clone()
	meta[4], value[6] = 'b', 9
	assert.Equal(t, `{"a":int8:7}`, mustDescribe(t, c))
	assert.Equal(t, "01 01 00 01 61", hexOf(c.Metadata().Bytes()))
}

// TestValidateNoAllocations: New on a decoded dictionary allocates nothing
// for values of modest depth and width, whatever the field value order.
func TestValidateNoAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	for _, name := range []string{"object_nested", "array_nested", "object_primitive", "primitive_string"} {
		meta, value := specPair(t, name)
		m := MustDecodeMetadata(meta)
		assert.Zero(t, testing.AllocsPerRun(100, func() {
			if _, err := NewWithMetadata(m, value); err != nil {
				panic(err)
			}
		}), name)
		assert.Zero(t, testing.AllocsPerRun(100, func() {
			if _, err := DecodeMetadata(meta); err != nil {
				panic(err)
			}
		}), name)
	}
}

// SetView overwrites every field of a Variant with those View gives.
func TestSetView(t *testing.T) {
	src, err := ParseJSON([]byte(`{"a":[1,"x"],"b":null}`))
	require.NoError(t, err)
	m := src.Metadata()
	v, err := ParseJSON([]byte(`{"z":"an older value with other metadata"}`))
	require.NoError(t, err)
	v.SetView(&m, src.Bytes())
	require.Equal(t, View(m, src.Bytes()), v)
	require.Equal(t, `{"a":[1,"x"],"b":null}`, v.String())
}
