package driver

import (
	"context"
	"database/sql"
	sqldriver "database/sql/driver"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// scanIterTable creates table t in a new database: id BIGINT, name VARCHAR,
// data BINARY, v VARIANT, written by two INSERTs (two files), with SQL NULLs
// in every column but id and a Variant null.
func scanIterTable(t *testing.T) (*sql.DB, *Connector) {
	t.Helper()
	cfg := NewConfig()
	cfg.Root = t.TempDir()
	c, err := NewConnector(cfg)
	require.NoError(t, err)
	db := sql.OpenDB(c)
	t.Cleanup(func() { db.Close() })
	_, err = db.Exec("CREATE TABLE t (id BIGINT, name VARCHAR, data BINARY, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO t VALUES
		(1, 'one', ?, parse_json('{"a":[1,2],"b":"x"}')),
		(2, NULL, NULL, NULL),
		(3, 'three', ?, parse_json('null'))`, []byte{1, 2}, []byte{})
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO t VALUES
		(4, 'four', ?, parse_json('[4,{"c":4.5}]')),
		(5, 'five', ?, parse_json('"a string longer than a short string may be, which is 63 bytes"'))`,
		[]byte{4}, []byte{5, 5})
	require.NoError(t, err)
	return db, c
}

// iterOf runs query on a connection of c and returns the iterator its rows
// read from.
func iterOf(t *testing.T, c *Connector, query string) resultIter {
	t.Helper()
	cn, err := c.Connect(context.Background())
	require.NoError(t, err)
	defer cn.Close()
	rs, err := cn.(sqldriver.QueryerContext).QueryContext(context.Background(), query, nil)
	require.NoError(t, err)
	defer rs.Close()
	return rs.(*rows).it
}

// readAll returns the rows of query as text, one string per row.
func readAll(t *testing.T, db *sql.DB, query string) []string {
	t.Helper()
	rs, err := db.Query(query)
	require.NoError(t, err)
	defer rs.Close()
	var out []string
	for rs.Next() {
		var id int64
		var name sql.NullString
		var data []byte
		var v sql.Null[variant.Variant]
		require.NoError(t, rs.Scan(&id, &name, &data, &v))
		text := "NULL"
		if v.Valid {
			text = v.V.String()
		}
		out = append(out, fmt.Sprintf("%d|%v|%x|%v|%s", id, name, data, data == nil, text))
	}
	require.NoError(t, rs.Err())
	return out
}

// TestScanIterMatchesGeneralPath: a query of plain columns with no filter
// left to evaluate streams from the scan (scanIter, Variants not copied)
// and gives the same rows, NULLs and empty BINARY included, as the same
// query through the general path (a WHERE the evaluator decides), with the
// scribble check on and off.
func TestScanIterMatchesGeneralPath(t *testing.T) {
	db, c := scanIterTable(t)
	const direct = "SELECT id, name, data, v FROM t"
	const general = "SELECT id, name, data, v FROM t WHERE id + 0 > 0"
	require.IsType(t, &scanIter{}, iterOf(t, c, direct))
	require.IsType(t, &projectIter{}, iterOf(t, c, general))
	require.IsType(t, &scanIter{}, iterOf(t, c, "SELECT id, name, data, v FROM t WHERE id > 2"), "an exactly pushed filter leaves nothing to evaluate")
	require.IsType(t, &limitIter{}, iterOf(t, c, direct+" LIMIT 2"))
	want := []string{
		`1|{one true}|0102|false|{"a":[1,2],"b":"x"}`,
		`2|{ false}||true|NULL`,
		`3|{three true}||false|null`,
		`4|{four true}|04|false|[4,{"c":4.5}]`,
		`5|{five true}|0505|false|"a string longer than a short string may be, which is 63 bytes"`,
	}
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprintf("scribble=%t", on), func(t *testing.T) {
			defer SetScribble(SetScribble(on))
			require.ElementsMatch(t, want, readAll(t, db, direct))
			require.ElementsMatch(t, want, readAll(t, db, general))
			require.ElementsMatch(t, want[2:], readAll(t, db, "SELECT id, name, data, v FROM t WHERE id > 2"))
			// Columns in another order, and one twice.
			const reordered = "SELECT v, data, id, v AS w, name FROM t"
			require.IsType(t, &scanIter{}, iterOf(t, c, reordered))
			require.ElementsMatch(t, anyRows(t, db, reordered+" WHERE id + 0 > 0"), anyRows(t, db, reordered))
			require.Len(t, anyRows(t, db, reordered), 5)
		})
	}
}

// TestScanIterLastRowOutlivesRows: without the scribble check, the Variant
// of the last row scanned into *any is the scan's view, and it stays intact
// after the rows end and other scans of the same table run.
func TestScanIterLastRowOutlivesRows(t *testing.T) {
	defer SetScribble(SetScribble(false))
	db, _ := scanIterTable(t)
	rs, err := db.Query("SELECT v FROM t WHERE id >= 4")
	require.NoError(t, err)
	var last any
	seen := map[string]bool{}
	for rs.Next() {
		require.NoError(t, rs.Scan(&last))
		seen[last.(variant.Variant).String()] = true
	}
	require.NoError(t, rs.Err())
	require.Equal(t, map[string]bool{`[4,{"c":4.5}]`: true, `"a string longer than a short string may be, which is 63 bytes"`: true}, seen)
	kept := last.(variant.Variant).String()
	for range 3 {
		require.Len(t, readAll(t, db, "SELECT id, name, data, v FROM t"), 5)
	}
	require.Equal(t, kept, last.(variant.Variant).String())
	require.NoError(t, last.(variant.Variant).Validate())
}

