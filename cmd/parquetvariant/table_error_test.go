package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A cast that fails on row 1,500 of a result streamed in file order: the
// table format prints either none of the 1,499 rows before it or all of
// them, not the first block of 1,000 alone.
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
	require.Contains(t, []int{0, 1499}, rows, "rows printed before the error: %d", rows)
}
