package variant

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// Timestamp text at the ends of the microsecond range: the instant it
// gives, after its zone, is in range or the cast fails (docs/design.md
// section 4: narrowing never wraps); TryCast gives NULL for the failures.
func TestCastTextTimestampRange(t *testing.T) {
	const (
		minDayMidnight = -9223372022400000000 // -290308-12-22 00:00:00
		maxDayMidnight = 9223372022400000000  // 294247-01-10 00:00:00
	)
	tests := []struct {
		text string
		us   int64  // microseconds since 1970-01-01 00:00:00 UTC
		err  string // the failure after `variant: cannot cast: string "text" to K: `
	}{
		{"294247-01-10 04:00:54.775807", math.MaxInt64, ""},
		{"294247-01-10T04:00:54.775807Z", math.MaxInt64, ""},
		{"294247-01-10 05:00:54.775807+01:00", math.MaxInt64, ""},
		{"294247-01-10 04:00:54.775808", 0, "out of range"},
		{"294247-01-10 04:00:54.775808+00:00", 0, "out of range"},
		{"294247-01-10 03:30:00-01:00", 0, "out of range"},
		{"294247-01-10 23:59:59.999999", 0, "out of range"},
		{"294247-01-11", 0, "out of range"},
		{"294247-01-10", maxDayMidnight, ""},
		{"-290308-12-21 19:59:05.224192", math.MinInt64, ""},
		{"-290308-12-21 18:59:05.224192-01:00", math.MinInt64, ""},
		{"-290308-12-21 19:59:05.224191", 0, "out of range"},
		{"-290308-12-21 19:59:05.224192+00:01", 0, "out of range"},
		{"-290308-12-21 23:59:59.999999", math.MinInt64 + 14454775807, ""},
		{"-290308-12-21", 0, "out of range"},
		{"-290308-12-22", minDayMidnight, ""},
		{"-290308-12-22 00:00:00+18:00", 0, "out of range"},
		{"-290308-12-22 00:00:00+04:00", minDayMidnight - 4*3600000000, ""},
		{"-290308-12-22 00:00:00+04:01", 0, "out of range"},
		{"9999999-12-31 23:59:59.999999-18:59", 0, "out of range"},
		{"-9999999-01-01 00:00:00+18:59", 0, "out of range"},
	}
	for _, k := range []SQLKind{SQLTimestamp, SQLTimestampNTZ} {
		for _, tt := range tests {
			v := build(t, func(b *Builder) { b.AppendString(tt.text) })
			us, ok, err := v.CastMicros(k, CastStrict)
			if tt.err != "" {
				require.EqualError(t, err, "variant: cannot cast: string "+strconv.Quote(tt.text)+" to "+k.String()+": "+tt.err, tt.text)
				require.ErrorIs(t, err, ErrCast)
				require.False(t, ok)
				got, ok, err := v.TryCast(SQLType{Kind: k})
				require.NoError(t, err, tt.text)
				require.False(t, ok, tt.text)
				require.Nil(t, got, tt.text)
				continue
			}
			require.NoError(t, err, tt.text)
			require.True(t, ok, tt.text)
			require.Equal(t, tt.us, us, "%s to %s", tt.text, k)
		}
	}
}

// The date of timestamp text is the day of the instant, so it fails where
// the timestamp does.
func TestCastTextTimestampRangeToDate(t *testing.T) {
	tests := []struct {
		text string
		days int64
		err  string
	}{
		{"294247-01-10 04:00:54.775807", 106751991, ""},
		{"294247-01-10 04:00:54.775808", 0, "out of range"},
		{"294247-01-10 03:30:00-01:00", 0, "out of range"},
		{"-290308-12-21 19:59:05.224192", -106751992, ""},
		{"-290308-12-21 19:59:05.224191", 0, "out of range"},
		{"-290308-12-21", -106751992, ""}, // a date alone is a date, not an instant
	}
	for _, tt := range tests {
		v := build(t, func(b *Builder) { b.AppendString(tt.text) })
		days, ok, err := v.CastDays(CastStrict)
		if tt.err != "" {
			require.EqualError(t, err, "variant: cannot cast: string "+strconv.Quote(tt.text)+" to date: "+tt.err)
			continue
		}
		require.NoError(t, err, tt.text)
		require.True(t, ok)
		require.Equal(t, tt.days, days, tt.text)
	}
}

// Every timestamp's text casts back to it: boundary and random values of
// timestamp and timestamp_ntz; the nanosecond types come back as their
// microseconds, floored.
func TestCastTimestampTextRoundTrip(t *testing.T) {
	values := []int64{math.MinInt64, math.MinInt64 + 1, math.MaxInt64, math.MaxInt64 - 1, 0, 1, -1,
		-9223372022400000000, -9223372022400000001, 9223372022400000000, 9223372022400000000 - 1, 86400000000, -86400000000}
	r := rand.New(rand.NewPCG(4, 5))
	for range 2000 {
		values = append(values, int64(r.Uint64()))
	}
	// Each timestamp type, the type its text casts back to, and the micros
	// that cast gives for the value v (nanos round down to micros).
	types := []struct {
		name   string
		append func(b *Builder, v int64)
		back   SQLKind
		micros func(v int64) int64
	}{
		{"timestamp", (*Builder).AppendTimestamp, SQLTimestamp, func(v int64) int64 { return v }},
		{"timestamp_ntz", (*Builder).AppendTimestampNTZ, SQLTimestampNTZ, func(v int64) int64 { return v }},
		{"timestamp_nanos", (*Builder).AppendTimestampNanos, SQLTimestamp, func(v int64) int64 { return floorDiv(v, 1000) }},
		{"timestamp_ntz_nanos", (*Builder).AppendTimestampNTZNanos, SQLTimestamp, func(v int64) int64 { return floorDiv(v, 1000) }},
	}
	for _, us := range values {
		for _, ty := range types {
			v := build(t, func(b *Builder) { ty.append(b, us) })
			text, ok, err := v.CastString(CastStrict)
			require.NoError(t, err)
			require.True(t, ok)
			back, ok, err := build(t, func(b *Builder) { b.AppendString(text) }).CastMicros(ty.back, CastStrict)
			require.NoError(t, err, text)
			require.True(t, ok)
			require.Equal(t, ty.micros(us), back, "%s %d -> %q", ty.name, us, text)
		}
	}
}
