package driver_test

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

// onePass runs fn with ORDER BY ... LIMIT read in one pass.
func onePass(fn func()) {
	was := pvdriver.SetLateRows(-1)
	defer pvdriver.SetLateRows(was)
	fn()
}

// TestLateRowsProperty: random ORDER BY ... LIMIT queries whose output
// needs more than their keys (whole Variants, typed paths, other columns)
// give the same rows in the same order in two passes as in one, over keys
// with ties and NULLs, OFFSET, WHERE (pushed to the scan or not), several
// files and row groups; most of them do run in two passes.
func TestLateRowsProperty(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=16")
	_, err := db.Exec("CREATE TABLE e (id BIGINT, k BIGINT, name VARCHAR, payload VARIANT)")
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(3, 11))
	id := 0
	for range 4 { // one file per INSERT
		var vals []string
		var args []any
		for range 40 + r.IntN(40) {
			id++
			var k any
			if r.IntN(6) > 0 {
				k = r.IntN(6)
			}
			var payload any
			switch r.IntN(8) {
			case 0: // SQL NULL
			case 1:
				payload = fmt.Sprintf(`{"name":"n%d","tags":[1,2]}`, id)
			default:
				payload = fmt.Sprintf(`{"score":%g,"name":"n%d","deep":{"x":%d}}`, float64(r.IntN(7))/2, id, r.IntN(100))
			}
			vals = append(vals, "(?, ?, ?, parse_json(?))")
			args = append(args, id, k, "name"+strconv.Itoa(r.IntN(9)), payload)
		}
		_, err := db.Exec("INSERT INTO e VALUES "+strings.Join(vals, ", "), args...)
		require.NoError(t, err)
	}
	outputs := []string{"id, payload", "*", "payload", "id, variant_get(payload, '$.name', 'string'), payload",
		"variant_get(payload, '$.deep.x', 'int'), name", "payload->'$.deep', k", "to_json(payload), id + k"}
	keys := []string{"k", "k DESC", "variant_get(payload, '$.score', 'double') DESC", "try_variant_get(payload, '$.score', 'double')",
		"name", "name DESC, k", "id DESC", "k, variant_get(payload, '$.score', 'double')", "1"}
	wheres := []string{"", "k > 1", "variant_get(payload, '$.score', 'double') >= 1", "name <> 'name3' OR k IS NULL", "id % 3 <> 0"}
	late := 0
	const n = 80
	for range n {
		q := "SELECT " + outputs[r.IntN(len(outputs))] + " FROM e"
		if w := wheres[r.IntN(len(wheres))]; w != "" {
			q += " WHERE " + w
		}
		q += " ORDER BY " + keys[r.IntN(len(keys))] + fmt.Sprintf(" LIMIT %d", r.IntN(25))
		if r.IntN(2) == 0 {
			q += fmt.Sprintf(" OFFSET %d", r.IntN(30))
		}
		var want []string
		onePass(func() { want = rowsText(t, db, q) })
		require.Equal(t, want, rowsText(t, db, q), q)
		if _, ok := explain(t, db, "EXPLAIN "+q)["pass 2 reads"]; ok {
			late++
		}
	}
	require.Greater(t, late, n/2, "queries run in two passes")
}

// bigPayloads makes table e of 3,000 rows in 2 row groups, each row with
// a Variant of about 3,000 bytes, so that the payload column of a row
// group spans several pages of 1 MiB; k is the row's id halved (ties).
func bigPayloads(t *testing.T) *sql.DB {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=1500")
	_, err := db.Exec("CREATE TABLE e (id BIGINT, k BIGINT, payload VARIANT)")
	require.NoError(t, err)
	var vals []string
	var args []any
	r := rand.New(rand.NewPCG(5, 8))
	pad := make([]byte, 3000)
	for i := range 3000 {
		for j := range pad {
			pad[j] = 'a' + byte(r.IntN(26)) // incompressible enough
		}
		vals = append(vals, "(?, ?, parse_json(?))")
		args = append(args, i, i/2, fmt.Sprintf(`{"score":%d,"pad":"%s"}`, i%997, pad))
	}
	_, err = db.Exec("INSERT INTO e VALUES "+strings.Join(vals, ", "), args...)
	require.NoError(t, err)
	return db
}

