package shred

import (
	"path/filepath"
	"testing"

	"github.com/parquetvariant/parquetvariant/conformance/cases"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// The shredded Variant cases of apache/parquet-testing (written by
// parquet-java): files written by another engine reconstruct to the
// documented Variants; error cases fail; the cases marked INVALID fail in
// Strict mode and read as documented in Lenient mode.
// conformanceDir holds the parquet-testing shredded_variant cases, vendored
// with their license in the repository's testdata.
const conformanceDir = "../testdata/parquet-testing"

func TestConformance(t *testing.T) {
	all, dir, err := cases.Load(conformanceDir)
	require.NoError(t, err, "the vendored parquet-testing cases")
	ran := 0
	for _, c := range all {
		t.Run(c.ParquetFile, func(t *testing.T) {
			path := filepath.Join(dir, c.ParquetFile)
			if c.Error != "" {
				_, err := readFile(t, path, Strict)
				require.Error(t, err, "%s: %s", c.Test, c.Error)
				ran++
				return
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
			if c.Invalid() {
				_, err := readFile(t, path, Strict)
				require.ErrorIs(t, err, ErrInvalidLayout, c.Test)
				mode = Lenient
			}
			want, err := c.Expected(dir)
			require.NoError(t, err)
			got, err := readFile(t, path, mode)
			require.NoError(t, err, c.Test)
			require.Len(t, got, len(want))
			for i, w := range want {
				if w == nil {
					require.Equal(t, variant.TypeInvalid, got[i].Type(), "row %d is SQL NULL", i)
					continue
				}
				require.Equal(t, canon(t, *w), canon(t, got[i]), "%s row %d", c.Test, i)
			}
			ran++
		})
	}
	require.Greater(t, ran, 100)
}
