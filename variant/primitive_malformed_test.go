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
