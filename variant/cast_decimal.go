package variant

import "math/bits"

// Exact decimal arithmetic for casts, on 128-bit magnitudes, without
// allocating.

// pow10u64[k] is 10^k for k in [0, 19].
var pow10u64 = [...]uint64{
	1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// magnitude returns |d| as an unsigned 128-bit number and whether d < 0.
func (d Decimal) magnitude() (hi, lo uint64, neg bool) {
	if d.hi < 0 {
		h, l := neg128(d.hi, d.lo)
		return uint64(h), l, true
	}
	return uint64(d.hi), d.lo, false
}

// decimalOf returns the decimal of sign neg, magnitude (hi, lo) and scale.
func decimalOf(hi, lo uint64, neg bool, scale int) Decimal {
	d := Decimal{hi: int64(hi), lo: lo, scale: uint8(scale)}
	if neg {
		d.hi, d.lo = neg128(d.hi, d.lo)
	}
	return d
}

// mulPow10 returns the unsigned 128-bit (hi, lo) * 10^k for any k >= 0, and
// false when the product does not fit 128 bits.
func mulPow10(hi, lo uint64, k int) (uint64, uint64, bool) {
	for k > 0 {
		step := min(k, 19)
		m := pow10u64[step]
		h1, l1 := bits.Mul64(lo, m)
		h2, l2 := bits.Mul64(hi, m)
		h, c := bits.Add64(h1, l2, 0)
		if h2 != 0 || c != 0 {
			return 0, 0, false
		}
		hi, lo = h, l1
		k -= step
	}
	return hi, lo, true
}

// divPow10 returns (hi, lo) / 10^k for k in [0, 19] and the remainder.
func divPow10(hi, lo uint64, k int) (uint64, uint64, uint64) {
	m := pow10u64[k]
	qh, r := hi/m, hi%m
	ql, rem := bits.Div64(r, lo, m)
	return qh, ql, rem
}

// below10 reports whether (hi, lo) < 10^p for p in [0, 38].
func below10(hi, lo uint64, p int) bool {
	t := pow10u128[p]
	return hi < t[0] || hi == t[0] && lo < t[1]
}

// fitDecimal returns d with scale s when no digit is lost (else failLossy)
// and the result has at most p digits (else failRange): the rule of a cast
// to decimal(p,s).
func fitDecimal(d Decimal, p, s int) (Decimal, castFailure) {
	hi, lo, neg := d.magnitude()
	cur := int(d.scale)
	for cur > s {
		k := min(cur-s, 19)
		var rem uint64
		hi, lo, rem = divPow10(hi, lo, k)
		if rem != 0 {
			return Decimal{}, failLossy
		}
		cur -= k
	}
	for cur < s {
		k := min(s-cur, 19)
		var ok bool
		if hi, lo, ok = mulPow10(hi, lo, k); !ok {
			return Decimal{}, failRange
		}
		cur += k
	}
	if !below10(hi, lo, p) {
		return Decimal{}, failRange
	}
	return decimalOf(hi, lo, neg, s), castOK
}

// decimalToInt64 returns the integer value of d when it has no fraction
// (else failLossy) and fits an int64 (else failRange).
func decimalToInt64(d Decimal) (int64, castFailure) {
	if u, ok := d.Unscaled64(); ok && d.scale == 0 {
		return u, castOK
	}
	r, f := fitDecimal(d, MaxDecimalPrecision, 0)
	if f != castOK {
		return 0, f
	}
	u, ok := r.Unscaled64()
	if !ok {
		return 0, failRange
	}
	return u, castOK
}
