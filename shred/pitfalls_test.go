package shred

import (
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// B22: partial shredding keeps the other fields, in a residual object with
// the row's metadata (unsorted here) and no shredded field. Values keep the
// order they have in the input: the pitfall's row as written in insertion
// order (id, name, city) gives its exact bytes; the same row as
// variant.Builder lays it out (key order) gives the key-ordered encoding.
func TestPitfallB22PartialShredding(t *testing.T) {
	m, err := variant.DecodeMetadata(unhex("01 03 00 02 06 0A 69 64 6E 61 6D 65 63 69 74 79"))
	require.NoError(t, err)
	var vb variant.Builder
	vb.UseMetadata(m)
	vb.BeginObject()
	vb.Key("id")
	vb.AppendInt(1000)
	vb.Key("name")
	vb.AppendString("user_0")
	vb.Key("city")
	vb.AppendString("city_0")
	vb.EndObject()
	built, err := vb.Build()
	require.NoError(t, err)
	insertion, err := variant.NewWithMetadata(m, unhex("02 03 02 00 01 0A 00 03 11 10 E8 03 19 75 73 65 72 5F 30 19 63 69 74 79 5F 30"))
	require.NoError(t, err)

	for _, tc := range []struct {
		name     string
		in       variant.Variant
		residual []byte
	}{
		{"insertion order", insertion, unhex("02 02 02 01 07 00 0E 19 75 73 65 72 5F 30 19 63 69 74 79 5F 30")},
		{"key order", built, unhex("02 02 02 01 00 07 0E 19 63 69 74 79 5F 30 19 75 73 65 72 5F 30")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := mustLayout(t, Object(Field{Name: "id", Schema: Typed(TypeInt64)}), false)
			b := l.NewBatch()
			require.NoError(t, b.Append(tc.in))
			cols := columnsByPath(b)
			require.Equal(t, []ent{{1, 0, tc.residual}}, cols["value"])
			require.Equal(t, []ent{{2, 0, int64(1000)}}, cols["typed_value.id.typed_value"])
			require.Equal(t, []ent{{1, 0, nil}}, cols["typed_value.id.value"])
			got, err := readAll(t, b, Strict)
			require.NoError(t, err)
			r := variant.View(m, got[0])
			require.NoError(t, r.Validate())
			o, err := r.Object()
			require.NoError(t, err)
			require.Equal(t, 3, o.Len())
			for k, want := range map[string]string{"name": "user_0", "city": "city_0"} {
				f, ok, err := r.Field(k)
				require.NoError(t, err)
				require.True(t, ok)
				s, err := f.Str()
				require.NoError(t, err)
				require.Equal(t, want, s)
			}
			id, _, _ := r.Field("id")
			x, err := id.Int()
			require.NoError(t, err)
			require.Equal(t, int64(1000), x)
			require.Equal(t, canon(t, tc.in), canon(t, r))
		})
	}
}

