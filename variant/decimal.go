package variant

import (
	"encoding/binary"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// MaxDecimalPrecision is the largest decimal precision a Variant holds
// (VariantEncoding.md, "Decimal table": decimal16 up to 38 digits).
const MaxDecimalPrecision = 38

// Decimal is an exact decimal number: a 128-bit two's complement unscaled
// integer and a scale, the value being unscaled / 10^scale. It holds every
// value of the spec's decimal4, decimal8 and decimal16 types. The zero
// Decimal is 0 with scale 0. Decimals are compared by value, so 1.50 and 1.5
// are equal (see [Decimal.Cmp]).
type Decimal struct {
	hi    int64  // high 64 bits of the unscaled value
	lo    uint64 // low 64 bits of the unscaled value
	scale uint8
}

// NewDecimal returns unscaled / 10^scale. The scale must be in [0, 38].
func NewDecimal(unscaled int64, scale int) (Decimal, error) {
	if scale < 0 || scale > MaxDecimalPrecision {
		return Decimal{}, &Error{Err: ErrInvalidDecimal, Offset: -1, Msg: "scale " + strconv.Itoa(scale) + " outside [0, 38]"}
	}
	return Decimal{hi: unscaled >> 63, lo: uint64(unscaled), scale: uint8(scale)}, nil
}

// DecimalFromBig returns unscaled / 10^scale. The scale must be in [0, 38]
// and the unscaled value at most 38 digits.
func DecimalFromBig(unscaled *big.Int, scale int) (Decimal, error) {
	if scale < 0 || scale > MaxDecimalPrecision {
		return Decimal{}, &Error{Err: ErrInvalidDecimal, Offset: -1, Msg: "scale " + strconv.Itoa(scale) + " outside [0, 38]"}
	}
	if new(big.Int).Abs(unscaled).Cmp(pow10Big[MaxDecimalPrecision]) >= 0 {
		return Decimal{}, &Error{Err: ErrInvalidDecimal, Offset: -1, Msg: "more than 38 digits"}
	}
	// FillBytes, not Bits: a big.Word is 32 bits on 32-bit platforms.
	var be [16]byte
	new(big.Int).Abs(unscaled).FillBytes(be[:])
	d := Decimal{hi: int64(binary.BigEndian.Uint64(be[:8])), lo: binary.BigEndian.Uint64(be[8:]), scale: uint8(scale)}
	if unscaled.Sign() < 0 {
		d.hi, d.lo = neg128(d.hi, d.lo)
	}
	return d, nil
}

// ParseDecimal parses plain decimal text, an optional sign then digits with
// an optional fraction ("12.50", "-0.001", "7"), keeping the scale as
// written. At most 38 significant digits; exponents are not accepted.
func ParseDecimal(s string) (Decimal, error) {
	bad := func(msg string) (Decimal, error) {
		return Decimal{}, &Error{Err: ErrInvalidDecimal, Offset: -1, Msg: strconv.Quote(s) + ": " + msg}
	}
	body := s
	neg := false
	if len(body) > 0 && (body[0] == '-' || body[0] == '+') {
		neg = body[0] == '-'
		body = body[1:]
	}
	intPart, frac, hasDot := strings.Cut(body, ".")
	if intPart == "" && frac == "" || hasDot && frac == "" && intPart == "" {
		return bad("no digits")
	}
	if len(frac) > MaxDecimalPrecision {
		return bad("scale above 38")
	}
	var hi, lo uint64
	digits := 0
	for _, part := range [2]string{intPart, frac} {
		for i := 0; i < len(part); i++ {
			c := part[i]
			if c < '0' || c > '9' {
				return bad("not a plain decimal number")
			}
			if digits > 0 || c != '0' {
				digits++
			}
			if digits > MaxDecimalPrecision {
				return bad("more than 38 digits")
			}
			hi, lo = mul10add(hi, lo, uint64(c-'0'))
		}
	}
	d := Decimal{hi: int64(hi), lo: lo, scale: uint8(len(frac))}
	if neg {
		d.hi, d.lo = neg128(d.hi, d.lo)
	}
	return d, nil
}

func mul10add(hi, lo, add uint64) (uint64, uint64) {
	h, l := bits.Mul64(lo, 10)
	h += hi * 10
	l, c := bits.Add64(l, add, 0)
	return h + c, l
}

func neg128(hi int64, lo uint64) (int64, uint64) {
	l, b := bits.Sub64(0, lo, 0)
	h, _ := bits.Sub64(0, uint64(hi), b)
	return int64(h), l
}

// Scale returns the number of digits after the decimal point, 0 to 38.
func (d Decimal) Scale() int { return int(d.scale) }

// Sign returns -1, 0 or +1.
func (d Decimal) Sign() int {
	switch {
	case d.hi < 0:
		return -1
	case d.hi == 0 && d.lo == 0:
		return 0
	}
	return 1
}

// Unscaled returns the unscaled integer as a new big.Int.
func (d Decimal) Unscaled() *big.Int {
	hi, lo := d.hi, d.lo
	neg := hi < 0
	if neg {
		hi, lo = neg128(hi, lo)
	}
	z := new(big.Int).SetUint64(uint64(hi))
	z.Lsh(z, 64)
	z.Or(z, new(big.Int).SetUint64(lo))
	if neg {
		z.Neg(z)
	}
	return z
}

// Unscaled64 returns the unscaled integer and true when it fits an int64.
func (d Decimal) Unscaled64() (int64, bool) {
	if d.hi != int64(d.lo)>>63 {
		return 0, false
	}
	return int64(d.lo), true
}

// Precision returns the number of digits of the unscaled value, the spec's
// implied precision floor(log10(|unscaled|)) + 1, and 1 for zero.
func (d Decimal) Precision() int {
	hi, lo := d.hi, d.lo
	if hi < 0 {
		hi, lo = neg128(hi, lo)
	}
	for p := 1; p <= 38; p++ {
		t := pow10u128[p]
		if uint64(hi) < t[0] || uint64(hi) == t[0] && lo < t[1] {
			return p
		}
	}
	return 39
}

// String formats the decimal in plain notation keeping its scale: "1.50",
// "0.5", "-0.001", "100000000000000000000". Never an exponent.
func (d Decimal) String() string {
	return string(d.Append(nil))
}

// Append appends the String form of d to dst.
func (d Decimal) Append(dst []byte) []byte {
	var digits []byte
	if u, ok := d.Unscaled64(); ok {
		if u < 0 {
			dst = append(dst, '-')
			digits = strconv.AppendUint(make([]byte, 0, 24), uint64(-u), 10)
			if u == -1<<63 {
				digits = []byte("9223372036854775808")
			}
		} else {
			digits = strconv.AppendUint(make([]byte, 0, 24), uint64(u), 10)
		}
	} else {
		u := d.Unscaled()
		if u.Sign() < 0 {
			dst = append(dst, '-')
			u.Neg(u)
		}
		digits = u.Append(nil, 10)
	}
	s := int(d.scale)
	if s == 0 {
		return append(dst, digits...)
	}
	if len(digits) <= s {
		dst = append(dst, '0', '.')
		for i := len(digits); i < s; i++ {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	dst = append(dst, digits[:len(digits)-s]...)
	dst = append(dst, '.')
	return append(dst, digits[len(digits)-s:]...)
}

// Cmp compares the values of d and e (not their scales): -1, 0 or +1.
func (d Decimal) Cmp(e Decimal) int {
	if d.scale == e.scale {
		return cmp128(d.hi, d.lo, e.hi, e.lo)
	}
	a, b := d.Unscaled(), e.Unscaled()
	if d.scale < e.scale {
		a.Mul(a, pow10Big[e.scale-d.scale])
	} else {
		b.Mul(b, pow10Big[d.scale-e.scale])
	}
	return a.Cmp(b)
}

func cmp128(ah int64, al uint64, bh int64, bl uint64) int {
	switch {
	case ah < bh:
		return -1
	case ah > bh:
		return 1
	case al < bl:
		return -1
	case al > bl:
		return 1
	}
	return 0
}

// Rescale returns d with the given scale when that loses no digits and fits
// 38 digits, and false otherwise.
func (d Decimal) Rescale(scale int) (Decimal, bool) {
	if scale < 0 || scale > MaxDecimalPrecision {
		return Decimal{}, false
	}
	if scale == int(d.scale) {
		return d, true
	}
	u := d.Unscaled()
	if scale > int(d.scale) {
		u.Mul(u, pow10Big[scale-int(d.scale)])
	} else {
		q, r := new(big.Int).QuoRem(u, pow10Big[int(d.scale)-scale], new(big.Int))
		if r.Sign() != 0 {
			return Decimal{}, false
		}
		u = q
	}
	out, err := DecimalFromBig(u, scale)
	if err != nil {
		return Decimal{}, false
	}
	return out, true
}

// Float64 returns the nearest float64.
func (d Decimal) Float64() float64 {
	if u, ok := d.Unscaled64(); ok && u < 1<<53 && u > -(1<<53) && d.scale <= 22 {
		return float64(u) / pow10f[d.scale]
	}
	f, _ := strconv.ParseFloat(d.String(), 64)
	return f
}

var pow10f = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// pow10Big[i] is 10^i for i in [0, 38].
var pow10Big [MaxDecimalPrecision + 1]*big.Int

// pow10u128[i] is 10^i as {hi, lo} for i in [0, 38].
var pow10u128 [MaxDecimalPrecision + 1][2]uint64

func init() {
	hi, lo := uint64(0), uint64(1)
	for i := range pow10Big {
		pow10u128[i] = [2]uint64{hi, lo}
		z := new(big.Int).SetUint64(hi)
		z.Lsh(z, 64)
		pow10Big[i] = z.Or(z, new(big.Int).SetUint64(lo))
		hi, lo = mul10add(hi, lo, 0)
	}
}
