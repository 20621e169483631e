package variant

import (
	"errors"
	"testing"
)

// TestTruncatedPayloadIsInvalidValue: a value of the right type whose
// payload is cut short is an ErrInvalidValue, not a type mismatch.
func TestTruncatedPayloadIsInvalidValue(t *testing.T) {
	m, err := DecodeMetadata([]byte{0x01, 0x00, 0x00})
	if err != nil {
		t.Fatal(err)
	}
	checks := map[string]func() error{
		"double":              func() error { _, err := View(m, []byte{0x1C, 0, 0}).Float64(); return err },
		"timestamp":           func() error { _, _, err := View(m, []byte{0x30, 1}).TimestampMicros(); return err },
		"timestamp_ntz":       func() error { _, _, err := View(m, []byte{0x34}).TimestampMicros(); return err },
		"timestamp_nanos":     func() error { _, _, err := View(m, []byte{0x48, 1}).TimestampNanos(); return err },
		"timestamp_ntz_nanos": func() error { _, _, err := View(m, []byte{0x4C, 1, 2}).TimestampNanos(); return err },
	}
	for name, f := range checks {
		if err := f(); !errors.Is(err, ErrInvalidValue) {
			t.Errorf("truncated %s: %v, want ErrInvalidValue", name, err)
		}
	}
	if _, err := View(m, []byte{0x0C, 1}).Float64(); !errors.Is(err, ErrTypeMismatch) {
		t.Errorf("Float64 of int8: %v, want ErrTypeMismatch", err)
	}
	if _, _, err := View(m, []byte{0x0C, 1}).TimestampMicros(); !errors.Is(err, ErrTypeMismatch) {
		t.Errorf("TimestampMicros of int8: %v, want ErrTypeMismatch", err)
	}
	if _, _, err := View(m, []byte{}).TimestampNanos(); !errors.Is(err, ErrTypeMismatch) {
		t.Errorf("TimestampNanos of nothing: %v, want ErrTypeMismatch", err)
	}
}
