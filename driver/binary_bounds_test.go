package driver_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBinaryLongAllFFValueFound: a BINARY value longer than 16 bytes that
// starts with 16 0xFF bytes is found by comparisons with data skipping on,
// as with it off, although the column index max the file's writer gives
// it is those 16 bytes alone.
func TestBinaryLongAllFFValueFound(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	off := openDB(t, dir+"?data_skipping=false")
	_, err := db.Exec("CREATE TABLE b (id BIGINT, bin BINARY)")
	require.NoError(t, err)
	big := append(bytes.Repeat([]byte{0xFF}, 20), 1)
	_, err = db.Exec("INSERT INTO b VALUES (1, ?), (2, ?)", []byte{0x01}, big)
	require.NoError(t, err)
	for _, q := range []string{"SELECT id FROM b WHERE bin >= ?", "SELECT id FROM b WHERE bin = ?"} {
		require.Equal(t, []int64{2}, idsOf(t, off, q, big), q)
		require.Equal(t, []int64{2}, idsOf(t, db, q, big), q)
	}
	require.Equal(t, []int64{2}, idsOf(t, db, "SELECT id FROM b WHERE bin > ?", bytes.Repeat([]byte{0xFF}, 20)))
}
