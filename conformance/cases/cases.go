// Package cases reads the expectations of the Variant conformance data:
// the parquet-testing shredded_variant suite (cases.json and its
// .variant.bin files) and the DuckDB collection (duckdb-expected.json), and
// renders Variants the way DuckDB prints them. It depends on the variant
// package only, so that tests of every layer can use it.
package cases

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/parquetvariant/parquetvariant/variant"
)

// Case is one entry of a parquet-testing cases.json.
type Case struct {
	Number       int       `json:"case_number"`
	Test         string    `json:"test"`
	ParquetFile  string    `json:"parquet_file"`
	VariantFile  *string   `json:"variant_file"`
	VariantFiles []*string `json:"variant_files"`
	Error        string    `json:"error_message"`
	Notes        string    `json:"notes"`
}

// Name names the case in reports: its file and test name.
func (c *Case) Name() string { return fmt.Sprintf("%s (%s)", c.ParquetFile, c.Test) }

// Invalid reports whether the case's file is marked INVALID: data the spec
// forbids, which a strict reader refuses and a lenient reader reads with
// typed_value winning (VariantShredding.md).
func (c *Case) Invalid() bool { return strings.Contains(c.ParquetFile, "INVALID") }

// Load reads the cases.json of a directory with the parquet-testing
// layout: dir itself, or dir/shredded_variant. It returns the cases with
// a file and the directory that holds the files.
func Load(dir string) ([]Case, string, error) {
	for _, d := range []string{filepath.Join(dir, "shredded_variant"), dir} {
		data, err := os.ReadFile(filepath.Join(d, "cases.json"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		var all []Case
		if err := json.Unmarshal(data, &all); err != nil {
			return nil, "", fmt.Errorf("%s: %w", filepath.Join(d, "cases.json"), err)
		}
		var out []Case
		for _, c := range all {
			if c.ParquetFile != "" {
				out = append(out, c)
			}
		}
		return out, d, nil
	}
	return nil, "", fmt.Errorf("no cases.json in %s or %s", dir, filepath.Join(dir, "shredded_variant"))
}

// Expected returns the expected rows of a case whose files are in dir: nil
// for a SQL NULL row.
func (c *Case) Expected(dir string) ([]*variant.Variant, error) {
	files := c.VariantFiles
	if c.VariantFile != nil {
		files = []*string{c.VariantFile}
	}
	out := make([]*variant.Variant, len(files))
	for i, f := range files {
		if f == nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, *f))
		if err != nil {
			return nil, err
		}
		v, err := SplitBin(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", *f, err)
		}
		out[i] = &v
	}
	return out, nil
}

// SplitBin decodes a .variant.bin file: the metadata followed by the value.
func SplitBin(data []byte) (variant.Variant, error) {
	if len(data) == 0 {
		return variant.Variant{}, errors.New("empty .variant.bin file")
	}
	os := int(data[0]>>6) + 1
	read := func(at int) (int, bool) {
		if at+os > len(data) {
			return 0, false
		}
		n := 0
		for i := range os {
			n |= int(data[at+i]) << (8 * i)
		}
		return n, true
	}
	size, ok := read(1)
	if !ok {
		return variant.Variant{}, errors.New("truncated metadata")
	}
	last, ok := read(1 + os*(size+1))
	if !ok {
		return variant.Variant{}, errors.New("truncated metadata")
	}
	n := 1 + os*(size+2) + last
	if n > len(data) {
		return variant.Variant{}, errors.New("metadata longer than the file")
	}
	return variant.New(data[:n], data[n:])
}

// DuckDBEntry is one expectation of duckdb-expected.json.
type DuckDBEntry struct {
	File         string     `json:"file"`
	Query        string     `json:"query"`
	ExpectedRows [][]string `json:"expected_rows"`
	SameAsGroup  string     `json:"same_result_as_group"`
}

// LoadDuckDB reads dir/duckdb-expected.json.
func LoadDuckDB(dir string) ([]DuckDBEntry, error) {
	data, err := os.ReadFile(filepath.Join(dir, "duckdb-expected.json"))
	if err != nil {
		return nil, err
	}
	var doc struct {
		Entries []DuckDBEntry `json:"entries"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("duckdb-expected.json: %w", err)
	}
	return doc.Entries, nil
}

// SimpleSelect reports whether the entry's query selects the whole file
// ("from 'file';"), so that its rows are the id column and the Variant.
func (e *DuckDBEntry) SimpleSelect() bool {
	return strings.HasPrefix(e.Query, "from '") && len(e.ExpectedRows) > 0
}
