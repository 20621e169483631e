package variant

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"testing"

	pv "github.com/parquet-go/parquet-go/variant"
	"github.com/stretchr/testify/require"
)

// The tests in this file check this package against the variant package of
// parquet-go (an independent implementation of VariantEncoding.md) on random
// values: each side decodes what the other encodes, and their bytes are
// compared where both are canonical.

// pgPrimitive maps a logical type to the primitive type parquet-go decodes it
// as. parquet-go decodes a short string as PrimitiveString, like a long one.
var pgPrimitive = map[Type]pv.PrimitiveType{
	TypeNull: pv.PrimitiveNull, TypeInt8: pv.PrimitiveInt8, TypeInt16: pv.PrimitiveInt16,
	TypeInt32: pv.PrimitiveInt32, TypeInt64: pv.PrimitiveInt64, TypeDouble: pv.PrimitiveDouble,
	TypeDecimal4: pv.PrimitiveDecimal4, TypeDecimal8: pv.PrimitiveDecimal8,
	TypeDecimal16: pv.PrimitiveDecimal16, TypeDate: pv.PrimitiveDate,
	TypeTimestamp: pv.PrimitiveTimestamp, TypeTimestampNTZ: pv.PrimitiveTimestampNTZ,
	TypeFloat: pv.PrimitiveFloat, TypeBinary: pv.PrimitiveBinary, TypeString: pv.PrimitiveString,
	TypeTime: pv.PrimitiveTime, TypeTimestampNanos: pv.PrimitiveTimestampNanos,
	TypeTimestampNTZNanos: pv.PrimitiveTimestampNTZNanos, TypeUUID: pv.PrimitiveUUID,
}

// decimal16Bytes returns the 16-byte little-endian two's complement form of
// d's unscaled value, the form of decimal16 value_data and of parquet-go's
// Decimal16.
func decimal16Bytes(d Decimal) [16]byte {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], d.lo)
	binary.LittleEndian.PutUint64(b[8:], uint64(d.hi))
	return b
}

// writePG replays v as events on a parquet-go ValueBuilder, fields in
// generation order.
func writePG(w pv.ValueBuilder, v genValue) {
	switch v.typ {
	case TypeNull:
		w.Null()
	case TypeBoolean:
		w.Bool(v.b)
	case TypeInt8:
		w.Int8(int8(v.i))
	case TypeInt16:
		w.Int16(int16(v.i))
	case TypeInt32:
		w.Int32(int32(v.i))
	case TypeInt64:
		w.Int64(v.i)
	case TypeDouble:
		w.Double(v.f)
	case TypeFloat:
		w.Float(v.f32)
	case TypeDecimal4:
		w.Decimal4(int32(v.dec.lo), v.dec.scale)
	case TypeDecimal8:
		w.Decimal8(int64(v.dec.lo), v.dec.scale)
	case TypeDecimal16:
		w.Decimal16(decimal16Bytes(v.dec), v.dec.scale)
	case TypeDate:
		w.Date(int32(v.i))
	case TypeTime:
		w.Time(v.i)
	case TypeTimestamp:
		w.Timestamp(v.i)
	case TypeTimestampNTZ:
		w.TimestampNTZ(v.i)
	case TypeTimestampNanos:
		w.TimestampNanos(v.i)
	case TypeTimestampNTZNanos:
		w.TimestampNTZNanos(v.i)
	case TypeBinary:
		w.Binary(v.bin)
	case TypeString:
		w.String(v.s)
	case TypeUUID:
		w.UUID(v.u)
	case TypeObject:
		w.BeginObject()
		for i, k := range v.keys {
			w.Field(k)
			writePG(w, v.fields[i])
		}
		w.EndObject()
	case TypeArray:
		w.BeginArray()
		for _, e := range v.elems {
			writePG(w, e)
		}
		w.EndArray()
	}
}

