package shred

import (
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// shredAll shreds the rows (nil is a SQL NULL row) into a new batch.
func shredAll(t *testing.T, l *Layout, rows []any) *Batch {
	t.Helper()
	b := l.NewBatch()
	for _, r := range rows {
		if r == nil {
			require.NoError(t, b.AppendNull())
			continue
		}
		require.NoError(t, b.Append(mk(r)))
	}
	return b
}

// requireRoundTrip checks that every row reconstructs to the same Variant,
// byte for byte in canonical form.
func requireRoundTrip(t *testing.T, b *Batch, rows []any) {
	t.Helper()
	got, err := readAll(t, b, Strict)
	require.NoError(t, err)
	require.Len(t, got, len(rows))
	for i, r := range rows {
		if r == nil {
			require.Nil(t, got[i], "row %d", i)
			continue
		}
		want := mk(r)
		v := variant.View(want.Metadata(), got[i])
		require.Equal(t, canon(t, want), canon(t, v), "row %d", i)
	}
}

// The measurement series of VariantShredding.md, "Value Shredding":
// 34, null, "n/a", 100 in a required group with an int64 typed_value.
func TestSpecMeasurements(t *testing.T) {
	l := mustLayout(t, Typed(TypeInt64), false)
	rows := []any{int64(34), variantNull{}, "n/a", int64(100)}
	b := shredAll(t, l, rows)
	cols := columnsByPath(b)
	// The builder writes the empty dictionary with sorted_strings set.
	empty := unhex("11 00 00")
	require.Equal(t, []ent{{0, 0, empty}, {0, 0, empty}, {0, 0, empty}, {0, 0, empty}}, cols["metadata"])
	// The spec prints the header of "n/a" as 13; the short string header of
	// a 3-byte string is (3 << 2) | 1 = 0D.
	require.Equal(t, []ent{{0, 0, nil}, {1, 0, unhex("00")}, {1, 0, unhex("0D 6E 2F 61")}, {0, 0, nil}}, cols["value"])
	require.Equal(t, []ent{{1, 0, int64(34)}, {0, 0, nil}, {0, 0, nil}, {1, 0, int64(100)}}, cols["typed_value"])
	requireRoundTrip(t, b, rows)
}

// The tags series of VariantShredding.md, "Arrays", in an optional group,
// plus an empty array and a SQL NULL row (pitfall B33).
func TestSpecTags(t *testing.T) {
	l := mustLayout(t, Array(Typed(TypeString)), true)
	rows := []any{
		[]any{"comedy", "drama"},
		[]any{"horror", nil},
		[]any{"comedy", "drama", "romance"},
		variantNull{},
		[]any{},
		nil,
	}
	b := shredAll(t, l, rows)
	cols := columnsByPath(b)
	require.Equal(t, []ent{{1, 0, nil}, {1, 0, nil}, {1, 0, nil}, {2, 0, unhex("00")}, {1, 0, nil}, {0, 0, nil}}, cols["value"])
	require.Equal(t, []ent{
		{3, 0, nil}, {3, 1, nil},
		{3, 0, nil}, {4, 1, unhex("00")},
		{3, 0, nil}, {3, 1, nil}, {3, 1, nil},
		{1, 0, nil},
		{2, 0, nil},
		{0, 0, nil},
	}, cols["typed_value.list.element.value"])
	require.Equal(t, []ent{
		{4, 0, []byte("comedy")}, {4, 1, []byte("drama")},
		{4, 0, []byte("horror")}, {3, 1, nil},
		{4, 0, []byte("comedy")}, {4, 1, []byte("drama")}, {4, 1, []byte("romance")},
		{1, 0, nil},
		{2, 0, nil},
		{0, 0, nil},
	}, cols["typed_value.list.element.typed_value"])
	requireRoundTrip(t, b, rows)
}

func eventSchema() Schema {
	return Object(
		Field{Name: "event_type", Schema: Typed(TypeString)},
		Field{Name: "event_ts", Schema: Typed(TypeTimestamp)},
	)
}

// The event objects of VariantShredding.md, "Objects": every valid row of
// the table, in an optional group.
func TestSpecEvents(t *testing.T) {
	l := mustLayout(t, eventSchema(), true)
	rows := []any{
		map[string]any{"event_type": "noop", "event_ts": tsMicros(1729794114937)},
		map[string]any{"event_type": "login", "event_ts": tsMicros(1729794146402), "email": "user@example.com"},
		map[string]any{"error_msg": "malformed: ..."},
		"malformed: not an object",
		map[string]any{"event_ts": tsMicros(1729794240241), "click": "_button"},
		map[string]any{"event_type": nil, "event_ts": tsMicros(1729794954163)},
		map[string]any{"event_type": "noop", "event_ts": "2024-10-24"},
		map[string]any{},
		variantNull{},
		nil,
	}
	b := shredAll(t, l, rows)
	cols := columnsByPath(b)
	residual := func(k, v string) []byte {
		// The residual object uses the row's metadata and field ids.
		m := mk(map[string]any{k: v})
		return m.Bytes()
	}
	// Residual field ids come from each row's own dictionary.
	row1 := mk(rows[1])
	emailID, ok := row1.Metadata().ID("email")
	require.True(t, ok)
	wantEmail := append([]byte{0x02, 0x01, byte(emailID), 0x00, 0x11, 0x41}, "user@example.com"...)
	row4 := mk(rows[4])
	clickID, _ := row4.Metadata().ID("click")
	wantClick := append([]byte{0x02, 0x01, byte(clickID), 0x00, 0x08, 0x1D}, "_button"...)
	require.Equal(t, []ent{
		{1, 0, nil},
		{2, 0, wantEmail},
		{2, 0, residual("error_msg", "malformed: ...")},
		{2, 0, mk("malformed: not an object").Bytes()},
		{2, 0, wantClick},
		{1, 0, nil},
		{1, 0, nil},
		{1, 0, nil},
		{2, 0, unhex("00")},
		{0, 0, nil},
	}, cols["value"])
	require.Equal(t, []ent{
		{2, 0, nil}, {2, 0, nil}, {2, 0, nil}, {1, 0, nil}, {2, 0, nil},
		{3, 0, unhex("00")}, {2, 0, nil}, {2, 0, nil}, {1, 0, nil}, {0, 0, nil},
	}, cols["typed_value.event_type.value"])
	require.Equal(t, []ent{
		{3, 0, []byte("noop")}, {3, 0, []byte("login")}, {2, 0, nil}, {1, 0, nil}, {2, 0, nil},
		{2, 0, nil}, {3, 0, []byte("noop")}, {2, 0, nil}, {1, 0, nil}, {0, 0, nil},
	}, cols["typed_value.event_type.typed_value"])
	require.Equal(t, []ent{
		{2, 0, nil}, {2, 0, nil}, {2, 0, nil}, {1, 0, nil}, {2, 0, nil},
		{2, 0, nil}, {3, 0, mk("2024-10-24").Bytes()}, {2, 0, nil}, {1, 0, nil}, {0, 0, nil},
	}, cols["typed_value.event_ts.value"])
	require.Equal(t, []ent{
		{3, 0, int64(1729794114937)}, {3, 0, int64(1729794146402)}, {2, 0, nil}, {1, 0, nil}, {3, 0, int64(1729794240241)},
		{3, 0, int64(1729794954163)}, {2, 0, nil}, {2, 0, nil}, {1, 0, nil}, {0, 0, nil},
	}, cols["typed_value.event_ts.typed_value"])
	requireRoundTrip(t, b, rows)
}

// eventBatch returns a one-row batch of the event layout (optional group)
// whose columns are given by path; unlisted columns are null at level 1
// (the group is present, typed_value null).
func eventBatch(t *testing.T, meta []byte, byPath map[string][]ent) *Batch {
	l := mustLayout(t, eventSchema(), true)
	b := l.NewBatch()
	for i, leaf := range l.leaves {
		es, ok := byPath[leaf.PathString()]
		if !ok {
			es = []ent{{1, 0, nil}}
		}
		if leaf.PathString() == "metadata" {
			es = []ent{{1, 0, meta}}
		}
		setEntries(&b.Columns[i], leaf, es)
	}
	return b
}

// The rows the spec's object table marks INVALID, and the missing row: each
// read strictly (an ErrInvalidLayout) and leniently (typed_value wins).
func TestSpecEventsInvalid(t *testing.T) {
	login := mk(map[string]any{"event_type": "login", "event_ts": tsMicros(1729795057774)})
	meta := login.Metadata().Bytes()
	m := login.Metadata()
	typeID, _ := m.ID("event_type")
	loginResidual := []byte{0x02, 0x01, byte(typeID), 0x00, 0x06, 0x15, 'l', 'o', 'g', 'i', 'n'}
	tests := []struct {
		name    string
		cols    map[string][]ent
		lenient any // expected lenient result; "error" when invalid in both modes
	}{
		{
			name: "shredded field also in value",
			cols: map[string][]ent{
				"value":                              {{2, 0, loginResidual}},
				"typed_value.event_type.value":       {{2, 0, nil}},
				"typed_value.event_type.typed_value": {{3, 0, []byte("login")}},
				"typed_value.event_ts.value":         {{2, 0, nil}},
				"typed_value.event_ts.typed_value":   {{3, 0, int64(1729795057774)}},
			},
			lenient: map[string]any{"event_type": "login", "event_ts": tsMicros(1729795057774)},
		},
		{
			name: "shredded field in value while typed_value is null",
			cols: map[string][]ent{
				"value": {{2, 0, loginResidual}},
			},
			lenient: map[string]any{"event_type": "login"},
		},
		{
			name: "typed_value present and value not an object",
			cols: map[string][]ent{
				"value":                              {{2, 0, mk("a").Bytes()}},
				"typed_value.event_type.value":       {{2, 0, nil}},
				"typed_value.event_type.typed_value": {{2, 0, nil}},
				"typed_value.event_ts.value":         {{2, 0, nil}},
				"typed_value.event_ts.typed_value":   {{2, 0, nil}},
			},
			lenient: map[string]any{},
		},
		{
			name:    "typed_value null for an object",
			cols:    map[string][]ent{"value": {{2, 0, unhex("02 00 00")}}},
			lenient: map[string]any{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := eventBatch(t, meta, tc.cols)
			_, err := readAll(t, b, Strict)
			require.ErrorIs(t, err, ErrInvalidLayout)
			var e *Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, 0, e.Row)
			got, err := readAll(t, b, Lenient)
			require.NoError(t, err)
			require.Len(t, got, 1)
			want := mk(tc.lenient)
			require.Equal(t, canon(t, want), canon(t, variant.View(m, got[0])))
		})
	}
	t.Run("missing top-level value reads as Variant null", func(t *testing.T) {
		b := eventBatch(t, meta, map[string][]ent{"value": {{1, 0, nil}}})
		for _, mode := range []Mode{Strict, Lenient} {
			got, err := readAll(t, b, mode)
			require.NoError(t, err)
			require.Equal(t, [][]byte{{0x00}}, got)
		}
	})
}

