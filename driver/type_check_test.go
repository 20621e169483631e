package driver_test

import (
	"database/sql"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// typedTable creates e (id BIGINT, kind VARCHAR, v VARIANT, d DATE,
// b BOOLEAN), with no rows.
func typedTable(t *testing.T) *sql.DB {
	t.Helper()
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE e (id BIGINT, kind VARCHAR, v VARIANT, d DATE, b BOOLEAN)")
	require.NoError(t, err)
	return db
}

// TestTypeErrorsBeforeRows: an expression that the column types make an
// error in every row fails before any row is read, naming the expression,
// its position and the operand at fault: on an empty table too, where it
// used to give NULL, and on a table with rows, where it used to fail at
// the first row.
func TestTypeErrorsBeforeRows(t *testing.T) {
	db := typedTable(t)
	cases := []struct {
		q, msg string
		pos    int
	}{
		{"SELECT SUM(kind) FROM e", "sum(kind): kind is a VARCHAR, not a number", 16},
		{"SELECT kind, AVG(b) FROM e GROUP BY kind", "avg(b): b is a BOOLEAN, not a number", 19},
		{"SELECT variant_get(kind, '$.a') FROM e", "variant_get(kind, '$.a'): kind is a VARCHAR, not a VARIANT", 31},
		{"SELECT id FROM e WHERE kind->'$.a' = 1", "kind->'$.a': kind is a VARCHAR, not a VARIANT", 34},
		{"SELECT kind->>'$.a' FROM e", "kind->>'$.a': kind is a VARCHAR, not a VARIANT", 19},
		{"SELECT id + kind FROM e", "id + kind: kind is a VARCHAR, not a number", 11},
		{"SELECT id FROM e ORDER BY d - 1", "d - 1: d is a DATE, not a number", 29},
		{"SELECT -kind FROM e", "-kind: kind is a VARCHAR, not a number", 8},
		{"SELECT to_json(id) FROM e", "to_json(id): id is a BIGINT, not a VARIANT", 18},
		{"SELECT parse_json(id) FROM e", "parse_json(id): id is a BIGINT, not JSON text", 21},
	}
	run := func() {
		for _, tc := range cases {
			for _, prepared := range []bool{false, true} {
				var err error
				if prepared {
					st, perr := db.Prepare(tc.q)
					require.NoError(t, perr, tc.q)
					_, err = st.Query()
					st.Close()
				} else {
					_, err = db.Query(tc.q)
				}
				var se *pvdriver.SQLError
				require.ErrorAs(t, err, &se, tc.q)
				require.ErrorIs(t, err, pvdriver.ErrSyntax, tc.q)
				require.Equal(t, tc.msg, se.Msg, tc.q)
				require.Equal(t, tc.pos, se.Pos, tc.q)
			}
		}
	}
	run()
	_, err := db.Exec(`INSERT INTO e VALUES (1, 'k', parse_json('{"a":"x"}'), NULL, TRUE)`)
	require.NoError(t, err)
	run()
}

// TestLiteralTypeErrorsAtPrepare: an expression that its literals and the
// results of its functions alone make always wrong fails when the
// statement is prepared.
func TestLiteralTypeErrorsAtPrepare(t *testing.T) {
	db := typedTable(t)
	for _, tc := range []struct {
		q, msg string
		pos    int
	}{
		{"SELECT id + 'x' FROM e", "id + 'x': 'x' is a VARCHAR, not a number", 11},
		{"SELECT id FROM e WHERE id * (2 + TRUE) > 1", "2 + TRUE: TRUE is a BOOLEAN, not a number", 32},
		{"INSERT INTO e (id) VALUES (1 + 'x')", "1 + 'x': 'x' is a VARCHAR, not a number", 30},
		{"SELECT SUM(variant_get(v, '$.a', 'string')) FROM e", "sum(variant_get(v, '$.a', 'string')): variant_get(v, '$.a', 'string') is a VARCHAR, not a number", 43},
		{"SELECT SUM(v->>'$.a') FROM e", "sum(v->>'$.a'): v->>'$.a' is a VARCHAR, not a number", 21},
		{"SELECT variant_typeof('x') FROM e", "variant_typeof('x'): 'x' is a VARCHAR, not a VARIANT", 26},
	} {
		_, err := db.Prepare(tc.q)
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, tc.q)
		require.Equal(t, tc.msg, se.Msg, tc.q)
		require.Equal(t, tc.pos, se.Pos, tc.q)
	}
}

// TestTypeChecksKeepDefinedForms: what the SQL reference defines still runs:
// text compared with a number or matched by LIKE, arithmetic and SUM of a
// Variant (a number in some rows) or of a ? argument, parse_json of text,
// a BOOLEAN compared with a number.
func TestTypeChecksKeepDefinedForms(t *testing.T) {
	db := typedTable(t)
	_, err := db.Exec(`INSERT INTO e VALUES (1, '5', parse_json('{"a":2}'), NULL, TRUE)`)
	require.NoError(t, err)
	for _, tc := range []struct {
		q    string
		args []any
		want []string
	}{
		{"SELECT id FROM e WHERE kind = 5", nil, []string{"1"}},
		{"SELECT id FROM e WHERE id LIKE '1'", nil, []string{"1"}},
		{"SELECT v->'$.a' + 1 FROM e", nil, []string{"3"}},
		{"SELECT SUM(v->'$.a') FROM e", nil, []string{"2"}},
		{"SELECT SUM(?) FROM e", []any{4}, []string{"4"}},
		{"SELECT id + ? FROM e", []any{4}, []string{"5"}},
		{"SELECT to_json(parse_json(kind)) FROM e", nil, []string{"5"}},
		{"SELECT b = 1 FROM e", nil, []string{"true"}},
	} {
		got, err := rowsTextErr(db, tc.q, tc.args...)
		require.NoError(t, err, tc.q)
		require.Equal(t, tc.want, got, tc.q)
	}
}
