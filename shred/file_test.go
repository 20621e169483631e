package shred

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// writeFile writes rows (nil: SQL NULL) as column "v" of a new Parquet file,
// shredded by l, through parquet-go's column writers with our levels.
func writeFile(t *testing.T, l *Layout, rows []any) string {
	t.Helper()
	node, err := l.Schema().Node()
	require.NoError(t, err)
	if l.Optional() {
		node = parquet.Optional(node)
	}
	schema := parquet.NewSchema("root", parquet.Group{"v": node})
	path := filepath.Join(t.TempDir(), "data.parquet")
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	w := parquet.NewWriter(f, schema)
	cols, err := l.ColumnIndexes(schema, "v")
	require.NoError(t, err)
	b := l.NewBatch()
	for _, row := range rows {
		if row == nil {
			require.NoError(t, b.AppendNull())
		} else {
			require.NoError(t, b.Append(mk(row)))
		}
	}
	require.NoError(t, b.WriteColumns(w.ColumnWriters(), cols))
	require.NoError(t, w.Close())
	return path
}

// lastTyped is the number of typed_value values readFile last read.
var lastTyped int

// readFile reads column "v" of a Parquet file with a layout taken from the
// file's own schema, and reconstructs every row (nil: SQL NULL).
func readFile(t *testing.T, path string, mode Mode) ([]variant.Variant, error) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	st, err := f.Stat()
	require.NoError(t, err)
	pf, err := parquet.OpenFile(f, st.Size())
	require.NoError(t, err)
	var vnode parquet.Field
	for _, fld := range pf.Schema().Fields() {
		if fld.Name() == "v" || fld.Name() == "var" {
			vnode = fld
		}
	}
	require.NotNil(t, vnode)
	require.True(t, IsVariant(vnode))
	l, cols, err := LayoutOf(pf.Schema(), vnode.Name())
	if err != nil {
		return nil, err
	}
	var out []variant.Variant
	lastTyped = 0
	for _, rg := range pf.RowGroups() {
		b := l.NewBatch()
		if err := b.ReadRowGroup(rg, cols); err != nil {
			return nil, err
		}
		for i, leaf := range l.leaves {
			if leaf.Path[len(leaf.Path)-1] == colTypedValue {
				lastTyped += b.Columns[i].NumValues()
			}
		}
		r := NewReader(b, mode)
		for {
			v, ok, err := r.Next()
			if err != nil {
				if err.Error() == "EOF" {
					break
				}
				return out, err
			}
			if !ok {
				out = append(out, variant.Variant{})
				continue
			}
			out = append(out, v.Clone())
		}
	}
	return out, nil
}

type rawVariant struct {
	Metadata []byte `parquet:"metadata"`
	Value    []byte `parquet:"value"`
}

type oracleRow struct {
	V *rawVariant `parquet:"v,variant"`
}

// oracleRead reads column "v" with parquet-go's own shredded Variant
// reconstruction; a SQL NULL row is nil.
func oracleRead(t *testing.T, path string) [][2][]byte {
	t.Helper()
	rows, err := parquet.ReadFile[oracleRow](path)
	require.NoError(t, err)
	out := make([][2][]byte, len(rows))
	for i, r := range rows {
		if r.V != nil && len(r.V.Value) > 0 {
			out[i] = [2][]byte{r.V.Metadata, r.V.Value}
		}
	}
	return out
}

func checkFile(t *testing.T, s Schema, optional bool, rows []any) {
	t.Helper()
	l := mustLayout(t, s, optional)
	path := writeFile(t, l, rows)
	got, err := readFile(t, path, Strict)
	require.NoError(t, err)
	require.Len(t, got, len(rows))
	oracle := oracleRead(t, path)
	require.Len(t, oracle, len(rows))
	for i, row := range rows {
		if row == nil {
			require.Equal(t, variant.TypeInvalid, got[i].Type(), "row %d", i)
			require.Nil(t, oracle[i][1], "row %d", i)
			continue
		}
		want := canon(t, mk(row))
		require.Equal(t, want, canon(t, got[i]), "schema %s row %d", s, i)
		require.NotNil(t, oracle[i][1], "schema %s row %d", s, i)
		ov, err := variant.New(oracle[i][0], oracle[i][1])
		require.NoError(t, err)
		require.Equal(t, want, canon(t, ov), "oracle: schema %s row %d", s, i)
	}
}