// B25: only lossless values go to typed_value; the rest stay in value byte
// for byte.
func TestPitfallB25Lossless(t *testing.T) {
	empty := unhex("11 00 00")
	tests := []struct {
		name   string
		schema Schema
		value  []byte
		typed  any // the typed_value, or nil when the value stays in value
	}{
		{"int8 5 into INT64", Typed(TypeInt64), unhex("0C 05"), int64(5)},
		{"int16 300 into INT64", Typed(TypeInt64), unhex("10 2C 01"), int64(300)},
		{"decimal4 1.50 into INT64", Typed(TypeInt64), unhex("20 02 96 00 00 00"), nil},
		{"decimal4 3.00 into INT64", Typed(TypeInt64), unhex("20 02 2C 01 00 00"), nil},
		{"string 7 into INT64", Typed(TypeInt64), unhex("05 37"), nil},
		{"float 1.5 into DOUBLE", Typed(TypeDouble), unhex("38 00 00 C0 3F"), nil},
		{"double 1.5 into FLOAT", Typed(TypeFloat), unhex("1C 00 00 00 00 00 00 F8 3F"), nil},
		{"int16 300 into INT(8)", Typed(TypeInt8), unhex("10 2C 01"), nil},
		{"int64 2^31 into INT32", Typed(TypeInt32), unhex("18 00 00 00 80 00 00 00 00"), nil},
		{"int8 -1 into INT(16)", Typed(TypeInt16), unhex("0C FF"), int32(-1)},
		{"decimal4 1.50 into DECIMAL(9,1)", Primitive(Decimal(9, 1)), unhex("20 02 96 00 00 00"), nil},
		{"decimal4 1.50 into DECIMAL(2,2)", Primitive(Decimal(2, 2)), unhex("20 02 96 00 00 00"), nil},
		{"decimal4 1.50 into DECIMAL(3,2)", Primitive(Decimal(3, 2)), unhex("20 02 96 00 00 00"), int32(150)},
		{"decimal8 1.50 into DECIMAL(18,2)", Primitive(Decimal(18, 2)), unhex("24 02 96 00 00 00 00 00 00 00"), int64(150)},
		{"decimal4 -1.50 into DECIMAL(38,2)", Primitive(Decimal(38, 2)), unhex("20 02 6A FF FF FF"), unhex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFF6A")},
		{"timestamp_ntz into TIMESTAMP(true)", Typed(TypeTimestamp), unhex("34 00 40 1E 18 24 0A 06 00"), nil},
		{"timestamp into TIMESTAMP(true, NANOS)", Typed(TypeTimestampNanos), unhex("30 00 40 1E 18 24 0A 06 00"), nil},
		{"date into INT32", Typed(TypeInt32), unhex("2C 20 4E 00 00"), nil},
		{"binary into STRING", Typed(TypeString), unhex("3C 01 00 00 00 61"), nil},
		{"long string into STRING", Typed(TypeString), unhex("40 01 00 00 00 61"), []byte("a")},
		{"null into BOOLEAN", Typed(TypeBoolean), unhex("00"), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := mustLayout(t, tc.schema, false)
			b := l.NewBatch()
			v, err := variant.New(empty, tc.value)
			require.NoError(t, err)
			require.NoError(t, b.Append(v))
			cols := columnsByPath(b)
			if tc.typed == nil {
				require.Equal(t, []ent{{1, 0, tc.value}}, cols["value"])
				require.Equal(t, []ent{{0, 0, nil}}, cols["typed_value"])
			} else {
				require.Equal(t, []ent{{0, 0, nil}}, cols["value"])
				require.Equal(t, []ent{{1, 0, tc.typed}}, cols["typed_value"])
			}
			got, err := readAll(t, b, Strict)
			require.NoError(t, err)
			require.Equal(t, canon(t, v), canon(t, variant.View(v.Metadata(), got[0])))
		})
	}
}

// B29: a key both shredded and in the residual object is malformed data;
// leniently typed_value wins and the key appears once.
func TestPitfallB29DuplicateKey(t *testing.T) {
	residual := mk(map[string]any{"a": 2, "b": 3})
	l := mustLayout(t, Object(Field{Name: "a", Schema: Typed(TypeInt64)}), false)
	b := l.NewBatch()
	byPath := map[string][]ent{
		"metadata":                  {{0, 0, residual.Metadata().Bytes()}},
		"value":                     {{1, 0, residual.Bytes()}},
		"typed_value.a.value":       {{1, 0, nil}},
		"typed_value.a.typed_value": {{2, 0, int64(1)}},
	}
	for i, leaf := range l.leaves {
		setEntries(&b.Columns[i], leaf, byPath[leaf.PathString()])
	}
	_, err := readAll(t, b, Strict)
	require.ErrorIs(t, err, ErrInvalidLayout)
	require.Contains(t, err.Error(), `key "a" in both typed_value and value`)
	got, err := readAll(t, b, Lenient)
	require.NoError(t, err)
	v := variant.View(residual.Metadata(), got[0])
	require.NoError(t, v.Validate())
	require.Equal(t, canon(t, mk(map[string]any{"a": int64(1), "b": 3})), canon(t, v))

	// The shredded field missing in this row: still malformed, and the
	// typed_value columns win leniently, so "a" is missing as a read of
	// those columns alone says.
	setEntries(&b.Columns[2], l.leaves[2], []ent{{1, 0, nil}})
	setEntries(&b.Columns[3], l.leaves[3], []ent{{1, 0, nil}})
	_, err = readAll(t, b, Strict)
	require.ErrorIs(t, err, ErrInvalidLayout)
	got, err = readAll(t, b, Lenient)
	require.NoError(t, err)
	require.Equal(t, canon(t, mk(map[string]any{"b": 3})), canon(t, variant.View(residual.Metadata(), got[0])))
}

