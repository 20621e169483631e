package variant

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuildTwice: Build may be called again; it returns the same value (the
// dictionary re-sort must not be applied twice).
func TestBuildTwice(t *testing.T) {
	var b Builder
	b.BeginObject()
	b.Key("b")
	b.AppendInt(1)
	b.Key("a")
	b.AppendInt(2)
	b.EndObject()
	first, err := b.Build()
	require.NoError(t, err)
	want := "02 02 00 01 00 02 04 0C 02 0C 01"
	assert.Equal(t, "11 02 00 01 02 61 62", hexOf(first.Metadata().Bytes()))
	assert.Equal(t, want, hexOf(first.Bytes()))
	second, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, "11 02 00 01 02 61 62", hexOf(second.Metadata().Bytes()))
	assert.Equal(t, want, hexOf(second.Bytes()))
	assert.Equal(t, `{"a":int8:2,"b":int8:1}`, mustDescribe(t, second))
}

// TestBuilderOutputIsValid: the Builder never produces bytes that New would
// reject. Strings and keys that are not UTF-8 are errors, AppendVariant
// checks what it copies, and it gives strings their short form.
func TestBuilderOutputIsValid(t *testing.T) {
	var b Builder
	b.AppendString("a\xffb")
	_, err := b.Build()
	require.ErrorIs(t, err, ErrInvalidValue)
	assert.EqualError(t, err, `variant: invalid value: string "a\xffb" is not valid UTF-8`)

	b.Reset()
	b.AppendString(string(make([]byte, 63)) + "\xc3")
	_, err = b.Build()
	require.ErrorIs(t, err, ErrInvalidValue)

	b.Reset()
	b.BeginObject()
	b.Key("\xc3\x28")
	b.AppendNull()
	b.EndObject()
	_, err = b.Build()
	require.ErrorIs(t, err, ErrInvalidValue)
	assert.EqualError(t, err, `variant: invalid value: key "\xc3(" is not valid UTF-8`)

	for _, c := range []struct {
		name, value, want string
		err               error
	}{
		{"long string of 1 byte", "40 01 00 00 00 61", "05 61", nil},
		{"long string of 63 bytes", "40 3F 00 00 00" + rep(" 61", 63), "FD" + rep(" 61", 63), nil},
		{"long string of 64 bytes", "40 40 00 00 00" + rep(" 61", 64), "40 40 00 00 00" + rep(" 61", 64), nil},
		{"short string not UTF-8", "05 FF", "", ErrInvalidValue},
		{"long string not UTF-8", "40 01 00 00 00 FF", "", ErrInvalidValue},
		{"decimal4 scale 39", "20 27 01 00 00 00", "", ErrInvalidValue},
		{"decimal16 scale 255", "28 FF 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "", ErrInvalidValue},
		{"unknown primitive 21", "54", "", ErrInvalidValue},
		{"empty", "", "", ErrInvalidValue},
		{"int16 kept", "10 01 00", "10 01 00", nil},
		{"decimal8 of 1 digit kept", "24 00 01 00 00 00 00 00 00 00", "24 00 01 00 00 00 00 00 00 00", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b Builder
			b.AppendVariant(View(Metadata{}, unhex(t, c.value)))
			v, err := b.Build()
			if c.err != nil {
				require.ErrorIs(t, err, c.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, hexOf(v.Bytes()))
			require.NoError(t, v.Validate())
		})
	}
}

// TestAppendVariantValidates: AppendVariant of a View over malformed bytes
// fails instead of copying them; 30 levels of two-element arrays sharing
// one child would otherwise be copied as 2^30 values.
func TestAppendVariantValidates(t *testing.T) {
	value := []byte{0x0C, 0x01}
	for range 30 {
		value = append([]byte{0x03, 0x02, 0x00, 0x00, byte(len(value))}, value...)
	}
	var b Builder
	b.AppendVariant(View(Metadata{}, value))
	_, err := b.Build()
	require.ErrorIs(t, err, ErrInvalidValue)
	// The innermost array is checked first: element 0 of each array is
	// walked before element 1 is looked at.
	assert.EqualError(t, err, "variant: invalid value at offset 148 ($"+rep("[0]", 29)+"): element offset 0, want 2: elements must follow each other")

	// Trailing bytes, field ids out of range, unsorted fields.
	for _, c := range []struct{ meta, value string }{
		{metaEmpty, "0C 01 00"},
		{metaEmpty, "02 01 00 00 02 0C 01"},
		{metaAB, "02 02 01 00 00 02 04 0C 01 0C 02"},
	} {
		b.Reset()
		b.AppendVariant(View(MustDecodeMetadata(unhex(t, c.meta)), unhex(t, c.value)))
		_, err := b.Build()
		assert.ErrorIs(t, err, ErrInvalidValue, c.value)
	}
}
