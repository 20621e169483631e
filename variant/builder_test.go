package variant

import (
	"fmt"
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

// TestBuilderMisuse: every call order that builds no valid value is an
// ErrBuilder (or the named sentinel), kept from the first misuse on.
func TestBuilderMisuse(t *testing.T) {
	for _, c := range []struct {
		name     string
		calls    func(b *Builder)
		sentinel error
		msg      string
	}{
		{"nothing appended", func(b *Builder) {}, ErrBuilder, "variant: builder misuse: no value was appended"},
		{"Key outside an object", func(b *Builder) { b.Key("a") }, ErrBuilder, `variant: builder misuse: Key "a" outside an object`},
		{"Key in an array", func(b *Builder) { b.BeginArray(); b.Key("a") }, ErrBuilder, `variant: builder misuse: Key "a" outside an object`},
		{"two top-level values", func(b *Builder) { b.AppendInt(1); b.AppendInt(2) }, ErrBuilder, "variant: builder misuse: a second top-level value; call Reset between values"},
		{"value after a closed object", func(b *Builder) { b.BeginObject(); b.EndObject(); b.AppendNull() }, ErrBuilder, "variant: builder misuse: a second top-level value; call Reset between values"},
		{"EndArray on an object", func(b *Builder) { b.BeginObject(); b.EndArray() }, ErrBuilder, "variant: builder misuse: EndArray without an open array"},
		{"EndObject on an array", func(b *Builder) { b.BeginArray(); b.EndObject() }, ErrBuilder, "variant: builder misuse: EndObject without an open object"},
		{"EndObject with nothing open", func(b *Builder) { b.EndObject() }, ErrBuilder, "variant: builder misuse: EndObject without an open object"},
		{"EndArray with nothing open", func(b *Builder) { b.EndArray() }, ErrBuilder, "variant: builder misuse: EndArray without an open array"},
		{"value without a Key", func(b *Builder) { b.BeginObject(); b.AppendInt(1) }, ErrBuilder, "variant: builder misuse: object field value without a Key"},
		{"Key after Key", func(b *Builder) { b.BeginObject(); b.Key("a"); b.Key("b") }, ErrBuilder, `variant: builder misuse: Key "b" after a Key with no value`},
		{"EndObject after Key", func(b *Builder) { b.BeginObject(); b.Key("a"); b.EndObject() }, ErrBuilder, "variant: builder misuse: EndObject after a Key with no value"},
		{"open object", func(b *Builder) { b.BeginObject() }, ErrBuilder, "variant: builder misuse: 1 object or array not closed"},
		{"open arrays", func(b *Builder) { b.BeginArray(); b.BeginArray(); b.EndArray() }, ErrBuilder, "variant: builder misuse: 1 object or array not closed"},
		{"UseMetadata after a value", func(b *Builder) { b.AppendInt(1); b.UseMetadata(Metadata{}) }, ErrBuilder, "variant: builder misuse: UseMetadata after values were appended"},
		{"UseMetadata inside an array", func(b *Builder) { b.BeginArray(); b.UseMetadata(Metadata{}) }, ErrBuilder, "variant: builder misuse: UseMetadata after values were appended"},
		{"unknown key", func(b *Builder) {
			b.UseMetadata(MustDecodeMetadata([]byte{0x11, 0x01, 0x00, 0x01, 'a'}))
			b.BeginObject()
			b.Key("b")
		}, ErrUnknownKey, `variant: key not in metadata: "b"`},
		{"duplicate key", func(b *Builder) {
			b.BeginObject()
			b.Key("a")
			b.AppendNull()
			b.Key("a")
			b.AppendNull()
			b.EndObject()
		}, ErrDuplicateKey, `variant: duplicate key: "a"`},
		{"first error kept", func(b *Builder) {
			b.Key("x")
			b.EndArray()
			b.AppendInt(1)
		}, ErrBuilder, `variant: builder misuse: Key "x" outside an object`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b Builder
			c.calls(&b)
			v, err := b.Build()
			require.ErrorIs(t, err, c.sentinel)
			assert.EqualError(t, err, c.msg)
			assert.Equal(t, TypeInvalid, v.Type())
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, -1, e.Offset)

			// Reset clears the error and the builder works again.
			b.Reset()
			assert.NoError(t, b.Err())
			b.BeginObject()
			b.Key("a")
			b.AppendInt(1)
			b.EndObject()
			v, err = b.Build()
			if c.name == "unknown key" {
				// The fixed dictionary is kept across Reset.
				require.NoError(t, err)
				assert.Equal(t, "11 01 00 01 61", hexOf(v.Metadata().Bytes()))
			}
			require.NoError(t, err)
			assert.Equal(t, `{"a":int8:1}`, mustDescribe(t, v))
		})
	}
}

