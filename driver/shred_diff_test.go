package driver_test

// Differential test of shredded Variant storage and reads: the same random
// rows go into tables that differ only in how their Variant column is stored
// (shred=none, automatic shredding, a fixed Config.Shredding schema), and the
// same random queries must give the same results on all of them, with data
// skipping on and off (rows and queries from shred_diff_gen_test.go).

import (
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// TestShredDifferential runs the differential test on 2 random tables (12
// without -short; DIFF_SEEDS and DIFF_SEED set the count and the first
// seed, DIFF_DIR keeps the tables).
func TestShredDifferential(t *testing.T) {
	seeds := 2
	if !testing.Short() {
		seeds = 12
	}
	if s := os.Getenv("DIFF_SEEDS"); s != "" {
		seeds, _ = strconv.Atoi(s)
	}
	first := uint64(1)
	if s := os.Getenv("DIFF_SEED"); s != "" {
		v, _ := strconv.Atoi(s)
		first = uint64(v)
	}
	for seed := first; seed < first+uint64(seeds); seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) { shredDiffSeed(t, seed) })
	}
}

func shredDiffSeed(t *testing.T, seed uint64) {
	g := &diffGen{r: rand.New(rand.NewPCG(seed, 99))}
	plan := map[string]*diffField{}
	g.top = plan
	for _, k := range diffTopKeys {
		plan[k] = g.plan(1)
	}
	g.bare = g.r.IntN(6) == 0
	if g.bare && plan["a"].kind != "obj" && plan["a"].kind != "arr" && g.r.IntN(2) == 0 {
		plan["a"] = &diffField{kind: "obj", sub: map[string]*diffField{"x": g.plan(1), "y": g.plan(1)}, subKey: []string{"x", "y"}, rate: 1}
	}
	nrows := 40 + g.r.IntN(200)
	// Split the rows into 1-3 files.
	cuts := []int{0}
	for n := g.r.IntN(3); n > 0; n-- {
		cuts = append(cuts, g.r.IntN(nrows))
	}
	cuts = append(cuts, nrows)
	sort.Ints(cuts)
	rows := make([]*pv, nrows)
	block, c := 0, 1
	g.loc = -1
	for i := range rows {
		if i == cuts[c] {
			for ; i == cuts[c]; c++ {
			}
			if g.r.IntN(2) == 0 && !g.bare { // a field changes type from this file on
				plan[g.pick(diffTopKeys)] = g.plan(1)
			}
		}
		if block == 0 {
			block = 2 + g.r.IntN(30)
			g.loc = int64(g.r.IntN(40))
			if g.r.IntN(4) == 0 {
				g.loc = -1
			}
		}
		block--
		rows[i] = g.row(plan)
	}
	g.loc = -1
	fixed := g.topSchema(plan)
	if g.bare || g.r.IntN(6) == 0 {
		fixed = g.schema(plan["a"], 0)
	}
	rgRows := 3 + g.r.IntN(20)
	dir := t.TempDir()
	if d := os.Getenv("DIFF_DIR"); d != "" {
		dir = filepath.Join(d, fmt.Sprint(seed))
		require.NoError(t, os.MkdirAll(dir, 0o755))
	}
	base := pvdriver.NewConfig()
	base.Root = dir
	base.RowGroupRows = rgRows
	none := *base
	none.Shred = pvdriver.ShredNone
	fixedCfg := *base
	fixedCfg.Shredding = map[string]map[string]shred.Schema{"t_fixed": {"v": fixed}}
	stores := []diffStore{
		{name: "none", table: "t_none", writer: openConfig(t, &none)},
		{name: "auto", table: "t_auto", writer: openConfig(t, base)},
		{name: "fixed", table: "t_fixed", writer: openConfig(t, &fixedCfg)},
	}
	vals := make([]any, nrows)
	for i, r := range rows {
		if r != nil {
			vals[i] = r.variant(t)
		}
	}
	for _, s := range stores {
		_, err := s.writer.Exec("CREATE TABLE " + s.table + " (id BIGINT NOT NULL, v VARIANT)")
		require.NoError(t, err)
		for c := 0; c+1 < len(cuts); c++ {
			if cuts[c] == cuts[c+1] {
				continue
			}
			tx, err := s.writer.Begin()
			require.NoError(t, err)
			stmt, err := tx.Prepare("INSERT INTO " + s.table + " VALUES (?, ?)")
			require.NoError(t, err)
			for i := cuts[c]; i < cuts[c+1]; i++ {
				_, err := stmt.Exec(i, vals[i])
				require.NoError(t, err, "store %s row %d", s.name, i)
			}
			require.NoError(t, tx.Commit(), "store %s", s.name)
		}
	}
	on := *base
	off := *base
	off.DataSkipping = false
	readers := []struct {
		name string
		db   *sql.DB
	}{{"skip=off", openConfig(t, &off)}, {"skip=on", openConfig(t, &on)}}

	ctx := fmt.Sprintf("seed %d, %d rows, row_group_rows %d, files at %v, fixed schema %s", seed, nrows, rgRows, cuts, fixed)

	// The unshredded table against the Go values.
	got := rowsText(t, readers[0].db, "SELECT id, to_json(v) FROM t_none ORDER BY id")
	var want []string
	for i, v := range vals {
		if v == nil {
			want = append(want, fmt.Sprintf("%d|NULL", i))
		} else {
			want = append(want, fmt.Sprintf("%d|%s", i, v.(variant.Variant).String()))
		}
	}
	require.Equal(t, want, got, ctx)
	for k := 0; k < 6; k++ {
		p := g.path()
		typ := g.pick([]string{"bigint", "double", "string", "boolean", "decimal(18,4)", "date", "timestamp", "variant"})
		q := fmt.Sprintf("SELECT id, try_variant_get(v, '%s', '%s') FROM t_none ORDER BY id", p, typ)
		got := rowsText(t, readers[0].db, q)
		st, err := variant.ParseSQLType(typ)
		require.NoError(t, err)
		want = want[:0]
		for i, v := range vals {
			s := "NULL"
			if v != nil {
				x, found, err := v.(variant.Variant).Get(variant.MustParsePath(p))
				require.NoError(t, err)
				if found {
					r, ok, err := x.TryCast(st)
					require.NoError(t, err)
					if ok {
						switch r := r.(type) {
						case variant.Variant:
							s = r.String()
						case variant.Decimal:
							s = r.String()
						default:
							s = fmt.Sprint(r)
						}
					}
				}
			}
			want = append(want, fmt.Sprintf("%d|%s", i, s))
		}
		require.Equal(t, want, got, "%s\n%s", q, ctx)
	}

	failures := 0
	skipped := map[string]int{}
	defer func() { t.Logf("row groups skipped with skip=on: %v", skipped) }()
	for _, q := range g.queries(70) {
		if strings.Contains(q.sql, "WHERE") && !strings.Contains(q.sql, "GROUP") {
			for _, s := range stores {
				out, err := rowsTextErr(readers[1].db, "EXPLAIN ANALYZE "+strings.ReplaceAll(q.sql, "{T}", s.table))
				if err != nil {
					continue
				}
				for _, l := range out {
					if n, ok := strings.CutPrefix(l, "row groups skipped|"); ok {
						k, _ := strconv.Atoi(n)
						skipped[s.name] += k
					}
					if n, ok := strings.CutPrefix(l, "pages skipped|"); ok {
						k, _ := strconv.Atoi(n)
						skipped[s.name+" pages"] += k
					}
				}
			}
		}
		type res struct {
			who  string
			rows []string
			err  error
		}
		var all []res
		for _, rd := range readers {
			for _, s := range stores {
				sqlText := strings.ReplaceAll(q.sql, "{T}", s.table)
				out, err := rowsTextErr(rd.db, sqlText)
				if strings.Contains(q.sql, "variant_typeof") {
					for i := range out {
						out[i] = strings.TrimSuffix(normTypeof(out[i]+"|"), "|")
					}
				}
				if q.unordered {
					sort.Strings(out)
				}
				all = append(all, res{who: s.name + "/" + rd.name, rows: out, err: err})
			}
		}
		ref := all[0]
		if !q.strict {
			require.NoError(t, ref.err, "%s\n%s", q.sql, ctx)
		}
		for _, r := range all[1:] {
			if ref.err != nil || r.err != nil {
				if !q.strict {
					require.NoError(t, r.err, "%s: %s\n%s", r.who, q.sql, ctx)
				}
				// With skipping off every row is evaluated in every storage.
				if strings.HasSuffix(r.who, "skip=off") && (ref.err == nil) != (r.err == nil) {
					t.Errorf("%s: %s: error %v, none: error %v\n%s", r.who, q.sql, r.err, ref.err, ctx)
					failures++
				}
				continue
			}
			if strings.Join(ref.rows, "\n") == strings.Join(r.rows, "\n") {
				continue
			}
			failures++
			t.Errorf("%s differs from none/skip=off: %s\n%s\n%s", r.who, q.sql, ctx, diffRows(ref.rows, r.rows))
		}
		if failures > 5 {
			t.Fatal("too many discrepancies")
		}
	}
}

