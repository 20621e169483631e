package driver_test

import (
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// shreddedTable creates table t (id BIGINT, v VARIANT) in dir unless it
// exists, inserts vals in one file with v shredded by schema, numbering
// them after the rows already there (1, 2, ... in a new table), and checks
// that every file with rows holds the column path v.typed_value.
func shreddedTable(t *testing.T, dir string, schema shred.Schema, vals ...any) *sql.DB {
	t.Helper()
	db := openShredding(t, dir, pvdriver.ShredAuto, map[string]map[string]shred.Schema{"t": {"v": schema}})
	_, err := db.Exec("CREATE TABLE IF NOT EXISTS t (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
	tx, err := db.Begin()
	require.NoError(t, err)
	for i, x := range vals {
		_, err := tx.Exec("INSERT INTO t VALUES (?, ?)", n+int64(i)+1, x)
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
	files, err := filepath.Glob(filepath.Join(dir, "t", "*.parquet"))
	require.NoError(t, err)
	for _, path := range files {
		pf := openParquet(t, path)
		if pf.NumRows() > 0 {
			require.True(t, slices.ContainsFunc(pf.Schema().Columns(), func(c []string) bool {
				return len(c) > 1 && c[0] == "v" && c[1] == "typed_value"
			}), "%s shreds v", path)
		}
	}
	return db
}

// rawVariant is the Variant of the hex value bytes with an empty dictionary.
func rawVariant(t *testing.T, hexValue string) variant.Variant {
	t.Helper()
	v, err := variant.New(unhexBytes(t, "01 00 00"), unhexBytes(t, hexValue))
	require.NoError(t, err)
	return v
}

// unhexBytes decodes hex text that may contain spaces, such as "0C 01".
func unhexBytes(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	require.NoError(t, err)
	return b
}

// TestShreddedNonObjectLookup is pitfall B17 through SQL: a key step on a
// Variant shredded as BOOLEAN or as a list, and an index step on BOOLEAN,
// are NULL for every row, selected and filtered.
func TestShreddedNonObjectLookup(t *testing.T) {
	bools := shreddedTable(t, t.TempDir(), shred.Typed(shred.TypeBoolean), rawVariant(t, "04"), rawVariant(t, "08"))
	require.Equal(t, []string{"1|NULL|NULL|true", "2|NULL|NULL|false"},
		rowsText(t, bools, "SELECT id, variant_get(v, '$.a', 'string'), variant_get(v, '$[0]', 'int'), variant_get(v, '$', 'boolean') FROM t ORDER BY id"))
	require.Equal(t, []int64{1, 2}, ids(t, bools, "variant_get(v, '$.a', 'string') IS NULL AND variant_get(v, '$[0]', 'int') IS NULL"))
	require.Nil(t, ids(t, bools, "variant_get(v, '$.a', 'string') = 'x' OR variant_get(v, '$[0]', 'int') = 1"))

	list := shreddedTable(t, t.TempDir(), shred.Array(shred.Typed(shred.TypeInt64)), []any{1, 2})
	require.Equal(t, []string{"1|NULL|1|2"},
		rowsText(t, list, "SELECT id, variant_get(v, '$.a', 'string'), variant_get(v, '$[0]', 'int'), variant_get(v, '$[1]', 'int') FROM t"))
	require.Equal(t, []int64{1}, ids(t, list, "variant_get(v, '$.a', 'string') IS NULL"))
}

// TestShreddedPerFileFields is pitfall B28 through SQL: one file shreds
// {a}, the next {a, b}; $.b reads 2 from both (from the residual value in
// the first) and $.c is NULL, selected and filtered.
func TestShreddedPerFileFields(t *testing.T) {
	dir := t.TempDir()
	a := shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)}
	b := shred.Field{Name: "b", Schema: shred.Typed(shred.TypeInt64)}
	shreddedTable(t, dir, shred.Object(a), map[string]any{"a": 1, "b": 2})
	shreddedTable(t, dir, shred.Object(a, b), map[string]any{"a": 1, "b": 2})
	for _, opts := range []string{"", "?data_skipping=false"} {
		db := openDB(t, dir+opts)
		require.Equal(t, []string{"1|2|NULL", "2|2|NULL"},
			rowsText(t, db, "SELECT id, variant_get(v, '$.b', 'int'), variant_get(v, '$.c', 'int') FROM t ORDER BY id"), opts)
		require.Equal(t, []int64{1, 2}, ids(t, db, "variant_get(v, '$.b', 'int') = 2"), opts)
		require.Nil(t, ids(t, db, "variant_get(v, '$.c', 'int') IS NOT NULL"), opts)
	}
}

// TestShreddedNarrowingCasts is pitfall B21 through SQL, shredded and not:
// int16 300 is no tinyint, int64 2^31 no int, decimal 3.00 is the int 3 and
// 1.50 no int; never 44, -2147483648 or 1.
func TestShreddedNarrowingCasts(t *testing.T) {
	row := func(d string) variant.Variant {
		var b variant.Builder
		b.BeginObject()
		b.Key("s")
		b.AppendInt16(300)
		b.Key("l")
		b.AppendInt64(1 << 31)
		b.Key("d")
		dec, err := variant.ParseDecimal(d)
		require.NoError(t, err)
		b.AppendDecimal(dec)
		b.EndObject()
		v, err := b.Build()
		require.NoError(t, err)
		return v
	}
	schema := shred.Object(
		shred.Field{Name: "s", Schema: shred.Typed(shred.TypeInt16)},
		shred.Field{Name: "l", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "d", Schema: shred.Primitive(shred.Decimal(9, 2))},
	)
	shredded := t.TempDir()
	shreddedTable(t, shredded, schema, row("3.00"), row("1.50"))
	plain, _ := storedTable(t, "?shred=none")
	for i, x := range []variant.Variant{row("3.00"), row("1.50")} {
		_, err := plain.Exec("INSERT INTO t VALUES (?, ?)", i+1, x)
		require.NoError(t, err)
	}
	for name, db := range map[string]*sql.DB{"shredded": openDB(t, shredded), "shredded, no skipping": openDB(t, shredded+"?data_skipping=false"), "unshredded": plain} {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, []string{"1|NULL|NULL|3|300|2147483648", "2|NULL|NULL|NULL|300|2147483648"},
				rowsText(t, db, "SELECT id, try_variant_get(v, '$.s', 'tinyint'), try_variant_get(v, '$.l', 'int'), try_variant_get(v, '$.d', 'int'), "+
					"try_variant_get(v, '$.s', 'smallint'), try_variant_get(v, '$.l', 'bigint') FROM t ORDER BY id"))
			require.Nil(t, ids(t, db, "try_variant_get(v, '$.s', 'tinyint') = 44"))
			require.Nil(t, ids(t, db, "try_variant_get(v, '$.l', 'int') = -2147483648"))
			require.Nil(t, ids(t, db, "try_variant_get(v, '$.d', 'int') = 1"))
			require.Equal(t, []int64{1}, ids(t, db, "try_variant_get(v, '$.d', 'int') = 3"))
			for _, c := range []struct{ expr, msg string }{
				{"variant_get(v, '$.s', 'tinyint')", "parquetvariant: variant_get(v, '$.s', 'tinyint'): variant: cannot cast: int16 300 to tinyint: out of range (in "},
				{"variant_get(v, '$.l', 'int')", "parquetvariant: variant_get(v, '$.l', 'int'): variant: cannot cast: int64 2147483648 to int: out of range (in "},
				{"variant_get(v, '$.d', 'int')", "parquetvariant: variant_get(v, '$.d', 'int'): variant: cannot cast: decimal4 1.50 to int: would lose digits (in "},
			} {
				_, err := rowsTextErr(db, "SELECT "+c.expr+" FROM t ORDER BY id")
				require.ErrorIs(t, err, variant.ErrCast, c.expr)
				require.ErrorContains(t, err, c.msg, c.expr)
			}
		})
	}
}

