package shred

import (
	"bytes"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// readTypedValue writes one row {metadata 01 00 00, value NULL, typed_value
// x} of a Variant column whose typed_value is the Parquet node typed to a
// Parquet file with parquet-go, reads it back with a layout taken from the
// file's schema and returns the rebuilt value bytes or the reader's error.
func readTypedValue(t *testing.T, typed parquet.Node, x parquet.Value, mode Mode) ([]byte, error) {
	t.Helper()
	bin := parquet.Leaf(parquet.ByteArrayType)
	g := parquet.Group{"metadata": bin, "value": parquet.Optional(bin), "typed_value": parquet.Optional(typed)}
	schema := parquet.NewSchema("t", parquet.Group{"v": parquet.Optional(g)})
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	// Leaves in schema order: metadata, typed_value, value.
	_, err := w.WriteRows([]parquet.Row{{
		parquet.ByteArrayValue([]byte{0x01, 0x00, 0x00}).Level(0, 1, 0),
		x.Level(0, 2, 1),
		parquet.NullValue().Level(0, 1, 2),
	}})
	require.NoError(t, err)
	require.NoError(t, w.Close())
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	l, cols, err := LayoutOf(f.Schema(), "v")
	require.NoError(t, err)
	b := l.NewBatch()
	require.NoError(t, b.ReadRowGroup(f.RowGroups()[0], cols))
	v, ok, err := NewReader(b, mode).Next()
	if err != nil {
		return nil, err
	}
	require.True(t, ok)
	return append([]byte{}, v.Bytes()...), nil
}

// be16 is 16 bytes big-endian: the given bytes after fill bytes.
func be16(fill byte, tail ...byte) []byte {
	b := bytes.Repeat([]byte{fill}, 16-len(tail))
	return append(b, tail...)
}

// A BYTE_ARRAY DECIMAL longer than 16 bytes is read as decimal16 when its
// leading bytes only extend the sign of the last 16 (LogicalTypes.md,
// DECIMAL: big-endian two's complement), and is corrupt otherwise.
func TestTypedDecimalByteArraySignExtension(t *testing.T) {
	typed := parquet.Decimal(2, 38, parquet.ByteArrayType)
	const wide = "shred: corrupt column data at row 0 (typed_value): decimal wider than 128 bits"
	cases := []struct {
		name string
		be   []byte // big-endian two's complement
		want string // value bytes in hex, or the error
	}{
		{"17 bytes, 5", append([]byte{0x00}, be16(0x00, 0x05)...), "28 02 05 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"},
		{"17 bytes, -1", bytes.Repeat([]byte{0xFF}, 17), "28 02 ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff"},
		{"19 bytes, -2", append([]byte{0xFF, 0xFF, 0xFF}, be16(0xFF, 0xFE)...), "28 02 fe ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff"},
		{"17 bytes, 2^127", append([]byte{0x00, 0x80}, make([]byte, 15)...), wide},
		{"18 bytes, 2^127", append([]byte{0x00, 0x00, 0x80}, make([]byte, 15)...), wide},
		{"17 bytes, -2^127-1", append([]byte{0xFF, 0x7F}, bytes.Repeat([]byte{0xFF}, 15)...), wide},
		{"17 bytes, 2^128+5", append([]byte{0x01}, be16(0x00, 0x05)...), wide},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []Mode{Strict, Strict | Validate, Lenient} {
				got, err := readTypedValue(t, typed, parquet.ByteArrayValue(c.be), mode)
				if c.want == wide {
					require.ErrorIs(t, err, ErrCorrupt)
					require.EqualError(t, err, wide)
					continue
				}
				require.NoError(t, err)
				require.Equal(t, unhex(c.want), got)
			}
		})
	}
}

