package conformance

import (
	"testing"

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