// TestShreddedNaN is pitfall B13 through SQL, shredded as DOUBLE and not:
// NaN and -0.0 rows do not fail the query, JSON stays valid, and the typed
// extraction keeps NaN and the sign of zero.
func TestShreddedNaN(t *testing.T) {
	vals := []any{
		rawVariant(t, "1C 00 00 00 00 00 00 F8 7F"), // NaN
		rawVariant(t, "1C 00 00 00 00 00 00 F0 7F"), // +Inf
		rawVariant(t, "1C 00 00 00 00 00 00 00 80"), // -0.0
		rawVariant(t, "38 00 00 00 80"),             // float -0.0
		rawVariant(t, "1C 00 00 00 00 00 00 F8 3F"), // 1.5
	}
	shredded := t.TempDir()
	shreddedTable(t, shredded, shred.Typed(shred.TypeDouble), vals...)
	plain, _ := storedTable(t, "?shred=none")
	tx, err := plain.Begin()
	require.NoError(t, err)
	for i, x := range vals {
		_, err := tx.Exec("INSERT INTO t VALUES (?, ?)", i+1, x)
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
	for name, db := range map[string]*sql.DB{"shredded": openDB(t, shredded), "unshredded": plain} {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, []string{`1|"NaN"|double`, `2|"Infinity"|double`, `3|-0.0|double`, `4|-0.0|float`, `5|1.5|double`},
				rowsText(t, db, "SELECT id, to_json(v), variant_typeof(v) FROM t ORDER BY id"))
			rows, err := db.Query("SELECT variant_get(v, '$', 'double') FROM t ORDER BY id")
			require.NoError(t, err)
			var got []uint64
			for rows.Next() {
				var f float64
				require.NoError(t, rows.Scan(&f))
				got = append(got, math.Float64bits(f))
			}
			require.NoError(t, rows.Err())
			require.NoError(t, rows.Close())
			require.Equal(t, []uint64{0x7FF8000000000000, 0x7FF0000000000000, 1 << 63, 1 << 63, 0x3FF8000000000000}, got)
			require.Equal(t, []int64{5}, ids(t, db, "variant_get(v, '$', 'double') BETWEEN 1 AND 2"))
		})
	}
}

