package scan

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// footerTail is how many bytes at the end of a file are read in one go when
// a file is opened: most footers fit, so the footer costs one read.
const footerTail = 64 << 10

// The structs below decode the parts of FileMetaData (parquet.thrift) that
// must be checked before a file is handed to parquet-go, and the presence of
// optional fields that parquet-go decodes as zero when absent
// (Statistics.null_count: pitfall B38). Unknown fields are skipped.
type footerCheck struct {
	Schema    []footerSchemaElement `thrift:"2"`
	NumRows   int64                 `thrift:"3"`
	RowGroups []footerRowGroup      `thrift:"4"`
}

type footerSchemaElement struct {
	Type        thrift.Null[format.Type] `thrift:"1,optional"`
	Name        string                   `thrift:"4"`
	NumChildren thrift.Null[int32]       `thrift:"5,optional"`
}

type footerRowGroup struct {
	Columns []footerColumnChunk `thrift:"1"`
	NumRows int64               `thrift:"3"`
}

type footerColumnChunk struct {
	MetaData          footerColumnMeta        `thrift:"3"`
	OffsetIndexOffset int64                   `thrift:"4"`
	OffsetIndexLength int32                   `thrift:"5"`
	ColumnIndexOffset int64                   `thrift:"6"`
	ColumnIndexLength int32                   `thrift:"7"`
	CryptoMetadata    thrift.Null[footerSkip] `thrift:"8,optional"`
}

type footerSkip struct{}

type footerColumnMeta struct {
	Type                 format.Type      `thrift:"1"`
	PathInSchema         []string         `thrift:"3"`
	NumValues            int64            `thrift:"5"`
	TotalCompressedSize  int64            `thrift:"7"`
	DataPageOffset       int64            `thrift:"9"`
	DictionaryPageOffset int64            `thrift:"11"`
	Statistics           footerStatistics `thrift:"12"`
}

type footerStatistics struct {
	NullCount thrift.Null[int64] `thrift:"3,optional"`
}

// tailReader serves reads of a file's cached tail from memory, so that the
// footer is read from disk once.
type tailReader struct {
	r    io.ReaderAt
	tail []byte
	off  int64 // file offset of tail[0]
}

func (t *tailReader) ReadAt(p []byte, off int64) (int, error) {
	if off >= t.off && off+int64(len(p)) <= t.off+int64(len(t.tail)) {
		return copy(p, t.tail[off-t.off:]), nil
	}
	return t.r.ReadAt(p, off)
}

// readFooter opens the Parquet file at path: it reads the magic bytes and
// the footer, checks that every offset the footer gives lies inside the
// file, and decodes it with parquet-go. Errors wrap ErrCorrupt; the page
// index (column and offset indexes, see readPageIndex) is read too and kept
// in memory.
func readFooter(f *os.File, size int64) (pf *parquet.File, nullCounts [][]bool, index []chunkIndex, err error) {
	if size < 12 {
		return nil, nil, nil, corrupt(fmt.Errorf("file of %d bytes is too small", size))
	}
	var head [4]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return nil, nil, nil, corrupt(fmt.Errorf("reading magic: %w", err))
	}
	if string(head[:]) != "PAR1" {
		return nil, nil, nil, corrupt(fmt.Errorf("bad magic %q at offset 0", head[:]))
	}
	n := min(size, footerTail)
	tail := make([]byte, n)
	if _, err := f.ReadAt(tail, size-n); err != nil {
		return nil, nil, nil, corrupt(fmt.Errorf("reading footer: %w", err))
	}
	if string(tail[n-4:]) != "PAR1" {
		return nil, nil, nil, corrupt(fmt.Errorf("bad magic %q at the end of the file", tail[n-4:]))
	}
	footerLen := int64(binary.LittleEndian.Uint32(tail[n-8:]))
	footerStart := size - 8 - footerLen
	if footerStart < 4 {
		return nil, nil, nil, corrupt(fmt.Errorf("footer length %d exceeds the file size %d", footerLen, size))
	}
	if footerLen+8 > n {
		tail = make([]byte, footerLen+8)
		if _, err := f.ReadAt(tail, footerStart); err != nil {
			return nil, nil, nil, corrupt(fmt.Errorf("reading footer: %w", err))
		}
		n = int64(len(tail))
	}
	footer := tail[n-8-footerLen : n-8]
	var check footerCheck
	if n, err := decodeThrift(footer, &check); err != nil || n != len(footer) {
		if err == nil {
			err = fmt.Errorf("%d bytes after the footer's metadata", len(footer)-n)
		}
		return nil, nil, nil, corrupt(fmt.Errorf("decoding footer: %w", err))
	}
	nullCounts, err = checkFooter(&check, footerStart)
	if err != nil {
		return nil, nil, nil, corrupt(err)
	}
	r := &tailReader{r: f, tail: tail, off: size - n}
	pf, err = openParquet(r, size)
	if err != nil {
		return nil, nil, nil, corrupt(err)
	}
	index, err = readPageIndex(pf, r)
	if err != nil {
		return nil, nil, nil, corrupt(err)
	}
	return pf, nullCounts, index, nil
}

