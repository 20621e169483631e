package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

func TestSafeText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		mode textMode
		want string
	}{
		{"plain name", 0, "plain name"},
		{"tab\there", 0, "tab\there"},
		{"é€😀 │", 0, "é€😀 │"},
		{"a\x1b[2Jb", 0, `a\x1b[2Jb`},
		{"two\nlines", 0, `two\nlines`},
		{"two\nlines", keepNewlines, "two\nlines"},
		{"bell\a del\x7f", keepNewlines, `bell\a del\x7f`},
		{"c1 \u0085 \u009b", 0, `c1 \u0085 \u009b`},
		{"bad \xff\xfe utf8", 0, `bad \xff\xfe utf8`},
		{"\x00", 0, `\x00`},
		{`a\x1b`, 0, `a\\x1b`},
		{`C:\dir`, keepNewlines, `C:\\dir`},
		{"$['it\\'s']\x1b", keepBackslashes, `$['it\'s']\x1b`},
	} {
		require.Equal(t, tc.want, safeText(tc.in, tc.mode), "%q", tc.in)
	}
}

// A footer's names and writer are printed with their control characters
// escaped: a file cannot send a terminal escape sequence through meta or
// schema, and a newline in a name does not start a line.
func TestMetaSchemaEscapeFooterText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hostile.parquet")
	f, err := os.Create(path)
	require.NoError(t, err)
	schema := parquet.NewSchema("m", parquet.Group{
		"g\x1b]0;title\x07": parquet.Group{"a\x1b[2Jb\nc": parquet.Leaf(parquet.Int64Type)},
	})
	w := parquet.NewWriter(f, schema, parquet.CreatedBy("evil\x1b[31m", "1\xff", "x"))
	_, err = w.WriteRows([]parquet.Row{{parquet.Int64Value(7).Level(0, 0, 0)}})
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())

	meta := ok(t, "", "meta", path)
	require.Contains(t, meta, `created by: evil\x1b[31m`)
	require.Contains(t, meta, `\xff`)
	require.Contains(t, meta, `g\x1b]0;title\a.a\x1b[2Jb\nc`)
	schemaOut := ok(t, "", "schema", path)
	// A newline in a name would start a line of its own: the tree prints
	// on one line instead.
	tree, _, _ := strings.Cut(schemaOut, "\n")
	require.Contains(t, tree, "a\\x1b[2Jb\\nc (INT(64,true));\\n\t}\\n}")
	for name, out := range map[string]string{"meta": meta, "schema": schemaOut} {
		require.False(t, strings.ContainsAny(out, "\x1b\x07\xff"), "%s printed a control character: %q", name, out)
	}
}

// query's table prints a file's column names escaped as meta does.
func TestQueryTableEscapesColumnNames(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "esc"), 0o755))
	f, err := os.Create(filepath.Join(dir, "esc", "part-0.parquet"))
	require.NoError(t, err)
	w := parquet.NewWriter(f, parquet.NewSchema("m", parquet.Group{"a\x1b[2Jb": parquet.Leaf(parquet.Int64Type)}))
	_, err = w.WriteRows([]parquet.Row{{parquet.Int64Value(7).Level(0, 0, 0)}})
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())

	out := ok(t, "", "query", dir, "SELECT * FROM esc")
	require.Contains(t, out, `│ a\x1b[2Jb │`)
	require.NotContains(t, out, "\x1b")
}