// B17: path lookups on reconstructed shredded non-objects find nothing and
// do not fail.
func TestPitfallB17NonObjects(t *testing.T) {
	bl := mustLayout(t, Typed(TypeBoolean), true)
	b := shredAll(t, bl, []any{true, false})
	require.Equal(t, []ent{{2, 0, true}, {2, 0, false}}, columnsByPath(b)["typed_value"])
	got, err := readAll(t, b, Strict)
	require.NoError(t, err)
	require.Equal(t, [][]byte{{0x04}, {0x08}}, got)
	ll := mustLayout(t, Array(Typed(TypeInt64)), true)
	lb := shredAll(t, ll, []any{[]any{int64(1), int64(2)}})
	lgot, err := readAll(t, lb, Strict)
	require.NoError(t, err)
	for _, raw := range append(got, lgot...) {
		v := variant.View(variant.MustDecodeMetadata(unhex("11 00 00")), raw)
		_, ok, err := v.Get(variant.MustParsePath("$.a"))
		require.NoError(t, err)
		require.False(t, ok)
	}
	for _, raw := range got {
		v := variant.View(variant.MustDecodeMetadata(unhex("11 00 00")), raw)
		_, ok, err := v.Get(variant.MustParsePath("$[0]"))
		require.NoError(t, err)
		require.False(t, ok)
	}
	first, ok, err := variant.View(variant.MustDecodeMetadata(unhex("11 00 00")), lgot[0]).Index(1)
	require.NoError(t, err)
	require.True(t, ok)
	x, err := first.Int()
	require.NoError(t, err)
	require.Equal(t, int64(2), x)
}

// B28: each file shreds differently; a field not shredded in one file is
// read from its residual value.
func TestPitfallB28PerFileSchemas(t *testing.T) {
	row := map[string]any{"a": 1, "b": 2}
	for _, s := range []Schema{
		Object(Field{Name: "a", Schema: Typed(TypeInt64)}),
		Object(Field{Name: "a", Schema: Typed(TypeInt64)}, Field{Name: "b", Schema: Typed(TypeInt64)}),
	} {
		l := mustLayout(t, s, true)
		path := writeFile(t, l, []any{row})
		got, err := readFile(t, path, Strict)
		require.NoError(t, err)
		bv, ok, err := got[0].Get(variant.MustParsePath("$.b"))
		require.NoError(t, err)
		require.True(t, ok)
		x, err := bv.Int()
		require.NoError(t, err)
		require.Equal(t, int64(2), x)
		_, ok, err = got[0].Get(variant.MustParsePath("$.c"))
		require.NoError(t, err)
		require.False(t, ok)
	}
}

// B31: an optional Variant shredded as a list of doubles: rows [1.5, 2.5],
// SQL NULL, [], [3.0] have the levels of an optional LIST, one level deeper
// for the Variant group, and read back as written (also through a file).
func TestPitfallB31OptionalList(t *testing.T) {
	l := mustLayout(t, Array(Typed(TypeDouble)), true)
	rows := []any{[]any{1.5, 2.5}, nil, []any{}, []any{3.0}}
	b := shredAll(t, l, rows)
	cols := columnsByPath(b)
	require.Equal(t, []ent{{4, 0, 1.5}, {4, 1, 2.5}, {0, 0, nil}, {2, 0, nil}, {4, 0, 3.0}}, cols["typed_value.list.element.typed_value"])
	require.Equal(t, []ent{{3, 0, nil}, {3, 1, nil}, {0, 0, nil}, {2, 0, nil}, {3, 0, nil}}, cols["typed_value.list.element.value"])
	requireRoundTrip(t, b, rows)
	checkFile(t, l.Schema(), true, rows)
}

