package scan

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pageSkipTable writes table "t" of one file with 2 row groups of 600 rows
// sorted by id, v = {"n": id, "r": true, "s": "s<id>"} shredded with n
// and s, written 10 rows at a time so that every leaf has many pages,
// ending at different rows. Some runs of rows keep n in its value column:
// a string (ids 100-119), a Variant null (ids 700-704), not an object
// (ids 900-903, v a string); rows 300-304 lack n and rows 310-314 are SQL
// NULL.
func pageSkipTable(t testing.TB) (*Table, []vrow) {
	t.Helper()
	dir := t.TempDir()
	s := shred.Object(shred.Field{Name: "n", Schema: shred.Typed(shred.TypeInt64)}, shred.Field{Name: "s", Schema: shred.Typed(shred.TypeString)})
	var groups [][]vrow
	var all []vrow
	id := int64(0)
	for range 2 {
		var rows []vrow
		for range 600 {
			js := fmt.Sprintf(`{"n":%d,"r":true,"s":"s%04d"}`, id, id)
			switch {
			case id >= 100 && id < 120:
				js = fmt.Sprintf(`{"n":"%d","s":"s%04d"}`, id, id)
			case id >= 700 && id < 705:
				js = fmt.Sprintf(`{"n":null,"s":"s%04d"}`, id)
			case id >= 900 && id < 904:
				js = fmt.Sprintf(`"x%d"`, id)
			case id >= 300 && id < 305:
				js = fmt.Sprintf(`{"r":false,"s":"s%04d"}`, id)
			case id >= 310 && id < 315:
				js = ""
			}
			rows = append(rows, vrow{id, js})
			id++
		}
		groups = append(groups, rows)
		all = append(all, rows...)
	}
	path := filepath.Join(dir, "t", "p.parquet")
	writeVariantPages(t, path, s, groups, 10, nil)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	return tb, all
}

