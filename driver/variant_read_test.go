package driver_test

import (
	"database/sql"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// VARIANT columns written by INSERT read back through SELECT, whole and
// through variant_get, across files shredded differently.
func TestSelectVariant(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE ev (id BIGINT NOT NULL, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO ev (id, v) VALUES (1, parse_json(?)), (2, NULL), (3, parse_json(?))",
		`{"kind":"a","n":5,"tags":["x","y"]}`, `null`)
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO ev (id, v) VALUES (4, parse_json(?))", `{"kind":"b","n":"7","extra":{"d":1.5}}`)
	require.NoError(t, err)

	rows, err := db.Query("SELECT id, v FROM ev ORDER BY id")
	require.NoError(t, err)
	var got []string
	for rows.Next() {
		var id int64
		var v sql.Null[variant.Variant]
		require.NoError(t, rows.Scan(&id, &v))
		if !v.Valid {
			got = append(got, "NULL")
			continue
		}
		got = append(got, v.V.String())
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{`{"kind":"a","n":5,"tags":["x","y"]}`, "NULL", "null", `{"extra":{"d":1.5},"kind":"b","n":"7"}`}, got)

	rows, err = db.Query("SELECT id, variant_get(v, '$.n', 'bigint'), variant_get(v, '$.tags[1]', 'string') FROM ev WHERE variant_get(v, '$.kind', 'string') IS NOT NULL ORDER BY id")
	require.NoError(t, err)
	got = got[:0]
	for rows.Next() {
		var id int64
		var n sql.NullInt64
		var tag sql.NullString
		require.NoError(t, rows.Scan(&id, &n, &tag))
		got = append(got, []string{"", "1", "2", "3", "4"}[id]+":"+map[bool]string{true: "n", false: "-"}[n.Valid]+":"+tag.String)
		if id == 1 || id == 4 {
			require.Equal(t, map[int64]int64{1: 5, 4: 7}[id], n.Int64)
		}
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"1:n:y", "4:n:"}, got)
}
