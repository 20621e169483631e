package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestBinaryColumnComparesWithText: SQL text meeting a BINARY value
// compares as its UTF-8 bytes, so the row INSERT stored from 'ab' is found
// by bin = 'ab', as in MySQL; text held in a Variant stays a string.
func TestBinaryColumnComparesWithText(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE b (id BIGINT, bin BINARY)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO b VALUES (1, 'ab'), (2, '')")
	require.NoError(t, err)
	// Docs are silent on BINARY = text; MySQL (whose grammar the driver follows, README "SQL
	// reference") and PostgreSQL (bytea = 'ab') both find the row that INSERT stored from 'ab'.
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM b WHERE bin = 'ab'"))
	require.Equal(t, []int64{2}, idsOf(t, db, "SELECT id FROM b WHERE bin = ''"))
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM b WHERE bin = ?", "ab"))
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM b WHERE bin = ?", []byte("ab")))
	require.Equal(t, []int64{2}, idsOf(t, db, "SELECT id FROM b WHERE bin < 'a'"))
	require.Equal(t, []int64{1, 2}, idsOf(t, db, "SELECT id FROM b WHERE 'b' > bin ORDER BY id"))
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM b WHERE bin IN ('x', 'ab')"))
	require.Equal(t, []int64(nil), idsOf(t, db, "SELECT id FROM b WHERE bin = 'é'"))
	require.Equal(t, []int64(nil), idsOf(t, db, `SELECT id FROM b WHERE bin = parse_json('"ab"')`),
		"a Variant string is not read as bytes")
}

// TestBinaryLiteral: X'...' is a BINARY literal, as in MySQL: it compares
// with BINARY values, inserts into a BINARY column and prints back in
// EXPLAIN as written; an odd number of hex digits is a syntax error.
func TestBinaryLiteral(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE b (id BIGINT, bin BINARY)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO b VALUES (1, X'6162'), (2, x''), (3, X'00FF')")
	require.NoError(t, err)
	var got []byte
	require.NoError(t, db.QueryRow("SELECT bin FROM b WHERE id = 3").Scan(&got))
	require.Equal(t, []byte{0, 0xFF}, got)
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM b WHERE bin = X'6162'"))
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM b WHERE bin = 'ab'"))
	require.Equal(t, []int64{2, 3}, idsOf(t, db, "SELECT id FROM b WHERE bin IN (X'', x'00ff') ORDER BY id"))
	require.Equal(t, "bin = X'00FF'", explain(t, db, "EXPLAIN SELECT id FROM b WHERE bin = x'00ff'")["filter"])
	_, err = db.Query("SELECT id FROM b WHERE bin = X'123'")
	require.ErrorIs(t, err, pvdriver.ErrSyntax)
}
