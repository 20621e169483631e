package driver_test

import (
	"database/sql"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// TestVariantOrderAgreesWithEquality: =, GROUP BY, COUNT(DISTINCT), ORDER BY
// and MIN/MAX treat Variants alike: numbers by value whatever their type, a
// string inside a Variant never as a number, and one total order across
// types (numbers before strings).
func TestVariantOrderAgreesWithEquality(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE g (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO g VALUES (1, parse_json('5')), (2, parse_json('5e0')), (3, parse_json('5.0')),
		(4, parse_json('"5"')), (5, parse_json('"10"')), (6, parse_json('9.5')), (7, parse_json('9.5e0'))`)
	require.NoError(t, err)

	require.Equal(t, []string{"1|true", "2|true", "3|true", "4|NULL", "5|NULL", "6|false", "7|false"},
		rowsText(t, db, "SELECT id, v = parse_json('5') FROM g ORDER BY id"))
	require.Equal(t, []string{"6|true", "7|true"}, rowsText(t, db, "SELECT id, v = 9.5 FROM g WHERE v > 5 ORDER BY id"))
	require.Equal(t, []string{`5|3`, `9.5|2`, `"10"|1`, `"5"|1`},
		rowsText(t, db, "SELECT to_json(MIN(v)), COUNT(*) FROM g GROUP BY v ORDER BY MIN(v)"))
	require.Equal(t, []string{"4"}, rowsText(t, db, "SELECT COUNT(DISTINCT v) FROM g"))
	require.Len(t, rowsText(t, db, "SELECT DISTINCT v FROM g"), 4)
	require.Equal(t, []string{"1", "2", "3", "6", "7", "5", "4"}, rowsText(t, db, "SELECT id FROM g ORDER BY v, id"))
	require.Equal(t, []string{"4", "5", "6", "7", "1", "2", "3"}, rowsText(t, db, "SELECT id FROM g ORDER BY v DESC, id"))

	// MIN and MAX follow ORDER BY and give Variants, as the column type says.
	var lo, hi sql.Null[variant.Variant]
	require.NoError(t, db.QueryRow("SELECT MIN(v), MAX(v) FROM g").Scan(&lo, &hi))
	require.True(t, lo.Valid && hi.Valid)
	require.Equal(t, variant.TypeInt8, lo.V.Type())
	s, err := hi.V.Str()
	require.NoError(t, err)
	require.Equal(t, "5", s)
	cts, err := db.Query("SELECT MIN(v) FROM g")
	require.NoError(t, err)
	types, err := cts.ColumnTypes()
	require.NoError(t, err)
	require.Equal(t, "VARIANT", types[0].DatabaseTypeName())
	require.NoError(t, cts.Close())
}

// TestDecimalMeetsDouble: an exact number with a fraction compared with a
// double is rounded to the nearest double first, as SQL engines do, in the
// evaluator and in the predicates pushed to the scan alike; arithmetic on
// decimals stays exact.
func TestDecimalMeetsDouble(t *testing.T) {
	for _, skipping := range []string{"true", "false"} {
		db := openDB(t, t.TempDir()+"?data_skipping="+skipping)
		_, err := db.Exec("CREATE TABLE p (id BIGINT, f DOUBLE, d DECIMAL(10,2), v VARIANT)")
		require.NoError(t, err)
		_, err = db.Exec(`INSERT INTO p VALUES (1, 0.1, 249.99, parse_json('{"price":9.99}')), (2, 0.5, 91.72, ?)`,
			map[string]any{"price": 9.99})
		require.NoError(t, err)
		for _, tc := range []struct {
			q    string
			args []any
			want []string
		}{
			{"SELECT id FROM p WHERE f = 0.1", nil, []string{"1"}},
			{"SELECT id FROM p WHERE f = ?", []any{"0.1"}, []string{"1"}},
			{"SELECT id FROM p WHERE d = ?", []any{249.99}, []string{"1"}},
			{"SELECT id FROM p WHERE f > 0.1 ORDER BY id", nil, []string{"2"}},
			{"SELECT id FROM p WHERE f IN (0.5, 0.7)", nil, []string{"2"}},
			{"SELECT id FROM p WHERE f BETWEEN 0.1 AND 0.3", nil, []string{"1"}},
			{"SELECT id FROM p WHERE variant_get(v, '$.price', 'double') = 9.99 ORDER BY id", nil, []string{"1", "2"}},
			{"SELECT id FROM p WHERE d * 3 = 275.16", nil, []string{"2"}},
			{"SELECT d + 0.01, d * 3, 0.1 + 0.2 FROM p WHERE id = 2", nil, []string{"91.73|275.16|0.3"}},
			{"SELECT 0.1e0 = 0.1, 0.1e0 > 0.1 FROM p WHERE id = 1", nil, []string{"true|false"}},
			// A decimal that is an integer meets a double exactly.
			{"SELECT 9007199254740993.0 = 9007199254740992e0 FROM p WHERE id = 1", nil, []string{"false"}},
		} {
			require.Equal(t, tc.want, rowsText(t, db, tc.q, tc.args...), "%s (data_skipping=%s)", tc.q, skipping)
		}
	}
}

// TestDecimalAndDoubleGroupTogether: a decimal from JSON and a double from
// Go that = calls equal form one group; decimals longer than a double can
// tell apart keep apart.
func TestDecimalAndDoubleGroupTogether(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE p (id BIGINT, d DECIMAL(20,9), v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO p VALUES (1, 12345678901.000000001, parse_json('{"price":0.1}')), (2, 12345678901.000000002, ?),
		(3, 12345678901.000000001, parse_json('{"price":9.50}')), (4, 2.5, ?)`,
		map[string]any{"price": 0.1}, map[string]any{"price": 9.5})
	require.NoError(t, err)
	require.Equal(t, []string{"0.1|2", "9.50|2"},
		rowsText(t, db, "SELECT to_json(MIN(v->'$.price')), COUNT(*) FROM p GROUP BY v->'$.price' ORDER BY MIN(v->'$.price')"))
	require.Equal(t, []string{"2"}, rowsText(t, db, "SELECT COUNT(DISTINCT v->'$.price') FROM p"))
	require.Equal(t, []string{"3"}, rowsText(t, db, "SELECT COUNT(DISTINCT d) FROM p"))
	require.Equal(t, []string{"2"}, rowsText(t, db, "SELECT COUNT(*) FROM p WHERE v->'$.price' = 0.1"))
}

// TestNullKindsOrderApart: ORDER BY puts SQL NULL before the Variant null,
// as GROUP BY keeps them in groups of their own.
func TestNullKindsOrderApart(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE h (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO h VALUES (1, parse_json('null')), (2, NULL), (3, parse_json('1')), (4, parse_json('null')), (5, NULL)")
	require.NoError(t, err)
	require.Equal(t, []string{"2", "5", "1", "4", "3"}, rowsText(t, db, "SELECT id FROM h ORDER BY v, id"))
	require.Equal(t, []string{"3", "4", "1", "5", "2"}, rowsText(t, db, "SELECT id FROM h ORDER BY v DESC, id DESC"))
	require.Equal(t, []string{"NULL|2", "null|2", "1|1"}, rowsText(t, db, "SELECT to_json(v), COUNT(*) FROM h GROUP BY v ORDER BY v"))
}
