package shred

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/require"
)

func nestedEventSchema() Schema {
	return Object(
		Field{Name: "event_type", Schema: Typed(TypeString)},
		Field{Name: "event_ts", Schema: Typed(TypeTimestamp)},
		Field{Name: "location", Schema: Object(
			Field{Name: "latitude", Schema: Typed(TypeDouble)},
			Field{Name: "longitude", Schema: Typed(TypeDouble)},
		)},
		Field{Name: "tags", Schema: Array(Typed(TypeString))},
	)
}

// The nested event schema of VariantShredding.md, "Nesting": children in
// the order metadata, value, typed_value; field groups and list elements
// required; VARIANT annotation on the top group.
func TestNodeSpecNesting(t *testing.T) {
	n, err := nestedEventSchema().Node()
	require.NoError(t, err)
	schema := parquet.NewSchema("root", parquet.Group{"event": parquet.Optional(n)})
	var paths []string
	for _, p := range schema.Columns() {
		paths = append(paths, join(join("", p[0]), joinAll(p[1:])))
	}
	require.Equal(t, []string{
		"event.metadata",
		"event.value",
		"event.typed_value.event_ts.value",
		"event.typed_value.event_ts.typed_value",
		"event.typed_value.event_type.value",
		"event.typed_value.event_type.typed_value",
		"event.typed_value.location.value",
		"event.typed_value.location.typed_value.latitude.value",
		"event.typed_value.location.typed_value.latitude.typed_value",
		"event.typed_value.location.typed_value.longitude.value",
		"event.typed_value.location.typed_value.longitude.typed_value",
		"event.typed_value.tags.value",
		"event.typed_value.tags.typed_value.list.element.value",
		"event.typed_value.tags.typed_value.list.element.typed_value",
	}, paths)
	ev := schema.Fields()[0]
	require.True(t, ev.Optional())
	require.Equal(t, "VARIANT", ev.Type().LogicalType().Value.String())
	require.True(t, IsVariant(ev))
	tags, ok := schema.Lookup("event", "typed_value", "tags", "typed_value", "list", "element", "typed_value")
	require.True(t, ok)
	// optional event, typed_value, tags.typed_value, repeated list, element
	// typed_value; element is required.
	require.Equal(t, 5, tags.MaxDefinitionLevel)
	require.Equal(t, 1, tags.MaxRepetitionLevel)
	// The levels the layout computes are the file's.
	l := mustLayout(t, nestedEventSchema(), true)
	_, err = l.ColumnIndexes(schema, "event")
	require.NoError(t, err)
	back, err := FromNode(ev)
	require.NoError(t, err)
	require.True(t, nestedEventSchema().Equal(back), back.String())
}

func joinAll(p []string) string {
	s := ""
	for _, x := range p {
		s = join(s, x)
	}
	return s
}

// The schema written to a file's footer reads back as the same schema.
func TestNodeRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		s := randSchema(r, 0)
		n, err := s.Node()
		require.NoError(t, err)
		var buf bytes.Buffer
		w := parquet.NewWriter(&buf, parquet.NewSchema("root", parquet.Group{"v": n}))
		require.NoError(t, w.Close())
		f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		require.NoError(t, err)
		back, err := FromNode(f.Schema().Fields()[0])
		require.NoError(t, err)
		require.True(t, s.Equal(back), "%s read back as %s", s, back)
	}
}

func variantGroup(children parquet.Group) parquet.Node {
	g := parquet.Group{"metadata": parquet.Required(parquet.Leaf(parquet.ByteArrayType))}
	for k, v := range children {
		g[k] = v
	}
	return g
}

func opt(n parquet.Node) parquet.Node { return parquet.Optional(n) }

var binaryLeaf = parquet.Leaf(parquet.ByteArrayType)

