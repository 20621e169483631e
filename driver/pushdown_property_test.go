package driver_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPushdownLikeAndOrProperty: random LIKE patterns and ORs of
// equalities on a string column and a typed Variant path give the same rows
// with data skipping on and off, over sorted strings with multi-byte
// characters in row groups of 8 rows, so that ranges do skip.
func TestPushdownLikeAndOrProperty(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=8")
	off := openDB(t, dir+"?data_skipping=false")
	_, err := db.Exec("CREATE TABLE s (id BIGINT, name VARCHAR, v VARIANT)")
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(7, 9))
	alphabet := []string{"a", "b", "é", "ÿ", "\uffff", "_", "%", "z"}
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	var names []string
	for range 400 {
		names = append(names, word(1+r.IntN(4)))
	}
	slices.Sort(names) // row groups of narrow ranges, which skipping can use
	tx, err := db.Begin()
	require.NoError(t, err)
	for i, name := range names {
		_, err := tx.Exec("INSERT INTO s VALUES (?, ?, parse_json(?))", i, name, fmt.Sprintf(`{"k":%q}`, name))
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
	plan := explain(t, db, "EXPLAIN ANALYZE SELECT id FROM s WHERE name LIKE 'b%'")
	require.NotEqual(t, "0", plan["row groups skipped"], plan)
	pattern := func() string {
		p := word(r.IntN(3))
		switch r.IntN(4) {
		case 0:
			return p + "%"
		case 1:
			return p + "_" + word(r.IntN(2))
		case 2:
			return p + "%" + word(1)
		}
		return p
	}
	for i := range 150 {
		var where string
		col := []string{"name", "variant_get(v, '$.k', 'string')"}[i%2]
		if i%3 == 0 {
			where = fmt.Sprintf("%s = '%s' OR %s IN ('%s', NULL) OR '%s' = %s", col, names[r.IntN(len(names))], col, word(2), names[r.IntN(len(names))], col)
			if r.IntN(2) == 0 {
				where = "NOT (" + where + ")"
			}
		} else {
			where = fmt.Sprintf("%s LIKE '%s'", col, strings.ReplaceAll(pattern(), "'", "''"))
			if r.IntN(3) == 0 {
				where = "NOT " + where
			}
		}
		q := "SELECT id FROM s WHERE " + where + " ORDER BY id"
		require.Equal(t, rowsText(t, off, q), rowsText(t, db, q), q)
	}
}
