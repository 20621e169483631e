package driver_test

import (
	"bytes"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// ---- reading the driver's values back ----

// fromDriver turns a value scanned into *any from column c into the Go
// model.
func fromDriver(t *testing.T, c pcol, v any) any {
	t.Helper()
	if v == nil {
		return nil
	}
	switch c.typ {
	case "BINARY":
		return pbin(v.([]byte))
	case "DECIMAL":
		var s string
		switch x := v.(type) {
		case string:
			s = x
		case []byte:
			s = string(x)
		default:
			t.Fatalf("DECIMAL came back as %T %v", v, v)
		}
		rat, ok := new(big.Rat).SetString(s)
		require.True(t, ok, s)
		return rat
	case "DATE":
		tm := v.(time.Time)
		return pdate(tm.Unix() / 86400)
	case "TIME":
		s := v.(string)
		var h, m, sec, us int64
		_, err := fmt.Sscanf(s, "%02d:%02d:%02d.%06d", &h, &m, &sec, &us)
		require.NoError(t, err, s)
		return ptime(((h*60+m)*60+sec)*1e6 + us)
	case "TIMESTAMP":
		return pts(v.(time.Time).UnixMicro())
	case "UUID":
		b, err := hex.DecodeString(strings.ReplaceAll(v.(string), "-", ""))
		require.NoError(t, err)
		return puuid(b)
	}
	return v
}

// scanAll runs q and returns each row's values scanned into *any.
func scanAll(t *testing.T, db *sql.DB, q string, args ...any) [][]any {
	t.Helper()
	rows, err := db.Query(q, args...)
	require.NoError(t, err, "%s %v", q, args)
	defer rows.Close()
	cols, err := rows.Columns()
	require.NoError(t, err)
	var out [][]any
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		require.NoError(t, rows.Scan(ptrs...))
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				vals[i] = bytes.Clone(b)
			}
		}
		out = append(out, vals)
	}
	require.NoError(t, rows.Err(), "%s %v", q, args)
	return out
}

// idsErr runs q and returns the first column of each row as int64.
func idsErr(db *sql.DB, q string, args ...any) ([]int64, error) {
	rows, err := db.Query(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// ---- the test ----

// TestPlainDifferential runs the differential test on 4 random tables (40
// without -short; DIFF_SEEDS and DIFF_FIRST set the count and the first
// seed).
func TestPlainDifferential(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 4
	}
	if s := os.Getenv("DIFF_SEEDS"); s != "" {
		seeds, _ = strconv.Atoi(s)
	}
	first := 1
	if s := os.Getenv("DIFF_FIRST"); s != "" {
		first, _ = strconv.Atoi(s)
	}
	for seed := first; seed < first+seeds; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { plainDiffSeed(t, uint64(seed)) })
	}
}

