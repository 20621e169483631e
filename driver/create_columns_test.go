package driver_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestCreateTableKeywordColumnNames: the non-reserved keywords that SELECT
// and INSERT read as names (date, status, time, timestamp, json, ...) are
// column names in CREATE TABLE too, as in MySQL.
func TestCreateTableKeywordColumnNames(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (date DATE, status VARCHAR(20) NOT NULL, timestamp TIMESTAMP, time TIME, json JSON, view BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t (date, status, timestamp, time, json, view) VALUES (?, 'ok', ?, NULL, ?, 7)",
		time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC), time.Date(2024, 6, 1, 10, 0, 0, 0, time.UTC), "x")
	require.NoError(t, err)
	var (
		status, typ, js string
		view            int64
		day             time.Time
	)
	require.NoError(t, db.QueryRow("SELECT status, date, view, to_json(json) FROM t WHERE date = '2024-06-01'").Scan(&status, &day, &view, &js))
	require.Equal(t, "ok", status)
	require.Equal(t, time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC), day)
	require.Equal(t, int64(7), view)
	require.Equal(t, `"x"`, js)
	rows, err := db.Query("DESCRIBE t")
	require.NoError(t, err)
	var got []string
	for rows.Next() {
		var name string
		var nullable bool
		require.NoError(t, rows.Scan(&name, &typ, &nullable))
		got = append(got, name+" "+typ)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"date DATE", "status VARCHAR", "timestamp TIMESTAMP", "time TIME", "json VARIANT", "view BIGINT"}, got)
	// IF NOT EXISTS is kept with the names quoted.
	_, err = db.Exec("CREATE TABLE IF NOT EXISTS t (date DATE, status STRING)")
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE t (date DATE, status STRING)")
	require.ErrorIs(t, err, pvdriver.ErrTableExists)
}

// TestCreateTableColumnErrors: a reserved word as a column name says so and
// how to quote it; an unknown column type is named with its position and
// the types accepted; other errors keep their positions in the text as
// written.
func TestCreateTableColumnErrors(t *testing.T) {
	db := openDB(t, t.TempDir())
	for _, tc := range []struct {
		q    string
		is   error
		msg  string
		pos  int
		more string
	}{
		{q: "CREATE TABLE t (a BIGINT, KEY VARCHAR)", is: pvdriver.ErrSyntax, pos: 29,
			msg: "the column name KEY is a reserved word: quote it with backticks (`KEY`)"},
		{q: "CREATE TABLE t (`order` BIGINT, order BIGINT)", is: pvdriver.ErrSyntax, pos: 37,
			msg: "the column name order is a reserved word: quote it with backticks (`order`)"},
		{q: "CREATE TABLE t (a FOO)", is: pvdriver.ErrUnsupported, pos: 21,
			msg: "the column type FOO; the column types are " + columnTypeList},
		{q: "CREATE TABLE t (date DATE, ts TIMESTAMP_NTZ)", is: pvdriver.ErrUnsupported, pos: 43,
			msg: "the column type TIMESTAMP_NTZ (use TIMESTAMP (UTC instants; a timestamp without time zone is read from Parquet files, not created)); the column types are " + columnTypeList},
		{q: "CREATE TABLE t (date ENUM('a'))", is: pvdriver.ErrUnsupported, pos: 25,
			msg: "the column type ENUM; the column types are " + columnTypeList},
	} {
		_, err := db.Exec(tc.q)
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, tc.q)
		require.True(t, errors.Is(err, tc.is), "%s: %v", tc.q, err)
		require.Equal(t, tc.msg, se.Msg, tc.q)
		require.Equal(t, tc.pos, se.Pos, tc.q)
	}
	// The backticks added around date and status do not move the position
	// of a later error: it is where the text with the backticks written
	// has it, 4 bytes earlier.
	var quoted, plain *pvdriver.SQLError
	_, err := db.Exec("CREATE TABLE t (`date` DATE, `status` VARCHAR, x BIGINT DEFAULT, y BIGINT)")
	require.ErrorAs(t, err, &quoted)
	_, err = db.Exec("CREATE TABLE t (date DATE, status VARCHAR, x BIGINT DEFAULT, y BIGINT)")
	require.ErrorAs(t, err, &plain)
	require.Equal(t, "", plain.Msg, "ErrSyntax says it all")
	require.Equal(t, 61, plain.Pos)
	require.Equal(t, quoted.Pos-4, plain.Pos)
	// So with a LIKE escape kept in a string before the error too.
	_, err = db.Exec("CREATE TABLE t (`date` DATE COMMENT 'a\\%b', x BIGINT DEFAULT, y BIGINT)")
	require.ErrorAs(t, err, &quoted)
	_, err = db.Exec("CREATE TABLE t (date DATE COMMENT 'a\\%b', x BIGINT DEFAULT, y BIGINT)")
	require.ErrorAs(t, err, &plain)
	require.Equal(t, 60, plain.Pos)
	require.Equal(t, quoted.Pos-2, plain.Pos)
	// Parentheses of other statements hold no column definitions.
	_, err = db.Exec("CREATE VIEW v AS SELECT sum(a b) FROM t")
	require.ErrorIs(t, err, pvdriver.ErrUnsupported)
	require.NotContains(t, err.Error(), "column type")
	// Index definitions still say that they are not supported.
	_, err = db.Exec("CREATE TABLE t (a BIGINT, PRIMARY KEY (a))")
	require.ErrorIs(t, err, pvdriver.ErrUnsupported)
	require.ErrorContains(t, err, "indexes and keys in CREATE TABLE")
}

const columnTypeList = "BIGINT (or INT, INTEGER, SMALLINT, TINYINT, MEDIUMINT), DOUBLE (or FLOAT, REAL), " +
	"BOOLEAN (or BOOL, BIT), VARCHAR (or CHAR, STRING, TEXT, TINYTEXT, MEDIUMTEXT, LONGTEXT), " +
	"BINARY (or VARBINARY, BLOB, TINYBLOB, MEDIUMBLOB, LONGBLOB), DECIMAL(p,s) (or NUMERIC(p,s)), " +
	"DATE, TIME, TIMESTAMP (or DATETIME), UUID, VARIANT (or JSON)"
