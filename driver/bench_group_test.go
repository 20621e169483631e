package driver_test

import (
	"fmt"
	"strings"
	"testing"
)

// groupBenchRows is the number of rows, each its own group, of
// BenchmarkGroupByManyGroups.
const groupBenchRows = 200_000

// BenchmarkGroupByManyGroups groups a table whose rows all have distinct
// keys (a report by user over many users) and keeps the top 3 groups by a
// sum: the memory it allocates per group is in B/op divided by the rows.
func BenchmarkGroupByManyGroups(b *testing.B) {
	db := benchDB(b)
	const per = 1000
	var sb strings.Builder
	for start := 0; start < groupBenchRows; start += per {
		sb.Reset()
		sb.WriteString("INSERT INTO events VALUES ")
		for i := start; i < start+per; i++ {
			if i > start {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, `(%d, parse_json('{"user": "u%07d", "n": %d}'))`, i, i, i%7)
		}
		if _, err := db.Exec(sb.String()); err != nil {
			b.Fatal(err)
		}
	}
	const query = `SELECT variant_get(event, '$.user', 'string') AS u, COUNT(*) AS c,
		SUM(variant_get(event, '$.n', 'int')) AS s
		FROM events GROUP BY u ORDER BY s DESC, u LIMIT 3`
	m := newRowMeter(b)
	for b.Loop() {
		rs, err := db.Query(query)
		if err != nil {
			b.Fatal(err)
		}
		var got []string
		for rs.Next() {
			var u string
			var c, s int64
			if err := rs.Scan(&u, &c, &s); err != nil {
				b.Fatal(err)
			}
			got = append(got, fmt.Sprintf("%s %d %d", u, c, s))
		}
		if err := rs.Err(); err != nil {
			b.Fatal(err)
		}
		rs.Close()
		if want := []string{"u0000006 1 6", "u0000013 1 6", "u0000020 1 6"}; strings.Join(got, ",") != strings.Join(want, ",") {
			b.Fatalf("got %q, want %q", got, want)
		}
		m.done(groupBenchRows)
	}
	m.report()
}