// TestScanIterManyBatchesOwnMetadata: without the scribble check, rows of
// several scan batches and files whose Variants each have their own
// metadata come through scanIter exactly, read before the next Next.
func TestScanIterManyBatchesOwnMetadata(t *testing.T) {
	defer SetScribble(SetScribble(false))
	db, c := scanIterTable(t)
	const n = 10000
	for part := range 2 {
		tx, err := db.Begin()
		require.NoError(t, err)
		stmt, err := tx.Prepare("INSERT INTO t (id, v) VALUES (?, parse_json(?))")
		require.NoError(t, err)
		for i := part * n / 2; i < (part+1)*n/2; i++ {
			_, err = stmt.Exec(100+i, fmt.Sprintf(`{"k%d":%d,"s":"row %d"}`, i, i, i))
			require.NoError(t, err)
		}
		require.NoError(t, tx.Commit())
	}
	query := "SELECT id, v FROM t WHERE id >= 100"
	require.IsType(t, &scanIter{}, iterOf(t, c, query))
	rs, err := db.Query(query)
	require.NoError(t, err)
	defer rs.Close()
	seen := 0
	for rs.Next() {
		var id int64
		var v any
		require.NoError(t, rs.Scan(&id, &v))
		i := id - 100
		require.Equal(t, fmt.Sprintf(`{"k%d":%d,"s":"row %d"}`, i, i, i), v.(variant.Variant).String())
		seen++
	}
	require.NoError(t, rs.Err())
	require.Equal(t, n, seen)
}

// anyRows returns the rows of query, each value scanned into *any, as text.
func anyRows(t *testing.T, db *sql.DB, query string) []string {
	t.Helper()
	rs, err := db.Query(query)
	require.NoError(t, err)
	defer rs.Close()
	cols, err := rs.Columns()
	require.NoError(t, err)
	var out []string
	for rs.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		require.NoError(t, rs.Scan(ptrs...))
		out = append(out, fmt.Sprintf("%v", vals))
	}
	require.NoError(t, rs.Err())
	return out
}

// TestWideVariantRows: a row of more Variant columns than a ring of boxes
// holds by default gives every column its own value, from the scan
// (scanIter) and from the evaluator, with the scribble check on and off.
func TestWideVariantRows(t *testing.T) {
	db, c := scanIterTable(t)
	const width = slabLen + 10
	cols := make([]string, width)
	exprs := make([]string, width)
	for i := range width {
		cols[i] = fmt.Sprintf("v AS c%d", i)
		exprs[i] = fmt.Sprintf("parse_json('[%d]')", i)
	}
	direct := "SELECT " + strings.Join(cols, ", ") + " FROM t WHERE id = 4"
	require.IsType(t, &scanIter{}, iterOf(t, c, direct))
	computed := "SELECT " + strings.Join(exprs, ", ") + " FROM t WHERE id = 4"
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprintf("scribble=%t", on), func(t *testing.T) {
			defer SetScribble(SetScribble(on))
			for q, want := range map[string]func(i int) string{
				direct:   func(int) string { return `[4,{"c":4.5}]` },
				computed: func(i int) string { return fmt.Sprintf("[%d]", i) },
			} {
				rs, err := db.Query(q)
				require.NoError(t, err)
				require.True(t, rs.Next())
				got := make([]any, width)
				ptrs := make([]any, width)
				for i := range got {
					ptrs[i] = &got[i]
				}
				require.NoError(t, rs.Scan(ptrs...))
				for i, g := range got {
					require.Equal(t, want(i), g.(variant.Variant).String(), "column %d", i)
				}
				require.False(t, rs.Next())
				require.NoError(t, rs.Close())
			}
		})
	}
}

// TestScribbledVariantBoxes: with the scribble check, a Variant scanned into
// *any holds no value once the next row is read, from the scan and from
// the evaluator alike, so that no test can depend on it.
func TestScribbledVariantBoxes(t *testing.T) {
	defer SetScribble(SetScribble(true))
	db, _ := scanIterTable(t)
	for _, q := range []string{
		"SELECT v FROM t WHERE id IN (1, 4)",
		"SELECT parse_json(to_json(v)) FROM t WHERE id IN (1, 4)",
	} {
		rs, err := db.Query(q)
		require.NoError(t, err)
		var first, second any
		require.True(t, rs.Next())
		require.NoError(t, rs.Scan(&first))
		require.NotEmpty(t, first.(variant.Variant).Bytes(), q)
		require.True(t, rs.Next())
		require.NoError(t, rs.Scan(&second))
		require.Empty(t, first.(variant.Variant).Bytes(), q)
		require.NotEmpty(t, second.(variant.Variant).Bytes(), q)
		require.NoError(t, rs.Close())
	}
}
