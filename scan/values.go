package scan

import (
	"bytes"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/parquet-go/parquet-go/format"
	"github.com/parquetvariant/parquetvariant/variant"
)

// IsNull reports whether output column i is NULL in the current row.
func (r *Rows) IsNull(i int) bool { return r.cell(i).null }

// Int64 returns a KindInt64 value.
func (r *Rows) Int64(i int) int64 {
	if r.cols[i].Type.Kind != KindInt64 {
		return 0
	}
	return r.cell(i).i
}

// Uint64 returns a KindUint64 value.
func (r *Rows) Uint64(i int) uint64 {
	if r.cols[i].Type.Kind != KindUint64 {
		return 0
	}
	return uint64(r.cell(i).i)
}

// Float64 returns a KindFloat64 value.
func (r *Rows) Float64(i int) float64 {
	if r.cols[i].Type.Kind != KindFloat64 {
		return 0
	}
	return r.cell(i).f
}

// Bool returns a KindBool value.
func (r *Rows) Bool(i int) bool {
	return r.cols[i].Type.Kind == KindBool && r.cell(i).i != 0
}

// Bytes returns the bytes of a KindString, KindBytes or KindUUID value (the
// 16 raw bytes of a UUID; a DECIMAL stored as bytes gives its big-endian
// two's complement unscaled value). The slice is valid until the next call
// to Next.
func (r *Rows) Bytes(i int) []byte { return r.cell(i).b }

// Time returns a KindDate or KindTimestamp value as a time.Time in UTC: a
// date at midnight; a timestamp with or without isAdjustedToUTC as its
// instant or wall clock read in UTC (never the process time zone); INT96
// timestamps as nanoseconds (Julian day and time of day).
func (r *Rows) Time(i int) time.Time {
	d, c := r.desc(i), r.cell(i)
	if c.null {
		return time.Time{}
	}
	switch r.cols[i].Type.Kind {
	case KindDate:
		return time.Unix(c.i*86400, 0).UTC()
	case KindTimestamp:
		per := 1e9 / d.unit
		sec, rem := c.i/per, c.i%per
		if rem < 0 {
			sec, rem = sec-1, rem+per
		}
		return time.Unix(sec, rem*d.unit).UTC()
	}
	return time.Time{}
}

// Duration returns a KindTime value: the time since midnight.
func (r *Rows) Duration(i int) time.Duration {
	if r.cols[i].Type.Kind != KindTime {
		return 0
	}
	return time.Duration(r.cell(i).i * r.desc(i).unit)
}

// Decimal returns a KindDecimal value. Decimals of more than 38 digits
// give an error wrapping variant.ErrInvalidDecimal.
func (r *Rows) Decimal(i int) (variant.Decimal, error) {
	d, c := r.desc(i), r.cell(i)
	if c.null || r.cols[i].Type.Kind != KindDecimal {
		return variant.Decimal{}, nil
	}
	if d.phys == format.Int32 || d.phys == format.Int64 {
		return variant.NewDecimal(c.i, d.typ.Scale)
	}
	return variant.DecimalFromBig(bigFromBytes(c.b), d.typ.Scale)
}

// bigFromBytes reads a big-endian two's complement integer.
func bigFromBytes(b []byte) *big.Int {
	v := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return v
}

// Value returns output column i of the current row as a Go value: nil for
// NULL; int64 (KindInt64), uint64 (KindUint64), float64, bool, string
// (KindString), []byte (KindBytes, a copy), time.Time (KindDate,
// KindTimestamp), the exact decimal text (KindDecimal, "12.50"), the time of
// day as text with the digits of its unit (KindTime, "13:45:00.123456"),
// the canonical text of a UUID (KindUUID), a variant.Variant that owns
// its bytes (KindVariant; nil when its metadata does not decode, which
// [Rows.Variant] reports). Value allocates; the typed accessors do not.
func (r *Rows) Value(i int) any {
	c := r.cell(i)
	if c.null {
		return nil
	}
	switch r.cols[i].Type.Kind {
	case KindBool:
		return c.i != 0
	case KindInt64:
		return c.i
	case KindUint64:
		return uint64(c.i)
	case KindFloat64:
		return c.f
	case KindString:
		return string(c.b)
	case KindBytes:
		return bytes.Clone(c.b)
	case KindDate, KindTimestamp:
		return r.Time(i)
	case KindTime:
		return formatTimeOfDay(r.Duration(i), r.desc(i).typ.Unit)
	case KindUUID:
		u, err := uuid.FromBytes(c.b)
		if err != nil {
			return bytes.Clone(c.b)
		}
		return u.String()
	case KindDecimal:
		return r.decimalText(i)
	case KindVariant:
		v, err := r.Variant(i)
		if err != nil {
			return nil
		}
		return v.Clone()
	}
	return nil
}

