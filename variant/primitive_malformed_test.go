package variant

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A truncated double or timestamp is malformed bytes, not a value of another
// type: its accessor once answered "want timestamp or timestamp_ntz, have
// timestamp".
func TestTruncatedFixedWidthIsInvalidValue(t *testing.T) {
	for _, h := range []string{"1C", "30", "34", "48", "4C"} {
		v := View(MustDecodeMetadata(unhex(t, emptyMeta)), unhex(t, h+" 01 02"))
		var err error
		switch v.Type() {
		case TypeDouble:
			_, err = v.Float64()
		case TypeTimestamp, TypeTimestampNTZ:
			_, _, err = v.TimestampMicros()
		default:
			_, _, err = v.TimestampNanos()
		}
		assert.ErrorIs(t, err, ErrInvalidValue, h)
		assert.NotErrorIs(t, err, ErrTypeMismatch, h)
	}
	_, _, err := value(t, "0C 01").TimestampMicros()
	assert.ErrorIs(t, err, ErrTypeMismatch)
	_, _, err = value(t, "0C 01").TimestampNanos()
	assert.ErrorIs(t, err, ErrTypeMismatch)
	_, err = value(t, "0C 01").Float64()
	assert.ErrorIs(t, err, ErrTypeMismatch)
}

// A time of day must be in [00:00:00, 24:00:00): New rejects one outside,
// so that no later call (JSON output, Interface, casts) meets it.
func TestTimeOfDayOutsideTheDayIsInvalid(t *testing.T) {
	meta := unhex(t, emptyMeta)
	for h, ok := range map[string]bool{
		"44 00 00 00 00 00 00 00 00": true,  // 00:00:00
		"44 FF 5F D7 1D 14 00 00 00": true,  // 23:59:59.999999
		"44 00 60 D7 1D 14 00 00 00": false, // 24:00:00
		"44 FF FF FF FF FF FF FF FF": false, // -1 µs
		"44 00 00 00 00 00 00 00 80": false, // math.MinInt64
	} {
		_, err := New(meta, unhex(t, h))
		if ok {
			assert.NoError(t, err, h)
			continue
		}
		assert.ErrorIs(t, err, ErrInvalidValue, h)
		assert.ErrorContains(t, err, "outside [00:00:00, 24:00:00)", h)
	}
}
