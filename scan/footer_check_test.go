package scan

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyFile copies src to dst, creating dst's directory.
func copyFile(t testing.TB, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
	require.NoError(t, os.WriteFile(dst, data, 0o644))
}

// editMetadata decodes the footer of the file at path into parquet-go's
// format.FileMetaData, lets edit change it and writes it back re-encoded.
func editMetadata(t testing.TB, path string, edit func(*format.FileMetaData)) {
	t.Helper()
	editFooter(t, path, func(md *format.FileMetaData, _ []byte, _ int64) []byte {
		edit(md)
		return nil
	})
}

// editFooter decodes the footer of the file at path, lets edit change it
// (given the file's bytes and the offset where its footer starts) and
// writes the file back with the bytes edit returns put before the
// re-encoded footer, at that offset.
func editFooter(t testing.TB, path string, edit func(md *format.FileMetaData, data []byte, end int64) []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	n := len(data)
	flen := int(binary.LittleEndian.Uint32(data[n-8:]))
	var md format.FileMetaData
	require.NoError(t, thrift.Unmarshal(new(thrift.CompactProtocol), data[n-8-flen:n-8], &md))
	extra := edit(&md, data, int64(n-8-flen))
	b, err := thrift.Marshal(new(thrift.CompactProtocol), &md)
	require.NoError(t, err)
	out := append(slices.Clone(data[:n-8-flen]), extra...)
	out = append(out, b...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(b)))
	out = append(out, "PAR1"...)
	require.NoError(t, os.WriteFile(path, out, 0o644))
}

// schemaElement returns the schema element named name under the element
// named parent (the root when parent is "").
func schemaElement(t testing.TB, md *format.FileMetaData, parent, name string) *format.SchemaElement {
	t.Helper()
	in := parent == ""
	for i := range md.Schema {
		e := &md.Schema[i]
		if e.Name == parent {
			in = true
		}
		if in && e.Name == name {
			return e
		}
	}
	t.Fatalf("no schema element %s.%s", parent, name)
	return nil
}

// A schema that disagrees with the column chunks it describes (a leaf's
// type or name changed, while the chunks' ColumnMetaData still give the
// original) is a corrupt file: reading it would return wrong values.
func TestFooterSchemaDisagreesWithChunks(t *testing.T) {
	cases := []struct {
		name, table, file string
		parent, elem      string
		edit              func(*format.SchemaElement)
		column, msg       string
	}{
		{
			name: "typed_value INT64 as BOOLEAN", table: "duckdb_mixed", file: "duckdb_mixed.parquet",
			parent: "var", elem: "typed_value",
			edit:   func(e *format.SchemaElement) { e.Type.V = format.Boolean },
			column: "var.typed_value", msg: "column chunk of type INT64 for a schema leaf of type BOOLEAN",
		},
		{
			name: "metadata renamed", table: "duckdb_mixed", file: "duckdb_mixed.parquet",
			parent: "var", elem: "metadata",
			edit:   func(e *format.SchemaElement) { e.Name = "metadcta" },
			column: "var.metadcta", msg: `column chunk of path "var.metadata" for schema leaf "var.metadcta"`,
		},
		{
			name: "group renamed", table: "events", file: "events/part-00001.parquet",
			parent: "typed_value", elem: "device",
			edit:   func(e *format.SchemaElement) { e.Name = "defice" },
			column: "payload.typed_value.defice.value",
			msg:    `column chunk of path "payload.typed_value.device.value" for schema leaf "payload.typed_value.defice.value"`,
		},
		{
			name: "flat id renamed", table: "events", file: "events/part-00001.parquet",
			elem:   "id",
			edit:   func(e *format.SchemaElement) { e.Name = "ix" },
			column: "ix", msg: `column chunk of path "id" for schema leaf "ix"`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, c.file)
			copyFile(t, filepath.Join("..", "testdata", "lake", c.file), path)
			editMetadata(t, path, func(md *format.FileMetaData) { c.edit(schemaElement(t, md, c.parent, c.elem)) })
			r, err := Open(dir)
			require.NoError(t, err)
			_, err = r.Table(c.table)
			fe := requireFileError(t, err, path)
			assert.Equal(t, 0, fe.RowGroup)
			assert.Equal(t, c.column, fe.Column)
			assert.ErrorContains(t, err, c.msg)
		})
	}
}
