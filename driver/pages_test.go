package driver_test

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

// dataPage is a data page of a written file: its rows, its size before
// compression and the encoding of its values.
type dataPage struct {
	rows, size int
	enc        format.Encoding
}

// filePages returns the data pages of each leaf column of row group 0 of
// the newest file of a table, by leaf path, from the offset index and the
// page headers.
func filePages(t *testing.T, dir, table string) map[string][]dataPage {
	t.Helper()
	names := visible(tableFiles(t, dir, table))
	data, err := os.ReadFile(filepath.Join(dir, table, names[len(names)-1]))
	require.NoError(t, err)
	f, err := parquet.OpenFile(strings.NewReader(string(data)), int64(len(data)))
	require.NoError(t, err)
	total := f.Metadata().RowGroups[0].NumRows
	out := map[string][]dataPage{}
	for i, leaf := range f.Schema().Columns() {
		locs := f.OffsetIndexes()[i].PageLocations
		for k, loc := range locs {
			end := total
			if k+1 < len(locs) {
				end = locs[k+1].FirstRowIndex
			}
			var h format.PageHeader
			r := new(thrift.CompactProtocol).NewReaderFromBytes(data[loc.Offset : loc.Offset+int64(loc.CompressedPageSize)])
			require.NoError(t, thrift.NewDecoder(r).Decode(&h))
			key := strings.Join(leaf, ".")
			enc := h.DataPageHeader.V.Encoding
			if h.DataPageHeaderV2.Valid {
				enc = h.DataPageHeaderV2.V.Encoding
			}
			out[key] = append(out[key], dataPage{rows: int(end - loc.FirstRowIndex), size: int(h.UncompressedPageSize), enc: enc})
		}
	}
	return out
}

// TestWrittenPagesBounded: every column of a written row group, plain or a
// shredded Variant leaf, is in data pages of at most 1 MiB (a few bytes
// more for the headers of the level sections), unless the page holds a
// single row, and the rows read back.
func TestWrittenPagesBounded(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, s VARCHAR, b BINARY, v VARIANT)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	st, err := tx.Prepare("INSERT INTO t VALUES (?, ?, ?, ?)")
	require.NoError(t, err)
	text := func(i, n int) string { return fmt.Sprintf("%06d", i) + strings.Repeat("x", n-6) }
	for i := 0; i < 2000; i++ {
		s := text(i, 2500)
		_, err = st.Exec(i, s, []byte(s), variant.MustOf(map[string]any{"p": s, "i": i}))
		require.NoError(t, err)
	}
	big := text(2000, 3<<20)
	_, err = st.Exec(2000, big, []byte(big), variant.MustOf(map[string]any{"p": big, "i": 2000}))
	require.NoError(t, err)
	require.NoError(t, tx.Commit())

	pages := filePages(t, dir, "t")
	require.Contains(t, pages, "v.typed_value.p.typed_value", "the long string field is shredded")
	for leaf, ps := range pages {
		rows := 0
		for k, p := range ps {
			rows += p.rows
			if p.rows > 1 {
				require.LessOrEqual(t, p.size, 1<<20+16, "column %s page %d", leaf, k)
			}
			require.LessOrEqual(t, p.rows, 20000, "column %s page %d", leaf, k)
		}
		require.Equal(t, 2001, rows, leaf)
	}
	for _, leaf := range []string{"s", "b", "v.typed_value.p.typed_value"} {
		ps := pages[leaf]
		require.GreaterOrEqual(t, len(ps), 6, "5 MB of values and a 3 MiB one in column %s", leaf)
		last := ps[len(ps)-1]
		require.Equal(t, 1, last.rows, leaf)
		require.Greater(t, last.size, 3<<20, leaf)
	}

	var s string
	require.NoError(t, db.QueryRow("SELECT s FROM t WHERE id = 1234").Scan(&s))
	require.Equal(t, text(1234, 2500), s)
	require.NoError(t, db.QueryRow("SELECT variant_get(v, '$.p', 'string') FROM t WHERE id = 2000").Scan(&s))
	require.Equal(t, big, s)
	var b []byte
	require.NoError(t, db.QueryRow("SELECT b FROM t WHERE id = 1999").Scan(&b))
	require.Equal(t, text(1999, 2500), string(b))
}

// TestPageSkippingPlainColumn: a selective filter on a plain column skips
// the pages of the row group that hold no match, in the filtered column
// and in the others (pages of 20,000 rows).
func TestPageSkippingPlainColumn(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, k VARCHAR)")
	require.NoError(t, err)
	insertRowsTx(t, db, "INSERT INTO t VALUES (?, ?)", 60000, func(i int) []any { return []any{i, fmt.Sprintf("k%d", i%100)} })

	plan := explain(t, db, "EXPLAIN ANALYZE SELECT id, k FROM t WHERE id = 25005")
	require.Equal(t, "1", plan["row groups read"])
	require.Equal(t, "2", plan["pages read"])
	require.Equal(t, "4", plan["pages skipped"])
	require.Equal(t, "20000", plan["rows scanned"])
	require.Equal(t, "1", plan["rows returned"])
	var k string
	require.NoError(t, db.QueryRow("SELECT k FROM t WHERE id = 25005").Scan(&k))
	require.Equal(t, "k5", k)
}

