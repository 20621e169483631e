package scan

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// writeRows writes rows to path (creating its directory) with a
// GenericWriter of the concrete struct type T.
func writeRows[T any](t testing.TB, path string, rows []T, opts ...parquet.WriterOption) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewGenericWriter[T](f, opts...)
	_, err = w.Write(rows)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

// writeRowGroups writes each element of groups as its own row group.
func writeRowGroups[T any](t testing.TB, path string, groups [][]T, opts ...parquet.WriterOption) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewGenericWriter[T](f, opts...)
	for _, g := range groups {
		_, err = w.Write(g)
		require.NoError(t, err)
		require.NoError(t, w.Flush())
	}
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

func ptr[T any](v T) *T { return &v }

type idName struct {
	ID   int64   `parquet:"id"`
	Name *string `parquet:"name,optional"`
}

type idOnly struct {
	ID int64 `parquet:"id"`
}
