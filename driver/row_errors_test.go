package driver_test

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

// castTable makes table t (id BIGINT, k BIGINT, v VARIANT) of rows 1..n
// with id and k i and v {"n": i}, except row bad whose n is "oops", in
// directory dir with the DSN options opts, and returns the database.
func castTable(t *testing.T, dir, opts string, n, bad int) *sql.DB {
	t.Helper()
	db := openDB(t, dir+opts)
	_, err := db.Exec("CREATE TABLE t (id BIGINT, k BIGINT, v VARIANT)")
	require.NoError(t, err)
	var vals []string
	for i := 1; i <= n; i++ {
		n := fmt.Sprint(i)
		if i == bad {
			n = `"oops"`
		}
		vals = append(vals, fmt.Sprintf(`(%d, %d, parse_json('{"n":%s}'))`, i, i, n))
	}
	_, err = db.Exec("INSERT INTO t VALUES " + strings.Join(vals, ", "))
	require.NoError(t, err)
	return db
}

// readIDs reads q row by row and returns the first column of each row
// returned before the end or the error, and the error (of the query or of
// the rows).
func readIDs(t *testing.T, db *sql.DB, q string) ([]int64, error) {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	require.NoError(t, err)
	var ids []int64
	for rows.Next() {
		dest := make([]any, len(cols))
		var id int64
		dest[0] = &id
		for i := 1; i < len(cols); i++ {
			dest[i] = new(any)
		}
		require.NoError(t, rows.Scan(dest...))
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func seq(from, to int64) []int64 {
	var out []int64
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

// TestCastErrorAtItsRow: a strict cast that fails on a row lets every row
// before it come back, then ends the rows with the error naming that row;
// with a LIMIT that stops before the row there is no error. So for casts
// the scan answers (from typed_value, or from an unshredded value with
// shred=none) and for casts the evaluator runs (the whole Variant is read
// too), to bigint and to double, over one batch and over several row
// groups.
func TestCastErrorAtItsRow(t *testing.T) {
	for _, opts := range []string{"", "?shred=none"} {
		for _, size := range []struct{ n, bad, rowGroup int }{{4, 4, 100}, {5000, 4100, 1500}} {
			name := fmt.Sprintf("%s/%d", opts, size.n)
			db := castTable(t, t.TempDir(), opts+sep(opts)+fmt.Sprintf("row_group_rows=%d", size.rowGroup), size.n, size.bad)
			where := fmt.Sprintf("row group %d, row %d of it)", (size.bad-1)/size.rowGroup, (size.bad-1)%size.rowGroup)
			bad := int64(size.bad)
			for _, out := range []string{
				"id, variant_get(v, '$.n', 'bigint')",
				"id, variant_get(v, '$.n', 'double')",
				"variant_get(v, '$.n', 'bigint')",
				"id, variant_get(v, '$.n', 'bigint') + 1",
				"id, v, variant_get(v, '$.n', 'bigint')",
				"id, v->'$.n', variant_get(v, '$.n', 'bigint')",
			} {
				q := "SELECT " + out + " FROM t"
				ids, err := readIDs(t, db, q)
				require.ErrorIs(t, err, variant.ErrCast, "%s: %s", name, q)
				require.ErrorContains(t, err, `"oops"`)
				require.ErrorContains(t, err, where, "%s: %s", name, q)
				if !strings.HasPrefix(out, "variant_get") {
					require.Equal(t, seq(1, bad-1), ids, "%s: %s", name, q)
				} else {
					require.Len(t, ids, size.bad-1, "%s: %s", name, q)
				}
				ids, err = readIDs(t, db, fmt.Sprintf("%s LIMIT %d", q, size.bad-1))
				require.NoError(t, err, "%s: %s", name, q)
				require.Len(t, ids, size.bad-1)
				ids, err = readIDs(t, db, fmt.Sprintf("%s WHERE id <> %d", q, size.bad))
				require.NoError(t, err, "%s: %s", name, q)
				require.Len(t, ids, size.n-1)
			}
		}
	}
}

func sep(opts string) string {
	if opts == "" {
		return "?"
	}
	return "&"
}

// TestSortedOutputFailsOnKeptRows: with ORDER BY and LIMIT, an output
// expression that can fail (a strict cast the scan answers or the
// evaluator runs, to bigint or double; integer arithmetic) and is not a
// sort key is evaluated only on the rows kept, whatever the LIMIT and
// with two passes for width turned off: it fails only when a kept row
// fails. Sort keys, WHERE, DISTINCT, GROUP BY and aggregates still see
// every row, and so does ORDER BY without LIMIT, which returns them all.
func TestSortedOutputFailsOnKeptRows(t *testing.T) {
	for _, opts := range []string{"", "?shred=none"} {
		db := castTable(t, t.TempDir(), opts, 4, 4)
		for _, out := range []string{
			"id, variant_get(v, '$.n', 'bigint')",
			"id, variant_get(v, '$.n', 'double')",
			"id, variant_get(v, '$.n', 'bigint') * 2",
			"id, v, variant_get(v, '$.n', 'bigint')",
			"id, k + 9223372036854775804",
		} {
			q := "SELECT " + out + " FROM t ORDER BY k "
			for _, rows := range []int64{10000, 2, -1} {
				was := pvdriver.SetLateRows(rows)
				ids, err := readIDs(t, db, q+"LIMIT 3")
				require.NoError(t, err, "%s%s: late rows %d", opts, q, rows)
				require.Equal(t, seq(1, 3), ids)
				ids, err = readIDs(t, db, q+"DESC LIMIT 2 OFFSET 1")
				require.NoError(t, err, "%s%s: late rows %d", opts, q, rows)
				require.Equal(t, []int64{3, 2}, ids)
				_, err = readIDs(t, db, q+"DESC LIMIT 1")
				require.Error(t, err, "%s%s: late rows %d", opts, q, rows)
				require.ErrorContains(t, err, "row group 0, row 3 of it)")
				_, err = readIDs(t, db, q)
				require.Error(t, err)
				pvdriver.SetLateRows(was)
			}
		}
		for _, q := range []string{
			"SELECT id FROM t ORDER BY variant_get(v, '$.n', 'bigint') LIMIT 1",
			"SELECT id FROM t WHERE variant_get(v, '$.n', 'bigint') + id > 0 ORDER BY k LIMIT 1",
			"SELECT DISTINCT k, variant_get(v, '$.n', 'bigint') FROM t ORDER BY k LIMIT 1",
			"SELECT k, variant_get(v, '$.n', 'bigint') FROM t GROUP BY k, variant_get(v, '$.n', 'bigint') ORDER BY k LIMIT 1",
			"SELECT k, SUM(variant_get(v, '$.n', 'bigint')) FROM t GROUP BY k ORDER BY k LIMIT 1",
			"SELECT k FROM t GROUP BY k HAVING MAX(variant_get(v, '$.n', 'bigint')) > 0 ORDER BY k LIMIT 1",
		} {
			_, err := readIDs(t, db, q)
			require.ErrorIs(t, err, variant.ErrCast, "%s%s", opts, q)
		}
	}
}
