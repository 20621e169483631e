package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestErrorsShowPlaceholdersAsWritten: an error about a statement with ?
// placeholders shows each as ?, never as the name :v1, :v2, ... that the
// grammar gives it.
func TestErrorsShowPlaceholdersAsWritten(t *testing.T) {
	db := errorsTable(t)
	for _, tc := range []struct {
		q, msg string
		pos    int
	}{
		{"SELECT kind FROM events WHERE kind IN ?", "near '?'", 40},
		{"SELECT kind FROM events WHERE kind = ? ?", "near '?'", 41},
		{"SELECT kind FROM events WHERE kind = substr(?, 1)", "near '?'", 46},
		{"EXPLAIN SELECT kind FROM events WHERE kind IN ?", "near '?'", 48},
		{"SELECT kind FROM events WHERE EXISTS (SELECT ?)", "the expression exists (select ? from dual)", -1},
		{"SELECT kind FROM events WHERE kind = ? COLLATE utf8_bin", "the expression ? collate utf8_bin", -1},
		{"SELECT MATCH(kind) AGAINST (?) FROM events", "the expression match(kind) against (?)", -1},
		{"SELECT kind FROM events WHERE kind = INTERVAL ? DAY", "the expression interval ? DAY", -1},
	} {
		_, err := db.Query(tc.q, "a")
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, tc.q)
		require.Equal(t, tc.msg, se.Msg, tc.q)
		require.Equal(t, tc.pos, se.Pos, tc.q)
		require.NotContains(t, err.Error(), ":v", tc.q)
	}
}