// Schemas from files: unannotated groups, omitted value columns, and every
// Parquet type the spec does not allow as typed_value (pitfall B27).
func TestFromNode(t *testing.T) {
	tests := []struct {
		name string
		node parquet.Node
		want Schema
		err  error
	}{
		{"unannotated unshredded", variantGroup(parquet.Group{"value": opt(binaryLeaf)}), Untyped(), nil},
		{"required value", variantGroup(parquet.Group{"value": binaryLeaf}), Schema{ValueRequired: true}, nil},
		{"int8 on INT32", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Int(8))}), Typed(TypeInt8), nil},
		{"int16 on INT32", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Int(16))}), Typed(TypeInt16), nil},
		{"int32 annotated", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Int(32))}), Typed(TypeInt32), nil},
		{"decimal FLBA(9)", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Decimal(2, 20, parquet.FixedLenByteArrayType(9)))}), Primitive(Type{ID: TypeDecimal16, Precision: 20, Scale: 2, Length: 9}), nil},
		{"decimal BYTE_ARRAY", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Decimal(0, 30, parquet.ByteArrayType))}), Primitive(Type{ID: TypeDecimal16, Precision: 30}), nil},
		{"field without value", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Group{
			"a": parquet.Group{"typed_value": opt(parquet.Leaf(parquet.Int64Type))},
		})}), Object(Field{Name: "a", Schema: Schema{Kind: KindPrimitive, Type: Type{ID: TypeInt64}, NoValue: true}}), nil},
		{"top without value", variantGroup(parquet.Group{"typed_value": opt(parquet.String())}), Schema{Kind: KindPrimitive, Type: Type{ID: TypeString}, NoValue: true}, nil},
		{"decimal too wide for FLBA(4)", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Decimal(0, 10, parquet.FixedLenByteArrayType(4)))}), Schema{}, ErrInvalidSchema},
		{"uint32 (B27)", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Uint(32))}), Schema{}, ErrInvalidSchema},
		{"uint64 (B27)", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Uint(64))}), Schema{}, ErrInvalidSchema},
		{"uint8 (B27)", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Uint(8))}), Schema{}, ErrInvalidSchema},
		{"INT96 (B27)", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Leaf(parquet.Int96Type))}), Schema{}, ErrInvalidSchema},
		{"FLBA(4) (B27)", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Leaf(parquet.FixedLenByteArrayType(4)))}), Schema{}, ErrInvalidSchema},
		{"FLBA(16) without UUID", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Leaf(parquet.FixedLenByteArrayType(16)))}), Schema{}, ErrInvalidSchema},
		{"JSON", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.JSON())}), Schema{}, ErrInvalidSchema},
		{"ENUM", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Enum())}), Schema{}, ErrInvalidSchema},
		{"TIME millis", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.TimeAdjusted(parquet.Millisecond, false))}), Schema{}, ErrInvalidSchema},
		{"TIME adjusted", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.TimeAdjusted(parquet.Microsecond, true))}), Schema{}, ErrInvalidSchema},
		{"TIMESTAMP millis", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Timestamp(parquet.Millisecond))}), Schema{}, ErrInvalidSchema},
		{"no metadata", parquet.Group{"value": opt(binaryLeaf)}, Schema{}, ErrInvalidSchema},
		{"optional metadata", parquet.Group{"metadata": opt(binaryLeaf), "value": opt(binaryLeaf)}, Schema{MetadataOptional: true}, nil},
		{"repeated metadata", parquet.Group{"metadata": parquet.Repeated(binaryLeaf), "value": opt(binaryLeaf)}, Schema{}, ErrInvalidSchema},
		{"int64 metadata", parquet.Group{"metadata": parquet.Leaf(parquet.Int64Type), "value": opt(binaryLeaf)}, Schema{}, ErrInvalidSchema},
		{"neither value nor typed_value", variantGroup(parquet.Group{}), Schema{}, ErrInvalidSchema},
		{"unknown child", variantGroup(parquet.Group{"value": opt(binaryLeaf), "extra": opt(binaryLeaf)}), Schema{}, ErrInvalidSchema},
		{"optional field group", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.Group{
			"a": opt(parquet.Group{"value": opt(binaryLeaf)}),
		})}), Schema{}, ErrInvalidSchema},
		{"optional list element", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.List(opt(parquet.Group{"value": opt(binaryLeaf)})))}), Schema{}, ErrInvalidSchema},
		{"list element a leaf", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": opt(parquet.List(parquet.String()))}), Schema{}, ErrInvalidSchema},
		{"repeated typed_value", variantGroup(parquet.Group{"value": opt(binaryLeaf), "typed_value": parquet.Repeated(parquet.String())}), Schema{}, ErrInvalidSchema},
		{"typed_value next to required value", variantGroup(parquet.Group{"value": binaryLeaf, "typed_value": opt(parquet.String())}), Schema{}, ErrInvalidSchema},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FromNode(tc.node)
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				var e *Error
				require.ErrorAs(t, err, &e)
				return
			}
			require.NoError(t, err)
			require.True(t, tc.want.Equal(got), "got %s, want %s", got, tc.want)
		})
	}
}

