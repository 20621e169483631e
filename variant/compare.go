package variant

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Equal reports whether a and b are the same value by the equivalence
// classes of VariantEncoding.md, "Variant primitive types": values of
// different physical types in one class behave the same. So an int8 1, an
// int64 1 and a decimal16 100 of scale 2 are equal (class Exact Numeric,
// compared by value: 1.50 equals 1.5); a short string and a long string with
// the same bytes are equal; a timestamp in microseconds equals a
// timestamp_nanos of the same instant (likewise the NTZ pair).
//
// Values of different classes are never equal: float, double and exact
// numeric are three classes, so the float 1, the double 1 and the int8 1 are
// three different values (they sort next to each other, see [Compare]); a
// timestamp never equals a timestamp_ntz, nor a date a timestamp. Objects are
// equal when they have the same keys with equal values, whatever their
// metadata dictionaries and field ids; arrays when they have equal elements
// in the same order.
//
// Equal, [Compare] and [AppendGroupKey] agree: Equal(a, b) exactly when
// Compare(a, b) == 0, exactly when the group keys are the same bytes. This
// makes Equal an equivalence relation, so for floating point it is not IEEE
// equality: every NaN equals every NaN of its class, and -0 equals +0 (the
// semantics of SQL grouping). Variant null equals Variant null; SQL NULL,
// which is not a Variant, is the caller's to handle.
//
// Equal reads only as much of the two values as it needs. The error, for
// malformed bytes, wraps [ErrInvalidValue] (or [ErrTooDeep] for nesting
// deeper than [MaxDepth]); Equal of valid values never fails.
func Equal(a, b Variant) (bool, error) {
	ca, err := classOf(a)
	if err != nil {
		return false, err
	}
	cb, err := classOf(b)
	if err != nil {
		return false, err
	}
	if ca != cb {
		return false, nil
	}
	c, err := compare(a, b, 0)
	return c == 0, err
}

// Compare returns -1, 0 or +1 as a sorts before, with or after b in a total
// order for ORDER BY, MIN and MAX. Compare(a, b) == 0 exactly when Equal(a,
// b). Values of different classes sort in this order:
//
//	null < boolean < numbers < string < binary < date < time
//	     < timestamp_ntz < timestamp < uuid < array < object
//
// Within a class: false < true. Numbers of the three numeric classes (exact
// numeric, float, double) are ordered together by exact value, with -0 equal
// to +0 and NaN above every number, +Inf included; numbers of the same value
// in different classes sort exact numeric, then float, then double (int8 1 <
// float 1 < double 1). Strings and binary compare as unsigned bytes
// (shorter first when one is a prefix of the other); dates, times and
// timestamps by time (microseconds and nanoseconds compared exactly); uuids
// as their 16 big-endian bytes. Arrays compare element by element, then by
// length. Objects compare field by field in key order, first the keys as
// unsigned bytes, then the values, then by the number of fields.
//
// Errors are those of [Equal].
func Compare(a, b Variant) (int, error) {
	return compare(a, b, 0)
}

// classRank is the place of each class in the order of Compare; the three
// numeric classes share a place.
var classRank = [...]int{
	ClassNull:         1,
	ClassBoolean:      2,
	ClassExactNumeric: 3,
	ClassFloat:        3,
	ClassDouble:       3,
	ClassString:       4,
	ClassBinary:       5,
	ClassDate:         6,
	ClassTimeNTZ:      7,
	ClassTimestampNTZ: 8,
	ClassTimestamp:    9,
	ClassUUID:         10,
	ClassArray:        11,
	ClassObject:       12,
}

func classOf(v Variant) (EquivalenceClass, error) {
	c := v.Type().Class()
	if c == ClassInvalid {
		if len(v.value) == 0 {
			return c, valueError(0, "empty value")
		}
		return c, valueError(0, "unknown primitive type "+strconv.Itoa(int(v.value[0]>>2)))
	}
	return c, nil
}

