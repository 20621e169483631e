package shred

import (
	"bytes"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// A typed_value DECIMAL(p,s) holds at most p digits (LogicalTypes.md,
// DECIMAL); a value of more is corrupt, so the decimal4 and decimal8 built
// from INT32 and INT64 columns hold at most 9 and 18 digits, as the Decimal
// table of VariantEncoding.md requires.
func TestTypedDecimalPrecision(t *testing.T) {
	const corruptAt = "shred: corrupt column data at row 0 (typed_value): "
	cases := []struct {
		name  string
		typed parquet.Node
		x     parquet.Value
		want  string // value bytes in hex, or the error after corruptAt
	}{
		{"DECIMAL(4,2) INT32 9999", parquet.Decimal(2, 4, parquet.Int32Type), parquet.Int32Value(9999), "20 02 0f 27 00 00"},
		{"DECIMAL(4,2) INT32 -9999", parquet.Decimal(2, 4, parquet.Int32Type), parquet.Int32Value(-9999), "20 02 f1 d8 ff ff"},
		{"DECIMAL(4,2) INT32 99999", parquet.Decimal(2, 4, parquet.Int32Type), parquet.Int32Value(99999), "!DECIMAL(4,2) value of more than 4 digits"},
		{"DECIMAL(4,2) INT32 -10000", parquet.Decimal(2, 4, parquet.Int32Type), parquet.Int32Value(-10000), "!DECIMAL(4,2) value of more than 4 digits"},
		{"DECIMAL(9,0) INT32 999999999", parquet.Decimal(0, 9, parquet.Int32Type), parquet.Int32Value(999999999), "20 00 ff c9 9a 3b"},
		{"DECIMAL(9,0) INT32 1000000000", parquet.Decimal(0, 9, parquet.Int32Type), parquet.Int32Value(1000000000), "!DECIMAL(9,0) value of more than 9 digits"},
		{"DECIMAL(9,0) INT32 min int32", parquet.Decimal(0, 9, parquet.Int32Type), parquet.Int32Value(-2147483648), "!DECIMAL(9,0) value of more than 9 digits"},
		{"DECIMAL(18,3) INT64 10^18-1", parquet.Decimal(3, 18, parquet.Int64Type), parquet.Int64Value(999999999999999999), "24 03 ff ff 63 a7 b3 b6 e0 0d"},
		{"DECIMAL(18,3) INT64 10^18", parquet.Decimal(3, 18, parquet.Int64Type), parquet.Int64Value(1000000000000000000), "!DECIMAL(18,3) value of more than 18 digits"},
		{"DECIMAL(12,0) INT64 -10^12", parquet.Decimal(0, 12, parquet.Int64Type), parquet.Int64Value(-1000000000000), "!DECIMAL(12,0) value of more than 12 digits"},
		{"DECIMAL(10,2) FLBA(16) 10^10-1", parquet.Decimal(2, 10, parquet.FixedLenByteArrayType(16)), parquet.FixedLenByteArrayValue(be16(0x00, 0x02, 0x54, 0x0b, 0xe3, 0xff)), "28 02 ff e3 0b 54 02 00 00 00 00 00 00 00 00 00 00 00"},
		{"DECIMAL(10,2) FLBA(16) 10^10", parquet.Decimal(2, 10, parquet.FixedLenByteArrayType(16)), parquet.FixedLenByteArrayValue(be16(0x00, 0x02, 0x54, 0x0b, 0xe4, 0x00)), "!DECIMAL(10,2) value of more than 10 digits"},
		{"DECIMAL(10,2) FLBA(16) 2^127-1", parquet.Decimal(2, 10, parquet.FixedLenByteArrayType(16)), parquet.FixedLenByteArrayValue(append([]byte{0x7F}, bytes.Repeat([]byte{0xFF}, 15)...)), "!DECIMAL(10,2) value of more than 10 digits"},
		{"DECIMAL(20,0) BYTE_ARRAY -(10^20)", parquet.Decimal(0, 20, parquet.ByteArrayType), parquet.ByteArrayValue(unhex("fa 94 38 a1 d2 9c f0 00 00")), "!DECIMAL(20,0) value of more than 20 digits"},
		{"DECIMAL(20,0) BYTE_ARRAY -(10^20-1)", parquet.Decimal(0, 20, parquet.ByteArrayType), parquet.ByteArrayValue(unhex("fa 94 38 a1 d2 9c f0 00 01")), "28 00 01 00 f0 9c d2 a1 38 94 fa ff ff ff ff ff ff ff"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []Mode{Strict, Strict | Validate, Lenient} {
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
