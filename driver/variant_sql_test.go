package driver_test

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

// eventsTable writes n events in row groups of 100 rows, in two INSERT
// statements (two files), ordered by n so that statistics can skip.
func eventsTable(t *testing.T, n int) (*sql.DB, string) {
	t.Helper()
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=100")
	_, err := db.Exec("CREATE TABLE events (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	for part := 0; part < 2; part++ {
		tx, err := db.Begin()
		require.NoError(t, err)
		stmt, err := tx.Prepare("INSERT INTO events VALUES (?, ?)")
		require.NoError(t, err)
		for i := part * n / 2; i < (part+1)*n/2; i++ {
			doc := map[string]any{"n": i, "seq": i, "kind": []string{"click", "view", "buy"}[i%3], "user": map[string]any{"id": i % 7}}
			if i%10 == 0 {
				doc["n"] = nil // a Variant null
			}
			if i%25 == 0 {
				delete(doc, "kind") // a missing field
			}
			if i%50 == 1 {
				doc["extra"] = []any{i, "x"}
			}
			_, err := stmt.Exec(i, doc)
			require.NoError(t, err)
		}
		require.NoError(t, tx.Commit())
	}
	return db, dir
}

func rowsText(t *testing.T, db *sql.DB, q string, args ...any) []string {
	t.Helper()
	out, err := rowsTextErr(db, q, args...)
	require.NoError(t, err, q)
	return out
}

// rowsTextErr runs q and renders each row as its values joined by |.
func rowsTextErr(db *sql.DB, q string, args ...any) ([]string, error) {
	rows, err := db.Query(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			switch x := v.(type) {
			case nil:
				parts[i] = "NULL"
			case variant.Variant:
				parts[i] = x.String()
			default:
				parts[i] = fmt.Sprint(x)
			}
		}
		out = append(out, strings.Join(parts, "|"))
	}
	return out, rows.Err()
}

func TestSelectVariantColumns(t *testing.T) {
	db, _ := eventsTable(t, 1000)
	require.Equal(t, []string{
		`1|{"extra":[1,"x"],"kind":"view","n":1,"seq":1,"user":{"id":1}}`,
		`10|{"kind":"view","n":null,"seq":10,"user":{"id":3}}`,
		`25|{"n":25,"seq":25,"user":{"id":4}}`,
	}, rowsText(t, db, "SELECT id, v FROM events WHERE id IN (1, 10, 25) ORDER BY id"))
	require.Equal(t, []string{
		`1|view|1|"view"|1`,
		`10|view|NULL|"view"|3`,
		`25|NULL|25|NULL|4`,
	}, rowsText(t, db, "SELECT id, variant_get(v, '$.kind', 'string'), variant_get(v, '$.n', 'bigint'), v->'$.kind' , variant_get(v, '$.user.id', 'int') FROM events WHERE id IN (1, 10, 25) ORDER BY id"))
	require.Equal(t, []string{"view|320", "click|320", "buy|320", "NULL|40"},
		rowsText(t, db, "SELECT variant_get(v, '$.kind', 'string') AS k, COUNT(*) FROM events GROUP BY k ORDER BY COUNT(*) DESC, k DESC"))
	require.Equal(t, []string{"100"}, rowsText(t, db, "SELECT COUNT(*) FROM events WHERE is_variant_null(v->'$.n')"))
	// Integers are shredded as INT64 (docs/design.md section 7), so they read back
	// as int64 whatever their width was: the same value, one class.
	require.Equal(t, []string{"int64"}, rowsText(t, db, "SELECT DISTINCT variant_typeof(v->'$.user.id') FROM events"))
}