// EXPLAIN shows both passes, and EXPLAIN ANALYZE that the second reads
// the kept rows only, from a few pages, far fewer bytes than one pass.
func TestLateRowsExplain(t *testing.T) {
	db := bigPayloads(t)
	q := "SELECT id, payload FROM e WHERE id >= 10 ORDER BY k DESC LIMIT 3 OFFSET 2"
	var one map[string]string
	var want []string
	onePass(func() {
		one = explain(t, db, "EXPLAIN ANALYZE "+q)
		want = rowsText(t, db, q)
	})
	require.NotContains(t, one, "pass 2 reads")
	require.Len(t, want, 3)
	require.Equal(t, want, rowsText(t, db, q))
	two := explain(t, db, "EXPLAIN ANALYZE "+q)
	assert.Equal(t, "id, k: every row, keeping the first OFFSET+LIMIT by the ORDER BY keys", two["pass 1 reads"])
	assert.Equal(t, "id, k, payload: the kept rows only", two["pass 2 reads"])
	assert.Equal(t, "3", two["rows returned"])
	assert.Equal(t, "3", two["pass 2 rows read"], "the rows OFFSET skips are not read again")
	num := func(m map[string]string, k string) int64 {
		n, err := strconv.ParseInt(m[k], 10, 64)
		require.NoError(t, err, "%s: %q", k, m[k])
		return n
	}
	assert.Equal(t, "1", two["pass 2 row groups read"], "the kept rows lie in the last row group")
	assert.Positive(t, num(two, "pass 2 pages skipped"))
	assert.Positive(t, num(two, "pass 2 pages read"))
	assert.Less(t, num(two, "bytes read")+num(two, "pass 2 bytes read"), num(one, "bytes read")/4)

	// Without a column to defer, or with too many rows to keep, one pass.
	require.NotContains(t, explain(t, db, "EXPLAIN SELECT id, k FROM e ORDER BY k LIMIT 3"), "pass 2 reads")
	require.NotContains(t, explain(t, db, "EXPLAIN SELECT id, payload FROM e ORDER BY k LIMIT 10001"), "pass 2 reads")
	require.NotContains(t, explain(t, db, "EXPLAIN SELECT id, payload FROM e ORDER BY k LIMIT 1 OFFSET 10000"), "pass 2 reads")
	require.Contains(t, explain(t, db, "EXPLAIN SELECT id, payload FROM e ORDER BY k LIMIT ? OFFSET ?", 5000, 5000), "pass 2 reads")
}

// A strict cast in an output expression that is not an ORDER BY key fails
// only on a kept row, even with two passes turned off (such a SELECT runs
// in two passes whatever its width and LIMIT). A failing ORDER BY key fails both
// on the same row, for the same cause (the first pass words it as a
// variant_get the scan answers, the one pass as the evaluator does when
// the whole column is read).
func TestLateRowsCastErrors(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=4")
	_, err := db.Exec("CREATE TABLE e (id BIGINT, k BIGINT, payload VARIANT)")
	require.NoError(t, err)
	for i := range 12 {
		n := strconv.Itoa(i)
		if i == 9 {
			n = `"nine"`
		}
		_, err := db.Exec("INSERT INTO e VALUES (?, ?, parse_json(?))", i, i%5, `{"n":`+n+`}`)
		require.NoError(t, err)
	}
	out := "SELECT id, variant_get(payload, '$.n', 'bigint'), payload FROM e ORDER BY k "
	// Row 9 (k 4) is dropped by LIMIT 3 and kept by DESC LIMIT 3.
	var oneRows []string
	var oneErrDesc error
	onePass(func() {
		oneRows = rowsText(t, db, out+"LIMIT 3")
		_, oneErrDesc = rowsTextErr(db, out+"DESC LIMIT 3")
	})
	want := []string{`0|0|{"n":0}`, `5|5|{"n":5}`, `10|10|{"n":10}`}
	require.Equal(t, want, oneRows)
	require.Equal(t, want, rowsText(t, db, out+"LIMIT 3"))
	_, err = rowsTextErr(db, out+"DESC LIMIT 3")
	require.ErrorIs(t, err, variant.ErrCast)
	require.ErrorContains(t, err, `"nine"`)
	require.Equal(t, oneErrDesc.Error(), err.Error())

	keyed := "SELECT id, payload FROM e ORDER BY variant_get(payload, '$.n', 'bigint') LIMIT 2"
	var oneKeyErr error
	onePass(func() { _, oneKeyErr = rowsTextErr(db, keyed) })
	_, err = rowsTextErr(db, keyed)
	for _, err := range []error{oneKeyErr, err} {
		require.ErrorIs(t, err, variant.ErrCast)
		require.ErrorContains(t, err, `string "nine" to bigint: text does not parse (in `)
		require.ErrorContains(t, err, ", row group 0, row 0 of it)")
	}
}