// Files written from our column buffers read back to the same Variants,
// with our reader and with parquet-go's.
func TestFileRoundTripSpec(t *testing.T) {
	checkFile(t, Typed(TypeInt64), true, []any{int64(34), variantNull{}, "n/a", int64(100), nil})
	checkFile(t, Array(Typed(TypeString)), true, []any{
		[]any{"comedy", "drama"}, []any{"horror", nil}, []any{}, variantNull{}, nil, "x",
	})
	checkFile(t, eventSchema(), true, []any{
		map[string]any{"event_type": "noop", "event_ts": tsMicros(1729794114937)},
		map[string]any{"event_type": "login", "event_ts": tsMicros(1729794146402), "email": "user@example.com"},
		map[string]any{"error_msg": "malformed: ..."},
		"malformed: not an object",
		map[string]any{"event_type": nil, "event_ts": tsMicros(1729794954163)},
		map[string]any{"event_type": "noop", "event_ts": "2024-10-24"},
		map[string]any{},
		variantNull{},
		nil,
	})
}

// Random schemas and rows through real files, checked by both readers.
func TestFileRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 60 {
		s := randSchema(r, 0)
		optional := r.IntN(2) == 0
		rows := randRows(r, s, 20, optional)
		t.Run(s.String(), func(t *testing.T) {
			checkFile(t, s, optional, rows)
		})
	}
}

// Files written by parquet-go's own shredding writer reconstruct with ours
// to what parquet-go itself reads.
func TestReadParquetGoShreddedFile(t *testing.T) {
	typed, err := parquet.ShreddedVariant(parquet.Group{
		"a":    parquet.Int(64),
		"b":    parquet.String(),
		"d":    parquet.Leaf(parquet.DoubleType),
		"tags": parquet.List(parquet.String()),
		"loc":  parquet.Group{"lat": parquet.Leaf(parquet.DoubleType)},
	})
	require.NoError(t, err)
	schema := parquet.NewSchema("root", parquet.Group{"v": parquet.Optional(typed)})
	type row struct {
		V any `parquet:"v"`
	}
	rows := []row{
		{V: map[string]any{"a": int64(1), "b": "x", "c": 3.5, "tags": []any{"p", "q"}}},
		{V: map[string]any{"a": "not an int", "d": 2.5, "loc": map[string]any{"lat": 1.5, "lon": 2.5}}},
		{V: "scalar"},
		{V: []any{int64(1), "two"}},
		{V: map[string]any{}},
		{V: map[string]any{"tags": []any{"r", nil, int64(3)}, "e": map[string]any{"f": true}}},
		{V: int64(7)},
	}
	path := filepath.Join(t.TempDir(), "pq.parquet")
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewGenericWriter[row](f, schema)
	_, err = w.Write(rows)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())

	got, err := readFile(t, path, Strict)
	require.NoError(t, err)
	oracle := oracleRead(t, path)
	require.Len(t, got, len(rows))
	for i := range rows {
		ov, err := variant.New(oracle[i][0], oracle[i][1])
		require.NoError(t, err)
		require.Equal(t, canon(t, ov), canon(t, got[i]), "row %d", i)
	}
	// a, b, d, lat and the strings of tags are shredded: 7 typed values.
	require.Equal(t, 7, lastTyped)
	// The first row's fields a and b were shredded, c was not.
	a, ok, err := got[0].Field("a")
	require.NoError(t, err)
	require.True(t, ok)
	x, err := a.Int()
	require.NoError(t, err)
	require.Equal(t, int64(1), x)
	_, ok, err = got[0].Field("c")
	require.NoError(t, err)
	require.True(t, ok)
}

