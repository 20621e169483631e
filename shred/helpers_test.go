package shred

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// Go values for mk that have no natural Go type.
type (
	tsMicros    int64 // timestamp, UTC, microseconds
	tsNTZMicros int64
	tsNanos     int64
	tsNTZNanos  int64
	timeMicros  int64
	date        int32
	variantNull struct{}
)

// mk builds a Variant from Go values: map[string]any objects, []any arrays,
// nil for the Variant null, and exact types for scalars (int is the smallest
// integer type, int8..int64 exactly that type).
func mk(x any) variant.Variant {
	var b variant.Builder
	appendAny(&b, x)
	v, err := b.Build()
	if err != nil {
		panic(err)
	}
	return v.Clone()
}

func appendAny(b *variant.Builder, x any) {
	switch x := x.(type) {
	case nil, variantNull:
		b.AppendNull()
	case bool:
		b.AppendBool(x)
	case int:
		b.AppendInt(int64(x))
	case int8:
		b.AppendInt8(x)
	case int16:
		b.AppendInt16(x)
	case int32:
		b.AppendInt32(x)
	case int64:
		b.AppendInt64(x)
	case float32:
		b.AppendFloat32(x)
	case float64:
		b.AppendFloat64(x)
	case string:
		b.AppendString(x)
	case []byte:
		b.AppendBinary(x)
	case variant.Decimal:
		b.AppendDecimal(x)
	case tsMicros:
		b.AppendTimestamp(int64(x))
	case tsNTZMicros:
		b.AppendTimestampNTZ(int64(x))
	case tsNanos:
		b.AppendTimestampNanos(int64(x))
	case tsNTZNanos:
		b.AppendTimestampNTZNanos(int64(x))
	case timeMicros:
		b.AppendTimeMicros(int64(x))
	case date:
		b.AppendDate(int32(x))
	case uuid.UUID:
		b.AppendUUID(x)
	case variant.Variant:
		b.AppendVariant(x)
	case map[string]any:
		b.BeginObject()
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			b.Key(k)
			appendAny(b, x[k])
		}
		b.EndObject()
	case []any:
		b.BeginArray()
		for _, e := range x {
			appendAny(b, e)
		}
		b.EndArray()
	default:
		panic(fmt.Sprintf("mk: %T", x))
	}
}

