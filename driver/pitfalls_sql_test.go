package driver_test

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// storedTable creates table t (id BIGINT, v VARIANT) in a new directory
// opened with the DSN options opts, and inserts docs (JSON text, parsed) as
// the rows 1, 2, ...
func storedTable(t *testing.T, opts string, docs ...string) (*sql.DB, string) {
	t.Helper()
	dir := t.TempDir()
	db := openDB(t, dir+opts)
	_, err := db.Exec("CREATE TABLE t (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	for i, d := range docs {
		_, err := db.Exec("INSERT INTO t VALUES (?, ?)", i+1, json.RawMessage(d))
		require.NoError(t, err)
	}
	return db, dir
}

// ids runs SELECT id FROM t WHERE where ORDER BY id.
func ids(t *testing.T, db *sql.DB, where string, args ...any) []int64 {
	t.Helper()
	return idsOf(t, db, "SELECT id FROM t WHERE "+where+" ORDER BY id", args...)
}

// storedModes are the ways the stored-Variant pitfall tests run: shredded
// and not, with data skipping (the comparisons pushed into the scan) and
// without.
var storedModes = []string{"", "?shred=none", "?data_skipping=false", "?shred=none&data_skipping=false"}

// TestStoredNullLogic is pitfall B40 on a stored VARIANT column: with n :=
// variant_get(v,'$.n','int'), NULL (a missing field and the Variant null)
// never satisfies a comparison nor its NOT.
func TestStoredNullLogic(t *testing.T) {
	for _, mode := range storedModes {
		t.Run(mode, func(t *testing.T) {
			db, _ := storedTable(t, mode, `{"n":5}`, `{"n":null}`, `{}`, `{"n":9}`)
			n := "variant_get(v, '$.n', 'int')"
			for _, tc := range []struct {
				where string
				want  []int64
			}{
				{n + " != 5", []int64{4}},
				{"NOT (" + n + " < 7)", []int64{4}},
				{n + " <= 100", []int64{1, 4}},
				{n + " IS NULL", []int64{2, 3}},
				{n + " IS NOT NULL", []int64{1, 4}},
				{"NOT (" + n + " IN (5,9))", nil},
				{n + " NOT IN (5, NULL)", nil},
				{n + " IN (5, NULL)", []int64{1}},
				{"NOT (" + n + " BETWEEN 6 AND 10)", []int64{1}},
				{"is_variant_null(v->'$.n')", []int64{2}},
				{"variant_get(v, '$.n') IS NULL", []int64{3}},
				{"id = 2 OR " + n + " = 9", []int64{2, 4}},
				{"NOT (id = 2 AND " + n + " = 9)", []int64{1, 3, 4}}, // row 2: NOT (true AND NULL) is NULL
			} {
				require.Equal(t, tc.want, ids(t, db, tc.where), tc.where)
			}
		})
	}
}

// TestStoredNullSafeEqual is pitfall B41 on a stored VARIANT column.
func TestStoredNullSafeEqual(t *testing.T) {
	for _, mode := range storedModes {
		t.Run(mode, func(t *testing.T) {
			db, _ := storedTable(t, mode, `{}`)
			b := "variant_get(v, '$.b', 'int')"
			var got sql.NullBool
			require.NoError(t, db.QueryRow("SELECT NOT ("+b+" <=> 1) FROM t").Scan(&got))
			require.Equal(t, sql.NullBool{Bool: true, Valid: true}, got)
			require.NoError(t, db.QueryRow("SELECT NOT ("+b+" = 1) FROM t").Scan(&got))
			require.Equal(t, sql.NullBool{}, got)
			require.Equal(t, []int64{1}, ids(t, db, "NOT ("+b+" <=> 1)"))
			require.Nil(t, ids(t, db, "NOT ("+b+" = 1)"))
			require.Equal(t, []int64{1}, ids(t, db, b+" <=> NULL"))
			require.Nil(t, ids(t, db, b+" <=> 1"))
			require.Equal(t, []int64{1}, ids(t, db, b+" <=> ?", nil))
		})
	}
}

