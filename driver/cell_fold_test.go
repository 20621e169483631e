package driver_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAggregatesFromCells: COUNT, SUM and AVG of plain columns and typed
// paths, which are folded from the scan's cells, give what the evaluator
// gives for the same argument written as an expression (c + 0, which is
// evaluated row by row): NULLs skipped, an integer sum whose partial sums
// leave int64 but whose total fits, a BIGINT total out of range being an
// error, doubles, and a sum over no rows being NULL.
func TestAggregatesFromCells(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (i BIGINT, d DOUBLE, s VARCHAR, v VARIANT)")
	require.NoError(t, err)
	rows := []struct {
		i, d, s, v any
	}{
		{int64(math.MaxInt64 - 5), 1.5, "a", map[string]any{"n": 1, "x": 2.5}},
		{nil, nil, nil, map[string]any{"n": nil}},
		{int64(10), -0.25, "b", map[string]any{"n": int64(math.MaxInt64)}},
		{int64(-3), 1e300, nil, map[string]any{"x": 1}},
		{int64(-20), nil, "c", nil},
	}
	for _, r := range rows {
		_, err := db.Exec("INSERT INTO t VALUES (?, ?, ?, ?)", r.i, r.d, r.s, r.v)
		require.NoError(t, err)
	}
	for _, q := range []struct{ cells, evaluated string }{
		{"SUM(i), AVG(i), COUNT(i), COUNT(*)", "SUM(i + 0), AVG(i + 0), COUNT(i + 0), COUNT(*)"},
		{"SUM(i)", "SUM(i + 0)"},
		{"AVG(i)", "AVG(i + 0)"},
		{"SUM(d), AVG(d), COUNT(d)", "SUM(d + 0), AVG(d + 0), COUNT(d + 0)"},
		{"COUNT(s), COUNT(*)", "COUNT(s = s), COUNT(*)"},
		{"COUNT(variant_get(v, '$.n', 'bigint'))", "COUNT(variant_get(v, '$.n', 'bigint') + 0)"},
		{"SUM(variant_get(v, '$.x', 'double')), AVG(variant_get(v, '$.x', 'double'))",
			"SUM(variant_get(v, '$.x', 'double') + 0), AVG(variant_get(v, '$.x', 'double') + 0)"},
		{"SUM(i), COUNT(*) FROM t WHERE i > 1000 --", "SUM(i + 0), COUNT(*) FROM t WHERE i > 1000 --"},
		{"SUM(i), SUM(d), COUNT(*) FROM t WHERE i < -1000 --", "SUM(i + 0), SUM(d + 0), COUNT(*) FROM t WHERE i < -1000 --"},
	} {
		want := rowsText(t, db, "SELECT "+q.evaluated+" FROM t")
		require.Equal(t, want, rowsText(t, db, "SELECT "+q.cells+" FROM t"), q.cells)
	}
	require.Equal(t, []string{"9223372036854775789|4"}, rowsText(t, db, "SELECT SUM(i), COUNT(i) FROM t"))
	require.Equal(t, []string{"9223372036854775789"}, rowsText(t, db, "SELECT SUM(i) FROM t"))
	for _, q := range []string{
		"SELECT SUM(variant_get(v, '$.n', 'bigint')) FROM t",
		"SELECT SUM(variant_get(v, '$.n', 'bigint') + 0) FROM t",
		"SELECT SUM(variant_get(v, '$.n', 'bigint')), COUNT(*) FROM t",
	} {
		_, err := rowsTextErr(db, q)
		require.ErrorContains(t, err, "sum out of the range of BIGINT", q)
	}
	require.Equal(t, []string{"NULL|0"}, rowsText(t, db, "SELECT SUM(i), COUNT(*) FROM t WHERE i < -1000"))
}
