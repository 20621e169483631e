package driver_test

import (
	"database/sql"
	"fmt"
	"log"
	"os"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// Example creates a table with a VARIANT column, inserts rows (a JSON text
// through parse_json and a Go map, both stored as Variants) and queries its
// plain columns with a filter the scan pushes down.
func Example() {
	dir, err := os.MkdirTemp("", "example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	if _, err := db.Exec(`CREATE TABLE events (id BIGINT NOT NULL, kind VARCHAR NOT NULL, amount DECIMAL(10,2), event VARIANT)`); err != nil {
		log.Fatal(err)
	}
	res, err := db.Exec(`INSERT INTO events VALUES (1, 'signup', NULL, parse_json(?)), (2, 'purchase', 12.50, ?), (3, 'purchase', 3, NULL)`,
		`{"plan": "free", "user": {"id": 7}}`,
		map[string]any{"items": []any{"book", "pen"}, "user": map[string]any{"id": 7}})
	if err != nil {
		log.Fatal(err)
	}
	n, _ := res.RowsAffected()
	fmt.Println("inserted", n)

	rows, err := db.Query(`SELECT id, kind, amount FROM events WHERE id >= ? ORDER BY id`, 2)
	if err != nil {
		log.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var kind string
		var amount sql.NullString // DECIMAL comes as exact text
		if err := rows.Scan(&id, &kind, &amount); err != nil {
			log.Fatal(err)
		}
		fmt.Println(id, kind, amount.String)
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}

	var total string
	if err := db.QueryRow(`SELECT SUM(amount) FROM events WHERE kind = 'purchase'`).Scan(&total); err != nil {
		log.Fatal(err)
	}
	fmt.Println("total", total)
	// Output:
	// inserted 3
	// 2 purchase 12.50
	// 3 purchase 3.00
	// total 15.50
}

// ExampleParseDSN reads the options of a DSN; options left out keep their
// defaults.
func ExampleParseDSN() {
	cfg, err := pvdriver.ParseDSN("/data/lake?shred=none&read_only=true&row_group_rows=50000")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(cfg.Root, cfg.Shred, cfg.ReadOnly, cfg.RowGroupRows, cfg.Compression, cfg.DataSkipping)
	fmt.Println(cfg.FormatDSN())

	_, err = pvdriver.ParseDSN("/data/lake?shred=some")
	fmt.Println(err)
	// Output:
	// /data/lake none true 50000 zstd true
	// /data/lake?shred=none&read_only=true&row_group_rows=50000
	// parquetvariant: invalid DSN: option shred="some": want auto or none
}

// Example_explain shows what a query pushes down to the scan and, with
// ANALYZE, what the scan read and skipped.
func Example_explain() {
	dir, err := os.MkdirTemp("", "example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := sql.Open("parquetvariant", dir+"?row_group_rows=100")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE t (id BIGINT NOT NULL, v VARIANT)`); err != nil {
		log.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		log.Fatal(err)
	}
	stmt, err := tx.Prepare(`INSERT INTO t VALUES (?, ?)`)
	if err != nil {
		log.Fatal(err)
	}
	for i := range 1000 {
		if _, err := stmt.Exec(i, map[string]any{"n": i}); err != nil {
			log.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		log.Fatal(err)
	}

	rows, err := db.Query(`EXPLAIN ANALYZE SELECT id FROM t WHERE id BETWEEN ? AND ?`, 250, 260)
	if err != nil {
		log.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var item, detail string
		if err := rows.Scan(&item, &detail); err != nil {
			log.Fatal(err)
		}
		switch item {
		case "pushed to scan", "row groups read", "row groups skipped", "rows returned":
			fmt.Printf("%s: %s\n", item, detail)
		}
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// pushed to scan: id BETWEEN ? AND ?
	// row groups read: 1
	// row groups skipped: 9
	// rows returned: 11
}
