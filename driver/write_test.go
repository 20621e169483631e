package driver_test

import (
	"bytes"
	"database/sql"
	sqldriver "database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// tableFiles lists the published data files of a table.
func tableFiles(t *testing.T, dir, table string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, table))
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// visible keeps the names readers see (not starting with _ or .).
func visible(names []string) []string {
	var out []string
	for _, n := range names {
		if !strings.HasPrefix(n, "_") && !strings.HasPrefix(n, ".") {
			out = append(out, n)
		}
	}
	return out
}

// newestFile opens the newest published file of a table (the last by
// name) with parquet-go (see openParquet).
func newestFile(t *testing.T, dir, table string) *parquet.File {
	t.Helper()
	names := visible(tableFiles(t, dir, table))
	require.NotEmpty(t, names, "table %s has no files", table)
	return openParquet(t, filepath.Join(dir, table, names[len(names)-1]))
}

// openParquet opens the Parquet file at path with parquet-go, read whole
// into memory.
func openParquet(t *testing.T, path string) *parquet.File {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	return f
}

// readVariants reads column col of every file of a table with the shred
// package, independently of the driver's read path, as JSON text per row.
func readVariants(t *testing.T, dir, table, col string) []string {
	t.Helper()
	var out []string
	for _, name := range tableFiles(t, dir, table) {
		f, err := os.Open(filepath.Join(dir, table, name))
		require.NoError(t, err)
		st, err := f.Stat()
		require.NoError(t, err)
		pf, err := parquet.OpenFile(f, st.Size())
		require.NoError(t, err)
		layout, cols, err := shred.LayoutOf(pf.Schema(), col)
		require.NoError(t, err)
		for _, rg := range pf.RowGroups() {
			b := layout.NewBatch()
			require.NoError(t, b.ReadRowGroup(rg, cols))
			r := shred.NewReader(b, shred.Strict)
			for {
				v, valid, err := r.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				require.NoError(t, err)
				if !valid {
					out = append(out, "NULL")
					continue
				}
				require.NoError(t, v.Validate())
				out = append(out, v.String())
			}
		}
		f.Close()
	}
	return out
}