// TestPushdownChangesNoResult: the same queries with data skipping on and
// off give the same rows, and skipping does skip.
func TestPushdownChangesNoResult(t *testing.T) {
	db, dir := eventsTable(t, 1000)
	off := openDB(t, dir+"?data_skipping=false")
	for _, q := range []string{
		"SELECT id FROM events WHERE variant_get(v, '$.n', 'bigint') > 990",
		"SELECT id FROM events WHERE variant_get(v, '$.seq', 'bigint') > 990",
		"SELECT id FROM events WHERE variant_get(v, '$.seq', 'bigint') <= 3 OR variant_get(v, '$.seq', 'int') = 500",
		"SELECT id FROM events WHERE variant_get(v, '$.n', 'bigint') BETWEEN 100 AND 120",
		"SELECT id FROM events WHERE variant_get(v, '$.n', 'bigint') IN (5, 505, 999)",
		"SELECT id FROM events WHERE variant_get(v, '$.n', 'bigint') IS NULL",
		"SELECT id FROM events WHERE NOT (variant_get(v, '$.n', 'bigint') < 995)",
		"SELECT id FROM events WHERE variant_get(v, '$.n', 'bigint') != 5 AND id < 20",
		"SELECT id FROM events WHERE try_variant_get(v, '$.kind', 'int') IS NULL AND id < 5",
		"SELECT id FROM events WHERE variant_get(v, '$.kind', 'string') = 'buy' AND variant_get(v, '$.n', 'bigint') >= 900",
		"SELECT COUNT(*) FROM events WHERE variant_get(v, '$.user.id', 'int') = 3",
		"SELECT id FROM events WHERE id > 995 OR variant_get(v, '$.n', 'bigint') < 3",
		"SELECT id FROM events WHERE variant_get(v, '$.seq', 'bigint') = 3 OR variant_get(v, '$.seq', 'bigint') = 997 OR 500 = variant_get(v, '$.seq', 'bigint')",
		"SELECT id FROM events WHERE variant_get(v, '$.n', 'bigint') = 5 OR variant_get(v, '$.n', 'bigint') = NULL",
		"SELECT id FROM events WHERE variant_get(v, '$.kind', 'string') = 'buy' OR variant_get(v, '$.kind', 'string') = 'view'",
		"SELECT id FROM events WHERE variant_get(v, '$.kind', 'string') LIKE 'bu%'",
		"SELECT id FROM events WHERE variant_get(v, '$.kind', 'string') LIKE 'b_y' AND id < 100",
		"SELECT id FROM events WHERE variant_get(v, '$.kind', 'string') LIKE 'buy'",
		"SELECT id FROM events WHERE variant_get(v, '$.kind', 'string') LIKE 'b\\%%'",
		"SELECT id FROM events WHERE variant_get(v, '$.kind', 'string') NOT LIKE 'bu%' AND id < 50",
		"SELECT id FROM events WHERE variant_get(v, '$.seq', 'bigint') LIKE '99%'",
	} {
		require.Equal(t, rowsText(t, off, q), rowsText(t, db, q), q)
	}
	// $.seq is never the Variant null, so its value column is all null and
	// the typed_value statistics decide (VariantShredding.md, "Data
	// Skipping"): one row group of ten is read.
	plan := explain(t, db, "EXPLAIN ANALYZE SELECT id FROM events WHERE variant_get(v, '$.seq', 'bigint') > 990")
	require.Equal(t, "variant_get(v, '$.seq', 'bigint') > 990", plan["pushed to scan"])
	require.Equal(t, "id, v.seq::bigint", plan["columns read"])
	require.Equal(t, "9", plan["rows returned"])
	require.Equal(t, "1", plan["row groups read"], plan)
	require.Equal(t, "9", plan["row groups skipped"], plan)
	// An OR of equalities is pushed as an IN and skips as one.
	plan = explain(t, db, "EXPLAIN ANALYZE SELECT id FROM events WHERE variant_get(v, '$.seq', 'bigint') = 3 OR variant_get(v, '$.seq', 'bigint') = 5")
	require.Equal(t, "2", plan["rows returned"])
	require.Equal(t, "9", plan["row groups skipped"], plan)
	// So is an OR of equalities and IN lists on one expression.
	plan = explain(t, db, "EXPLAIN ANALYZE SELECT id FROM events WHERE variant_get(v, '$.seq', 'bigint') IN (3, 4) OR variant_get(v, '$.seq', 'bigint') = 5 OR variant_get(v, '$.seq', 'bigint') IN (6)")
	require.Equal(t, "4", plan["rows returned"])
	require.Equal(t, "9", plan["row groups skipped"], plan)
	// $.n holds Variant nulls (in value) in every row group: no row group
	// may be skipped by typed_value statistics there.
	plan = explain(t, db, "EXPLAIN ANALYZE SELECT id FROM events WHERE variant_get(v, '$.n', 'bigint') > 990")
	require.Equal(t, "9", plan["rows returned"])
	require.Equal(t, "0", plan["row groups skipped"], plan)
}