func compare(a, b Variant, depth int) (int, error) {
	ca, err := classOf(a)
	if err != nil {
		return 0, err
	}
	cb, err := classOf(b)
	if err != nil {
		return 0, err
	}
	if r := cmp.Compare(classRank[ca], classRank[cb]); r != 0 {
		return r, nil
	}
	switch ca {
	case ClassNull:
		return 0, nil
	case ClassBoolean:
		x, err := a.Bool()
		if err != nil {
			return 0, err
		}
		y, err := b.Bool()
		if err != nil {
			return 0, err
		}
		return cmp.Compare(b2i(x), b2i(y)), nil
	case ClassExactNumeric, ClassFloat, ClassDouble:
		x, err := readNumber(a, ca)
		if err != nil {
			return 0, err
		}
		y, err := readNumber(b, cb)
		if err != nil {
			return 0, err
		}
		return compareNumbers(x, y), nil
	case ClassString:
		x, err := a.StrBytes()
		if err != nil {
			return 0, err
		}
		y, err := b.StrBytes()
		if err != nil {
			return 0, err
		}
		return bytes.Compare(x, y), nil
	case ClassBinary:
		x, err := a.Binary()
		if err != nil {
			return 0, err
		}
		y, err := b.Binary()
		if err != nil {
			return 0, err
		}
		return bytes.Compare(x, y), nil
	case ClassDate:
		x, err := a.DateDays()
		if err != nil {
			return 0, err
		}
		y, err := b.DateDays()
		if err != nil {
			return 0, err
		}
		return cmp.Compare(int64(x), int64(y)), nil
	case ClassTimeNTZ:
		x, err := a.TimeMicros()
		if err != nil {
			return 0, err
		}
		y, err := b.TimeMicros()
		if err != nil {
			return 0, err
		}
		return cmp.Compare(x, y), nil
	case ClassTimestamp, ClassTimestampNTZ:
		xu, xn, err := readInstant(a)
		if err != nil {
			return 0, err
		}
		yu, yn, err := readInstant(b)
		if err != nil {
			return 0, err
		}
		if r := cmp.Compare(xu, yu); r != 0 {
			return r, nil
		}
		return cmp.Compare(xn, yn), nil
	case ClassUUID:
		x, err := a.payload(PrimitiveUUID, "uuid")
		if err != nil {
			return 0, err
		}
		y, err := b.payload(PrimitiveUUID, "uuid")
		if err != nil {
			return 0, err
		}
		return bytes.Compare(x, y), nil
	case ClassArray:
		return compareArrays(a, b, depth)
	}
	return compareObjects(a, b, depth)
}

func b2i(x bool) int {
	if x {
		return 1
	}
	return 0
}

func compareArrays(a, b Variant, depth int) (int, error) {
	if depth >= MaxDepth {
		return 0, tooDeep()
	}
	x, err := a.Array()
	if err != nil {
		return 0, err
	}
	y, err := b.Array()
	if err != nil {
		return 0, err
	}
	for i := range min(x.Len(), y.Len()) {
		ex, err := x.At(i)
		if err != nil {
			return 0, err
		}
		ey, err := y.At(i)
		if err != nil {
			return 0, err
		}
		if r, err := compare(ex, ey, depth+1); r != 0 || err != nil {
			return r, err
		}
	}
	return cmp.Compare(x.Len(), y.Len()), nil
}

func compareObjects(a, b Variant, depth int) (int, error) {
	if depth >= MaxDepth {
		return 0, tooDeep()
	}
	x, err := a.Object()
	if err != nil {
		return 0, err
	}
	y, err := b.Object()
	if err != nil {
		return 0, err
	}
	for i := range min(x.Len(), y.Len()) {
		kx, err := x.key(i)
		if err != nil {
			return 0, err
		}
		ky, err := y.key(i)
		if err != nil {
			return 0, err
		}
		if r := bytes.Compare(kx, ky); r != 0 {
			return r, nil
		}
		fx, err := x.fieldValue(i)
		if err != nil {
			return 0, err
		}
		fy, err := y.fieldValue(i)
		if err != nil {
			return 0, err
		}
		if r, err := compare(fx, fy, depth+1); r != 0 || err != nil {
			return r, err
		}
	}
	return cmp.Compare(x.Len(), y.Len()), nil
}

// readInstant returns a timestamp of any of the four types as whole
// microseconds since the epoch (rounded down) and the nanoseconds past them,
// 0 to 999.
func readInstant(v Variant) (micros, nanos int64, err error) {
	switch v.Type() {
	case TypeTimestampNanos, TypeTimestampNTZNanos:
		n, _, err := v.TimestampNanos()
		if err != nil {
			return 0, 0, err
		}
		us, rem := n/1000, n%1000
		if rem < 0 {
			us, rem = us-1, rem+1000
		}
		return us, rem, nil
	}
	us, _, err := v.TimestampMicros()
	return us, 0, err
}

// number is a value of one of the numeric classes.
type number struct {
	class EquivalenceClass
	d     Decimal // ClassExactNumeric
	f     float64 // ClassFloat (widened exactly) and ClassDouble
}

