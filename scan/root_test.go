package scan

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTablesListing(t *testing.T) {
	dir := t.TempDir()
	row := []idOnly{{ID: 1}}
	writeRows(t, filepath.Join(dir, "events", "a.parquet"), row)
	writeRows(t, filepath.Join(dir, "events", "day=1", "b.parquet"), row)
	writeRows(t, filepath.Join(dir, "events", "day=2", "h=3", "c.parquet"), row)
	writeRows(t, filepath.Join(dir, "events", "_tmp.parquet"), row)         // in progress
	writeRows(t, filepath.Join(dir, "events", ".hidden", "d.parquet"), row) // invisible folder
	writeRows(t, filepath.Join(dir, "events", "_part", "e.parquet"), row)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "events", "notes.txt"), []byte("x"), 0o644))
	writeRows(t, filepath.Join(dir, "lookup.parquet"), row)
	writeRows(t, filepath.Join(dir, "_staging", "x.parquet"), row)
	writeRows(t, filepath.Join(dir, ".git", "x.parquet"), row)
	writeRows(t, filepath.Join(dir, "_old.parquet"), row)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "empty", "sub"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "readme.md"), nil, 0o644))

	r, err := Open(dir)
	require.NoError(t, err)
	tables, err := r.Tables()
	require.NoError(t, err)
	require.Equal(t, []TableInfo{
		{Name: "events", Path: filepath.Join(r.Dir(), "events")},
		{Name: "lookup", Path: filepath.Join(r.Dir(), "lookup.parquet"), ReadOnly: true},
	}, tables)

	ev, err := r.Table("events")
	require.NoError(t, err)
	assert.False(t, ev.ReadOnly)
	assert.Equal(t, []string{
		filepath.Join("events", "a.parquet"),
		filepath.Join("events", "day=1", "b.parquet"),
		filepath.Join("events", "day=2", "h=3", "c.parquet"),
	}, ev.Files())
	assert.Equal(t, int64(3), ev.NumRows())

	lk, err := r.Table("lookup")
	require.NoError(t, err)
	assert.True(t, lk.ReadOnly)
	assert.Equal(t, []string{"lookup.parquet"}, lk.Files())

	for _, name := range []string{"missing", "empty"} {
		_, err = r.Table(name)
		assert.ErrorIs(t, err, ErrNoTable, name)
	}
}

func TestTableNames(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "t", "a.parquet"), []idOnly{{ID: 1}})
	r, err := Open(dir)
	require.NoError(t, err)
	for _, name := range []string{"", ".", "..", "../t", "t/../t", "/etc", `a\b`, "a\x00b", "_t", ".t", "t/a"} {
		_, err := r.Table(name)
		assert.ErrorIs(t, err, ErrInvalidName, "%q", name)
	}
	_, err = r.Table("t")
	assert.NoError(t, err)
	// Odd but valid names.
	writeRows(t, filepath.Join(dir, "my table-1 é", "a.parquet"), []idOnly{{ID: 1}})
	_, err = r.Table("my table-1 é")
	assert.NoError(t, err)
}

func TestSymlinksOutOfRoot(t *testing.T) {
	outside := t.TempDir()
	writeRows(t, filepath.Join(outside, "x.parquet"), []idOnly{{ID: 1}})
	writeRows(t, filepath.Join(outside, "tbl", "x.parquet"), []idOnly{{ID: 1}})

	t.Run("table directory", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.Symlink(filepath.Join(outside, "tbl"), filepath.Join(dir, "tbl")))
		r, err := Open(dir)
		require.NoError(t, err)
		_, err = r.Tables()
		assert.ErrorIs(t, err, ErrOutsideRoot)
		_, err = r.Table("tbl")
		assert.ErrorIs(t, err, ErrOutsideRoot)
	})
	t.Run("file inside a table", func(t *testing.T) {
		dir := t.TempDir()
		writeRows(t, filepath.Join(dir, "tbl", "a.parquet"), []idOnly{{ID: 1}})
		require.NoError(t, os.Symlink(filepath.Join(outside, "x.parquet"), filepath.Join(dir, "tbl", "b.parquet")))
		r, err := Open(dir)
		require.NoError(t, err)
		_, err = r.Table("tbl")
		assert.ErrorIs(t, err, ErrOutsideRoot)
	})
	t.Run("root-level file", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.Symlink(filepath.Join(outside, "x.parquet"), filepath.Join(dir, "x.parquet")))
		r, err := Open(dir)
		require.NoError(t, err)
		_, err = r.Table("x")
		assert.ErrorIs(t, err, ErrOutsideRoot)
	})
	t.Run("links inside the root and loops", func(t *testing.T) {
		dir := t.TempDir()
		writeRows(t, filepath.Join(dir, "tbl", "p=1", "a.parquet"), []idOnly{{ID: 1}})
		require.NoError(t, os.Symlink(filepath.Join(dir, "tbl"), filepath.Join(dir, "tbl", "loop")))
		require.NoError(t, os.Symlink(filepath.Join(dir, "tbl", "p=1"), filepath.Join(dir, "alias")))
		r, err := Open(dir)
		require.NoError(t, err)
		tb, err := r.Table("tbl")
		require.NoError(t, err)
		assert.Equal(t, []string{filepath.Join("tbl", "p=1", "a.parquet")}, tb.Files())
		al, err := r.Table("alias")
		require.NoError(t, err)
		assert.Equal(t, []string{filepath.Join("alias", "a.parquet")}, al.Files())
	})
}

