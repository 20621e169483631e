package shred

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// The shredded Variant cases of apache/parquet-testing (written by
// parquet-java): files written by another engine reconstruct to the
// documented Variants; error cases fail; the cases marked INVALID fail in
// Strict mode and read as documented in Lenient mode.
// conformanceDir holds the parquet-testing shredded_variant cases, vendored
// with their license in the repository's testdata.
const conformanceDir = "../testdata/parquet-testing/shredded_variant"

type conformanceCase struct {
	Number       int       `json:"case_number"`
	Test         string    `json:"test"`
	ParquetFile  string    `json:"parquet_file"`
	VariantFile  *string   `json:"variant_file"`
	VariantFiles []*string `json:"variant_files"`
	Error        string    `json:"error_message"`
	Notes        string    `json:"notes"`
}

// splitBin splits a .variant.bin file (metadata, then value).
func splitBin(t *testing.T, data []byte) (variant.Variant, error) {
	t.Helper()
	require.NotEmpty(t, data)
	os := int(data[0]>>6) + 1
	read := func(at int) int {
		require.LessOrEqual(t, at+os, len(data))
		return readLE(data[at:], os)
	}
	size := read(1)
	n := 1 + os*(size+2) + read(1+os*(size+1))
	return variant.New(data[:n], data[n:])
}

func TestConformance(t *testing.T) {
	dir := conformanceDir
	data, err := os.ReadFile(filepath.Join(dir, "cases.json"))
	require.NoError(t, err, "the vendored parquet-testing cases")
	var cases []conformanceCase
	require.NoError(t, json.Unmarshal(data, &cases))
	ran := 0
	for _, c := range cases {
		if c.ParquetFile == "" {
			continue
		}
		t.Run(c.ParquetFile, func(t *testing.T) {
			path := filepath.Join(dir, c.ParquetFile)
			if c.Error != "" {
				_, err := readFile(t, path, Strict)
				require.Error(t, err, "%s: %s", c.Test, c.Error)
				ran++
				return
			}
			files := c.VariantFiles
			if c.VariantFile != nil {
				files = []*string{c.VariantFile}
			}
			mode := Strict
			if c.Number == 84 {
				// Optional field groups: the spec requires them to be
				// required; FromNode refuses the schema in either mode.
				_, err := readFile(t, path, Lenient)
				require.ErrorIs(t, err, ErrInvalidSchema, c.Test)
				ran++
				return
			}
			if strings.Contains(c.ParquetFile, "INVALID") {
				_, err := readFile(t, path, Strict)
				require.ErrorIs(t, err, ErrInvalidLayout, c.Test)
				mode = Lenient
			}
			got, err := readFile(t, path, mode)
			require.NoError(t, err, c.Test)
			require.Len(t, got, len(files))
			for i, f := range files {
				if f == nil {
					require.Equal(t, variant.TypeInvalid, got[i].Type(), "row %d is SQL NULL", i)
					continue
				}
				raw, err := os.ReadFile(filepath.Join(dir, *f))
				require.NoError(t, err)
				want, err := splitBin(t, raw)
				require.NoError(t, err)
				require.Equal(t, canon(t, want), canon(t, got[i]), "%s row %d", c.Test, i)
			}
			ran++
		})
	}
	require.Greater(t, ran, 100)
}