// TestPushdownWithWholeVariant: a variant_get filter on a VARIANT column
// the query also returns whole still goes to the scan, which skips row
// groups with it, and the rows and errors are those of the evaluator.
func TestPushdownWithWholeVariant(t *testing.T) {
	db, dir := eventsTable(t, 1000)
	off := openDB(t, dir+"?data_skipping=false")
	q := "SELECT id, v FROM events WHERE variant_get(v, '$.seq', 'bigint') > 997 ORDER BY id"
	want := []string{
		`998|{"kind":"buy","n":998,"seq":998,"user":{"id":4}}`,
		`999|{"kind":"click","n":999,"seq":999,"user":{"id":5}}`,
	}
	require.Equal(t, want, rowsText(t, db, q))
	require.Equal(t, want, rowsText(t, off, q))
	plan := explain(t, db, "EXPLAIN ANALYZE "+q)
	require.Equal(t, "variant_get(v, '$.seq', 'bigint') > 997", plan["pushed to scan"])
	require.Equal(t, "1", plan["row groups read"], plan)
	require.Equal(t, "9", plan["row groups skipped"], plan)
	// A cast that fails is an error whether the scan or the evaluator
	// meets it, worded with the call.
	for _, c := range []*sql.DB{db, off} {
		_, err := rowsTextErr(c, "SELECT v FROM events WHERE variant_get(v, '$.kind', 'bigint') = 3")
		require.ErrorIs(t, err, variant.ErrCast)
		require.ErrorContains(t, err, `parquetvariant: variant_get(v, '$.kind', 'bigint'): variant: cannot cast: string "view" to bigint`)
		_, err = rowsTextErr(c, "SELECT id FROM events WHERE variant_get(v, '$.kind', 'bigint') = 3")
		require.ErrorIs(t, err, variant.ErrCast)
	}
}

// TestExactPushdownAsEvaluated: conditions the scan decides alone give the
// rows and errors that the evaluator gives when it tests them itself
// (written as (cond) = TRUE, which is not pushed), in three-valued logic,
// with casts that fail, on path columns and on Variants returned whole.
func TestExactPushdownAsEvaluated(t *testing.T) {
	db, _ := eventsTable(t, 1000)
	for _, cond := range []string{
		"variant_get(v, '$.seq', 'bigint') > 990",
		"990 < variant_get(v, '$.seq', 'bigint')",
		"variant_get(v, '$.n', 'bigint') = 21",
		"variant_get(v, '$.n', 'bigint') IS NULL",
		"variant_get(v, '$.n', 'bigint') IS NOT NULL AND id < 12",
		"variant_get(v, '$.kind', 'string') IN ('buy', NULL) AND id < 20",
		"variant_get(v, '$.kind', 'string') <> 'buy' AND id < 12",
		"variant_get(v, '$.kind', 'string') >= 'c' AND id < 12",
		"variant_get(v, '$.user.id', 'int') BETWEEN 2 AND 3 AND id < 20",
		"try_variant_get(v, '$.kind', 'bigint') IS NULL AND id < 5",
		"variant_get(v, '$.kind', 'bigint') IS NOT NULL",
		"variant_get(v, '$.kind', 'bigint') = 1",
		"variant_get(v, '$.kind', 'bigint') IN (1, 2)",
		"id = 5",
		"id IS NULL",
		"variant_get(v, '$.seq', 'double') > 990.5",
		"variant_get(v, '$.kind', 'string') = 'buy' AND variant_get(v, '$.n', 'bigint') >= 990",
	} {
		for _, sel := range []string{"id", "id, v", "COUNT(*)"} {
			q := "SELECT " + sel + " FROM events WHERE "
			want, wantErr := rowsTextErr(db, q+"("+cond+") = TRUE")
			got, err := rowsTextErr(db, q+cond)
			require.Equal(t, want, got, q+cond)
			require.Equal(t, errors.Is(wantErr, variant.ErrCast), errors.Is(err, variant.ErrCast), "%s: %v / %v", q+cond, wantErr, err)
			require.Equal(t, wantErr == nil, err == nil, "%s: %v / %v", q+cond, wantErr, err)
		}
	}
}