// TestBuilderReset: Reset reuses the buffers for a new value, keeping the
// duplicate-key mode and the fixed dictionary, and dropping collected keys.
func TestBuilderReset(t *testing.T) {
	var b Builder
	b.SetLastWins(true)
	b.BeginObject()
	b.Key("zz")
	b.AppendString("first")
	b.Key("yy")
	b.AppendNull()
	b.EndObject()
	first, err := b.Build()
	require.NoError(t, err)
	first = first.Clone()
	assert.Equal(t, []string{"yy", "zz"}, first.Metadata().Keys())

	b.Reset()
	b.BeginObject()
	b.Key("a")
	b.AppendInt(1)
	b.Key("a")
	b.AppendInt(2)
	b.EndObject()
	second, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, "11 01 00 01 61", hexOf(second.Metadata().Bytes()))
	assert.Equal(t, "02 01 00 00 02 0C 02", hexOf(second.Bytes()))
	// The clone of the first value is intact.
	assert.Equal(t, `{"yy":null:,"zz":string:"first"}`, mustDescribe(t, first))

	// Many values through one builder, each independent.
	for i := range 50 {
		b.Reset()
		b.BeginArray()
		for j := range i {
			b.BeginObject()
			b.Key(string(rune('a' + j%26)))
			b.AppendInt(int64(j))
			b.EndObject()
		}
		b.EndArray()
		v, err := b.Build()
		require.NoError(t, err)
		a, err := v.Array()
		require.NoError(t, err)
		require.Equal(t, i, a.Len())
		assert.Equal(t, min(i, 26), v.Metadata().Len())
		checkCanonical(t, v)
	}
}

// TestBuilderUseMetadata: with a fixed dictionary the value uses its ids,
// sorted or not, and Build returns that dictionary.
func TestBuilderUseMetadata(t *testing.T) {
	for _, meta := range []string{"01 03 00 01 02 03 63 62 61", "11 03 00 01 02 03 61 62 63"} {
		m := MustDecodeMetadata(unhex(t, meta))
		var b Builder
		b.UseMetadata(m)
		b.BeginObject()
		b.Key("c")
		b.AppendInt(3)
		b.Key("a")
		b.AppendInt(1)
		b.EndObject()
		v, err := b.Build()
		require.NoError(t, err)
		assert.Equal(t, meta, hexOf(v.Metadata().Bytes()))
		require.NoError(t, v.Validate())
		assert.Equal(t, `{"a":int8:1,"c":int8:3}`, mustDescribe(t, v))
		o, err := v.Object()
		require.NoError(t, err)
		idA, _ := m.ID("a")
		idC, _ := m.ID("c")
		assert.Equal(t, idA, o.h.fieldID(v.Bytes(), 0))
		assert.Equal(t, idC, o.h.fieldID(v.Bytes(), 1))
	}
	// AppendVariant into a fixed dictionary re-keys the source's ids.
	src := MustNew(unhex(t, "01 02 00 01 02 62 61"), unhex(t, "02 02 01 00 02 00 04 0C 01 0C 02"))
	var b Builder
	b.UseMetadata(MustDecodeMetadata(unhex(t, "11 03 00 01 02 03 61 62 63")))
	b.AppendVariant(src)
	v, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, "02 02 00 01 00 02 04 0C 02 0C 01", hexOf(v.Bytes()))
}

// TestBuilderKeysUnsortedMany: more than 256 keys first seen out of order
// go through the id re-encoding, objects nested in arrays included.
func TestBuilderKeysUnsortedMany(t *testing.T) {
	var b Builder
	b.BeginArray()
	for i := 299; i >= 0; i-- {
		b.BeginObject()
		b.Key(fmt.Sprintf("k%03d", i))
		b.BeginArray()
		b.AppendInt(int64(i))
		b.EndArray()
		b.Key("zz")
		b.AppendNull()
		b.EndObject()
	}
	for _, k := range []string{"k000", "zz"} {
		b.BeginObject()
		b.Key(k)
		b.AppendBool(true)
		b.EndObject()
	}
	b.EndArray()
	v, err := b.Build()
	require.NoError(t, err)
	require.NoError(t, v.Validate())
	checkCanonical(t, v)
	m := v.Metadata()
	require.Equal(t, 301, m.Len())
	k, _ := m.Key(0)
	assert.Equal(t, "k000", k)
	k, _ = m.Key(300)
	assert.Equal(t, "zz", k)
	a, err := v.Array()
	require.NoError(t, err)
	for i := range 300 {
		e, err := a.At(i)
		require.NoError(t, err)
		key := fmt.Sprintf("k%03d", 299-i)
		got, ok, err := e.Get(MustParsePath("$." + key + "[0]"))
		require.NoError(t, err)
		require.True(t, ok, key)
		n, err := got.Int()
		require.NoError(t, err)
		assert.Equal(t, int64(299-i), n)
		// "zz" has id 300: two bytes.
		o, _ := e.Object()
		assert.Equal(t, 2, o.h.idSize)
	}
	// {"k000": true} was written with provisional id 300 (two bytes) and
	// shrinks to one byte for id 0; {"zz": true} was written with
	// provisional id 1 (one byte) and grows to two for id 300.
	last, err := a.At(300)
	require.NoError(t, err)
	assert.Equal(t, "02 01 00 00 01 04", hexOf(last.Bytes()))
	zz, err := a.At(301)
	require.NoError(t, err)
	assert.Equal(t, "12 01 2C 01 00 01 04", hexOf(zz.Bytes()))
}

// TestAppendVariantIntoContainers: a value appended inside an object keeps
// its own structure and is re-keyed into the builder's dictionary.
func TestAppendVariantIntoContainers(t *testing.T) {
	meta, value := specPair(t, "object_primitive")
	src := MustNew(meta, value)
	var b Builder
	b.BeginObject()
	b.Key("wrapped")
	b.AppendVariant(src)
	b.Key("again")
	b.BeginArray()
	b.AppendVariant(src)
	b.AppendVariant(src)
	b.EndArray()
	b.EndObject()
	v, err := b.Build()
	require.NoError(t, err)
	checkCanonical(t, v)
	inner := specWant["object_primitive"]
	assert.Equal(t, `{"again":[`+inner+`,`+inner+`],"wrapped":`+inner+`}`, mustDescribe(t, v))
}
