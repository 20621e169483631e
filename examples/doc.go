// Package examples holds runnable programs that show the parquetvariant
// driver at work, each in its own directory and each started with go run
// from the repository root:
//
//	go run ./examples/quickstart   create a table, insert, filter, scan Variants
//	go run ./examples/sqlx         struct mapping with github.com/jmoiron/sqlx
//	go run ./examples/report       GROUP BY over a Variant path, written as CSV
//	go run ./examples/service      an HTTP service sharing one *sql.DB
//
// Each works in a fresh temporary directory and removes it at the end; the
// tests in this package run them and compare their output.
package examples