// TestExactPushdownTimes: DATE and TIMESTAMP columns compared with times
// that fall between their units (noon for a date, a nanosecond for a
// microsecond timestamp) give the evaluator's rows when the scan decides
// the comparison alone.
func TestExactPushdownTimes(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE d (day DATE, at TIMESTAMP)")
	require.NoError(t, err)
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 4 {
		_, err := db.Exec("INSERT INTO d VALUES (?, ?)", base.AddDate(0, 0, i), base.Add(time.Duration(i)*time.Microsecond))
		require.NoError(t, err)
	}
	noon := base.AddDate(0, 0, 1).Add(12 * time.Hour)
	between := base.Add(time.Microsecond + time.Nanosecond)
	for _, q := range []struct {
		cond string
		arg  time.Time
		n    int
	}{
		{"day = ?", noon, 0}, {"day < ?", noon, 2}, {"day <= ?", noon, 2}, {"day > ?", noon, 2}, {"day >= ?", noon, 2},
		{"day = ?", base, 1}, {"day IN (?)", noon, 0}, {"day BETWEEN ? AND '2024-01-03'", noon, 1},
		{"at = ?", between, 0}, {"at < ?", between, 2}, {"at > ?", between, 2}, {"at >= ?", between, 2},
	} {
		want := rowsText(t, db, "SELECT day, at FROM d WHERE ("+q.cond+") = TRUE ORDER BY at", q.arg)
		require.Len(t, want, q.n, q.cond)
		require.Equal(t, want, rowsText(t, db, "SELECT day, at FROM d WHERE "+q.cond+" ORDER BY at", q.arg), q.cond)
		require.Equal(t, []string{fmt.Sprint(q.n)}, rowsText(t, db, "SELECT COUNT(*) FROM d WHERE "+q.cond, q.arg), q.cond)
	}
}

// TestGroupByDayOfTimestampText: ISO timestamp strings in a Variant group by
// their day in UTC through a 'date' cast, with data skipping on and off.
func TestGroupByDayOfTimestampText(t *testing.T) {
	dir := t.TempDir()
	for _, dsn := range []string{dir, dir + "?data_skipping=false"} {
		db := openDB(t, dsn)
		if dsn == dir {
			_, err := db.Exec("CREATE TABLE ev (v VARIANT)")
			require.NoError(t, err)
			_, err = db.Exec(`INSERT INTO ev VALUES
				(parse_json('{"ts":"2024-06-01T10:00:00Z"}')),
				(parse_json('{"ts":"2024-06-01T23:59:59.999Z"}')),
				(parse_json('{"ts":"2024-06-01T22:30:00-05:00"}')),
				(parse_json('{"ts":"2024-06-02"}')),
				(parse_json('{"ts":"yesterday"}'))`)
			require.NoError(t, err)
		}
		require.Equal(t, []string{
			"NULL|1",
			"2024-06-01 00:00:00 +0000 UTC|2",
			"2024-06-02 00:00:00 +0000 UTC|2",
		}, rowsText(t, db, "SELECT try_variant_get(v, '$.ts', 'date') AS day, COUNT(*) FROM ev GROUP BY day ORDER BY day"), dsn)
		require.Equal(t, []string{"2"}, rowsText(t, db, "SELECT COUNT(*) FROM ev WHERE try_variant_get(v, '$.ts', 'date') = ?", time.Date(2024, 6, 2, 0, 0, 0, 0, time.UTC)), dsn)
	}
}

