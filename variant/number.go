package variant

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
)

// AppendNumber appends a JSON number given as its text, typed by the rules of
// parse_json (docs/design.md section 6): an integer takes the smallest of int8,
// int16, int32 and int64 that holds it, and a larger one of up to 38 digits
// becomes a decimal16 with scale 0; a number with a fraction and no exponent
// becomes a decimal keeping the scale as written ("12.50" is a decimal4 of
// scale 2) when it has at most 38 digits; anything else, and every number
// with an exponent, becomes a double. Text that is not a JSON number is an
// [ErrInvalidJSON].
func (b *Builder) AppendNumber(text string) {
	if b.err != nil {
		return
	}
	if !isJSONNumber(text) {
		b.fail(ErrInvalidJSON, strconv.Quote(text)+" is not a JSON number")
		return
	}
	if !strings.ContainsAny(text, "eE") {
		if !strings.Contains(text, ".") {
			if i, err := strconv.ParseInt(text, 10, 64); err == nil {
				b.AppendInt(i)
				return
			}
		}
		if d, err := ParseDecimal(text); err == nil {
			b.AppendDecimal(d)
			return
		}
	}
	b.appendDoubleText(text)
}

// appendDoubleText appends the valid JSON number text as a double.
func (b *Builder) appendDoubleText(text string) {
	if b.begin() {
		b.putDoubleText(text)
	}
}

// putDoubleText writes the valid JSON number text as a double to a value
// already begun. Only a magnitude beyond float64 fails (JSON has no
// infinities): an [ErrInvalidJSON].
func (b *Builder) putDoubleText(text string) {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		b.fail(ErrInvalidJSON, strconv.Quote(text)+" is out of the range of a double")
		return
	}
	b.prim(PrimitiveDouble)
	b.buf = binary.LittleEndian.AppendUint64(b.buf, math.Float64bits(f))
}

// isJSONNumber reports whether s follows the number grammar of RFC 8259:
// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
	}
	return i == len(s)
}
