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
	f, ok := exactDouble(text)
	if !ok {
		var err error
		if f, err = strconv.ParseFloat(text, 64); err != nil {
			b.fail(ErrInvalidJSON, strconv.Quote(text)+" is out of the range of a double")
			return
		}
	}
	b.prim(PrimitiveDouble)
	b.buf = binary.LittleEndian.AppendUint64(b.buf, math.Float64bits(f))
}

// exactDouble returns the double nearest to the valid JSON number text when
// that takes one rounding of exact operands: at most 15 significant digits
// (so the digits as an integer m are exactly a double) and a power of ten p between
// -22 and 22 (exactly a double too), the value being m * 10^p or m / 10^-p,
// which IEEE 754 rounds correctly. Otherwise ok is false and
// strconv.ParseFloat is needed. "125e-2" is 125 / 100.
func exactDouble(text string) (f float64, ok bool) {
	i := 0
	neg := text[0] == '-'
	if neg {
		i++
	}
	var m uint64
	digits, scale := 0, 0 // digits from the first nonzero one, and those after the point
	frac := false
	for ; i < len(text); i++ {
		c := text[i]
		if c == '.' {
			frac = true
			continue
		}
		if c == 'e' || c == 'E' {
			break
		}
		m = m*10 + uint64(c-'0')
		if m != 0 {
			digits++
		}
		if frac {
			scale++
		}
	}
	exp := 0
	if i < len(text) {
		i++ // e or E
		expNeg := text[i] == '-'
		if text[i] == '-' || text[i] == '+' {
			i++
		}
		if len(text)-i > 2 {
			return 0, false
		}
		for ; i < len(text); i++ {
			exp = exp*10 + int(text[i]-'0')
		}
		if expNeg {
			exp = -exp
		}
	}
	p := exp - scale
	if digits > 15 || p < -22 || p > 22 {
		return 0, false
	}
	f = float64(m)
	if p >= 0 {
		f *= exactPowers[p]
	} else {
		f /= exactPowers[-p]
	}
	if neg {
		f = -f
	}
	return f, true
}

// exactPowers are the powers of ten that a double holds exactly.
var exactPowers = [23]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

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
