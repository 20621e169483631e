package main

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/parquetvariant/parquetvariant/variant"
)

// The output formats of query.
const (
	formatTable = "table"
	formatCSV   = "csv"
	formatJSON  = "json"
)

// rowWriter prints result rows in one format. Values are those of
// database/sql or scan (nil for NULL); types are the database type names
// (DATE, TIMESTAMP_NTZ, DECIMAL, VARIANT, ...) that choose how a value
// prints.
type rowWriter interface {
	header(cols, types []string) error
	row(vals []any) error
	// close finishes the output; rows is the number of rows written.
	close() error
	// abort prints the rows given so far, whole, when the result fails
	// after them, and not the row count.
	abort() error
}

func newRowWriter(format string, w io.Writer) (rowWriter, error) {
	switch format {
	case formatTable:
		return &tableWriter{w: w}, nil
	case formatCSV:
		return &csvWriter{w: csv.NewWriter(w)}, nil
	case formatJSON:
		return &jsonWriter{w: w}, nil
	}
	return nil, usageError{fmt.Errorf("unknown format %q (want table, csv or json)", format)}
}

// text renders a value for table and CSV output. null reports SQL NULL.
func text(v any, typ string) (s string, null bool, err error) {
	switch x := v.(type) {
	case nil:
		return "", true, nil
	case string:
		return x, false, nil
	case []byte:
		return "0x" + hex.EncodeToString(x), false, nil
	case int64:
		return strconv.FormatInt(x, 10), false, nil
	case uint64:
		return strconv.FormatUint(x, 10), false, nil
	case float64:
		return formatFloat(x, 64), false, nil
	case bool:
		return strconv.FormatBool(x), false, nil
	case time.Time:
		return formatTime(x, typ), false, nil
	case variant.Variant:
		b, err := x.AppendJSON(nil)
		return string(b), false, err
	}
	return fmt.Sprint(v), false, nil
}

// formatFloat writes a float of bits bits (32 or 64) in shortest
// round-trip form, and NaN and the infinities as "NaN", "Infinity" and
// "-Infinity", as to_json does.
func formatFloat(f float64, bits int) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return string(appendFloat(nil, f, bits))
}

// appendFloat appends a finite float in shortest round-trip form, in plain
// notation from 1e-6 up to 1e21 (5004307.89, not 5.00430789e+06) and with
// an exponent of as few digits as it needs outside (1.5e-7, not 1.5e-07),
// as encoding/json and a Variant double's JSON write numbers.
func appendFloat(dst []byte, f float64, bits int) []byte {
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		dst = strconv.AppendFloat(dst, f, 'e', -1, bits)
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
		return dst
	}
	return strconv.AppendFloat(dst, f, 'f', -1, bits)
}

func formatTime(t time.Time, typ string) string {
	switch typ {
	case "DATE":
		return t.Format(time.DateOnly)
	case "TIMESTAMP_NTZ":
		return t.Format("2006-01-02T15:04:05.999999999")
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// appendJSON appends a value as JSON: Variants as their JSON form, DECIMAL
// as an exact number, times as strings, bytes as base64.
func appendJSON(dst []byte, v any, typ string) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case variant.Variant:
		return x.AppendJSON(dst)
	case string:
		if typ == "DECIMAL" {
			return append(dst, x...), nil
		}
		return appendMarshal(dst, x)
	case []byte:
		return strconv.AppendQuote(dst, base64.StdEncoding.EncodeToString(x)), nil
	case int64:
		return strconv.AppendInt(dst, x, 10), nil
	case uint64:
		return strconv.AppendUint(dst, x, 10), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return strconv.AppendQuote(dst, formatFloat(x, 64)), nil
		}
		return appendFloat(dst, x, 64), nil
	case bool:
		return strconv.AppendBool(dst, x), nil
	case time.Time:
		return strconv.AppendQuote(dst, formatTime(x, typ)), nil
	}
	return appendMarshal(dst, v)
}

// appendMarshal appends the JSON of v as encoding/json writes it, but with
// <, > and & as they are: the output is JSON lines, not HTML.
func appendMarshal(dst []byte, v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return dst, err
	}
	return append(dst, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
}

