package driver_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestInsertColumnOfAnotherTable: INSERT refuses a column that another
// table qualifies, as SELECT does ("a column of another table: x.id") and
// MySQL does, instead of taking x.id as s.id; s.id is the column id.
func TestInsertColumnOfAnotherTable(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE s (id BIGINT, k BIGINT)")
	require.NoError(t, err)
	_, err = db.Query("SELECT x.id FROM s")
	require.Error(t, err, "SELECT refuses x.id")
	_, err = db.Exec("INSERT INTO s (x.id) VALUES (1)")
	require.ErrorIs(t, err, pvdriver.ErrUnsupported)
	require.ErrorContains(t, err, "a column of another table: x.id")
	_, err = db.Exec("INSERT INTO s (k, x.id) SELECT 1, 2 FROM s")
	require.ErrorContains(t, err, "a column of another table: x.id")
	require.Equal(t, []string{"0"}, rowsText(t, db, "SELECT COUNT(*) FROM s"))
	_, err = db.Exec("INSERT INTO s (s.id, k) VALUES (1, 2)")
	require.NoError(t, err)
	require.Equal(t, []string{"1|2"}, rowsText(t, db, "SELECT id, k FROM s"))
}

// TestTimestampMaxWithNanosDropsTheRest: a TIMESTAMP column holds
// microseconds and INSERT drops the rest (README), also at the last
// microsecond of the int64 range: a time.Time nanoseconds past it stores
// it, as the same instant written as text does.
func TestTimestampMaxWithNanosDropsTheRest(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE s (id BIGINT, ts TIMESTAMP)")
	require.NoError(t, err)
	last := time.UnixMicro(9223372036854775807).UTC()
	_, err = db.Exec("INSERT INTO s VALUES (1, '294247-01-10T04:00:54.7758079Z')")
	require.NoError(t, err, "text with nanoseconds past the last microsecond")
	_, err = db.Exec("INSERT INTO s VALUES (2, ?)", last.Add(999*time.Nanosecond))
	require.NoError(t, err, "time.Time with nanoseconds past the last microsecond")
	var got []time.Time
	rows, err := db.Query("SELECT ts FROM s ORDER BY id")
	require.NoError(t, err)
	for rows.Next() {
		var ts time.Time
		require.NoError(t, rows.Scan(&ts))
		got = append(got, ts)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []time.Time{last, last}, got)
}

// TestDateFromTimeBeyondMicrosRange: a time.Time stored into a DATE column
// gives the date of its instant in UTC (README), also beyond the int64
// microseconds of a TIMESTAMP: a DATE holds int32 days, year 300000 among
// them, as the same date written as text does.
func TestDateFromTimeBeyondMicrosRange(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE s (id BIGINT, dt DATE)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO s VALUES (1, '300000-01-01')")
	require.NoError(t, err, "the date as text")
	_, err = db.Exec("INSERT INTO s VALUES (2, ?)", time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC))
	require.NoError(t, err, "the same date as a time.Time")
	require.Equal(t, []string{"1|300000-01-01 00:00:00 +0000 UTC", "2|300000-01-01 00:00:00 +0000 UTC"},
		rowsText(t, db, "SELECT id, dt FROM s ORDER BY id"))
}

// TestCreateDecimalZeroPrecision: CREATE TABLE refuses DECIMAL(0,0), as its
// rule "1 <= precision <= 38" says and as the cast type decimal(0,0) is
// refused, instead of making a DECIMAL(10,0); DECIMAL alone is still
// DECIMAL(10,0).
func TestCreateDecimalZeroPrecision(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE u (i BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE s (d DECIMAL(39,0))")
	require.ErrorContains(t, err, "needs 1 <= precision <= 38")
	_, err = db.Query("SELECT variant_get(parse_json('1'), '$', 'decimal(0,0)') FROM u")
	require.ErrorContains(t, err, "precision must be in [1, 38]", "the cast type decimal(0,0) is refused")
	_, err = db.Exec("CREATE TABLE s (d DECIMAL(0,0))")
	require.ErrorContains(t, err, "DECIMAL(0,0) needs 1 <= precision <= 38")
	_, err = db.Exec("CREATE TABLE s (d DECIMAL)")
	require.NoError(t, err)
	require.Equal(t, []string{"d|DECIMAL(10,0)|true"}, rowsText(t, db, "DESCRIBE s"))
}

// TestInsertParenthesizedSelectOfAnotherTable: INSERT INTO s (SELECT x.id,
// x.k FROM x) copies x's row as the form without parentheses does: the
// parenthesis opens a SELECT, not a column list.
func TestInsertParenthesizedSelectOfAnotherTable(t *testing.T) {
	db := openDB(t, t.TempDir())
	for _, q := range []string{"CREATE TABLE s (id BIGINT, k BIGINT)", "CREATE TABLE x (id BIGINT, k BIGINT)", "INSERT INTO x VALUES (1, 2)", "INSERT INTO s SELECT x.id, x.k FROM x"} {
		_, err := db.Exec(q)
		require.NoError(t, err, q)
	}
	_, err := db.Exec("INSERT INTO s (SELECT x.id, x.k FROM x)")
	require.NoError(t, err)
	require.Equal(t, []string{"1|2", "1|2"}, rowsText(t, db, "SELECT id, k FROM s"))
}

// TestInsertWithoutIntoRefusesOtherQualifier: INSERT s (x.id) VALUES (1)
// (INTO is optional) is refused as INSERT INTO s (x.id) is.
func TestInsertWithoutIntoRefusesOtherQualifier(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE s (id BIGINT, k BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT s (id) VALUES (5)")
	require.NoError(t, err, "INSERT without INTO is accepted")
	_, err = db.Exec("INSERT s (x.id) VALUES (1)")
	require.ErrorContains(t, err, "a column of another table: x.id")
	require.Equal(t, []string{"5"}, rowsText(t, db, "SELECT id FROM s"))
}

// TestInsertQualifierCaseAsSelect: INSERT INTO s (S.id) is refused as
// SELECT S.id FROM s is: table names are case-sensitive (INSERT INTO S
// finds no table).
func TestInsertQualifierCaseAsSelect(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE s (id BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO S VALUES (1)")
	require.Error(t, err, "no table S")
	_, err = db.Query("SELECT S.id FROM s")
	require.ErrorContains(t, err, "a column of another table: S.id")
	_, err = db.Exec("INSERT INTO s (S.id) VALUES (1)")
	require.ErrorContains(t, err, "a column of another table: S.id")
}