// openParquet calls parquet.OpenFile, turning a panic on malformed input
// into an error. parquet-go does not read the page index: it reads the
// entries of all chunks as one run starting at the first chunk's, which
// fails when a chunk in the middle has none (readPageIndex reads them).
func openParquet(r io.ReaderAt, size int64) (pf *parquet.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			pf, err = nil, fmt.Errorf("decoding footer: %v", p)
		}
	}()
	return parquet.OpenFile(r, size, parquet.SkipBloomFilters(true), parquet.SkipPageIndex(true), parquet.OptimisticRead(false))
}

// chunkError is a footer fault in one column chunk.
type chunkError struct {
	rowGroup int
	column   string
	err      error
}

func (e *chunkError) Error() string { return e.err.Error() }
func (e *chunkError) Unwrap() error { return e.err }

// checkFooter verifies the footer's structure and offsets against the data
// section [4, dataEnd) and returns, per row group and leaf column, whether
// the chunk statistics carry a null_count.
func checkFooter(m *footerCheck, dataEnd int64) ([][]bool, error) {
	if len(m.Schema) == 0 {
		return nil, errors.New("footer has no schema")
	}
	leaves, err := leafPaths(m.Schema)
	if err != nil {
		return nil, err
	}
	paths := make([]string, len(leaves))
	for j := range leaves {
		paths[j] = strings.Join(leaves[j].path, ".")
	}
	inData := func(off, length int64) bool {
		return off >= 4 && length >= 0 && off <= dataEnd && length <= dataEnd-off
	}
	var total int64
	nullCounts := make([][]bool, len(m.RowGroups))
	for i := range m.RowGroups {
		rg := &m.RowGroups[i]
		if rg.NumRows < 0 {
			return nil, &chunkError{rowGroup: i, err: fmt.Errorf("negative row count %d", rg.NumRows)}
		}
		total += rg.NumRows
		if len(rg.Columns) != len(leaves) {
			return nil, &chunkError{rowGroup: i, err: fmt.Errorf("%d column chunks for %d leaf columns", len(rg.Columns), len(leaves))}
		}
		nullCounts[i] = make([]bool, len(leaves))
		for j := range rg.Columns {
			c := &rg.Columns[j]
			fail := func(format string, args ...any) ([][]bool, error) {
				return nil, &chunkError{rowGroup: i, column: paths[j], err: fmt.Errorf(format, args...)}
			}
			if c.CryptoMetadata.Valid {
				return fail("encrypted column: %w", ErrUnsupported)
			}
			md := &c.MetaData
			if !slices.Equal(md.PathInSchema, leaves[j].path) {
				return fail("column chunk of path %q for schema leaf %q", strings.Join(md.PathInSchema, "."), paths[j])
			}
			if md.Type != leaves[j].typ {
				return fail("column chunk of type %s for a schema leaf of type %s", md.Type, leaves[j].typ)
			}
			start := md.DataPageOffset
			if md.DictionaryPageOffset != 0 {
				start = md.DictionaryPageOffset
			}
			if !inData(start, md.TotalCompressedSize) || md.TotalCompressedSize == 0 && rg.NumRows > 0 {
				return fail("pages at offset %d, %d bytes, outside the data section [4, %d)", start, md.TotalCompressedSize, dataEnd)
			}
			if md.NumValues < 0 {
				return fail("negative value count %d", md.NumValues)
			}
			if c.OffsetIndexOffset != 0 && !inData(c.OffsetIndexOffset, int64(c.OffsetIndexLength)) {
				return fail("offset index outside the data section")
			}
			if c.ColumnIndexOffset != 0 && !inData(c.ColumnIndexOffset, int64(c.ColumnIndexLength)) {
				return fail("column index outside the data section")
			}
			nullCounts[i][j] = md.Statistics.NullCount.Valid && md.Statistics.NullCount.V >= 0
		}
	}
	if total != m.NumRows {
		return nil, fmt.Errorf("footer gives %d rows, its row groups %d", m.NumRows, total)
	}
	return nullCounts, nil
}

// footerLeaf is one leaf column of a schema: its path from the root (the
// names of its ancestors and its own, as ColumnMetaData.path_in_schema
// gives it) and its physical type.
type footerLeaf struct {
	path []string
	typ  format.Type
}

