package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOrderByMixedUUIDAndText: ORDER BY over values that are a UUID or
// text (COALESCE(u, s)) sorts them by kind, text before uuids, whatever
// the order the rows are stored in, although the text '0...01' equals the
// uuid 0...01 in a comparison.
func TestOrderByMixedUUIDAndText(t *testing.T) {
	db := openDB(t, t.TempDir())
	for _, q := range []string{
		"CREATE TABLE m (id BIGINT, u UUID, s VARCHAR)",
		"INSERT INTO m VALUES (1, '00000000-0000-0000-0000-000000000001', NULL), (2, NULL, 'x'), (3, NULL, '00000000000000000000000000000001'), (4, NULL, '1')",
		"CREATE TABLE m2 (id BIGINT, u UUID, s VARCHAR)",
		"INSERT INTO m2 VALUES (2, NULL, 'x'), (4, NULL, '1'), (3, NULL, '00000000000000000000000000000001'), (1, '00000000-0000-0000-0000-000000000001', NULL)",
	} {
		_, err := db.Exec(q)
		require.NoError(t, err, q)
	}
	// README "SQL reference": values of different kinds sort "... strings, binary, times, and last
	// uuids, arrays and objects (in that order)"; strings compare as unsigned bytes ('0…1' < '1' < 'x').
	want := []int64{3, 4, 2, 1}
	require.Equal(t, want, idsOf(t, db, "SELECT id FROM m ORDER BY COALESCE(u, s)"))
	require.Equal(t, want, idsOf(t, db, "SELECT id FROM m2 ORDER BY COALESCE(u, s)"))
}