// TestStoredPlaceholders is pitfall B42 on a stored VARIANT column: the
// first ? binds the first argument, in SELECT and INSERT, and a missing
// argument is the standard error.
func TestStoredPlaceholders(t *testing.T) {
	db, _ := storedTable(t, "", `{"a":5}`, `{"a":10}`, `{"a":5}`)
	_, err := db.Exec("INSERT INTO t (id, v) VALUES (?, ?)", 11, json.RawMessage(`{"a":5}`))
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t (id, v) VALUES (?, ?)", 12, `{"a":1}`)
	require.NoError(t, err)
	q := "variant_get(v, '$.a', 'int') = ? AND id > ?"
	require.Equal(t, []int64{3, 11}, ids(t, db, q, 5, 2))
	require.Equal(t, []int64{2}, ids(t, db, q, 10, 1))
	require.Nil(t, ids(t, db, q, 2, 5), "arguments bound in order, not swapped")
	// A string argument is a Variant string, not parsed JSON.
	var typ, text string
	require.NoError(t, db.QueryRow("SELECT variant_typeof(v), to_json(v) FROM t WHERE id = ?", 12).Scan(&typ, &text))
	require.Equal(t, "string", typ)
	require.Equal(t, `"{\"a\":1}"`, text)

	st, err := db.Prepare("SELECT id FROM t WHERE " + q)
	require.NoError(t, err)
	defer st.Close()
	_, err = st.Query(5)
	require.EqualError(t, err, "sql: expected 2 arguments, got 1")
	_, err = db.Exec("INSERT INTO t (id, v) VALUES (?, ?)", 13)
	require.EqualError(t, err, "sql: expected 2 arguments, got 1")
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
	require.Equal(t, int64(5), n)
}

// TestStoredVariantResults is pitfall B44 on a stored VARIANT column: a
// Variant result is a variant.Variant (or, with variant_json=true, its JSON
// text), never a Go map; the scan type agrees with what Next returns, and
// SQL NULL scans as documented.
func TestStoredVariantResults(t *testing.T) {
	db, dir := storedTable(t, "", `{"a":1}`)
	q := "SELECT v, variant_get(v, '$.missing') FROM t"

	rows, err := db.Query(q)
	require.NoError(t, err)
	cts, err := rows.ColumnTypes()
	require.NoError(t, err)
	require.True(t, rows.Next())
	var v, missing any
	require.NoError(t, rows.Scan(&v, &missing))
	require.IsType(t, variant.Variant{}, v)
	require.Equal(t, `{"a":1}`, v.(variant.Variant).String())
	require.Nil(t, missing)
	require.Equal(t, reflect.TypeFor[sql.Null[variant.Variant]](), cts[0].ScanType())
	require.Equal(t, "VARIANT", cts[1].DatabaseTypeName())
	require.NoError(t, rows.Close())

	var s string
	err = db.QueryRow(q).Scan(&s, &missing)
	require.ErrorContains(t, err, "unsupported Scan, storing driver.Value type variant.Variant into type *string")
	var nv sql.Null[variant.Variant]
	var vv variant.Variant
	require.NoError(t, db.QueryRow(q).Scan(&vv, &nv))
	require.Equal(t, `{"a":1}`, vv.String())
	require.False(t, nv.Valid)

	text := openDB(t, dir+"?variant_json=true")
	rows, err = text.Query(q)
	require.NoError(t, err)
	cts, err = rows.ColumnTypes()
	require.NoError(t, err)
	require.Equal(t, reflect.TypeFor[sql.NullString](), cts[0].ScanType())
	require.True(t, rows.Next())
	require.NoError(t, rows.Scan(&v, &missing))
	require.Equal(t, `{"a":1}`, v)
	require.Nil(t, missing)
	require.NoError(t, rows.Close())
	var b []byte
	var ns sql.NullString
	require.NoError(t, text.QueryRow(q).Scan(&s, &ns))
	require.Equal(t, `{"a":1}`, s)
	require.Equal(t, sql.NullString{}, ns)
	require.NoError(t, text.QueryRow(q).Scan(&b, &ns))
	require.Equal(t, []byte(`{"a":1}`), b)
	err = text.QueryRow(q).Scan(&s, &s)
	require.ErrorContains(t, err, "converting NULL to string is unsupported")
}

