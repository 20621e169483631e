package scan

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type partRow struct {
	ID int64 `parquet:"id"`
}

// partitionedTable writes table ev of dir as Hive and Spark write one
// partitioned by date and country, the keys only in the folder names: a
// NULL country folder, an escaped value, and one file outside any folder.
func partitionedTable(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev")
	writeRows(t, filepath.Join(ev, "date=2024-06-01", "country=DE", "part-0.parquet"), []partRow{{1}, {2}})
	writeRows(t, filepath.Join(ev, "date=2024-06-01", "country=__HIVE_DEFAULT_PARTITION__", "part-0.parquet"), []partRow{{3}})
	writeRows(t, filepath.Join(ev, "date=2024-06-02", "country=A%2FB", "part-0.parquet"), []partRow{{4}})
	writeRows(t, filepath.Join(ev, "part-9.parquet"), []partRow{{5}})
	return dir
}

// TestPartitionColumns: the keys of key=value folders are string columns
// after the files' own, holding each file's folder values: NULL for
// __HIVE_DEFAULT_PARTITION__ and outside the folders, %XX unescaped.
func TestPartitionColumns(t *testing.T) {
	dir := partitionedTable(t)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("ev")
	require.NoError(t, err)
	require.Equal(t, []Column{
		{Name: "id", Type: tb.Schema().Columns[0].Type},
		{Name: "date", Type: partitionType, Nullable: true, Partition: true},
		{Name: "country", Type: partitionType, Nullable: true, Partition: true},
	}, tb.Schema().Columns)
	rows, _ := scanAll(t, dir, "ev", Query{Columns: []Ref{Col("id"), Col("date"), Col("country")}})
	require.Equal(t, [][]any{
		{int64(1), "2024-06-01", "DE"},
		{int64(2), "2024-06-01", "DE"},
		{int64(3), "2024-06-01", nil},
		{int64(4), "2024-06-02", "A/B"},
		{int64(5), nil, nil},
	}, rows)
}

// TestPartitionPruning: a filter on a partition column skips the files of
// other folders by their value alone, and gives what it gives unskipped.
func TestPartitionPruning(t *testing.T) {
	dir := partitionedTable(t)
	for _, tc := range []struct {
		where   Predicate
		ids     []int64
		skipped int64 // row groups
	}{
		{Compare{Ref: Col("date"), Op: Eq, Value: "2024-06-01"}, []int64{1, 2, 3}, 2},
		{Compare{Ref: Col("date"), Op: Gt, Value: "2024-06-01"}, []int64{4}, 3},
		{Compare{Ref: Col("country"), Op: Eq, Value: "A/B"}, []int64{4}, 3},
		{IsNull{Ref: Col("country")}, []int64{3, 5}, 2},
		{And{Compare{Ref: Col("date"), Op: Eq, Value: "2024-06-01"}, Compare{Ref: Col("id"), Op: Ge, Value: int64(2)}}, []int64{2, 3}, 2},
	} {
		for _, noSkip := range []bool{false, true} {
			rows, st := scanAll(t, dir, "ev", Query{Columns: []Ref{Col("id")}, Where: tc.where, NoSkip: noSkip})
			var ids []int64
			for _, r := range rows {
				ids = append(ids, r[0].(int64))
			}
			require.Equal(t, tc.ids, ids, "%v noSkip=%v", tc.where, noSkip)
			if noSkip {
				require.Zero(t, st.RowGroupsSkipped)
			} else {
				require.Equal(t, tc.skipped, st.RowGroupsSkipped, "%v", tc.where)
			}
		}
	}
}

// TestPartitionsOf: folder names on the way to a file, innermost value of a
// repeated key, folders without '=' ignored.
func TestPartitionsOf(t *testing.T) {
	require.Nil(t, partitionsOf("/t", "/t/a.parquet"))
	require.Equal(t, []partValue{{key: "y", value: "2024"}, {key: "m", value: "6"}},
		partitionsOf("/t", "/t/y=2024/plain/m=5/m=6/a.parquet"))
	require.Equal(t, []partValue{{key: "k", value: "%zz"}, {key: "e", value: ""}},
		partitionsOf("/t", "/t/k=%zz/e=/=x/a.parquet"))
}

