package driver_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// A uint64 argument beyond the range of int64 is an exact decimal; inside a
// map[string]any or []any it goes through variant.Of, which refuses it with
// ErrOverflow naming its place, and a *big.Int holds it exactly (README,
// "Go types").
func TestUintArgumentsTopLevelAndNested(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE u (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO u VALUES (1, ?)", uint64(math.MaxUint64))
	require.NoError(t, err)

	_, err = db.Exec("INSERT INTO u VALUES (2, ?)", map[string]any{"n": uint64(math.MaxUint64)})
	require.ErrorIs(t, err, variant.ErrOverflow)
	require.ErrorContains(t, err, "value out of range ($.n)")
	_, err = db.Exec("INSERT INTO u VALUES (3, ?)", []any{uint64(1 << 63)})
	require.ErrorIs(t, err, variant.ErrOverflow)
	require.ErrorContains(t, err, "($[0])")

	_, err = db.Exec("INSERT INTO u VALUES (4, ?)", map[string]any{"n": new(big.Int).SetUint64(math.MaxUint64)})
	require.NoError(t, err)
	require.Equal(t, []string{
		"1|18446744073709551615|decimal16",
		"4|18446744073709551615|decimal16",
	}, rowsText(t, db, "SELECT id, COALESCE(v->'$.n', v), variant_typeof(COALESCE(v->'$.n', v)) FROM u ORDER BY id"))
}
