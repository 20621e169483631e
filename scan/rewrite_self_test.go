package scan

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// An identity rewrite leaves the footer byte for byte as it was.
func TestRewriteFooterIdentity(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.parquet")
	writeRows(t, p, []idName{{ID: 1, Name: ptr("a")}, {ID: 2}})
	before, err := os.ReadFile(p)
	require.NoError(t, err)
	rewriteFooter(t, p, func(_ []int16, v any) (any, bool) { return v, true })
	after, err := os.ReadFile(p)
	require.NoError(t, err)
	require.Equal(t, before, after)
}