// diffRows shows the first rows that differ.
func diffRows(a, b []string) string {
	var sb strings.Builder
	n := 0
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			fmt.Fprintf(&sb, "  row %d: want %q\n          got  %q\n", i, x, y)
			if n++; n > 4 {
				break
			}
		}
	}
	if len(a) != len(b) {
		fmt.Fprintf(&sb, "  %d rows, got %d\n", len(a), len(b))
	}
	return sb.String()
}

// diffPagesDB writes the same rows into t_none (shred=none), t_auto
// (automatic) and t_fixed (the fixed schema) in one file each, and returns
// readers with data skipping off and on.
func diffPagesDB(t *testing.T, rows []any, fixed shred.Schema, rgRows int) (off, on *sql.DB) {
	t.Helper()
	dir := t.TempDir()
	base := pvdriver.NewConfig()
	base.Root = dir
	if rgRows > 0 {
		base.RowGroupRows = rgRows
	}
	none := *base
	none.Shred = pvdriver.ShredNone
	fixedCfg := *base
	fixedCfg.Shredding = map[string]map[string]shred.Schema{"t_fixed": {"v": fixed}}
	for _, s := range []struct {
		table string
		cfg   *pvdriver.Config
	}{{"t_none", &none}, {"t_auto", base}, {"t_fixed", &fixedCfg}} {
		db := openConfig(t, s.cfg)
		_, err := db.Exec("CREATE TABLE " + s.table + " (id BIGINT NOT NULL, v VARIANT)")
		require.NoError(t, err)
		tx, err := db.Begin()
		require.NoError(t, err)
		stmt, err := tx.Prepare("INSERT INTO " + s.table + " VALUES (?, ?)")
		require.NoError(t, err)
		for i, v := range rows {
			_, err := stmt.Exec(i, v)
			require.NoError(t, err)
		}
		require.NoError(t, tx.Commit())
	}
	offCfg := *base
	offCfg.DataSkipping = false
	return openConfig(t, &offCfg), openConfig(t, base)
}

