package shred

import (
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// Corrupt column buffers (levels, values and value bytes changed at random)
// give errors or values, never a panic.
func TestCorruptColumnsNoPanic(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		s := randSchema(r, 0)
		optional := r.IntN(2) == 0
		l := mustLayout(t, s, optional)
		b := shredAll(t, l, randRows(r, s, 8, optional))
		for range 1 + r.IntN(4) {
			c := &b.Columns[r.IntN(len(b.Columns))]
			switch k := r.IntN(5); {
			case k == 0 && len(c.Def) > 0:
				c.Def[r.IntN(len(c.Def))] = uint8(r.IntN(8))
			case k == 1 && len(c.Rep) > 0:
				c.Rep[r.IntN(len(c.Rep))] = uint8(r.IntN(3))
			case k == 2 && len(c.Bytes) > 0:
				c.Bytes[r.IntN(len(c.Bytes))] = byte(r.Uint32())
			case k == 3 && len(c.Def) > 0:
				n := r.IntN(len(c.Def))
				c.Def, c.Rep = c.Def[:n], c.Rep[:min(n, len(c.Rep))]
			case k == 4 && len(c.Ends) > 0:
				c.Ends = c.Ends[:r.IntN(len(c.Ends))]
			}
		}
		for _, mode := range []Mode{Strict, Lenient, Validate} {
			rd := NewReader(b, mode)
			for range 20 {
				v, ok, err := rd.Next()
				if err != nil {
					if !errors.Is(err, io.EOF) {
						var e *Error
						require.ErrorAs(t, err, &e)
					}
					break
				}
				if ok {
					_ = v.Validate() // malformed output is possible without Validate; reading it must not panic
					_, _, _ = v.Get(variant.MustParsePath("$.a[0]"))
				}
			}
		}
	}
}

// Malformed Variants are refused by Append, which leaves the batch as it
// was.
func TestAppendMalformed(t *testing.T) {
	l := mustLayout(t, eventSchema(), true)
	b := l.NewBatch()
	good := mk(map[string]any{"event_type": "a", "email": "x"})
	require.NoError(t, b.Append(good))
	before := columnsByPath(b)
	m := good.Metadata()
	for _, raw := range [][]byte{
		{},
		unhex("02 05 00"),                      // 5 fields, no room
		unhex("02 01 09 00 01 00"),             // field id 9 outside the dictionary
		unhex("02 01 00 00 05 0C"),             // offsets past the end
		unhex("02 02 00 01 00 02 04 0C 01 0D"), // a field value runs past the object
	} {
		err := b.Append(variant.View(m, raw))
		require.Error(t, err, "% x", raw)
		var e *Error
		require.ErrorAs(t, err, &e)
		require.Equal(t, 1, e.Row)
		require.Equal(t, before, columnsByPath(b), "% x", raw)
	}
	got, err := readAll(t, b, Strict)
	require.NoError(t, err)
	require.Equal(t, canon(t, good), canon(t, variant.View(m, got[0])))
}

func TestAppendNullRequired(t *testing.T) {
	b := mustLayout(t, Untyped(), false).NewBatch()
	err := b.AppendNull()
	require.ErrorIs(t, err, ErrNullRow)
	require.Zero(t, b.Len())
}

// A schema without value column cannot hold a value that does not fit.
func TestAppendNoValueColumn(t *testing.T) {
	s := Object(Field{Name: "a", Schema: Schema{Kind: KindPrimitive, Type: Type{ID: TypeInt64}, NoValue: true}})
	b := mustLayout(t, s, false).NewBatch()
	require.NoError(t, b.Append(mk(map[string]any{"a": 1})))
	err := b.Append(mk(map[string]any{"a": "x"}))
	require.ErrorIs(t, err, ErrInvalidSchema)
	require.Equal(t, 1, b.Len())
}

// Validate checks residual values whole; without it bytes the reader does
// not read are copied as they are.
func TestReaderValidateMode(t *testing.T) {
	l := mustLayout(t, Object(Field{Name: "a", Schema: Typed(TypeInt64)}), false)
	good := mk(map[string]any{"a": 1, "b": map[string]any{"c": 2}})
	b := shredAll(t, l, []any{map[string]any{"a": 1, "b": map[string]any{"c": 2}}})
	// The residual {"b": {"c": 2}}: make the inner field id point outside
	// the dictionary.
	c := &b.Columns[1]
	res := c.bytesAt(0)
	require.Equal(t, byte(0x02), res[0])
	bad := append([]byte{}, res...)
	// Layout of the residual: 02 01 <id b> 00 <size> | 02 01 <id c> 00 02 0C 02
	bad[len(bad)-5] = 9
	c.Bytes = append(c.Bytes[:0], bad...)
	c.Ends = []int{len(bad)}
	got, err := readAll(t, b, Strict)
	require.NoError(t, err)
	require.Error(t, variant.View(good.Metadata(), got[0]).Validate())
	_, err = readAll(t, b, Validate)
	require.ErrorIs(t, err, variant.ErrInvalidValue)
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "value", e.Path)
}
