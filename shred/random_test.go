package shred

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

var keyPool = []string{"a", "b", "c", "id", "name", "tags", "user", "x.y", "", "ü"}

var primTypes = []TypeID{
	TypeBoolean, TypeInt8, TypeInt16, TypeInt32, TypeInt64, TypeFloat, TypeDouble,
	TypeDecimal4, TypeDecimal8, TypeDecimal16, TypeDate, TypeTime, TypeTimestamp,
	TypeTimestampNTZ, TypeTimestampNanos, TypeTimestampNTZNanos, TypeBinary, TypeString, TypeUUID,
}

func randType(r *rand.Rand) Type {
	id := primTypes[r.IntN(len(primTypes))]
	switch id {
	case TypeDecimal4:
		p := 1 + r.IntN(9)
		return Type{ID: id, Precision: p, Scale: r.IntN(p + 1)}
	case TypeDecimal8:
		p := 10 + r.IntN(9)
		return Type{ID: id, Precision: p, Scale: r.IntN(p + 1)}
	case TypeDecimal16:
		p := 19 + r.IntN(20)
		t := Type{ID: id, Precision: p, Scale: r.IntN(p + 1), Length: 16}
		if r.IntN(3) == 0 {
			t.Length = 0
		}
		return t
	}
	return Type{ID: id}
}

func randSchema(r *rand.Rand, depth int) Schema {
	k := r.IntN(10)
	if depth >= 3 {
		k %= 5
	}
	switch {
	case k < 2:
		return Untyped()
	case k < 5:
		return Primitive(randType(r))
	case k < 8:
		var fs []Field
		for _, name := range keyPool {
			if name != "" && r.IntN(3) == 0 {
				fs = append(fs, Field{Name: name, Schema: randSchema(r, depth+1)})
			}
		}
		if len(fs) == 0 {
			fs = append(fs, Field{Name: "a", Schema: randSchema(r, depth+1)})
		}
		return Object(fs...)
	}
	return Array(randSchema(r, depth+1))
}

// randScalarOf returns a random value of type t, sometimes at its limits.
func randScalarOf(r *rand.Rand, t Type) any {
	switch t.ID {
	case TypeBoolean:
		return r.IntN(2) == 0
	case TypeInt8:
		return int8(r.Uint32())
	case TypeInt16:
		return int16(r.Uint32())
	case TypeInt32:
		return int32(r.Uint32())
	case TypeInt64:
		return int64(r.Uint64())
	case TypeFloat:
		return float32(r.NormFloat64())
	case TypeDouble:
		if r.IntN(10) == 0 {
			return math.Inf(-1)
		}
		return r.NormFloat64() * 1e6
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		digits := 1 + r.IntN(t.Precision)
		var sb strings.Builder
		if r.IntN(2) == 0 {
			sb.WriteByte('-')
		}
		for i := 0; i < digits; i++ {
			sb.WriteByte(byte('0' + r.IntN(10)))
		}
		s := sb.String()
		if t.Scale > 0 {
			s = strings.Repeat("0", t.Scale) + s
			s = s[:len(s)-t.Scale] + "." + s[len(s)-t.Scale:]
			s = strings.Replace(s, "-", "", 1)
			if strings.HasPrefix(sb.String(), "-") {
				s = "-" + s
			}
		}
		return dec(s)
	case TypeDate:
		return date(r.Int32N(100000) - 50000)
	case TypeTime:
		return timeMicros(r.Int64N(86400e6))
	case TypeTimestamp:
		return tsMicros(r.Int64())
	case TypeTimestampNTZ:
		return tsNTZMicros(-r.Int64())
	case TypeTimestampNanos:
		return tsNanos(r.Int64())
	case TypeTimestampNTZNanos:
		return tsNTZNanos(r.Int64())
	case TypeBinary:
		b := make([]byte, r.IntN(8))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	case TypeString:
		return strings.Repeat("xé", r.IntN(3)) + strings.Repeat("long", r.IntN(2)*20)
	case TypeUUID:
		var u uuid.UUID
		for i := range u {
			u[i] = byte(r.Uint32())
		}
		return u
	}
	return nil
}

