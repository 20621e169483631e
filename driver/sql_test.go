package driver_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

// order is a row of the plain-column test table.
type order struct {
	ID     int64     `parquet:"id"`
	Name   string    `parquet:"name"`
	Amount float64   `parquet:"amount"`
	Paid   bool      `parquet:"paid"`
	Note   *string   `parquet:"note,optional"`
	At     time.Time `parquet:"at,timestamp(microsecond)"`
}

// writeOrders writes rows as one file of dir/table, in row groups of
// rowGroup rows.
func writeOrders(t *testing.T, dir, table, file string, rowGroup int, rows []order) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, table), 0o755))
	f, err := os.Create(filepath.Join(dir, table, file))
	require.NoError(t, err)
	w := parquet.NewGenericWriter[order](f, parquet.MaxRowsPerRowGroup(int64(rowGroup)))
	for i := 0; i < len(rows); i += rowGroup {
		_, err := w.Write(rows[i:min(i+rowGroup, len(rows))])
		require.NoError(t, err)
		require.NoError(t, w.Flush())
	}
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

func ordersDB(t *testing.T) (*sql.DB, string) {
	t.Helper()
	dir := t.TempDir()
	var rows []order
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := int64(1); i <= 1000; i++ {
		o := order{ID: i, Name: "n" + string(rune('a'+i%26)), Amount: float64(i) / 4, Paid: i%2 == 0, At: base.Add(time.Duration(i) * time.Minute)}
		if i%10 == 0 {
			s := "note"
			o.Note = &s
		}
		rows = append(rows, o)
	}
	writeOrders(t, dir, "orders", "part-0.parquet", 100, rows[:500])
	writeOrders(t, dir, "orders", "part-1.parquet", 100, rows[500:])
	db, err := sql.Open("parquetvariant", dir)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db, dir
}

func TestQueryPlainColumns(t *testing.T) {
	db, _ := ordersDB(t)
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM orders").Scan(&n))
	require.Equal(t, int64(1000), n)

	rows, err := db.Query("SELECT id, name, amount, paid, note, at FROM orders WHERE id BETWEEN ? AND ? ORDER BY id DESC", 9, 11)
	require.NoError(t, err)
	var got []string
	for rows.Next() {
		var id int64
		var name string
		var amount float64
		var paid bool
		var note sql.NullString
		var at time.Time
		require.NoError(t, rows.Scan(&id, &name, &amount, &paid, &note, &at))
		got = append(got, name+" "+note.String+" "+at.Format(time.RFC3339))
		require.Equal(t, float64(id)/4, amount)
		require.Equal(t, id%2 == 0, paid)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"nl  2024-01-01T00:11:00Z", "nk note 2024-01-01T00:10:00Z", "nj  2024-01-01T00:09:00Z"}, got)

	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM orders WHERE note IS NOT NULL AND paid").Scan(&n))
	require.Equal(t, int64(100), n)
	var sum float64
	require.NoError(t, db.QueryRow("SELECT SUM(amount) FROM orders WHERE id <= 10").Scan(&sum))
	require.Equal(t, 13.75, sum)
}

func TestColumnTypes(t *testing.T) {
	db, _ := ordersDB(t)
	rows, err := db.Query("SELECT id, note, amount, COUNT(*) AS c FROM orders GROUP BY id, note, amount LIMIT 1")
	require.NoError(t, err)
	defer rows.Close()
	cts, err := rows.ColumnTypes()
	require.NoError(t, err)
	want := []struct {
		name, db, scan string
		nullable       bool
	}{
		{"id", "BIGINT", "int64", false},
		{"note", "VARCHAR", "sql.NullString", true},
		{"amount", "DOUBLE", "float64", false},
		{"c", "BIGINT", "int64", false},
	}
	for i, w := range want {
		require.Equal(t, w.name, cts[i].Name())
		require.Equal(t, w.db, cts[i].DatabaseTypeName())
		require.Equal(t, w.scan, cts[i].ScanType().String())
		nullable, ok := cts[i].Nullable()
		require.True(t, ok)
		require.Equal(t, w.nullable, nullable, w.name)
	}
}

func TestShowDescribeExplain(t *testing.T) {
	db, _ := ordersDB(t)
	var name string
	var ro bool
	require.NoError(t, db.QueryRow("SHOW TABLES").Scan(&name, &ro))
	require.Equal(t, "orders", name)
	require.False(t, ro)

	rows, err := db.Query("DESCRIBE orders")
	require.NoError(t, err)
	var desc []string
	for rows.Next() {
		var col, typ string
		var nullable bool
		require.NoError(t, rows.Scan(&col, &typ, &nullable))
		if nullable {
			typ += " NULL"
		}
		desc = append(desc, col+" "+typ)
	}
	require.Equal(t, []string{"id BIGINT", "name VARCHAR", "amount DOUBLE", "paid BOOLEAN", "note VARCHAR NULL", "at TIMESTAMP"}, desc)

	plan := explain(t, db, "EXPLAIN ANALYZE SELECT name FROM orders WHERE id > ? AND name LIKE 'n%'", 950)
	require.Equal(t, "orders", plan["table"])
	require.Equal(t, "2", plan["files"])
	require.Equal(t, "id, name", plan["columns read"])
	require.Equal(t, "id > ? AND name LIKE 'n%'", plan["pushed to scan"])
	require.Equal(t, "1", plan["files read"])
	require.Equal(t, "1", plan["files skipped"])
	require.Equal(t, "1", plan["row groups read"])
	require.Equal(t, "9", plan["row groups skipped"])
	require.Equal(t, "50", plan["rows returned"])

	plan = explain(t, db, "EXPLAIN SELECT COUNT(*) FROM orders")
	require.Equal(t, "row count from file footers, no scan", plan["answer"])
}

