package driver_test

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/parquetvariant/parquetvariant/driver"
)

// BenchmarkKeptOutputs runs ORDER BY ... LIMIT queries whose outputs can
// fail (arithmetic) on fixed-width columns, over a table p (id, k, x
// BIGINT) of 200,000 rows in 4 files, in two passes (the keys over every
// row, then the outputs' columns of the kept rows) and in one scan (the
// outputs' inputs kept with each row, the outputs evaluated after the
// sort). rows/s and cpu-ns/row count the table's rows.
func BenchmarkKeptOutputs(b *testing.B) {
	defer driver.SetScribble(driver.SetScribble(false))
	dir := b.TempDir()
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE p (id BIGINT, k BIGINT, x BIGINT)"); err != nil {
		b.Fatal(err)
	}
	const rows = 200_000
	for f := range 4 {
		var sb strings.Builder
		sb.WriteString("INSERT INTO p VALUES ")
		for i := f * rows / 4; i < (f+1)*rows/4; i++ {
			if i > f*rows/4 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "(%d, %d, %d)", i, (i*7919)%rows, i%1000)
		}
		if _, err := db.Exec(sb.String()); err != nil {
			b.Fatal(err)
		}
	}
	for _, q := range []struct {
		name, sql string
		want      int
	}{
		{"x2-limit-100000", "SELECT id, k, x * 2 FROM p ORDER BY k LIMIT 100000", 100_000},
		{"id-plus-1-limit-5", "SELECT id, id + 1 FROM p ORDER BY id LIMIT 5", 5},
	} {
		for _, plan := range []struct {
			name string
			kept bool
		}{{"two-pass", false}, {"one-scan", true}} {
			b.Run(q.name+"/"+plan.name, func(b *testing.B) {
				defer driver.SetKeptOutputs(driver.SetKeptOutputs(plan.kept))
				m := newRowMeter(b)
				for b.Loop() {
					if n := countRows(b, db, q.sql); n != q.want {
						b.Fatalf("got %d rows, want %d", n, q.want)
					}
					m.done(rows)
				}
				m.report()
			})
		}
	}
}

// countRows runs query and counts the rows it returns, scanning each.
func countRows(b *testing.B, db *sql.DB, query string) int {
	rs, err := db.Query(query)
	if err != nil {
		b.Fatal(err)
	}
	defer rs.Close()
	cols, err := rs.Columns()
	if err != nil {
		b.Fatal(err)
	}
	dest := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range dest {
		ptrs[i] = &dest[i]
	}
	n := 0
	for rs.Next() {
		if err := rs.Scan(ptrs...); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if err := rs.Err(); err != nil {
		b.Fatal(err)
	}
	return n
}
