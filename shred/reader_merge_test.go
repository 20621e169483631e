package shred

import (
	"io"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// keysOf lists the keys of object v in the order its header lists them.
func keysOf(t *testing.T, v variant.Variant) []string {
	t.Helper()
	o, err := v.Object()
	require.NoError(t, err)
	var keys []string
	for i := range o.Len() {
		k, _, err := o.At(i)
		require.NoError(t, err)
		keys = append(keys, k)
	}
	return keys
}

// The reader merges the shredded fields of an object with its residual
// fields in key order as it reads them: residual keys before, between and
// after the shredded ones, shredded fields missing, Variant nulls, an empty
// residual object and none at all.
func TestReaderMergesResidualFields(t *testing.T) {
	l := mustLayout(t, Object(
		Field{Name: "b", Schema: Typed(TypeInt64)},
		Field{Name: "d", Schema: Typed(TypeString)},
	), true)
	rows := []map[string]any{
		{"a": 1, "b": 2, "c": "x", "d": "y", "e": true},
		{"a": 1, "c": "x", "d": "y", "e": true},
		{"a": 1, "b": 2, "c": "x", "e": []any{1, "z"}},
		{"a": nil, "c": "x", "e": map[string]any{"f": 1}},
		{"b": 2, "d": "y"},
		{"b": nil, "d": nil, "e": 3},
		{"e": 1},
		{"a": 1},
		{"c": 1, "b": 2},
		{},
	}
	b := l.NewBatch()
	var want []variant.Variant
	for _, row := range rows {
		v := mk(row)
		want = append(want, v)
		require.NoError(t, b.Append(v))
	}
	for _, mode := range []Mode{Strict, Lenient, Validate} {
		got, err := readAll(t, b, mode)
		require.NoError(t, err)
		require.Len(t, got, len(rows))
		for i, w := range want {
			v := variant.View(w.Metadata(), got[i])
			require.NoError(t, v.Validate(), "row %d", i)
			require.Equal(t, keysOf(t, w), keysOf(t, v), "row %d", i)
			require.Equal(t, canon(t, w), canon(t, v), "row %d", i)
		}
	}
}

// A residual object whose field ids are out of key order, or repeated, is
// not what a writer gives; the reader still lists the fields in key order,
// and a repeated key is an error.
func TestReaderResidualFieldOrder(t *testing.T) {
	l := mustLayout(t, Object(Field{Name: "b", Schema: Typed(TypeInt64)}), false)
	meta := mk(map[string]any{"a": 0, "b": 0, "e": 0}).Metadata() // ids a=0, b=1, e=2
	// Objects of two short strings, "x" then "y", with field ids ids.
	residual := func(ids ...byte) []byte {
		return []byte{0x02, 2, ids[0], ids[1], 0, 2, 4, 0x05, 'x', 0x05, 'y'}
	}
	read := func(value []byte, mode Mode) ([][]byte, error) {
		b := l.NewBatch()
		byPath := map[string][]ent{
			"metadata":                  {{0, 0, meta.Bytes()}},
			"value":                     {{1, 0, value}},
			"typed_value.b.value":       {{1, 0, nil}},
			"typed_value.b.typed_value": {{2, 0, int64(7)}},
		}
		for i, leaf := range l.leaves {
			setEntries(&b.Columns[i], leaf, byPath[leaf.PathString()])
		}
		return readAll(t, b, mode)
	}
	for _, ids := range [][]byte{{0, 2}, {2, 0}} {
		got, err := read(residual(ids...), Strict)
		require.NoError(t, err)
		v := variant.View(meta, got[0])
		require.NoError(t, v.Validate())
		require.Equal(t, []string{"a", "b", "e"}, keysOf(t, v))
		a, _, err := v.Field("a")
		require.NoError(t, err)
		e, _, err := v.Field("e")
		require.NoError(t, err)
		first, second := "x", "y"
		if ids[0] == 2 {
			first, second = second, first
		}
		require.Equal(t, first, mustStr(t, a), "ids %v", ids)
		require.Equal(t, second, mustStr(t, e), "ids %v", ids)
		n, _, err := v.Field("b")
		require.NoError(t, err)
		x, err := n.Int()
		require.NoError(t, err)
		require.Equal(t, int64(7), x)
	}
	for _, mode := range []Mode{Strict, Lenient} {
		_, err := read(residual(2, 2), mode)
		require.ErrorIs(t, err, ErrInvalidLayout)
		require.Contains(t, err.Error(), `key "e" twice in one object`)
	}
}

// With an unsorted dictionary, key order is not id order: the reader sorts
// the fields by key.
func TestReaderUnsortedDictionary(t *testing.T) {
	l := mustLayout(t, Object(Field{Name: "b", Schema: Typed(TypeInt64)}), false)
	// Keys "e", "a", "b" (ids 0, 1, 2), not sorted.
	meta := []byte{0x01, 3, 0, 1, 2, 3, 'e', 'a', 'b'}
	// Residual object {"a": "x", "e": "y"} in key order: ids 1, 0.
	value := []byte{0x02, 2, 1, 0, 0, 2, 4, 0x05, 'x', 0x05, 'y'}
	b := l.NewBatch()
	byPath := map[string][]ent{
		"metadata":                  {{0, 0, meta}},
		"value":                     {{1, 0, value}},
		"typed_value.b.value":       {{1, 0, nil}},
		"typed_value.b.typed_value": {{2, 0, int64(7)}},
	}
	for i, leaf := range l.leaves {
		setEntries(&b.Columns[i], leaf, byPath[leaf.PathString()])
	}
	got, err := readAll(t, b, Strict)
	require.NoError(t, err)
	m, err := variant.DecodeMetadata(meta)
	require.NoError(t, err)
	v := variant.View(m, got[0])
	require.NoError(t, v.Validate())
	require.Equal(t, []string{"a", "b", "e"}, keysOf(t, v))
	require.Equal(t, []byte{0x02, 3, 1, 2, 0, 9, 0, 11, 13, 0x18, 7, 0, 0, 0, 0, 0, 0, 0, 0x05, 'x', 0x05, 'y'}, got[0])
}

func mustStr(t *testing.T, v variant.Variant) string {
	t.Helper()
	s, err := v.Str()
	require.NoError(t, err)
	return s
}

// Rows appended to a batch while a reader reads it are read too.
func TestReaderRowsAppendedWhileReading(t *testing.T) {
	l := mustLayout(t, Object(
		Field{Name: "b", Schema: Typed(TypeInt64)},
		Field{Name: "d", Schema: Typed(TypeString)},
	), true)
	rows := []map[string]any{{"a": 1, "b": 2, "d": "y"}, {"b": 3, "c": 4}, {"d": "z"}, {"a": "w", "b": 5, "d": "v"}}
	b := l.NewBatch()
	require.NoError(t, b.Append(mk(rows[0])))
	r := NewReader(b, Strict)
	for i, row := range rows {
		if i > 0 {
			require.NoError(t, b.Append(mk(row)))
		}
		v, ok, err := r.Next()
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, canon(t, mk(row)), canon(t, v), "row %d", i)
	}
	_, _, err := r.Next()
	require.ErrorIs(t, err, io.EOF)
}