func plainDiffSeed(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b9))
	dir := t.TempDir()
	rg := 5 + r.IntN(46)
	on := openDB(t, fmt.Sprintf("%s?row_group_rows=%d", dir, rg))
	off := openDB(t, dir+"?data_skipping=false")

	cols := []pcol{{name: "id", typ: "BIGINT", notNull: true}}
	ncols := 2 + r.IntN(5)
	for i := range ncols {
		c := pcol{name: fmt.Sprintf("c%d", i), typ: plainTypes[r.IntN(len(plainTypes))], notNull: r.IntN(4) == 0}
		if c.typ == "DECIMAL" {
			c.p = 1 + r.IntN(38)
			c.s = r.IntN(c.p + 1)
		}
		cols = append(cols, c)
	}
	var ddl []string
	for _, c := range cols {
		ddl = append(ddl, c.ddl())
	}
	_, err := on.Exec("CREATE TABLE t (" + strings.Join(ddl, ", ") + ")")
	require.NoError(t, err)

	// Pools of values per column, so that values repeat.
	pools := make([][]any, len(cols))
	for ci, c := range cols[1:] {
		for range 4 + r.IntN(30) {
			pools[ci+1] = append(pools[ci+1], randValue(r, c))
		}
	}
	var rows [][]any
	nbatches := 2 + r.IntN(5)
	for range nbatches {
		n := 1 + r.IntN(80)
		if r.IntN(5) == 0 {
			n = 1
		}
		batch := make([][]any, n)
		for i := range batch {
			row := make([]any, len(cols))
			for ci, c := range cols[1:] {
				ci++
				switch {
				case !c.notNull && r.IntN(6) == 0:
				case r.IntN(3) == 0:
					row[ci] = randValue(r, c)
				default:
					row[ci] = pools[ci][r.IntN(len(pools[ci]))]
				}
			}
			batch[i] = row
		}
		if r.IntN(3) != 0 { // sorted runs for data skipping
			sc := 1 + r.IntN(len(cols)-1)
			desc := r.IntN(3) == 0
			sort.SliceStable(batch, func(i, j int) bool {
				a, b := batch[i][sc], batch[j][sc]
				if a == nil || b == nil {
					return a == nil && b != nil
				}
				if desc {
					return pcmp(a, b) > 0
				}
				return pcmp(a, b) < 0
			})
		}
		for _, row := range batch {
			row[0] = int64(len(rows))
			rows = append(rows, row)
		}
		if r.IntN(2) == 0 || n > 60 {
			tx, err := on.Begin()
			require.NoError(t, err)
			ph := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
			stmt, err := tx.Prepare("INSERT INTO t VALUES " + ph)
			require.NoError(t, err)
			for _, row := range batch {
				args := make([]any, len(cols))
				for ci, c := range cols {
					args[ci] = insertArg(c, row[ci])
				}
				_, err := stmt.Exec(args...)
				require.NoError(t, err, "%v", args)
			}
			require.NoError(t, tx.Commit())
		} else {
			var phs []string
			var args []any
			ph := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
			for _, row := range batch {
				phs = append(phs, ph)
				for ci, c := range cols {
					args = append(args, insertArg(c, row[ci]))
				}
			}
			_, err := on.Exec("INSERT INTO t VALUES "+strings.Join(phs, ", "), args...)
			require.NoError(t, err)
		}
	}
	t.Logf("seed %d: %s, row_group_rows=%d, %d rows in %d inserts", seed, strings.Join(ddl, ", "), rg, len(rows), nbatches)

	// Every value reads back as inserted.
	{
		q := "SELECT * FROM t ORDER BY id"
		got := scanAll(t, on, q)
		require.Len(t, got, len(rows))
		for i, g := range got {
			for ci, c := range cols {
				gv := fromDriver(t, c, g[ci])
				want := rows[i][ci]
				if want == nil || gv == nil {
					require.Equal(t, want == nil, gv == nil, "row %d col %s: got %v want %v", i, c.name, gv, want)
					continue
				}
				require.Zero(t, pcmp(gv, want), "row %d col %s: got %s want %s", i, c.name, canon(gv), canon(want))
				if f, ok := want.(float64); ok {
					require.Equal(t, math.Signbit(f), math.Signbit(gv.(float64)), "row %d col %s: sign of %v", i, c.name, f)
				}
			}
		}
	}

	// Random predicates.
	nq := 120
	for range nq {
		p := randPred(r, cols, rows, 3)
		var want []int64
		for _, row := range rows {
			if p.eval(row) == 1 {
				want = append(want, row[0].(int64))
			}
		}
		q := "SELECT id FROM t WHERE " + p.sql + " ORDER BY id"
		for _, db := range []*sql.DB{on, off} {
			got, err := idsErr(db, q, p.args...)
			require.NoError(t, err, "seed %d: %s %v", seed, q, p.args)
			if !slices.Equal(want, got) {
				var detail []string
				for _, id := range append(diffIDs(want, got), diffIDs(got, want)...) {
					var vs []string
					for _, v := range rows[id] {
						vs = append(vs, canon(v))
					}
					detail = append(detail, strings.Join(vs, " | "))
				}
				t.Fatalf("seed %d (%s): %s args %v\nwant %v\ngot  %v\nmissing %v extra %v\n%s", seed, strings.Join(ddl, ", "), q, p.args, want, got, diffIDs(want, got), diffIDs(got, want), strings.Join(detail, "\n"))
			}
		}
	}

	// ORDER BY, aggregates, GROUP BY per column.
	for ci, c := range cols[1:] {
		ci++
		for _, desc := range []bool{false, true} {
			dir := "ASC"
			if desc {
				dir = "DESC"
			}
			want := make([][]any, len(rows))
			copy(want, rows)
			sortByColumn(want, ci, desc)
			var wantIDs []int64
			for _, row := range want {
				wantIDs = append(wantIDs, row[0].(int64))
			}
			q := fmt.Sprintf("SELECT id FROM t ORDER BY %s %s, id", c.name, dir)
			got, err := idsErr(on, q)
			require.NoError(t, err, q)
			require.Equal(t, wantIDs, got, "seed %d: %s (%s)", seed, q, c.ddl())
		}

		// ORDER BY with WHERE, LIMIT and OFFSET, selecting another column
		// (late materialization of wide columns).
		for range 4 {
			p := randPred(r, cols, rows, 2)
			desc := r.IntN(2) == 0
			other := 1 + r.IntN(len(cols)-1)
			var sel [][]any
			for _, row := range rows {
				if p.eval(row) == 1 {
					sel = append(sel, row)
				}
			}
			sortByColumn(sel, ci, desc)
			limit, offset := 1+r.IntN(20), r.IntN(10)
			var want []string
			for k := offset; k < len(sel) && k < offset+limit; k++ {
				want = append(want, fmt.Sprintf("%d|%s", sel[k][0], canon(sel[k][other])))
			}
			dir := "ASC"
			if desc {
				dir = "DESC"
			}
			q := fmt.Sprintf("SELECT id, %s FROM t WHERE %s ORDER BY %s %s, id LIMIT %d OFFSET %d", cols[other].name, p.sql, c.name, dir, limit, offset)
			for _, db := range []*sql.DB{on, off} {
				var got []string
				for _, g := range scanAll(t, db, q, p.args...) {
					got = append(got, fmt.Sprintf("%d|%s", g[0], canon(fromDriver(t, cols[other], g[1]))))
				}
				require.Equal(t, want, got, "seed %d: %s %v", seed, q, p.args)
			}
		}

		// DISTINCT and GROUP BY under a predicate.
		{
			p := randPred(r, cols, rows, 2)
			wantG := map[string]int64{}
			for _, row := range rows {
				if p.eval(row) == 1 {
					wantG[canon(row[ci])]++
				}
			}
			q := fmt.Sprintf("SELECT %[1]s, COUNT(*) FROM t WHERE %[2]s GROUP BY %[1]s", c.name, p.sql)
			gotG := map[string]int64{}
			for _, g := range scanAll(t, off, q, p.args...) {
				gotG[canon(fromDriver(t, c, g[0]))] += g[1].(int64)
			}
			require.Equal(t, wantG, gotG, "seed %d: %s %v (%s)", seed, q, p.args, c.ddl())
			q = fmt.Sprintf("SELECT DISTINCT %s FROM t WHERE %s", c.name, p.sql)
			var gotD []string
			for _, g := range scanAll(t, on, q, p.args...) {
				gotD = append(gotD, canon(fromDriver(t, c, g[0])))
			}
			var wantD []string
			for k := range wantG {
				wantD = append(wantD, k)
			}
			require.ElementsMatch(t, wantD, gotD, "seed %d: %s %v (%s)", seed, q, p.args, c.ddl())
		}

		// MIN, MAX, COUNT, COUNT(DISTINCT), optionally under a predicate.
		for k := range 3 {
			where, args := "", []any(nil)
			sel := rows
			if k > 0 {
				p := randPred(r, cols, rows, 2)
				where, args = " WHERE "+p.sql, p.args
				sel = nil
				for _, row := range rows {
					if p.eval(row) == 1 {
						sel = append(sel, row)
					}
				}
			}
			var mn, mx any
			var cnt int64
			distinct := map[string]bool{}
			for _, row := range sel {
				v := row[ci]
				if v == nil {
					continue
				}
				cnt++
				distinct[canon(v)] = true
				if mn == nil || pcmp(v, mn) < 0 {
					mn = v
				}
				if mx == nil || pcmp(v, mx) > 0 {
					mx = v
				}
			}
			q := fmt.Sprintf("SELECT MIN(%[1]s), MAX(%[1]s), COUNT(%[1]s), COUNT(DISTINCT %[1]s), COUNT(*) FROM t%s", c.name, where)
			for _, db := range []*sql.DB{on, off} {
				got := scanAll(t, db, q, args...)
				require.Len(t, got, 1)
				g := got[0]
				gotMin, gotMax := fromDriver(t, c, g[0]), fromDriver(t, c, g[1])
				require.Equal(t, canon(mn), canon(gotMin), "seed %d: MIN in %s (%s) %v", seed, q, c.ddl(), args)
				require.Equal(t, canon(mx), canon(gotMax), "seed %d: MAX in %s (%s) %v", seed, q, c.ddl(), args)
				require.Equal(t, cnt, g[2], "seed %d: COUNT in %s (%s) %v", seed, q, c.ddl(), args)
				require.Equal(t, int64(len(distinct)), g[3], "seed %d: COUNT(DISTINCT) in %s (%s) %v", seed, q, c.ddl(), args)
				require.Equal(t, int64(len(sel)), g[4], "seed %d: COUNT(*) in %s", seed, q)
			}
		}

		// GROUP BY counts.
		wantG := map[string]int64{}
		for _, row := range rows {
			wantG[canon(row[ci])]++
		}
		q := fmt.Sprintf("SELECT %[1]s, COUNT(*) FROM t GROUP BY %[1]s", c.name)
		gotG := map[string]int64{}
		for _, g := range scanAll(t, on, q) {
			k := canon(fromDriver(t, c, g[0]))
			_, dup := gotG[k]
			require.False(t, dup, "seed %d: %s gives the group %s twice (%s)", seed, q, k, c.ddl())
			gotG[k] = g[1].(int64)
		}
		require.Equal(t, wantG, gotG, "seed %d: %s (%s)", seed, q, c.ddl())
	}
}

func diffIDs(a, b []int64) []int64 {
	var out []int64
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// sortByColumn sorts rows as ORDER BY column ci [DESC], id does: NULLs
// first ascending (last descending), ties by id (column 0).
func sortByColumn(rows [][]any, ci int, desc bool) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i][ci], rows[j][ci]
		var c int
		switch {
		case a == nil && b == nil:
		case a == nil:
			c = -1
		case b == nil:
			c = 1
		default:
			c = pcmp(a, b)
		}
		if desc {
			c = -c
		}
		if c != 0 {
			return c < 0
		}
		return rows[i][0].(int64) < rows[j][0].(int64)
	})
}
