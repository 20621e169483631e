package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// Two columns, one named with the escape character and one with the four
// characters \x1b, print as two different names in meta.
func TestMetaTellsEscapedNamesApart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "names.parquet")
	f, err := os.Create(path)
	require.NoError(t, err)
	schema := parquet.NewSchema("m", parquet.Group{
		"a\x1b": parquet.Leaf(parquet.Int64Type),
		`a\x1b`: parquet.Leaf(parquet.Int64Type),
	})
	w := parquet.NewWriter(f, schema)
	_, err = w.WriteRows([]parquet.Row{{parquet.Int64Value(1).Level(0, 0, 0), parquet.Int64Value(2).Level(0, 0, 1)}})
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())

	var names []string
	for _, line := range strings.Split(ok(t, "", "meta", path), "\n") {
		if strings.HasPrefix(line, "│ a") {
			names = append(names, strings.Fields(strings.TrimPrefix(line, "│ "))[0])
		}
	}
	require.Len(t, names, 2)
	require.NotEqual(t, names[0], names[1], "both columns print as %s", names[0])
}
