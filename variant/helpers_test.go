package variant

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// unhex decodes hex text that may contain spaces, such as "02 01 00 00 0C 01".
func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	require.NoError(t, err)
	return b
}

// hexOf renders bytes as upper-case hex pairs separated by spaces, the form
// the pitfalls list uses.
func hexOf(b []byte) string {
	var sb strings.Builder
	for i, c := range b {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%02X", c)
	}
	return sb.String()
}

// specPair reads the parquet-testing example name from testdata/spec.
func specPair(t testing.TB, name string) (meta, value []byte) {
	t.Helper()
	meta, err := os.ReadFile(filepath.Join("testdata", "spec", name+".metadata"))
	require.NoError(t, err)
	value, err = os.ReadFile(filepath.Join("testdata", "spec", name+".value"))
	require.NoError(t, err)
	return meta, value
}

// describe renders v exactly through the typed accessors: each scalar as
// type:value with the value read by the accessor for its type, objects and
// arrays walked through At, Field and Index. Equivalent Variants (short and
// long strings alike, any dictionary, any field value order) describe the
// same. Every accessor error is returned.
func describe(v Variant) (string, error) {
	var sb strings.Builder
	err := describeTo(&sb, v, Path{}, v)
	return sb.String(), err
}

func describeTo(sb *strings.Builder, v Variant, at Path, root Variant) error {
	// Get from the root must find the value being described.
	got, ok, err := root.Get(at)
	if err != nil {
		return fmt.Errorf("%s: Get: %w", at, err)
	}
	if !ok || !bytes.Equal(got.Bytes(), v.Bytes()) {
		return fmt.Errorf("%s: Get found %v, %x; want %x", at, ok, got.Bytes(), v.Bytes())
	}
	t := v.Type()
	switch t {
	case TypeObject:
		o, err := v.Object()
		if err != nil {
			return err
		}
		sb.WriteByte('{')
		for i := 0; i < o.Len(); i++ {
			k, f, err := o.At(i)
			if err != nil {
				return err
			}
			byName, found, err := o.Field(k)
			if err != nil || !found || !bytes.Equal(byName.Bytes(), f.Bytes()) {
				return fmt.Errorf("%s: Field(%q) = %v, %v, want field %d", at, k, found, err, i)
			}
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Quote(k))
			sb.WriteByte(':')
			if err := describeTo(sb, f, Path{steps: append(append([]PathStep(nil), at.steps...), PathStep{Key: k})}, root); err != nil {
				return err
			}
		}
		sb.WriteByte('}')
		return nil
	case TypeArray:
		a, err := v.Array()
		if err != nil {
			return err
		}
		sb.WriteByte('[')
		for i := 0; i < a.Len(); i++ {
			e, err := a.At(i)
			if err != nil {
				return err
			}
			byIndex, found, err := v.Index(i)
			if err != nil || !found || !bytes.Equal(byIndex.Bytes(), e.Bytes()) {
				return fmt.Errorf("%s: Index(%d) = %v, %v", at, i, found, err)
			}
			if i > 0 {
				sb.WriteByte(',')
			}
			if err := describeTo(sb, e, Path{steps: append(append([]PathStep(nil), at.steps...), PathStep{Index: i, IsIndex: true})}, root); err != nil {
				return err
			}
		}
		sb.WriteByte(']')
		return nil
	}
	s, err := scalarText(v)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", at, t, err)
	}
	sb.WriteString(t.String())
	sb.WriteByte(':')
	sb.WriteString(s)
	return nil
}

