package driver

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// TestVariantBoxes: every interface box makes holds a variant.Variant equal
// to the one given while the next slabLen-1 values are boxed, and compares,
// switches and converts as an interface Go made would; the ring then
// reuses its element.
func TestVariantBoxes(t *testing.T) {
	var b variantBoxes
	const n = 3*slabLen + 5
	want := make([]variant.Variant, n)
	got := make([]any, n)
	check := func(i int) {
		v, ok := got[i].(variant.Variant)
		require.True(t, ok, "box %d holds %T", i, got[i])
		require.Equal(t, want[i].Bytes(), v.Bytes(), "box %d", i)
		require.Equal(t, want[i].Metadata().Bytes(), v.Metadata().Bytes(), "box %d", i)
		require.Equal(t, fmt.Sprintf(`{"i":%d,"s":"value %d"}`, i, i), v.String())
		var made any = want[i]
		require.Equal(t, made, got[i], "box %d", i)
		switch x := got[i].(type) {
		case fmt.Stringer:
			require.Equal(t, v.String(), x.String())
		default:
			t.Fatalf("box %d: %T is not a fmt.Stringer", i, x)
		}
	}
	for i := range n {
		v, err := variant.ParseJSON([]byte(fmt.Sprintf(`{"i":%d,"s":"value %d"}`, i, i)))
		require.NoError(t, err)
		want[i] = v
		got[i] = b.box(v, 1)
		for j := max(0, i-slabLen+1); j <= i; j++ {
			check(j)
		}
	}
	// The first interface's element now holds the value boxed slabLen
	// after it.
	require.Equal(t, want[slabLen*3].String(), got[0].(variant.Variant).String())
	require.Equal(t, 5, b.n)
}

// TestVariantBoxesNoAllocation: boxing allocates the ring once, not one
// object per value.
func TestVariantBoxesNoAllocation(t *testing.T) {
	v, err := variant.ParseJSON([]byte(`{"a":1}`))
	require.NoError(t, err)
	var b variantBoxes
	var sink any
	allocs := testing.AllocsPerRun(10, func() {
		for range 3 * slabLen {
			sink = b.box(v, 1)
		}
	})
	require.Equal(t, 0.0, allocs)
	require.Equal(t, v.String(), sink.(variant.Variant).String())
}

// TestVariantBoxesWideRows: a row of more values than slabLen gets as many
// elements, each value kept until the next row.
func TestVariantBoxesWideRows(t *testing.T) {
	const width = slabLen + 72
	var b variantBoxes
	for row := range 3 {
		got := make([]any, width)
		for i := range width {
			v, err := variant.ParseJSON([]byte(fmt.Sprintf(`[%d,%d]`, row, i)))
			require.NoError(t, err)
			got[i] = b.box(v, width)
		}
		for i := range width {
			require.Equal(t, fmt.Sprintf(`[%d,%d]`, row, i), got[i].(variant.Variant).String())
		}
	}
}

// TestVariantBoxesScribble: scribble empties the Variants handed out, so
// that an interface kept from an earlier row holds no value.
func TestVariantBoxesScribble(t *testing.T) {
	v, err := variant.ParseJSON([]byte(`{"a":1}`))
	require.NoError(t, err)
	var b variantBoxes
	kept := []any{b.box(v, 2), b.box(v, 2)}
	b.scribble()
	for _, k := range kept {
		require.Empty(t, k.(variant.Variant).Bytes())
	}
	next := b.box(v, 2)
	require.Equal(t, v.String(), next.(variant.Variant).String())
}
