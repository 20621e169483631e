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

// narrowSkipTable writes table "t" of one file, v = {"n": ...} with n
// shredded as int64, in three row groups of 100 rows written 10 at a time
// (so with pages): n = id in the first (0-99) and third (200-299), and in
// the second n = id except in row 150, where n is 3,000,000,000, beyond
// the range of a 32-bit int.
func narrowSkipTable(t *testing.T) *Table {
	t.Helper()
	dir := t.TempDir()
	var groups [][]vrow
	id := int64(0)
	for range 3 {
		var rows []vrow
		for range 100 {
			n := id
			if id == 150 {
				n = 3_000_000_000
			}
			rows = append(rows, vrow{id, fmt.Sprintf(`{"n":%d}`, n)})
			id++
		}
		groups = append(groups, rows)
	}
	s := shred.Object(shred.Field{Name: "n", Schema: shred.Typed(shred.TypeInt64)})
	writeVariantPages(t, filepath.Join(dir, "t", "n.parquet"), s, groups, 10, nil)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	return tb
}

// A path cast to a narrower integer type than its int64 typed_value skips
// the row groups and pages whose statistics lie in that type's range, and
// reads those that reach beyond it, where the cast of a value may fail:
// the strict cast then fails as it does without skipping.
func TestVariantSkipNarrowingCast(t *testing.T) {
	tb := narrowSkipTable(t)
	scanIDs := func(as string, mode variant.CastMode, p func(Ref) Predicate, noSkip bool) ([]int64, Stats, error) {
		ref, err := Path("v", "$.n", as)
		require.NoError(t, err)
		ref.Mode = mode
		rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}, Where: p(ref), NoSkip: noSkip})
		require.NoError(t, err)
		defer rs.Close()
		var ids []int64
		for rs.Next() {
			ids = append(ids, rs.Int64(0))
		}
		return ids, rs.Stats(), rs.Err()
	}
	eq := func(n int64) func(Ref) Predicate {
		return func(r Ref) Predicate { return Compare{Ref: r, Op: Eq, Value: n} }
	}
	for _, c := range []struct {
		as        string
		mode      variant.CastMode
		n         int64
		want      []int64
		rgSkipped int64 // row groups skipped with skipping on
		pagesRead bool  // some pages of the row groups read are skipped
	}{
		// Row group 2 (200-299) is in int's range and cannot hold 20; row
		// group 1 reaches beyond it, so its cast values may be anything.
		{"int", variant.CastLenient, 20, []int64{20}, 1, true},
		{"int", variant.CastLenient, 250, []int64{250}, 1, true},
		{"bigint", variant.CastStrict, 250, []int64{250}, 1, true},
		{"smallint", variant.CastLenient, 99, []int64{99}, 1, true},
		// tinyint ends at 127: only row group 0 (0-99) is in its range.
		{"tinyint", variant.CastLenient, 5, []int64{5}, 0, true},
		{"tinyint", variant.CastLenient, 120, []int64{120}, 1, true},
	} {
		t.Run(fmt.Sprintf("%s=%d", c.as, c.n), func(t *testing.T) {
			got, st, err := scanIDs(c.as, c.mode, eq(c.n), false)
			require.NoError(t, err)
			off, st0, err := scanIDs(c.as, c.mode, eq(c.n), true)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
			assert.Equal(t, c.want, off)
			assert.Equal(t, c.rgSkipped, st.RowGroupsSkipped)
			assert.Zero(t, st0.RowGroupsSkipped)
			if c.pagesRead {
				assert.Positive(t, st.PagesSkipped-st0.PagesSkipped, "pages skipped inside the row groups read")
			}
		})
	}
	// The strict cast of 3,000,000,000 to int fails: skipping must not hide
	// the row group that holds it, whatever the filter.
	for _, noSkip := range []bool{false, true} {
		_, _, err := scanIDs("int", variant.CastStrict, eq(20), noSkip)
		require.ErrorIs(t, err, variant.ErrCast, "noSkip=%v", noSkip)
	}
}