// A typed_value of a type Variant cannot hold is refused when the file is
// opened (pitfall B27): rows 1 and 2 in an INTEGER(32, false) column.
func TestUnsignedTypedValueFile(t *testing.T) {
	type row struct {
		V struct {
			Metadata   []byte `parquet:"metadata"`
			Value      []byte `parquet:"value,optional"`
			TypedValue uint32 `parquet:"typed_value,optional"`
		} `parquet:"v"`
	}
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[row](&buf)
	rows := []row{{}, {}}
	for i := range rows {
		rows[i].V.Metadata = []byte{0x01, 0x00, 0x00}
		rows[i].V.TypedValue = uint32(i + 1)
	}
	_, err := w.Write(rows)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	v := f.Schema().Fields()[0]
	require.True(t, IsVariant(v), "unannotated group with binary metadata and value")
	_, err = FromNode(v)
	require.ErrorIs(t, err, ErrInvalidSchema)
	require.Contains(t, err.Error(), "typed_value")
}

func TestSchemaValidate(t *testing.T) {
	bad := []Schema{
		Primitive(Type{ID: TypeDecimal4, Precision: 10, Scale: 2}),
		Primitive(Type{ID: TypeDecimal8, Precision: 5, Scale: 6}),
		Primitive(Type{ID: TypeDecimal16, Precision: 39, Scale: 0, Length: 16}),
		Primitive(Type{ID: TypeDecimal4, Precision: 0}),
		Primitive(Type{}),
		{Kind: KindObject},
		Object(Field{Name: "a", Schema: Untyped()}, Field{Name: "a", Schema: Untyped()}),
		Object(Field{Name: "", Schema: Untyped()}),
		{Kind: KindArray},
		{NoValue: true},
	}
	for _, s := range bad {
		require.ErrorIs(t, s.Validate(), ErrInvalidSchema, s.String())
		_, err := s.Node()
		require.ErrorIs(t, err, ErrInvalidSchema)
	}
	require.NoError(t, nestedEventSchema().Validate())
	require.Equal(t, "object{event_ts:timestamp,event_type:string,location:object{latitude:double,longitude:double},tags:array<string>}", nestedEventSchema().String())
	require.Equal(t, Type{ID: TypeDecimal4, Precision: 9, Scale: 2}, Decimal(9, 2))
	require.Equal(t, Type{ID: TypeDecimal8, Precision: 18, Scale: 2}, Decimal(18, 2))
	require.Equal(t, Type{ID: TypeDecimal16, Precision: 38, Scale: 2, Length: 16}, Decimal(38, 2))
}

// Written files carry VARIANT(1) on the group, and metadata, value and
// typed_value in that order in the footer.
func TestNodeFooter(t *testing.T) {
	n, err := eventSchema().Node()
	require.NoError(t, err)
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, parquet.NewSchema("root", parquet.Group{"event": parquet.Optional(n)}))
	require.NoError(t, w.Close())
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	var names []string
	for _, e := range f.Metadata().Schema {
		names = append(names, e.Name)
		if e.Name == "event" {
			vt, ok := e.LogicalType.Value.(*format.VariantType)
			require.True(t, ok, "VARIANT annotation")
			require.Equal(t, int8(1), vt.SpecificationVersion)
		}
	}
	require.Equal(t, []string{"root", "event", "metadata", "value", "typed_value",
		"event_ts", "value", "typed_value", "event_type", "value", "typed_value"}, names)
}

// The metadata column is dictionary-encoded: 2,000 rows sharing one
// 10-key dictionary cost a few bytes per row.
func TestMetadataDictionary(t *testing.T) {
	l := mustLayout(t, eventSchema(), true)
	rows := make([]any, 2000)
	for i := range rows {
		rows[i] = map[string]any{"event_type": "a", "k0": 0, "k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, "k6": 6, "k7": 7, "k8": 8}
	}
	path := writeFile(t, l, rows)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	chunk := f.Metadata().RowGroups[0].Columns[0].MetaData
	require.Equal(t, []string{"v", "metadata"}, []string(chunk.PathInSchema))
	require.Contains(t, chunk.Encoding, format.RLEDictionary)
	require.Less(t, chunk.TotalUncompressedSize, int64(2000))
	got, err := readFile(t, path, Strict)
	require.NoError(t, err)
	require.Len(t, got, 2000)
}
