package scan

import (
	"bytes"
	"encoding/binary"
	"math"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// domain is how the values of a leaf column are held in a cell and
// compared.
type domain uint8

const (
	domNone    domain = iota // no order (INT96 statistics, INTERVAL, nested)
	domInt                   // signed integer in cell.i
	domUint                  // unsigned integer, bits in cell.i
	domFloat                 // float64 in cell.f: NaN above all, -0.0 == +0.0
	domBool                  // 0 or 1 in cell.i
	domBytes                 // unsigned lexicographic bytes in cell.b
	domDecimal               // unscaled integer: cell.i (INT32/INT64) or big-endian two's complement cell.b
	domTime                  // integer count of units in cell.i (DATE: days; INT96: nanoseconds)
)

// cell is one decoded value of a leaf column. Byte slices are views into
// page memory, valid until the column moves to another page. A Variant
// (KindVariant) cell holds the value's bytes followed by its metadata's in
// b, and the metadata's length in i; or, in a batch, the value's bytes
// only and i = -1: its metadata is the batch's metas entry of its column.
type cell struct {
	null bool
	i    int64
	f    float64
	b    []byte
}

// leafDesc describes a leaf column of one file: how to decode and compare
// its values.
type leafDesc struct {
	leaf     int    // column chunk index; -1 when the file lacks the column
	path     string // dotted column path, for errors
	phys     format.Type
	typ      Type
	dom      domain
	unit     int64 // nanoseconds per unit for domTime and KindTime (DATE: one day)
	required bool
	ordered  bool      // statistics min/max may be used
	v        assembler // a slot built from several leaves (Variant, nested column)
	konst    *cell     // a partition column: the cell of every row of the file
}

const nanosPerDay = 86400 * 1e9

// newLeafDesc derives the descriptor of a plain column.
func newLeafDesc(c *fileColumn, schemaElem *format.SchemaElement) *leafDesc {
	d := &leafDesc{leaf: c.leaf, path: c.name, phys: schemaElem.Type.V, typ: c.typ, required: !c.optional, ordered: true}
	switch c.typ.Kind {
	case KindBool:
		d.dom = domBool
	case KindInt64:
		d.dom = domInt
		if lt, ok := schemaElem.LogicalType.Value.(*format.IntType); ok && !lt.IsSigned {
			d.dom = domUint
		} else if schemaElem.LogicalType.Value == nil && schemaElem.ConvertedType.Valid {
			switch schemaElem.ConvertedType.V {
			case deprecated.Uint8, deprecated.Uint16, deprecated.Uint32:
				d.dom = domUint
			}
		}
	case KindUint64:
		d.dom = domUint
	case KindFloat64:
		d.dom = domFloat
	case KindString, KindBytes, KindUUID:
		d.dom = domBytes
		if schemaElem.ConvertedType.Valid && schemaElem.ConvertedType.V == deprecated.Interval {
			d.dom, d.ordered = domNone, false // INTERVAL has no defined sort order
		}
	case KindDecimal:
		d.dom = domDecimal
	case KindDate:
		d.dom, d.unit = domTime, nanosPerDay
	case KindTimestamp, KindTime:
		d.dom, d.unit = domTime, c.typ.Unit.nanos()
		if d.phys == format.Int96 {
			d.ordered = false // INT96 has no defined sort order
		}
	default:
		d.dom, d.ordered = domNone, false
	}
	return d
}

// cellOf converts a value read from a page.
func (d *leafDesc) cellOf(v parquet.Value) cell {
	if v.IsNull() {
		return cell{null: true}
	}
	switch d.phys {
	case format.Boolean:
		if v.Boolean() {
			return cell{i: 1}
		}
		return cell{}
	case format.Int32:
		if d.dom == domUint {
			return cell{i: int64(uint32(v.Int32()))}
		}
		return cell{i: int64(v.Int32())}
	case format.Int64:
		return cell{i: v.Int64()}
	case format.Int96:
		q := v.Int96()
		return cell{i: int96Nanos(q[0], q[1], q[2])}
	case format.Float:
		return cell{f: float64(v.Float())}
	case format.Double:
		return cell{f: v.Double()}
	}
	b := v.ByteArray()
	if d.dom == domFloat { // FLOAT16
		return cell{f: float16(b)}
	}
	return cell{b: b}
}

// statCell decodes a statistics or column index bound: PLAIN encoding,
// byte arrays without their length prefix (parquet.thrift, Statistics).
func (d *leafDesc) statCell(b []byte) (cell, bool) {
	if size := plainSize(d.phys); size > 0 && len(b) != size {
		return cell{}, false
	}
	switch d.phys {
	case format.Boolean:
		return cell{i: int64(b[0] & 1)}, true
	case format.Int32:
		x := binary.LittleEndian.Uint32(b)
		if d.dom == domUint {
			return cell{i: int64(x)}, true
		}
		return cell{i: int64(int32(x))}, true
	case format.Int64:
		return cell{i: int64(binary.LittleEndian.Uint64(b))}, true
	case format.Float:
		return cell{f: float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))}, true
	case format.Double:
		return cell{f: math.Float64frombits(binary.LittleEndian.Uint64(b))}, true
	case format.FixedLenByteArray:
		if len(b) != d.typ.Length {
			return cell{}, false
		}
		if d.dom == domFloat {
			return cell{f: float16(b)}, true
		}
	case format.Int96:
		return cell{}, false
	}
	return cell{b: b}, true
}

