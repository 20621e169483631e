package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestColumnAndPathOfLikeNames: the whole VARIANT column `a.b` and the path
// $.b of column a are different values, whichever a query reads first
// (the scan keeps each file's compiled Variant reads between queries).
func TestColumnAndPathOfLikeNames(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (a VARIANT, `a.b` VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO t VALUES (parse_json('{"b":"from a"}'), parse_json('"whole a.b"'))`)
	require.NoError(t, err)
	for range 2 {
		require.Equal(t, []string{`"whole a.b"`}, rowsText(t, db, "SELECT `a.b` FROM t"))
		require.Equal(t, []string{`"from a"`}, rowsText(t, db, "SELECT variant_get(a, '$.b') FROM t"))
		require.Equal(t, []string{`"from a"|"whole a.b"`}, rowsText(t, db, "SELECT a->'$.b', `a.b` FROM t"))
	}
}
