package scan

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/shred"
)

// writeFloatPages writes a file of columns id (INT64) and x (DOUBLE of
// type typ) with one row group whose pages hold pages[k] in x and the next
// ids from 1 in id.
func writeFloatPages(t *testing.T, path string, typ parquet.Type, pages [][]float64) {
	t.Helper()
	schema := parquet.NewSchema("t", parquet.Group{
		"id": parquet.Leaf(parquet.Int64Type),
		"x":  parquet.Leaf(typ),
	})
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	w := parquet.NewWriter(f, schema)
	cols := w.ColumnWriters()
	id := int64(1)
	for _, page := range pages {
		ids := make([]parquet.Value, len(page))
		xs := make([]parquet.Value, len(page))
		for i, x := range page {
			ids[i] = parquet.Int64Value(id).Level(0, 0, 0)
			xs[i] = parquet.DoubleValue(x).Level(0, 0, 1)
			id++
		}
		for c, vals := range [][]parquet.Value{ids, xs} {
			_, err := cols[c].WriteRowValues(vals)
			require.NoError(t, err)
			require.NoError(t, cols[c].Flush())
		}
	}
	require.NoError(t, w.Close())
}

// TestFloatPageSkipping: pages are skipped by their column index entries
// of a DOUBLE column with the same rows as without skipping, in files whose
// writer puts NaN in the bounds of a page of only NaN and keeps the sign
// of the first zero it meets (a min of +0.0, a max of -0.0: parquet-go's
// own DoubleType), and in files written with TYPE_ORDER statistics
// (shred.ParquetDouble: -Inf and +Inf for a page of only NaN, -0.0 for a
// zero min, +0.0 for a zero max); pitfall B39.
func TestFloatPageSkipping(t *testing.T) {
	nan, negZ := math.NaN(), math.Copysign(0, -1)
	pages := [][]float64{
		{nan, nan},   // ids 1, 2
		{negZ, -1},   // 3, 4
		{0, 1},       // 5, 6
		{1.5, -2},    // 7, 8
		{5, 6},       // 9, 10
		{negZ, nan},  // 11, 12
		{0, negZ, 0}, // 13, 14, 15
	}
	x := Col("x")
	for name, typ := range map[string]parquet.Type{"parquet-go": parquet.DoubleType, "TYPE_ORDER": shred.ParquetDouble} {
		dir := t.TempDir()
		writeFloatPages(t, filepath.Join(dir, "t", "a.parquet"), typ, pages)
		for _, c := range []struct {
			p       Predicate
			want    []int64
			skipped int64 // pages (of id and x) skipped, at least
		}{
			{Compare{x, Eq, 0.0}, []int64{3, 5, 11, 13, 14, 15}, 4},
			{Compare{x, Eq, negZ}, []int64{3, 5, 11, 13, 14, 15}, 4},
			{Compare{x, Gt, 0.0}, []int64{1, 2, 6, 7, 9, 10, 12}, 2},
			{Compare{x, Ge, 0.0}, []int64{1, 2, 3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15}, 0},
			{Compare{x, Lt, 0.0}, []int64{4, 8}, 9},
			{Compare{x, Le, negZ}, []int64{3, 4, 5, 8, 11, 13, 14, 15}, 3},
			{Compare{x, Gt, 5.5}, []int64{1, 2, 10, 12}, 4},
			{Compare{x, Lt, -1.5}, []int64{8}, 11},
			{Compare{x, Eq, nan}, []int64{1, 2, 12}, 5},
			{Not{Compare{x, Le, 6.0}}, []int64{1, 2, 12}, 5},
		} {
			got, st := ids(t, dir, c.p)
			assert.Equal(t, c.want, got, "%s: %s", name, c.p)
			assert.GreaterOrEqual(t, st.PagesSkipped, c.skipped, "%s: %s", name, c.p)
		}
	}
}