func TestNameConflict(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "t", "a.parquet"), []idOnly{{ID: 1}})
	writeRows(t, filepath.Join(dir, "t.parquet"), []idOnly{{ID: 1}})
	r, err := Open(dir)
	require.NoError(t, err)
	_, err = r.Tables()
	assert.ErrorIs(t, err, ErrNameConflict)
	_, err = r.Table("t")
	assert.ErrorIs(t, err, ErrNameConflict)
}

func TestFooterCache(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "t", "a.parquet")
	b := filepath.Join(dir, "t", "b.parquet")
	writeRows(t, a, []idOnly{{ID: 1}})
	writeRows(t, b, []idOnly{{ID: 2}, {ID: 3}})
	r, err := Open(dir)
	require.NoError(t, err)

	tb, err := r.Table("t")
	require.NoError(t, err)
	assert.Equal(t, 2, r.footerReads)
	assert.Equal(t, int64(3), tb.NumRows())

	_, err = r.Table("t")
	require.NoError(t, err)
	assert.Equal(t, 2, r.footerReads, "unchanged files are not read again")

	// Rewrite a with another size and a later mtime.
	writeRows(t, a, []idOnly{{ID: 1}, {ID: 4}, {ID: 5}})
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.Chtimes(a, later, later))
	tb, err = r.Table("t")
	require.NoError(t, err)
	assert.Equal(t, 3, r.footerReads)
	assert.Equal(t, int64(5), tb.NumRows())

	// A new file is read; a removed one leaves the cache.
	require.NoError(t, os.Remove(b))
	writeRows(t, filepath.Join(dir, "t", "c.parquet"), []idOnly{{ID: 6}})
	tb, err = r.Table("t")
	require.NoError(t, err)
	assert.Equal(t, 4, r.footerReads)
	assert.Equal(t, int64(4), tb.NumRows())
	assert.Len(t, r.files, 2)
}

type v1Row struct {
	ID   int64  `parquet:"id"`
	Name string `parquet:"name"`
}

type v2Row struct {
	ID    int32   `parquet:"id"`
	Name  *string `parquet:"name,optional"`
	Score float64 `parquet:"score"`
}

type badRow struct {
	ID string `parquet:"id"`
}

func TestSchemaMerge(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "t", "1.parquet"), []v1Row{{ID: 1, Name: "a"}})
	writeRows(t, filepath.Join(dir, "t", "2.parquet"), []v2Row{{ID: 2, Score: 1.5}})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	s := tb.Schema()
	require.Len(t, s.Columns, 3)
	assert.Equal(t, "id", s.Columns[0].Name)
	assert.Equal(t, KindInt64, s.Columns[0].Type.Kind)
	assert.False(t, s.Columns[0].Nullable)
	assert.Equal(t, "name", s.Columns[1].Name)
	assert.Equal(t, KindString, s.Columns[1].Type.Kind)
	assert.True(t, s.Columns[1].Nullable)
	assert.Equal(t, "score", s.Columns[2].Name)
	assert.True(t, s.Columns[2].Nullable, "missing from 1.parquet")
	i, ok := s.Lookup("score")
	assert.True(t, ok)
	assert.Equal(t, 2, i)

	writeRows(t, filepath.Join(dir, "t", "3.parquet"), []badRow{{ID: "x"}})
	_, err = r.Table("t")
	require.ErrorIs(t, err, ErrSchemaConflict)
	assert.Contains(t, err.Error(), filepath.Join("t", "1.parquet"))
	assert.Contains(t, err.Error(), filepath.Join("t", "3.parquet"))
}

func TestOpenNotADirectory(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(p, nil, 0o644))
	_, err := Open(p)
	assert.Error(t, err)
	_, err = Open(filepath.Join(dir, "nope"))
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

// Nested columns are listed as KindNested; Variant groups are KindVariant,
// recognised by their annotation or, without it, by binary metadata and
// value children.
func TestNestedColumns(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "a.parquet")
	schema := parquet.NewSchema("t", parquet.Group{
		"id":  parquet.Leaf(parquet.Int64Type),
		"v":   parquet.Variant(),
		"raw": parquet.Optional(parquet.Group{"metadata": parquet.Leaf(parquet.ByteArrayType), "value": parquet.Optional(parquet.Leaf(parquet.ByteArrayType))}),
		"grp": parquet.Group{"a": parquet.Leaf(parquet.Int32Type), "value": parquet.Leaf(parquet.ByteArrayType)},
		"xs":  parquet.List(parquet.Leaf(parquet.Int32Type)),
		"rep": parquet.Repeated(parquet.Leaf(parquet.Int32Type)),
	})
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewWriter(f, schema)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())

	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	got := map[string]Type{}
	for _, c := range tb.Schema().Columns {
		got[c.Name] = c.Type
	}
	assert.Equal(t, KindInt64, got["id"].Kind)
	for name, variant := range map[string]bool{"v": true, "raw": true, "grp": false, "xs": false, "rep": false} {
		want := KindNested
		if variant {
			want = KindVariant
		}
		assert.Equal(t, want, got[name].Kind, name)
		assert.Equal(t, variant, got[name].Variant, name)
	}
	assert.Equal(t, "VARIANT", got["v"].Logical)
	assert.Equal(t, "LIST", got["xs"].Logical)
	rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}})
	require.NoError(t, err)
	assert.False(t, rows.Next())
	require.NoError(t, rows.Err())
}

