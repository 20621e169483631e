package shred

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

func sampleOf(rows ...any) []variant.Variant {
	out := make([]variant.Variant, len(rows))
	for i, r := range rows {
		out[i] = mk(r)
	}
	return out
}

// B25: {"price":10.0} and {"price":20.5} as parse_json types them
// (decimal(3,1)) give a valid decimal type, never a negative scale.
func TestInferDecimalB25(t *testing.T) {
	s, err := Infer(sampleOf(
		map[string]any{"price": dec("10.0")},
		map[string]any{"price": dec("20.5")},
	), InferOptions{})
	require.NoError(t, err)
	require.Equal(t, "object{price:decimal4(9,1)}", s.String())
	require.NoError(t, s.Validate())
	// Decimals of several widths and one scale: the widest precision.
	s, err = Infer(sampleOf(dec("1.50"), dec("12345678901.25"), dec("-3.00")), InferOptions{})
	require.NoError(t, err)
	require.Equal(t, "decimal8(18,2)", s.String())
	// Mixed scales: no typed_value.
	s, err = Infer(sampleOf(dec("1.5"), dec("1.25")), InferOptions{})
	require.NoError(t, err)
	require.Equal(t, KindUntyped, s.Kind)
}

func inferEvents(r *rand.Rand, n int) []any {
	rows := make([]any, n)
	for i := range rows {
		ev := map[string]any{
			"event_type": []string{"login", "click"}[i%2],
			"event_ts":   tsMicros(1729794114937000 + int64(i)),
			"location":   map[string]any{"lat": r.Float64(), "lon": r.Float64()},
			"tags":       []any{"a", "b"},
		}
		// Integers of every width widen to int64.
		switch i % 3 {
		case 0:
			ev["user_id"] = int8(i % 100)
		case 1:
			ev["user_id"] = int16(1000 + i)
		default:
			ev["user_id"] = int64(1) << 40
		}
		if i%25 == 0 {
			ev["rare"] = 1 // 4% of rows
		}
		if i%2 == 0 { // half strings, half integers
			ev["mixed"] = "x"
		} else {
			ev["mixed"] = 5
		}
		if i%10 == 0 {
			ev["user_id"] = nil // Variant nulls do not count against a type
		}
		rows[i] = ev
	}
	return rows
}

func TestInferEvents(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	rows := inferEvents(r, 200)
	sample := sampleOf(rows...)
	s, err := Infer(sample, InferOptions{})
	require.NoError(t, err)
	require.Equal(t, "object{event_ts:timestamp,event_type:string,location:object{lat:double,lon:double},tags:array<string>,user_id:int64}", s.String())
	// Deterministic: the same values in another order give the same schema.
	shuffled := append([]variant.Variant(nil), sample...)
	r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	s2, err := Infer(shuffled, InferOptions{})
	require.NoError(t, err)
	require.True(t, s.Equal(s2))
	// The sample shreds and reconstructs.
	b := shredAll(t, mustLayout(t, s, true), rows)
	requireRoundTrip(t, b, rows)
	// Lower the field threshold and the rare field is shredded too.
	s3, err := Infer(sample, InferOptions{MinFraction: 0.01})
	require.NoError(t, err)
	_, ok := s3.Field("rare")
	require.True(t, ok)
	// Depth 1: objects inside the top-level object are not shredded.
	s4, err := Infer(sample, InferOptions{MaxDepth: 1})
	require.NoError(t, err)
	_, ok = s4.Field("location")
	require.False(t, ok)
	_, ok = s4.Field("event_ts")
	require.True(t, ok)
}

func TestInferMaxFields(t *testing.T) {
	row := map[string]any{}
	for i := range 400 {
		row["f"+strconv.Itoa(1000+i)] = i
	}
	s, err := Infer(sampleOf(row, row), InferOptions{})
	require.NoError(t, err)
	require.Len(t, s.Fields, 300)
	require.Equal(t, "f1000", s.Fields[0].Name)
	require.Equal(t, "f1299", s.Fields[299].Name)
	s, err = Infer(sampleOf(row), InferOptions{MaxFields: 5})
	require.NoError(t, err)
	require.Len(t, s.Fields, 5)
}

func TestInferNothing(t *testing.T) {
	for _, sample := range [][]variant.Variant{nil, sampleOf(nil, nil), sampleOf(1, "a", true)} {
		s, err := Infer(sample, InferOptions{})
		require.NoError(t, err)
		require.Equal(t, KindUntyped, s.Kind)
	}
}

func TestFits(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	rows := inferEvents(r, 200)
	s, err := Infer(sampleOf(rows...), InferOptions{})
	require.NoError(t, err)
	ok, err := Fits(s, sampleOf(inferEvents(r, 100)...), InferOptions{})
	require.NoError(t, err)
	require.True(t, ok)

	// event_ts arrives as text: the typed column no longer fits.
	changed := inferEvents(r, 100)
	for _, row := range changed {
		row.(map[string]any)["event_ts"] = "2024-10-24"
	}
	ok, err = Fits(s, sampleOf(changed...), InferOptions{})
	require.NoError(t, err)
	require.False(t, ok)

	// A new frequent field that the schema does not shred.
	added := inferEvents(r, 100)
	for _, row := range added {
		row.(map[string]any)["session"] = "s"
	}
	ok, err = Fits(s, sampleOf(added...), InferOptions{})
	require.NoError(t, err)
	require.False(t, ok)

	// Tag elements of another type, inside the list.
	retagged := inferEvents(r, 100)
	for _, row := range retagged {
		row.(map[string]any)["tags"] = []any{1, 2}
	}
	ok, err = Fits(s, sampleOf(retagged...), InferOptions{})
	require.NoError(t, err)
	require.False(t, ok)
}
