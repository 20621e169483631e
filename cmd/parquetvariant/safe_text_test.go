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

// writeInt64File writes a Parquet file at path with the schema of group,
// whose leaves are INT64, one row of the values 1, 2, ... in leaf order, and
// the writer options opts.
func writeInt64File(t *testing.T, path string, group parquet.Group, opts ...parquet.WriterOption) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	schema := parquet.NewSchema("m", group)
	var row parquet.Row
	for i := range schema.Columns() {
		row = append(row, parquet.Int64Value(int64(i+1)).Level(0, 0, i))
	}
	w := parquet.NewWriter(f, append([]parquet.WriterOption{schema}, opts...)...)
	_, err = w.WriteRows([]parquet.Row{row})
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

// A footer's names and writer are printed with their control characters
// escaped: a file cannot send a terminal escape sequence through meta or
// schema, and a newline in a name does not start a line.
func TestMetaSchemaEscapeFooterText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hostile.parquet")
	writeInt64File(t, path, parquet.Group{
		"g\x1b]0;title\x07": parquet.Group{"a\x1b[2Jb\nc": parquet.Leaf(parquet.Int64Type)},
	}, parquet.CreatedBy("evil\x1b[31m", "1\xff", "x"))

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
	writeInt64File(t, filepath.Join(dir, "esc", "part-0.parquet"), parquet.Group{"a\x1b[2Jb": parquet.Leaf(parquet.Int64Type)})

	out := ok(t, "", "query", dir, "SELECT * FROM esc")
	require.Contains(t, out, `│ a\x1b[2Jb │`)
	require.NotContains(t, out, "\x1b")
}

// Two columns, one named with the escape character and one with the four
// characters \x1b, print as two different names in meta.
func TestMetaTellsEscapedNamesApart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "names.parquet")
	writeInt64File(t, path, parquet.Group{
		"a\x1b": parquet.Leaf(parquet.Int64Type),
		`a\x1b`: parquet.Leaf(parquet.Int64Type),
	})
	var names []string
	for _, line := range strings.Split(ok(t, "", "meta", path), "\n") {
		if strings.HasPrefix(line, "│ a") {
			names = append(names, strings.Fields(strings.TrimPrefix(line, "│ "))[0])
		}
	}
	require.Len(t, names, 2)
	require.NotEqual(t, names[0], names[1], "both columns print as %s", names[0])
}