// TestLongShortStringEqual is pitfall B07 through SQL: the string "a"
// stored as a long string (40 01 00 00 00 61) and as a short one (05 61)
// is one value in predicates and grouping.
func TestLongShortStringEqual(t *testing.T) {
	db, _ := storedTable(t, "?shred=none")
	for i, x := range []variant.Variant{rawVariant(t, "40 01 00 00 00 61"), rawVariant(t, "05 61"), rawVariant(t, "05 62")} {
		_, err := db.Exec("INSERT INTO t VALUES (?, ?)", i+1, x)
		require.NoError(t, err)
	}
	require.Equal(t, []int64{1, 2}, ids(t, db, "v = parse_json('\"a\"')"))
	require.Equal(t, []int64{1, 2}, ids(t, db, "variant_get(v, '$', 'string') = 'a'"))
	require.Equal(t, []int64{1, 2}, ids(t, db, "v->>'$' = 'a'"))
	require.Equal(t, []int64{1, 2}, ids(t, db, "v IN (parse_json('\"a\"'))"))
	require.Equal(t, []string{`"a"|2`, `"b"|1`}, rowsText(t, db, "SELECT to_json(v), COUNT(*) FROM t GROUP BY v ORDER BY 1"))
	require.Equal(t, []string{"2"}, rowsText(t, db, "SELECT COUNT(DISTINCT v) FROM t"))
}

// TestShreddedPartialObject is pitfall B22 through SQL: with only id
// shredded, the written file keeps name and city in the residual value
// (and id only in its typed_value), and every field reads back.
func TestShreddedPartialObject(t *testing.T) {
	dir := t.TempDir()
	db := shreddedTable(t, dir, shred.Object(shred.Field{Name: "id", Schema: shred.Typed(shred.TypeInt64)}),
		json.RawMessage(`{"id":1000,"name":"user_0","city":"city_0"}`))
	require.Equal(t, []string{`{"city":"city_0","id":1000,"name":"user_0"}|1000|user_0|city_0`},
		rowsText(t, db, "SELECT to_json(v), variant_get(v, '$.id', 'bigint'), variant_get(v, '$.name', 'string'), variant_get(v, '$.city', 'string') FROM t"))

	files, err := filepath.Glob(filepath.Join(dir, "t", "*.parquet"))
	require.NoError(t, err)
	var found bool
	for _, path := range files {
		rows, err := parquet.ReadFile[struct {
			V struct {
				Metadata []byte `parquet:"metadata"`
				Value    []byte `parquet:"value,optional"`
				Typed    struct {
					ID struct {
						Value []byte `parquet:"value,optional"`
						Typed *int64 `parquet:"typed_value,optional"`
					} `parquet:"id"`
				} `parquet:"typed_value,optional"`
			} `parquet:"v,optional"`
		}](path)
		require.NoError(t, err)
		for _, r := range rows {
			found = true
			residual, err := variant.New(r.V.Metadata, r.V.Value)
			require.NoError(t, err)
			require.Equal(t, `{"city":"city_0","name":"user_0"}`, residual.String())
			require.Nil(t, r.V.Typed.ID.Value)
			require.Equal(t, int64(1000), *r.V.Typed.ID.Typed)
		}
	}
	require.True(t, found)
}