// Pages of shredded Variant leaves are skipped with the column index and
// offset index under the rule of row groups (typed_value statistics only
// where the value leaf's pages are all null), the leaves' pages need not
// align, and results (typed paths, a residual path and whole Variants) are
// the same with skipping on and off and equal variant_get on each row.
func TestVariantPageSkipEquivalence(t *testing.T) {
	tb, rows := pageSkipTable(t)
	f := tb.files[0]
	require.Len(t, f.pf.Metadata().RowGroups, 2)
	nleaves := len(f.pf.Metadata().RowGroups[0].Columns)
	pages := map[int]bool{}
	for leaf := range nleaves {
		n := len(f.pageIndex(0, leaf).oi.PageLocations)
		require.Greater(t, n, 3, "leaf %d has %d pages", leaf, n)
		pages[n] = true
	}
	require.Greater(t, len(pages), 1, "the leaves' pages all align")

	ref := func(path, as string) Ref {
		r, err := Path("v", path, as)
		require.NoError(t, err)
		r.Mode = variant.CastLenient
		return r
	}
	n, s, res := ref("$.n", "bigint"), ref("$.s", "string"), ref("$.r", "boolean")
	eval := func(r vrow, ref Ref) any {
		if r.v == "" {
			return nil
		}
		v, err := variant.ParseJSON([]byte(r.v))
		require.NoError(t, err)
		sub, ok, err := v.Get(ref.Path)
		require.NoError(t, err)
		if !ok {
			return nil
		}
		x, ok, err := sub.TryCast(ref.As)
		require.NoError(t, err)
		if !ok {
			return nil
		}
		return x
	}
	num := func(r vrow) (int64, bool) {
		x, ok := eval(r, n).(int64)
		return x, ok
	}
	cases := []struct {
		p     Predicate
		want  func(r vrow) bool
		skips bool // pages are skipped
	}{
		// 105 is a string in the value column: its pages are kept.
		{Compare{Ref: n, Op: Eq, Value: 105}, func(r vrow) bool { x, ok := num(r); return ok && x == 105 }, true},
		{Compare{Ref: n, Op: Eq, Value: 450}, func(r vrow) bool { x, ok := num(r); return ok && x == 450 }, true},
		{Between(n, 695, 712), func(r vrow) bool { x, ok := num(r); return ok && x >= 695 && x <= 712 }, true},
		{Compare{Ref: n, Op: Gt, Value: 1150}, func(r vrow) bool { x, ok := num(r); return ok && x > 1150 }, true},
		{Not{Compare{Ref: n, Op: Ge, Value: 30}}, func(r vrow) bool { x, ok := num(r); return ok && x < 30 }, true},
		{In{Ref: n, Values: []any{3, 301, 903, 1001}}, func(r vrow) bool {
			x, ok := num(r)
			return ok && (x == 3 || x == 301 || x == 903 || x == 1001)
		}, true},
		{IsNull{Ref: n}, func(r vrow) bool { _, ok := num(r); return !ok }, true},
		{IsNotNull(n), func(r vrow) bool { _, ok := num(r); return ok }, false},
		{Compare{Ref: s, Op: Ge, Value: "s1190"}, func(r vrow) bool { x, ok := eval(r, s).(string); return ok && x >= "s1190" }, true},
		{Or{Compare{Ref: s, Op: Eq, Value: "s0010"}, Compare{Ref: n, Op: Eq, Value: 610}}, func(r vrow) bool {
			x, ok := eval(r, s).(string)
			y, ok2 := num(r)
			return ok && x == "s0010" || ok2 && y == 610
		}, true},
		{And{Compare{Ref: res, Op: Eq, Value: false}, Compare{Ref: n, Op: Le, Value: 400}}, func(r vrow) bool {
			x, ok := eval(r, res).(bool)
			y, ok2 := num(r)
			return ok && !x && ok2 && y <= 400
		}, true},
	}
	cols := []Ref{Col("id"), n, s, res, Col("v")}
	// total is the pages the slots of cols read without a predicate: the
	// leaves of each slot, every page.
	rs, err := tb.Scan(context.Background(), Query{Columns: cols})
	require.NoError(t, err)
	for rs.Next() {
	}
	require.NoError(t, rs.Err())
	total := rs.Stats().PagesRead
	require.Zero(t, rs.Stats().PagesSkipped)
	require.Greater(t, total, int64(300))
	for _, c := range cases {
		t.Run(c.p.String(), func(t *testing.T) {
			var want []string
			for _, r := range rows {
				if c.want(r) {
					v := "NULL"
					if r.v != "" {
						v = canonJSON(t, r.v)
					}
					want = append(want, fmt.Sprintf("%d %v %v %v %s", r.id, eval(r, n), eval(r, s), eval(r, res), v))
				}
			}
			run := func(noSkip bool) ([]string, Stats) {
				rs, err := tb.Scan(context.Background(), Query{Columns: cols, Where: c.p, NoSkip: noSkip, Workers: 2})
				require.NoError(t, err)
				var got []string
				for rs.Next() {
					line := fmt.Sprint(rs.Int64(0))
					for i := 1; i < 4; i++ {
						line += fmt.Sprintf(" %v", rs.Value(i))
					}
					v := "NULL"
					if !rs.IsNull(4) {
						x, err := rs.Variant(4)
						require.NoError(t, err)
						v = jsonOf(t, x)
					}
					got = append(got, line+" "+v)
				}
				require.NoError(t, rs.Err())
				return got, rs.Stats()
			}
			got, st := run(false)
			got2, st2 := run(true)
			assert.Equal(t, want, got)
			assert.Equal(t, want, got2)
			// Every page of the slots is counted once, read or skipped.
			assert.Equal(t, total, st.PagesRead+st.PagesSkipped)
			if c.skips {
				assert.Less(t, st.PagesRead, st2.PagesRead)
				assert.Less(t, st.BytesRead, st2.BytesRead)
			}
		})
	}
}
