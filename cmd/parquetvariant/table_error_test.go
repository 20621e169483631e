package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A cast that fails on row 1,500 of a result streamed in file order: the
// rows before it print whole, in the table format all 1,499 of them (not
// the first block of 1,000 alone) and no row count, in CSV as whole
// records.
func TestQueryTableErrorAfterFirstBlock(t *testing.T) {
	dir := t.TempDir()
	var docs strings.Builder
	for i := 1; i <= 2500; i++ {
		n := fmt.Sprint(i)
		if i == 1500 {
			n = `"bad"`
		}
		fmt.Fprintf(&docs, `{"i":%d,"n":%s}`+"\n", i, n)
	}
	ok(t, docs.String(), "import", dir, "d")
	r := runCLI(t, "", "query", dir, "SELECT variant_get(v, '$.i', 'int') AS i, variant_get(v, '$.n', 'int') AS n FROM d")
	require.NotEqual(t, 0, r.code)
	require.Contains(t, r.stderr, "cannot cast")
	rows := strings.Count(r.stdout, "\n│ ") - strings.Count(r.stdout, "│ i ")
	require.Equal(t, 1499, rows, "rows printed before the error")
	require.NotContains(t, r.stdout, "rows)", "no row count after a failure")

	// CSV prints the same rows as whole records.
	r = runCLI(t, "", "query", "--format", "csv", dir, "SELECT variant_get(v, '$.i', 'int') AS i, variant_get(v, '$.n', 'int') AS n FROM d")
	require.NotEqual(t, 0, r.code)
	lines := strings.Split(r.stdout, "\n")
	require.Equal(t, "", lines[len(lines)-1], "the output ends with a whole record")
	require.Equal(t, "i,n", lines[0])
	require.Len(t, lines, 1+1499+1)
	require.Equal(t, "1499,1499", lines[1499])
}