// Typed values the Variant types cannot hold are corrupt column data, in
// every mode (VariantEncoding.md, "Variant primitive types";
// VariantShredding.md, "Shredded Value Types"): INT(8) and INT(16) out of
// range, times outside a day, decimals of more than 38 digits.
func TestTypedValueOutOfRange(t *testing.T) {
	const corruptAt = "shred: corrupt column data at row 0 (typed_value): "
	max16 := be16(0xFF)
	max16[0] = 0x7F // 2^127-1, 39 digits
	cases := []struct {
		name  string
		typed parquet.Node
		x     parquet.Value
		want  string // value bytes in hex, or the error after corruptAt
	}{
		{"INT(16) 32767", parquet.Int(16), parquet.Int32Value(32767), "10 ff 7f"},
		{"INT(16) 40000", parquet.Int(16), parquet.Int32Value(40000), "!INT(16) value 40000 out of range"},
		{"INT(8) -129", parquet.Int(8), parquet.Int32Value(-129), "!INT(8) value -129 out of range"},
		{"STRING héllo", parquet.String(), parquet.ByteArrayValue([]byte("héllo")), "19 68 c3 a9 6c 6c 6f"},
		{"TIME 0", parquet.TimeAdjusted(parquet.Microsecond, false), parquet.Int64Value(0), "44 00 00 00 00 00 00 00 00"},
		{"TIME 23:59:59.999999", parquet.TimeAdjusted(parquet.Microsecond, false), parquet.Int64Value(86399999999), "44 ff 5f d7 1d 14 00 00 00"},
		{"TIME -5", parquet.TimeAdjusted(parquet.Microsecond, false), parquet.Int64Value(-5), "!TIME value -5 outside [0, 86400000000) microseconds"},
		{"TIME 24:00:00", parquet.TimeAdjusted(parquet.Microsecond, false), parquet.Int64Value(86400000000), "!TIME value 86400000000 outside [0, 86400000000) microseconds"},
		{"DECIMAL(38,0) 10^38-1", parquet.Decimal(0, 38, parquet.FixedLenByteArrayType(16)), parquet.FixedLenByteArrayValue(unhex("4b3b4ca85a86c47a098a223fffffffff")), "28 00 ff ff ff ff 3f 22 8a 09 7a c4 86 5a a8 4c 3b 4b"},
		{"DECIMAL(38,0) 10^38", parquet.Decimal(0, 38, parquet.FixedLenByteArrayType(16)), parquet.FixedLenByteArrayValue(unhex("4b3b4ca85a86c47a098a224000000000")), "!DECIMAL(38,0) value of more than 38 digits"},
		{"DECIMAL(38,0) -10^38", parquet.Decimal(0, 38, parquet.FixedLenByteArrayType(16)), parquet.FixedLenByteArrayValue(unhex("b4c4b357a5793b85f675ddc000000000")), "!DECIMAL(38,0) value of more than 38 digits"},
		{"DECIMAL(38,2) 2^127-1", parquet.Decimal(2, 38, parquet.FixedLenByteArrayType(16)), parquet.FixedLenByteArrayValue(max16), "!DECIMAL(38,2) value of more than 38 digits"},
		{"DECIMAL(38,2) BYTE_ARRAY -2^127", parquet.Decimal(2, 38, parquet.ByteArrayType), parquet.ByteArrayValue(append([]byte{0x80}, make([]byte, 15)...)), "!DECIMAL(38,2) value of more than 38 digits"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []Mode{Strict, Strict | Validate, Lenient, Lenient | Validate} {
				got, err := readTypedValue(t, c.typed, c.x, mode)
				if msg, ok := strings.CutPrefix(c.want, "!"); ok {
					require.ErrorIs(t, err, ErrCorrupt)
					require.EqualError(t, err, corruptAt+msg)
					continue
				}
				require.NoError(t, err)
				require.Equal(t, unhex(c.want), got)
			}
		})
	}
}