func openDB(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("parquetvariant", dsn)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

func TestCreateInsertSelect(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE events (id BIGINT NOT NULL, name VARCHAR, price DECIMAL(10,2), at TIMESTAMP, day DATE, ok BOOLEAN, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE events (id BIGINT)")
	require.ErrorIs(t, err, pvdriver.ErrTableExists)
	require.ErrorContains(t, err, "the table exists: CREATE TABLE events")
	_, err = db.Exec("CREATE TABLE IF NOT EXISTS events (id BIGINT)")
	require.NoError(t, err)
	require.Len(t, tableFiles(t, dir, "events"), 1, "the empty table is one zero-row file")

	at := time.Date(2024, 5, 6, 7, 8, 9, 123456000, time.UTC)
	res, err := db.Exec("INSERT INTO events (id, name, price, at, day, ok, v) VALUES (?, ?, ?, ?, ?, ?, ?), (?, 'b', 2.5, NULL, '2024-01-02', false, parse_json(?))",
		1, "a", "12.50", at, at, true, variant.MustOf(map[string]any{"event_type": "signup", "n": 5}),
		2, `{"event_type":"login","tags":["x","y"]}`)
	require.NoError(t, err)
	n, err := res.RowsAffected()
	require.NoError(t, err)
	require.Equal(t, int64(2), n)
	res, err = db.Exec("INSERT INTO events (id, v) VALUES (3, ?)", map[string]any{"event_type": "click", "n": 7})
	require.NoError(t, err)
	n, _ = res.RowsAffected()
	require.Equal(t, int64(1), n)
	require.Len(t, tableFiles(t, dir, "events"), 3, "one new file per statement")

	rows, err := db.Query("SELECT id, name, price, at, day, ok FROM events ORDER BY id")
	require.NoError(t, err)
	var got []string
	for rows.Next() {
		var id int64
		var name, price sql.NullString
		var at2, day sql.NullTime
		var ok sql.NullBool
		require.NoError(t, rows.Scan(&id, &name, &price, &at2, &day, &ok))
		b, _ := json.Marshal([]any{id, name.String, price.String, at2.Time.Format(time.RFC3339Nano), day.Time.Format("2006-01-02"), ok})
		got = append(got, string(b))
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{
		`[1,"a","12.50","2024-05-06T07:08:09.123456Z","2024-05-06",{"Bool":true,"Valid":true}]`,
		`[2,"b","2.50","0001-01-01T00:00:00Z","2024-01-02",{"Bool":false,"Valid":true}]`,
		`[3,"","","0001-01-01T00:00:00Z","0001-01-01",{"Bool":false,"Valid":false}]`,
	}, got)
	require.ElementsMatch(t, []string{`{"event_type":"signup","n":5}`, `{"event_type":"login","tags":["x","y"]}`, `{"event_type":"click","n":7}`},
		readVariants(t, dir, "events", "v"))

	// The table's columns survive a restart.
	db2 := openDB(t, dir)
	var typ string
	require.NoError(t, db2.QueryRow("SELECT COUNT(*) FROM events").Scan(&n))
	require.Equal(t, int64(3), n)
	rows, err = db2.Query("DESCRIBE events")
	require.NoError(t, err)
	var desc []string
	for rows.Next() {
		var col string
		var nullable bool
		require.NoError(t, rows.Scan(&col, &typ, &nullable))
		desc = append(desc, col+" "+typ)
	}
	require.Equal(t, []string{"id BIGINT", "name VARCHAR", "price DECIMAL(10,2)", "at TIMESTAMP", "day DATE", "ok BOOLEAN", "v VARIANT"}, desc)

	_, err = db.Exec("DROP TABLE events")
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(dir, "events"))
	require.True(t, os.IsNotExist(err))
	_, err = db.Exec("DROP TABLE IF EXISTS events")
	require.NoError(t, err)
	_, err = db.Exec("DROP TABLE events")
	require.ErrorIs(t, err, pvdriver.ErrNoTable)
}

func TestInsertErrorsWriteNothing(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, small DECIMAL(3,1), v VARIANT)")
	require.NoError(t, err)
	for q, msg := range map[string]string{
		"INSERT INTO t (id) VALUES (1), (NULL)":             "NULL into a NOT NULL column",
		"INSERT INTO t (small) VALUES (1.5)":                "column id is NOT NULL and has no value",
		"INSERT INTO t (id, small) VALUES (1, 123.45)":      "cannot cast",
		"INSERT INTO t (id, v) VALUES (1, parse_json('{'))": "invalid JSON",
		"INSERT INTO t (id, nope) VALUES (1, 2)":            "no such column: INSERT INTO t: nope",
		"INSERT INTO t VALUES (1, 2)":                       "2 values for 3 columns",
		"INSERT INTO nope VALUES (1)":                       "no such table",
		"INSERT INTO t (id) VALUES ('x')":                   "cannot cast",
	} {
		_, err := db.Exec(q)
		require.ErrorContains(t, err, msg, q)
	}
	require.Len(t, tableFiles(t, dir, "t"), 1, "only the CREATE TABLE file")
}

// TestInsertInvalidUTF8IntoVarchar: a VARCHAR (Parquet STRING) holds UTF-8
// only, so text that is not is refused with the row's column and the byte
// where it goes wrong, and nothing is written; the same bytes go into BINARY.
func TestInsertInvalidUTF8IntoVarchar(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE s (id BIGINT, name VARCHAR, raw BINARY)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO s VALUES (1, 'café', NULL), (2, ?, NULL)", "caf\xe9")
	require.ErrorContains(t, err, "column name (VARCHAR): text that is not valid UTF-8 (at byte 3); use a BINARY column for bytes")
	require.Len(t, tableFiles(t, dir, "s"), 1, "only the CREATE TABLE file")
	_, err = db.Exec("INSERT INTO s VALUES (3, 'ok', ?)", []byte("caf\xe9"))
	require.NoError(t, err)
	var name string
	var raw []byte
	require.NoError(t, db.QueryRow("SELECT name, raw FROM s").Scan(&name, &raw))
	require.Equal(t, "ok", name)
	require.Equal(t, []byte("caf\xe9"), raw)
}