// An array in value next to a null LIST typed_value, and both set: the
// spec's "If the value is an array, value must be null".
func TestSpecArrayInvalid(t *testing.T) {
	l := mustLayout(t, Array(Typed(TypeString)), false)
	arr := mk([]any{"a"})
	meta := arr.Metadata().Bytes()
	for _, tc := range []struct {
		name string
		cols map[string][]ent
	}{
		{"array in value, typed_value null", map[string][]ent{
			"value":                                {{1, 0, arr.Bytes()}},
			"typed_value.list.element.value":       {{0, 0, nil}},
			"typed_value.list.element.typed_value": {{0, 0, nil}},
		}},
		{"both set", map[string][]ent{
			"value":                                {{1, 0, arr.Bytes()}},
			"typed_value.list.element.value":       {{2, 0, nil}},
			"typed_value.list.element.typed_value": {{3, 0, []byte("a")}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := l.NewBatch()
			for i, leaf := range l.leaves {
				es := tc.cols[leaf.PathString()]
				if leaf.PathString() == "metadata" {
					es = []ent{{0, 0, meta}}
				}
				setEntries(&b.Columns[i], leaf, es)
			}
			_, err := readAll(t, b, Strict)
			require.ErrorIs(t, err, ErrInvalidLayout)
			got, err := readAll(t, b, Lenient)
			require.NoError(t, err)
			require.Equal(t, [][]byte{arr.Bytes()}, got)
		})
	}
}

// value and typed_value both set for a primitive: an error, or typed_value
// in Lenient mode.
func TestSpecPrimitiveBothSet(t *testing.T) {
	l := mustLayout(t, Typed(TypeInt64), false)
	b := l.NewBatch()
	setEntries(&b.Columns[0], l.leaves[0], []ent{{0, 0, unhex("01 00 00")}})
	setEntries(&b.Columns[1], l.leaves[1], []ent{{1, 0, mk("n/a").Bytes()}})
	setEntries(&b.Columns[2], l.leaves[2], []ent{{1, 0, int64(34)}})
	_, err := readAll(t, b, Strict)
	require.ErrorIs(t, err, ErrInvalidLayout)
	require.Contains(t, err.Error(), "at row 0")
	got, err := readAll(t, b, Lenient)
	require.NoError(t, err)
	require.Equal(t, [][]byte{unhex("18 22 00 00 00 00 00 00 00")}, got)
}
