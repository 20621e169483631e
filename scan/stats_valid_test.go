package scan

import (
	"encoding/binary"
	"path/filepath"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// editColumnIndex rewrites the column index of column chunk leaf of row
// group rg of the file at path through edit: the new entry is written
// after the data and the chunk points to it.
func editColumnIndex(t testing.TB, path string, rg, leaf int, edit func(*format.ColumnIndex)) {
	t.Helper()
	editFooter(t, path, func(md *format.FileMetaData, data []byte, end int64) []byte {
		c := &md.RowGroups[rg].Columns[leaf]
		var ci format.ColumnIndex
		require.NoError(t, thrift.Unmarshal(new(thrift.CompactProtocol), data[c.ColumnIndexOffset:c.ColumnIndexOffset+int64(c.ColumnIndexLength)], &ci))
		edit(&ci)
		entry, err := thrift.Marshal(new(thrift.CompactProtocol), &ci)
		require.NoError(t, err)
		c.ColumnIndexOffset, c.ColumnIndexLength = end, int32(len(entry))
		return entry
	})
}

func le64(v int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(v)) }

// Statistics and column indexes that contradict themselves are not used
// for data skipping: a scan returns the rows it returns with skipping off.
// The table is skipTable's (x = 0..999 required, y = x but NULL when
// x%10 == 0, p; leaves p, x, y; row group 1 holds rows 250..499 in pages
// from 250, 314, 378, 442).
func TestContradictoryStatistics(t *testing.T) {
	const leafX, leafY = 1, 2
	chunk := func(leaf int, edit func(*format.Statistics)) func(t *testing.T, path string) {
		return func(t *testing.T, path string) {
			editMetadata(t, path, func(md *format.FileMetaData) { edit(&md.RowGroups[1].Columns[leaf].MetaData.Statistics) })
		}
	}
	index := func(leaf int, edit func(*format.ColumnIndex)) func(t *testing.T, path string) {
		return func(t *testing.T, path string) { editColumnIndex(t, path, 1, leaf, edit) }
	}
	cases := []struct {
		name   string
		damage func(t *testing.T, path string)
		where  Predicate
		rows   int
	}{
		{"chunk min above max", chunk(leafX, func(s *format.Statistics) { s.MinValue, s.Min = le64(1001), le64(1001) }),
			Between(Col("x"), 260, 270), 11},
		{"chunk null count above value count", chunk(leafY, func(s *format.Statistics) { s.NullCount = 1000 }),
			Between(Col("y"), 261, 269), 9},
		{"chunk bounds narrower than its pages", chunk(leafX, func(s *format.Statistics) { s.MaxValue, s.Max = le64(280), le64(280) }),
			Between(Col("x"), 400, 410), 11},
		{"page min above max", index(leafX, func(ci *format.ColumnIndex) { ci.MinValues[0] = le64(1001) }),
			Between(Col("x"), 260, 270), 11},
		{"null page of a required column", index(leafX, func(ci *format.ColumnIndex) {
			ci.NullPages[0], ci.MinValues[0], ci.MaxValues[0] = true, nil, nil
		}), Between(Col("x"), 260, 270), 11},
		{"null page with a null count of 0", index(leafY, func(ci *format.ColumnIndex) {
			ci.NullPages[0], ci.MinValues[0], ci.MaxValues[0], ci.NullCounts[0] = true, nil, nil, 0
		}), Between(Col("y"), 261, 269), 9},
		{"page bounds outside the chunk's", index(leafX, func(ci *format.ColumnIndex) { ci.MinValues[2], ci.MaxValues[2] = le64(200), le64(210) }),
			Between(Col("x"), 400, 410), 11},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := skipTable(t)
			c.damage(t, filepath.Join(dir, "t", "a.parquet"))
			q := Query{Columns: []Ref{Col("x"), Col("y")}, Where: c.where}
			rows, _ := scanAll(t, dir, "t", q)
			q.NoSkip = true
			all, _ := scanAll(t, dir, "t", q)
			assert.Len(t, all, c.rows)
			assert.Equal(t, all, rows)
		})
	}
}

// Consistent statistics keep skipping: the checks do not turn it off for
// a valid file.
func TestValidStatisticsStillSkip(t *testing.T) {
	dir := skipTable(t)
	_, st := scanAll(t, dir, "t", Query{Columns: []Ref{Col("x")}, Where: Between(Col("x"), 400, 410)})
	assert.Equal(t, int64(3), st.RowGroupsSkipped)
	assert.Equal(t, int64(1), st.PagesRead)
	_, st = scanAll(t, dir, "t", Query{Columns: []Ref{Col("y")}, Where: Between(Col("y"), 401, 409)})
	assert.Equal(t, int64(3), st.RowGroupsSkipped)
	assert.Equal(t, int64(1), st.PagesRead)
}

// The review's case: every page of id in row group 1 of
// events/part-00001.parquet indexed with a min one above its max.
func TestContradictoryColumnIndexLake(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"part-00000.parquet", "part-00001.parquet", "part-00002.parquet"} {
		copyFile(t, filepath.Join("..", "testdata", "lake", "events", f), filepath.Join(dir, "events", f))
	}
	editColumnIndex(t, filepath.Join(dir, "events", "part-00001.parquet"), 1, 0, func(ci *format.ColumnIndex) {
		for k := range ci.MaxValues {
			ci.MinValues[k] = le64(int64(binary.LittleEndian.Uint64(ci.MaxValues[k])) + 1)
		}
	})
	q := Query{Columns: []Ref{Col("id")}, Where: Between(Col("id"), 600, 700)}
	rows, _ := scanAll(t, dir, "events", q)
	q.NoSkip = true
	all, _ := scanAll(t, dir, "events", q)
	require.Len(t, all, 101)
	assert.Equal(t, all, rows)
}

// A column index of a shredded Variant leaf whose page min is above its
// max is not used either (pageSkipTable: n of ids 0..1199 in typed_value).
func TestContradictoryVariantColumnIndex(t *testing.T) {
	tb, _ := pageSkipTable(t)
	path := tb.files[0].path
	dir := filepath.Dir(filepath.Dir(path))
	leaf := -1
	for j, c := range tb.files[0].pf.Metadata().RowGroups[0].Columns {
		if slices.Equal(c.MetaData.PathInSchema, []string{"v", "typed_value", "n", "typed_value"}) {
			leaf = j
		}
	}
	require.GreaterOrEqual(t, leaf, 0)
	editColumnIndex(t, path, 0, leaf, func(ci *format.ColumnIndex) {
		for k := range ci.MaxValues {
			if !ci.NullPages[k] {
				ci.MinValues[k] = le64(int64(binary.LittleEndian.Uint64(ci.MaxValues[k])) + 1)
			}
		}
	})
	n, err := Path("v", "$.n", "bigint")
	require.NoError(t, err)
	q := Query{Columns: []Ref{Col("id"), n}, Where: Between(n, 440, 460)}
	rows, _ := scanAll(t, dir, "t", q)
	q.NoSkip = true
	all, _ := scanAll(t, dir, "t", q)
	require.Len(t, all, 21)
	assert.Equal(t, all, rows)
}
