package driver_test

import (
	"database/sql"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// A float32 argument is the decimal it prints as (README, "Go types"): it
// fits a DECIMAL(10,2) and a DOUBLE as 19.99, where its binary value
// 19.989999771118164 would fail the DECIMAL cast, also inside
// sql.Null[float32], as a named float32 type and by pointer; a nil pointer
// is NULL.
func TestFloat32Arguments(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE f (id BIGINT, d DECIMAL(10,2), x DOUBLE, v VARIANT)")
	require.NoError(t, err)
	f := float32(19.99)
	_, err = db.Exec("INSERT INTO f VALUES (1, ?, ?, ?)", f, f, &f)
	require.NoError(t, err)
	var none *float32
	_, err = db.Exec("INSERT INTO f VALUES (2, ?, ?, ?)", none, float32(math.NaN()), float32(math.Inf(-1)))
	require.NoError(t, err)
	require.Equal(t, []string{
		"1|19.99|19.99|19.99|double",
		`2|NULL|NaN|"-Infinity"|double`,
	}, rowsText(t, db, "SELECT id, d, x, v, variant_typeof(v) FROM f ORDER BY id"))
	var x float64
	require.NoError(t, db.QueryRow("SELECT x FROM f WHERE id = 1").Scan(&x))
	require.Equal(t, 19.99, x)
	var n int
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM f WHERE d = ?", f).Scan(&n))
	require.Equal(t, 1, n)

	// In sql.Null, by pointer to sql.Null, and as a named float32 type.
	type price float32
	_, err = db.Exec("INSERT INTO f VALUES (3, ?, ?, ?)", sql.Null[float32]{V: 19.99, Valid: true}, &sql.Null[float32]{V: 19.99, Valid: true}, price(19.99))
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO f VALUES (4, ?, ?, ?)", sql.Null[float32]{}, (*sql.Null[float32])(nil), &sql.Null[float32]{})
	require.NoError(t, err)
	p := price(19.99)
	_, err = db.Exec("INSERT INTO f VALUES (5, ?, ?, ?)", &p, p, &p)
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO f VALUES (6, ?, ?, ?)", (*price)(nil), (*price)(nil), (*float32)(nil))
	require.NoError(t, err)
	require.Equal(t, []string{
		"3|19.99|19.99|19.99",
		"4|NULL|NULL|NULL",
		"5|19.99|19.99|19.99",
		"6|NULL|NULL|NULL",
	}, rowsText(t, db, "SELECT id, d, x, v FROM f WHERE id > 2 ORDER BY id"))
}
