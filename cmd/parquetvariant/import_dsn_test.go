package main

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// import's help: "DIR is a driver DSN, like query's". A file: URL that query
// opens (a path with a space written %20) must work for import too.
func TestImportFileURLDSN(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my lake")
	require.NoError(t, os.Mkdir(dir, 0o755))
	dsn := (&url.URL{Scheme: "file", Path: dir}).String() // file:///.../my%20lake
	ok(t, "", "query", dsn, "SHOW TABLES")                // the driver takes it
	r := runCLI(t, "{\"a\":1}\n", "import", dsn, "docs")
	require.Equal(t, 0, r.code, "import refuses a DSN that query takes: %s", r.stderr)
	require.Equal(t, "n\n1\n", ok(t, "", "query", "-f", "csv", dir, "SELECT COUNT(*) AS n FROM docs"))

	// file:/abs/path (one slash), a form the driver takes as well.
	ok(t, "", "query", "file:"+dir, "SHOW TABLES")
	r = runCLI(t, "{\"a\":1}\n", "import", "file:"+dir, "docs")
	require.Equal(t, 0, r.code, "import refuses a DSN that query takes: %s", r.stderr)
}

// import --create-dir with a file: URL must create the directory the URL
// names, not a directory named after the URL's escaped text (or a folder
// called "file:" in the working directory).
func TestImportCreateDirFileURL(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "new lake")
	dsn := (&url.URL{Scheme: "file", Path: dir}).String()
	r := runCLI(t, "{\"a\":1}\n", "import", "--create-dir", dsn, "docs")
	require.Equal(t, 0, r.code, r.stderr)
	require.DirExists(t, dir)
	require.NoDirExists(t, filepath.Join(base, "new%20lake"), "a stray directory named after the escaped URL")
}

// README: "Table names are case-sensitive (they are folder names); column
// names are not." INSERT INTO t (v) works on a column V, so import (whose
// --column defaults to v) must too.
func TestImportColumnNameAnyCase(t *testing.T) {
	dir := t.TempDir()
	ok(t, "", "query", dir, "CREATE TABLE up (V VARIANT)")
	ok(t, "", "query", dir, "INSERT INTO up (v) VALUES (parse_json('1'))")
	r := runCLI(t, "{\"a\":1}\n", "import", dir, "up")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "n\n2\n", ok(t, "", "query", "-f", "csv", dir, "SELECT COUNT(*) AS n FROM up"))
}

// TestImportEmptyNames: an empty table name or --column is a usage error
// that says so, not a syntax error in SQL the user never wrote.
func TestImportEmptyNames(t *testing.T) {
	dir := t.TempDir()
	r := runCLI(t, "{}\n", "import", dir, "")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "the table name is empty")
	r = runCLI(t, "{}\n", "import", "--column", "", dir, "docs")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "--column is empty")
}
