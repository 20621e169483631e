package driver_test

import (
	"database/sql"
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// goValueTypes are the Go types README.md's "Go types" table promises from
// Next (what a *any destination gets) for each database type of a computed
// column; nil (SQL NULL) is allowed wherever the column is nullable.
var goValueTypes = map[string][]reflect.Type{
	"BIGINT": {reflect.TypeFor[int64]()},
	"DOUBLE": {reflect.TypeFor[float64]()},
	// Exact text, or a float64 when decimal arithmetic goes beyond 38
	// digits.
	"DECIMAL": {reflect.TypeFor[string](), reflect.TypeFor[float64]()},
	"ANY": {
		reflect.TypeFor[int64](), reflect.TypeFor[float64](), reflect.TypeFor[string](),
		reflect.TypeFor[bool](), reflect.TypeFor[[]byte](),
	},
	"NULL": nil,
}

// columnTypesTable has one row per kind of value the expressions meet:
// small numbers, SQL NULL everywhere, fractions, and a DECIMAL(20,4) at its
// largest, whose square goes beyond 38 digits. The Variant n is an int8, a
// decimal4 and a double.
func columnTypesTable(t *testing.T) *sql.DB {
	t.Helper()
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE m (id BIGINT NOT NULL, x BIGINT, d DECIMAL(20,4), f DOUBLE, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO m VALUES
		(1, 5, 5, 2.5, parse_json('{"n":3}')),
		(2, NULL, NULL, NULL, NULL),
		(3, 7, 12.34, 1, parse_json('{"n":1.25}')),
		(4, -1, 9999999999999999.9999, -0.5, parse_json('{"n":2e0}'))`)
	require.NoError(t, err)
	return db
}

// TestColumnTypesComputed: the type Rows.ColumnTypes reports for an
// arithmetic, COALESCE or IFNULL column agrees with every value Next returns
// (pitfall B44): each value has a Go type the README's "Go types" table
// promises for the database type, and scans into a new variable of the
// reported scan type.
func TestColumnTypesComputed(t *testing.T) {
	db := columnTypesTable(t)
	type dec struct {
		p, s int64
		ok   bool
	}
	cases := []struct {
		expr     string
		db, scan string
		dec      dec
		nullable bool
		values   []any // rows 1..4
	}{
		// BIGINT op BIGINT stays BIGINT; / gives a DOUBLE.
		{"x*2", "BIGINT", "sql.NullInt64", dec{}, true, []any{int64(10), nil, int64(14), int64(-2)}},
		{"-x", "BIGINT", "sql.NullInt64", dec{}, true, []any{int64(-5), nil, int64(-7), int64(1)}},
		{"id*2", "BIGINT", "int64", dec{}, false, []any{int64(2), int64(4), int64(6), int64(8)}},
		{"-id", "BIGINT", "int64", dec{}, false, []any{int64(-1), int64(-2), int64(-3), int64(-4)}},
		{"id%0", "BIGINT", "sql.NullInt64", dec{}, true, []any{nil, nil, nil, nil}},
		{"x/2", "DOUBLE", "sql.NullFloat64", dec{}, true, []any{2.5, nil, 3.5, -0.5}},
		{"id/2", "DOUBLE", "sql.NullFloat64", dec{}, true, []any{0.5, 1.0, 1.5, 2.0}},
		// BIGINT with a decimal: a BIGINT column counts as DECIMAL(19,0).
		{"x+0.5", "DECIMAL", "sql.NullString", dec{21, 1, true}, true, []any{"5.5", nil, "7.5", "-0.5"}},
		{"x*2.5", "DECIMAL", "sql.NullString", dec{21, 1, true}, true, []any{"12.5", nil, "17.5", "-2.5"}},
		{"x*2+d", "DECIMAL", "sql.NullString", dec{24, 4, true}, true,
			[]any{"15.0000", nil, "26.3400", "9999999999999997.9999"}},
		// DECIMAL(20,4) with an integer literal, which counts as its digits.
		{"d*2", "DECIMAL", "sql.NullString", dec{21, 4, true}, true,
			[]any{"10.0000", nil, "24.6800", "19999999999999999.9998"}},
		{"d+1", "DECIMAL", "sql.NullString", dec{21, 4, true}, true,
			[]any{"6.0000", nil, "13.3400", "10000000000000000.9999"}},
		{"d%2", "DECIMAL", "sql.NullString", dec{5, 4, true}, true, []any{"1.0000", nil, "0.3400", "1.9999"}},
		{"-d", "DECIMAL", "sql.NullString", dec{20, 4, true}, true,
			[]any{"-5.0000", nil, "-12.3400", "-9999999999999999.9999"}},
		// DECIMAL(20,4)*DECIMAL(20,4) would need 40 digits: capped at 38,
		// and a product beyond 38 digits is a double.
		{"d*d", "DECIMAL", "sql.NullString", dec{38, 8, true}, true,
			[]any{"25.00000000", nil, "152.27560000", 1e32}},
		{"d/0", "DOUBLE", "sql.NullFloat64", dec{}, true, []any{nil, nil, nil, nil}},
		// A DOUBLE on either side gives a DOUBLE, a Variant number too.
		{"f*2", "DOUBLE", "sql.NullFloat64", dec{}, true, []any{5.0, nil, 2.0, -1.0}},
		{"f+v->'$.n'", "DOUBLE", "sql.NullFloat64", dec{}, true, []any{5.5, nil, 2.25, 1.5}},
		// A Variant's number kind is known only per row.
		{"v->'$.n' - 1", "ANY", "interface {}", dec{}, true, []any{int64(2), nil, "0.25", 1.0}},
		{"-v->'$.n'", "ANY", "interface {}", dec{}, true, []any{int64(-3), nil, "-1.25", -2.0}},
		// A typed variant_get is its type's column.
		{"variant_get(v, '$.n', 'decimal(10,3)') + 1", "DECIMAL", "sql.NullString", dec{11, 3, true}, true,
			[]any{"4.000", nil, "2.250", "3.000"}},
		{"try_variant_get(v, '$.n', 'bigint') * 2", "BIGINT", "sql.NullInt64", dec{}, true,
			[]any{int64(6), nil, nil, int64(4)}},
		{"NULL + x", "NULL", "interface {}", dec{}, true, []any{nil, nil, nil, nil}},
		// COALESCE and IFNULL give an argument as it is: a common type when
		// the arguments share one, ANY otherwise.
		{"COALESCE(x, 1)", "BIGINT", "int64", dec{}, false, []any{int64(5), int64(1), int64(7), int64(-1)}},
		{"COALESCE(d, 0.5)", "DECIMAL", "string", dec{20, 4, true}, false,
			[]any{"5.0000", "0.5", "12.3400", "9999999999999999.9999"}},
		{"COALESCE(d, 0)", "ANY", "interface {}", dec{}, false,
			[]any{"5.0000", int64(0), "12.3400", "9999999999999999.9999"}},
		{"IFNULL(f, 0)", "ANY", "interface {}", dec{}, false, []any{2.5, int64(0), 1.0, -0.5}},
		{"IFNULL(x, f)", "ANY", "interface {}", dec{}, true, []any{int64(5), nil, int64(7), int64(-1)}},
		{"COALESCE(NULL, NULL)", "NULL", "interface {}", dec{}, true, []any{nil, nil, nil, nil}},
	}
	for _, c := range cases {
		t.Run(c.expr, func(t *testing.T) {
			rows, err := db.Query("SELECT " + c.expr + " FROM m ORDER BY id")
			require.NoError(t, err)
			defer rows.Close()
			cts, err := rows.ColumnTypes()
			require.NoError(t, err)
			require.Len(t, cts, 1)
			ct := cts[0]
			require.Equal(t, c.db, ct.DatabaseTypeName())
			require.Equal(t, c.scan, ct.ScanType().String())
			p, s, ok := ct.DecimalSize()
			require.Equal(t, c.dec, dec{p, s, ok})
			nullable, ok := ct.Nullable()
			require.True(t, ok)
			require.Equal(t, c.nullable, nullable)

			var got []any
			for rows.Next() {
				var v any
				require.NoError(t, rows.Scan(&v))
				got = append(got, v)
				if v == nil {
					require.True(t, nullable, "NULL in a NOT NULL column")
				} else {
					require.Contains(t, goValueTypes[c.db], reflect.TypeOf(v), "%T from a %s column", v, c.db)
				}
				// The same value scans into the reported scan type.
				dst := reflect.New(ct.ScanType())
				require.NoError(t, rows.Scan(dst.Interface()), "%T into %s", v, ct.ScanType())
			}
			require.NoError(t, rows.Err())
			require.Equal(t, c.values, got)
		})
	}
}

// TestColumnTypesAggregates: arithmetic on aggregates is typed from the
// aggregates' types.
func TestColumnTypesAggregates(t *testing.T) {
	db := columnTypesTable(t)
	rows, err := db.Query("SELECT SUM(x)*2, COUNT(*)+1, SUM(d)+1, AVG(x)*2, MIN(-d), MAX(x%2) FROM m WHERE id <= 3")
	require.NoError(t, err)
	defer rows.Close()
	cts, err := rows.ColumnTypes()
	require.NoError(t, err)
	var types []string
	for _, ct := range cts {
		p, s, _ := ct.DecimalSize()
		nullable, _ := ct.Nullable()
		types = append(types, fmt.Sprintf("%s %s (%d,%d) %v", ct.DatabaseTypeName(), ct.ScanType(), p, s, nullable))
	}
	require.Equal(t, []string{
		"BIGINT sql.NullInt64 (0,0) true",
		"BIGINT int64 (0,0) false",
		"DECIMAL sql.NullString (38,4) true",
		"DOUBLE sql.NullFloat64 (0,0) true",
		"DECIMAL sql.NullString (20,4) true",
		"BIGINT sql.NullInt64 (0,0) true",
	}, types)
	require.True(t, rows.Next())
	vals := make([]any, len(cts))
	ptrs := make([]any, len(cts))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	require.NoError(t, rows.Scan(ptrs...))
	require.Equal(t, []any{int64(24), int64(4), "18.3400", 12.0, "-12.3400", int64(1)}, vals)
}

// TestArithmeticOverflowIsError: BIGINT arithmetic beyond the range of
// int64 is an error, never a double, so a BIGINT column only ever holds
// int64 values.
func TestArithmeticOverflowIsError(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE big (x BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO big VALUES (-9223372036854775808)")
	require.NoError(t, err)
	for _, q := range []string{"SELECT x*2 FROM big", "SELECT x-1 FROM big", "SELECT -x FROM big"} {
		_, err := rowsTextErr(db, q)
		require.ErrorContains(t, err, "integer overflow", q)
	}
}
