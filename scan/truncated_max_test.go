package scan

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// TestTruncatedAllFFMax: parquet-go writes the column index max of a page
// whose largest byte array is longer than 16 bytes and starts with 16 0xFF
// bytes as those 16 bytes, below the value itself; data skipping takes
// such a max as no bound, so the rows above it are found, and skips the
// other pages as before.
func TestTruncatedAllFFMax(t *testing.T) {
	dir := t.TempDir()
	big := append(bytes.Repeat([]byte{0xFF}, 20), 1)
	var vals []any
	for i := range 1000 {
		if i >= 996 {
			vals = append(vals, big)
		} else {
			vals = append(vals, []byte{byte(i >> 8), byte(i)})
		}
	}
	writeColumns(t, filepath.Join(dir, "t", "f.parquet"), []column{{name: "b", node: parquet.Leaf(parquet.ByteArrayType), vals: vals}}, 0,
		parquet.PageBufferSize(256))
	for _, lit := range [][]byte{big, bytes.Repeat([]byte{0xFF}, 17), bytes.Repeat([]byte{0xFF}, 16)} {
		rows, _ := scanAll(t, dir, "t", Query{Columns: []Ref{Col("b")}, Where: Compare{Col("b"), Ge, lit}})
		require.Len(t, rows, 4, "b >= %x", lit)
		for _, r := range rows {
			require.Equal(t, big, r[0])
		}
	}
	rows, st := scanAll(t, dir, "t", Query{Columns: []Ref{Col("b")}, Where: Compare{Col("b"), Eq, []byte{0, 3}}})
	require.Equal(t, [][]any{{[]byte{0, 3}}}, rows)
	require.Positive(t, st.PagesSkipped, "pages whose max is exact still skip: %+v", st)
}