// TestTimestampsIgnoreLocalZone is pitfall B20 through SQL, shredded and
// not: with the process zone set to America/Los_Angeles, a timestamp_ntz
// and a date cast as they do in UTC.
func TestTimestampsIgnoreLocalZone(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	saved := time.Local
	time.Local = la
	t.Cleanup(func() { time.Local = saved })

	vals := []any{rawVariant(t, "34 00 40 1E 18 24 0A 06 00"), rawVariant(t, "2C 20 4E 00 00")}
	shredded := t.TempDir()
	shreddedTable(t, shredded, shred.Typed(shred.TypeTimestampNTZ), vals...)
	plain, _ := storedTable(t, "?shred=none")
	for i, x := range vals {
		_, err := plain.Exec("INSERT INTO t VALUES (?, ?)", i+1, x)
		require.NoError(t, err)
	}
	for name, db := range map[string]*sql.DB{"shredded": openDB(t, shredded), "unshredded": plain} {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, []string{"1|2023-11-14 22:13:20|\"2023-11-14T22:13:20.000000\"", "2|2024-10-04|\"2024-10-04\""},
				rowsText(t, db, "SELECT id, variant_get(v, '$', 'string'), to_json(v) FROM t ORDER BY id"))
			var ntz, ts time.Time
			require.NoError(t, db.QueryRow("SELECT variant_get(v, '$', 'timestamp_ntz') FROM t WHERE id = 1").Scan(&ntz))
			require.Equal(t, time.Date(2023, 11, 14, 22, 13, 20, 0, time.UTC), ntz)
			require.Equal(t, time.UTC, ntz.Location())
			require.NoError(t, db.QueryRow("SELECT variant_get(v, '$', 'timestamp') FROM t WHERE id = 2").Scan(&ts))
			require.Equal(t, time.Date(2024, 10, 4, 0, 0, 0, 0, time.UTC), ts)
			require.Equal(t, time.UTC, ts.Location())
		})
	}
}

// TestStoredJSONText is pitfalls B06, B10 and B11 through SQL on stored
// values, shredded (shred=auto) and not: binary is base64, never text;
// decimals keep their leading zero and scale, with no exponent.
func TestStoredJSONText(t *testing.T) {
	cases := []struct{ value, typ, json string }{
		{"3C 02 00 00 00 01 02", "binary", `"AQI="`},
		{"40 02 00 00 00 01 02", "string", `"\u0001\u0002"`},
		{"20 01 05 00 00 00", "decimal4", `0.5`},
		{"20 01 FB FF FF FF", "decimal4", `-0.5`},
		{"03 01 00 06 20 01 05 00 00 00", "array", `[0.5]`},
		{"20 02 00 00 00 00", "decimal4", `0.00`},
		{"20 01 64 00 00 00", "decimal4", `10.0`},
		{"28 00 00 00 10 63 2D 5E C7 6B 05 00 00 00 00 00 00 00", "decimal16", `100000000000000000000`},
	}
	var want []string
	for i, c := range cases {
		want = append(want, fmt.Sprintf("%d|%s|%s", i+1, c.typ, c.json))
	}
	for _, mode := range []string{"", "?shred=none"} {
		t.Run(mode, func(t *testing.T) {
			db, _ := storedTable(t, mode)
			tx, err := db.Begin()
			require.NoError(t, err)
			for i, c := range cases {
				_, err := tx.Exec("INSERT INTO t VALUES (?, ?)", i+1, rawVariant(t, c.value))
				require.NoError(t, err)
			}
			_, err = tx.Exec("INSERT INTO t VALUES (?, ?)", len(cases)+1, []byte{1, 2})
			require.NoError(t, err)
			require.NoError(t, tx.Commit())
			require.Equal(t, append(want, fmt.Sprintf(`%d|binary|"AQI="`, len(cases)+1)),
				rowsText(t, db, "SELECT id, variant_typeof(v), to_json(v) FROM t ORDER BY id"))
			var b []byte
			require.NoError(t, db.QueryRow("SELECT variant_get(v, '$', 'binary') FROM t WHERE id = 1").Scan(&b))
			require.Equal(t, []byte{1, 2}, b)
		})
	}
}
