// Command report is a reporting script: it aggregates page views by a field
// inside a VARIANT column (GROUP BY over a Variant path) and writes the
// result as CSV on standard output.
//
//	go run ./examples/report
//
// It fills a temporary directory with a few events first; point the DSN at
// your own directory to report on real data.
package main

import (
	"database/sql"
	"encoding/csv"
	"log"
	"os"

	_ "github.com/parquetvariant/parquetvariant/driver"
)

// report is the query: views, total and longest duration per device OS.
const report = `SELECT variant_get(payload, '$.device.os', 'string') AS os,
	COUNT(*) AS views,
	SUM(variant_get(payload, '$.duration_ms', 'bigint')) AS total_ms,
	MAX(variant_get(payload, '$.duration_ms', 'bigint')) AS longest_ms,
	AVG(variant_get(payload, '$.duration_ms', 'double')) AS avg_ms
FROM events
WHERE kind = 'page_view'
GROUP BY os
ORDER BY views DESC, os`

func main() {
	log.SetFlags(0)
	dir, err := os.MkdirTemp("", "report-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	if err := fill(db); err != nil {
		log.Fatal(err)
	}

	rows, err := db.Query(report)
	if err != nil {
		log.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		log.Fatal(err)
	}
	w := csv.NewWriter(os.Stdout)
	if err := w.Write(cols); err != nil {
		log.Fatal(err)
	}
	// Every column scans into a sql.NullString: numbers as their text, NULL
	// as an empty field.
	vals := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	record := make([]string, len(cols))
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			log.Fatal(err)
		}
		for i, v := range vals {
			record[i] = v.String
		}
		if err := w.Write(record); err != nil {
			log.Fatal(err)
		}
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		log.Fatal(err)
	}
}

// fill creates the events table and inserts a few page views and one
// signup in one transaction.
func fill(db *sql.DB) error {
	if _, err := db.Exec(`CREATE TABLE events (id BIGINT NOT NULL, kind VARCHAR NOT NULL, payload VARIANT)`); err != nil {
		return err
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.Prepare(`INSERT INTO events VALUES (?, ?, parse_json(?))`)
	if err != nil {
		return err
	}
	for i, e := range [][2]string{
		{"page_view", `{"page": "/", "duration_ms": 1200, "device": {"os": "ios"}}`},
		{"page_view", `{"page": "/docs", "duration_ms": 5400, "device": {"os": "linux"}}`},
		{"page_view", `{"page": "/pricing", "duration_ms": 800, "device": {"os": "ios"}}`},
		{"signup", `{"plan": "free", "device": {"os": "ios"}}`},
		{"page_view", `{"page": "/docs", "duration_ms": 3000, "device": {"os": "android"}}`},
		{"page_view", `{"page": "/", "duration_ms": 2500, "device": {"os": "ios"}}`},
		{"page_view", `{"page": "/blog", "device": {"os": "linux"}}`},
	} {
		if _, err := stmt.Exec(i+1, e[0], e[1]); err != nil {
			return err
		}
	}
	return tx.Commit()
}