// A file replaced after its table was listed is not read with the old
// footer.
func TestStaleFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "a.parquet")
	writeRows(t, path, []idOnly{{ID: 1}})
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	writeRows(t, path, []idOnly{{ID: 1}, {ID: 2}, {ID: 3}})
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.Chtimes(path, later, later))
	rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}})
	require.NoError(t, err)
	assert.False(t, rows.Next())
	assert.ErrorIs(t, rows.Err(), ErrStale)
	var fe *FileError
	require.ErrorAs(t, rows.Err(), &fe)
	assert.Equal(t, path, fe.Path)
	tb, err = r.Table("t")
	require.NoError(t, err)
	assert.Equal(t, int64(3), tb.NumRows())

	// A file removed since the listing.
	require.NoError(t, os.Remove(path))
	rows, err = tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}})
	require.NoError(t, err)
	assert.False(t, rows.Next())
	assert.ErrorIs(t, rows.Err(), os.ErrNotExist)
	require.ErrorAs(t, rows.Err(), &fe)
	assert.Equal(t, path, fe.Path)
}

// TestLocate: Locate finds a table's files without reading them, so a
// damaged file that Table rejects is listed; a missing name and a folder
// without Parquet files are ErrNoTable; a file vanishing while a table is
// read is ErrNoTable too, with the file system's error in the chain.
func TestLocate(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "t", "a.parquet"), []idOnly{{ID: 1}})
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "t", "day=1"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "t", "day=1", "b.parquet"), nil, 0o644))
	writeRows(t, filepath.Join(dir, "ro.parquet"), []idOnly{{ID: 1}})
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "empty"), 0o755))
	r, err := Open(dir)
	require.NoError(t, err)

	info, files, err := r.Locate("t")
	require.NoError(t, err)
	require.Equal(t, TableInfo{Name: "t", Path: filepath.Join(r.Dir(), "t")}, info)
	require.Equal(t, []string{filepath.Join(r.Dir(), "t", "a.parquet"), filepath.Join(r.Dir(), "t", "day=1", "b.parquet")}, files)
	_, err = r.Table("t")
	require.ErrorIs(t, err, ErrCorrupt)

	info, files, err = r.Locate("ro")
	require.NoError(t, err)
	require.Equal(t, TableInfo{Name: "ro", Path: filepath.Join(r.Dir(), "ro.parquet"), ReadOnly: true}, info)
	require.Equal(t, []string{filepath.Join(r.Dir(), "ro.parquet")}, files)

	for _, name := range []string{"missing", "empty"} {
		_, _, err = r.Locate(name)
		require.ErrorIs(t, err, ErrNoTable, name)
	}

	require.NoError(t, os.Remove(filepath.Join(dir, "t", "day=1", "b.parquet")))
	tbl, err := r.Table("t")
	require.NoError(t, err)
	require.NoError(t, os.RemoveAll(filepath.Join(dir, "t")))
	rows, err := tbl.Scan(context.Background(), Query{})
	if err == nil {
		for rows.Next() {
		}
		err = rows.Err()
		rows.Close()
	}
	require.ErrorIs(t, err, ErrNoTable)
	require.ErrorIs(t, err, os.ErrNotExist)
}

// TestFileTable: FileTable reads the one file NAME.parquet also where a
// folder NAME beside it makes Table refuse the name as ambiguous; it
// refuses a name without such a file.
func TestFileTable(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "foo.parquet"), []idOnly{{ID: 1}, {ID: 2}})
	writeRows(t, filepath.Join(dir, "foo", "part-0.parquet"), []idOnly{{ID: 9}})
	r, err := Open(dir)
	require.NoError(t, err)
	_, err = r.Table("foo")
	require.ErrorIs(t, err, ErrNameConflict)
	tb, err := r.FileTable("foo")
	require.NoError(t, err)
	require.True(t, tb.ReadOnly)
	rows, err := tb.Scan(context.Background(), Query{Columns: []Ref{Col("id")}})
	require.NoError(t, err)
	var ids []int64
	for rows.Next() {
		ids = append(ids, rows.Int64(0))
	}
	require.NoError(t, rows.Err())
	require.NoError(t, rows.Close())
	require.Equal(t, []int64{1, 2}, ids)
	_, err = r.FileTable("bar")
	require.ErrorIs(t, err, ErrNoTable)
}
