package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStringLiteralBackslashes: as in MySQL, and as the README says, a
// backslash in a string literal escapes the next character, so JSON text
// with escapes needs its backslashes doubled in a literal, while a ?
// argument takes text as it is.
func TestStringLiteralBackslashes(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (id BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t VALUES (1)")
	require.NoError(t, err)
	var tab, quote, backslash, q string
	require.NoError(t, db.QueryRow(`SELECT 'a\tb', 'it\'s', '\\', '\q' FROM t`).Scan(&tab, &quote, &backslash, &q))
	require.Equal(t, []string{"a\tb", "it's", `\`, "q"}, []string{tab, quote, backslash, q})
	require.Equal(t, []string{`{"a":"x\ny"}`}, rowsText(t, db, `SELECT to_json(parse_json('{"a":"x\\ny"}')) FROM t`))
	require.Equal(t, []string{`{"a":"x\ny"}`}, rowsText(t, db, `SELECT to_json(parse_json(?)) FROM t`, `{"a":"x\ny"}`))
	_, err = rowsTextErr(db, `SELECT parse_json('{"a":"x\ny"}') FROM t`)
	require.ErrorContains(t, err, "invalid character '\\n' in string")
}