// TestCoalesce: COALESCE and IFNULL give the first argument that is not SQL
// NULL (a Variant null is a value), typed by their arguments when they agree.
func TestCoalesce(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE c (id BIGINT, n BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO c VALUES (1, NULL, parse_json('{"country":"DE"}')), (2, 5, parse_json('{"country":null}')), (3, NULL, NULL)`)
	require.NoError(t, err)
	require.Equal(t, []string{`1|DE|-1|"DE"`, "2|null|5|null", "3|unknown|-1|NULL"},
		rowsText(t, db, "SELECT id, COALESCE(v->>'$.country', 'unknown'), IFNULL(n, -1), COALESCE(v->'$.country', NULL) FROM c ORDER BY id"))
	require.Equal(t, []string{"unknown|1", "null|1", "DE|1"},
		rowsText(t, db, "SELECT COALESCE(v->>'$.country', 'unknown') AS country, COUNT(*) FROM c GROUP BY country ORDER BY COUNT(*), country DESC"))
	rs, err := db.Query("SELECT IFNULL(n, -1), COALESCE(n, v), COALESCE(v, NULL), COALESCE(NULL, n) FROM c")
	require.NoError(t, err)
	types, err := rs.ColumnTypes()
	require.NoError(t, err)
	var names []string
	for _, ct := range types {
		nullable, _ := ct.Nullable()
		names = append(names, fmt.Sprintf("%s %v", ct.DatabaseTypeName(), nullable))
	}
	require.Equal(t, []string{"BIGINT false", "ANY true", "VARIANT true", "BIGINT true"}, names)
	require.NoError(t, rs.Close())
	// A strict cast in a later argument is evaluated only when needed.
	_, err = db.Exec(`INSERT INTO c VALUES (4, 7, parse_json('{"x":"abc"}')), (5, NULL, parse_json('{"x":true}'))`)
	require.NoError(t, err)
	require.Equal(t, []string{"4|7", "5|true"},
		rowsText(t, db, "SELECT id, COALESCE(n, variant_get(v, '$.x', 'boolean')) FROM c WHERE id >= 4 ORDER BY id"))
	require.Equal(t, []string{"4"},
		rowsText(t, db, "SELECT id FROM c WHERE id >= 4 AND IFNULL(n, variant_get(v, '$.x', 'bigint')) = 7"))
	_, err = db.Query("SELECT COALESCE() FROM c")
	require.ErrorContains(t, err, "wrong number of arguments")
	_, err = db.Query("SELECT IFNULL(n) FROM c")
	require.ErrorContains(t, err, "wrong number of arguments")
}

// TestGroupByColumnBeforeAlias: GROUP BY a name that is both a table column
// and a select alias groups by the column, as MySQL and PostgreSQL do; an
// alias alone matches in any case.
func TestGroupByColumnBeforeAlias(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE g (kind VARCHAR, n BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO g VALUES ('a', 1), ('a', 2), ('b', 3)")
	require.NoError(t, err)
	require.Equal(t, []string{"2|2", "3|1"},
		rowsText(t, db, "SELECT MAX(n) + 0 AS kind, COUNT(*) FROM g GROUP BY kind ORDER BY 1"))
	require.Equal(t, []string{"0|1", "1|2"},
		rowsText(t, db, "SELECT n % 2 AS Parity, COUNT(*) FROM g GROUP BY parity ORDER BY 1"))
}

// TestUnknownColumnInGroupedQuery: in a grouped query, a name that is no
// column is "no such column", not "must appear in GROUP BY".
func TestUnknownColumnInGroupedQuery(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE g (kind VARCHAR, n BIGINT)")
	require.NoError(t, err)
	for _, q := range []string{
		"SELECT kind, COUNT(*) FROM g GROUP BY kind ORDER BY nope",
		"SELECT kind, COUNT(*) FROM g GROUP BY kind HAVING nope > 1",
		"SELECT nope, COUNT(*) FROM g GROUP BY kind",
	} {
		_, err := db.Query(q)
		require.ErrorIs(t, err, pvdriver.ErrNoColumn, q)
		require.ErrorContains(t, err, "no such column: nope (the columns are kind, n)", q)
	}
}

// TestEvaluatorErrorNamesFileRowGroupRow: a cast the evaluator makes (the
// Variant column is also read whole) fails naming the row as the scan's
// own errors do: file, row group and row in it.
func TestEvaluatorErrorNamesFileRowGroupRow(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=3")
	_, err := db.Exec("CREATE TABLE e (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO e VALUES (1, parse_json('{"t":1}')), (2, parse_json('{"t":2}')), (3, parse_json('{"t":3}')),
		(4, parse_json('{"t":4}')), (5, parse_json('{"t":"x"}'))`)
	require.NoError(t, err)
	_, err = rowsTextErr(db, "SELECT v, variant_get(v, '$.t', 'bigint') FROM e")
	require.ErrorIs(t, err, variant.ErrCast)
	require.Regexp(t, `^parquetvariant: variant_get\(v, '\$\.t', 'bigint'\): .* \(in .*/e/part-[0-9a-f-]+\.parquet, row group 1, row 1 of it\)$`, err.Error())
}
