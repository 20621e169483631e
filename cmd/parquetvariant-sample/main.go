// Command parquetvariant-sample regenerates the sample data set in
// testdata/lake:
//
//	go run ./cmd/parquetvariant-sample testdata/lake
//
// It writes the events table through the driver (deterministically: the
// same bytes on every run) and copies a few Variant files written by other
// engines from testdata/interop/duckdb as root-level read-only tables.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquetvariant/parquetvariant/internal/sample"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] == "-h" || os.Args[1] == "--help" {
		fmt.Fprintln(os.Stderr, "usage: parquetvariant-sample DIR   (run from the repository root; DIR is usually testdata/lake)")
		os.Exit(2)
	}
	dir := os.Args[1]
	if err := sample.Write(dir, filepath.Join("testdata", "interop", "duckdb")); err != nil {
		fmt.Fprintln(os.Stderr, "parquetvariant-sample:", err)
		os.Exit(1)
	}
}