// scalarText reads a scalar with the accessor of its type.
func scalarText(v Variant) (string, error) {
	switch v.Type() {
	case TypeNull:
		if !v.IsNull() {
			return "", fmt.Errorf("null type but IsNull false")
		}
		return "", nil
	case TypeBoolean:
		b, err := v.Bool()
		return strconv.FormatBool(b), err
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		i, err := v.Int()
		return strconv.FormatInt(i, 10), err
	case TypeDouble:
		f, err := v.Float64()
		return strconv.FormatFloat(f, 'g', -1, 64) + "/" + strconv.FormatUint(math.Float64bits(f), 16), err
	case TypeFloat:
		f, err := v.Float32()
		if err != nil {
			return "", err
		}
		f64, err := v.Float64()
		if err != nil || math.Float64bits(f64) != math.Float64bits(float64(f)) && !math.IsNaN(f64) {
			return "", fmt.Errorf("Float64 of a float: %v, %v", f64, err)
		}
		return strconv.FormatFloat(float64(f), 'f', -1, 64) + "/" + strconv.FormatUint(uint64(math.Float32bits(f)), 16), nil
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		d, err := v.Decimal()
		return d.String(), err
	case TypeDate:
		d, err := v.DateDays()
		if err != nil {
			return "", err
		}
		tm, err := v.Date()
		return strconv.Itoa(int(d)) + "/" + tm.Format("2006-01-02"), err
	case TypeTime:
		us, err := v.TimeMicros()
		return strconv.FormatInt(us, 10), err
	case TypeTimestamp, TypeTimestampNTZ:
		us, utc, err := v.TimestampMicros()
		if err != nil {
			return "", err
		}
		tm, err := v.Timestamp()
		return fmt.Sprintf("%d/%v/%s", us, utc, tm.Format(time.RFC3339Nano)), err
	case TypeTimestampNanos, TypeTimestampNTZNanos:
		ns, utc, err := v.TimestampNanos()
		if err != nil {
			return "", err
		}
		tm, err := v.Timestamp()
		return fmt.Sprintf("%d/%v/%s", ns, utc, tm.Format(time.RFC3339Nano)), err
	case TypeBinary:
		b, err := v.Binary()
		return hex.EncodeToString(b), err
	case TypeString:
		s, err := v.Str()
		return strconv.Quote(s), err
	case TypeUUID:
		u, err := v.UUID()
		return u.String(), err
	}
	return "", fmt.Errorf("unknown type %v", v.Type())
}

// mustDescribe is describe for values that must walk cleanly.
func mustDescribe(t testing.TB, v Variant) string {
	t.Helper()
	s, err := describe(v)
	require.NoError(t, err)
	return s
}

// rebuild appends v to b through the typed Append methods only, reading it
// through the typed accessors: an encoder independent of AppendVariant.
func rebuild(t testing.TB, b *Builder, v Variant) {
	t.Helper()
	var err error
	switch v.Type() {
	case TypeObject:
		var o Object
		o, err = v.Object()
		require.NoError(t, err)
		b.BeginObject()
		for i := 0; i < o.Len(); i++ {
			k, f, err := o.At(i)
			require.NoError(t, err)
			b.Key(k)
			rebuild(t, b, f)
		}
		b.EndObject()
	case TypeArray:
		var a Array
		a, err = v.Array()
		require.NoError(t, err)
		b.BeginArray()
		for _, e := range a.All() {
			rebuild(t, b, e)
		}
		b.EndArray()
	case TypeNull:
		b.AppendNull()
	case TypeBoolean:
		x, err := v.Bool()
		require.NoError(t, err)
		b.AppendBool(x)
	case TypeInt8:
		x, err := v.Int()
		require.NoError(t, err)
		b.AppendInt8(int8(x))
	case TypeInt16:
		x, err := v.Int()
		require.NoError(t, err)
		b.AppendInt16(int16(x))
	case TypeInt32:
		x, err := v.Int()
		require.NoError(t, err)
		b.AppendInt32(int32(x))
	case TypeInt64:
		x, err := v.Int()
		require.NoError(t, err)
		b.AppendInt64(x)
	case TypeDouble:
		x, err := v.Float64()
		require.NoError(t, err)
		b.AppendFloat64(x)
	case TypeFloat:
		x, err := v.Float32()
		require.NoError(t, err)
		b.AppendFloat32(x)
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		// AppendDecimal picks the width by precision; the physical type
		// of the source is kept only when it is the canonical one.
		x, err := v.Decimal()
		require.NoError(t, err)
		b.AppendDecimal(x)
	case TypeDate:
		x, err := v.DateDays()
		require.NoError(t, err)
		b.AppendDate(x)
	case TypeTime:
		x, err := v.TimeMicros()
		require.NoError(t, err)
		b.AppendTimeMicros(x)
	case TypeTimestamp, TypeTimestampNTZ:
		x, utc, err := v.TimestampMicros()
		require.NoError(t, err)
		if utc {
			b.AppendTimestamp(x)
		} else {
			b.AppendTimestampNTZ(x)
		}
	case TypeTimestampNanos, TypeTimestampNTZNanos:
		x, utc, err := v.TimestampNanos()
		require.NoError(t, err)
		if utc {
			b.AppendTimestampNanos(x)
		} else {
			b.AppendTimestampNTZNanos(x)
		}
	case TypeBinary:
		x, err := v.Binary()
		require.NoError(t, err)
		b.AppendBinary(x)
	case TypeString:
		x, err := v.Str()
		require.NoError(t, err)
		b.AppendString(x)
	case TypeUUID:
		x, err := v.UUID()
		require.NoError(t, err)
		b.AppendUUID(x)
	default:
		t.Fatalf("rebuild: unknown type %v", v.Type())
	}
}

