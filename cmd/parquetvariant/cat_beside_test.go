package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// cat FILE and head FILE print that file's rows: a folder next to it with the
// same base name (a table of another layout, say) must not matter, as it does
// not for meta and schema.
func TestCatFileBesideSameNamedFolder(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(lake, "duckdb_objects.parquet"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "foo.parquet"), data, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "foo"), 0o755))
	other, err := os.ReadFile(filepath.Join(lake, "events", "part-00001.parquet"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "foo", "part-0.parquet"), other, 0o644))

	want := `{"id":1,"var":{"a":123456789,"c":["string","iceberg"]}}` + "\n"
	require.Equal(t, want, ok(t, "", "cat", filepath.Join(dir, "foo.parquet")))
	require.Equal(t, want, ok(t, "", "head", filepath.Join(dir, "foo.parquet")))
}