func dec(s string) variant.Decimal {
	d, err := variant.ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// canon re-encodes v in canonical form: a fresh sorted dictionary of the
// keys used, integers in their smallest type, decimals in the width their
// precision needs, strings short when they can be, other scalars as they are.
func canon(t testing.TB, v variant.Variant) []byte {
	t.Helper()
	var b variant.Builder
	canonAppend(t, &b, v)
	out, err := b.Build()
	require.NoError(t, err)
	return append(append([]byte{}, out.Metadata().Bytes()...), out.Bytes()...)
}

func canonAppend(t testing.TB, b *variant.Builder, v variant.Variant) {
	switch v.Type() {
	case variant.TypeObject:
		o, err := v.Object()
		require.NoError(t, err)
		b.BeginObject()
		for i := 0; i < o.Len(); i++ {
			k, f, err := o.At(i)
			require.NoError(t, err)
			b.Key(k)
			canonAppend(t, b, f)
		}
		b.EndObject()
	case variant.TypeArray:
		a, err := v.Array()
		require.NoError(t, err)
		b.BeginArray()
		for i := 0; i < a.Len(); i++ {
			e, err := a.At(i)
			require.NoError(t, err)
			canonAppend(t, b, e)
		}
		b.EndArray()
	case variant.TypeInt8, variant.TypeInt16, variant.TypeInt32, variant.TypeInt64:
		x, err := v.Int()
		require.NoError(t, err)
		b.AppendInt(x)
	case variant.TypeDecimal4, variant.TypeDecimal8, variant.TypeDecimal16:
		d, err := v.Decimal()
		require.NoError(t, err)
		if d.Precision() > variant.MaxDecimalPrecision {
			// A decimal16 wider than the spec allows: kept as it is.
			b.AppendVariant(v)
			return
		}
		b.AppendDecimal(d)
	case variant.TypeString:
		s, err := v.Str()
		require.NoError(t, err)
		b.AppendString(s)
	default:
		b.AppendVariant(v)
	}
}

// ent is one column entry: definition and repetition level, and the value
// when the definition level is the leaf's maximum.
type ent struct {
	d, r int
	v    any
}

func (e ent) String() string {
	if e.v == nil {
		return fmt.Sprintf("(%d,%d)", e.d, e.r)
	}
	if b, ok := e.v.([]byte); ok {
		return fmt.Sprintf("(%d,%d,%x)", e.d, e.r, b)
	}
	return fmt.Sprintf("(%d,%d,%v)", e.d, e.r, e.v)
}

// entries lists the entries of column c of leaf l.
func entries(c *Column, l Leaf) []ent {
	var out []ent
	vi := 0
	for i := range c.Def {
		e := ent{d: int(c.Def[i]), r: int(c.Rep[i])}
		if e.d == l.MaxDef {
			switch l.Kind {
			case parquet.Boolean:
				e.v = c.Bool[vi]
			case parquet.Int32:
				e.v = c.Int32[vi]
			case parquet.Int64:
				e.v = c.Int64[vi]
			case parquet.Float:
				e.v = c.Float[vi]
			case parquet.Double:
				e.v = c.Double[vi]
			default:
				e.v = append([]byte{}, c.bytesAt(vi)...)
			}
			vi++
		}
		out = append(out, e)
	}
	return out
}

// setEntries fills column c of leaf l from entries.
func setEntries(c *Column, l Leaf, es []ent) {
	c.reset()
	for _, e := range es {
		c.null(e.d, e.r)
		if e.d != l.MaxDef {
			continue
		}
		switch x := e.v.(type) {
		case bool:
			c.Bool = append(c.Bool, x)
		case int32:
			c.Int32 = append(c.Int32, x)
		case int64:
			c.Int64 = append(c.Int64, x)
		case float32:
			c.Float = append(c.Float, x)
		case float64:
			c.Double = append(c.Double, x)
		case []byte:
			c.Bytes = append(c.Bytes, x...)
			c.Ends = append(c.Ends, len(c.Bytes))
		case string:
			c.Bytes = append(c.Bytes, x...)
			c.Ends = append(c.Ends, len(c.Bytes))
		default:
			panic(fmt.Sprintf("setEntries: %T", x))
		}
	}
}

// columnsByPath returns the entries of every leaf keyed by its path.
func columnsByPath(b *Batch) map[string][]ent {
	m := map[string][]ent{}
	for i, l := range b.layout.leaves {
		m[l.PathString()] = entries(&b.Columns[i], l)
	}
	return m
}

// readAll reconstructs every row; a SQL NULL row is nil. It reads the rows
// a second time with AppendNext onto a buffer holding earlier rows and
// checks that both give the same bytes, metadata, validity and errors, and
// that rows whose metadata equals the last valid row's get the same bytes.
func readAll(t testing.TB, b *Batch, mode Mode) ([][]byte, error) {
	t.Helper()
	r, ar := NewReader(b, mode), NewReader(b, mode)
	dst := []byte{0xAA}
	var last []byte // the metadata of the last valid row
	var out [][]byte
	for {
		v, ok, err := r.Next()
		before := len(dst)
		var m variant.Metadata
		var aok bool
		var aerr error
		dst, m, aok, aerr = ar.AppendNext(dst)
		require.Equal(t, fmt.Sprint(err), fmt.Sprint(aerr), "AppendNext error")
		require.Equal(t, ok, aok, "AppendNext validity")
		require.Equal(t, byte(0xAA), dst[0], "AppendNext keeps dst's bytes")
		if err != nil {
			require.Len(t, dst, before, "AppendNext appends nothing on an error")
			if err.Error() == "EOF" {
				return out, nil
			}
			return out, err
		}
		if !ok {
			require.Len(t, dst, before, "AppendNext appends nothing for an invalid row")
			out = append(out, nil)
			continue
		}
		require.Equal(t, v.Bytes(), dst[before:], "AppendNext value")
		require.Equal(t, v.Metadata().Bytes(), m.Bytes(), "AppendNext metadata")
		if mb := m.Bytes(); bytes.Equal(mb, last) {
			require.Same(t, &last[0], &mb[0], "metadata equal to the last row's is the same bytes")
		}
		last = m.Bytes()
		out = append(out, append([]byte{}, v.Bytes()...))
	}
}

func mustLayout(t testing.TB, s Schema, optional bool) *Layout {
	t.Helper()
	l, err := NewLayout(s, optional)
	require.NoError(t, err)
	return l
}
