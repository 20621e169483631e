package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

func importCmd(e env) *cobra.Command {
	var column string
	var skipInvalid, createDir bool
	c := &cobra.Command{
		Use:   "import DIR TABLE [FILE]",
		Short: "Load JSON lines into a table as Variant rows",
		Long: `Load JSON documents, one per line, from FILE (or standard input when FILE is
missing or "-") into TABLE of the directory DIR, one row per line with the
document in a VARIANT column (--column, default v). Blank lines are skipped.

DIR is a driver DSN, like query's: an existing directory, so that a mistyped
path is an error rather than a new, empty database; --create-dir creates it
(and its parents) when it is missing. The table is created as "CREATE TABLE TABLE (v VARIANT)" when it does not
exist. All rows go in one transaction with a prepared
"INSERT INTO TABLE (v) VALUES (parse_json(?))", so the import writes one new
shredded file or, on any error, nothing (a table it created stays, without
rows: other writers may have inserted into it meanwhile).
With --skip-invalid, a line that is not valid JSON is left out instead (the
first ten are named on standard error) and the summary counts them.
A UTF-8 byte order mark at the start of the input is skipped. A terminal shows a progress bar (rows,
rows/s); the last line is a summary.`,
		Example: `  parquetvariant import /tmp/lake docs docs.jsonl
  cat docs.jsonl | parquetvariant import /tmp/lake docs
  parquetvariant import --create-dir /tmp/newlake docs docs.jsonl`,
		Args: cobra.RangeArgs(2, 3),
		RunE: func(cmd *cobra.Command, args []string) error {
			in := e.stdin
			if len(args) == 3 && args[2] != "-" {
				f, err := os.Open(args[2])
				if err != nil {
					return err
				}
				defer f.Close()
				in = f
			}
			return importJSON(cmd.Context(), e, importOptions{dsn: args[0], table: args[1], column: column, skipInvalid: skipInvalid, createDir: createDir}, in)
		},
	}
	c.Flags().StringVar(&column, "column", "v", "the VARIANT column that receives the documents")
	c.Flags().BoolVar(&skipInvalid, "skip-invalid", false, "leave out lines that are not valid JSON instead of failing")
	c.Flags().BoolVar(&createDir, "create-dir", false, "create DIR when it does not exist")
	return c
}

// importOptions are the arguments and flags of import.
type importOptions struct {
	dsn, table, column     string
	skipInvalid, createDir bool
}

// maxSkipReports is how many skipped lines import names on standard error.
const maxSkipReports = 10

func importJSON(ctx context.Context, e env, o importOptions, in io.Reader) (err error) {
	dsn, table, column := o.dsn, o.table, o.column
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	switch {
	case table == "":
		return usageError{errors.New("the table name is empty")}
	case column == "":
		return usageError{errors.New("--column is empty")}
	}
	cfg, err := driver.ParseDSN(dsn)
	if err != nil {
		return err
	}
	if err := importDir(cfg.Root, o.createDir); err != nil {
		return err
	}
	db, err := sql.Open("parquetvariant", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	ident := quoteIdent(table)
	col := quoteIdent(column)
	_, err = db.ExecContext(ctx, fmt.Sprintf("CREATE TABLE %s (%s VARIANT)", ident, col))
	switch {
	case errors.Is(err, driver.ErrTableExists):
		if err := checkImportColumn(ctx, db, table, column); err != nil {
			return err
		}
	case err != nil:
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	stmt, err := tx.PrepareContext(ctx, fmt.Sprintf("INSERT INTO %s (%s) VALUES (parse_json(?))", ident, col))
	if err != nil {
		return err
	}
	defer stmt.Close()

	var bar *progressbar.ProgressBar
	if e.terminal {
		bar = progressbar.NewOptions64(-1,
			progressbar.OptionSetWriter(e.stderr),
			progressbar.OptionSetDescription("importing into "+table),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("rows"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	r := bufio.NewReaderSize(in, 1<<20)
	var parse variant.ParseOptions
	if o.skipInvalid {
		parse.LastWins = cfg.DuplicateKeys == driver.DuplicateKeysLast
	}
	var rows, skipped int64
	for line := 1; ; line++ {
		b, rerr := r.ReadBytes('\n')
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			return fmt.Errorf("reading line %d: %w", line, rerr)
		}
		if line == 1 {
			b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // a UTF-8 byte order mark
		}
		doc := bytes.TrimSpace(b)
		if len(doc) > 0 && o.skipInvalid {
			if _, perr := variant.ParseJSONWith(doc, parse); perr != nil {
				if skipped++; skipped <= maxSkipReports {
					fmt.Fprintf(e.stderr, "line %d skipped: %v\n", line, perr)
				}
				doc = nil
			}
		}
		if len(doc) > 0 {
			if _, err := stmt.ExecContext(ctx, string(doc)); err != nil {
				return fmt.Errorf("line %d: %s", line, strings.TrimPrefix(err.Error(), "parquetvariant: "))
			}
			rows++
			if bar != nil {
				bar.Add(1)
			}
		}
		if rerr != nil {
			break
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if bar != nil {
		bar.Finish()
	}
	elapsed := time.Since(start)
	_, err = fmt.Fprintf(e.stdout, "imported %s into %s in %s (%.0f rows/s)",
		plural(rows, "row"), table, elapsed.Round(time.Millisecond), float64(rows)/max(elapsed.Seconds(), 1e-9))
	if err == nil && o.skipInvalid {
		_, err = fmt.Fprintf(e.stdout, "; skipped %s", plural(skipped, "invalid line"))
	}
	if err == nil {
		_, err = fmt.Fprintln(e.stdout)
	}
	return err
}

// importDir checks that dir is a directory, creating it (and its parents)
// when it is missing and create is set.
func importDir(dir string, create bool) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && create:
		return os.MkdirAll(dir, 0o755)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("directory %s does not exist (pass --create-dir to create it)", dir)
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// checkImportColumn reports an error naming the --column option when the
// existing table has no VARIANT column called column.
func checkImportColumn(ctx context.Context, db *sql.DB, table, column string) error {
	rows, err := db.QueryContext(ctx, "DESCRIBE "+quoteIdent(table))
	if err != nil {
		return err
	}
	defer rows.Close()
	var variants []string
	types := map[string]string{}
	var folded []string // the names that match column in any case
	for rows.Next() {
		var name, typ string
		var nullable bool
		if err := rows.Scan(&name, &typ, &nullable); err != nil {
			return err
		}
		types[name] = typ
		if strings.EqualFold(name, column) {
			folded = append(folded, name)
		}
		if typ == "VARIANT" {
			variants = append(variants, name)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	// Column names match as SQL matches them: exactly, or in any case when
	// that names one column only.
	name, found := column, false
	if _, ok := types[column]; ok {
		found = true
	} else if len(folded) == 1 {
		name, found = folded[0], true
	}
	if found && types[name] == "VARIANT" {
		return nil
	}
	msg := fmt.Sprintf("table %s has no VARIANT column %s to import into", table, column)
	if len(variants) > 0 {
		msg += "; its VARIANT columns: " + strings.Join(variants, ", ") + " (choose one with --column)"
	}
	return errors.New(msg)
}

// plural is n and the noun, with an s unless n is 1.
func plural(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// quoteIdent quotes a table or column name for SQL: in backticks, a
// backtick doubled.
func quoteIdent(name string) string {
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}
