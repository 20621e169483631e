package cases

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/parquetvariant/parquetvariant/variant"
)

// DuckDBText renders v as DuckDB prints a VARIANT: NULL for the Variant
// null, strings without quotes, objects as {'k': v, ...}, arrays as
// [a, b], binary as \xHH per byte, timestamps with a time zone in UTC with
// "+00", floats in their shortest form. Nanosecond timestamps print nine
// fraction digits, or six when micros is set (DuckDB prints one of its
// expectations that way).
func DuckDBText(v variant.Variant, micros bool) (string, error) {
	var b strings.Builder
	err := duckText(&b, v, micros)
	return b.String(), err
}

func duckText(b *strings.Builder, v variant.Variant, micros bool) error {
	switch t := v.Type(); t {
	case variant.TypeNull:
		b.WriteString("NULL")
	case variant.TypeObject:
		o, err := v.Object()
		if err != nil {
			return err
		}
		b.WriteByte('{')
		for i := range o.Len() {
			k, fv, err := o.At(i)
			if err != nil {
				return err
			}
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "'%s': ", k)
			if err := duckText(b, fv, micros); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case variant.TypeArray:
		a, err := v.Array()
		if err != nil {
			return err
		}
		b.WriteByte('[')
		for i := range a.Len() {
			e, err := a.At(i)
			if err != nil {
				return err
			}
			if i > 0 {
				b.WriteString(", ")
			}
			if err := duckText(b, e, micros); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case variant.TypeString:
		s, err := v.Str()
		if err != nil {
			return err
		}
		b.WriteString(s)
	case variant.TypeBinary:
		x, err := v.Binary()
		if err != nil {
			return err
		}
		for _, c := range x {
			fmt.Fprintf(b, `\x%02X`, c)
		}
	case variant.TypeFloat:
		f, err := v.Float32()
		if err != nil {
			return err
		}
		b.WriteString(strconv.FormatFloat(float64(f), 'g', -1, 32))
	case variant.TypeDouble:
		f, err := v.Float64()
		if err != nil {
			return err
		}
		b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
	case variant.TypeDate:
		d, err := v.Date()
		if err != nil {
			return err
		}
		b.WriteString(d.Format("2006-01-02"))
	case variant.TypeTime:
		us, err := v.TimeMicros()
		if err != nil {
			return err
		}
		b.WriteString(time.UnixMicro(us).UTC().Format("15:04:05.000000"))
	case variant.TypeTimestamp, variant.TypeTimestampNTZ:
		us, _, err := v.TimestampMicros()
		if err != nil {
			return err
		}
		b.WriteString(time.UnixMicro(us).UTC().Format("2006-01-02 15:04:05.000000"))
		if t == variant.TypeTimestamp {
			b.WriteString("+00")
		}
	case variant.TypeTimestampNanos, variant.TypeTimestampNTZNanos:
		ns, _, err := v.TimestampNanos()
		if err != nil {
			return err
		}
		layout := "2006-01-02 15:04:05.000000000"
		if micros {
			layout = "2006-01-02 15:04:05.000000"
		}
		b.WriteString(time.Unix(0, ns).UTC().Format(layout))
		if t == variant.TypeTimestampNanos {
			b.WriteString("+00")
		}
	case variant.TypeUUID:
		u, err := v.UUID()
		if err != nil {
			return err
		}
		b.WriteString(u.String())
	default:
		if d, err := v.Decimal(); err == nil {
			b.WriteString(d.String())
			return nil
		}
		if i, err := v.Int(); err == nil {
			b.WriteString(strconv.FormatInt(i, 10))
			return nil
		}
		if x, err := v.Bool(); err == nil {
			b.WriteString(strconv.FormatBool(x))
			return nil
		}
		return fmt.Errorf("no DuckDB rendering for a Variant of type %s", t)
	}
	return nil
}