func TestTransactions(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE a (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE b (id BIGINT)")
	require.NoError(t, err)

	tx, err := db.Begin()
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		_, err = tx.Exec("INSERT INTO a VALUES (?, ?)", i, map[string]any{"i": i})
		require.NoError(t, err)
	}
	_, err = tx.Exec("INSERT INTO b VALUES (1), (2)")
	require.NoError(t, err)
	require.Len(t, visible(tableFiles(t, dir, "a")), 1, "nothing of the transaction is visible before commit")
	require.NoError(t, tx.Commit())
	require.Len(t, tableFiles(t, dir, "a"), 2, "one new file for the whole transaction")
	require.Len(t, tableFiles(t, dir, "b"), 2)
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM a").Scan(&n))
	require.Equal(t, int64(3), n)
	require.Equal(t, []string{`{"i":0}`, `{"i":1}`, `{"i":2}`}, readVariants(t, dir, "a", "v"))

	tx, err = db.Begin()
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO a (id) VALUES (9)")
	require.NoError(t, err)
	require.NoError(t, tx.Rollback())
	require.Len(t, tableFiles(t, dir, "a"), 2, "rollback leaves nothing")
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM a").Scan(&n))
	require.Equal(t, int64(3), n)

	// A failed statement makes Commit roll back.
	tx, err = db.Begin()
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO b VALUES (5)")
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO b VALUES ('x')")
	require.Error(t, err)
	require.ErrorContains(t, tx.Commit(), "rolled back")
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM b").Scan(&n))
	require.Equal(t, int64(2), n)
	require.Len(t, tableFiles(t, dir, "b"), 2)
}