// pgTree returns v as a parquet-go Value tree, fields in generation order.
func pgTree(v genValue) pv.Value {
	switch v.typ {
	case TypeNull:
		return pv.Null()
	case TypeBoolean:
		return pv.Bool(v.b)
	case TypeInt8:
		return pv.Int8(int8(v.i))
	case TypeInt16:
		return pv.Int16(int16(v.i))
	case TypeInt32:
		return pv.Int32(int32(v.i))
	case TypeInt64:
		return pv.Int64(v.i)
	case TypeDouble:
		return pv.Double(v.f)
	case TypeFloat:
		return pv.Float(v.f32)
	case TypeDecimal4:
		return pv.Decimal4(int32(v.dec.lo), v.dec.scale)
	case TypeDecimal8:
		return pv.Decimal8(int64(v.dec.lo), v.dec.scale)
	case TypeDecimal16:
		return pv.Decimal16(decimal16Bytes(v.dec), v.dec.scale)
	case TypeDate:
		return pv.Date(int32(v.i))
	case TypeTime:
		return pv.Time(v.i)
	case TypeTimestamp:
		return pv.Timestamp(v.i)
	case TypeTimestampNTZ:
		return pv.TimestampNTZ(v.i)
	case TypeTimestampNanos:
		return pv.TimestampNanos(v.i)
	case TypeTimestampNTZNanos:
		return pv.TimestampNTZNanos(v.i)
	case TypeBinary:
		return pv.Binary(v.bin)
	case TypeString:
		return pv.String(v.s)
	case TypeUUID:
		return pv.UUID(v.u)
	case TypeObject:
		fields := make([]pv.Field, len(v.keys))
		for i, k := range v.keys {
			fields[i] = pv.Field{Name: k, Value: pgTree(v.fields[i])}
		}
		return pv.MakeObject(fields)
	case TypeArray:
		elems := make([]pv.Value, len(v.elems))
		for i, e := range v.elems {
			elems[i] = pgTree(e)
		}
		return pv.MakeArray(elems)
	}
	panic("genValue of type " + v.typ.String())
}

