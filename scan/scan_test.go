package scan

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/snappy"
	"github.com/parquet-go/parquet-go/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A column missing from an older file reads as NULL there, and a predicate
// on it skips that file from its statistics alone.
func TestMissingColumnAcrossFiles(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "t", "1.parquet"), []v1Row{{ID: 1, Name: "a"}, {ID: 2, Name: "b"}})
	writeRows(t, filepath.Join(dir, "t", "2.parquet"), []v2Row{{ID: 3, Name: ptr("c"), Score: 0}, {ID: 4, Score: 2.5}})
	rows, st := scanAll(t, dir, "t", Query{Columns: []Ref{Col("id"), Col("name"), Col("score")}})
	assert.Equal(t, [][]any{
		{int64(1), "a", nil},
		{int64(2), "b", nil},
		{int64(3), "c", 0.0},
		{int64(4), nil, 2.5},
	}, rows)
	assert.Equal(t, int64(2), st.Files)
	assert.Equal(t, int64(0), st.FilesSkipped)

	rows, st = scanAll(t, dir, "t", Query{Columns: []Ref{Col("id")}, Where: Compare{Col("score"), Ge, 0}})
	assert.Equal(t, [][]any{{int64(3)}, {int64(4)}}, rows)
	assert.Equal(t, int64(1), st.FilesSkipped)
	assert.Equal(t, int64(1), st.RowGroupsSkipped)

	rows, _ = scanAll(t, dir, "t", Query{Columns: []Ref{Col("id")}, Where: IsNull{Col("score")}})
	assert.Equal(t, [][]any{{int64(1)}, {int64(2)}}, rows)
	rows, _ = scanAll(t, dir, "t", Query{Columns: []Ref{Col("id")}, Where: Not{Compare{Col("score"), Gt, 1}}})
	assert.Equal(t, [][]any{{int64(3)}}, rows)

	// Counting: no output columns.
	rows, st = scanAll(t, dir, "t", Query{})
	assert.Len(t, rows, 4)
	assert.Equal(t, int64(0), st.PagesRead)
	assert.Equal(t, int64(0), st.BytesRead)
}

type dictRow struct {
	ID  int64  `parquet:"id"`
	Cat string `parquet:"cat,dict"`
	Opt *int32 `parquet:"opt,optional,dict"`
}

// File layouts: dictionary pages, data page v1 and v2, codecs, and files
// without a page index all read the same rows; seeks into dictionary
// encoded chunks load the dictionary.
func TestFileLayouts(t *testing.T) {
	var rowsIn []dictRow
	for i := range 600 {
		r := dictRow{ID: int64(i), Cat: fmt.Sprintf("c%d", i%7)}
		if i%3 != 0 {
			r.Opt = ptr(int32(i % 11))
		}
		rowsIn = append(rowsIn, r)
	}
	var want [][]any
	for _, r := range rowsIn {
		if r.ID >= 450 && r.Cat == "c2" {
			var opt any
			if r.Opt != nil {
				opt = int64(*r.Opt)
			}
			want = append(want, []any{r.ID, r.Cat, opt})
		}
	}
	layouts := map[string][]parquet.WriterOption{
		"v2":          {parquet.PageBufferSize(512)},
		"v1":          {parquet.PageBufferSize(512), parquet.DataPageVersion(1)},
		"zstd":        {parquet.PageBufferSize(512), parquet.Compression(&zstd.Codec{})},
		"snappy v1":   {parquet.PageBufferSize(512), parquet.Compression(&snappy.Codec{}), parquet.DataPageVersion(1)},
		"one page":    {},
		"no pg index": {parquet.PageBufferSize(512)},
	}
	for name, opts := range layouts {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "t", "a.parquet")
			writeRowGroups(t, path, [][]dictRow{rowsIn[:300], rowsIn[300:]}, opts...)
			if name == "no pg index" {
				rewriteFooter(t, path, func(p []int16, v any) (any, bool) {
					return v, !(len(p) == 3 && p[0] == 4 && p[1] == 1 && p[2] >= 4 && p[2] <= 7)
				})
			}
			q := Query{Columns: []Ref{Col("id"), Col("cat"), Col("opt")},
				Where: And{Compare{Col("id"), Ge, 450}, Compare{Col("cat"), Eq, "c2"}}}
			got, st := scanAll(t, dir, "t", q)
			assert.Equal(t, want, got)
			assert.Equal(t, int64(1), st.RowGroupsSkipped)
			q.NoSkip = true
			got, _ = scanAll(t, dir, "t", q)
			assert.Equal(t, want, got)
			all, _ := scanAll(t, dir, "t", Query{Columns: []Ref{Col("id"), Col("opt")}})
			require.Len(t, all, 600)
			for i, r := range all {
				assert.Equal(t, int64(i), r[0])
				if i%3 == 0 {
					assert.Nil(t, r[1])
				} else {
					assert.Equal(t, int64(i%11), r[1])
				}
			}
		})
	}
}

func TestContextCancel(t *testing.T) {
	dir := skipTable(t)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rows, err := tb.Scan(ctx, Query{Columns: []Ref{Col("x")}})
	require.NoError(t, err)
	assert.False(t, rows.Next())
	assert.ErrorIs(t, rows.Err(), context.Canceled)

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	rows, err = tb.Scan(ctx, Query{Columns: []Ref{Col("x")}})
	require.NoError(t, err)
	n := 0
	for rows.Next() {
		n++
		if n == 10 {
			cancel()
		}
	}
	assert.ErrorIs(t, rows.Err(), context.Canceled)
	assert.Less(t, n, 10+cancelCheckRows+1, "cancellation is noticed within %d rows", cancelCheckRows)
	assert.False(t, rows.Next())
	require.NoError(t, rows.Close())
}
