package variant

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMetadataLookups(t *testing.T) {
	for _, c := range []struct {
		name   string
		meta   string
		keys   []string
		sorted bool
	}{
		{"empty", "01 00 00", []string{}, false},
		{"empty sorted", "11 00 00", []string{}, true},
		{"unsorted", "01 03 00 01 02 04 62 61 63 63", []string{"b", "a", "cc"}, false},
		{"sorted", "11 03 00 01 02 04 61 62 63 63", []string{"a", "b", "cc"}, true},
		{"empty key", "11 02 00 00 01 61", []string{"", "a"}, true},
		{"4-byte offsets", "D1 01 00 00 00 00 00 00 00 01 00 00 00 7A", []string{"z"}, true},
		{"3-byte offsets", "81 01 00 00 00 00 00 01 00 00 7A", []string{"z"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			buf := unhex(t, c.meta)
			m, err := DecodeMetadata(buf)
			require.NoError(t, err)
			assert.Equal(t, c.keys, m.Keys())
			assert.Equal(t, len(c.keys), m.Len())
			assert.Equal(t, c.sorted, m.Sorted())
			assert.Equal(t, int(buf[0]>>6)+1, m.OffsetSize())
			assert.Equal(t, buf, m.Bytes())
			for id, k := range c.keys {
				got, ok := m.Key(id)
				assert.True(t, ok)
				assert.Equal(t, k, got)
				kb, ok := m.KeyBytes(id)
				assert.True(t, ok)
				assert.Equal(t, k, string(kb))
				found, ok := m.ID(k)
				assert.True(t, ok)
				assert.Equal(t, id, found)
			}
			for _, id := range []int{-1, len(c.keys), math.MaxInt} {
				_, ok := m.Key(id)
				assert.False(t, ok)
				_, ok = m.KeyBytes(id)
				assert.False(t, ok)
			}
			for _, missing := range []string{"zz", "A", "c", "bb", "\x00"} {
				_, ok := m.ID(missing)
				assert.False(t, ok, missing)
			}
		})
	}
}

// TestMetadataBisection: ID finds every key of a large sorted dictionary,
// with multi-byte UTF-8 keys ordered by bytes.
func TestMetadataBisection(t *testing.T) {
	var b Builder
	b.BeginObject()
	var keys []string
	for i := range 1000 {
		k := fmt.Sprintf("%03d", i)
		if i%3 == 0 {
			k += "é"
		}
		if i%7 == 0 {
			k = "\U0001F600" + k
		}
		keys = append(keys, k)
		b.Key(k)
		b.AppendInt(int64(i))
	}
	b.EndObject()
	v, err := b.Build()
	require.NoError(t, err)
	m := v.Metadata()
	require.True(t, m.Sorted())
	require.Equal(t, 1000, m.Len())
	o, err := v.Object()
	require.NoError(t, err)
	for i, k := range keys {
		id, ok := m.ID(k)
		require.True(t, ok, k)
		got, _ := m.Key(id)
		assert.Equal(t, k, got)
		f, ok, err := o.Field(k)
		require.NoError(t, err)
		require.True(t, ok, k)
		n, err := f.Int()
		require.NoError(t, err)
		assert.Equal(t, int64(i), n)
		_, ok, err = o.Field(k + "x")
		require.NoError(t, err)
		assert.False(t, ok)
	}
	// Re-read through an unsorted copy of the dictionary: the same answers
	// by linear search.
	var ub strings.Builder
	raw := []byte{0x41, 0xE8, 0x03, 0x00, 0x00}
	off := 0
	for _, k := range m.Keys() {
		off += len(k)
		ub.WriteString(k)
		raw = append(raw, byte(off), byte(off>>8))
	}
	raw = append(raw, ub.String()...)
	um, err := DecodeMetadata(raw)
	require.NoError(t, err)
	require.False(t, um.Sorted())
	uv, err := NewWithMetadata(um, v.Bytes())
	require.NoError(t, err)
	assert.Equal(t, mustDescribe(t, v), mustDescribe(t, uv))
}

// Metadata and Variant stay small: readers copy them by value, and the
// driver keeps one Variant per row it hands out.
func TestMetadataAndVariantSize(t *testing.T) {
	require.Equal(t, uintptr(32), unsafe.Sizeof(Metadata{}))
	require.Equal(t, uintptr(56), unsafe.Sizeof(Variant{}))
}
