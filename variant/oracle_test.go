package variant

import (
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	pq "github.com/parquet-go/parquet-go/variant"
	"github.com/stretchr/testify/require"
)

// pqDescribe renders a value decoded by parquet-go's variant package, an
// independent implementation, in the form of describe.
func pqDescribe(v pq.Value) string {
	switch v.Basic() {
	case pq.BasicShortString:
		return "string:" + strconv.Quote(v.Str())
	case pq.BasicObject:
		parts := make([]string, 0, len(v.ObjectValue().Fields))
		for _, f := range v.ObjectValue().Fields {
			parts = append(parts, strconv.Quote(f.Name)+":"+pqDescribe(f.Value))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case pq.BasicArray:
		parts := make([]string, 0, len(v.ArrayValue().Elements))
		for _, e := range v.ArrayValue().Elements {
			parts = append(parts, pqDescribe(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	decimal := func(unscaled *big.Int, scale int) string {
		s := new(big.Int).Abs(unscaled).String()
		if scale > 0 {
			if len(s) <= scale {
				s = strings.Repeat("0", scale-len(s)+1) + s
			}
			s = s[:len(s)-scale] + "." + s[len(s)-scale:]
		}
		if unscaled.Sign() < 0 {
			s = "-" + s
		}
		return s
	}
	micros := func(us int64) string { return time.UnixMicro(us).UTC().Format(time.RFC3339Nano) }
	nanos := func(ns int64) string { return time.Unix(0, ns).UTC().Format(time.RFC3339Nano) }
	i := v.Int()
	switch v.Type() {
	case pq.PrimitiveNull:
		return "null:"
	case pq.PrimitiveTrue:
		return "boolean:true"
	case pq.PrimitiveFalse:
		return "boolean:false"
	case pq.PrimitiveInt8:
		return fmt.Sprintf("int8:%d", i)
	case pq.PrimitiveInt16:
		return fmt.Sprintf("int16:%d", i)
	case pq.PrimitiveInt32:
		return fmt.Sprintf("int32:%d", i)
	case pq.PrimitiveInt64:
		return fmt.Sprintf("int64:%d", i)
	case pq.PrimitiveDouble:
		f := v.FloatValue()
		return "double:" + strconv.FormatFloat(f, 'g', -1, 64) + "/" + strconv.FormatUint(math.Float64bits(f), 16)
	case pq.PrimitiveFloat:
		f := float32(v.FloatValue())
		return "float:" + strconv.FormatFloat(float64(f), 'f', -1, 64) + "/" + strconv.FormatUint(uint64(math.Float32bits(f)), 16)
	case pq.PrimitiveDecimal4:
		return "decimal4:" + decimal(big.NewInt(int64(v.GoValue().(int32))), int(v.Scale()))
	case pq.PrimitiveDecimal8:
		return "decimal8:" + decimal(big.NewInt(v.GoValue().(int64)), int(v.Scale()))
	case pq.PrimitiveDecimal16:
		le := v.Decimal16Value()
		be := make([]byte, 16)
		for j := range le {
			be[15-j] = le[j]
		}
		u := new(big.Int).SetBytes(be)
		if be[0]&0x80 != 0 {
			u.Sub(u, new(big.Int).Lsh(big.NewInt(1), 128))
		}
		return "decimal16:" + decimal(u, int(v.Scale()))
	case pq.PrimitiveDate:
		return fmt.Sprintf("date:%d/%s", i, time.Unix(i*86400, 0).UTC().Format("2006-01-02"))
	case pq.PrimitiveTime:
		return fmt.Sprintf("time:%d", i)
	case pq.PrimitiveTimestamp:
		return fmt.Sprintf("timestamp:%d/true/%s", i, micros(i))
	case pq.PrimitiveTimestampNTZ:
		return fmt.Sprintf("timestamp_ntz:%d/false/%s", i, micros(i))
	case pq.PrimitiveTimestampNanos:
		return fmt.Sprintf("timestamp_nanos:%d/true/%s", i, nanos(i))
	case pq.PrimitiveTimestampNTZNanos:
		return fmt.Sprintf("timestamp_ntz_nanos:%d/false/%s", i, nanos(i))
	case pq.PrimitiveBinary:
		return "binary:" + hex.EncodeToString(v.Bytes())
	case pq.PrimitiveString:
		return "string:" + strconv.Quote(v.Str())
	case pq.PrimitiveUUID:
		return "uuid:" + v.UUIDValue().String()
	}
	return fmt.Sprintf("unknown:%d", v.Type())
}

// checkOracle decodes meta and value with parquet-go and requires the same
// reading as ours.
func checkOracle(t *testing.T, name string, v Variant) {
	t.Helper()
	m, err := pq.DecodeMetadata(v.Metadata().Bytes())
	require.NoError(t, err, name)
	pv, err := pq.Decode(m, v.Bytes())
	require.NoError(t, err, name)
	require.Equal(t, mustDescribe(t, v), pqDescribe(pv), name)
}

// TestOracleSpecExamples: parquet-go reads the examples, and our Builder's
// re-encodings of them, as we do.
func TestOracleSpecExamples(t *testing.T) {
	for name := range specWant {
		meta, value := specPair(t, name)
		v := MustNew(meta, value)
		checkOracle(t, name, v)
		var b Builder
		b.AppendVariant(v)
		built, err := b.Build()
		require.NoError(t, err)
		checkOracle(t, name+" rebuilt", built)
	}
}

// TestOracleBuilderShapes: values the Builder writes with every header
// width read the same in parquet-go.
func TestOracleBuilderShapes(t *testing.T) {
	shapes := map[string]func(*Builder){
		"B03 A: 1-byte ids, 2-byte offsets": func(b *Builder) {
			b.BeginObject()
			b.Key("a")
			b.AppendString(strings.Repeat("x", 300))
			b.Key("b")
			b.AppendInt(1)
			b.EndObject()
		},
		"2-byte ids, 1-byte offsets": func(b *Builder) {
			b.BeginArray()
			b.BeginObject()
			for i := range 300 {
				b.Key(fmt.Sprintf("k%03d", 299-i))
				b.AppendBool(i%2 == 0)
			}
			b.EndObject()
			b.BeginObject()
			b.Key("k299")
			b.AppendInt(1)
			b.EndObject()
			b.EndArray()
		},
		"3-byte offsets, large array": func(b *Builder) {
			b.BeginArray()
			b.AppendBinary(make([]byte, 70000))
			for i := range 300 {
				b.AppendInt(int64(i) * 1000)
			}
			b.EndArray()
		},
		"every primitive": func(b *Builder) {
			b.BeginArray()
			b.AppendNull()
			b.AppendBool(true)
			b.AppendBool(false)
			b.AppendInt8(-8)
			b.AppendInt16(-16)
			b.AppendInt32(-32)
			b.AppendInt64(-64)
			b.AppendFloat64(math.Copysign(0, -1))
			b.AppendFloat32(-1.5)
			for _, s := range []string{"-1.5", "-12345678901.5", "-1234567890123456789012345.67890"} {
				d, err := ParseDecimal(s)
				require.NoError(t, err)
				b.AppendDecimal(d)
			}
			b.AppendDate(-719162)
			b.AppendTimeMicros(1)
			b.AppendTimestamp(-1)
			b.AppendTimestampNTZ(1700000000000000)
			b.AppendTimestampNanos(-1)
			b.AppendTimestampNTZNanos(1700000000000000000)
			b.AppendBinary([]byte{1, 2})
			b.AppendString("é")
			b.AppendString(strings.Repeat("é", 40))
			b.AppendUUID([16]byte{0: 0xF2, 15: 0x56})
			b.EndArray()
		},
	}
	for name, build := range shapes {
		var b Builder
		build(&b)
		v, err := b.Build()
		require.NoError(t, err, name)
		checkOracle(t, name, v)
	}
}

// floatNaN matches a float NaN in a description of describe or pqDescribe.
var floatNaN = regexp.MustCompile(`float:NaN/[0-9a-f]{8}`)

// quietFloatNaNs sets the quiet bit of every float NaN in the description
// desc, as parquet-go does: it holds a float in a float64, which quiets a
// signaling NaN on amd64 and arm64 (see TestCrossCheckFloatNaNPayload).
func quietFloatNaNs(desc string) string {
	return floatNaN.ReplaceAllStringFunc(desc, func(s string) string {
		bits, _ := strconv.ParseUint(s[len("float:NaN/"):], 16, 32)
		return "float:NaN/" + strconv.FormatUint(bits|0x00400000, 16)
	})
}

// pqRead decodes meta and value with parquet-go and renders the value as
// pqDescribe does; a panic in parquet-go is returned as an error.
func pqRead(meta, value []byte) (desc string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("parquet-go panicked: %v", p)
		}
	}()
	m, err := pq.DecodeMetadata(meta)
	if err != nil {
		return "", err
	}
	pv, err := pq.Decode(m, value)
	if err != nil {
		return "", err
	}
	return pqDescribe(pv), nil
}
