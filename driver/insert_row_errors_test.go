package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// TestInsertErrorNamesItsRow: a value that does not fit its column names
// the VALUES row (or the SELECT's row) it was in, counting from 0, when the
// statement has more than one; a one-row INSERT needs no row.
func TestInsertErrorNamesItsRow(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE m (i BIGINT, s VARCHAR)")
	require.NoError(t, err)
	for q, want := range map[string]string{
		"INSERT INTO m VALUES (1, 'a'), ('x', 'b'), (3, 'c')": `parquetvariant: column i (BIGINT): variant: cannot cast: string "x" to bigint: text does not parse (in VALUES row 1 of 3, counting from 0)`,
		"INSERT INTO m VALUES (1 + 0, 'a'), ('x', 'b')":       `parquetvariant: column i (BIGINT): variant: cannot cast: string "x" to bigint: text does not parse (in VALUES row 1 of 2, counting from 0)`,
		"INSERT INTO m VALUES ('z', 'a')":                     `parquetvariant: column i (BIGINT): variant: cannot cast: string "z" to bigint: text does not parse`,
	} {
		_, err := db.Exec(q)
		require.ErrorIs(t, err, variant.ErrCast, q)
		require.EqualError(t, err, want, q)
	}
	_, err = db.Exec("INSERT INTO m VALUES (1, 'one'), (2, 'two')")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO m (i) SELECT s FROM m ORDER BY i")
	require.ErrorIs(t, err, variant.ErrCast)
	require.ErrorContains(t, err, `string "one" to bigint: text does not parse (in row 0 of the SELECT's rows, counting from 0)`)
}
