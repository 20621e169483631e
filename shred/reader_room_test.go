package shred

import (
	"strings"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// The reader leaves room for an object's header the size of that object's
// header in the last row; rows whose headers are larger (more fields, wider
// offsets) or smaller than the last row's, shredded objects nested in
// shredded objects, give the same bytes as each row read alone by a new
// reader.
func TestReaderHeaderRoom(t *testing.T) {
	l := mustLayout(t, Object(
		Field{Name: "b", Schema: Typed(TypeInt64)},
		Field{Name: "o", Schema: Object(Field{Name: "p", Schema: Typed(TypeString)})},
	), true)
	long := strings.Repeat("x", 300) // offsets of 2 bytes
	rows := []map[string]any{
		{"a": 1, "b": 2, "o": map[string]any{"p": "q", "r": 1}},
		{"b": 2},
		{"a": long, "b": 2, "c": 3, "o": map[string]any{"p": long}},
		{"o": map[string]any{}},
		{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "o": map[string]any{"p": "q", "r": long, "s": nil}},
		{},
		{"b": 1, "z": long},
		{"b": 1, "z": long},
		{"b": 1},
	}
	all := l.NewBatch()
	var want [][]byte
	for _, row := range rows {
		v := mk(row)
		require.NoError(t, all.Append(v))
		one := l.NewBatch()
		require.NoError(t, one.Append(v))
		got, err := readAll(t, one, Strict)
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.Equal(t, canon(t, v), canon(t, variant.View(v.Metadata(), got[0])))
		want = append(want, got[0])
	}
	got, err := readAll(t, all, Strict)
	require.NoError(t, err)
	require.Equal(t, want, got)
}
