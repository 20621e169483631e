package scan

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/internal/scanhook"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wideGroups and wideFields shape the events of wideTable: objects g0..
// of fields f0.. each, shredded, so that a whole Variant reads about a
// hundred leaf columns.
const wideGroups, wideFields = 6, 8

// wideTable writes table t of events with many shredded leaves (nested
// objects, an array) in two row groups of small pages, and opens it.
func wideTable(t *testing.T) *Table {
	t.Helper()
	var groups []shred.Field
	for g := range wideGroups {
		var fields []shred.Field
		for f := range wideFields {
			id := shred.TypeInt64
			if f%2 == 1 {
				id = shred.TypeString
			}
			fields = append(fields, shred.Field{Name: fmt.Sprintf("f%d", f), Schema: shred.Typed(id)})
		}
		groups = append(groups, shred.Field{Name: fmt.Sprintf("g%d", g), Schema: shred.Object(fields...)})
	}
	groups = append(groups, shred.Field{Name: "tags", Schema: shred.Array(shred.Typed(shred.TypeString))})
	s := shred.Object(groups...)
	var rgs [][]vrow
	for rg := range 2 {
		var rows []vrow
		for i := range 600 {
			n := rg*600 + i
			var b strings.Builder
			b.WriteString("{")
			for g := range wideGroups {
				fmt.Fprintf(&b, `"g%d":{`, g)
				for f := range wideFields {
					if f%2 == 1 {
						fmt.Fprintf(&b, `"f%d":"s%d",`, f, (n+f)%97)
					} else {
						fmt.Fprintf(&b, `"f%d":%d,`, f, n*(g+1)+f)
					}
				}
				fmt.Fprintf(&b, `"x":%d},`, n%5)
			}
			fmt.Fprintf(&b, `"tags":["a%d","b%d"]}`, n%7, n%11)
			rows = append(rows, vrow{int64(n), b.String()})
		}
		rgs = append(rgs, rows)
	}
	dir := t.TempDir()
	writeVariantPages(t, filepath.Join(dir, "t", "part-0.parquet"), s, rgs, 50, nil)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	return tb
}

// scanPages runs q over tb to the end with a context cancelled once the
// scan's workers have read cancelAt pages (never when cancelAt is 0). It
// returns the pages read in all, those the workers were about to read
// after the cancel, the rows returned and the scan's error.
func scanPages(t *testing.T, tb *Table, q Query, cancelAt int64) (pages, after, rows int64, err error) {
	t.Helper()
	ctx, cancel, count := scanhook.CancelAt(context.Background(), cancelAt)
	defer cancel()
	r, err := tb.Scan(ctx, q)
	require.NoError(t, err)
	for r.Next() {
		rows++
	}
	err = r.Err()
	r.Close() // waits for the workers
	return count.Read(), count.Late(), rows, err
}

// A scan cancelled while its workers read the pages of a row group stops
// within a page of each worker, instead of decoding the rest of its row
// group's leaves, and the scan ends with the context's error. A worker may
// ask for a page while the cancel is being made; lateBound leaves room for
// two such per worker.
func lateBound(workers int) int64 { return 2 * int64(workers) }

// requireCancelStops scans q over tb (rows rows, more than 40 pages) to
// the end, then cancelled at its first page, a third of its pages and 20
// pages before its end: each cancelled scan ends with context.Canceled,
// fewer rows and at most lateBound pages asked for after the cancel.
func requireCancelStops(t *testing.T, tb *Table, q Query, rows int64) {
	t.Helper()
	total, _, got, err := scanPages(t, tb, q, 0)
	require.NoError(t, err)
	require.Equal(t, rows, got)
	require.Greater(t, total, int64(40), "pages of the table")
	for _, at := range []int64{1, total / 3, total - 20} {
		_, after, got, err := scanPages(t, tb, q, at)
		require.ErrorIs(t, err, context.Canceled, "cancelled at page %d", at)
		assert.LessOrEqual(t, after, lateBound(q.Workers), "pages asked for after the cancel at page %d of %d, workers=%d", at, total, q.Workers)
		assert.Less(t, got, rows, "rows returned, cancelled at page %d", at)
	}
}

// TestCancelStopsBetweenPages: see lateBound.
func TestCancelStopsBetweenPages(t *testing.T) {
	tb := wideTable(t)
	g2, err := Path("v", "$.g2.f0", "bigint")
	require.NoError(t, err)
	g3, err := Path("v", "$.g3.x", "bigint")
	require.NoError(t, err)
	var paths []Ref
	for g := range wideGroups {
		for f := range wideFields {
			p, err := Path("v", fmt.Sprintf("$.g%d.f%d", g, f), "")
			require.NoError(t, err)
			paths = append(paths, p)
		}
	}
	for _, tc := range []struct {
		name string
		q    Query
	}{
		{"whole Variant", Query{Columns: []Ref{Col("v")}}},
		{"filtered", Query{Columns: []Ref{Col("v")}, Where: Compare{Ref: g3, Op: Ne, Value: 7}}},
		{"typed path", Query{Columns: []Ref{g2}, Where: Compare{Ref: g3, Op: Ge, Value: 0}}},
		{"many paths", Query{Columns: paths}},
	} {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/workers=%d", tc.name, workers), func(t *testing.T) {
				q := tc.q
				q.Workers = workers
				requireCancelStops(t, tb, q, 1200)
			})
		}
	}
}

// The same holds for nested (LIST, STRUCT) columns, whose row groups are
// read leaf by leaf before their first row.
func TestCancelStopsNestedBetweenPages(t *testing.T) {
	var groups [][]addressBook
	for g := range 2 {
		var rows []addressBook
		for i := range 1000 {
			n := g*1000 + i
			rows = append(rows, addressBook{Owner: fmt.Sprintf("owner %d", n), OwnerPhoneNumbers: []string{fmt.Sprintf("555 %04d", n)},
				Contacts: []contact{{Name: fmt.Sprintf("c%d", n), PhoneNumber: ptr("555")}, {Name: "x"}}})
		}
		groups = append(groups, rows)
	}
	dir := t.TempDir()
	writeRowGroups(t, filepath.Join(dir, "t", "a.parquet"), groups, parquet.PageBufferSize(256))
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	for _, workers := range []int{1, 2} {
		q := Query{Columns: []Ref{Col("owner"), Col("ownerPhoneNumbers"), Col("contacts")}, Workers: workers}
		requireCancelStops(t, tb, q, 2000)
	}
}
