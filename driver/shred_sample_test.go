package driver

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// sampleRows returns n rows of one VARIANT column, each the integer of
// the row's index, every third row NULL (the zero Variant).
func sampleRows(t *testing.T, n int) []variant.Variant {
	t.Helper()
	rows := make([]variant.Variant, n)
	for r := range rows {
		if r%3 != 0 {
			var b variant.Builder
			b.AppendInt(int64(r))
			v, err := b.Build()
			require.NoError(t, err)
			rows[r] = v.Clone()
		}
	}
	return rows
}

func sampleInts(t *testing.T, s []variant.Variant) []int64 {
	t.Helper()
	out := make([]int64, len(s))
	for i, v := range s {
		x, err := v.Int()
		require.NoError(t, err)
		out[i] = x
	}
	return out
}

func TestShredSampleTakesEveryVariantUpToTheBound(t *testing.T) {
	rows := sampleRows(t, 9)
	require.Equal(t, []int64{1, 2, 4, 5, 7, 8}, sampleInts(t, shredSample(len(rows), func(r int) (variant.Variant, bool) { return rows[r], len(rows[r].Bytes()) > 0 })))

	// 3*shredSampleRows/2 rows hold exactly shredSampleRows Variants.
	rows = sampleRows(t, 3*shredSampleRows/2)
	got := sampleInts(t, shredSample(len(rows), func(r int) (variant.Variant, bool) { return rows[r], len(rows[r].Bytes()) > 0 }))
	require.Len(t, got, shredSampleRows)
	require.Equal(t, int64(1), got[0])
	require.Equal(t, int64(3*shredSampleRows/2-1), got[len(got)-1])
}

func TestShredSampleSpreadsOverTheRowGroup(t *testing.T) {
	// 3*shredSampleRows rows: 2*shredSampleRows Variants, every second
	// one taken, so every third row: rows 1, 4, 7, ... (Variants 0, 2, 4).
	rows := sampleRows(t, 3*shredSampleRows)
	got := sampleInts(t, shredSample(len(rows), func(r int) (variant.Variant, bool) { return rows[r], len(rows[r].Bytes()) > 0 }))
	require.Len(t, got, shredSampleRows)
	for j, x := range got {
		require.Equal(t, int64(3*j+1), x, "sample %d", j)
	}

	// 3 Variants for 2 places: Variants 0 and 2 (positions 0 and 1.5).
	rows = sampleRows(t, 9*shredSampleRows/4+1)
	got = sampleInts(t, shredSample(len(rows), func(r int) (variant.Variant, bool) { return rows[r], len(rows[r].Bytes()) > 0 }))
	require.Len(t, got, shredSampleRows)
	require.Equal(t, []int64{1, 4, 5, 8, 10}, got[:5])
	require.Less(t, got[len(got)-1], int64(9*shredSampleRows/4+1))
}
