package shred

import (
	"bytes"
	"testing"

	"github.com/parquet-go/parquet-go"
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
