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
		in    string
		lines bool
		want  string
	}{
		{"plain name", false, "plain name"},
		{"tab\there", false, "tab\there"},
		{"é€😀 │", false, "é€😀 │"},
		{"a\x1b[2Jb", false, `a\x1b[2Jb`},
		{"two\nlines", false, `two\nlines`},
		{"two\nlines", true, "two\nlines"},
		{"bell\a del\x7f", true, `bell\a del\x7f`},
		{"c1 \u0085 \u009b", false, `c1 \u0085 \u009b`},
		{"bad \xff\xfe utf8", false, `bad \xff\xfe utf8`},
		{"\x00", false, `\x00`},
	} {
		require.Equal(t, tc.want, safeText(tc.in, tc.lines), "%q", tc.in)
	}
}

// A footer's names and writer are printed with their control characters
// escaped: a file cannot send a terminal escape sequence through meta or
// schema. meta's table escapes newlines too.
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
	// The schema's tree keeps its lines: a newline in a name breaks one.
	require.Contains(t, schemaOut, "a\\x1b[2Jb\nc")
	for name, out := range map[string]string{"meta": meta, "schema": schemaOut} {
		require.False(t, strings.ContainsAny(out, "\x1b\x07\xff"), "%s printed a control character: %q", name, out)
	}
}