// B32: a null element inside a list is the Variant null in the element's
// value, and the row goes on after it.
func TestPitfallB32NullElement(t *testing.T) {
	l := mustLayout(t, Array(Typed(TypeInt64)), false)
	rows := []any{[]any{int64(3), nil, int64(2)}}
	b := shredAll(t, l, rows)
	cols := columnsByPath(b)
	require.Equal(t, []ent{{3, 0, int64(3)}, {2, 1, nil}, {3, 1, int64(2)}}, cols["typed_value.list.element.typed_value"])
	require.Equal(t, []ent{{2, 0, nil}, {3, 1, unhex("00")}, {2, 1, nil}}, cols["typed_value.list.element.value"])
	requireRoundTrip(t, b, rows)
	checkFile(t, l.Schema(), false, rows)
}

// B33: SQL NULL, Variant null, [] and [null] stay distinct.
func TestPitfallB33NullVersusEmpty(t *testing.T) {
	l := mustLayout(t, Array(Typed(TypeInt32)), true)
	rows := []any{nil, variantNull{}, []any{}, []any{int32(1), int32(2)}, []any{nil}}
	b := shredAll(t, l, rows)
	cols := columnsByPath(b)
	require.Equal(t, []ent{{0, 0, nil}, {2, 0, unhex("00")}, {1, 0, nil}, {1, 0, nil}, {1, 0, nil}}, cols["value"])
	require.Equal(t, []ent{{0, 0, nil}, {1, 0, nil}, {2, 0, nil}, {4, 0, int32(1)}, {4, 1, int32(2)}, {3, 0, nil}}, cols["typed_value.list.element.typed_value"])
	require.Equal(t, []ent{{0, 0, nil}, {1, 0, nil}, {2, 0, nil}, {3, 0, nil}, {3, 1, nil}, {4, 0, unhex("00")}}, cols["typed_value.list.element.value"])
	requireRoundTrip(t, b, rows)
	checkFile(t, l.Schema(), true, rows)
}

// B35: a null or missing field of an object inside a list is written one
// level below its maximum, never 0, and reads back inside its element.
func TestPitfallB35FieldInsideList(t *testing.T) {
	s := Array(Object(Field{Name: "rb", Schema: Typed(TypeInt32)}, Field{Name: "ob", Schema: Typed(TypeInt32)}))
	l := mustLayout(t, s, true)
	rows := []any{
		[]any{map[string]any{"rb": int32(1), "ob": nil}},
		[]any{map[string]any{"rb": int32(1)}},
	}
	b := shredAll(t, l, rows)
	cols := columnsByPath(b)
	require.Equal(t, []ent{{5, 0, int32(1)}, {5, 0, int32(1)}}, cols["typed_value.list.element.typed_value.rb.typed_value"])
	require.Equal(t, []ent{{5, 0, unhex("00")}, {4, 0, nil}}, cols["typed_value.list.element.typed_value.ob.value"])
	require.Equal(t, []ent{{4, 0, nil}, {4, 0, nil}}, cols["typed_value.list.element.typed_value.ob.typed_value"])
	requireRoundTrip(t, b, rows)
	checkFile(t, s, true, rows)
}

// Rows built one after another in one reused Builder share its buffers:
// dictionaries of the same size at the same address hold other keys, and
// shredding must look the keys up again.
func TestAppendReusedMetadataBuffer(t *testing.T) {
	l := mustLayout(t, Object(Field{Name: "b", Schema: Typed(TypeInt64)}), false)
	b := l.NewBatch()
	var vb variant.Builder
	rows := []map[string]int64{{"a": 1, "b": 2}, {"b": 3, "c": 4}}
	for _, row := range rows {
		vb.Reset()
		vb.BeginObject()
		for _, k := range []string{"a", "b", "c"} {
			if x, ok := row[k]; ok {
				vb.Key(k)
				vb.AppendInt64(x)
			}
		}
		vb.EndObject()
		v, err := vb.Build()
		require.NoError(t, err)
		require.NoError(t, b.Append(v))
	}
	require.Equal(t, []ent{{2, 0, int64(2)}, {2, 0, int64(3)}}, columnsByPath(b)["typed_value.b.typed_value"])
	got, err := readAll(t, b, Strict)
	require.NoError(t, err)
	metas := columnsByPath(b)["metadata"]
	for i, row := range rows {
		m := variant.MustDecodeMetadata(metas[i].v.([]byte))
		want := map[string]any{}
		for k, x := range row {
			want[k] = x
		}
		require.Equal(t, canon(t, mk(want)), canon(t, variant.View(m, got[i])))
	}
}
