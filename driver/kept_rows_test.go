package driver_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/scan"
)

// twoPass runs fn with the outputs of ORDER BY ... LIMIT that can fail
// evaluated in a second pass, whatever their inputs.
func twoPass(fn func()) {
	defer pvdriver.SetKeptOutputs(pvdriver.SetKeptOutputs(false))
	fn()
}

// keptTable makes table e of 200 rows in row groups of 16 over 3 files:
// id, k (with ties and NULLs), x DOUBLE, name VARCHAR and a Variant v
// whose $.n is an integer (shredded).
func keptTable(t *testing.T, dir string) {
	db := openDB(t, dir+"?row_group_rows=16")
	_, err := db.Exec("CREATE TABLE e (id BIGINT, k BIGINT, x DOUBLE, name VARCHAR, v VARIANT)")
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(7, 21))
	id := 0
	for range 3 {
		var vals []string
		var args []any
		for range 50 + r.IntN(30) {
			id++
			var k any
			if r.IntN(5) > 0 {
				k = r.IntN(9)
			}
			vals = append(vals, "(?, ?, ?, ?, parse_json(?))")
			args = append(args, id, k, float64(r.IntN(100))/4, fmt.Sprintf("n%d", r.IntN(7)), fmt.Sprintf(`{"n":%d,"s":"t%d"}`, r.IntN(50), id))
		}
		_, err := db.Exec("INSERT INTO e VALUES "+strings.Join(vals, ", "), args...)
		require.NoError(t, err)
	}
}

// Failing outputs (arithmetic) whose inputs are fixed-width columns,
// try_variant_get paths or typed paths the sort keys read are evaluated
// after the sort, in one scan, also with a sort key that is not an output:
// EXPLAIN shows no second pass, and the rows, their order and ties are
// those of the two-pass plan, with data skipping on and off.
func TestKeptOutputsEqualTwoPass(t *testing.T) {
	dir := t.TempDir()
	keptTable(t, dir)
	queries := []string{
		"SELECT id, id + 1 FROM e ORDER BY id LIMIT 5",
		"SELECT id, k, x * 2 FROM e ORDER BY k LIMIT 40",
		"SELECT id, k, x * 2 FROM e ORDER BY k DESC, x LIMIT 7 OFFSET 30",
		"SELECT k * 3, name, id FROM e ORDER BY name, id DESC LIMIT 12",
		"SELECT id, k + id FROM e WHERE k > 2 ORDER BY x LIMIT 9 OFFSET 4",
		"SELECT id, k - 1, v FROM e WHERE id % 3 <> 0 ORDER BY k LIMIT 20000",
		"SELECT id, variant_get(v, '$.n', 'bigint') * 2 FROM e ORDER BY variant_get(v, '$.n', 'bigint') DESC LIMIT 11",
		"SELECT id, x / k FROM e WHERE variant_get(v, '$.n', 'bigint') >= 20 ORDER BY id DESC LIMIT 6 OFFSET 2",
		"SELECT id, x * 2 FROM e ORDER BY k * 2, id LIMIT 8",
		"SELECT id, try_variant_get(v, '$.n', 'bigint') + k FROM e ORDER BY id DESC LIMIT 7",
		"SELECT id, k * 2 FROM e ORDER BY k LIMIT 0",
		"SELECT id, k * 2 FROM e ORDER BY k LIMIT 5 OFFSET 500",
	}
	for _, opts := range []string{"", "?data_skipping=false"} {
		db := openDB(t, dir+opts)
		for _, q := range queries {
			var want []string
			var two map[string]string
			twoPass(func() {
				want = rowsText(t, db, q)
				two = explain(t, db, "EXPLAIN "+q)
			})
			assert.Contains(t, two, "pass 2 reads", "%s%s", opts, q)
			require.Equal(t, want, rowsText(t, db, q), "%s%s", opts, q)
			one := explain(t, db, "EXPLAIN "+q)
			assert.NotContains(t, one, "pass 2 reads", "%s%s", opts, q)
			assert.Equal(t, "evaluated after the sort on the kept rows only, from the values kept with them", one["outputs"], "%s%s", opts, q)
		}
		require.Len(t, rowsText(t, db, queries[1]), 40)
	}
}

