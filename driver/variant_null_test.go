package driver_test

import (
	"database/sql"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// The Variant null is a value, apart from SQL NULL (design.md section 3):
// it equals the Variant null and nothing else, <=> NULL and IS NULL agree
// (both true only for SQL NULL), and GROUP BY and DISTINCT keep it as a
// group of its own; COUNT counts it and SUM, AVG, MIN and MAX skip it as
// they skip SQL NULL.
func TestVariantNullIsAValue(t *testing.T) {
	for _, mode := range storedModes {
		t.Run(mode, func(t *testing.T) {
			db, _ := storedTable(t, mode, `{"x":null}`, `{"x":1}`, `{}`, `{"x":"s"}`, `null`)
			_, err := db.Exec("INSERT INTO t VALUES (6, NULL)")
			require.NoError(t, err)
			x := "v->'$.x'"
			for _, c := range []struct {
				where string
				want  []int64
			}{
				// Row 5 (v the Variant null) has no field x; row 6 is SQL NULL.
				{x + " IS NULL", []int64{3, 5, 6}},
				{x + " <=> NULL", []int64{3, 5, 6}},
				{"NOT (" + x + " <=> NULL)", []int64{1, 2, 4}},
				{x + " IS NOT NULL", []int64{1, 2, 4}},
				{"v IS NULL", []int64{6}},
				{"v <=> NULL", []int64{6}},
				{x + " = parse_json('null')", []int64{1}},
				{x + " <=> parse_json('null')", []int64{1}},
				{x + " <> parse_json('null')", nil},
				{"v = parse_json('null')", []int64{5}},
				{x + " = " + x, []int64{1, 2, 4}},
				{x + " IN (parse_json('null'), 1)", []int64{1, 2}},
				{x + " NOT IN (parse_json('null'))", nil},
				{"is_variant_null(" + x + ")", []int64{1}},
				{"parse_json('null') <=> NULL", nil},
				{"id = 6 AND NULL <=> NULL", []int64{6}},
			} {
				require.Equal(t, c.want, ids(t, db, c.where), c.where)
			}

			var n, nDistinct int64
			var lo, hi sql.NullString
			require.NoError(t, db.QueryRow("SELECT COUNT("+x+"), COUNT(DISTINCT "+x+"), to_json(MIN("+x+")), to_json(MAX("+x+")) FROM t").Scan(&n, &nDistinct, &lo, &hi))
			require.Equal(t, int64(3), n)
			require.Equal(t, int64(3), nDistinct)
			require.Equal(t, sql.NullString{String: "1", Valid: true}, lo)
			require.Equal(t, sql.NullString{String: `"s"`, Valid: true}, hi)

			rows, err := db.Query("SELECT to_json(" + x + ") AS k, COUNT(*) FROM t GROUP BY " + x + " ORDER BY " + x)
			require.NoError(t, err)
			defer rows.Close()
			var got []string
			for rows.Next() {
				var k sql.NullString
				var c int64
				require.NoError(t, rows.Scan(&k, &c))
				if !k.Valid {
					k.String = "SQL NULL"
				}
				got = append(got, k.String+":"+string(rune('0'+c)))
			}
			require.NoError(t, rows.Err())
			require.Equal(t, []string{"SQL NULL:3", "null:1", "1:1", `"s":1`}, got)
		})
	}
}

// Times compare as instants, with a session time zone of UTC: a date, a
// timestamp and a timestamp_ntz of the same instant are equal as Variants,
// and another instant is not.
func TestVariantTimesCompareAsInstants(t *testing.T) {
	db, _ := storedTable(t, "", `{}`)
	day := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	mk := func(add func(b *variant.Builder)) variant.Variant {
		var b variant.Builder
		add(&b)
		v, err := b.Build()
		require.NoError(t, err)
		return v.Clone()
	}
	micros := day.UnixMicro()
	date := mk(func(b *variant.Builder) { b.AppendDate(int32(micros / 86_400_000_000)) })
	ts := mk(func(b *variant.Builder) { b.AppendTimestamp(micros) })
	ntz := mk(func(b *variant.Builder) { b.AppendTimestampNTZ(micros) })
	later := mk(func(b *variant.Builder) { b.AppendTimestamp(micros + 1) })
	for _, c := range []struct {
		a, b variant.Variant
		want bool
	}{{date, ts, true}, {date, ntz, true}, {ts, ntz, true}, {ts, later, false}, {date, later, false}} {
		var eq bool
		require.NoError(t, db.QueryRow("SELECT ? = ? FROM t", c.a, c.b).Scan(&eq))
		require.Equal(t, c.want, eq, "%s = %s", c.a, c.b)
	}
}
