package variant

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestValidateErrorPath: a validation error gives the byte offset of the
// fault and the path of the value at fault, through objects (dot names and
// quoted names) and arrays.
func TestValidateErrorPath(t *testing.T) {
	build := func(f func(b *Builder)) Variant {
		var b Builder
		f(&b)
		v, err := b.Build()
		require.NoError(t, err)
		return v.Clone()
	}
	check := func(t *testing.T, v Variant, sentinel error, offset int, path string) {
		t.Helper()
		err := v.Validate()
		var e *Error
		require.ErrorAs(t, err, &e)
		require.ErrorIs(t, err, sentinel)
		require.Equal(t, offset, e.Offset, err.Error())
		require.Equal(t, path, e.Path, err.Error())
		_, err = NewWithMetadata(v.Metadata(), v.Bytes())
		require.ErrorIs(t, err, sentinel)
	}

	t.Run("array element in a field", func(t *testing.T) {
		// {"a": [1, "xy"]} with "xy" made invalid UTF-8.
		v := build(func(b *Builder) {
			b.BeginObject()
			b.Key("a")
			b.BeginArray()
			b.AppendInt(1)
			b.AppendString("xy")
			b.EndArray()
			b.EndObject()
		})
		at := bytes.Index(v.Bytes(), []byte("xy"))
		v.Bytes()[at] = 0xff
		check(t, v, ErrInvalidValue, at, "$.a[1]")
	})
	t.Run("quoted key", func(t *testing.T) {
		// {"x y": {"b": 1.5}} with the decimal scale set to 39.
		v := build(func(b *Builder) {
			b.BeginObject()
			b.Key("x y")
			b.BeginObject()
			b.Key("b")
			b.AppendDecimal(Decimal{lo: 15, scale: 1})
			b.EndObject()
			b.EndObject()
		})
		at := bytes.Index(v.Bytes(), []byte{byte(PrimitiveDecimal4) << 2, 1, 15}) + 1
		v.Bytes()[at] = 39
		check(t, v, ErrInvalidValue, at, "$['x y'].b")
	})
	t.Run("trailing bytes", func(t *testing.T) {
		v := build(func(b *Builder) { b.AppendInt(1) })
		check(t, View(v.Metadata(), append(v.Bytes(), 0)), ErrInvalidValue, 2, "$")
	})
	t.Run("too deep", func(t *testing.T) {
		// MaxDepth nested arrays around the string "ab", which is then
		// replaced by an empty array (03 00 00), one level too deep.
		v := build(func(b *Builder) {
			for range MaxDepth {
				b.BeginArray()
			}
			b.AppendString("ab")
			for range MaxDepth {
				b.EndArray()
			}
		})
		require.NoError(t, v.Validate())
		at := bytes.Index(v.Bytes(), []byte{0x09, 'a', 'b'})
		copy(v.Bytes()[at:], []byte{0x03, 0, 0})
		check(t, v, ErrTooDeep, at, "$"+strings.Repeat("[0]", MaxDepth))
		err := v.Validate()
		require.False(t, errors.Is(err, ErrInvalidValue))
	})
}
