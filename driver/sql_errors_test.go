package driver_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// errorsTable creates events (kind VARCHAR, payload VARIANT) with docs as
// the payloads of kind "k".
func errorsTable(t *testing.T, docs ...string) *sql.DB {
	t.Helper()
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE events (kind VARCHAR, payload VARIANT)")
	require.NoError(t, err)
	for _, d := range docs {
		_, err := db.Exec("INSERT INTO events VALUES ('k', ?)", json.RawMessage(d))
		require.NoError(t, err)
	}
	return db
}

// queryErr runs q to its end and returns the first error.
func queryErr(db *sql.DB, q string) error {
	rows, err := db.Query(q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
	}
	return rows.Err()
}

// TestGroupErrorsShowExpressions: a GROUP BY or aggregate error names the
// expression at fault as SQL text, never a column the planner made.
func TestGroupErrorsShowExpressions(t *testing.T) {
	db := errorsTable(t, `{"id":1,"device":{"os":"ios"}}`)
	for _, tc := range []struct{ q, want string }{
		{"SELECT kind, variant_get(payload, '$.device.os', 'string') AS os, COUNT(*) FROM events GROUP BY kind",
			"variant_get(payload, '$.device.os', 'string') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT variant_get(payload, '$.id') FROM events ORDER BY COUNT(*)",
			"variant_get(payload, '$.id') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT COUNT(*) FROM events HAVING variant_get(payload, '$.id') > 1",
			"variant_get(payload, '$.id') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT kind FROM events GROUP BY kind HAVING SUM(variant_get(payload, '$.id', 'int')) > 1 AND variant_get(payload, '$.x') > 1",
			"variant_get(payload, '$.x') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT COUNT(variant_get(payload, '$.a'), variant_get(payload, '$.b')) FROM events",
			"count(variant_get(payload, '$.a'), variant_get(payload, '$.b')): an aggregate takes one argument"},
		{"SELECT SUM(MAX(variant_get(payload, '$.a', 'int'))) FROM events",
			"sum(max(variant_get(payload, '$.a', 'int'))): aggregates do not nest"},
		{"SELECT payload, COUNT(*) FROM events", "column payload must appear in GROUP BY or be used in an aggregate"},
	} {
		err := queryErr(db, tc.q)
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, tc.q)
		require.True(t, errors.Is(err, pvdriver.ErrSyntax), tc.q)
		require.Equal(t, tc.want, se.Msg, tc.q)
		require.False(t, strings.ContainsRune(err.Error(), 0), tc.q)
	}
}
