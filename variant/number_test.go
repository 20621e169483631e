package variant

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAppendNumber: JSON number text typed by the parse_json rules.
func TestAppendNumber(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"0", "int8:0"},
		{"-0", "int8:0"},
		{"127", "int8:127"},
		{"-129", "int16:-129"},
		{"2147483648", "int64:2147483648"},
		{"-9223372036854775808", "int64:-9223372036854775808"},
		{"9223372036854775808", "decimal16:9223372036854775808"},
		{strings.Repeat("9", 38), "decimal16:" + strings.Repeat("9", 38)},
		{"1" + strings.Repeat("0", 38), "double:1e+38/47d2ced32a16a1b1"},
		{"12.50", "decimal4:12.50"},
		{"-0.5", "decimal4:-0.5"},
		{"0.00", "decimal4:0.00"},
		{"1234567890.5", "decimal8:1234567890.5"},
		{"0." + strings.Repeat("1", 38), "decimal16:0." + strings.Repeat("1", 38)},
		{"0." + strings.Repeat("1", 39), "double:0.1111111111111111/3fbc71c71c71c71c"},
		{"1e2", "double:100/4059000000000000"},
		{"1E-2", "double:0.01/3f847ae147ae147b"},
		{"-0.0e0", "double:-0/8000000000000000"},
		{"1.5e+300", "double:1.5e+300/7e41eb2d66005835"},
	} {
		var b Builder
		b.AppendNumber(c.text)
		v, err := b.Build()
		require.NoError(t, err, c.text)
		assert.Equal(t, c.want, mustDescribe(t, v), c.text)
	}
	for _, bad := range []string{"", "-", "+1", "01", "1.", ".5", "1e", "1e+", "0x10", "NaN", "Infinity", " 1", "1 ", "1.5.5", "1e400", "-1e400"} {
		var b Builder
		b.AppendNumber(bad)
		_, err := b.Build()
		assert.ErrorIs(t, err, ErrInvalidJSON, "%q", bad)
	}
}
