package driver_test

import (
	"database/sql"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// DECIMAL columns and variant_get(..., 'decimal(p,s)') results scan into a
// variant.Decimal exactly, with the column's scale (docs/design.md section
// 5), and into sql.Null[variant.Decimal] when they can be NULL.
func TestScanDecimalColumns(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE d (id BIGINT NOT NULL, a DECIMAL(10,2), b DECIMAL(38,10), v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO d VALUES
		(1, 4.25, 1234567890123456789012345678.0123456789, parse_json('{"n":1.5}')),
		(2, -99999999.99, -9999999999999999999999999999.9999999999, parse_json('{"n":-7}')),
		(3, 5, 0.0000000001, parse_json('{"n":null}')),
		(4, NULL, NULL, NULL)`)
	require.NoError(t, err)

	type row struct{ a, b, n string }
	want := map[int64]row{
		1: {"4.25", "1234567890123456789012345678.0123456789", "1.500"},
		2: {"-99999999.99", "-9999999999999999999999999999.9999999999", "-7.000"},
		3: {"5.00", "0.0000000001", ""},
		4: {"", "", ""},
	}
	rows, err := db.Query("SELECT id, a, b, variant_get(v, '$.n', 'decimal(10,3)') FROM d ORDER BY id")
	require.NoError(t, err)
	defer rows.Close()
	got := 0
	for rows.Next() {
		var id int64
		var a, b, n sql.Null[variant.Decimal]
		require.NoError(t, rows.Scan(&id, &a, &b, &n))
		w := want[id]
		for _, c := range []struct {
			name string
			got  sql.Null[variant.Decimal]
			want string
		}{{"a", a, w.a}, {"b", b, w.b}, {"n", n, w.n}} {
			if c.want == "" {
				assert.False(t, c.got.Valid, "row %d %s", id, c.name)
				continue
			}
			require.True(t, c.got.Valid, "row %d %s", id, c.name)
			assert.Equal(t, c.want, c.got.V.String(), "row %d %s", id, c.name)
		}
		got++
	}
	require.NoError(t, rows.Err())
	require.Equal(t, 4, got)

	var a, b variant.Decimal
	require.NoError(t, db.QueryRow("SELECT a, b FROM d WHERE id = 1").Scan(&a, &b))
	assert.Equal(t, "4.25", a.String())
	assert.Equal(t, 2, a.Scale())
	assert.Equal(t, "1234567890123456789012345678.0123456789", b.String())
	assert.Equal(t, 10, b.Scale())

	err = db.QueryRow("SELECT a FROM d WHERE id = 4").Scan(&a)
	require.ErrorIs(t, err, variant.ErrUnsupportedType)
	assert.ErrorContains(t, err, "sql.Null[variant.Decimal]")
	assert.Equal(t, "4.25", a.String(), "a failed Scan leaves the destination as it was")
}

// A variant.Decimal argument stays exact however it is passed: as it is, in
// sql.Null[variant.Decimal] or through a pointer, into a DECIMAL column and
// into a Variant (where it is a decimal, not its text).
func TestDecimalArguments(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE d (id BIGINT NOT NULL, a DECIMAL(38,10), v VARIANT)")
	require.NoError(t, err)
	d, err := variant.ParseDecimal("1234567890123456789012345678.0123456789")
	require.NoError(t, err)
	args := []struct {
		id  int64
		arg any
	}{
		{1, d},
		{2, sql.Null[variant.Decimal]{V: d, Valid: true}},
		{3, &d},
		{4, &sql.Null[variant.Decimal]{V: d, Valid: true}},
		{5, sql.Null[variant.Decimal]{}},
		{6, (*variant.Decimal)(nil)},
		{7, (*sql.Null[variant.Decimal])(nil)},
	}
	for _, a := range args {
		_, err := db.Exec("INSERT INTO d VALUES (?, ?, ?)", a.id, a.arg, a.arg)
		require.NoError(t, err, "id %d", a.id)
	}
	rows, err := db.Query("SELECT id, a, variant_typeof(v), variant_get(v, '$', 'decimal(38,10)') = a FROM d ORDER BY id")
	require.NoError(t, err)
	defer rows.Close()
	for rows.Next() {
		var id int64
		var a sql.Null[variant.Decimal]
		var typ sql.NullString
		var same sql.NullBool
		require.NoError(t, rows.Scan(&id, &a, &typ, &same))
		if id >= 5 {
			assert.False(t, a.Valid, "id %d", id)
			assert.False(t, typ.Valid, "id %d", id)
			continue
		}
		require.True(t, a.Valid, "id %d", id)
		assert.Equal(t, d.String(), a.V.String(), "id %d", id)
		assert.Equal(t, "decimal16", typ.String, "id %d", id)
		assert.True(t, same.Bool, "id %d", id)
	}
	require.NoError(t, rows.Err())
}
