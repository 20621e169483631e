package scan

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// writeRows writes rows to path (creating its directory) with a
// GenericWriter of the concrete struct type T.
func writeRows[T any](t testing.TB, path string, rows []T, opts ...parquet.WriterOption) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewGenericWriter[T](f, opts...)
	_, err = w.Write(rows)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

// writeRowGroups writes each element of groups as its own row group.
func writeRowGroups[T any](t testing.TB, path string, groups [][]T, opts ...parquet.WriterOption) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewGenericWriter[T](f, opts...)
	for _, g := range groups {
		_, err = w.Write(g)
		require.NoError(t, err)
		require.NoError(t, w.Flush())
	}
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

func ptr[T any](v T) *T { return &v }

type idName struct {
	ID   int64   `parquet:"id"`
	Name *string `parquet:"name,optional"`
}

type idOnly struct {
	ID int64 `parquet:"id"`
}

// column is one top-level column of a file written by writeColumns: its
// node and its values, nil for NULL. Values are Go values that
// parquet.ValueOf converts to the column's physical type, or parquet.Value.
type column struct {
	name string
	node parquet.Node
	vals []any
}

// writeColumns writes flat columns with explicit definition levels,
// rowsPerGroup rows per row group (0: one row group).
func writeColumns(t testing.TB, path string, cols []column, rowsPerGroup int, opts ...parquet.WriterOption) {
	t.Helper()
	group := parquet.Group{}
	for _, c := range cols {
		group[c.name] = c.node
	}
	schema := parquet.NewSchema("t", group)
	// Leaves are ordered by name.
	index := map[string]int{}
	for i, f := range schema.Fields() {
		index[f.Name()] = i
	}
	nrows := len(cols[0].vals)
	rows := make([]parquet.Row, nrows)
	for r := range rows {
		rows[r] = make(parquet.Row, len(cols))
		for _, c := range cols {
			idx := index[c.name]
			v := c.vals[r]
			var pv parquet.Value
			switch v := v.(type) {
			case nil:
				pv = parquet.NullValue().Level(0, 0, idx)
			case parquet.Value:
				pv = v.Level(0, 1, idx)
			default:
				pv = parquet.ValueOf(v).Level(0, 1, idx)
			}
			if !c.node.Optional() && v != nil {
				pv = pv.Level(0, 0, idx)
			}
			rows[r][idx] = pv
		}
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewWriter(f, append([]parquet.WriterOption{schema}, opts...)...)
	for start := 0; start < nrows; {
		end := nrows
		if rowsPerGroup > 0 {
			end = min(nrows, start+rowsPerGroup)
		}
		_, err := w.WriteRows(rows[start:end])
		require.NoError(t, err)
		require.NoError(t, w.Flush())
		start = end
	}
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

// scanAll runs q over table name of dir and returns the rows as Values and
// the scan's counts.
func scanAll(t testing.TB, dir, name string, q Query) ([][]any, Stats) {
	t.Helper()
	out, stats, err := scanTable(dir, name, q)
	require.NoError(t, err)
	return out, stats
}

// scanTable runs q over table name of dir and returns the rows as Values
// and the scan's counts, or the first error.
func scanTable(dir, name string, q Query) ([][]any, Stats, error) {
	r, err := Open(dir)
	if err != nil {
		return nil, Stats{}, err
	}
	tb, err := r.Table(name)
	if err != nil {
		return nil, Stats{}, err
	}
	rows, err := tb.Scan(context.Background(), q)
	if err != nil {
		return nil, Stats{}, err
	}
	defer rows.Close()
	var out [][]any
	for rows.Next() {
		row := make([]any, len(rows.Columns()))
		for i := range row {
			row[i] = rows.Value(i)
		}
		out = append(out, row)
	}
	return out, rows.Stats(), rows.Err()
}