// TestStoredKeysAndPaths is pitfalls B09, B14 and B15 on a stored VARIANT
// column: a repeated JSON key is an error, or with duplicate_keys=last one
// key whose value every function agrees on; the empty key, ? and quotes are
// reachable in brackets; dots inside quoted keys are not steps; quoted
// digits are keys and bare digits indexes; malformed paths are errors, not
// NULL.
func TestStoredKeysAndPaths(t *testing.T) {
	for _, mode := range storedModes {
		t.Run(mode, func(t *testing.T) {
			db, dir := storedTable(t, mode, `{"": 1, "?": 2, "it's": 3}`, `{"a.b": 1, "a": {"b": 2}, "0": 3}`, `[10, 20]`)
			require.Equal(t, []string{"1|1|2|3", "2|NULL|NULL|NULL", "3|NULL|NULL|NULL"},
				rowsText(t, db, `SELECT id, variant_get(v, '$[""]', 'int'), variant_get(v, '$[''?'']', 'int'), variant_get(v, '$["it''s"]', 'int') FROM t ORDER BY id`))
			require.Equal(t, []string{"1|NULL|NULL|NULL|NULL|NULL", "2|1|2|3|NULL|NULL", "3|NULL|NULL|NULL|10|20"},
				rowsText(t, db, "SELECT id, variant_get(v, '$[''a.b'']', 'int'), variant_get(v, '$.a.b', 'int'), variant_get(v, '$[''0'']', 'int'), "+
					"variant_get(v, '$[0]', 'int'), variant_get(v, '$[1]', 'int') FROM t ORDER BY id"))
			require.Equal(t, []string{"3|NULL"}, rowsText(t, db, "SELECT id, variant_get(v, '$[''1'']', 'int') FROM t WHERE id = 3"))
			require.Equal(t, []int64{1}, ids(t, db, `variant_get(v, '$["it''s"]', 'int') = 3`))
			for _, p := range []string{"$[", "$.", "$..a"} {
				_, err := db.Query("SELECT variant_get(v, '" + p + "', 'int') FROM t")
				require.ErrorIs(t, err, variant.ErrInvalidPath, p)
			}

			_, err := db.Exec(`INSERT INTO t VALUES (4, parse_json('{"a":1,"a":2}'))`)
			require.ErrorIs(t, err, variant.ErrDuplicateKey)
			_, err = db.Exec("INSERT INTO t VALUES (?, ?)", 4, json.RawMessage(`{"a":1,"a":2}`))
			require.ErrorIs(t, err, variant.ErrDuplicateKey)
			lastDSN := dir + mode + "&duplicate_keys=last"
			if mode == "" {
				lastDSN = dir + "?duplicate_keys=last"
			}
			last := openDB(t, lastDSN)
			_, err = last.Exec(`INSERT INTO t VALUES (4, parse_json('{"a":1,"a":2}'))`)
			require.NoError(t, err)
			require.Equal(t, []string{`4|2|{"a":2}|{"a":2}`},
				rowsText(t, last, "SELECT id, variant_get(v, '$.a', 'int'), to_json(v), v FROM t WHERE id = 4"))
			// Stored with shred=auto the int8 comes back as the int64 of its
			// typed_value (integers are shredded widened to int64, one
			// equivalence class in VariantEncoding.md); the object keeps
			// one key.
			var got variant.Variant
			require.NoError(t, last.QueryRow("SELECT v FROM t WHERE id = 4").Scan(&got))
			require.Equal(t, []string{"a"}, got.Metadata().Keys())
			o, err := got.Object()
			require.NoError(t, err)
			require.Equal(t, 1, o.Len())
			require.NoError(t, last.QueryRow(`SELECT parse_json('{"a":1,"a":2}') FROM t WHERE id = 4`).Scan(&got))
			require.Equal(t, "02 01 00 00 02 0C 02", fmt.Sprintf("% X", got.Bytes()))
			require.Equal(t, []string{"a"}, got.Metadata().Keys())
		})
	}
}
