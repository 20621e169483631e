package driver_test

import (
	"database/sql"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// idsOf runs q and returns the first column of each row as int64.
func idsOf(t *testing.T, db *sql.DB, q string, args ...any) []int64 {
	t.Helper()
	rows, err := db.Query(q, args...)
	require.NoError(t, err, q)
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		out = append(out, id)
	}
	require.NoError(t, rows.Err(), q)
	return out
}

// timeVariant is the Variant time of day h:m:s.
func timeVariant(t *testing.T, h, m, s int64) variant.Variant {
	t.Helper()
	var b variant.Builder
	b.AppendTimeMicros(((h*60+m)*60 + s) * 1e6)
	v, err := b.Build()
	require.NoError(t, err)
	return v
}

// TestTimeColumnComparesAsTime: a TIME column compared with text reads the
// text as a time of day, as INSERT reads it, so '10:00:00' finds the row
// inserted as '10:00:00' (stored and printed as 10:00:00.000000), and times
// order by time, not by their text.
func TestTimeColumnComparesAsTime(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE tt (id BIGINT, tm TIME)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO tt VALUES (1, '10:00:00'), (2, '23:59:59.999999'), (3, '03:00:00'), (4, NULL)")
	require.NoError(t, err)
	require.Equal(t, []string{"1|10:00:00.000000", "2|23:59:59.999999", "3|03:00:00.000000", "4|NULL"},
		rowsText(t, db, "SELECT id, tm FROM tt ORDER BY id"), "a TIME prints as before")
	for q, want := range map[string][]int64{
		"SELECT id FROM tt WHERE tm = '10:00:00'":                                   {1},
		"SELECT id FROM tt WHERE tm = '10:00:00.000000000'":                         {1},
		"SELECT id FROM tt WHERE tm < '09:00:00' ORDER BY id":                       {3},
		"SELECT id FROM tt WHERE tm BETWEEN '03:00:00' AND '10:00:00' ORDER BY id":  {1, 3},
		"SELECT id FROM tt WHERE tm IN ('03:00:00', '23:59:59.999999') ORDER BY id": {2, 3},
		"SELECT id FROM tt WHERE tm = 'ten o''clock'":                               nil,
		"SELECT id FROM tt WHERE tm LIKE '1%'":                                      {1},
		"SELECT id FROM tt ORDER BY tm DESC":                                        {2, 1, 3, 4},
	} {
		require.Equal(t, want, idsOf(t, db, q), q)
	}
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM tt WHERE tm = ?", "10:00:00"))
	require.Equal(t, []string{"03:00:00.000000|23:59:59.999999"}, rowsText(t, db, "SELECT MIN(tm), MAX(tm) FROM tt"))
	require.Equal(t, []string{"10:00:00.000000|1"},
		rowsText(t, db, "SELECT tm, COUNT(*) FROM tt WHERE id = 1 GROUP BY tm"))

	_, err = db.Exec("CREATE TABLE t2 (tm TIME, s VARCHAR)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t2 SELECT tm, tm FROM tt WHERE id = 3")
	require.NoError(t, err)
	require.Equal(t, []string{"03:00:00.000000|03:00:00.000000"}, rowsText(t, db, "SELECT tm, s FROM t2"))
}

// TestVariantTimeComparesAndSorts: a Variant time of day compares with text
// and with a TIME column as a time, and sorts among the kinds where the
// README puts times: after strings, binary and timestamps, before uuids,
// arrays and objects.
func TestVariantTimeComparesAndSorts(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE k (id BIGINT, v VARIANT, tm TIME)")
	require.NoError(t, err)
	u, err := variant.Of(uuid.MustParse("123e4567-e89b-12d3-a456-426614174000"))
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO k VALUES (1, ?, NULL), (2, ?, '10:00:00'), (3, parse_json('[1]'), NULL), (4, parse_json('\"z\"'), NULL), (5, ?, NULL)",
		u, timeVariant(t, 10, 0, 0), timeVariant(t, 9, 30, 0))
	require.NoError(t, err)
	require.Equal(t, []int64{4, 5, 2, 1, 3}, idsOf(t, db, "SELECT id FROM k ORDER BY v"))
	require.Equal(t, []string{`"123e4567-e89b-12d3-a456-426614174000"`}, rowsText(t, db, "SELECT MAX(v) FROM k WHERE id IN (1, 2)"))
	require.Equal(t, []int64{2}, idsOf(t, db, "SELECT id FROM k WHERE v = '10:00:00'"))
	require.Equal(t, []int64{2}, idsOf(t, db, "SELECT id FROM k WHERE v = tm"))
	require.Equal(t, []int64{5}, idsOf(t, db, "SELECT id FROM k WHERE try_variant_get(v, '$', 'time') < '10:00:00'"))
}

// TestVariantTimeLikeIsNull: a Variant time makes LIKE NULL, as the README
// says of times (match its text with variant_get(v, path, 'string')),
// while a TIME column matches as its text.
func TestVariantTimeLikeIsNull(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE k (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO k VALUES (1, ?)", timeVariant(t, 10, 0, 0))
	require.NoError(t, err)
	require.Equal(t, []string{"1|NULL"}, rowsText(t, db, "SELECT id, v LIKE '10%' FROM k WHERE id = 1"))
	require.Equal(t, []string{"1|true"}, rowsText(t, db, "SELECT id, variant_get(v, '$', 'string') LIKE '10:00%' FROM k"))
	_, err = db.Exec("CREATE TABLE tt (id BIGINT, tm TIME)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO tt VALUES (1, '10:00:00')")
	require.NoError(t, err)
	require.Equal(t, []string{"1|true"}, rowsText(t, db, "SELECT id, tm LIKE '10:00:00.0%' FROM tt"))
}
