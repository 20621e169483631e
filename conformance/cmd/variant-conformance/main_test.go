package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The command passes the vendored data and ends with the count line.
func TestVendored(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"-suite", "../../../testdata/parquet-testing", "-duckdb", "../../../testdata/interop/duckdb"}, &out, &errb)
	assert.Equal(t, 0, code, "%s%s", out.String(), errb.String())
	assert.Regexp(t, `^\d+ passed, 0 failed\n$`, out.String())
	assert.Empty(t, errb.String())
}

// A failing case is printed with its reason and makes the status 1: here a
// suite whose expected value was changed.
func TestFailingCase(t *testing.T) {
	dir := t.TempDir()
	src := "../../../testdata/parquet-testing/shredded_variant"
	for _, name := range []string{"case-001.parquet", "case-001_row-0.variant.bin"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	data, err := os.ReadFile(filepath.Join(src, "case-001_row-0.variant.bin"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "wrong_row-0.variant.bin"), append(data[:len(data):len(data)], 0), 0o644))
	cases := `[{"case_number": 1, "test": "ok", "parquet_file": "case-001.parquet", "variant_file": "case-001_row-0.variant.bin"},
	{"case_number": 2, "test": "bad", "parquet_file": "case-001.parquet", "variant_file": "wrong_row-0.variant.bin"},
	{"case_number": 3, "test": "err", "parquet_file": "case-001.parquet", "error_message": "must fail"}]`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.json"), []byte(cases), 0o644))
	var out, errb bytes.Buffer
	code := run([]string{"-suite", dir}, &out, &errb)
	assert.Equal(t, 1, code)
	assert.Contains(t, out.String(), "FAIL case-001.parquet (bad): ")
	assert.Contains(t, out.String(), "FAIL case-001.parquet (err): read without error")
	assert.Contains(t, out.String(), "1 passed, 2 failed\n")

	assert.Equal(t, 2, run(nil, &out, &errb))
	assert.Equal(t, 2, run([]string{"-suite", t.TempDir()}, &out, &errb))
}
