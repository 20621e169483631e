package driver_test

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/parquetvariant/parquetvariant/internal/scanhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wideEventsDB creates table ev of 1,200 JSON events with about a hundred
// shredded leaves (six objects of eight fields and a tag array) in row
// groups of 300 rows.
func wideEventsDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("parquetvariant", t.TempDir()+"?row_group_rows=300")
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	_, err = db.Exec("CREATE TABLE ev (v VARIANT)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	st, err := tx.Prepare("INSERT INTO ev (v) VALUES (parse_json(?))")
	require.NoError(t, err)
	for n := range 1200 {
		var b strings.Builder
		b.WriteString("{")
		for g := range 6 {
			fmt.Fprintf(&b, `"g%d":{`, g)
			for f := range 8 {
				if f%2 == 1 {
					fmt.Fprintf(&b, `"f%d":"s%d",`, f, (n+f)%97)
				} else {
					fmt.Fprintf(&b, `"f%d":%d,`, f, n*(g+1)+f)
				}
			}
			fmt.Fprintf(&b, `"x":%d},`, n%5)
		}
		fmt.Fprintf(&b, `"tags":["a%d","b%d"]}`, n%7, n%11)
		_, err := st.Exec(b.String())
		require.NoError(t, err)
	}
	require.NoError(t, st.Close())
	require.NoError(t, tx.Commit())
	return db
}

// queryPages runs query to its last row with a context cancelled once the
// scans have read cancelAt pages (never when cancelAt is 0), and returns
// the pages read in all, those asked for after the cancel, the rows and
// the query's error.
func queryPages(t *testing.T, db *sql.DB, query string, cancelAt int64) (pages, after, rows int64, err error) {
	t.Helper()
	ctx, cancel, count := scanhook.CancelAt(context.Background(), cancelAt)
	defer cancel()
	rs, err := db.QueryContext(ctx, query)
	if err != nil {
		return count.Read(), count.Late(), 0, err
	}
	for rs.Next() {
		rows++
	}
	err = rs.Err()
	require.NoError(t, rs.Close())
	return count.Read(), count.Late(), rows, err
}

// A query cancelled while its scan reads pages stops within a page of each
// of the scan's workers and returns the context's error, for a whole
// Variant, a filter, an aggregate and an ORDER BY ... LIMIT (whose second
// pass reads the kept rows' Variants).
func TestCancelStopsQueryBetweenPages(t *testing.T) {
	db := wideEventsDB(t)
	sum := make([]string, 6)
	for g := range sum {
		sum[g] = fmt.Sprintf("sum(variant_get(v, '$.g%d.f0', 'bigint'))", g)
	}
	workers := int64(runtime.GOMAXPROCS(0))
	for _, tc := range []struct {
		name, query string
		rows        int64
	}{
		{"whole Variant", "SELECT v FROM ev", 1200},
		{"filtered", "SELECT v FROM ev WHERE variant_get(v, '$.g3.x', 'bigint') <> 7", 1200},
		{"aggregate", "SELECT variant_get(v, '$.g0.x', 'bigint') AS k, count(*), " + strings.Join(sum, ", ") + " FROM ev GROUP BY k", 5},
		{"ORDER BY LIMIT", "SELECT v FROM ev ORDER BY variant_get(v, '$.g0.f0', 'bigint') DESC LIMIT 3", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			total, _, rows, err := queryPages(t, db, tc.query, 0)
			require.NoError(t, err)
			require.Equal(t, tc.rows, rows)
			require.Greater(t, total, int64(20), "pages of the query")
			for _, at := range []int64{1, total / 2, total - 10} {
				_, after, _, err := queryPages(t, db, tc.query, at)
				require.ErrorIs(t, err, context.Canceled, "cancelled at page %d", at)
				assert.LessOrEqual(t, after, 2*workers, "pages asked for after the cancel at page %d of %d (pages asked for while the cancel was made: two per worker at most)", at, total)
			}
		})
	}
}