// randValue returns a value that mostly fits s, and sometimes does not.
func randValue(r *rand.Rand, s Schema, depth int) any {
	if r.IntN(6) == 0 || depth > 4 {
		return randAny(r, depth)
	}
	switch s.Kind {
	case KindPrimitive:
		return randScalarOf(r, s.Type)
	case KindObject:
		m := map[string]any{}
		for _, f := range s.Fields {
			if r.IntN(4) != 0 {
				m[f.Name] = randValue(r, f.Schema, depth+1)
			}
		}
		if r.IntN(3) == 0 {
			k := keyPool[r.IntN(len(keyPool))]
			if _, ok := s.Field(k); !ok {
				m[k] = randAny(r, depth+1)
			}
		}
		return m
	case KindArray:
		a := make([]any, r.IntN(4))
		for i := range a {
			a[i] = randValue(r, *s.Element, depth+1)
		}
		return a
	}
	return randAny(r, depth)
}

func randAny(r *rand.Rand, depth int) any {
	switch k := r.IntN(10); {
	case k == 0:
		return nil
	case k < 6 || depth > 3:
		return randScalarOf(r, randType(r))
	case k < 8:
		m := map[string]any{}
		for i := r.IntN(4); i > 0; i-- {
			m[keyPool[r.IntN(len(keyPool))]] = randAny(r, depth+1)
		}
		return m
	}
	a := make([]any, r.IntN(4))
	for i := range a {
		a[i] = randAny(r, depth+1)
	}
	return a
}

// randRows returns n rows for s; with optional, some are SQL NULL (nil).
func randRows(r *rand.Rand, s Schema, n int, optional bool) []any {
	rows := make([]any, n)
	for i := range rows {
		v := randValue(r, s, 0)
		if v == nil {
			v = variantNull{}
		}
		if optional && r.IntN(8) == 0 {
			v = nil
		}
		rows[i] = v
	}
	return rows
}

// Property: for random schemas and random Variants (fitting none, some or
// all of the schema), shredding then reconstructing gives the Variant back,
// byte for byte in canonical form.
func TestRandomRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	total, typed := 0, 0
	for range 400 {
		s := randSchema(r, 0)
		optional := r.IntN(2) == 0
		l := mustLayout(t, s, optional)
		rows := randRows(r, s, 15, optional)
		b := l.NewBatch()
		vs := make([]variant.Variant, len(rows))
		for i, row := range rows {
			if row == nil {
				require.NoError(t, b.AppendNull())
				continue
			}
			vs[i] = mk(row)
			if r.IntN(3) == 0 {
				// The same value over an unsorted dictionary.
				vs[i] = rekey(t, vs[i], unsortedMeta)
			}
			require.NoError(t, b.Append(vs[i]), "schema %s", s)
		}
		for i, leaf := range l.leaves {
			if leaf.Path[len(leaf.Path)-1] == colTypedValue {
				typed += b.Columns[i].NumValues()
			}
		}
		got, err := readAll(t, b, Strict)
		require.NoError(t, err, "schema %s", s)
		require.Len(t, got, len(rows))
		for i, row := range rows {
			if row == nil {
				require.Nil(t, got[i])
				continue
			}
			want := vs[i]
			require.Equal(t, canon(t, want), canon(t, variant.View(want.Metadata(), got[i])), "schema %s row %d", s, i)
			total++
		}
	}
	require.Greater(t, total, 5000)
	require.Greater(t, typed, 2000, "values shredded into typed_value columns")
}

// unsortedMeta is a dictionary of every key of keyPool, and more, in an
// order that is not sorted, with sorted_strings unset.
var unsortedMeta = func() variant.Metadata {
	keys := []string{"zz", "user", "b", "ü", "a", "tags", "", "name", "x.y", "id", "c"}
	m := []byte{0x01, byte(len(keys)), 0}
	off := 0
	for _, k := range keys {
		off += len(k)
		m = append(m, byte(off))
	}
	for _, k := range keys {
		m = append(m, k...)
	}
	return variant.MustDecodeMetadata(m)
}()

// rekey returns v re-encoded over the dictionary m.
func rekey(t testing.TB, v variant.Variant, m variant.Metadata) variant.Variant {
	var b variant.Builder
	b.UseMetadata(m)
	b.AppendVariant(v)
	out, err := b.Build()
	require.NoError(t, err)
	return out.Clone()
}
