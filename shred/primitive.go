package shred

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// Variant value headers: (primitive type id << 2) | basic type 0
// (VariantEncoding.md, "Variant primitive types").
const (
	hNull            = 0x00
	hTrue            = 0x04
	hFalse           = 0x08
	hInt8            = 0x0C
	hInt16           = 0x10
	hInt32           = 0x14
	hInt64           = 0x18
	hDouble          = 0x1C
	hDecimal4        = 0x20
	hDecimal8        = 0x24
	hDecimal16       = 0x28
	hDate            = 0x2C
	hTimestamp       = 0x30
	hTimestampNTZ    = 0x34
	hFloat           = 0x38
	hBinary          = 0x3C
	hString          = 0x40
	hTime            = 0x44
	hTimestampNanos  = 0x48
	hTimestampNTZNan = 0x4C
	hUUID            = 0x50
)

// intOf returns the value of an int8, int16, int32 or int64.
func intOf(v []byte) (int64, bool) {
	switch {
	case v[0] == hInt8 && len(v) >= 2:
		return int64(int8(v[1])), true
	case v[0] == hInt16 && len(v) >= 3:
		return int64(int16(binary.LittleEndian.Uint16(v[1:]))), true
	case v[0] == hInt32 && len(v) >= 5:
		return int64(int32(binary.LittleEndian.Uint32(v[1:]))), true
	case v[0] == hInt64 && len(v) >= 9:
		return int64(binary.LittleEndian.Uint64(v[1:])), true
	}
	return 0, false
}

// decimalOf128 returns the scale and the 128-bit unscaled value of a decimal4,
// decimal8 or decimal16.
func decimalOf128(v []byte) (scale int, hi int64, lo uint64, ok bool) {
	switch {
	case v[0] == hDecimal4 && len(v) >= 6:
		x := int64(int32(binary.LittleEndian.Uint32(v[2:])))
		return int(v[1]), x >> 63, uint64(x), true
	case v[0] == hDecimal8 && len(v) >= 10:
		x := int64(binary.LittleEndian.Uint64(v[2:]))
		return int(v[1]), x >> 63, uint64(x), true
	case v[0] == hDecimal16 && len(v) >= 18:
		return int(v[1]), int64(binary.LittleEndian.Uint64(v[10:])), binary.LittleEndian.Uint64(v[2:]), true
	}
	return 0, 0, 0, false
}

// pow10 holds 10^i as 128-bit (hi, lo) for i in [0, 38].
var pow10 [39][2]uint64

func init() {
	pow10[0] = [2]uint64{0, 1}
	for i := 1; i < len(pow10); i++ {
		hi, lo := pow10[i-1][0], pow10[i-1][1]
		h1, l1 := bits.Mul64(lo, 10)
		pow10[i] = [2]uint64{hi*10 + h1, l1}
	}
}

// fitsPrecision reports whether |unscaled| < 10^p.
func fitsPrecision(hi int64, lo uint64, p int) bool {
	uh, ul := uint64(hi), lo
	if hi < 0 {
		var borrow uint64
		ul, borrow = bits.Sub64(0, lo, 0)
		uh, _ = bits.Sub64(0, uint64(hi), borrow)
	}
	m := pow10[p]
	return uh < m[0] || uh == m[0] && ul < m[1]
}

// typed appends v to n's primitive typed_value column when it fits there
// without loss, and its value column a null; it reports whether it did.
func (b *Batch) typed(n *node, v []byte, rep int) (bool, error) {
	c := &b.Columns[n.typed]
	def := n.def + 1
	h := v[0]
	short := func(k int) bool { return len(v) < 1+k }
	switch n.typ.ID {
	case TypeBoolean:
		if h != hTrue && h != hFalse {
			return false, nil
		}
		c.null(def, rep)
		c.Bool = append(c.Bool, h == hTrue)
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		x, ok := intOf(v)
		if !ok {
			return false, nil
		}
		switch n.typ.ID {
		case TypeInt8:
			ok = x == int64(int8(x))
		case TypeInt16:
			ok = x == int64(int16(x))
		case TypeInt32:
			ok = x == int64(int32(x))
		}
		if !ok {
			return false, nil
		}
		c.null(def, rep)
		if n.typ.ID == TypeInt64 {
			c.Int64 = append(c.Int64, x)
		} else {
			c.Int32 = append(c.Int32, int32(x))
		}
	case TypeFloat:
		if h != hFloat || short(4) {
			return false, nil
		}
		c.null(def, rep)
		c.Float = append(c.Float, math.Float32frombits(binary.LittleEndian.Uint32(v[1:])))
	case TypeDouble:
		if h != hDouble || short(8) {
			return false, nil
		}
		c.null(def, rep)
		c.Double = append(c.Double, math.Float64frombits(binary.LittleEndian.Uint64(v[1:])))
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		scale, hi, lo, ok := decimalOf128(v)
		if !ok || scale != n.typ.Scale || !fitsPrecision(hi, lo, n.typ.Precision) {
			return false, nil
		}
		switch n.typ.ID {
		case TypeDecimal4:
			c.null(def, rep)
			c.Int32 = append(c.Int32, int32(lo))
		case TypeDecimal8:
			c.null(def, rep)
			c.Int64 = append(c.Int64, int64(lo))
		default:
			var be [16]byte
			binary.BigEndian.PutUint64(be[:8], uint64(hi))
			binary.BigEndian.PutUint64(be[8:], lo)
			size := 16
			if n.typ.Length > 0 {
				size = n.typ.Length
			}
			c.appendBytes(def, rep, be[16-size:])
		}
	case TypeDate:
		if h != hDate || short(4) {
			return false, nil
		}
		c.null(def, rep)
		c.Int32 = append(c.Int32, int32(binary.LittleEndian.Uint32(v[1:])))
	case TypeTime, TypeTimestamp, TypeTimestampNTZ, TypeTimestampNanos, TypeTimestampNTZNanos:
		if h != int64Header(n.typ.ID) || short(8) {
			return false, nil
		}
		c.null(def, rep)
		c.Int64 = append(c.Int64, int64(binary.LittleEndian.Uint64(v[1:])))
	case TypeBinary:
		if h != hBinary || short(4) {
			return false, nil
		}
		size, err := valueSize(v)
		if err != nil {
			return false, err
		}
		c.appendBytes(def, rep, v[5:size])
	case TypeString:
		switch {
		case h&3 == 1:
			size := 1 + int(h>>2)
			if len(v) < size {
				return false, invalidValue(0, "truncated short string")
			}
			c.appendBytes(def, rep, v[1:size])
		case h == hString:
			size, err := valueSize(v)
			if err != nil {
				return false, err
			}
			c.appendBytes(def, rep, v[5:size])
		default:
			return false, nil
		}
	case TypeUUID:
		if h != hUUID || short(16) {
			return false, nil
		}
		c.appendBytes(def, rep, v[1:17])
	default:
		return false, nil
	}
	b.noValue(n, rep)
	return true, nil
}

// int64Header returns the Variant header of the INT64-stored time types.
func int64Header(id TypeID) byte {
	switch id {
	case TypeTime:
		return hTime
	case TypeTimestamp:
		return hTimestamp
	case TypeTimestampNTZ:
		return hTimestampNTZ
	case TypeTimestampNanos:
		return hTimestampNanos
	}
	return hTimestampNTZNan
}
