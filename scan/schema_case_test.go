package scan

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type upperIDRow struct {
	ID int64 `parquet:"ID"`
	X  int64 `parquet:"x"`
}

type lowerIDRow struct {
	ID int64  `parquet:"id"`
	X  string `parquet:"X"`
}

type lowerIDIntRow struct {
	ID int64 `parquet:"id"`
	X  int64 `parquet:"X"`
}

// TestSchemaMergeAnyCase: the files of a table give one column whatever
// the case of its name in each file; the first file (in path order) spells
// it, and every file's values read under that name.
func TestSchemaMergeAnyCase(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "two", "p1.parquet"), []upperIDRow{{ID: 1, X: 10}})
	writeRows(t, filepath.Join(dir, "two", "p2.parquet"), []lowerIDIntRow{{ID: 2, X: 20}, {ID: 3, X: 30}})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("two")
	require.NoError(t, err)
	s := tb.Schema()
	require.Len(t, s.Columns, 2)
	assert.Equal(t, "ID", s.Columns[0].Name)
	assert.Equal(t, "x", s.Columns[1].Name)
	assert.False(t, s.Columns[0].Nullable, "required in both files")
	assert.False(t, s.Columns[1].Nullable, "required in both files")
	for _, name := range []string{"ID", "id", "Id", "iD"} {
		i, ok := s.Lookup(name)
		assert.True(t, ok, name)
		assert.Equal(t, 0, i, name)
	}
	i, ok := s.Lookup("X")
	assert.True(t, ok)
	assert.Equal(t, 1, i)

	rows, _ := scanAll(t, dir, "two", Query{Columns: []Ref{Col("ID"), Col("x")}})
	assert.Equal(t, [][]any{{int64(1), int64(10)}, {int64(2), int64(20)}, {int64(3), int64(30)}}, rows)
	for _, name := range []string{"ID", "id"} {
		rows, _ = scanAll(t, dir, "two", Query{Columns: []Ref{Col("X")}, Where: Compare{Col(name), Eq, int64(2)}})
		assert.Equal(t, [][]any{{int64(20)}}, rows, name)
	}
}

// TestSchemaMergeAnyCaseConflict: x BIGINT in one file and X VARCHAR in
// another are one column with two types, an ErrSchemaConflict naming both
// files and both spellings.
func TestSchemaMergeAnyCaseConflict(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "two", "p1.parquet"), []upperIDRow{{ID: 1, X: 10}})
	writeRows(t, filepath.Join(dir, "two", "p2.parquet"), []lowerIDRow{{ID: 2, X: "b"}})
	r, err := Open(dir)
	require.NoError(t, err)
	_, err = r.Table("two")
	require.ErrorIs(t, err, ErrSchemaConflict)
	assert.Equal(t, `scan: schema conflict: column "x" is int64 in `+filepath.Join(r.Dir(), "two", "p1.parquet")+
		` and "X" is string in `+filepath.Join(r.Dir(), "two", "p2.parquet"), err.Error())
}

// TestFileColumnsDifferOnlyInCase: a file holding columns a and A cannot be
// read (a name would match both): a *FileError naming the file, wrapping
// ErrSchemaConflict and naming both columns.
func TestFileColumnsDifferOnlyInCase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "f.parquet")
	writeColumns(t, path, []column{
		{name: "a", node: parquet.Leaf(parquet.Int64Type), vals: []any{int64(1)}},
		{name: "A", node: parquet.Leaf(parquet.Int64Type), vals: []any{int64(2)}},
	}, 0)
	r, err := Open(dir)
	require.NoError(t, err)
	_, err = r.Table("t")
	require.ErrorIs(t, err, ErrSchemaConflict)
	var fe *FileError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, filepath.Join(r.Dir(), "t", "f.parquet"), fe.Path)
	assert.Equal(t, `scan: `+fe.Path+`: schema conflict: columns "A" and "a" differ only in case (column names match in any case)`, err.Error())

	// The same file as a root-level table.
	writeColumns(t, filepath.Join(dir, "r.parquet"), []column{
		{name: "Ab", node: parquet.Leaf(parquet.Int64Type), vals: []any{int64(1)}},
		{name: "aB", node: parquet.Optional(parquet.String()), vals: []any{"x"}},
	}, 0)
	_, err = r.Table("r")
	require.ErrorIs(t, err, ErrSchemaConflict)
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Contains(t, err.Error(), `columns "Ab" and "aB" differ only in case`)
}

// TestVariantFieldsKeepCase: only top-level column names match in any
// case. The fields of a Variant object, shredded or not, are distinct keys
// when they differ only in case (VariantEncoding.md, "Object"), and a
// path names its field exactly.
func TestVariantFieldsKeepCase(t *testing.T) {
	dir := t.TempDir()
	obj := shred.Object(
		shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "A", Schema: shred.Typed(shred.TypeString)},
	)
	rows := []vrow{{1, `{"a":1,"A":"x","b":true,"B":false}`}, {2, `{"A":"y"}`}, {3, `{"a":2}`}}
	writeVariantFile(t, filepath.Join(dir, "t", "shredded.parquet"), obj, [][]vrow{rows})
	writeVariantFile(t, filepath.Join(dir, "t", "untyped.parquet"), shred.Untyped(), [][]vrow{rows})
	ref := func(p, as string) Ref {
		r, err := Path("V", p, as)
		require.NoError(t, err)
		return r
	}
	got, _ := scanAll(t, dir, "t", Query{Columns: []Ref{Col("ID"), ref("$.a", "bigint"), ref("$.A", "string"),
		ref("$.b", "boolean"), ref("$.B", "boolean")}})
	want := [][]any{
		{int64(1), int64(1), "x", true, false}, {int64(2), nil, "y", nil, nil}, {int64(3), int64(2), nil, nil, nil},
	}
	assert.Equal(t, append(want, want...), got)

	got, _ = scanAll(t, dir, "t", Query{Columns: []Ref{Col("v")}, Where: Compare{ref("$.A", "string"), Eq, "x"}})
	require.Len(t, got, 2)
	for _, row := range got {
		assert.JSONEq(t, rows[0].v, jsonOf(t, row[0].(variant.Variant)))
	}
}
