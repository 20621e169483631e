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

// shreddedSkipTable writes table "t" of four files with 4 row groups of
// 50 rows each, sorted by id, with v = {"n": id, "s": "s<id>"} shredded
// four ways. In odd row groups some rows keep n in the value column (a
// string), some are SQL NULL and some lack n, so that only even row groups
// have all-null value leaves on the path (the residual objects of the
// top-level value never hold n or s).
func shreddedSkipTable(t testing.TB) (*Table, []vrow) {
	t.Helper()
	dir := t.TempDir()
	schemas := []shred.Schema{
		shred.Object(shred.Field{Name: "n", Schema: shred.Typed(shred.TypeInt64)}, shred.Field{Name: "s", Schema: shred.Typed(shred.TypeString)}),
		shred.Object(shred.Field{Name: "n", Schema: shred.Typed(shred.TypeInt32)}),
		shred.Untyped(),
		shred.Object(shred.Field{Name: "s", Schema: shred.Typed(shred.TypeString)}, shred.Field{Name: "n", Schema: shred.Typed(shred.TypeInt64)}),
	}
	var all []vrow
	id := int64(0)
	for f, s := range schemas {
		var groups [][]vrow
		for g := range 4 {
			var rows []vrow
			for range 50 {
				// r is never shredded: the object's residual value is
				// non-null in every row.
				js := fmt.Sprintf(`{"n":%d,"r":true,"s":"s%04d"}`, id, id)
				if g%2 == 1 {
					switch id % 7 {
					case 1:
						js = fmt.Sprintf(`{"n":"%d","s":"s%04d"}`, id, id)
					case 2:
						js = ""
					case 3:
						js = fmt.Sprintf(`{"s":"s%04d"}`, id)
					case 4:
						js = fmt.Sprintf(`{"n":null}`)
					}
				}
				rows = append(rows, vrow{id, js})
				id++
			}
			groups = append(groups, rows)
			all = append(all, rows...)
		}
		writeVariantFile(t, filepath.Join(dir, "t", fmt.Sprintf("f%d.parquet", f)), s, groups)
	}
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	return tb, all
}

// Results on shredded paths are the same with data skipping on and off,
// and equal what variant_get gives on each row; row groups are skipped
// only where the value leaves on the path are all null.
func TestVariantSkipEquivalence(t *testing.T) {
	tb, rows := shreddedSkipTable(t)
	ref := func(path, as string) Ref {
		r, err := Path("v", path, as)
		require.NoError(t, err)
		r.Mode = variant.CastLenient
		return r
	}
	n, s := ref("$.n", "bigint"), ref("$.s", "string")
	// eval gives the value of a ref in a row as variant_get does.
	eval := func(r vrow, ref Ref) (any, bool) {
		if r.v == "" {
			return nil, false
		}
		v, err := variant.ParseJSON([]byte(r.v))
		require.NoError(t, err)
		sub, ok, err := v.Get(ref.Path)
		require.NoError(t, err)
		if !ok {
			return nil, false
		}
		x, ok, err := sub.TryCast(ref.As)
		require.NoError(t, err)
		return x, ok && x != nil
	}
	num := func(r vrow) (int64, bool) {
		x, ok := eval(r, n)
		if !ok {
			return 0, false
		}
		return x.(int64), true
	}
	str := func(r vrow) (string, bool) {
		x, ok := eval(r, s)
		if !ok {
			return "", false
		}
		return x.(string), true
	}
	cases := []struct {
		p        Predicate
		want     func(r vrow) bool
		skipsRGs bool
	}{
		{Compare{Ref: n, Op: Eq, Value: 420}, func(r vrow) bool { x, ok := num(r); return ok && x == 420 }, true},
		// 99 and 50 are strings in the value column, outside the bounds of
		// their row group's typed_value.
		{Compare{Ref: n, Op: Eq, Value: 99}, func(r vrow) bool { x, ok := num(r); return ok && x == 99 }, true},
		{Compare{Ref: n, Op: Lt, Value: 51}, func(r vrow) bool { x, ok := num(r); return ok && x < 51 }, true},
		{Compare{Ref: n, Op: Eq, Value: 470}, func(r vrow) bool { x, ok := num(r); return ok && x == 470 }, true},
		{Between(n, 100, 130), func(r vrow) bool { x, ok := num(r); return ok && x >= 100 && x <= 130 }, true},
		{Compare{Ref: n, Op: Gt, Value: 790}, func(r vrow) bool { x, ok := num(r); return ok && x > 790 }, true},
		{Not{Compare{Ref: n, Op: Lt, Value: 790}}, func(r vrow) bool { x, ok := num(r); return ok && x >= 790 }, true},
		{In{Ref: n, Values: []any{3, 333, 633}}, func(r vrow) bool {
			x, ok := num(r)
			return ok && (x == 3 || x == 333 || x == 633)
		}, true},
		{IsNull{Ref: n}, func(r vrow) bool { _, ok := num(r); return !ok }, true},
		{IsNotNull(n), func(r vrow) bool { _, ok := num(r); return ok }, false},
		{Compare{Ref: s, Op: Ge, Value: "s0750"}, func(r vrow) bool { x, ok := str(r); return ok && x >= "s0750" }, true},
		{Or{Compare{Ref: s, Op: Eq, Value: "s0010"}, Compare{Ref: n, Op: Eq, Value: 610}}, func(r vrow) bool {
			x, ok := str(r)
			y, ok2 := num(r)
			return ok && x == "s0010" || ok2 && y == 610
		}, true},
		{And{IsNotNull(s), Compare{Ref: n, Op: Le, Value: 2}}, func(r vrow) bool {
			_, ok := str(r)
			y, ok2 := num(r)
			return ok && ok2 && y <= 2
		}, true},
	}
	for _, c := range cases {
		t.Run(c.p.String(), func(t *testing.T) {
			var want []int64
			for _, r := range rows {
				if c.want(r) {
					want = append(want, r.id)
				}
			}
			run := func(noSkip bool) ([]int64, Stats) {
				rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id"), n}, Where: c.p, NoSkip: noSkip, Workers: 2})
				require.NoError(t, err)
				var got []int64
				for rs.Next() {
					got = append(got, rs.Int64(0))
				}
				require.NoError(t, rs.Err())
				return got, rs.Stats()
			}
			got, st := run(false)
			got2, st2 := run(true)
			assert.Equal(t, want, got)
			assert.Equal(t, want, got2)
			assert.Zero(t, st2.RowGroupsSkipped)
			if c.skipsRGs {
				assert.Positive(t, st.RowGroupsSkipped)
				assert.Less(t, st.BytesRead, st2.BytesRead)
			}
			assert.Equal(t, int64(16), st.RowGroupsRead+st.RowGroupsSkipped)
		})
	}
}
