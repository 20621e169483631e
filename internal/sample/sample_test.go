package sample_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/internal/sample"
)

// TestShippedLakeIsRegenerated checks that testdata/lake holds what the
// generator writes: the same files, the same data bytes before the footer
// and the same footer apart from created_by (which holds the build's module
// version, empty under go test).
func TestShippedLakeIsRegenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 4000 rows; runs without -short")
	}
	dir := t.TempDir()
	require.NoError(t, sample.Write(dir, filepath.Join("..", "..", "testdata", "interop", "duckdb")))
	shipped := filepath.Join("..", "..", "testdata", "lake")
	var files []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, rel)
		}
		return err
	}))
	require.Equal(t, []string{"duckdb_mixed.parquet", "duckdb_objects.parquet",
		"events/part-00000.parquet", "events/part-00001.parquet", "events/part-00002.parquet",
		"snowflake_events.parquet"}, files)
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		want, err := os.ReadFile(filepath.Join(shipped, f))
		require.NoError(t, err)
		msg := f + " differs from the generator's output: run go run ./cmd/parquetvariant-sample testdata/lake"
		require.True(t, bytes.Equal(dataPart(t, want), dataPart(t, got)), msg)
		require.Equal(t, footer(t, want), footer(t, got), msg)
	}
}

// dataPart is a Parquet file up to its footer.
func dataPart(t *testing.T, b []byte) []byte {
	t.Helper()
	require.Greater(t, len(b), 12)
	n := int(binary.LittleEndian.Uint32(b[len(b)-8:]))
	require.LessOrEqual(t, n+8, len(b))
	return b[:len(b)-8-n]
}

// footer is a file's metadata without created_by.
func footer(t *testing.T, b []byte) any {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	md := *f.Metadata()
	md.CreatedBy = ""
	return md
}