// TestValueTooLarge: a value of more than 252 MiB, which no page that
// readers accept could hold, is refused at INSERT with an error naming the
// column and the limit; the table keeps its rows and takes new ones.
func TestValueTooLarge(t *testing.T) {
	if raceEnabled {
		t.Skip("values of 252 MiB take seconds under the race detector")
	}
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, s VARCHAR, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t VALUES (1, 'a', NULL)")
	require.NoError(t, err)
	big := strings.Repeat("x", 252<<20+1)

	_, err = db.Exec("INSERT INTO t VALUES (2, ?, NULL)", big)
	require.ErrorIs(t, err, pvdriver.ErrTooLarge)
	require.EqualError(t, err, "parquetvariant: column s: a value of 264241153 bytes, more than the 264241152 (252 MiB) a value may take: too large for a Parquet page")

	// A Variant string: 5 bytes of header, and 3 of metadata.
	_, err = db.Exec("INSERT INTO t VALUES (3, 'b', ?)", big[:252<<20-7])
	require.ErrorIs(t, err, pvdriver.ErrTooLarge)
	require.EqualError(t, err, "parquetvariant: column v: a value of 264241153 bytes, more than the 264241152 (252 MiB) a value may take: too large for a Parquet page")

	_, err = db.Exec("INSERT INTO t VALUES (4, 'c', NULL)")
	require.NoError(t, err)
	var ids []int64
	rows, err := db.Query("SELECT id FROM t ORDER BY id")
	require.NoError(t, err)
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []int64{1, 4}, ids)
}

// TestColumnPastReaderPageLimit: rows whose values in one column total more
// than a reader takes in one page (256 MiB) are written in pages and row
// groups it reads.
func TestColumnPastReaderPageLimit(t *testing.T) {
	if raceEnabled {
		t.Skip("260 MiB of values take half a minute under the race detector")
	}
	dir := t.TempDir()
	db := openDB(t, dir+"?compression=none")
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, s VARCHAR)")
	require.NoError(t, err)
	s := strings.Repeat("y", 4<<20)
	insertRowsTx(t, db, "INSERT INTO t VALUES (?, ?)", 65, func(i int) []any { return []any{i, s} }) // 260 MiB
	var n, total int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*), SUM(id) FROM t WHERE s IS NOT NULL").Scan(&n, &total))
	require.Equal(t, int64(65), n)
	require.Equal(t, int64(64*65/2), total)
}

// TestMetadataDictionaryFallsBack: Variants whose metadata differ row by
// row (too many keys for one shared dictionary) fill the metadata
// column's dictionary past 1 MiB; the rest of the row group is written in
// plain pages, which read back the same.
func TestMetadataDictionaryFallsBack(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?shred=none")
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, v VARIANT)")
	require.NoError(t, err)
	const rows = 6000
	doc := func(i int) map[string]any {
		return map[string]any{fmt.Sprintf("a%05d", i) + strings.Repeat("k", 400): i, fmt.Sprintf("b%05d", i): "x"}
	}
	insertRowsTx(t, db, "INSERT INTO t VALUES (?, ?)", rows, func(i int) []any { return []any{i, variant.MustOf(doc(i))} })

	// The first pages look their values up in the dictionary, the last
	// ones hold them.
	pages := filePages(t, dir, "t")["v.metadata"]
	require.GreaterOrEqual(t, len(pages), 2)
	require.Equal(t, format.RLEDictionary, pages[0].enc)
	require.Equal(t, format.Plain, pages[len(pages)-1].enc)

	got, err := db.Query("SELECT id, v FROM t ORDER BY id")
	require.NoError(t, err)
	n := 0
	for got.Next() {
		var id int64
		var v variant.Variant
		require.NoError(t, got.Scan(&id, &v))
		require.Equal(t, variant.MustOf(doc(int(id))).String(), v.String())
		n++
	}
	require.NoError(t, got.Err())
	require.Equal(t, rows, n)
}

// insertRowsTx runs the prepared INSERT query n times in one transaction,
// with args(i) the arguments of the i-th, and commits.
func insertRowsTx(t *testing.T, db *sql.DB, query string, n int, args func(i int) []any) {
	t.Helper()
	tx, err := db.Begin()
	require.NoError(t, err)
	st, err := tx.Prepare(query)
	require.NoError(t, err)
	for i := range n {
		_, err := st.Exec(args(i)...)
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
}
