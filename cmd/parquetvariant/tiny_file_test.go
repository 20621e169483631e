package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTinyFile: a file too small to be Parquet (under 12 bytes: two magic
// PAR1 and a footer length) gets the same plain error from meta, schema,
// cat and head, naming the file and its size.
func TestTinyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiny.parquet")
	require.NoError(t, os.WriteFile(path, []byte("PAR1"), 0o644))
	for _, cmd := range []string{"meta", "schema", "cat", "head"} {
		r := runCLI(t, "", cmd, path)
		require.Equal(t, 1, r.code, cmd)
		require.Contains(t, r.stderr, path+": not a Parquet file: 4 bytes, too small", cmd)
	}
}
