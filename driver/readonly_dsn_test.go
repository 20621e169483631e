package driver_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestReadOnlyInsertFailsTx: an INSERT refused as read-only fails its
// transaction, as any failing INSERT does (README): later INSERTs and
// Commit fail with ErrTxFailed.
func TestReadOnlyInsertFailsTx(t *testing.T) {
	dir := t.TempDir()
	w := openDB(t, dir)
	_, err := w.Exec("CREATE TABLE t (id BIGINT NOT NULL)")
	require.NoError(t, err)

	for _, c := range []struct {
		name string
		db   *sql.DB
		opts *sql.TxOptions
	}{
		{"read_only=true connection", openDB(t, dir+"?read_only=true"), nil},
		{"read-only transaction", w, &sql.TxOptions{ReadOnly: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tx, err := c.db.BeginTx(context.Background(), c.opts)
			require.NoError(t, err)
			_, err = tx.Exec("INSERT INTO t VALUES (1)")
			require.ErrorIs(t, err, pvdriver.ErrReadOnly)
			_, err = tx.Exec("INSERT INTO t VALUES (2)")
			require.ErrorIs(t, err, pvdriver.ErrTxFailed, "a later INSERT")
			err = tx.Commit()
			require.ErrorIs(t, err, pvdriver.ErrTxFailed, "Commit after a failed INSERT")
		})
	}
}

// TestDSNBooleanValues: a boolean DSN option takes true or false, as the
// README's DSN table lists; other values (1, TRUE, t) are an ErrDSN.
func TestDSNBooleanValues(t *testing.T) {
	for _, dsn := range []string{"/d?read_only=1", "/d?read_only=TRUE", "/d?read_only=t", "/d?data_skipping=0", "/d?variant_json=T"} {
		_, err := pvdriver.ParseDSN(dsn)
		require.ErrorIs(t, err, pvdriver.ErrDSN, dsn)
	}
	cfg, err := pvdriver.ParseDSN("/d?read_only=true&data_skipping=false&variant_json=true")
	require.NoError(t, err)
	require.True(t, cfg.ReadOnly)
	require.False(t, cfg.DataSkipping)
	require.True(t, cfg.VariantJSON)
}