func readNumber(v Variant, c EquivalenceClass) (number, error) {
	n := number{class: c}
	var err error
	switch {
	case c != ClassExactNumeric:
		n.f, err = v.Float64()
	case v.Type() <= TypeInt64:
		var i int64
		i, err = v.Int()
		n.d = Decimal{hi: i >> 63, lo: uint64(i)}
	default:
		n.d, err = v.Decimal()
	}
	return n, err
}

// compareNumbers orders numbers of the numeric classes by value, breaking
// ties between classes as exact numeric < float < double.
func compareNumbers(x, y number) int {
	var r int
	switch {
	case x.class == ClassExactNumeric && y.class == ClassExactNumeric:
		r = cmpDecimal(x.d, y.d)
	case x.class == ClassExactNumeric:
		r = cmpDecimalFloat(x.d, y.f)
	case y.class == ClassExactNumeric:
		r = -cmpDecimalFloat(y.d, x.f)
	default:
		r = cmpFloat(x.f, y.f)
	}
	if r != 0 {
		return r
	}
	return cmp.Compare(uint8(x.class), uint8(y.class))
}

// cmpFloat orders floats with -0 equal to +0 and NaN above everything.
func cmpFloat(x, y float64) int {
	xn, yn := x != x, y != y
	switch {
	case xn || yn:
		return cmp.Compare(b2i(xn), b2i(yn))
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// cmpDecimalFloat compares the exact value of d with f (NaN above all).
func cmpDecimalFloat(d Decimal, f float64) int {
	switch {
	case f != f || math.IsInf(f, 1):
		return -1
	case math.IsInf(f, -1):
		return 1
	}
	d = stripZeros(d)
	if i, ok := d.Unscaled64(); ok && d.scale == 0 {
		// f is finite: compare its integral part, then its fraction.
		if f >= 1<<63 {
			return -1
		}
		if f < -(1 << 63) {
			return 1
		}
		t := math.Trunc(f)
		if r := cmp.Compare(i, int64(t)); r != 0 {
			return r
		}
		return cmpFloat(0, f-t)
	}
	x := new(big.Rat).SetFrac(d.Unscaled(), pow10Big[d.scale])
	return x.Cmp(new(big.Rat).SetFloat64(f))
}

// cmpDecimal compares decimals by value without allocating.
func cmpDecimal(x, y Decimal) int {
	if x.scale == y.scale {
		return cmp128(x.hi, x.lo, y.hi, y.lo)
	}
	sx, sy := x.Sign(), y.Sign()
	if sx != sy || sx == 0 {
		return cmp.Compare(sx, sy)
	}
	xh, xl := abs128(x.hi, x.lo)
	yh, yl := abs128(y.hi, y.lo)
	// Bring the smaller scale up to the larger. A magnitude that no longer
	// fits 128 bits is above every 38-digit magnitude.
	r := 0
	if x.scale < y.scale {
		var ok bool
		xh, xl, ok = mulPow10(xh, xl, int(y.scale-x.scale))
		if !ok {
			r = 1
		}
	} else {
		var ok bool
		yh, yl, ok = mulPow10(yh, yl, int(x.scale-y.scale))
		if !ok {
			r = -1
		}
	}
	if r == 0 {
		r = cmp128u(xh, xl, yh, yl)
	}
	return r * sx
}

// abs128 returns the magnitude of a 128-bit two's complement integer.
func abs128(hi int64, lo uint64) (uint64, uint64) {
	if hi < 0 {
		hi, lo = neg128(hi, lo)
	}
	return uint64(hi), lo
}

func cmp128u(ah, al, bh, bl uint64) int {
	if ah != bh {
		return cmp.Compare(ah, bh)
	}
	return cmp.Compare(al, bl)
}

// AppendGroupKey appends to dst the group key of v: bytes that are the same
// for two values exactly when [Equal] holds between them, for hashing in
// GROUP BY, DISTINCT and hash joins. Keys are not ordered like [Compare].
//
// The key is a class tag followed by a canonical form: exact numerics as the
// decimal with trailing zeros stripped (int8 1, decimal 1.00 and decimal16
// 100 of scale 2 all give scale 0, unscaled 1); floats and doubles with -0 as
// +0 and one NaN; strings without regard to short or long encoding;
// timestamps as microseconds and nanoseconds past them, whatever their unit;
// objects as their fields in key order with the keys spelled out (not field
// ids, which depend on the metadata). On error dst is returned unchanged;
// errors are those of [Equal].
func AppendGroupKey(dst []byte, v Variant) ([]byte, error) {
	out, err := appendGroupKey(dst, v, 0)
	if err != nil {
		return dst, err
	}
	return out, nil
}

func appendGroupKey(dst []byte, v Variant, depth int) ([]byte, error) {
	c, err := classOf(v)
	if err != nil {
		return dst, err
	}
	dst = append(dst, byte(c))
	switch c {
	case ClassNull:
		return dst, nil
	case ClassBoolean:
		x, err := v.Bool()
		return append(dst, byte(b2i(x))), err
	case ClassExactNumeric:
		n, err := readNumber(v, c)
		if err != nil {
			return dst, err
		}
		return appendDecimalKey(dst, n.d), nil
	case ClassFloat:
		f, err := v.Float32()
		switch {
		case f != f:
			f = float32(math.NaN())
		case f == 0:
			f = 0
		}
		return binary.BigEndian.AppendUint32(dst, math.Float32bits(f)), err
	case ClassDouble:
		f, err := v.Float64()
		switch {
		case f != f:
			f = math.NaN()
		case f == 0:
			f = 0
		}
		return binary.BigEndian.AppendUint64(dst, math.Float64bits(f)), err
	case ClassString:
		s, err := v.StrBytes()
		dst = binary.AppendUvarint(dst, uint64(len(s)))
		return append(dst, s...), err
	case ClassBinary:
		s, err := v.Binary()
		dst = binary.AppendUvarint(dst, uint64(len(s)))
		return append(dst, s...), err
	case ClassDate:
		d, err := v.DateDays()
		return binary.BigEndian.AppendUint32(dst, uint32(d)), err
	case ClassTimeNTZ:
		t, err := v.TimeMicros()
		return binary.BigEndian.AppendUint64(dst, uint64(t)), err
	case ClassTimestamp, ClassTimestampNTZ:
		us, ns, err := readInstant(v)
		dst = binary.BigEndian.AppendUint64(dst, uint64(us))
		return binary.BigEndian.AppendUint16(dst, uint16(ns)), err
	case ClassUUID:
		u, err := v.payload(PrimitiveUUID, "uuid")
		return append(dst, u...), err
	case ClassArray:
		if depth >= MaxDepth {
			return dst, tooDeep()
		}
		a, err := v.Array()
		if err != nil {
			return dst, err
		}
		dst = binary.AppendUvarint(dst, uint64(a.Len()))
		for i := range a.Len() {
			e, err := a.At(i)
			if err != nil {
				return dst, err
			}
			if dst, err = appendGroupKey(dst, e, depth+1); err != nil {
				return dst, err
			}
		}
		return dst, nil
	}
	if depth >= MaxDepth {
		return dst, tooDeep()
	}
	o, err := v.Object()
	if err != nil {
		return dst, err
	}
	dst = binary.AppendUvarint(dst, uint64(o.Len()))
	for i := range o.Len() {
		k, err := o.key(i)
		if err != nil {
			return dst, err
		}
		f, err := o.fieldValue(i)
		if err != nil {
			return dst, err
		}
		dst = binary.AppendUvarint(dst, uint64(len(k)))
		dst = append(dst, k...)
		if dst, err = appendGroupKey(dst, f, depth+1); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// appendDecimalKey appends the canonical form of d: trailing zeros of the
// unscaled value stripped (zero has scale 0), then the scale byte, then the
// length and big-endian bytes of the shortest two's complement form.
func appendDecimalKey(dst []byte, d Decimal) []byte {
	d = stripZeros(d)
	var be [16]byte
	binary.BigEndian.PutUint64(be[:8], uint64(d.hi))
	binary.BigEndian.PutUint64(be[8:], d.lo)
	i := 0
	for i < 15 && (be[i] == 0 && be[i+1] < 0x80 || be[i] == 0xFF && be[i+1] >= 0x80) {
		i++
	}
	dst = append(dst, d.scale, byte(16-i))
	return append(dst, be[i:]...)
}

// stripZeros returns d with the trailing zeros of its unscaled value removed
// (1.50 becomes 1.5, 100 of scale 2 becomes 1 of scale 0); zero gets scale 0.
func stripZeros(d Decimal) Decimal {
	neg := d.hi < 0
	hi, lo := abs128(d.hi, d.lo)
	scale := d.scale
	for scale > 0 {
		qh, r := bits.Div64(0, hi, 10)
		ql, r := bits.Div64(r, lo, 10)
		if r != 0 {
			break
		}
		hi, lo, scale = qh, ql, scale-1
	}
	if hi == 0 && lo == 0 {
		scale = 0
	}
	out := Decimal{hi: int64(hi), lo: lo, scale: scale}
	if neg {
		out.hi, out.lo = neg128(out.hi, out.lo)
	}
	return out
}