// tableRows is how many rows the table format keeps to size its columns:
// a larger result prints as one boxed table for each block of tableRows
// rows, so that printing holds at most that many rows in memory.
const tableRows = 1000

// tableWriter collects rows and prints them as boxed tables of at most
// tableRows rows, then the number of rows.
type tableWriter struct {
	w       io.Writer
	cols    []string
	types   []string
	rows    [][]string
	printed int // rows printed in earlier tables
}

func (t *tableWriter) header(cols, types []string) error {
	t.cols, t.types = cols, types
	return nil
}

func (t *tableWriter) row(vals []any) error {
	r := make([]string, len(vals))
	for i, v := range vals {
		s, null, err := text(v, t.types[i])
		if err != nil {
			return fmt.Errorf("column %s: %w", t.cols[i], err)
		}
		if null {
			s = "NULL"
		}
		// Values from a file can hold any bytes too; a value of several
		// lines prints as several lines of its cell.
		r[i] = safeText(s, keepNewlines|keepBackslashes)
	}
	t.rows = append(t.rows, r)
	if len(t.rows) == tableRows {
		return t.flush()
	}
	return nil
}

// flush prints the rows kept as one table.
func (t *tableWriter) flush() error {
	tab := tablewriter.NewTable(t.w,
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
	)
	header := make([]any, len(t.cols))
	for i, c := range t.cols {
		header[i] = safeText(c, 0) // a file's column names can hold any bytes
	}
	tab.Header(header...)
	if err := tab.Bulk(t.rows); err != nil {
		return err
	}
	if err := tab.Render(); err != nil {
		return err
	}
	t.printed += len(t.rows)
	t.rows = t.rows[:0]
	return nil
}

func (t *tableWriter) abort() error {
	if len(t.rows) == 0 {
		return nil
	}
	return t.flush()
}

func (t *tableWriter) close() error {
	if len(t.rows) > 0 || t.printed == 0 {
		if err := t.flush(); err != nil {
			return err
		}
	}
	noun := "rows"
	if t.printed == 1 {
		noun = "row"
	}
	_, err := fmt.Fprintf(t.w, "(%d %s)\n", t.printed, noun)
	return err
}

// csvWriter prints a header line and one CSV record per row; NULL is an
// empty field.
type csvWriter struct {
	w     *csv.Writer
	cols  []string
	types []string
}

func (c *csvWriter) header(cols, types []string) error {
	c.cols, c.types = cols, types
	return c.w.Write(cols)
}

func (c *csvWriter) row(vals []any) error {
	r := make([]string, len(vals))
	for i, v := range vals {
		s, _, err := text(v, c.types[i])
		if err != nil {
			return fmt.Errorf("column %s: %w", c.cols[i], err)
		}
		r[i] = s
	}
	return c.w.Write(r)
}

func (c *csvWriter) close() error {
	c.w.Flush()
	return c.w.Error()
}

func (c *csvWriter) abort() error { return c.close() }

// jsonWriter prints one JSON object per row, keys in column order. A
// VARIANT column that is SQL NULL leaves its key out, so that it stays apart
// from the Variant null, which prints null (docs/design.md section 3);
// other columns print SQL NULL as null.
type jsonWriter struct {
	w     io.Writer
	keys  [][]byte
	types []string
	buf   []byte
}

func (j *jsonWriter) header(cols, types []string) error {
	j.types = types
	j.keys = make([][]byte, len(cols))
	for i, c := range cols {
		k, err := appendMarshal(nil, c)
		if err != nil {
			return err
		}
		j.keys[i] = k
	}
	return nil
}

func (j *jsonWriter) row(vals []any) error {
	b := append(j.buf[:0], '{')
	var err error
	for i, v := range vals {
		if v == nil && j.types[i] == "VARIANT" {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(append(b, j.keys[i]...), ':')
		if b, err = appendJSON(b, v, j.types[i]); err != nil {
			return fmt.Errorf("column %s: %w", j.keys[i], err)
		}
	}
	b = append(b, '}', '\n')
	j.buf = b
	_, err = j.w.Write(b)
	return err
}

func (j *jsonWriter) close() error { return nil }

func (j *jsonWriter) abort() error { return nil }
