package conformance

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	suiteDir  = "../testdata/parquet-testing"
	duckdbDir = "../testdata/interop/duckdb"
	sparkDir  = "../testdata/interop/delta-rs"
)

// The whole parquet-testing shredded_variant suite passes through scan.
func TestSuite(t *testing.T) {
	rs, err := RunSuite(suiteDir)
	require.NoError(t, err)
	for _, r := range rs {
		assert.NoError(t, r.Err, r.Name)
	}
	passed, _ := Count(rs)
	assert.Equal(t, 109, passed, "every case of cases.json with a file")
}

// The DuckDB collection passes through scan.
func TestDuckDB(t *testing.T) {
	rs, err := RunDuckDB(duckdbDir)
	require.NoError(t, err)
	for _, r := range rs {
		assert.NoError(t, r.Err, r.Name)
	}
	passed, _ := Count(rs)
	assert.Greater(t, passed, 200)
}

type plainRow struct {
	ID int64 `parquet:"id"`
}

// An expected-error case passes only on an error about Variant data: a
// missing file, bytes that are not Parquet and a Parquet file without a
// Variant column fail it, each with its own error; the other cases still
// pass.
func TestSuiteBrokenFiles(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(suiteDir, "shredded_variant"))))
	require.NoError(t, os.Remove(filepath.Join(dir, "case-040.parquet")))
	junk := make([]byte, 100)
	_, _ = rand.NewChaCha8([32]byte{1}).Read(junk)
	require.NoError(t, os.Chmod(filepath.Join(dir, "case-042.parquet"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "case-042.parquet"), junk, 0o644))
	require.NoError(t, os.Chmod(filepath.Join(dir, "case-087.parquet"), 0o644))
	require.NoError(t, parquet.WriteFile(filepath.Join(dir, "case-087.parquet"), []plainRow{{1}}))

	rs, err := RunSuite(dir)
	require.NoError(t, err)
	failed := map[string]string{}
	for _, r := range rs {
		if r.Err != nil {
			failed[r.Name] = r.Err.Error()
		}
	}
	require.Len(t, failed, 3, "%v", failed)
	passed, _ := Count(rs)
	assert.Equal(t, 106, passed)
	for name, msg := range failed {
		switch {
		case strings.HasPrefix(name, "case-040.parquet "):
			assert.Equal(t, "stat "+filepath.Join(dir, "case-040.parquet")+": no such file or directory", msg)
		case strings.HasPrefix(name, "case-042.parquet "):
			assert.Regexp(t, `^expected "Invalid variant, conflicting value and typed_value", got an error that is not about Variant data: scan: .*case-042\.parquet: corrupt parquet file: `, msg)
		case strings.HasPrefix(name, "case-087.parquet "):
			assert.Equal(t, `expected "Invalid variant, non-object value with shredded fields", got an error that is not about Variant data: no Variant column`, msg)
		default:
			t.Errorf("unexpected failure %s: %s", name, msg)
		}
	}
}
