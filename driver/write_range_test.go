package driver_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A time.Time outside the int64 microseconds of a TIMESTAMP column is
// refused, by a single INSERT and by a prepared one in a transaction,
// instead of being stored wrapped; the bounds themselves are stored.
func TestInsertTimestampOutOfRange(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (k VARCHAR, ts TIMESTAMP)")
	require.NoError(t, err)
	far := time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC)
	_, err = db.Exec("INSERT INTO t VALUES ('a', ?)", far)
	require.ErrorContains(t, err, "outside the range of a TIMESTAMP")
	require.ErrorContains(t, err, "column ts (TIMESTAMP)")

	tx, err := db.Begin()
	require.NoError(t, err)
	st, err := tx.Prepare("INSERT INTO t VALUES (?, ?)")
	require.NoError(t, err)
	_, err = st.Exec("b", time.Date(-300000, 1, 1, 0, 0, 0, 0, time.UTC))
	require.ErrorContains(t, err, "outside the range of a TIMESTAMP")
	require.NoError(t, tx.Rollback())

	hi := time.UnixMicro(1<<63 - 1).UTC()
	lo := time.UnixMicro(-1 << 63).UTC()
	_, err = db.Exec("INSERT INTO t VALUES ('hi', ?), ('lo', ?)", hi, lo)
	require.NoError(t, err)
	var got []time.Time
	rows, err := db.Query("SELECT ts FROM t ORDER BY ts")
	require.NoError(t, err)
	defer rows.Close()
	for rows.Next() {
		var ts time.Time
		require.NoError(t, rows.Scan(&ts))
		got = append(got, ts)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []time.Time{lo, hi}, got)
}
