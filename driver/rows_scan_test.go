package driver

import (
	"database/sql"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// TestVariantScanAcrossNext: a Variant scanned into *variant.Variant keeps
// its row after the next Next; one scanned into *any is the row's until
// then.
func TestVariantScanAcrossNext(t *testing.T) {
	db, err := sql.Open("parquetvariant", t.TempDir())
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec("CREATE TABLE t (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO t VALUES (1, parse_json('{"a":[1,2]}')), (2, parse_json('"two"'))`)
	require.NoError(t, err)
	rs, err := db.Query("SELECT v FROM t ORDER BY id")
	require.NoError(t, err)
	defer rs.Close()
	var kept variant.Variant
	var first, second any
	require.True(t, rs.Next())
	require.NoError(t, rs.Scan(&kept))
	require.NoError(t, rs.Scan(&first))
	require.Equal(t, `{"a":[1,2]}`, first.(variant.Variant).String())
	require.True(t, rs.Next())
	require.NoError(t, rs.Scan(&second))
	require.Equal(t, `"two"`, second.(variant.Variant).String())
	require.Equal(t, `{"a":[1,2]}`, kept.String())
	require.False(t, rs.Next())
	require.NoError(t, rs.Err())
	require.Equal(t, `"two"`, second.(variant.Variant).String(), "the last row stays after the rows end")
}