// A Variant column inside an optional group: rows where the group is null,
// where the Variant is null, and values; read back by ours and parquet-go.
func TestFileNestedColumn(t *testing.T) {
	s := eventSchema()
	node, err := s.Node()
	require.NoError(t, err)
	schema := parquet.NewSchema("root", parquet.Group{"s": parquet.Optional(parquet.Group{"v": parquet.Optional(node)})})
	meta, ok := schema.Lookup("s", "v", "metadata")
	require.True(t, ok)
	require.Equal(t, 2, meta.MaxDefinitionLevel)
	l, err := NewLayoutAt(s, meta.MaxDefinitionLevel, 0)
	require.NoError(t, err)
	cols, err := l.ColumnIndexes(schema, "s", "v")
	require.NoError(t, err)
	rows := []any{
		map[string]any{"event_type": "a", "x": 1},
		"group null",
		"variant null",
		map[string]any{"event_ts": tsMicros(5)},
	}
	b := l.NewBatch()
	require.NoError(t, b.Append(mk(rows[0])))
	require.NoError(t, b.AppendNullAt(0, 0))
	require.NoError(t, b.AppendNull())
	require.NoError(t, b.Append(mk(rows[3])))
	require.ErrorIs(t, b.AppendNullAt(2, 0), ErrNullRow)

	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	require.NoError(t, b.WriteColumns(w.ColumnWriters(), cols))
	require.NoError(t, w.Close())

	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	vnode := f.Schema().Fields()[0].Fields()[0]
	fs, err := FromNode(vnode)
	require.NoError(t, err)
	fl, err := NewLayoutAt(fs, 2, 0)
	require.NoError(t, err)
	fcols, err := fl.ColumnIndexes(f.Schema(), "s", "v")
	require.NoError(t, err)
	ol, ocols, err := LayoutOf(f.Schema(), "s", "v")
	require.NoError(t, err)
	require.Equal(t, fl.Leaves(), ol.Leaves())
	require.Equal(t, fcols, ocols)
	fb := fl.NewBatch()
	require.NoError(t, fb.ReadRowGroup(f.RowGroups()[0], fcols))
	got, err := readAll(t, fb, Strict)
	require.NoError(t, err)
	require.Len(t, got, 4)
	require.Nil(t, got[1])
	require.Nil(t, got[2])
	for _, i := range []int{0, 3} {
		want := mk(rows[i])
		require.Equal(t, canon(t, want), canon(t, variant.View(want.Metadata(), got[i])))
	}

	type inner struct {
		V *rawVariant `parquet:"v,variant"`
	}
	type row struct {
		S *inner `parquet:"s"`
	}
	orows, err := parquet.Read[row](bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	require.Len(t, orows, 4)
	require.Nil(t, orows[1].S)
	require.True(t, orows[2].S == nil || orows[2].S.V == nil || len(orows[2].S.V.Value) == 0)
	for _, i := range []int{0, 3} {
		ov, err := variant.New(orows[i].S.V.Metadata, orows[i].S.V.Value)
		require.NoError(t, err)
		require.Equal(t, canon(t, mk(rows[i])), canon(t, ov))
	}
}

// A Variant column inside a LIST: rows [v1, null, v2], [] and null. Each
// occurrence is a slot of the batch; the metadata column's levels carry the
// list structure, and parquet-go reads the file back.
func TestFileVariantInList(t *testing.T) {
	s := Object(Field{Name: "a", Schema: Typed(TypeInt64)}, Field{Name: "t", Schema: Array(Typed(TypeString))})
	node, err := s.Node()
	require.NoError(t, err)
	schema := parquet.NewSchema("root", parquet.Group{"vs": parquet.Optional(parquet.List(parquet.Optional(node)))})
	meta, ok := schema.Lookup("vs", "list", "element", "metadata")
	require.True(t, ok)
	require.Equal(t, 3, meta.MaxDefinitionLevel)
	require.Equal(t, 1, meta.MaxRepetitionLevel)
	l, err := NewLayoutAt(s, meta.MaxDefinitionLevel, meta.MaxRepetitionLevel)
	require.NoError(t, err)
	cols, err := l.ColumnIndexes(schema, "vs", "list", "element")
	require.NoError(t, err)

	v1 := mk(map[string]any{"a": int64(1), "t": []any{"x", "y"}, "z": true})
	v2 := mk(map[string]any{"a": "two", "t": []any{}})
	b := l.NewBatch()
	require.NoError(t, b.AppendAt(v1, 0))
	require.NoError(t, b.AppendNullAt(2, 1)) // a null element
	require.NoError(t, b.AppendAt(v2, 1))
	require.NoError(t, b.AppendNullAt(1, 0)) // an empty list
	require.NoError(t, b.AppendNullAt(0, 0)) // a null list
	require.ErrorIs(t, b.AppendNullAt(2, 2), ErrNullRow)
	require.ErrorIs(t, b.AppendAt(v1, 2), ErrInvalidSchema)
	cs := columnsByPath(b)
	require.Equal(t, []ent{{3, 0, v1.Metadata().Bytes()}, {2, 1, nil}, {3, 1, v2.Metadata().Bytes()}, {1, 0, nil}, {0, 0, nil}}, cs["metadata"])
	// Variant group at 3; typed_value 4; t's LIST 5; its elements 6 (rep
	// 2); an element's typed_value 7.
	require.Equal(t, []ent{
		{7, 0, []byte("x")}, {7, 2, []byte("y")},
		{2, 1, nil},
		{5, 1, nil},
		{1, 0, nil}, {0, 0, nil},
	}, cs["typed_value.t.typed_value.list.element.typed_value"])

	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	require.NoError(t, b.WriteColumns(w.ColumnWriters(), cols))
	require.NoError(t, w.Close())

	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	require.Equal(t, int64(3), f.NumRows())
	fb := l.NewBatch()
	fcols, err := l.ColumnIndexes(f.Schema(), "vs", "list", "element")
	require.NoError(t, err)
	ol, ocols, err := LayoutOf(f.Schema(), "vs", "list", "element")
	require.NoError(t, err)
	require.Equal(t, l.Leaves(), ol.Leaves())
	require.Equal(t, fcols, ocols)
	_, _, err = LayoutOf(f.Schema(), "vs", "list")
	require.ErrorIs(t, err, ErrInvalidSchema)
	_, _, err = LayoutOf(f.Schema(), "nope")
	require.ErrorIs(t, err, ErrInvalidSchema)
	require.NoError(t, fb.ReadRowGroup(f.RowGroups()[0], fcols))
	require.Equal(t, cs, columnsByPath(fb))
	got, err := readAll(t, fb, Strict)
	require.NoError(t, err)
	require.Len(t, got, 5)
	require.Equal(t, canon(t, v1), canon(t, variant.View(v1.Metadata(), got[0])))
	require.Nil(t, got[1])
	require.Equal(t, canon(t, v2), canon(t, variant.View(v2.Metadata(), got[2])))
	require.Nil(t, got[3])
	require.Nil(t, got[4])

	n, _ := l.Find("a")
	r, err := NewNodeReader(fb, n, Strict)
	require.NoError(t, err)
	var as []string
	for {
		v, ok, err := r.Next()
		if err != nil {
			break
		}
		if !ok {
			as = append(as, "-")
			continue
		}
		as = append(as, fmt.Sprintf("% x", v.Bytes()))
	}
	require.Equal(t, []string{"18 01 00 00 00 00 00 00 00", "-", fmt.Sprintf("% x", mk("two").Bytes()), "-", "-"}, as)
}
