package scan

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// vrow is a row of a Variant test file: an id and the JSON text of v ("":
// SQL NULL).
type vrow struct {
	id int64
	v  string
}

// writeVariantFile writes rows as columns id (INT64) and v (a Variant
// shredded by s) to path, one row group per element of groups, through
// shred's Batch and parquet-go's column writers.
func writeVariantFile(t testing.TB, path string, s shred.Schema, groups [][]vrow) {
	t.Helper()
	writeVariantFileWith(t, path, s, groups, nil)
}

// writeVariantFileWith is writeVariantFile with mutate applied to the
// batch of each row group before it is written (to write what shred
// would not).
func writeVariantFileWith(t testing.TB, path string, s shred.Schema, groups [][]vrow, mutate func(g int, b *shred.Batch)) {
	t.Helper()
	writeVariantPages(t, path, s, groups, 0, mutate)
}

// writeVariantPages is writeVariantFileWith writing each row group in runs
// of perWrite rows (0: the whole group at once), so that with the writer's
// page buffer of 256 bytes the columns' pages end at different rows.
func writeVariantPages(t testing.TB, path string, s shred.Schema, groups [][]vrow, perWrite int, mutate func(g int, b *shred.Batch)) {
	t.Helper()
	node, err := s.Node()
	require.NoError(t, err)
	schema := parquet.NewSchema("t", parquet.Group{"id": parquet.Leaf(parquet.Int64Type), "v": parquet.Optional(node)})
	layout, err := shred.NewLayout(s, true)
	require.NoError(t, err)
	cols, err := layout.ColumnIndexes(schema, "v")
	require.NoError(t, err)
	idCol, ok := schema.Lookup("id")
	require.True(t, ok)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewWriter(f, schema, parquet.PageBufferSize(256))
	b := layout.NewBatch()
	for _, group := range groups {
		step := perWrite
		if step == 0 {
			step = max(len(group), 1)
		}
		for lo := 0; lo < len(group); lo += step {
			writeVariantRows(t, w, b, idCol.ColumnIndex, cols, group[lo:min(lo+step, len(group))], mutate)
		}
		require.NoError(t, w.Flush())
	}
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

// writeVariantRows writes rows g through the column writers of w.
func writeVariantRows(t testing.TB, w *parquet.Writer, b *shred.Batch, idCol int, cols []int, g []vrow, mutate func(g int, b *shred.Batch)) {
	t.Helper()
	b.Reset()
	ids := make([]parquet.Value, len(g))
	for i, r := range g {
		ids[i] = parquet.Int64Value(r.id).Level(0, 0, idCol)
		if r.v == "" {
			require.NoError(t, b.AppendNull())
			continue
		}
		v, err := variant.ParseJSON([]byte(r.v))
		require.NoError(t, err)
		require.NoError(t, b.Append(v))
	}
	if mutate != nil {
		mutate(len(ids), b)
	}
	_, err := w.ColumnWriters()[idCol].WriteRowValues(ids)
	require.NoError(t, err)
	require.NoError(t, b.WriteColumns(w.ColumnWriters(), cols))
}

// jsonOf returns the JSON text of v.
func jsonOf(t testing.TB, v variant.Variant) string {
	t.Helper()
	b, err := v.AppendJSON(nil)
	require.NoError(t, err)
	return string(b)
}

// canonJSON returns the JSON text of the Variant that JSON text s parses to.
func canonJSON(t testing.TB, s string) string {
	t.Helper()
	v, err := variant.ParseJSON([]byte(s))
	require.NoError(t, err)
	return jsonOf(t, v)
}

var bigint = variant.SQLType{Kind: variant.SQLBigint}

func mustPath(p string) variant.Path { return variant.MustParsePath(p) }