// TestPartitionKeyStoredByNewerFiles: when a newer file stores a partition
// key as a string column (as INSERT into such a table writes it), the
// older files keep their folder values.
func TestPartitionKeyStoredByNewerFiles(t *testing.T) {
	dir := partitionedTable(t)
	type stored struct {
		ID   int64  `parquet:"id"`
		Date string `parquet:"date"`
	}
	writeRows(t, filepath.Join(dir, "ev", "part-99.parquet"), []stored{{6, "2024-06-03"}})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("ev")
	require.NoError(t, err)
	require.Equal(t, []string{"id", "date", "country"}, []string{tb.Schema().Columns[0].Name, tb.Schema().Columns[1].Name, tb.Schema().Columns[2].Name})
	require.False(t, tb.Schema().Columns[1].Partition)
	require.True(t, tb.Schema().Columns[2].Partition)
	rows, _ := scanAll(t, dir, "ev", Query{Columns: []Ref{Col("id"), Col("date")}})
	require.Equal(t, [][]any{
		{int64(1), "2024-06-01"}, {int64(2), "2024-06-01"}, {int64(3), "2024-06-01"},
		{int64(4), "2024-06-02"}, {int64(5), nil}, {int64(6), "2024-06-03"},
	}, rows)
	rows, _ = scanAll(t, dir, "ev", Query{Columns: []Ref{Col("id")}, Where: Compare{Ref: Col("date"), Op: Ge, Value: "2024-06-02"}})
	require.Equal(t, [][]any{{int64(4)}, {int64(6)}}, rows)
}

// TestPartitionFolderEdges: a link to a partition folder or file does not
// hide its real path's value, nor read the file twice; keys match in any case (a file column and another
// folder's spelling); keys are unescaped; text that does not unescape to
// UTF-8 is kept as written.
func TestPartitionFolderEdges(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev")
	type kinded struct {
		ID   int64  `parquet:"id"`
		Kind string `parquet:"kind"`
	}
	writeRows(t, filepath.Join(ev, "DATE=2024-06-01", "a.parquet"), []partRow{{1}})
	writeRows(t, filepath.Join(ev, "date=2024-06-02", "Kind=folder", "b%20c=%FF", "a.parquet"), []partRow{{2}})
	writeRows(t, filepath.Join(ev, "k.parquet"), []kinded{{3, "file"}})
	require.NoError(t, os.Symlink("date=2024-06-02", filepath.Join(ev, "current")))
	require.NoError(t, os.MkdirAll(filepath.Join(ev, "DATE=2026"), 0o755))
	require.NoError(t, os.Symlink("../DATE=2024-06-01/a.parquet", filepath.Join(ev, "DATE=2026", "a.parquet")))
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("ev")
	require.NoError(t, err)
	var names []string
	for _, c := range tb.Schema().Columns {
		names = append(names, c.Name)
	}
	require.Equal(t, []string{"id", "kind", "DATE", "b c"}, names)
	rows, _ := scanAll(t, dir, "ev", Query{Columns: []Ref{Col("id"), Col("DATE"), Col("kind"), Col("b c")}})
	require.Equal(t, [][]any{
		{int64(1), "2024-06-01", nil, nil},
		{int64(2), "2024-06-02", "folder", "%FF"},
		{int64(3), nil, "file", nil},
	}, rows)
}

// TestPartitionKeyStoredTyped: when newer files store a partition key as a
// BIGINT or DATE column, the folder values of the older files read as that
// type; one that does not is an error naming the folder.
func TestPartitionKeyStoredTyped(t *testing.T) {
	dir := t.TempDir()
	type typed struct {
		ID   int64 `parquet:"id"`
		Year int64 `parquet:"year"`
		Day  int32 `parquet:"day,date"` // days since 1970-01-01
	}
	writeRows(t, filepath.Join(dir, "y", "year=2023", "day=2023-12-31", "a.parquet"), []partRow{{1}})
	writeRows(t, filepath.Join(dir, "y", "year=2024", "day=__HIVE_DEFAULT_PARTITION__", "a.parquet"), []partRow{{2}})
	writeRows(t, filepath.Join(dir, "y", "z.parquet"), []typed{{3, 2025, int32(time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC).Unix() / 86400)}})
	rows, _ := scanAll(t, dir, "y", Query{Columns: []Ref{Col("id"), Col("year"), Col("day")}})
	require.Equal(t, [][]any{
		{int64(1), int64(2023), time.Date(2023, 12, 31, 0, 0, 0, 0, time.UTC)},
		{int64(2), int64(2024), nil},
		{int64(3), int64(2025), time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)},
	}, rows)
	for _, noSkip := range []bool{false, true} {
		rows, _ = scanAll(t, dir, "y", Query{Columns: []Ref{Col("id")}, Where: Compare{Ref: Col("year"), Op: Le, Value: int64(2024)}, NoSkip: noSkip})
		require.Equal(t, [][]any{{int64(1)}, {int64(2)}}, rows)
	}

	writeRows(t, filepath.Join(dir, "y", "year=later", "a.parquet"), []partRow{{4}})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("y")
	require.NoError(t, err)
	rs, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id"), Col("year")}})
	require.NoError(t, err)
	for rs.Next() {
	}
	require.ErrorIs(t, rs.Err(), ErrType)
	require.ErrorContains(t, rs.Err(), "partition folder year=later does not read as the column's type")
	require.NoError(t, rs.Close())
}