func explain(t *testing.T, db *sql.DB, q string, args ...any) map[string]string {
	t.Helper()
	rows, err := db.Query(q, args...)
	require.NoError(t, err)
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		require.NoError(t, rows.Scan(&k, &v))
		out[k] = v
	}
	require.NoError(t, rows.Err())
	return out
}

// TestPlaceholders is pitfall B42: ? placeholders are counted and bound in
// order, and a wrong count is the standard error, not a panic.
func TestPlaceholders(t *testing.T) {
	db, _ := ordersDB(t)
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM orders WHERE amount = ? AND id > ?", 2.5, 5).Scan(&n))
	require.Equal(t, int64(1), n)
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM orders WHERE amount = ? AND id > ?", 2.5, 10).Scan(&n))
	require.Equal(t, int64(0), n)
	stmt, err := db.Prepare("SELECT id FROM orders WHERE amount = ? AND id > ?")
	require.NoError(t, err)
	defer stmt.Close()
	_, err = stmt.Query(1)
	require.EqualError(t, err, "sql: expected 2 arguments, got 1")
	err = db.QueryRow("SELECT id FROM orders WHERE id = ?").Scan(&n)
	require.EqualError(t, err, "sql: expected 1 arguments, got 0")
}

func TestErrors(t *testing.T) {
	db, _ := ordersDB(t)
	_, err := db.Query("SELECT * FROM nope")
	require.ErrorIs(t, err, pvdriver.ErrNoTable)
	_, err = db.Query("SELECT id FROM orders WHERE variant_get(name, '$[')")
	require.ErrorIs(t, err, pvdriver.ErrSyntax)
	_, err = db.Exec("UPDATE orders SET id = 1")
	require.ErrorIs(t, err, errors.ErrUnsupported)
	_, err = db.Query("SELECT * FROM `../orders`")
	require.Error(t, err)
}

func TestReadOnly(t *testing.T) {
	_, dir := ordersDB(t)
	db, err := sql.Open("parquetvariant", dir+"?read_only=true")
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec("CREATE TABLE t (v VARIANT)")
	require.ErrorIs(t, err, pvdriver.ErrReadOnly)
}

func TestContextCancel(t *testing.T) {
	db, _ := ordersDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	rows, err := db.QueryContext(ctx, "SELECT id FROM orders")
	require.NoError(t, err)
	require.True(t, rows.Next())
	cancel()
	for rows.Next() {
	}
	require.ErrorIs(t, rows.Err(), context.Canceled)
}

func TestOpenErrors(t *testing.T) {
	_, err := sql.Open("parquetvariant", "/no/such/dir")
	require.Error(t, err)
	_, err = sql.Open("parquetvariant", t.TempDir()+"?bogus=1")
	require.ErrorIs(t, err, pvdriver.ErrDSN)
}

// TestVariantResultScan is pitfall B44: a Variant result is never a Go map
// or slice. It is a variant.Variant, which scans into *variant.Variant and
// *any; with variant_json=true it is its JSON text, a string, which scans
// into *string and *[]byte. SQL NULL scans into sql.NullString and
// sql.Null[variant.Variant], and is the standard error for *string and for
// a bare variant.Variant.
func TestVariantResultScan(t *testing.T) {
	db, dir := ordersDB(t)
	q := `SELECT parse_json('{"a":1}'), variant_get(parse_json('{}'), '$.missing') FROM orders LIMIT 1`
	var v variant.Variant
	var a any
	var missing sql.NullString
	var nullV sql.Null[variant.Variant]
	require.NoError(t, db.QueryRow(q).Scan(&v, &nullV))
	require.Equal(t, `{"a":1}`, v.String())
	require.False(t, nullV.Valid)
	require.NoError(t, db.QueryRow(q).Scan(&a, &missing))
	require.IsType(t, variant.Variant{}, a)
	require.False(t, missing.Valid)
	err := db.QueryRow(q).Scan(&a, &v)
	require.ErrorContains(t, err, "cannot scan SQL NULL into a variant.Variant; use sql.Null[variant.Variant]")
	rows, err := db.Query(q)
	require.NoError(t, err)
	cts, err := rows.ColumnTypes()
	require.NoError(t, err)
	require.Equal(t, "VARIANT", cts[0].DatabaseTypeName())
	require.Equal(t, "sql.Null[github.com/parquetvariant/parquetvariant/variant.Variant]", cts[0].ScanType().String())
	rows.Close()

	text := openDB(t, dir+"?variant_json=true")
	var s string
	var b []byte
	require.NoError(t, text.QueryRow(q).Scan(&s, &missing))
	require.Equal(t, `{"a":1}`, s)
	require.False(t, missing.Valid)
	require.NoError(t, text.QueryRow(q).Scan(&b, &missing))
	require.Equal(t, []byte(`{"a":1}`), b)
	require.NoError(t, text.QueryRow(q).Scan(&v, &missing))
	require.Equal(t, `{"a":1}`, v.String(), "JSON text scans into a Variant too")
	err = text.QueryRow(q).Scan(&s, &s)
	require.ErrorContains(t, err, "converting NULL to string is unsupported")
	rows, err = text.Query(q)
	require.NoError(t, err)
	cts, err = rows.ColumnTypes()
	require.NoError(t, err)
	require.Equal(t, "VARIANT", cts[0].DatabaseTypeName())
	require.Equal(t, "sql.NullString", cts[0].ScanType().String())
	rows.Close()
}
