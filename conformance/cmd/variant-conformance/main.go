// Command variant-conformance runs Variant conformance data through the
// scan package and prints each failing case with the reason, then the line
// "N passed, N failed". It exits with status 1 when a case fails and 2 on
// a usage or setup error.
//
//	go run ./conformance/cmd/variant-conformance -suite DIR [-duckdb DIR]
//
// -suite takes a directory with the parquet-testing layout (cases.json in
// it or in its shredded_variant folder); -duckdb a folder of DuckDB-style
// files (see testdata/interop/duckdb/NOTE.md). At least one is required.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/parquetvariant/parquetvariant/conformance"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command with arguments args and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("variant-conformance", flag.ContinueOnError)
	fs.SetOutput(stderr)
	suite := fs.String("suite", "", "directory with the parquet-testing layout (cases.json)")
	duckdb := fs.String("duckdb", "", "folder of DuckDB-style Variant files")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *suite == "" && *duckdb == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: variant-conformance -suite DIR [-duckdb DIR]")
		return 2
	}
	var all []conformance.Result
	for _, s := range []struct {
		dir string
		run func(string) ([]conformance.Result, error)
	}{{*suite, conformance.RunSuite}, {*duckdb, conformance.RunDuckDB}} {
		if s.dir == "" {
			continue
		}
		rs, err := s.run(s.dir)
		if err != nil {
			fmt.Fprintf(stderr, "variant-conformance: %s: %v\n", s.dir, err)
			return 2
		}
		all = append(all, rs...)
	}
	for _, r := range all {
		if r.Err != nil {
			fmt.Fprintf(stdout, "FAIL %s: %v\n", r.Name, r.Err)
		}
	}
	passed, failed := conformance.Count(all)
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