// plainSize is the PLAIN size of a fixed-size physical type, 0 for others.
func plainSize(t format.Type) int {
	switch t {
	case format.Boolean:
		return 1
	case format.Int32, format.Float:
		return 4
	case format.Int64, format.Double:
		return 8
	}
	return 0
}

// int96Nanos converts an INT96 timestamp (nanoseconds of the day in the
// first 8 bytes, Julian day in the last 4) to nanoseconds since the Unix
// epoch.
func int96Nanos(lo, hi, day uint32) int64 {
	const julianEpoch = 2440588
	return (int64(day)-julianEpoch)*nanosPerDay + int64(uint64(hi)<<32|uint64(lo))
}

// float16 decodes an IEEE 754 half-precision float stored little-endian
// (LogicalTypes.md, FLOAT16).
func float16(b []byte) float64 {
	if len(b) != 2 {
		return math.NaN()
	}
	h := binary.LittleEndian.Uint16(b)
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h>>10) & 0x1f
	frac := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * frac * math.Pow(2, -24)
	case 0x1f:
		if frac != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * (1 + frac/1024) * math.Pow(2, float64(exp-15))
}

// compareFloat orders floats with NaN above every number and -0.0 equal to
// +0.0.
func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	case a == b:
		return 0
	}
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	}
	return -1
}

// int128 is a signed 128-bit integer.
type int128 struct {
	hi int64
	lo uint64
}

func (a int128) cmp(b int128) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}

// decimalBytes reads a big-endian two's complement integer. ok is false when
// it does not fit 128 bits; sign then gives its sign.
func decimalBytes(b []byte) (v int128, sign int, ok bool) {
	neg := len(b) > 0 && b[0]&0x80 != 0
	ext := byte(0)
	if neg {
		ext = 0xff
	}
	wide := len(b) > 16
	for len(b) > 16 {
		if b[0] != ext {
			if neg {
				return int128{}, -1, false
			}
			return int128{}, 1, false
		}
		b = b[1:]
	}
	if wide && b[0]&0x80 != ext&0x80 {
		// The sign bit of the 16 bytes kept is not the sign: the value
		// (00 80 00.. is +2^127) is beyond 128 bits.
		if neg {
			return int128{}, -1, false
		}
		return int128{}, 1, false
	}
	var buf [16]byte
	if neg {
		copy(buf[:], bytes.Repeat([]byte{0xff}, 16))
	}
	copy(buf[16-len(b):], b)
	v = int128{hi: int64(binary.BigEndian.Uint64(buf[:8])), lo: binary.BigEndian.Uint64(buf[8:])}
	if neg {
		return v, -1, true
	}
	return v, 1, true
}

func decimalOf(d *leafDesc, c *cell) (v int128, sign int, ok bool) {
	if d.phys == format.Int32 || d.phys == format.Int64 {
		return int128{hi: c.i >> 63, lo: uint64(c.i)}, 1, true
	}
	return decimalBytes(c.b)
}

// isNaN reports whether c holds a NaN float.
func (c *cell) isNaN() bool { return math.IsNaN(c.f) }
