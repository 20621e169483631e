package driver_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/scan"
)

// explainShapes are SELECTs of every shape EXPLAIN plans, over castTable.
var explainShapes = []string{
	"SELECT id, variant_get(v, '$.n', 'bigint') FROM t",
	"SELECT id, variant_get(v, '$.n', 'bigint') FROM t LIMIT 2",
	"SELECT id, variant_get(v, '$.n', 'bigint') FROM t WHERE k > 1",
	"SELECT id, variant_get(v, '$.n', 'bigint') FROM t ORDER BY id",
	"SELECT id, variant_get(v, '$.n', 'bigint') FROM t ORDER BY id LIMIT 1",
	"SELECT id, variant_get(v, '$.n', 'bigint') FROM t ORDER BY id DESC LIMIT 1 OFFSET 1",
	"SELECT id, v FROM t ORDER BY k LIMIT 2",
	"SELECT id, v FROM t ORDER BY variant_get(v, '$.n', 'bigint') LIMIT 2",
	"SELECT variant_get(v, '$.n', 'bigint'), COUNT(*) FROM t GROUP BY variant_get(v, '$.n', 'bigint')",
	"SELECT k, SUM(variant_get(v, '$.n', 'bigint')) FROM t GROUP BY k HAVING SUM(variant_get(v, '$.n', 'bigint')) > 1 ORDER BY k",
	"SELECT DISTINCT variant_get(v, '$.n', 'bigint') FROM t",
	"SELECT SUM(variant_get(v, '$.n', 'bigint')), MAX(id) FROM t",
	"SELECT COUNT(*) FROM t",
}

// analyzeOnly are the items EXPLAIN ANALYZE adds to the plan.
var analyzeOnly = []string{"files read", "files skipped", "files opened", "pass 2 files opened", "row groups read", "row groups skipped", "pages read", "pages skipped",
	"bytes read", "rows scanned", "rows returned", "pass 2 row groups read", "pass 2 pages read", "pass 2 pages skipped",
	"pass 2 bytes read", "pass 2 rows read"}

// TestExplainReadsNoData: EXPLAIN of a SELECT of any shape shows the plan
// EXPLAIN ANALYZE shows (less the counts) without running the query: over
// a table where the query fails on a cast it succeeds with the same plan,
// and so it does over a table whose column chunks are all damaged, which
// any read of a row group would find.
func TestExplainReadsNoData(t *testing.T) {
	good := castTable(t, t.TempDir(), "?row_group_rows=2", 4, 0)
	bad := castTable(t, t.TempDir(), "?row_group_rows=2", 4, 4)
	damagedDir := t.TempDir()
	castTable(t, damagedDir, "?row_group_rows=2", 4, 0).Close()
	damageChunks(t, filepath.Join(damagedDir, "t"))
	damaged := openDB(t, damagedDir)
	for _, q := range explainShapes {
		want := explain(t, good, "EXPLAIN ANALYZE "+q)
		for _, k := range analyzeOnly {
			delete(want, k)
		}
		require.Equal(t, want, explain(t, good, "EXPLAIN "+q), q)
		require.Equal(t, want, explain(t, bad, "EXPLAIN "+q), q)
		require.Equal(t, want, explain(t, damaged, "EXPLAIN "+q), q)
		if q != "SELECT COUNT(*) FROM t" {
			_, err := rowsTextErr(damaged, q)
			require.ErrorIs(t, err, scan.ErrCorrupt, q)
		}
	}
	_, err := rowsTextErr(bad, explainShapes[3])
	require.Error(t, err)
	// Errors of the plan itself still come from EXPLAIN.
	_, err = rowsTextErr(damaged, "EXPLAIN SELECT nope FROM t ORDER BY id LIMIT 1")
	require.Error(t, err)
}

// damageChunks overwrites the column chunks (pages and their headers) of
// every Parquet file of a table directory, leaving the footers whole.
func damageChunks(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	n := 0
	for _, e := range entries {
		if filepath.Ext(e.Name()) != ".parquet" {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
		require.NoError(t, err)
		for _, rg := range f.Metadata().RowGroups {
			for _, c := range rg.Columns {
				from := c.MetaData.DataPageOffset
				if d := c.MetaData.DictionaryPageOffset; d > 0 && d < from {
					from = d
				}
				for i := from; i < from+c.MetaData.TotalCompressedSize; i++ {
					data[i] = 0xFF
				}
				n++
			}
		}
		require.NoError(t, os.WriteFile(path, data, 0o644))
	}
	require.NotZero(t, n)
}
