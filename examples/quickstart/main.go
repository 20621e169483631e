// Command quickstart creates a table with a VARIANT column in a temporary
// directory, inserts events, filters them with a condition the scan pushes
// down to the Parquet files, and scans Variants and typed values out of the
// rows.
//
//	go run ./examples/quickstart
package main

import (
	"database/sql"
	"fmt"
	"log"
	"os"

	_ "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

func main() {
	log.SetFlags(0)
	dir, err := os.MkdirTemp("", "quickstart-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	// The DSN is a directory; each sub-directory is a table.
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	if _, err := db.Exec(`CREATE TABLE events (id BIGINT NOT NULL, kind VARCHAR NOT NULL, event VARIANT)`); err != nil {
		log.Fatal(err)
	}

	// One transaction writes one Parquet file; the VARIANT column is shredded
	// by the fields the rows have in common.
	tx, err := db.Begin()
	if err != nil {
		log.Fatal(err)
	}
	stmt, err := tx.Prepare(`INSERT INTO events VALUES (?, ?, parse_json(?))`)
	if err != nil {
		log.Fatal(err)
	}
	docs := []struct {
		kind, json string
	}{
		{"signup", `{"user": {"id": 7, "name": "ann"}, "plan": "free"}`},
		{"purchase", `{"user": {"id": 7, "name": "ann"}, "total": 19.99, "items": ["book", "pen"]}`},
		{"login", `{"user": {"id": 9, "name": "bo"}}`},
		{"purchase", `{"user": {"id": 9, "name": "bo"}, "total": 5.00, "items": ["mug"]}`},
	}
	for i, d := range docs {
		if _, err := stmt.Exec(i+1, d.kind, d.json); err != nil {
			log.Fatal(err)
		}
	}
	// Go values become Variants too: maps, slices and variant.Variant.
	if _, err := tx.Exec(`INSERT INTO events VALUES (?, ?, ?)`, 5, "logout",
		map[string]any{"user": map[string]any{"id": 7, "name": "ann"}}); err != nil {
		log.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		log.Fatal(err)
	}

	var n int64
	if err := db.QueryRow(`SELECT COUNT(*) FROM events`).Scan(&n); err != nil {
		log.Fatal(err)
	}
	fmt.Println("events:", n)

	// kind = ? is pushed down to the scan: row groups whose statistics rule
	// it out are skipped. EXPLAIN ANALYZE shows what was pushed and read.
	rows, err := db.Query(`EXPLAIN ANALYZE SELECT id FROM events WHERE kind = ? AND id > 1`, "purchase")
	if err != nil {
		log.Fatal(err)
	}
	for rows.Next() {
		var item, detail string
		if err := rows.Scan(&item, &detail); err != nil {
			log.Fatal(err)
		}
		switch item {
		case "pushed to scan", "rows scanned", "rows returned":
			fmt.Printf("%s: %s\n", item, detail)
		}
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}

	// A VARIANT column scans into a variant.Variant; paths and typed
	// accessors read it without decoding the rest.
	rows, err = db.Query(`SELECT id, event FROM events WHERE kind = ? ORDER BY id`, "purchase")
	if err != nil {
		log.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var ev variant.Variant
		if err := rows.Scan(&id, &ev); err != nil {
			log.Fatal(err)
		}
		name, _, err := ev.Get(variant.MustParsePath("$.user.name"))
		if err != nil {
			log.Fatal(err)
		}
		s, err := name.Str()
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("purchase %d by %s: %s\n", id, s, ev)
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}

	// variant_get extracts a path as a SQL type: here BIGINT and DECIMAL.
	rows, err = db.Query(`SELECT variant_get(event, '$.user.id', 'bigint') AS user_id,
		SUM(variant_get(event, '$.total', 'decimal(10,2)')) AS spent
		FROM events GROUP BY user_id ORDER BY user_id`)
	if err != nil {
		log.Fatal(err)
	}
	for rows.Next() {
		var user int64
		var spent sql.NullString
		if err := rows.Scan(&user, &spent); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("user %d spent %s\n", user, spent.String)
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}
}
