package driver_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// A UUID column compares with SQL text as UUIDs do, whatever the text's
// case and form (uuid.Parse), with skipping on and off; a Variant uuid
// compares with it too, and a Variant string does not (as a Variant string
// is not read as a number).
func TestUUIDComparesAsUUID(t *testing.T) {
	const id = "123e4567-e89b-12d3-a456-426614174000"
	for _, mode := range []string{"", "?data_skipping=false"} {
		t.Run(mode, func(t *testing.T) {
			db := openDB(t, t.TempDir()+mode)
			_, err := db.Exec("CREATE TABLE t (id BIGINT, u UUID, v VARIANT)")
			require.NoError(t, err)
			vu, err := variant.Of(uuid.MustParse(id))
			require.NoError(t, err)
			_, err = db.Exec("INSERT INTO t VALUES (1, '123E4567E89B12D3A456426614174000', ?), (2, ?, parse_json(?)), (3, NULL, NULL)",
				vu, "00000000-0000-0000-0000-000000000001", `"`+id+`"`)
			require.NoError(t, err)
			for _, c := range []struct {
				where string
				want  []int64
			}{
				{"u = '" + id + "'", []int64{1}},
				{"u = '123E4567-E89B-12D3-A456-426614174000'", []int64{1}},
				{"u = '123e4567e89b12d3a456426614174000'", []int64{1}},
				{"u = '{123e4567-e89b-12d3-a456-426614174000}'", []int64{1}},
				{"u IN ('urn:uuid:123E4567-E89B-12D3-A456-426614174000', 'x')", []int64{1}},
				{"u <> '123E4567-E89B-12D3-A456-426614174000'", []int64{2}},
				{"u = 'not a uuid'", nil},
				{"u > '00000000-0000-0000-0000-000000000001'", []int64{1}},
				{"u LIKE '123e%'", []int64{1}},
				{"v = '123E4567-E89B-12D3-A456-426614174000'", []int64{1}},
				{"v = u", []int64{1}},
				{"variant_get(v, '$', 'uuid') = u", []int64{1}},
			} {
				require.Equal(t, c.want, ids(t, db, c.where), c.where)
			}
			var n int64
			require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t WHERE v->>'$' = '"+id+"'").Scan(&n))
			require.Equal(t, int64(2), n, "->> gives a Variant uuid's text without quotes")
			rows, err := db.Query("SELECT u, COUNT(*) FROM t GROUP BY u ORDER BY u")
			require.NoError(t, err)
			defer rows.Close()
			var got []string
			for rows.Next() {
				var u *string
				var c int64
				require.NoError(t, rows.Scan(&u, &c))
				if u == nil {
					got = append(got, "NULL")
					continue
				}
				got = append(got, *u)
			}
			require.NoError(t, rows.Err())
			require.Equal(t, []string{"NULL", "00000000-0000-0000-0000-000000000001", id}, got)
		})
	}
}

// ->> gives the text of every value whose JSON is a string without its
// quotes: dates, timestamps and binary as well as strings.
func TestUnquoteJSONStrings(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	var b variant.Builder
	b.BeginObject()
	b.Key("d")
	b.AppendDate(19875)
	b.Key("ts")
	b.AppendTimestamp(1717200000000000)
	b.Key("bin")
	b.AppendBinary([]byte("hi"))
	b.Key("n")
	b.AppendInt(5)
	b.Key("s")
	b.AppendString(`a "q"`)
	b.EndObject()
	v, err := b.Build()
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t VALUES (1, ?)", v)
	require.NoError(t, err)
	var d, ts, bin, n, s string
	require.NoError(t, db.QueryRow("SELECT v->>'$.d', v->>'$.ts', v->>'$.bin', v->>'$.n', v->>'$.s' FROM t").Scan(&d, &ts, &bin, &n, &s))
	require.Equal(t, []string{"2024-06-01", "2024-06-01T00:00:00.000000Z", "aGk=", "5", `a "q"`}, []string{d, ts, bin, n, s})
}

// A BOOLEAN meets a number as 1 or 0 (MySQL): b = 1 is b = TRUE; a
// Variant boolean and a Variant number stay apart.
func TestBooleanComparesWithNumbers(t *testing.T) {
	for _, mode := range []string{"", "?data_skipping=false"} {
		t.Run(mode, func(t *testing.T) {
			db := openDB(t, t.TempDir()+mode)
			_, err := db.Exec("CREATE TABLE t (id BIGINT, b BOOLEAN, v VARIANT)")
			require.NoError(t, err)
			_, err = db.Exec("INSERT INTO t VALUES (1, TRUE, parse_json('true')), (2, FALSE, parse_json('1')), (3, NULL, NULL)")
			require.NoError(t, err)
			for _, c := range []struct {
				where string
				want  []int64
			}{
				{"b = 1", []int64{1}},
				{"b = 0", []int64{2}},
				{"b = 2", nil},
				{"b <> 1", []int64{2}},
				{"b IN (1.0)", []int64{1}},
				{"b > 0", []int64{1}},
				{"b = ?", []int64{2}},
				{"v = 1", []int64{2}},
				{"v = TRUE", []int64{1}},
				{"variant_get(v, '$', 'boolean') = 1", []int64{1, 2}},
			} {
				var args []any
				if c.where == "b = ?" {
					args = append(args, 0)
				}
				require.Equal(t, c.want, ids(t, db, c.where, args...), c.where)
			}
		})
	}
}

// A comparison of a UUID column with text is pushed to the scan: row
// groups whose UUIDs cannot match are skipped, and the rows are those found
// without skipping.
func TestUUIDPushdown(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=10")
	_, err := db.Exec("CREATE TABLE t (id BIGINT, u UUID)")
	require.NoError(t, err)
	st, err := db.Prepare("INSERT INTO t VALUES (?, ?)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	for i := range 100 {
		u := uuid.UUID{15: byte(i)}
		_, err := tx.Stmt(st).Exec(i, u.String())
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
	const where = "u IN ('00000000-0000-0000-0000-00000000002A', '0000000000000000000000000000002b')"
	require.Equal(t, []int64{42, 43}, ids(t, db, where))
	off := openDB(t, dir+"?data_skipping=false")
	require.Equal(t, []int64{42, 43}, ids(t, off, where))
	var skipped int64
	rows, err := db.Query("EXPLAIN ANALYZE SELECT id FROM t WHERE " + where)
	require.NoError(t, err)
	defer rows.Close()
	for rows.Next() {
		var k, v string
		require.NoError(t, rows.Scan(&k, &v))
		if k == "row groups skipped" {
			_, err := fmt.Sscan(v, &skipped)
			require.NoError(t, err)
		}
	}
	require.NoError(t, rows.Err())
	require.Equal(t, int64(9), skipped, "the row group of 40-49 is read")
}
