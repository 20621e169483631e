package variant

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type namedByte byte

// TestOfArrayOfNamedByteType: Of takes [N]T for any byte element type T
// as binary (copied), as its doc says, like []T.
func TestOfArrayOfNamedByteType(t *testing.T) {
	for _, x := range []any{[3]namedByte{1, 2, 3}, []namedByte{1, 2, 3}, [3]byte{1, 2, 3}} {
		v, err := Of(x)
		require.NoError(t, err, "%T", x)
		b, err := v.Binary()
		require.NoError(t, err)
		require.Equal(t, []byte{1, 2, 3}, b, "%T", x)
	}
}

// TestBuilderTimeOfDayOutOfRange: the Builder refuses a time of day outside
// [00:00:00, 24:00:00) with ErrOverflow, as Of does, rather than build a
// value that Validate and New reject.
func TestBuilderTimeOfDayOutOfRange(t *testing.T) {
	for _, us := range []int64{-1, 86400000000} {
		var b Builder
		b.AppendTimeMicros(us)
		_, err := b.Build()
		require.ErrorIs(t, err, ErrOverflow, "%d µs", us)
	}
	var b Builder
	b.AppendTimeMicros(86399999999)
	v, err := b.Build()
	require.NoError(t, err)
	require.NoError(t, v.Validate())
}

// TestOfErrorPathAtTopLevel: an error of Of about x itself has an empty
// Path, as its doc says, also when x is a Variant; inside x it names the
// place.
func TestOfErrorPathAtTopLevel(t *testing.T) {
	for _, x := range []any{Variant{}, View(Metadata{}, []byte{0x05})} {
		_, err := Of(x)
		var e *Error
		require.True(t, errors.As(err, &e), "%v", err)
		require.Equal(t, "", e.Path, "%v", err)
	}
	_, err := Of(map[string]any{"a": []any{1, Variant{}}})
	var e *Error
	require.True(t, errors.As(err, &e), "%v", err)
	require.Equal(t, "$.a[1]", e.Path)
}

// TestCastTextGrammarEdges pins what the Cast doc says of text: a number
// may have no digits before or after its point (".5", "5."); a timestamp's
// fraction has 1 to 9 digits and its zone is at most 18 hours from UTC.
func TestCastTextGrammarEdges(t *testing.T) {
	for s, want := range map[string]string{".5": "0.50", "5.": "5.00", "-.5": "-0.50", ".5e1": "5.00"} {
		v := MustOf(s)
		d, ok, err := v.CastDecimal(SQLType{Kind: SQLDecimal, Precision: 10, Scale: 2}, CastStrict)
		require.NoError(t, err, s)
		require.True(t, ok, s)
		require.Equal(t, want, d.String(), s)
	}
	at := func(s string) (int64, bool) {
		us, ok, _ := MustOf(s).CastMicros(SQLTimestamp, CastLenient)
		return us, ok
	}
	us, ok := at("2024-05-06T23:30:00.123456789Z")
	require.True(t, ok)
	require.Equal(t, time.Date(2024, 5, 6, 23, 30, 0, 123456000, time.UTC).UnixMicro(), us)
	_, ok = at("2024-05-06T23:30:00.1234567890Z")
	require.False(t, ok, "10 fraction digits")
	us, ok = at("2024-05-06T23:30:00+18:00")
	require.True(t, ok)
	require.Equal(t, time.Date(2024, 5, 6, 5, 30, 0, 0, time.UTC).UnixMicro(), us)
	_, ok = at("2024-05-06T23:30:00+19:00")
	require.False(t, ok, "19 hours from UTC")
}
