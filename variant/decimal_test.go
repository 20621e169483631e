package variant

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseDecimal(t *testing.T) {
	for _, c := range []struct {
		text, str string
		scale     int
		precision int
	}{
		{"0", "0", 0, 1},
		{"-0", "0", 0, 1},
		{"+7", "7", 0, 1},
		{"12.50", "12.50", 2, 4},
		{"-0.001", "-0.001", 3, 1},
		{"0.00", "0.00", 2, 1},
		{".5", "0.5", 1, 1},
		{"000123", "123", 0, 3},
		{"-" + strings.Repeat("9", 38), "-" + strings.Repeat("9", 38), 0, 38},
		{"0." + strings.Repeat("0", 37) + "1", "0." + strings.Repeat("0", 37) + "1", 38, 1},
		{"170141183460469231731687303715884105727", "", 0, 0}, // 39 digits
	} {
		d, err := ParseDecimal(c.text)
		if c.str == "" {
			assert.ErrorIs(t, err, ErrInvalidDecimal, c.text)
			continue
		}
		require.NoError(t, err, c.text)
		assert.Equal(t, c.str, d.String(), c.text)
		assert.Equal(t, c.scale, d.Scale(), c.text)
		assert.Equal(t, c.precision, d.Precision(), c.text)
	}
	for _, bad := range []string{"", "-", ".", "1e5", "1.2.3", "abc", "1,5", " 1", "0x10", "1." + strings.Repeat("0", 39)} {
		_, err := ParseDecimal(bad)
		assert.ErrorIs(t, err, ErrInvalidDecimal, "%q", bad)
	}
}

func TestDecimalValues(t *testing.T) {
	d := func(s string) Decimal {
		x, err := ParseDecimal(s)
		require.NoError(t, err)
		return x
	}
	assert.Equal(t, 0, d("1.50").Cmp(d("1.5")))
	assert.Equal(t, -1, d("-0.01").Cmp(d("0")))
	assert.Equal(t, 1, d(strings.Repeat("9", 38)).Cmp(d("0."+strings.Repeat("9", 38))))
	assert.Equal(t, -1, d("-"+strings.Repeat("9", 38)).Cmp(d("-"+strings.Repeat("9", 37))))
	assert.Equal(t, 1, d("2").Sign())
	assert.Equal(t, -1, d("-2").Sign())
	assert.Equal(t, 0, d("-0.0").Sign())

	r, ok := d("1.50").Rescale(1)
	require.True(t, ok)
	assert.Equal(t, "1.5", r.String())
	_, ok = d("1.55").Rescale(1)
	assert.False(t, ok)
	r, ok = d("-3").Rescale(3)
	require.True(t, ok)
	assert.Equal(t, "-3.000", r.String())
	_, ok = d("1").Rescale(39)
	assert.False(t, ok)

	u, ok := d("-9223372036854775808").Unscaled64()
	require.True(t, ok)
	assert.Equal(t, int64(math.MinInt64), u)
	assert.Equal(t, "-9223372036854775808", d("-9223372036854775808").String())
	_, ok = d("9223372036854775808").Unscaled64()
	assert.False(t, ok)
	assert.Equal(t, "-9223372036854775809", d("-9223372036854775809").String())
	assert.Equal(t, 0, d("-9223372036854775809").Unscaled().Cmp(new(big.Int).Sub(big.NewInt(math.MinInt64), big.NewInt(1))))

	assert.Equal(t, 1.5, d("1.50").Float64())
	assert.Equal(t, -0.001, d("-0.001").Float64())
	assert.Equal(t, 1e37, d("1"+strings.Repeat("0", 37)).Float64())
	assert.Equal(t, 1e-30, d("0."+strings.Repeat("0", 29)+"1").Float64())
	assert.Equal(t, 0.1, d("0.1").Float64())

	big38, _ := new(big.Int).SetString("-"+strings.Repeat("9", 38), 10)
	x, err := DecimalFromBig(big38, 38)
	require.NoError(t, err)
	assert.Equal(t, "-0."+strings.Repeat("9", 38), x.String())
	assert.Equal(t, "x=-0.5", string(d("-0.5").Append([]byte("x="))))
}

// TestDecimalFromBigWide: unscaled values wider than 64 bits convert exactly
// (on 32-bit platforms too, where a big.Word holds 32 bits).
func TestDecimalFromBigWide(t *testing.T) {
	for _, s := range []string{
		"18446744073709551616", "-18446744073709551616", "79228162514264337593543950336",
		strings.Repeat("9", 38), "-" + strings.Repeat("9", 38), "123456789012345678901234567890",
	} {
		u, ok := new(big.Int).SetString(s, 10)
		require.True(t, ok)
		d, err := DecimalFromBig(u, 3)
		require.NoError(t, err, s)
		assert.Equal(t, 0, d.Unscaled().Cmp(u), s)
		p, err := ParseDecimal(s)
		require.NoError(t, err)
		r, ok := p.Rescale(0)
		require.True(t, ok)
		assert.Equal(t, 0, r.Cmp(p))
	}
}
