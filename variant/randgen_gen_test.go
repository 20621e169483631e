package variant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGeneratorCoverage checks that the random values the cross-checks run on
// reach every logical type, both string forms, 1-, 2- and 3-byte offsets,
// 1- and 2-byte field ids and is_large objects and arrays, and that the same
// seed gives the same values.
func TestGeneratorCoverage(t *testing.T) {
	g := newGenerator(1)
	s := newShapeStats()
	var b Builder
	for range 10_000 {
		s.add(buildOurs(t, &b, g.top()))
	}
	for typ := TypeNull; typ <= TypeArray; typ++ {
		require.Positive(t, s.types[typ], "type %v", typ)
	}
	require.Positive(t, s.short, "short strings")
	require.Positive(t, s.long, "long strings")
	for _, k := range []string{"object/1", "object/2", "object/3", "array/1", "array/2", "array/3"} {
		require.Positive(t, s.offSizes[k], "%s-byte offsets", k)
	}
	require.Positive(t, s.idSizes[1], "1-byte field ids")
	require.Positive(t, s.idSizes[2], "2-byte field ids")
	require.Positive(t, s.large["object"], "objects of more than 255 fields")
	require.Positive(t, s.large["array"], "arrays of more than 255 elements")
	t.Logf("types %v; strings short %d long %d; offsets %v; field ids %v; is_large %v",
		s.types, s.short, s.long, s.offSizes, s.idSizes, s.large)

	v1 := buildOurs(t, &b, newGenerator(7).top()).Clone()
	v2 := buildOurs(t, &b, newGenerator(7).top())
	require.Equal(t, v1.Bytes(), v2.Bytes())
	require.Equal(t, v1.Metadata().Bytes(), v2.Metadata().Bytes())
}