func TestInsertSelectAndRowGroups(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=100")
	_, err := db.Exec("CREATE TABLE src (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	stmt, err := tx.Prepare("INSERT INTO src VALUES (?, parse_json(?))")
	require.NoError(t, err)
	for i := 0; i < 1000; i++ {
		_, err := stmt.Exec(i, `{"kind":"k`+string(rune('a'+i%3))+`","n":`+string(rune('0'+i%10))+`}`)
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
	_, err = db.Exec("CREATE TABLE dst (id BIGINT)")
	require.NoError(t, err)
	res, err := db.Exec("INSERT INTO dst SELECT id FROM src WHERE id >= 990")
	require.NoError(t, err)
	n, _ := res.RowsAffected()
	require.Equal(t, int64(10), n)
	var sum int64
	require.NoError(t, db.QueryRow("SELECT SUM(id) FROM dst").Scan(&sum))
	require.Equal(t, int64(9945), sum)

	// The 1,000 rows were written as 10 row groups, shredded.
	pf := newestFile(t, dir, "src")
	require.Len(t, pf.RowGroups(), 10)
	layout, _, err := shred.LayoutOf(pf.Schema(), "v")
	require.NoError(t, err)
	require.Equal(t, "object{kind:string,n:int64}", layout.Schema().String())
}

// TestSharedDictionary: the Variants of a row group are written over one
// sorted dictionary, so the metadata column holds one distinct value
// (docs/design.md section 7), and the values read back unchanged.
func TestSharedDictionary(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (v VARIANT)")
	require.NoError(t, err)
	docs := []string{`{"b":1,"a":{"z":true}}`, `{"c":[{"y":null}]}`, `"text"`, `{"a":2}`}
	_, err = db.Exec("INSERT INTO t VALUES (parse_json(?)), (parse_json(?)), (parse_json(?)), (parse_json(?))", docs[0], docs[1], docs[2], docs[3])
	require.NoError(t, err)
	require.Equal(t, []string{`{"a":{"z":true},"b":1}`, `{"c":[{"y":null}]}`, `"text"`, `{"a":2}`}, readVariants(t, dir, "t", "v"))

	pf := newestFile(t, dir, "t")
	leaf, ok := pf.Schema().Lookup("v", "metadata")
	require.True(t, ok)
	pages := pf.RowGroups()[0].ColumnChunks()[leaf.ColumnIndex].Pages()
	defer pages.Close()
	distinct := map[string]bool{}
	for {
		p, err := pages.ReadPage()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		vals := make([]parquet.Value, p.NumValues())
		n, _ := p.Values().ReadValues(vals)
		for _, v := range vals[:n] {
			distinct[string(v.ByteArray())] = true
		}
	}
	require.Len(t, distinct, 1)
	for m := range distinct {
		meta, err := variant.DecodeMetadata([]byte(m))
		require.NoError(t, err)
		require.Equal(t, []string{"a", "b", "c", "y", "z"}, meta.Keys())
	}
}

// TestConcurrentWriters: writers on many goroutines and on two *sql.DB (as
// two processes would), half of them with 3-row statements and half with
// transactions of three 1-row statements, lose no row; readers meanwhile
// see only whole statements and transactions, and no hidden file is left.
func TestConcurrentWriters(t *testing.T) {
	dir := t.TempDir()
	db1 := openDB(t, dir)
	db2 := openDB(t, dir)
	_, err := db1.Exec("CREATE TABLE t (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	const writers, each = 8, 10
	errs := make(chan error, writers+1)
	done := make(chan struct{})
	go func() {
		// Every count a reader sees is a whole number of 3-row statements.
		for {
			select {
			case <-done:
				errs <- nil
				return
			default:
			}
			var n int64
			if err := db2.QueryRow("SELECT COUNT(*) FROM t").Scan(&n); err != nil {
				errs <- err
				return
			}
			if n%3 != 0 {
				errs <- fmt.Errorf("a reader saw %d rows", n)
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			db := db1
			if w%2 == 1 {
				db = db2
			}
			for i := 0; i < each; i++ {
				id := int64(w*100 + i)
				var err error
				if w < writers/2 {
					_, err = db.Exec("INSERT INTO t VALUES (?, ?), (?, ?), (?, ?)", id, map[string]any{"w": w}, id, map[string]any{"w": w}, id, map[string]any{"w": w})
				} else {
					err = insertInTx(db, id, w)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(done)
	require.NoError(t, <-errs)
	var n, sum int64
	require.NoError(t, db1.QueryRow("SELECT COUNT(*), SUM(id) FROM t").Scan(&n, &sum))
	require.Equal(t, int64(writers*each*3), n)
	want := int64(0)
	for w := 0; w < writers; w++ {
		for i := 0; i < each; i++ {
			want += 3 * int64(w*100+i)
		}
	}
	require.Equal(t, want, sum)
	names := tableFiles(t, dir, "t")
	require.Equal(t, names, visible(names), "no '_' file left")
	require.Len(t, names, 1+writers*each, "one file per statement or transaction")
}

// insertInTx inserts 3 rows of id with a prepared 1-row INSERT in a
// transaction.
func insertInTx(db *sql.DB, id int64, w int) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	st, err := tx.Prepare("INSERT INTO t VALUES (?, ?)")
	if err != nil {
		return err
	}
	for range 3 {
		if _, err := st.Exec(id, map[string]any{"w": w}); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// TestVariantArgumentForms: a Variant argument keeps its types whether it
// comes as a variant.Variant, a sql.Null[variant.Variant] or a
// *variant.Variant (not as its JSON text), and the NULL forms are SQL NULL.
func TestVariantArgumentForms(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (v VARIANT)")
	require.NoError(t, err)
	obj := variant.MustOf(map[string]any{"a": 1})
	var nilPtr *variant.Variant
	_, err = db.Exec("INSERT INTO t VALUES (?), (?), (?), (?), (?), (?), (?)",
		obj, sql.Null[variant.Variant]{V: obj, Valid: true}, &obj, sql.Null[variant.Variant]{}, nilPtr,
		&sql.Null[variant.Variant]{V: obj, Valid: true}, &sql.Null[variant.Variant]{})
	require.NoError(t, err)
	require.Equal(t, []string{`{"a":1}`, `{"a":1}`, `{"a":1}`, "NULL", "NULL", `{"a":1}`, "NULL"}, readVariants(t, dir, "t", "v"))

	// The zero Variant holds no value: refused as an argument, in every form.
	var zero variant.Variant
	for _, arg := range []any{zero, &zero, sql.Null[variant.Variant]{V: zero, Valid: true}} {
		_, err = db.Exec("INSERT INTO t VALUES (?)", arg)
		require.ErrorIs(t, err, variant.ErrInvalidValue, "%T", arg)
		require.ErrorContains(t, err, "argument 1: invalid value: the zero variant.Variant holds no value; pass nil", "%T", arg)
	}
	require.Len(t, readVariants(t, dir, "t", "v"), 7)
}

// TestSliceAndMapArguments: a typed slice, array or map (a list meant for
// IN (?), which would compare as one Variant array and match nothing) is
// refused, saying what to pass; []any and variant.Of give Variants; a type
// with its own Value keeps it, and a named byte slice stays bytes.
func TestSliceAndMapArguments(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE a (id BIGINT, v VARIANT, b BINARY)")
	require.NoError(t, err)
	type blob []byte
	_, err = db.Exec("INSERT INTO a VALUES (1, ?, NULL), (2, ?, NULL), (5, ?, ?)",
		[]any{"x", "y"}, variant.MustOf(map[string]int{"k": 1}), valuerList{"p", "q"}, blob{1, 2})
	require.NoError(t, err)
	require.Equal(t, []string{`1|["x","y"]|NULL`, `2|{"k":1}|NULL`, `5|"p;q"|[1 2]`},
		rowsText(t, db, "SELECT id, v, b FROM a ORDER BY id"))
	for _, arg := range []any{[]int64{1, 2}, []string{"x"}, [2]float64{}, map[string]string{"k": "v"}} {
		_, err = db.Query("SELECT id FROM a WHERE id IN (?)", arg)
		require.ErrorContains(t, err, fmt.Sprintf("argument 1: a %T is not one SQL value: for IN, write one ? per element (IN (?, ?, ?)); for a Variant, pass []any, map[string]any or variant.Of(x)", arg))
	}
}

// valuerList is a slice that stores itself as text.
type valuerList []string

func (l valuerList) Value() (sqldriver.Value, error) { return strings.Join(l, ";"), nil }

// TestUnsignedArguments: uint64 and uint arguments above the range of int64
// (which database/sql refuses) are exact decimals; smaller ones integers.
func TestUnsignedArguments(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE u (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO u VALUES (1, ?), (2, ?), (3, ?)", uint64(1<<63), uint64(math.MaxUint64), uint(7))
	require.NoError(t, err)
	require.Equal(t, []string{"1|9223372036854775808|decimal16", "2|18446744073709551615|decimal16", "3|7|int8"},
		rowsText(t, db, "SELECT id, v, variant_typeof(v) FROM u ORDER BY id"))
	require.Equal(t, []string{"2"}, rowsText(t, db, "SELECT id FROM u WHERE v = ?", uint64(math.MaxUint64)))
	_, err = db.Exec("INSERT INTO u (id) VALUES (?)", uint64(1<<63))
	require.ErrorContains(t, err, "column id (BIGINT)")
}

// TestPreparedValuesOfArgumentsAndLiterals: a prepared multi-row INSERT
// whose values are ? and literals, run twice in a transaction, stores each
// run's arguments and the literals converted to the columns' types; a NULL
// argument into a NOT NULL column fails the statement and the transaction.
func TestPreparedValuesOfArgumentsAndLiterals(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT NOT NULL, name VARCHAR, v VARIANT)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	st, err := tx.Prepare("INSERT INTO t VALUES (?, 'lit', ?), (7, ?, 2.5), (?, NULL, NULL)")
	require.NoError(t, err)
	_, err = st.Exec(int64(1), variant.MustOf("a"), "x", int64(2))
	require.NoError(t, err)
	_, err = st.Exec("3", int64(4), []byte("y"), 5.0)
	require.NoError(t, err)
	require.NoError(t, tx.Commit())
	rows, err := db.Query("SELECT id, name FROM t")
	require.NoError(t, err)
	var got []string
	for rows.Next() {
		var id int64
		var name sql.NullString
		require.NoError(t, rows.Scan(&id, &name))
		got = append(got, fmt.Sprintf("%d %v", id, name))
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"1 {lit true}", "7 {x true}", "2 { false}", "3 {lit true}", "7 {y true}", "5 { false}"}, got)
	require.Equal(t, []string{`"a"`, "2.5", "NULL", "4", "2.5", "NULL"}, readVariants(t, dir, "t", "v"))

	tx, err = db.Begin()
	require.NoError(t, err)
	st, err = tx.Prepare("INSERT INTO t (id) VALUES (?), (?)")
	require.NoError(t, err)
	_, err = st.Exec(int64(8), nil)
	require.ErrorContains(t, err, "NULL into a NOT NULL column")
	require.ErrorContains(t, tx.Commit(), "rolled back")
	var n int
	require.NoError(t, db.QueryRow("SELECT count(*) FROM t").Scan(&n))
	require.Equal(t, 6, n)
}

// TestCreateTableOverOtherEntries: CREATE TABLE over a read-only file table
// is ErrTableExists and leaves the database usable; over a folder that
// holds no table yet (no Parquet files) it makes the table there.
func TestCreateTableOverOtherEntries(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE src (id BIGINT)")
	require.NoError(t, err)
	require.NoError(t, parquet.WriteFile(filepath.Join(dir, "ro.parquet"), []partitionedRow{{ID: 1, Kind: "x"}}))

	_, err = db.Exec("CREATE TABLE ro (v VARIANT)")
	require.ErrorIs(t, err, pvdriver.ErrTableExists)
	_, err = db.Exec("CREATE TABLE IF NOT EXISTS ro (v VARIANT)")
	require.NoError(t, err)
	require.Equal(t, []string{"ro|true", "src|false"}, rowsText(t, db, "SHOW TABLES"))
	require.Equal(t, []string{"1"}, rowsText(t, db, "SELECT id FROM ro"))

	require.NoError(t, os.Mkdir(filepath.Join(dir, "empty"), 0o755))
	_, err = db.Exec("CREATE TABLE empty (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO empty VALUES (2, parse_json('[2]'))")
	require.NoError(t, err)
	require.Equal(t, []string{"2|[2]"}, rowsText(t, db, "SELECT id, v FROM empty"))
	_, err = db.Exec("CREATE TABLE empty (id BIGINT)")
	require.ErrorIs(t, err, pvdriver.ErrTableExists)
}

// TestCommitAfterDropTable: a transaction's rows for a table dropped since
// it wrote them are not kept: Commit fails with ErrNoTable whether or not
// the table was created again (with other columns), and the new table
// reads as before.
func TestCommitAfterDropTable(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	for _, recreate := range []bool{true, false} {
		_, err := db.Exec("CREATE TABLE t (id BIGINT, v VARIANT)")
		require.NoError(t, err)
		tx, err := db.Begin()
		require.NoError(t, err)
		_, err = tx.Exec("INSERT INTO t VALUES (1, parse_json('1'))")
		require.NoError(t, err)
		_, err = db.Exec("DROP TABLE t")
		require.NoError(t, err)
		if recreate {
			_, err = db.Exec("CREATE TABLE t (id VARCHAR, w DOUBLE)")
			require.NoError(t, err)
		}
		err = tx.Commit()
		require.ErrorIs(t, err, pvdriver.ErrNoTable, "recreate=%v", recreate)
		require.ErrorIs(t, err, fs.ErrNotExist, "the file system's error stays in the chain")
		require.Equal(t, "parquetvariant: commit: table t: scan: no such table: t was dropped while rows were written to it; they are not kept", err.Error(),
			"no file in progress is named")
		if recreate {
			require.Equal(t, []string{"0"}, rowsText(t, db, "SELECT COUNT(*) FROM t"))
			require.Equal(t, []string{"id|VARCHAR|true", "w|DOUBLE|true"}, rowsText(t, db, "DESCRIBE t"))
			_, err = db.Exec("DROP TABLE t")
			require.NoError(t, err)
		}
	}
}
