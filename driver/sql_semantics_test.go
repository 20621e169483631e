package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/variant"
)

// TestSQLSemantics: how values meet in comparisons, ->> and HAVING, each
// the way a SQL user expects.
func TestSQLSemantics(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT, zip VARCHAR, at TIMESTAMP, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO t VALUES
		(1, '00123', '2024-01-02 03:04:05', parse_json('{"os":"ios","n":"7","o":{"a":1}}')),
		(2, '123', '2024-02-01 00:00:00', parse_json('{"os":"android","n":8,"o":{"a":2}}')),
		(3, 'x', NULL, parse_json('{"os":null}'))`)
	require.NoError(t, err)
	for _, tc := range []struct {
		q    string
		args []any
		want []string
	}{
		// ->> gives a string without its quotes, other values as JSON.
		{"SELECT id FROM t WHERE v->>'$.os' = 'ios'", nil, []string{"1"}},
		{"SELECT v->>'$.os', v->>'$.o', v->'$.os' FROM t ORDER BY id", nil, []string{`ios|{"a":1}|"ios"`, `android|{"a":2}|"android"`, `null|NULL|null`}},
		// Text compared with a number or a time reads as one.
		{"SELECT id FROM t WHERE zip = 123 ORDER BY id", nil, []string{"1", "2"}},
		{"SELECT id FROM t WHERE id = ?", []any{"2"}, []string{"2"}},
		{"SELECT id FROM t WHERE at >= '2024-02-01' ORDER BY id", nil, []string{"2"}},
		{"SELECT id FROM t WHERE v->>'$.n' = 7", nil, []string{"1"}},
		// A string inside a Variant is not a number (variant.Equal), so
		// that =, GROUP BY, ORDER BY and MIN/MAX agree.
		{"SELECT id FROM t WHERE v->'$.n' = 7", nil, nil},
		{"SELECT id FROM t WHERE v->'$.n' = 8", nil, []string{"2"}},
		{"SELECT id FROM t WHERE zip > 100 ORDER BY id", nil, []string{"1", "2"}},
		// Objects compare by value, whatever their dictionaries.
		{`SELECT id FROM t WHERE v->'$.o' = parse_json('{"a":2}')`, nil, []string{"2"}},
		// HAVING may name an output column by its alias.
		{"SELECT v->>'$.os' AS os, COUNT(*) AS n FROM t GROUP BY os HAVING n >= 1 AND os <> 'x' ORDER BY os", nil, []string{"android|1", "ios|1", "null|1"}},
	} {
		require.Equal(t, tc.want, rowsText(t, db, tc.q, tc.args...), tc.q)
	}
	_, err = db.Query("SELECT 1 + 1")
	require.ErrorContains(t, err, "SELECT needs FROM")
}

// TestPrepareChecksConstants: a malformed path or cast type fails when the
// statement is prepared, and the error matches the variant sentinel.
func TestPrepareChecksConstants(t *testing.T) {
	db, _ := eventsTable(t, 10)
	_, err := db.Prepare("SELECT variant_get(v, '$.', 'string') FROM events")
	require.ErrorIs(t, err, variant.ErrInvalidPath)
	require.ErrorIs(t, err, pvdriver.ErrSyntax)
	_, err = db.Prepare("SELECT try_variant_get(v, '$.a', 'bignum') FROM events")
	require.ErrorIs(t, err, variant.ErrInvalidType)
	_, err = db.Prepare("INSERT INTO events (v) SELECT variant_get(v, '$[', 'int') FROM events")
	require.ErrorIs(t, err, variant.ErrInvalidPath)
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM events").Scan(&n), "the database is still usable")
	require.Equal(t, int64(10), n)
}

// TestStoredCastError: a failed cast of a stored Variant path read by the
// scan is worded like one the evaluator makes: the call, the cast error,
// and where the value is.
func TestStoredCastError(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO t VALUES (parse_json('{"a":"10.8"}'))`)
	require.NoError(t, err)
	_, err = rowsTextErr(db, "SELECT variant_get(v, '$.a', 'int') FROM t")
	require.ErrorIs(t, err, variant.ErrCast)
	require.ErrorContains(t, err, `parquetvariant: variant_get(v, '$.a', 'int'): variant: cannot cast: string "10.8" to int`)
	require.ErrorContains(t, err, "row group 0, row 0 of it)")
	var re *scan.RowError
	require.ErrorAs(t, err, &re)
	require.Equal(t, int64(0), re.Row)
	got := rowsText(t, db, "SELECT try_variant_get(v, '$.a', 'int') FROM t")
	require.Equal(t, []string{"NULL"}, got)
}