// diffSame runs q on the three tables with skipping off and on and
// requires one result, which it returns.
func diffSame(t *testing.T, off, on *sql.DB, q string) []string {
	t.Helper()
	want := rowsText(t, off, strings.ReplaceAll(q, "{T}", "t_none"))
	for _, db := range []*sql.DB{off, on} {
		for _, tb := range []string{"t_none", "t_auto", "t_fixed"} {
			got := rowsText(t, db, strings.ReplaceAll(q, "{T}", tb))
			require.Equal(t, want, got, "%s on %s, skip=%v", q, tb, db == on)
		}
	}
	return want
}

// TestShredDifferentialPages checks page skipping inside one row group of more
// than 20,000 rows, where a shredded field's value column holds values in
// a few rows (strings that cast to numbers, and long strings that split the
// value column's pages by size so that its pages do not line up with the
// typed_value column's).
func TestShredDifferentialPages(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 3 x 45,000 rows")
	}
	const n = 45000
	rows := make([]any, n)
	long := strings.Repeat("x", 40000)
	for i := range rows {
		m := map[string]any{"a": int64(i), "s": fmt.Sprintf("k%06d", i), "arr": []any{int64(i), int64(-i)}}
		switch {
		case i >= 21000 && i < 21060:
			m["a"] = long + strconv.Itoa(i)
			m["s"] = long
		case i == 27000 || i == 41000:
			m["a"] = "7"
			m["s"] = int64(7)
		case i == 30000:
			m["a"] = nil
		}
		rows[i] = m
	}
	fixed := shred.Object(
		shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "s", Schema: shred.Typed(shred.TypeString)},
		shred.Field{Name: "arr", Schema: shred.Array(shred.Typed(shred.TypeInt64))},
	)
	off, on := diffPagesDB(t, rows, fixed, 0)
	require.Equal(t, []string{"0|0", "7|7", "27000|7", "41000|7"},
		diffSame(t, off, on, "SELECT id, try_variant_get(v, '$.a', 'bigint') FROM {T} WHERE try_variant_get(v, '$.a', 'bigint') = 7 OR try_variant_get(v, '$.a', 'bigint') = 0 ORDER BY id"))
	diffSame(t, off, on, "SELECT id, to_json(v) FROM {T} WHERE try_variant_get(v, '$.a', 'bigint') BETWEEN 5 AND 8 ORDER BY id")
	diffSame(t, off, on, "SELECT id, to_json(v) FROM {T} WHERE try_variant_get(v, '$.a', 'bigint') IN (7, 25000, 44999) ORDER BY id")
	diffSame(t, off, on, "SELECT id, to_json(v) FROM {T} WHERE try_variant_get(v, '$.s', 'string') = 'k025000' OR try_variant_get(v, '$.s', 'string') = '7' ORDER BY id")
	diffSame(t, off, on, "SELECT id FROM {T} WHERE try_variant_get(v, '$.s', 'string') LIKE 'x%' ORDER BY id")
	diffSame(t, off, on, "SELECT id, to_json(v->'$.arr') FROM {T} WHERE try_variant_get(v, '$.a', 'bigint') > 44990 ORDER BY id")
	diffSame(t, off, on, "SELECT id, to_json(v->'$.arr') FROM {T} WHERE try_variant_get(v, '$.a', 'bigint') BETWEEN 19995 AND 20005 ORDER BY id")
	diffSame(t, off, on, "SELECT id, v->'$.a' FROM {T} WHERE try_variant_get(v, '$.a', 'bigint') IS NULL ORDER BY id")
	diffSame(t, off, on, "SELECT COUNT(*), MIN(try_variant_get(v, '$.arr[1]', 'bigint')) FROM {T} WHERE try_variant_get(v, '$.arr[0]', 'bigint') >= 40000")
	diffSame(t, off, on, "SELECT id FROM {T} WHERE try_variant_get(v, '$.arr[0]', 'bigint') = 7 ORDER BY id")
	for _, tb := range []string{"t_auto", "t_fixed"} {
		plan := explain(t, on, "EXPLAIN ANALYZE SELECT id FROM "+tb+" WHERE try_variant_get(v, '$.a', 'bigint') BETWEEN 25000 AND 25010")
		require.Regexp(t, `^[1-9]`, plan["pages skipped"], "%s: the shredded column's pages skip: %v", tb, plan)
	}
}

