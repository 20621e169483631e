package scan

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corruptTable writes table t (id 0..299, s = "v<id>" optional, two row
// groups, small pages) and returns the root and the file path.
func corruptTable(t *testing.T, opts ...parquet.WriterOption) (string, string) {
	dir := t.TempDir()
	var ids, ss []any
	for i := range 300 {
		ids = append(ids, int64(i))
		if i%5 == 0 {
			ss = append(ss, nil)
		} else {
			ss = append(ss, "v"+string(rune('a'+i%26)))
		}
	}
	path := filepath.Join(dir, "t", "a.parquet")
	writeColumns(t, path, []column{
		{"id", parquet.Leaf(parquet.Int64Type), ids},
		{"s", parquet.Optional(parquet.String()), ss},
	}, 150, append([]parquet.WriterOption{parquet.PageBufferSize(256)}, opts...)...)
	return dir, path
}

// readAll opens table t and scans every column; it returns the first error.
func readAll(dir string, q Query) (int, error) {
	r, err := Open(dir)
	if err != nil {
		return 0, err
	}
	tb, err := r.Table("t")
	if err != nil {
		return 0, err
	}
	if q.Columns == nil {
		q.Columns = []Ref{Col("id"), Col("s")}
	}
	rows, err := tb.Scan(context.Background(), q)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
		_ = rows.Value(0)
		_ = rows.Value(1)
	}
	return n, rows.Err()
}

// requireFileError checks that err is a *FileError about path wrapping
// ErrCorrupt, and returns it.
func requireFileError(t *testing.T, err error, path string) *FileError {
	t.Helper()
	require.Error(t, err)
	var fe *FileError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, path, fe.Path)
	assert.ErrorIs(t, err, ErrCorrupt)
	assert.Contains(t, err.Error(), path)
	return fe
}

func TestCorruptMagicAndFooter(t *testing.T) {
	cases := map[string]func(b []byte) []byte{
		"bad head magic": func(b []byte) []byte { copy(b, "PAR2"); return b },
		"bad tail magic": func(b []byte) []byte { copy(b[len(b)-4:], "PARX"); return b },
		"empty":          func(b []byte) []byte { return nil },
		"magic only":     func(b []byte) []byte { return []byte("PAR1PAR1") },
		"footer length too large": func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[len(b)-8:], uint32(len(b)))
			return b
		},
		"footer length huge": func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[len(b)-8:], 0xffffffff)
			return b
		},
		"footer garbage": func(b []byte) []byte {
			n := binary.LittleEndian.Uint32(b[len(b)-8:])
			for i := len(b) - 8 - int(n); i < len(b)-8; i++ {
				b[i] = 0xff
			}
			return b
		},
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			dir, path := corruptTable(t)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(path, mutate(b), 0o644))
			_, err = readAll(dir, Query{})
			fe := requireFileError(t, err, path)
			assert.Equal(t, -1, fe.RowGroup)
		})
	}
}

func TestTruncatedFiles(t *testing.T) {
	dir, path := corruptTable(t)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, n := range []int{0, 1, 4, 7, 8, 11, 12, 100, len(b) / 2, len(b) - 9, len(b) - 8, len(b) - 5, len(b) - 1} {
		require.NoError(t, os.WriteFile(path, b[:n], 0o644))
		_, err := readAll(dir, Query{})
		requireFileError(t, err, path)
	}
}

// Footers that lie about offsets give errors naming the row group and the
// column.
func TestFooterLies(t *testing.T) {
	cases := []struct {
		name   string
		edit   footerEdit
		rg     int
		column string
	}{
		{"data page offset past the end", func(p []int16, v any) (any, bool) {
			if pathIs(p, pathDataPageOffset...) {
				return v.(int64) + 1<<20, true
			}
			return v, true
		}, 0, "id"},
		{"data page offset negative", func(p []int16, v any) (any, bool) {
			if pathIs(p, pathDataPageOffset...) {
				return int64(-5), true
			}
			return v, true
		}, 0, "id"},
		{"row group rows", func(p []int16, v any) (any, bool) {
			if pathIs(p, pathRowGroupRows...) {
				return int64(-1), true
			}
			return v, true
		}, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, path := corruptTable(t)
			rewriteFooter(t, path, c.edit)
			_, err := readAll(dir, Query{})
			fe := requireFileError(t, err, path)
			assert.Equal(t, c.rg, fe.RowGroup)
			assert.Equal(t, c.column, fe.Column)
		})
	}
}

// Offsets that stay inside the file but point at the wrong bytes: the
// error comes from the scan and names the row group and column.
func TestFooterLiesInsideTheFile(t *testing.T) {
	dir, path := corruptTable(t)
	shifted := false
	rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
		if pathIs(p, pathDataPageOffset...) && !shifted {
			shifted = true
			return v.(int64) + 3, true
		}
		return v, true
	})
	_, err := readAll(dir, Query{})
	fe := requireFileError(t, err, path)
	assert.Equal(t, 0, fe.RowGroup)
	assert.Equal(t, "id", fe.Column)
}

// Every byte of the data section and footer flipped in turn: the scan ends
// with rows or an error, never a panic or a hang; errors about data name
// the row group and column.
func TestByteFlips(t *testing.T) {
	dir, path := corruptTable(t)
	orig, err := os.ReadFile(path)
	require.NoError(t, err)
	n, err := readAll(dir, Query{})
	require.NoError(t, err)
	require.Equal(t, 300, n)
	step := 11
	if raceEnabled {
		step = 41 // the race detector makes every scan slower
	}
	for i := 4; i < len(orig)-8; i += step {
		b := append([]byte(nil), orig...)
		b[i] ^= 0x5a
		require.NoError(t, os.WriteFile(path, b, 0o644))
		_, err := readAll(dir, Query{Where: Compare{Col("id"), Ge, 100}, NoSkip: i%2 == 0})
		var fe *FileError
		switch {
		case err == nil:
		case errors.As(err, &fe):
			assert.ErrorIs(t, err, ErrCorrupt, "byte %d", i)
		default:
			// A flip in a schema name or type changes the file's columns.
			assert.True(t, errors.Is(err, ErrUnknownColumn) || errors.Is(err, ErrType) || errors.Is(err, ErrUnsupported),
				"byte %d: %v", i, err)
		}
	}
}
