package driver_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestParseMessagesSayWhatAndWhere: a quote or comment left open says so
// and where it opened (the position just past the quote), a $ placeholder
// says how placeholders are written, and an unsupported operator and a
// GROUP BY or ORDER BY position out of range have their position.
func TestParseMessagesSayWhatAndWhere(t *testing.T) {
	db := typedTable(t)
	for _, tc := range []struct {
		q, msg string
		is     error
		pos    int
	}{
		{"SELECT id FROM e WHERE kind = 'view", "a string opened by ' is not closed (it runs to the end of the statement)", pvdriver.ErrSyntax, 31},
		{`SELECT id FROM e /* c */ WHERE kind = "view`, `a string opened by " is not closed (it runs to the end of the statement)`, pvdriver.ErrSyntax, 39},
		{"SELECT id FROM e WHERE kind = 'a\\", "a string opened by ' is not closed (it runs to the end of the statement)", pvdriver.ErrSyntax, 31},
		{"SELECT `id FROM e", "a quoted name opened by ` is not closed (it runs to the end of the statement)", pvdriver.ErrSyntax, 8},
		{"SELECT id FROM e /* where", "a comment opened by /* is not closed (it runs to the end of the statement)", pvdriver.ErrSyntax, 19},
		{"SELECT id FROM e WHERE id = $1", `cannot read "$": placeholders are written ?, not $1 or $name`, pvdriver.ErrSyntax, 29},
		{"SELECT id FROM e WHERE id >> 3 = 1", "the operator >>", pvdriver.ErrUnsupported, 28},
		{"SELECT id FROM e WHERE id = 1 - -2 - 3 & 4", "the operator &", pvdriver.ErrUnsupported, 40},
		{"SELECT id FROM e WHERE id = 1 - -2 - 'x'", "(1 - -2) - 'x': 'x' is a VARCHAR, not a number", pvdriver.ErrSyntax, 36},
		{"SELECT id FROM e WHERE ~id = 1", "the operator ~", pvdriver.ErrUnsupported, 24},
		{"SELECT id FROM e WHERE id = 5 GROUP BY 7", "GROUP BY position 7 is not in the select list", pvdriver.ErrSyntax, 40},
		{"SELECT id FROM e WHERE id = 5 ORDER BY id, 3 LIMIT 10", "ORDER BY position 3 is not in the select list", pvdriver.ErrSyntax, 44},
		{`CREATE TABLE "dq" (a BIGINT)`, "near 'dq' (a quoted string: if it is meant as a name, quote it with backticks, `dq`)", pvdriver.ErrSyntax, 18},
		{"SELECT id FROM 'e'", "near 'e' (a quoted string: if it is meant as a name, quote it with backticks, `e`)", pvdriver.ErrSyntax, 19},
		{"SELECT id FROM 'a`b'", "near 'a`b' (a quoted string: if it is meant as a name, quote it with backticks, `a``b`)", pvdriver.ErrSyntax, 21},
		{"SELECT id FROM e WHERE kind IN ('a', 'b'", "", pvdriver.ErrSyntax, 41},
	} {
		_, err := db.Query(tc.q)
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, tc.q)
		require.True(t, errors.Is(err, tc.is), "%s: %v", tc.q, err)
		require.Equal(t, tc.msg, se.Msg, tc.q)
		require.Equal(t, tc.pos, se.Pos, tc.q)
	}
}