// checkPG walks a value decoded by parquet-go and returns an error naming the
// first place where it differs from want. Objects must list their fields in
// key order, as the spec requires of field ids.
func checkPG(want genValue, got pv.Value, path string) error {
	switch want.typ {
	case TypeObject:
		if got.Basic() != pv.BasicObject {
			return fmt.Errorf("%s: basic type %d, want object", path, got.Basic())
		}
		fields := got.ObjectValue().Fields
		if len(fields) != len(want.keys) {
			return fmt.Errorf("%s: %d fields, want %d", path, len(fields), len(want.keys))
		}
		for i, j := range want.keyOrder() {
			if fields[i].Name != want.keys[j] {
				return fmt.Errorf("%s: field %d is %q, want %q", path, i, fields[i].Name, want.keys[j])
			}
			if err := checkPG(want.fields[j], fields[i].Value, path+"."+strconv.Quote(want.keys[j])); err != nil {
				return err
			}
		}
		return nil
	case TypeArray:
		if got.Basic() != pv.BasicArray {
			return fmt.Errorf("%s: basic type %d, want array", path, got.Basic())
		}
		elems := got.ArrayValue().Elements
		if len(elems) != len(want.elems) {
			return fmt.Errorf("%s: %d elements, want %d", path, len(elems), len(want.elems))
		}
		for i, e := range want.elems {
			if err := checkPG(e, elems[i], path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		return nil
	}
	if got.Basic() != pv.BasicPrimitive {
		return fmt.Errorf("%s: basic type %d, want primitive", path, got.Basic())
	}
	wantP := pgPrimitive[want.typ]
	if want.typ == TypeBoolean {
		wantP = pv.PrimitiveFalse
		if want.b {
			wantP = pv.PrimitiveTrue
		}
	}
	if got.Type() != wantP {
		return fmt.Errorf("%s: primitive type %d, want %d (%v)", path, got.Type(), wantP, want.typ)
	}
	var ok bool
	switch want.typ {
	case TypeNull, TypeBoolean:
		ok = true
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64, TypeDate, TypeTime,
		TypeTimestamp, TypeTimestampNTZ, TypeTimestampNanos, TypeTimestampNTZNanos:
		ok = got.Int() == want.i
	case TypeDouble:
		ok = math.Float64bits(got.FloatValue()) == math.Float64bits(want.f)
	case TypeFloat:
		ok = math.Float32bits(float32(got.FloatValue())) == math.Float32bits(want.f32)
	case TypeDecimal4, TypeDecimal8:
		u, _ := want.dec.Unscaled64()
		ok = got.Int() == u && got.Scale() == want.dec.scale
	case TypeDecimal16:
		ok = got.Decimal16Value() == decimal16Bytes(want.dec) && got.Scale() == want.dec.scale
	case TypeBinary:
		ok = bytes.Equal(got.Bytes(), want.bin)
	case TypeString:
		ok = got.Str() == want.s
	case TypeUUID:
		ok = got.UUIDValue() == want.u
	}
	if !ok {
		return fmt.Errorf("%s: %v value differs: got %v", path, want.typ, got.GoValue())
	}
	return nil
}

// xcheckCount returns the number of random values each cross-check runs on:
// 10,000, or 2,000 with -short (as in the race detector run).
func xcheckCount() int {
	if testing.Short() {
		return 2_000
	}
	return 10_000
}

func buildOurs(t *testing.T, b *Builder, v genValue) Variant {
	t.Helper()
	b.Reset()
	v.build(b)
	got, err := b.Build()
	require.NoError(t, err)
	return got
}

// TestCrossCheckOursDecodedByParquetGo encodes random values with our
// Builder and decodes them with parquet-go's DecodeMetadata and Decode.
func TestCrossCheckOursDecodedByParquetGo(t *testing.T) {
	g := newGenerator(1)
	var b Builder
	for i := range xcheckCount() {
		v := g.top()
		ours := buildOurs(t, &b, v)
		require.NoError(t, ours.Validate(), "value %d", i)
		m, err := pv.DecodeMetadata(ours.Metadata().Bytes())
		require.NoError(t, err, "value %d", i)
		require.True(t, m.Sorted, "value %d: our dictionaries are sorted", i)
		got, err := pv.Decode(m, ours.Bytes())
		require.NoError(t, err, "value %d", i)
		require.NoError(t, checkPG(v, got, "$"), "value %d", i)
	}
}

// TestCrossCheckParquetGoDecodedByOurs encodes random values with
// parquet-go's streaming Builder and with its Encode of a Value tree, and
// decodes them with New, which validates the whole value.
func TestCrossCheckParquetGoDecodedByOurs(t *testing.T) {
	g := newGenerator(2)
	var pb pv.Builder
	for i := range xcheckCount() {
		v := g.top()

		pb.Reset()
		writePG(&pb, v)
		meta, val, err := pb.Finish()
		require.NoError(t, err, "value %d", i)
		got, err := New(meta, val)
		require.NoError(t, err, "value %d: parquet-go Builder output", i)
		require.NoError(t, checkVariant(v, got, "$"), "value %d: parquet-go Builder output", i)

		if i%4 == 0 {
			var mb pv.MetadataBuilder
			val := pv.Encode(&mb, pgTree(v))
			_, meta := mb.Build()
			got, err := New(meta, val)
			require.NoError(t, err, "value %d: parquet-go Encode output", i)
			require.NoError(t, checkVariant(v, got, "$"), "value %d: parquet-go Encode output", i)
		}
	}
}

// TestCrossCheckBytes compares the bytes of both builders. They differ in two
// ways, both allowed by the spec: parquet-go numbers keys in the order it
// first sees them and sets sorted_strings only when that order happens to be
// sorted, where our Builder always writes a sorted dictionary; and
// parquet-go lays out field values in the order they were given, where ours
// lays them out in key order. When neither applies (the keys were first seen
// in sorted order and every object was given its fields in key order) the
// bytes must be the same. In every case, copying parquet-go's value through
// our Builder must give our bytes exactly.
func TestCrossCheckBytes(t *testing.T) {
	g := newGenerator(3)
	var b, canon Builder
	var pb pv.Builder
	var same, unsortedDict, valueOrder int
	for i := range xcheckCount() {
		v := g.top()
		ours := buildOurs(t, &b, v)

		pb.Reset()
		writePG(&pb, v)
		meta, val, err := pb.Finish()
		require.NoError(t, err, "value %d", i)
		theirs, err := New(meta, val)
		require.NoError(t, err, "value %d", i)

		canon.Reset()
		canon.AppendVariant(theirs)
		c, err := canon.Build()
		require.NoError(t, err, "value %d", i)
		require.Equal(t, ours.Metadata().Bytes(), c.Metadata().Bytes(), "value %d: metadata after copying", i)
		require.Equal(t, ours.Bytes(), c.Bytes(), "value %d: value after copying", i)

		switch {
		case !theirs.Metadata().Sorted():
			unsortedDict++
			require.NotEqual(t, ours.Metadata().Bytes(), meta, "value %d", i)
		case !v.fieldsInKeyOrder():
			valueOrder++
			require.Equal(t, ours.Metadata().Bytes(), meta, "value %d: sorted dictionaries", i)
		default:
			same++
			require.Equal(t, ours.Metadata().Bytes(), meta, "value %d: metadata", i)
			require.Equal(t, ours.Bytes(), val, "value %d: value", i)
		}
	}
	t.Logf("%d values: %d byte-identical, %d differ by parquet-go's unsorted dictionary, %d only by value order",
		xcheckCount(), same, unsortedDict, valueOrder)
	require.Greater(t, same, xcheckCount()/10)
	require.Greater(t, unsortedDict, xcheckCount()/10)
	if !testing.Short() {
		require.Positive(t, valueOrder, "values that differ only by value order")
	}
}

// crossCheck runs the three checks on one value: ours decoded by parquet-go,
// parquet-go's decoded by ours, and parquet-go's copied through our Builder
// giving our bytes. It returns our encoding and parquet-go Builder's.
func crossCheck(t *testing.T, v genValue) (ours Variant, pgMeta, pgValue []byte) {
	t.Helper()
	var b Builder
	ours = buildOurs(t, &b, v)
	require.NoError(t, ours.Validate())
	m, err := pv.DecodeMetadata(ours.Metadata().Bytes())
	require.NoError(t, err)
	decoded, err := pv.Decode(m, ours.Bytes())
	require.NoError(t, err)
	require.NoError(t, checkPG(v, decoded, "$"))

	var pb pv.Builder
	writePG(&pb, v)
	pgMeta, pgValue, err = pb.Finish()
	require.NoError(t, err)
	theirs, err := New(pgMeta, pgValue)
	require.NoError(t, err)
	require.NoError(t, checkVariant(v, theirs, "$"))

	var canon Builder
	canon.AppendVariant(theirs)
	c, err := canon.Build()
	require.NoError(t, err)
	require.Equal(t, ours.Metadata().Bytes(), c.Metadata().Bytes())
	require.Equal(t, ours.Bytes(), c.Bytes())
	return ours, pgMeta, pgValue
}

func obj(kv ...any) genValue {
	v := genValue{typ: TypeObject}
	for i := 0; i < len(kv); i += 2 {
		v.keys = append(v.keys, kv[i].(string))
		v.fields = append(v.fields, kv[i+1].(genValue))
	}
	return v
}

func arr(elems ...genValue) genValue { return genValue{typ: TypeArray, elems: elems} }

func i8(i int8) genValue { return genValue{typ: TypeInt8, i: int64(i)} }

// TestCrossCheckByteDifferences pins the two ways the builders' bytes differ
// with exact bytes.
func TestCrossCheckByteDifferences(t *testing.T) {
	t.Run("dictionary order", func(t *testing.T) {
		// {"b": 1, "a": 2}: parquet-go gives "b" id 0 and writes an unsorted
		// dictionary; ours sorts it, so "a" is id 0.
		ours, meta, val := crossCheck(t, obj("b", i8(1), "a", i8(2)))
		require.Equal(t, []byte{0x11, 2, 0, 1, 2, 'a', 'b'}, ours.Metadata().Bytes())
		require.Equal(t, []byte{0x01, 2, 0, 1, 2, 'b', 'a'}, meta)
		// Ours: ids [0 1] (a, b), offsets [0 2 4], values a=2 then b=1.
		require.Equal(t, []byte{0x02, 2, 0, 1, 0, 2, 4, 0x0c, 2, 0x0c, 1}, ours.Bytes())
		// parquet-go: ids [1 0] (a, b), offsets [2 0 4]: values in the order given.
		require.Equal(t, []byte{0x02, 2, 1, 0, 2, 0, 4, 0x0c, 1, 0x0c, 2}, val)
	})
	t.Run("value order", func(t *testing.T) {
		// [{"a": 1, "b": 2}, {"b": 3, "a": 4}]: the keys are first seen in
		// sorted order, so both dictionaries are the same; the second object's
		// values are laid out in the order given by parquet-go, in key order
		// by ours.
		ours, meta, val := crossCheck(t, arr(obj("a", i8(1), "b", i8(2)), obj("b", i8(3), "a", i8(4))))
		require.Equal(t, ours.Metadata().Bytes(), meta)
		require.Equal(t, []byte{0x03, 2, 0, 11, 22,
			0x02, 2, 0, 1, 0, 2, 4, 0x0c, 1, 0x0c, 2,
			0x02, 2, 0, 1, 0, 2, 4, 0x0c, 4, 0x0c, 3}, ours.Bytes())
		require.Equal(t, []byte{0x03, 2, 0, 11, 22,
			0x02, 2, 0, 1, 0, 2, 4, 0x0c, 1, 0x0c, 2,
			0x02, 2, 0, 1, 2, 0, 4, 0x0c, 3, 0x0c, 4}, val)
	})
}

// TestCrossCheckWidths runs the cross-check on values at the largest widths:
// 4-byte offsets (more than 16 MiB of elements), 3-byte field ids (more than
// 65,536 keys) with 3-byte dictionary offsets, and is_large objects.
func TestCrossCheckWidths(t *testing.T) {
	if testing.Short() {
		t.Skip("builds values of more than 16 MiB")
	}
	t.Run("4-byte offsets", func(t *testing.T) {
		big := genValue{typ: TypeBinary, bin: bytes.Repeat([]byte{0xab}, 1<<24)}
		ours, _, val := crossCheck(t, arr(big, i8(1)))
		require.Equal(t, byte(3<<2|byte(BasicArray)), ours.Bytes()[0], "array with 4-byte offsets")
		require.Equal(t, ours.Bytes(), val)
	})
	t.Run("3-byte field ids", func(t *testing.T) {
		const n = 70_000
		v := genValue{typ: TypeObject}
		for i := range n {
			v.keys = append(v.keys, fmt.Sprintf("f%05d", i))
			v.fields = append(v.fields, i8(int8(i)))
		}
		ours, meta, val := crossCheck(t, v)
		// is_large, 3-byte field ids, 3-byte offsets.
		require.Equal(t, byte((0x10|2<<2|2)<<2|byte(BasicObject)), ours.Bytes()[0])
		require.Equal(t, byte(2<<6|0x10|1), ours.Metadata().Bytes()[0], "sorted dictionary with 3-byte offsets")
		require.Equal(t, ours.Metadata().Bytes(), meta)
		require.Equal(t, ours.Bytes(), val)
	})
}

// TestCrossCheckFloatNaNPayload: a float's bits, NaN payload included, are
// kept by our Builder, accessors and AppendVariant. parquet-go holds a float
// in a float64 inside its Value, so on amd64 and arm64 a signaling NaN comes
// back quieted (7f800001 as 7fc00001) after its Decode and re-encode; its
// decoder is therefore compared with quiet NaNs only.
func TestCrossCheckFloatNaNPayload(t *testing.T) {
	const bits = 0x7f800001 // signaling NaN
	var b Builder
	b.AppendFloat32(math.Float32frombits(bits))
	v, err := b.Build()
	require.NoError(t, err)
	require.Equal(t, []byte{0x38, 0x01, 0x00, 0x80, 0x7f}, v.Bytes())
	f, err := v.Float32()
	require.NoError(t, err)
	require.Equal(t, uint32(bits), math.Float32bits(f))
	var c Builder
	c.AppendVariant(v)
	cv, err := c.Build()
	require.NoError(t, err)
	require.Equal(t, v.Bytes(), cv.Bytes())

	m, err := pv.DecodeMetadata(v.Metadata().Bytes())
	require.NoError(t, err)
	d, err := pv.Decode(m, v.Bytes())
	require.NoError(t, err)
	var mb pv.MetadataBuilder
	t.Logf("parquet-go Decode then Encode: % x", pv.Encode(&mb, d))
}