// leafPaths walks the flattened schema (parquet.thrift, FileMetaData.schema:
// depth-first, each group followed by its num_children children) and returns
// its leaves in order. A leaf without a type is an error.
func leafPaths(schema []footerSchemaElement) ([]footerLeaf, error) {
	var leaves []footerLeaf
	var stack []string
	next := 0
	var walk func(depth int) error
	walk = func(depth int) error {
		if next >= len(schema) {
			return errors.New("schema ends inside a group")
		}
		if depth > 64 {
			return errors.New("schema nests deeper than 64 levels")
		}
		e := &schema[next]
		next++
		if depth > 0 && (!e.NumChildren.Valid || e.NumChildren.V == 0) {
			path := append(slices.Clip(stack), e.Name)
			if !e.Type.Valid {
				return fmt.Errorf("schema leaf %q has no type", strings.Join(path, "."))
			}
			leaves = append(leaves, footerLeaf{path: path, typ: e.Type.V})
			return nil
		}
		if e.NumChildren.V < 0 || int(e.NumChildren.V) > len(schema)-next {
			return fmt.Errorf("schema element %d has %d children", next-1, e.NumChildren.V)
		}
		if depth > 0 {
			stack = append(stack, e.Name)
			defer func() { stack = stack[:len(stack)-1] }()
		}
		for range e.NumChildren.V {
			if err := walk(depth + 1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(0); err != nil {
		return nil, err
	}
	if next != len(schema) {
		return nil, fmt.Errorf("schema has %d elements after its root group", len(schema)-next)
	}
	return leaves, nil
}

// fileColumn describes one top-level column of one file.
type fileColumn struct {
	name     string
	key      string // foldName(name)
	typ      Type
	optional bool
	leaf     int // leaf ordinal (column chunk index); -1 for nested columns
	elem     int // index of its schema element
}

// fileSchema lists the top-level columns of a file from its flattened schema.
func fileSchema(schema []format.SchemaElement) ([]fileColumn, error) {
	if len(schema) == 0 {
		return nil, errors.New("footer has no schema")
	}
	var cols []fileColumn
	next, leaf := 1, 0
	var skip func() (int, error) // skips one subtree, returns its leaves
	skip = func() (int, error) {
		if next >= len(schema) {
			return 0, errors.New("schema ends inside a group")
		}
		e := &schema[next]
		next++
		if !e.NumChildren.Valid || e.NumChildren.V == 0 {
			return 1, nil
		}
		n := 0
		for range e.NumChildren.V {
			k, err := skip()
			if err != nil {
				return 0, err
			}
			n += k
		}
		return n, nil
	}
	seen := make(map[string]bool)
	for range schema[0].NumChildren.V {
		if next >= len(schema) {
			return nil, errors.New("schema ends inside the root group")
		}
		e := &schema[next]
		if seen[e.Name] {
			return nil, fmt.Errorf("column %q appears twice", e.Name)
		}
		seen[e.Name] = true
		c := fileColumn{name: e.Name, leaf: -1, elem: next, optional: e.RepetitionType.V != format.Required}
		isLeaf := !e.NumChildren.Valid || e.NumChildren.V == 0
		if isLeaf && e.RepetitionType.V != format.Repeated {
			t, err := leafType(e)
			if err != nil {
				return nil, err
			}
			c.typ, c.leaf = t, leaf
			next++
			leaf++
		} else {
			c.typ = nestedType(schema, next)
			k, err := skip()
			if err != nil {
				return nil, err
			}
			leaf += k
		}
		cols = append(cols, c)
	}
	return cols, nil
}

// nestedType describes a group or repeated column. A Variant column is a
// group annotated VARIANT or, from writers that omit the annotation, a group
// whose children include a binary metadata and a binary value (design
// section 2; children are found by name).
func nestedType(schema []format.SchemaElement, at int) Type {
	e := &schema[at]
	t := Type{Kind: KindNested}
	if e.LogicalType.Value != nil {
		t.Logical = logicalName(e.LogicalType.Value)
	}
	if !e.NumChildren.Valid {
		t.Physical = e.Type.V.String()
		return t
	}
	if t.Logical == "VARIANT" {
		t.Kind, t.Variant = KindVariant, true
		return t
	}
	var meta, value bool
	i := at + 1
	for range e.NumChildren.V {
		if i >= len(schema) {
			break
		}
		c := &schema[i]
		binary := c.Type.Valid && c.Type.V == format.ByteArray && !c.NumChildren.Valid
		switch {
		case c.Name == "metadata" && binary:
			meta = true
		case c.Name == "value" && binary:
			value = true
		}
		i = skipElement(schema, i)
	}
	if meta && value {
		t.Kind, t.Variant = KindVariant, true
	}
	return t
}

// skipElement returns the index just past the subtree starting at i.
func skipElement(schema []format.SchemaElement, i int) int {
	e := &schema[i]
	i++
	if e.NumChildren.Valid {
		for range e.NumChildren.V {
			if i >= len(schema) {
				return i
			}
			i = skipElement(schema, i)
		}
	}
	return i
}
