// Command parquetvariant works with directories and files of Apache Parquet
// with VARIANT columns:
//
//	parquetvariant query DIR SQL      run SQL on the tables of DIR (--format table|csv|json, --arg)
//	parquetvariant schema FILE        the Parquet schema and the shredding of each VARIANT column
//	parquetvariant meta FILE          row groups and column chunks: sizes, encodings, codec, statistics
//	parquetvariant cat FILE           every row as a JSON line
//	parquetvariant head -n N FILE     the first N rows as JSON lines
//	parquetvariant import DIR TABLE [FILE]  load JSON lines as Variant rows into a table
//
// Every subcommand takes --help. Errors are one line on standard error and
// exit status 1 (2 for a usage error).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// env is what a subcommand reads and writes, so tests run it in process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// terminal reports that stderr is a terminal (progress bars are drawn).
	terminal bool
}

func main() {
	os.Exit(run(os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, terminal: isTerminal(os.Stderr)}))
}

// usageError marks errors in the command line rather than in the work.
type usageError struct{ error }

// run runs the command line args and returns the exit status.
func run(args []string, e env) int {
	root := newRoot(e)
	root.SetArgs(args)
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	cmd, err := root.ExecuteC()
	if err == nil {
		return 0
	}
	msg := strings.TrimPrefix(strings.ReplaceAll(err.Error(), "\n", " "), "parquetvariant: ")
	fmt.Fprintf(e.stderr, "parquetvariant: %s\n", msg)
	if _, ok := err.(usageError); ok || isFlagOrArgError(err) {
		fmt.Fprintf(e.stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return 2
	}
	return 1
}

// isFlagOrArgError reports cobra's errors for unknown commands, bad flags
// and wrong argument counts.
func isFlagOrArgError(err error) bool {
	s := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "requires at most"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func newRoot(e env) *cobra.Command {
	root := &cobra.Command{
		Use:   "parquetvariant",
		Short: "Query and inspect Parquet files with VARIANT columns",
		Long: `parquetvariant runs SQL on a directory of Parquet files with VARIANT columns and
inspects single files.

A directory is a database: each sub-directory of *.parquet files is a table named
after it, and each *.parquet file directly in it is a read-only table named after
the file. Variant values print as JSON.`,
		Example: `  parquetvariant query testdata/lake "SELECT kind, COUNT(*) AS n FROM events GROUP BY kind ORDER BY kind"
  parquetvariant schema testdata/lake/events/part-00001.parquet
  parquetvariant head -n 3 testdata/lake/events/part-00001.parquet
  parquetvariant import /tmp/lake events events.jsonl`,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(*cobra.Command, []string) error {
			return usageError{errors.New("missing command: query, schema, meta, cat, head or import")}
		},
	}
	root.CompletionOptions.DisableDefaultCmd = true
	root.AddCommand(queryCmd(e), schemaCmd(e), metaCmd(e), catCmd(e), headCmd(e), importCmd(e))
	return root
}
