package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"
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
