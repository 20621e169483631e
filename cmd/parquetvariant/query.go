package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/xwb1989/sqlparser"

	// The database/sql driver "parquetvariant".
	_ "github.com/parquetvariant/parquetvariant/driver"
)

func queryCmd(e env) *cobra.Command {
	var format string
	var args []string
	c := &cobra.Command{
		Use:   "query DIR SQL",
		Short: "Run a SQL statement on the tables of a directory",
		Long: `Run one SQL statement on the tables of DIR and print the result.

DIR is a driver DSN: an existing directory, optionally with options such as
"DIR?read_only=true" (see the README). SQL "-" reads the statement from
standard input. Each --arg gives the next ? argument, in order, as text: SQL
reads it as the type it meets (a number compared with a BIGINT column or given
to LIMIT, a timestamp compared with a TIMESTAMP column, a VARCHAR value as it
is, so "00123" keeps its zeros).

SELECT, SHOW TABLES, DESCRIBE and EXPLAIN print rows; --format table (default)
prints a table (one per 1,000 rows of a larger result; control characters in
values written as Go escapes such as \x1b, lines kept) and a row count, csv a
header line and records (NULL is an empty field), json one JSON object per row
with Variants as JSON values. A result that fails midway prints its rows before
the failure, then the error. Other statements (INSERT, CREATE TABLE, DROP
TABLE) print the rows affected.`,
		Example: `  parquetvariant query testdata/lake "SELECT kind, COUNT(*) AS n FROM events GROUP BY kind ORDER BY kind"
  parquetvariant query --format csv testdata/lake "SELECT id, ts FROM events WHERE id > ? LIMIT 3" --arg 3990
  echo "SHOW TABLES" | parquetvariant query testdata/lake -`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, pos []string) error {
			w, err := newRowWriter(format, e.stdout)
			if err != nil {
				return err
			}
			q := pos[1]
			if q == "-" {
				b, err := io.ReadAll(e.stdin)
				if err != nil {
					return fmt.Errorf("reading SQL from standard input: %w", err)
				}
				q = string(b)
			}
			q = strings.TrimSpace(q)
			if q == "" {
				return usageError{fmt.Errorf("empty SQL statement")}
			}
			vals := make([]any, len(args))
			for i, a := range args {
				vals[i] = a
			}
			return runQuery(cmd.Context(), pos[0], q, vals, w, e)
		},
	}
	c.Flags().StringVarP(&format, "format", "f", formatTable, "output format: table, csv or json")
	c.Flags().StringArrayVar(&args, "arg", nil, "value of the next ? placeholder (repeat for each)")
	return c
}

// returnsRows reports whether a statement gives rows rather than a count,
// by its first word after any comments.
func returnsRows(q string) bool {
	f := strings.Fields(sqlparser.StripLeadingComments(q))
	if len(f) == 0 {
		return false
	}
	switch strings.ToUpper(strings.TrimLeft(f[0], "(")) {
	case "SELECT", "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "WITH":
		return true
	}
	return false
}

func runQuery(ctx context.Context, dsn, q string, args []any, w rowWriter, e env) error {
	if ctx == nil {
		ctx = context.Background()
	}
	db, err := sql.Open("parquetvariant", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	if !returnsRows(q) {
		res, err := db.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "%s affected\n", plural(n, "row"))
		return err
	}
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	cts, err := rows.ColumnTypes()
	if err != nil {
		return err
	}
	types := make([]string, len(cts))
	for i, ct := range cts {
		types[i] = ct.DatabaseTypeName()
	}
	if err := w.header(cols, types); err != nil {
		return err
	}
	if err := writeRows(rows, w, len(cols)); err != nil {
		// The rows before the failing one are printed whole, as the
		// driver returned them, with the error after them.
		if aerr := w.abort(); aerr != nil {
			return errors.Join(err, aerr)
		}
		return err
	}
	return w.close()
}

// writeRows gives w each row of rows, of n columns.
func writeRows(rows *sql.Rows, w rowWriter, n int) error {
	vals := make([]any, n)
	ptrs := make([]any, n)
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if err := w.row(vals); err != nil {
			return err
		}
	}
	return rows.Err()
}
