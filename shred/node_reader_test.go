package shred

import (
	"os"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// readNode reads only the leaves of the node at fields (plus metadata when
// withMeta) from a file and rebuilds that node per row; nil marks rows
// where it is absent.
func readNode(t *testing.T, path string, withMeta bool, fields ...string) ([][]byte, int) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	st, err := f.Stat()
	require.NoError(t, err)
	pf, err := parquet.OpenFile(f, st.Size())
	require.NoError(t, err)
	v := pf.Schema().Fields()[0]
	s, err := FromNode(v)
	require.NoError(t, err)
	l, err := NewLayout(s, v.Optional())
	require.NoError(t, err)
	cols, err := l.ColumnIndexes(pf.Schema(), v.Name())
	require.NoError(t, err)
	n, used := l.Find(fields...)
	lo, hi := n.Leaves()
	for i := range cols {
		if (i < lo || i >= hi) && !(withMeta && i == 0) {
			cols[i] = -1
		}
	}
	var out [][]byte
	for _, rg := range pf.RowGroups() {
		b := l.NewBatch()
		require.NoError(t, b.ReadRowGroup(rg, cols))
		for i := range b.Columns {
			if cols[i] < 0 {
				require.Zero(t, b.Columns[i].Len(), "leaf %d not read", i)
			}
		}
		r, err := NewNodeReader(b, n, Strict)
		require.NoError(t, err)
		for {
			v, ok, err := r.Next()
			if err != nil {
				require.Equal(t, "EOF", err.Error())
				break
			}
			if !ok {
				out = append(out, nil)
				continue
			}
			out = append(out, append([]byte{}, v.Bytes()...))
		}
	}
	return out, used
}

// A path query on a shredded field reads only that field's columns, not
// the metadata nor the rest of the Variant (docs/design.md section 8).
func TestNodeReader(t *testing.T) {
	s := nestedEventSchema()
	rows := []any{
		map[string]any{"event_type": "noop", "event_ts": tsMicros(1729794114937), "location": map[string]any{"latitude": 1.5, "longitude": 2.5, "alt": 3}},
		map[string]any{"event_type": "noop", "event_ts": "2024-10-24", "location": "somewhere"},
		map[string]any{"event_type": nil},
		"not an object",
		variantNull{},
		nil,
		map[string]any{"tags": []any{"a"}, "location": map[string]any{"latitude": "north"}},
	}
	path := writeFile(t, mustLayout(t, s, true), rows)

	ts, used := readNode(t, path, false, "event_ts")
	require.Equal(t, 1, used)
	require.Equal(t, [][]byte{mk(tsMicros(1729794114937)).Bytes(), mk("2024-10-24").Bytes(), nil, nil, nil, nil, nil}, ts)

	et, _ := readNode(t, path, false, "event_type")
	require.Equal(t, [][]byte{mk("noop").Bytes(), mk("noop").Bytes(), {0x00}, nil, nil, nil, nil}, et)

	lat, used := readNode(t, path, false, "location", "latitude", "x")
	require.Equal(t, 2, used)
	require.Equal(t, [][]byte{mk(1.5).Bytes(), nil, nil, nil, nil, nil, mk("north").Bytes()}, lat)

	// An object node with a residual field needs the metadata.
	loc, _ := readNode(t, path, true, "location")
	m := mk(rows[0]).Metadata()
	got := variant.View(m, loc[0])
	require.Equal(t, canon(t, mk(map[string]any{"latitude": 1.5, "longitude": 2.5, "alt": 3})), canon(t, got))
	require.Equal(t, mk("somewhere").Bytes(), loc[1])
	require.Nil(t, loc[2])

	// Fields the file does not shred are looked up in the root's values.
	root, used := readNode(t, path, true, "email")
	require.Equal(t, 0, used)
	require.Len(t, root, len(rows))
	require.Nil(t, root[5])
	require.Equal(t, []byte{0x00}, root[4])
}

func TestNodeReaderInsideList(t *testing.T) {
	l := mustLayout(t, Array(Object(Field{Name: "a", Schema: Typed(TypeInt64)})), true)
	n, _ := l.Find()
	_, err := NewNodeReader(l.NewBatch(), n, Strict)
	require.NoError(t, err)
	elem := Node{l.root.elem}
	_, err = NewNodeReader(l.NewBatch(), elem, Strict)
	require.ErrorIs(t, err, ErrInvalidSchema)
}

func TestLayoutNodes(t *testing.T) {
	l := mustLayout(t, nestedEventSchema(), true)
	b := l.NewBatch()
	require.Same(t, l, b.Layout())
	var paths []string
	for _, leaf := range l.Leaves() {
		paths = append(paths, leaf.PathString())
	}
	require.Equal(t, "metadata", paths[0])
	require.Equal(t, "value", paths[1])

	n, used := l.Find("location", "latitude")
	require.Equal(t, 2, used)
	require.Equal(t, KindPrimitive, n.Kind())
	require.Equal(t, Type{ID: TypeDouble}, n.Type())
	require.Equal(t, "location.latitude", n.Path())
	require.Equal(t, "typed_value.location.typed_value.latitude.value", l.Leaves()[n.ValueLeaf()].PathString())
	require.Equal(t, "typed_value.location.typed_value.latitude.typed_value", l.Leaves()[n.TypedLeaf()].PathString())
	lo, hi := n.Leaves()
	require.Equal(t, []int{n.ValueLeaf(), n.TypedLeaf()}, []int{lo, hi - 1})
	leaf := l.Leaves()[n.TypedLeaf()]
	require.Equal(t, 4, leaf.MaxDef)
	require.Equal(t, 0, leaf.MaxRep)

	tags, _ := l.Find("tags")
	require.Equal(t, KindArray, tags.Kind())
	require.Equal(t, -1, tags.TypedLeaf())
	last := l.Leaves()[len(l.Leaves())-1]
	require.Equal(t, "typed_value.tags.typed_value.list.element.typed_value", last.PathString())
	require.Equal(t, 1, last.MaxRep)

	root, used := l.Find("nope")
	require.Equal(t, 0, used)
	require.Equal(t, KindObject, root.Kind())
	require.Equal(t, "", root.Path())
}
