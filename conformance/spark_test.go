package conformance

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Spark 4.0 files (delta-rs NOTE.md): the unannotated top-level
// Variant v reads as a Variant, and the Variants nested in lists, maps and
// structs are reachable by paths, with the null elements and map values
// kept as Variant nulls.
func TestSpark(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(sparkDir, "*.parquet"))
	require.NoError(t, err)
	require.Len(t, files, 4)
	root, err := scan.Open(sparkDir)
	require.NoError(t, err)
	path := func(col, p, as string) scan.Ref {
		r, err := scan.Path(col, p, as)
		require.NoError(t, err)
		return r
	}
	refs := []scan.Ref{
		scan.Col("id"),
		scan.Col("v"),
		path("v", "$.key", "bigint"),
		path("array_of_variants", "$[0].key", "bigint"),
		path("array_of_variants", "$[1]", ""),
		path("struct_of_variants", "$.v.key", "bigint"),
		scan.Col("map_of_variants"),
		path("array_of_struct_of_variants", "$[3].v.key", "bigint"),
		path("struct_of_array_of_variants", "$.v[1].key", "bigint"),
	}
	rows := 0
	for _, f := range files {
		tb, err := root.Table(strings.TrimSuffix(filepath.Base(f), ".parquet"))
		require.NoError(t, err)
		i, ok := tb.Schema().Lookup("v")
		require.True(t, ok)
		require.Equal(t, scan.KindVariant, tb.Schema().Columns[i].Type.Kind)
		rs, err := tb.Scan(context.Background(), scan.Query{Columns: refs})
		require.NoError(t, err)
		for rs.Next() {
			id := rs.Int64(0)
			v, err := rs.Variant(1)
			require.NoError(t, err)
			assert.Equal(t, fmt.Sprintf(`{"key":%d}`, id), v.String())
			for _, k := range []int{2, 3, 5, 7, 8} {
				require.False(t, rs.IsNull(k), "row %d: %s", id, refs[k])
				assert.Equal(t, id, rs.Int64(k), "%s", refs[k])
			}
			null, err := rs.Variant(4)
			require.NoError(t, err)
			require.False(t, rs.IsNull(4))
			assert.True(t, null.IsNull(), "a null list element is the Variant null")
			m, err := rs.Variant(6)
			require.NoError(t, err)
			assert.Equal(t, fmt.Sprintf(`{"%d":{"key":%d},"nullKey":null}`, id, id), m.String())
			rows++
		}
		require.NoError(t, rs.Err())
	}
	assert.Equal(t, 102, rows)
}