// Variant returns a KindVariant value: a Variant column rebuilt from its
// shredding in the row's file (VariantShredding.md, "Reconstructing a
// Shredded Variant"), or the value at a Variant path. It is a view valid
// until the next call to Next (variant.Variant.Clone keeps it) and does
// not allocate when the row's metadata equals the previous row's. SQL NULL
// (see IsNull) gives the zero Variant; a Variant null is the value 00.
// Metadata that does not decode gives an error wrapping
// variant.ErrInvalidMetadata.
func (r *Rows) Variant(i int) (variant.Variant, error) {
	m, value, err := r.variantParts(i)
	if m == nil {
		return variant.Variant{}, err
	}
	return variant.View(*m, value), nil
}

// VariantTo stores in *dst the Variant that Variant returns, for a caller
// that keeps Variants in memory of its own: the value is written there
// once instead of being returned and copied. It reports whether the value
// has bytes; for SQL NULL, or when it returns an error, *dst is unchanged.
func (r *Rows) VariantTo(i int, dst *variant.Variant) (bool, error) {
	m, value, err := r.variantParts(i)
	if m == nil || len(value) == 0 {
		return false, err
	}
	dst.SetView(m, value)
	return true, nil
}

// variantParts returns the decoded metadata and the value bytes of output
// column i, a KindVariant value; nil metadata for SQL NULL or an error.
func (r *Rows) variantParts(i int) (*variant.Metadata, []byte, error) {
	c := r.cell(i)
	if c.null || r.cols[i].Type.Kind != KindVariant {
		return nil, nil, nil
	}
	if r.metas == nil {
		r.metas = make([]metaCache, len(r.cols))
	}
	mc := &r.metas[i]
	if c.i < 0 {
		// The batch's shared metadata: decoded once per batch.
		if !mc.ok || mc.seq != r.seq {
			if err := mc.decode(r.cur.metas[i]); err != nil {
				return nil, nil, fmt.Errorf("column %s: %w", r.cols[i].Name, err)
			}
			mc.seq = r.seq
		}
		return &mc.m, c.b, nil
	}
	vlen := len(c.b) - int(c.i)
	if mb := c.b[vlen:]; !mc.ok || !bytes.Equal(mb, mc.raw) {
		if err := mc.decode(mb); err != nil {
			return nil, nil, fmt.Errorf("column %s: %w", r.cols[i].Name, err)
		}
		mc.seq = 0
	}
	return &mc.m, c.b[:vlen], nil
}

// metaCache is the decoded metadata of a Variant output column.
type metaCache struct {
	raw []byte
	m   variant.Metadata
	ok  bool
	seq uint64 // the batch whose shared metadata raw is, 0 for none
}

// decode makes mb the cached metadata.
func (mc *metaCache) decode(mb []byte) error {
	mc.raw = append(mc.raw[:0], mb...)
	m, err := variant.DecodeMetadata(mc.raw)
	if err != nil {
		mc.ok = false
		return err
	}
	mc.m, mc.ok = m, true
	return nil
}

// decimalText formats a decimal of any precision exactly.
func (r *Rows) decimalText(i int) string {
	d, c := r.desc(i), r.cell(i)
	var v *big.Int
	if d.phys == format.Int32 || d.phys == format.Int64 {
		v = big.NewInt(c.i)
	} else {
		v = bigFromBytes(c.b)
	}
	s := d.typ.Scale
	neg := v.Sign() < 0
	digits := v.Abs(v).String()
	if s > 0 {
		for len(digits) <= s {
			digits = "0" + digits
		}
		digits = digits[:len(digits)-s] + "." + digits[len(digits)-s:]
	}
	if neg {
		return "-" + digits
	}
	return digits
}

// formatTimeOfDay formats a time of day as HH:MM:SS with 3, 6 or 9
// fraction digits for MILLIS, MICROS or NANOS.
func formatTimeOfDay(d time.Duration, u TimeUnit) string {
	neg := d < 0
	if neg {
		d = -d
	}
	ns := int64(d)
	h, m, s := ns/3600e9, ns/60e9%60, ns/1e9%60
	frac := ns % 1e9
	b := make([]byte, 0, 20)
	if neg {
		b = append(b, '-')
	}
	b = append2(b, h)
	b = append(b, ':')
	b = append2(b, m)
	b = append(b, ':')
	b = append2(b, s)
	digits := map[TimeUnit]int{Millis: 3, Micros: 6, Nanos: 9}[u]
	if digits > 0 {
		f := strconv.FormatInt(frac+1e9, 10)[1:] // 9 digits
		b = append(b, '.')
		b = append(b, f[:digits]...)
	}
	return string(b)
}

func append2(b []byte, v int64) []byte {
	if v < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, v, 10)
}
