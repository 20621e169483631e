package scan

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// TestVariantSlotCacheKeys: the compiled Variant slots a file keeps are
// told apart by column and path, so that the whole of column "a.b" and
// path $.b of column "a" (whose Refs print alike) each read their own
// values, whichever scan compiles its slot first.
func TestVariantSlotCacheKeys(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "f.parquet")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	node, err := shred.Schema{}.Node()
	require.NoError(t, err)
	schema := parquet.NewSchema("t", parquet.Group{"a": parquet.Optional(node), "a.b": parquet.Optional(node)})
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewWriter(f, schema)
	for name, js := range map[string]string{"a": `{"b":"from a"}`, "a.b": `"whole a.b"`} {
		layout, err := shred.NewLayout(shred.Schema{}, true)
		require.NoError(t, err)
		cols, err := layout.ColumnIndexes(schema, name)
		require.NoError(t, err)
		b := layout.NewBatch()
		v, err := variant.ParseJSON([]byte(js))
		require.NoError(t, err)
		require.NoError(t, b.Append(v))
		require.NoError(t, b.WriteColumns(w.ColumnWriters(), cols))
	}
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())

	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	get := func(ref Ref) string {
		rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{ref}})
		require.NoError(t, err)
		defer rows.Close()
		require.True(t, rows.Next(), "%v", rows.Err())
		v, err := rows.Variant(0)
		require.NoError(t, err)
		return jsonOf(t, v)
	}
	pathRef := Ref{Column: "a", Path: mustPath("$.b")}
	require.Equal(t, `"whole a.b"`, get(Col("a.b")))
	require.Equal(t, `"from a"`, get(pathRef))
}

// TestCheckOnly: Check returns the error Scan returns for rows that are
// not the table's.
func TestCheckOnly(t *testing.T) {
	dir := t.TempDir()
	oneRowFiles(t, dir, 1)
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	q := Query{Columns: []Ref{Col("id")}, Only: []RowID{{Path: "elsewhere.parquet"}}}
	_, scanErr := tb.Scan(context.Background(), q)
	require.ErrorIs(t, scanErr, ErrNoRow)
	require.ErrorIs(t, tb.Check(q), ErrNoRow)
}

// TestVariantSlotErrorNamesRefAsWritten: a cached Variant slot's errors
// name its column as the query at hand spells it, not as an earlier query
// of the same column in another case did.
func TestVariantSlotErrorNamesRefAsWritten(t *testing.T) {
	dir := t.TempDir()
	writeVariantFile(t, filepath.Join(dir, "t", "0.parquet"), shred.Schema{}, [][]vrow{{{1, `{"x":"abc"}`}}})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	colOf := func(name string) string {
		rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{{Column: name, Path: mustPath("$.x"), As: bigint}}})
		require.NoError(t, err)
		defer rows.Close()
		for rows.Next() {
		}
		var fe *FileError
		require.ErrorAs(t, rows.Err(), &fe)
		return fe.Column
	}
	require.Equal(t, "V.x::bigint", colOf("V"))
	require.Equal(t, "v.x::bigint", colOf("v"))
	require.Equal(t, "V.x::bigint", colOf("V"))
}