// TestShredDifferentialCasts checks casts that change a shredded value against
// row group statistics: each case's rows all hold one value of one type in
// field t, shredded as that type, and a query whose cast converts it.
func TestShredDifferentialCasts(t *testing.T) {
	mk := func(f func(b *variant.Builder)) variant.Variant {
		var b variant.Builder
		b.BeginObject()
		b.Key("t")
		f(&b)
		b.EndObject()
		v, err := b.Build()
		require.NoError(t, err)
		return v
	}
	dec := func(u int64, s int) variant.Decimal {
		d, err := variant.NewDecimal(u, s)
		require.NoError(t, err)
		return d
	}
	const base = int64(1704067200000000) // 2024-01-01 00:00:00 UTC
	cases := []struct {
		name  string
		typ   shred.Type
		val   func(b *variant.Builder)
		where string
	}{
		{"nanos as timestamp", shred.Type{ID: shred.TypeTimestampNanos}, func(b *variant.Builder) { b.AppendTimestampNanos(base*1000 + 1) }, "variant_get(v, '$.t', 'timestamp') = '2024-01-01 00:00:00'"},
		{"nanos as timestamp le", shred.Type{ID: shred.TypeTimestampNanos}, func(b *variant.Builder) { b.AppendTimestampNanos(base*1000 + 999) }, "variant_get(v, '$.t', 'timestamp') <= '2024-01-01 00:00:00'"},
		{"ntz nanos as timestamp_ntz", shred.Type{ID: shred.TypeTimestampNTZNanos}, func(b *variant.Builder) { b.AppendTimestampNTZNanos(base*1000 + 999) }, "variant_get(v, '$.t', 'timestamp_ntz') = '2024-01-01 00:00:00'"},
		{"timestamp as date", shred.Type{ID: shred.TypeTimestamp}, func(b *variant.Builder) { b.AppendTimestamp(base + 36000000000) }, "variant_get(v, '$.t', 'date') = '2024-01-01'"},
		{"ntz as date", shred.Type{ID: shred.TypeTimestampNTZ}, func(b *variant.Builder) { b.AppendTimestampNTZ(base + 36000000000) }, "variant_get(v, '$.t', 'date') = '2024-01-01'"},
		{"date as timestamp", shred.Type{ID: shred.TypeDate}, func(b *variant.Builder) { b.AppendDate(19723) }, "variant_get(v, '$.t', 'timestamp') > '2024-01-01 10:00:00'"},
		{"ntz as timestamp", shred.Type{ID: shred.TypeTimestampNTZ}, func(b *variant.Builder) { b.AppendTimestampNTZ(base) }, "variant_get(v, '$.t', 'timestamp') = '2024-01-01 00:00:00'"},
		{"tz as timestamp_ntz", shred.Type{ID: shred.TypeTimestamp}, func(b *variant.Builder) { b.AppendTimestamp(base) }, "variant_get(v, '$.t', 'timestamp_ntz') = '2024-01-01 00:00:00'"},
		{"decimal narrower scale", shred.Decimal(9, 2), func(b *variant.Builder) { b.AppendDecimal(dec(125, 2)) }, "try_variant_get(v, '$.t', 'decimal(9,1)') = 1.3"},
		{"decimal narrower scale 2", shred.Decimal(9, 2), func(b *variant.Builder) { b.AppendDecimal(dec(125, 2)) }, "try_variant_get(v, '$.t', 'decimal(9,1)') >= 1.3"},
		{"decimal to bigint", shred.Decimal(9, 2), func(b *variant.Builder) { b.AppendDecimal(dec(150, 2)) }, "try_variant_get(v, '$.t', 'bigint') = 2"},
		{"decimal to int", shred.Decimal(9, 2), func(b *variant.Builder) { b.AppendDecimal(dec(149, 2)) }, "try_variant_get(v, '$.t', 'int') = 1"},
		{"decimal wider", shred.Decimal(9, 2), func(b *variant.Builder) { b.AppendDecimal(dec(150, 2)) }, "try_variant_get(v, '$.t', 'decimal(18,4)') = 1.5"},
		{"decimal too narrow", shred.Decimal(9, 2), func(b *variant.Builder) { b.AppendDecimal(dec(12345, 2)) }, "try_variant_get(v, '$.t', 'decimal(3,2)') IS NULL"},
		{"double to bigint", shred.Type{ID: shred.TypeDouble}, func(b *variant.Builder) { b.AppendFloat64(1.5) }, "try_variant_get(v, '$.t', 'bigint') = 2"},
		{"double to float", shred.Type{ID: shred.TypeDouble}, func(b *variant.Builder) { b.AppendFloat64(0.1) }, "try_variant_get(v, '$.t', 'float') = 0.1"},
		{"double to float inf", shred.Type{ID: shred.TypeDouble}, func(b *variant.Builder) { b.AppendFloat64(1e300) }, "try_variant_get(v, '$.t', 'float') IS NULL"},
		{"float to double", shred.Type{ID: shred.TypeFloat}, func(b *variant.Builder) { b.AppendFloat32(0.1) }, "try_variant_get(v, '$.t', 'double') < 0.1000001"},
		{"float to decimal", shred.Type{ID: shred.TypeFloat}, func(b *variant.Builder) { b.AppendFloat32(1.5) }, "try_variant_get(v, '$.t', 'decimal(9,0)') = 2"},
		{"int to tinyint out", shred.Type{ID: shred.TypeInt64}, func(b *variant.Builder) { b.AppendInt64(300) }, "try_variant_get(v, '$.t', 'tinyint') IS NULL"},
		{"int8 to bigint", shred.Type{ID: shred.TypeInt8}, func(b *variant.Builder) { b.AppendInt8(-5) }, "try_variant_get(v, '$.t', 'bigint') < 0"},
		{"int to decimal", shred.Type{ID: shred.TypeInt64}, func(b *variant.Builder) { b.AppendInt64(7) }, "try_variant_get(v, '$.t', 'decimal(9,2)') = 7"},
		{"int to decimal overflow", shred.Type{ID: shred.TypeInt64}, func(b *variant.Builder) { b.AppendInt64(1000) }, "try_variant_get(v, '$.t', 'decimal(3,1)') IS NULL"},
		{"int to string", shred.Type{ID: shred.TypeInt64}, func(b *variant.Builder) { b.AppendInt64(10) }, "try_variant_get(v, '$.t', 'string') < '9'"},
		{"bool to bigint", shred.Type{ID: shred.TypeBoolean}, func(b *variant.Builder) { b.AppendBool(true) }, "try_variant_get(v, '$.t', 'bigint') = 1"},
		{"bool to string", shred.Type{ID: shred.TypeBoolean}, func(b *variant.Builder) { b.AppendBool(true) }, "try_variant_get(v, '$.t', 'string') = 'true'"},
		{"string to bigint", shred.Type{ID: shred.TypeString}, func(b *variant.Builder) { b.AppendString("12") }, "try_variant_get(v, '$.t', 'bigint') = 12"},
		{"string to bigint lt", shred.Type{ID: shred.TypeString}, func(b *variant.Builder) { b.AppendString("9") }, "try_variant_get(v, '$.t', 'bigint') < 10"},
		{"string to date", shred.Type{ID: shred.TypeString}, func(b *variant.Builder) { b.AppendString("2024-01-02T23:00:00-05:00") }, "try_variant_get(v, '$.t', 'date') = '2024-01-03'"},
		{"string to boolean", shred.Type{ID: shred.TypeString}, func(b *variant.Builder) { b.AppendString("true") }, "try_variant_get(v, '$.t', 'boolean') = TRUE"},
		{"string to double", shred.Type{ID: shred.TypeString}, func(b *variant.Builder) { b.AppendString("1e1") }, "try_variant_get(v, '$.t', 'double') = 10"},
		{"uuid to string", shred.Type{ID: shred.TypeUUID}, func(b *variant.Builder) { b.AppendUUID(uuid.UUID{15: 1}) }, "try_variant_get(v, '$.t', 'string') LIKE '0000%'"},
		{"binary to string", shred.Type{ID: shred.TypeBinary}, func(b *variant.Builder) { b.AppendBinary([]byte("zz")) }, "try_variant_get(v, '$.t', 'string') = 'zz'"},
		{"date to string", shred.Type{ID: shred.TypeDate}, func(b *variant.Builder) { b.AppendDate(19723) }, "try_variant_get(v, '$.t', 'string') = '2024-01-01'"},
		{"time to string", shred.Type{ID: shred.TypeTime}, func(b *variant.Builder) { b.AppendTimeMicros(36000000000) }, "try_variant_get(v, '$.t', 'string') LIKE '10:%'"},
		{"int16 as smallint", shred.Type{ID: shred.TypeInt16}, func(b *variant.Builder) { b.AppendInt16(-300) }, "try_variant_get(v, '$.t', 'tinyint') IS NULL"},
		{"int32 big as int", shred.Type{ID: shred.TypeInt32}, func(b *variant.Builder) { b.AppendInt32(math.MaxInt32) }, "try_variant_get(v, '$.t', 'smallint') IS NULL"},
		{"float nan", shred.Type{ID: shred.TypeFloat}, func(b *variant.Builder) { b.AppendFloat32(float32(math.NaN())) }, "try_variant_get(v, '$.t', 'double') > 1"},
		{"double -0", shred.Type{ID: shred.TypeDouble}, func(b *variant.Builder) { b.AppendFloat64(math.Copysign(0, -1)) }, "try_variant_get(v, '$.t', 'double') >= 0"},
		{"double 0 lt", shred.Type{ID: shred.TypeDouble}, func(b *variant.Builder) { b.AppendFloat64(0) }, "try_variant_get(v, '$.t', 'double') <= -0.0"},
		{"decimal16", shred.Decimal(38, 2), func(b *variant.Builder) { b.AppendDecimal(dec(-5, 2)) }, "try_variant_get(v, '$.t', 'decimal(38,2)') < 0"},
		{"decimal16 to double", shred.Decimal(38, 2), func(b *variant.Builder) { b.AppendDecimal(dec(10, 2)) }, "try_variant_get(v, '$.t', 'double') = 0.1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := make([]any, 20)
			for i := range rows {
				if i < 10 {
					rows[i] = mk(c.val)
				} else {
					rows[i] = mk(func(b *variant.Builder) { b.AppendNull() })
				}
			}
			fixed := shred.Object(shred.Field{Name: "t", Schema: shred.Primitive(c.typ)})
			off, on := diffPagesDB(t, rows, fixed, 10)
			q := "SELECT COUNT(*) FROM {T} WHERE " + c.where
			want := rowsText(t, off, strings.ReplaceAll(q, "{T}", "t_none"))
			for _, db := range []*sql.DB{off, on} {
				for _, tb := range []string{"t_none", "t_auto", "t_fixed"} {
					got, err := rowsTextErr(db, strings.ReplaceAll(q, "{T}", tb))
					require.NoError(t, err)
					if !diffEqual(want, got) {
						t.Errorf("%s on %s skip=%v: got %v, t_none skip=off %v", q, tb, db == on, got, want)
					}
				}
			}
		})
	}
}

func diffEqual(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}

// openConfig opens a database on a Connector for cfg, closed when the test
// ends.
func openConfig(t *testing.T, cfg *pvdriver.Config) *sql.DB {
	t.Helper()
	conn, err := pvdriver.NewConnector(cfg)
	require.NoError(t, err)
	db := sql.OpenDB(conn)
	t.Cleanup(func() { db.Close() })
	return db
}
