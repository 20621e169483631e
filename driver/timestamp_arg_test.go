package driver_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestTimestampArgumentWithNanoseconds: a time.Time argument keeps its
// nanoseconds, as the README says: inserted into a TIMESTAMP column it is
// stored truncated to microseconds, so the row is found by the argument
// truncated so, not by the argument as it was; into a VARIANT it is a
// timestamp_nanos that the argument as it was finds.
func TestTimestampArgumentWithNanoseconds(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE ts (id BIGINT, at TIMESTAMP)")
	require.NoError(t, err)
	at := time.Date(2024, 6, 1, 22, 30, 0, 123456789, time.UTC)
	_, err = db.Exec("INSERT INTO ts VALUES (?, ?)", 1, at)
	require.NoError(t, err)
	var got time.Time
	require.NoError(t, db.QueryRow("SELECT at FROM ts").Scan(&got))
	require.Equal(t, at.Truncate(time.Microsecond), got) // stored as microseconds (README: "timestamp (UTC, microseconds)")
	require.Equal(t, []int64(nil), idsOf(t, db, "SELECT id FROM ts WHERE at = ?", at))
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM ts WHERE at = ?", at.Truncate(time.Microsecond)))

	_, err = db.Exec("CREATE TABLE tv (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO tv VALUES (?, ?)", 1, at)
	require.NoError(t, err)
	require.Equal(t, []string{"timestamp_nanos"}, rowsText(t, db, "SELECT variant_typeof(v) FROM tv"))
	require.Equal(t, []int64{1}, idsOf(t, db, "SELECT id FROM tv WHERE v = ?", at))
	require.Equal(t, []int64(nil), idsOf(t, db, "SELECT id FROM tv WHERE v = ?", at.Truncate(time.Microsecond)))
}