// Wide inputs of a failing output (a whole Variant, a string, a strict
// cast the scan answers and the sort does not read) keep the two passes.
func TestKeptOutputsWideInputs(t *testing.T) {
	dir := t.TempDir()
	keptTable(t, dir)
	db := openDB(t, dir)
	for _, q := range []string{
		"SELECT id, variant_get(v, '$.n', 'bigint') FROM e ORDER BY k LIMIT 3",
		"SELECT id, v, variant_get(v, '$.n', 'bigint') + 1 FROM e ORDER BY k LIMIT 3",
		"SELECT id, variant_get(v, '$.s', 'string') FROM e ORDER BY k LIMIT 3",
		"SELECT id, k + 1, variant_get(v, '$.n', 'bigint') FROM e ORDER BY id LIMIT 20000",
	} {
		m := explain(t, db, "EXPLAIN "+q)
		assert.Contains(t, m, "pass 2 reads", q)
		assert.NotContains(t, m, "outputs", q)
	}
	// Without an output that can fail, one pass as before.
	m := explain(t, db, "EXPLAIN SELECT id, k FROM e ORDER BY k LIMIT 3")
	assert.NotContains(t, m, "pass 2 reads")
	assert.NotContains(t, m, "outputs")
}

// An output that overflows on one row (id 9, row 1 of row group 2) fails
// the one-scan plan only when the row is returned: not when the sort or
// OFFSET drops it, whatever the LIMIT; when it is kept, the error names
// its row as the two-pass plan does (a *scan.FileError wrapping a
// *scan.RowError), and no row comes back.
func TestKeptOutputsFailOnKeptRows(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=4")
	_, err := db.Exec("CREATE TABLE t (id BIGINT, x BIGINT)")
	require.NoError(t, err)
	var vals []string
	for i := range 12 {
		x := i
		if i == 9 {
			x = 101
		}
		vals = append(vals, fmt.Sprintf("(%d, %d)", i, x))
	}
	_, err = db.Exec("INSERT INTO t VALUES " + strings.Join(vals, ", "))
	require.NoError(t, err)
	const out = "SELECT id, x + 9223372036854775707 FROM t ORDER BY id "
	require.Equal(t, "evaluated after the sort on the kept rows only, from the values kept with them",
		explain(t, db, "EXPLAIN "+out+"LIMIT 1")["outputs"])
	an := explain(t, db, "EXPLAIN ANALYZE "+out+"LIMIT 3 OFFSET 1")
	assert.Equal(t, "12", an["rows scanned"])
	assert.Equal(t, "3", an["rows returned"])
	assert.NotContains(t, an, "pass 2 rows read")
	for _, tail := range []string{"LIMIT 3", "DESC LIMIT 2 OFFSET 3", "LIMIT 9", "DESC LIMIT 20000 OFFSET 3"} {
		ids, err := readIDs(t, db, out+tail)
		require.NoError(t, err, tail)
		require.NotEmpty(t, ids, tail)
		require.NotContains(t, ids, int64(9), tail)
	}
	assert.Equal(t, []string{"7|9223372036854775714", "8|9223372036854775715"}, rowsText(t, db, out+"LIMIT 2 OFFSET 7"))
	for _, tail := range []string{"DESC LIMIT 3", "LIMIT 10", "DESC LIMIT 1 OFFSET 2", "LIMIT 20000"} {
		var twoErr error
		twoPass(func() { _, twoErr = rowsTextErr(db, out+tail) })
		got, err := rowsTextErr(db, out+tail)
		require.Error(t, err, tail)
		assert.Empty(t, got, tail)
		assert.ErrorContains(t, err, "overflow", tail)
		assert.ErrorContains(t, err, ", row group 2, row 1 of it)", tail)
		require.Error(t, twoErr, tail)
		assert.Equal(t, twoErr.Error(), err.Error(), tail)
		var fe *scan.FileError
		require.ErrorAs(t, err, &fe, tail)
		assert.Equal(t, 2, fe.RowGroup, tail)
		var re *scan.RowError
		require.ErrorAs(t, err, &re, tail)
		assert.Equal(t, int64(1), re.Row, tail)
	}
	_, err = rowsTextErr(db, out)
	require.Error(t, err, "without LIMIT every row is returned")
}