// checkCanonical checks that v is in the form the Builder promises: a sorted
// dictionary with the smallest offset size, every key used; objects and
// arrays with the smallest id and offset sizes, is_large only above 255
// elements, values laid out contiguously in field order; short strings for
// up to 63 bytes.
func checkCanonical(t testing.TB, v Variant) {
	t.Helper()
	m := v.Metadata()
	mb := m.Bytes()
	require.NotEmpty(t, mb)
	require.True(t, m.Sorted(), "dictionary not flagged sorted")
	total := 0
	for _, k := range m.Keys() {
		total += len(k)
	}
	require.Equal(t, widthFor(uint64(max(m.Len(), total))), m.OffsetSize(), "metadata offset size")
	used := make([]bool, m.Len())
	checkCanonicalValue(t, v.Bytes(), used)
	for id, u := range used {
		require.True(t, u, "dictionary key %d unused", id)
	}
}

// checkCanonicalValue checks the value at b[0] and returns its size.
func checkCanonicalValue(t testing.TB, b []byte, used []bool) int {
	t.Helper()
	n, err := valueSize(b)
	require.NoError(t, err)
	switch BasicType(b[0] & 3) {
	case BasicObject:
		h, err := parseObjectHeader(b)
		require.NoError(t, err)
		require.Equal(t, h.num > 255, b[0]>>2&0x10 != 0, "object is_large for %d fields", h.num)
		maxID := 0
		pos := 0
		for i := 0; i < h.num; i++ {
			id := h.fieldID(b, i)
			maxID = max(maxID, id)
			used[id] = true
			require.Equal(t, pos, h.fieldOffset(b, i), "field %d offset", i)
			pos += checkCanonicalValue(t, b[h.dataStart+pos:], used)
		}
		require.Equal(t, pos, h.dataSize, "object data size")
		require.Equal(t, widthFor(uint64(maxID)), h.idSize, "field id size")
		require.Equal(t, widthFor(uint64(h.dataSize)), h.offSize, "object offset size")
	case BasicArray:
		h, err := parseArrayHeader(b)
		require.NoError(t, err)
		require.Equal(t, h.num > 255, b[0]>>2&0x04 != 0, "array is_large for %d elements", h.num)
		pos := 0
		for i := 0; i < h.num; i++ {
			require.Equal(t, pos, h.offset(b, i), "element %d offset", i)
			pos += checkCanonicalValue(t, b[h.dataStart+pos:], used)
		}
		require.Equal(t, pos, h.dataSize, "array data size")
		require.Equal(t, widthFor(uint64(h.dataSize)), h.offSize, "array offset size")
	case BasicPrimitive:
		if PrimitiveType(b[0]>>2) == PrimitiveString {
			require.Greater(t, n-5, 63, "a long string of %d bytes", n-5)
		}
	}
	return n
}

// reencode builds v again with AppendVariant and, independently, with the
// typed Append methods; both must give the same canonical bytes and describe
// as v does.
func reencode(t testing.TB, v Variant) Variant {
	t.Helper()
	want := mustDescribe(t, v)
	var b Builder
	b.AppendVariant(v)
	got, err := b.Build()
	require.NoError(t, err)
	got = got.Clone()
	require.NoError(t, got.Validate())
	_, err = New(got.Metadata().Bytes(), got.Bytes())
	require.NoError(t, err)
	checkCanonical(t, got)
	require.Equal(t, want, mustDescribe(t, got))

	var m Builder
	rebuild(t, &m, v)
	manual, err := m.Build()
	require.NoError(t, err)
	require.Equal(t, hexOf(got.Metadata().Bytes()), hexOf(manual.Metadata().Bytes()), "metadata of manual rebuild")
	require.Equal(t, hexOf(got.Bytes()), hexOf(manual.Bytes()), "value of manual rebuild")
	return got
}

// rep repeats s n times.
func rep(s string, n int) string { return strings.Repeat(s, n) }