// STRING typed values that are not UTF-8 (VariantEncoding.md, "String
// values must be UTF-8 encoded") are corrupt under Validate; without it
// they are copied as they are, as the bytes inside residual values are.
func TestTypedStringUTF8(t *testing.T) {
	const corruptAt = "shred: corrupt column data at row 0 (typed_value): "
	cases := []struct {
		name   string
		s      []byte
		copied string // the value bytes without Validate, in hex
		err    string // the error under Validate, after corruptAt; "" for none
	}{
		{"héllo", []byte("héllo"), "19 68 c3 a9 6c 6c 6f", ""},
		{"64 bytes", bytes.Repeat([]byte("é"), 32), "40 40 00 00 00" + strings.Repeat(" c3 a9", 32), ""},
		{"ff fe", []byte{0xFF, 0xFE}, "09 ff fe", "STRING value is not UTF-8"},
		{"surrogate", []byte{0x61, 0xED, 0xA0, 0x80}, "11 61 ed a0 80", "STRING value is not UTF-8"},
		{"truncated", []byte("abc\xC3"), "11 61 62 63 c3", "STRING value is not UTF-8"},
		{"overlong", append(bytes.Repeat([]byte("a"), 70), 0xC0, 0x80), "40 48 00 00 00" + strings.Repeat(" 61", 70) + " c0 80", "STRING value is not UTF-8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []Mode{Strict, Lenient} {
				got, err := readTypedValue(t, parquet.String(), parquet.ByteArrayValue(c.s), mode)
				require.NoError(t, err)
				require.Equal(t, unhex(c.copied), got)
			}
			for _, mode := range []Mode{Strict | Validate, Lenient | Validate} {
				got, err := readTypedValue(t, parquet.String(), parquet.ByteArrayValue(c.s), mode)
				if c.err == "" {
					require.NoError(t, err)
					require.Equal(t, unhex(c.copied), got)
					continue
				}
				require.ErrorIs(t, err, ErrCorrupt)
				require.EqualError(t, err, corruptAt+c.err)
			}
		})
	}
}

// The error for a typed value out of range names its typed_value column,
// also for a shredded field, through a whole-row and a node reader.
func TestTypedValueOutOfRangeNamesColumn(t *testing.T) {
	l := mustLayout(t, Object(Field{Name: "a", Schema: Typed(TypeTime)}, Field{Name: "b", Schema: Typed(TypeInt16)}), true)
	var vb variant.Builder
	vb.BeginObject()
	vb.Key("a")
	vb.AppendTimeMicros(5)
	vb.Key("b")
	vb.AppendInt16(7)
	vb.EndObject()
	v, err := vb.Build()
	require.NoError(t, err)
	tests := []struct {
		leaf string
		set  func(c *Column)
		err  string
	}{
		{"typed_value.a.typed_value", func(c *Column) { c.Int64[0] = -5 }, "shred: corrupt column data at row 0 (typed_value.a.typed_value): TIME value -5 outside [0, 86400000000) microseconds"},
		{"typed_value.b.typed_value", func(c *Column) { c.Int32[0] = 40000 }, "shred: corrupt column data at row 0 (typed_value.b.typed_value): INT(16) value 40000 out of range"},
	}
	for _, tt := range tests {
		b := l.NewBatch()
		require.NoError(t, b.Append(v))
		found := false
		for i, leaf := range l.Leaves() {
			if leaf.PathString() == tt.leaf {
				tt.set(&b.Columns[i])
				found = true
			}
		}
		require.True(t, found, tt.leaf)
		_, _, err := NewReader(b, Strict).Next()
		require.EqualError(t, err, tt.err)
		require.ErrorIs(t, err, ErrCorrupt)
		field, _ := l.Find(tt.leaf[len("typed_value.") : len("typed_value.")+1])
		nr, err := NewNodeReader(b, field, Strict)
		require.NoError(t, err)
		_, _, err = nr.Next()
		require.EqualError(t, err, tt.err)
	}
}
