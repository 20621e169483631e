package variant

import (
	"database/sql"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecimalScan(t *testing.T) {
	max38 := "99999999999999999999999999999999999999"
	tests := []struct {
		name      string
		src       any
		want      string // String of the scanned Decimal
		wantScale int
	}{
		{"text keeps its scale", "12.50", "12.50", 2},
		{"bytes", []byte("-0.001"), "-0.001", 3},
		{"negative integer text", "-7", "-7", 0},
		{"plus sign", "+3.0", "3.0", 1},
		{"zero with scale", "0.00", "0.00", 2},
		{"38 digits", max38, max38, 0},
		{"38 digits negative with scale 10", "-9999999999999999999999999999.9999999999", "-9999999999999999999999999999.9999999999", 10},
		{"scale 38", "0.12345678901234567890123456789012345678", "0.12345678901234567890123456789012345678", 38},
		{"int64", int64(-42), "-42", 0},
		{"int64 min", int64(math.MinInt64), "-9223372036854775808", 0},
		{"exact float", 4.25, "4.25", 2},
		{"exact negative float", -0.5, "-0.5", 1},
		{"float integer beyond int64", 1e32, "100000000000000005366162204393472", 0},
		{"float zero", 0.0, "0", 0},
		{"decimal", mustDecimal("1.10"), "1.10", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d Decimal
			require.NoError(t, d.Scan(tt.src))
			assert.Equal(t, tt.want, d.String())
			assert.Equal(t, tt.wantScale, d.Scale())
		})
	}
}

func TestDecimalScanErrors(t *testing.T) {
	tests := []struct {
		name    string
		src     any
		wantErr error
		msg     string
	}{
		{"39 digits", "999999999999999999999999999999999999999", ErrInvalidDecimal, "more than 38 digits"},
		{"scale 39", "0.123456789012345678901234567890123456789", ErrInvalidDecimal, "scale above 38"},
		{"exponent", "1e5", ErrInvalidDecimal, "not a plain decimal number"},
		{"words", "NaN", ErrInvalidDecimal, "not a plain decimal number"},
		{"empty", "", ErrInvalidDecimal, "no digits"},
		{"bad bytes", []byte("1.2.3"), ErrInvalidDecimal, "not a plain decimal number"},
		{"inexact float", 0.1, ErrInvalidDecimal, "float64 0.1 into a variant.Decimal"},
		{"float beyond 38 digits", 1e40, ErrInvalidDecimal, "scan into a float64"},
		{"infinite float", math.Inf(1), ErrInvalidDecimal, "float64 +Inf"},
		{"NaN float", math.NaN(), ErrInvalidDecimal, "float64 NaN"},
		{"SQL NULL", nil, ErrUnsupportedType, "use sql.Null[variant.Decimal]"},
		{"bool", true, ErrUnsupportedType, "cannot scan bool into a variant.Decimal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustDecimal("5.5")
			err := d.Scan(tt.src)
			require.ErrorIs(t, err, tt.wantErr)
			assert.ErrorContains(t, err, tt.msg)
			assert.ErrorContains(t, err, "variant.Decimal")
			assert.Equal(t, "5.5", d.String(), "unchanged on error")
		})
	}
}

func TestDecimalScanNull(t *testing.T) {
	var n sql.Null[Decimal]
	require.NoError(t, n.Scan(nil))
	assert.False(t, n.Valid)
	require.NoError(t, n.Scan("-3.140"))
	assert.True(t, n.Valid)
	assert.Equal(t, "-3.140", n.V.String())
}

func TestDecimalValue(t *testing.T) {
	tests := []string{"0", "12.50", "-0.001", "99999999999999999999999999999999999999", "-9999999999999999999999999999.9999999999"}
	for _, s := range tests {
		t.Run(s, func(t *testing.T) {
			v, err := mustDecimal(s).Value()
			require.NoError(t, err)
			assert.Equal(t, s, v)

			var back Decimal
			require.NoError(t, back.Scan(v))
			assert.Equal(t, s, back.String(), "Value then Scan keeps value and scale")
		})
	}
}
