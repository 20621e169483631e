package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestQueryTableEscapesValues: query's table writes the control characters
// of values as Go escapes, as it does those of column names, so that a
// value cannot move the cursor or clear the screen; a value of several
// lines keeps its lines, and backslashes print as they are. CSV and JSON
// keep values as they are (JSON escapes them as JSON does).
func TestQueryTableEscapesValues(t *testing.T) {
	dir := t.TempDir()
	ok(t, "", "query", dir, "CREATE TABLE s (id BIGINT, x VARCHAR)")
	ok(t, "", "query", dir, "INSERT INTO s VALUES (1, ?), (2, ?), (3, ?)",
		"--arg", "a\x1b[2Jb\x07\r", "--arg", "line one\nline two", "--arg", `c:\dir`)
	out := ok(t, "", "query", dir, "SELECT id, x FROM s ORDER BY id")
	require.NotContains(t, out, "\x1b")
	require.NotContains(t, out, "\x07")
	require.NotContains(t, out, "\r")
	require.Contains(t, out, `a\x1b[2Jb\a\r`)
	require.Regexp(t, `│ 2  │ line one +│\n│    │ line two +│\n`, out)
	require.Contains(t, out, `c:\dir `)
	require.Equal(t, "id,x\n1,\"a\x1b[2Jb\x07\r\"\n", ok(t, "", "query", "-f", "csv", dir, "SELECT id, x FROM s WHERE id = 1"))
}
