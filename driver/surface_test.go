package driver_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// TestSQLSurface runs the SQL surface of design section 4 end to end
// through database/sql on a stored table, each query with its exact rows
// (rowsText: columns joined by |, NULL for SQL NULL, Variants as JSON).
func TestSQLSurface(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, name VARCHAR, v VARIANT)")
	require.NoError(t, err)
	docs := []any{
		json.RawMessage(`{"kind":"click","n":5,"price":12.50,"tags":["a","b"],"user":{"id":7,"name":"Al"}}`),
		json.RawMessage(`{"kind":"view","n":null,"tags":[],"user":{"id":8}}`),
		json.RawMessage(`{"kind":"click","n":"12","user":{"id":7}}`),
		json.RawMessage(`{"kind":"buy","n":9.5,"weird key":true}`),
		nil,
		"just text",
	}
	names := []any{"alice", "bob", "carol", "dave", nil, "eve"}
	for i, d := range docs {
		_, err := db.Exec("INSERT INTO t VALUES (?, ?, ?)", i+1, names[i], d)
		require.NoError(t, err)
	}

	for _, tc := range []struct {
		query string
		args  []any
		want  []string
	}{
		{"SELECT id, variant_get(v, '$.user.id', 'int'), variant_get(v, '$.user.name', 'string') FROM t ORDER BY id", nil,
			[]string{"1|7|Al", "2|8|NULL", "3|7|NULL", "4|NULL|NULL", "5|NULL|NULL", "6|NULL|NULL"}},
		{"SELECT id, try_variant_get(v, '$.n', 'int') FROM t ORDER BY id", nil,
			[]string{"1|5", "2|NULL", "3|12", "4|NULL", "5|NULL", "6|NULL"}},
		{"SELECT id, variant_get(v, '$.n') FROM t ORDER BY id", nil,
			[]string{"1|5", "2|null", `3|"12"`, "4|9.5", "5|NULL", "6|NULL"}},
		{"SELECT id, is_variant_null(v->'$.n'), is_variant_null(v) FROM t ORDER BY id", nil,
			[]string{"1|false|false", "2|true|false", "3|false|false", "4|false|false", "5|false|false", "6|false|false"}}, // SQL NULL is not the Variant null
		// Integers are shredded as int64 (design section 7).
		{"SELECT id, variant_typeof(v), variant_typeof(v->'$.n') FROM t ORDER BY id", nil,
			[]string{"1|object|int64", "2|object|null", "3|object|string", "4|object|decimal4", "5|NULL|NULL", "6|string|NULL"}},
		{"SELECT variant_typeof(v->'$.price'), variant_get(v, '$.price', 'decimal(5,1)'), to_json(v->'$.tags'), v->>'$.kind', v->>'$.tags[1]' FROM t WHERE id = 1", nil,
			[]string{`decimal4|12.5|["a","b"]|click|b`}}, // ->> gives strings without quotes
		{`SELECT v->>'$["weird key"]', v->'$[''weird key'']' FROM t WHERE id = 4`, nil,
			[]string{"true|true"}},
		{`SELECT to_json(parse_json('{"x":[1,2.5,"y"]}')), variant_get(parse_json('{"x":[1,2]}'), '$.x[1]', 'int'), variant_typeof(parse_json('1.5e3')) FROM t WHERE id = 1`, nil,
			[]string{`{"x":[1,2.5,"y"]}|2|double`}},
		{"SELECT id FROM t WHERE name LIKE 'a%' OR name LIKE '_o%' ORDER BY id", nil,
			[]string{"1", "2"}},
		{"SELECT id FROM t WHERE name NOT LIKE '%e%' ORDER BY id", nil,
			[]string{"2", "3"}},
		{"SELECT id FROM t WHERE v->>'$.kind' LIKE ? ORDER BY id", []any{`c%`},
			[]string{"1", "3"}},
		{"SELECT id FROM t WHERE id IN (?, ?, 99) ORDER BY id DESC", []any{2, 5},
			[]string{"5", "2"}},
		{"SELECT id FROM t WHERE variant_get(v, '$.user.id', 'int') NOT IN (8) ORDER BY id", nil,
			[]string{"1", "3"}},
		{"SELECT id FROM t WHERE id BETWEEN ? AND ? ORDER BY id", []any{2, 4},
			[]string{"2", "3", "4"}},
		{"SELECT id FROM t WHERE try_variant_get(v, '$.n', 'double') NOT BETWEEN 6 AND 20 ORDER BY id", nil,
			[]string{"1"}},
		{"SELECT v->>'$.kind' AS k, COUNT(*), COUNT(v->'$.n'), SUM(id) FROM t GROUP BY k ORDER BY k", nil,
			[]string{"NULL|2|0|11", `buy|1|1|4`, `click|2|2|4`, `view|1|1|2`}},
		{"SELECT v->>'$.kind' AS k, COUNT(*) FROM t GROUP BY k HAVING COUNT(*) > ? ORDER BY COUNT(*) DESC, k", []any{1},
			[]string{"NULL|2", `click|2`}}, // NULL sorts first
		{"SELECT COUNT(*), COUNT(name), COUNT(DISTINCT variant_get(v, '$.user.id', 'int')), MIN(name), MAX(name), AVG(id) FROM t", nil,
			[]string{"6|5|2|alice|eve|3.5"}},
		{"SELECT DISTINCT variant_typeof(v) FROM t ORDER BY 1", nil,
			[]string{"NULL", "object", "string"}},
		{"SELECT id, name FROM t ORDER BY name DESC, id LIMIT ? OFFSET ?", []any{2, 1},
			[]string{"4|dave", "3|carol"}},
		{"SELECT id FROM t ORDER BY id LIMIT 2 OFFSET 4", nil,
			[]string{"5", "6"}},
	} {
		require.Equal(t, tc.want, rowsText(t, db, tc.query, tc.args...), tc.query)
	}

	// A failed strict cast is an error naming the file, row group, path,
	// type and value, whether it stops the query before the first row (ORDER
	// BY) or during the rows; with try_variant_get it is NULL (above).
	for _, q := range []string{
		"SELECT variant_get(v, '$.n', 'int') FROM t ORDER BY id",
		"SELECT variant_get(v, '$.n', 'int') FROM t",
	} {
		rows, err := db.Query(q)
		if err == nil {
			for rows.Next() {
			}
			err = rows.Err()
			require.NoError(t, rows.Close())
		}
		require.ErrorIs(t, err, variant.ErrCast, q)
		require.Regexp(t, `^parquetvariant: variant_get\(v, '\$\.n', 'int'\): variant: cannot cast: decimal4 9\.5 to int: would lose digits \(in .*/t/part-[0-9a-f-]+\.parquet, row group 0, row 0 of it\)$`, err.Error(), q)
	}
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
	require.Equal(t, int64(6), n)
}
