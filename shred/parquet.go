package shred

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// ColumnIndexes returns the index in the file schema s of each leaf of the
// layout, for the Variant column at path (the names of the groups above it,
// then its own name). It fails with [ErrInvalidSchema] when a leaf is
// absent or its maximum levels differ from the layout's, which happens when
// the layout was not built for that column (see [FromNode] and [NewLayout]).
func (l *Layout) ColumnIndexes(s *parquet.Schema, path ...string) ([]int, error) {
	out := make([]int, len(l.leaves))
	for i, leaf := range l.leaves {
		p := append(append([]string(nil), path...), leaf.Path...)
		c, ok := s.Lookup(p...)
		if !ok {
			return nil, schemaError(leaf.PathString(), "column not in the file schema")
		}
		if !c.Node.Leaf() || c.Node.Type().Kind() != leaf.Kind || leaf.FixedLen > 0 && c.Node.Type().Length() != leaf.FixedLen {
			return nil, schemaError(leaf.PathString(), "file column of type "+c.Node.Type().String()+" differs from the layout's")
		}
		if c.MaxDefinitionLevel != leaf.MaxDef || c.MaxRepetitionLevel != leaf.MaxRep {
			return nil, schemaError(leaf.PathString(), "file levels (def "+strconv.Itoa(c.MaxDefinitionLevel)+", rep "+strconv.Itoa(c.MaxRepetitionLevel)+") differ from the layout's (def "+strconv.Itoa(leaf.MaxDef)+", rep "+strconv.Itoa(leaf.MaxRep)+")")
		}
		out[i] = c.ColumnIndex
	}
	return out, nil
}

// writeChunk is the number of values handed to a page writer at a time;
// writes end on row boundaries.
const writeChunk = 4096

// WriteColumns writes the batch's rows, with their levels, to the column
// writers of a Parquet file: leaf i of the layout goes to
// writers[columns[i]] (writers as parquet.Writer.ColumnWriters returns them,
// columns as [Layout.ColumnIndexes] returns them), in pages of the default
// [PageLimits]. Every column receives whole rows, so all columns of the
// Variant end at the same row.
func (b *Batch) WriteColumns(writers []*parquet.ColumnWriter, columns []int) error {
	for i := range b.Columns {
		var err error
		if b.values, err = b.WriteColumn(NewPageWriter(writers[columns[i]], PageLimits{}), i, columns[i], b.values); err != nil {
			return err
		}
	}
	return nil
}

// WriteColumn writes the entries of leaf i, with their levels, to p, the
// page writer of the file's column chunk column (see [Batch.WriteColumns]),
// in whole rows. p learns the leaf from the call: its path, for errors,
// and whether it is the dictionary-encoded metadata (see [Schema.Node]).
// Batches written one after the other to the same column chunk share one
// p, which keeps their pages within bounds. buf is scratch space,
// returned for reuse with whatever it grew to. Calls for different
// leaves, each with its own p and buf, may run at the same time.
func (b *Batch) WriteColumn(p *PageWriter, i, column int, buf []parquet.Value) ([]parquet.Value, error) {
	c := &b.Columns[i]
	leaf := &b.layout.leaves[i]
	p.dict = len(leaf.Path) == 1 && leaf.Path[0] == colMetadata
	p.path = leaf.PathString()
	vi := 0
	for e := 0; e < len(c.Def); {
		// Chunks of about writeChunk entries that end on a row boundary.
		end := min(e+writeChunk, len(c.Def))
		for end < len(c.Def) && c.Rep[end] != 0 {
			end++
		}
		buf = slices.Grow(buf[:0], end-e)[:end-e]
		vi = c.fill(buf, leaf, column, e, vi)
		if _, err := p.WriteRowValues(buf); err != nil {
			return buf[:0], err
		}
		e = end
	}
	return buf[:0], nil
}

// fill sets buf to the entries of the column from entry e on, with their
// levels and column index col; vi is the index of the first entry's value
// (if it has one). It returns the index of the value after them.
func (c *Column) fill(buf []parquet.Value, leaf *Leaf, col, e, vi int) int {
	defs, reps := c.Def[e:e+len(buf)], c.Rep[e:e+len(buf)]
	maxDef := uint8(leaf.MaxDef)
	// Each value is built in place in buf: a value assembled elsewhere
	// field by field and then copied would be read back wider than it was
	// written, which the CPU cannot forward from its store buffer.
	switch leaf.Kind {
	case parquet.Boolean:
		for k, d := range defs {
			v := &buf[k]
			if d == maxDef {
				*v = parquet.BooleanValue(c.Bool[vi])
				vi++
			} else {
				*v = parquet.Value{}
			}
			v.SetRepetitionLevel(int(reps[k]))
			v.SetDefinitionLevel(int(d))
			v.SetColumnIndex(col)
		}
	case parquet.Int32:
		for k, d := range defs {
			v := &buf[k]
			if d == maxDef {
				*v = parquet.Int32Value(c.Int32[vi])
				vi++
			} else {
				*v = parquet.Value{}
			}
			v.SetRepetitionLevel(int(reps[k]))
			v.SetDefinitionLevel(int(d))
			v.SetColumnIndex(col)
		}
	case parquet.Int64:
		for k, d := range defs {
			v := &buf[k]
			if d == maxDef {
				*v = parquet.Int64Value(c.Int64[vi])
				vi++
			} else {
				*v = parquet.Value{}
			}
			v.SetRepetitionLevel(int(reps[k]))
			v.SetDefinitionLevel(int(d))
			v.SetColumnIndex(col)
		}
	case parquet.Float:
		for k, d := range defs {
			v := &buf[k]
			if d == maxDef {
				*v = parquet.FloatValue(c.Float[vi])
				vi++
			} else {
				*v = parquet.Value{}
			}
			v.SetRepetitionLevel(int(reps[k]))
			v.SetDefinitionLevel(int(d))
			v.SetColumnIndex(col)
		}
	case parquet.Double:
		for k, d := range defs {
			v := &buf[k]
			if d == maxDef {
				*v = parquet.DoubleValue(c.Double[vi])
				vi++
			} else {
				*v = parquet.Value{}
			}
			v.SetRepetitionLevel(int(reps[k]))
			v.SetDefinitionLevel(int(d))
			v.SetColumnIndex(col)
		}
	default:
		fixed := leaf.Kind == parquet.FixedLenByteArray
		start := 0
		if vi > 0 {
			start = c.Ends[vi-1]
		}
		for k, d := range defs {
			v := &buf[k]
			switch {
			case d != maxDef:
				*v = parquet.Value{}
			case fixed:
				end := c.Ends[vi]
				*v = parquet.FixedLenByteArrayValue(c.Bytes[start:end:end])
				start = end
				vi++
			default:
				end := c.Ends[vi]
				*v = parquet.ByteArrayValue(c.Bytes[start:end:end])
				start = end
				vi++
			}
			v.SetRepetitionLevel(int(reps[k]))
			v.SetDefinitionLevel(int(d))
			v.SetColumnIndex(col)
		}
	}
	return vi
}

// ReadRowGroup appends the rows of a row group to the batch: leaf i is read
// from column chunk columns[i] (see [Layout.ColumnIndexes]), or not at all
// when columns[i] is negative, so that a path query reads only the leaves
// of its node (see [NewNodeReader]). Levels and values are copied, so the
// batch does not refer to the row group's pages. Plain pages of numeric and
// BYTE_ARRAY columns are copied in bulk. Levels above a column's maximum
// and value counts that disagree with the levels are an [ErrCorrupt]; after
// an error the batch must be Reset before it is used again.
func (b *Batch) ReadRowGroup(rg parquet.RowGroup, columns []int) error {
	chunks := rg.ColumnChunks()
	buf := make([]parquet.Value, 1024)
	for i := range b.Columns {
		if columns[i] < 0 {
			continue
		}
		if columns[i] >= len(chunks) {
			return schemaError(b.layout.leaves[i].PathString(), "column index out of range")
		}
		if err := b.Columns[i].readChunk(chunks[columns[i]], b.layout.leaves[i], buf); err != nil {
			return &Error{Err: err, Row: -1, Path: b.layout.leaves[i].PathString()}
		}
	}
	return nil
}

func (c *Column) readChunk(chunk parquet.ColumnChunk, leaf Leaf, buf []parquet.Value) error {
	total := int(chunk.NumValues())
	c.grow(leaf.Kind, total)
	pages := chunk.Pages()
	defer pages.Close()
	first := leaf.Kind == parquet.ByteArray || leaf.Kind == parquet.FixedLenByteArray
	for {
		p, err := pages.ReadPage()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		bytes0, values0 := len(c.Bytes), len(c.Ends)
		err = c.readPage(p, leaf, buf)
		parquet.Release(p)
		if err != nil {
			return err
		}
		if first {
			// Bytes for the chunk's other values at the first page's
			// bytes per value, so that the bytes are not copied as the
			// buffer grows.
			first = false
			if k := len(c.Ends) - values0; k > 0 && total > k {
				c.growBytes((len(c.Bytes) - bytes0) / k * (total - k))
			}
		}
	}
}

// grow makes room for n more entries and values, so that reading a column
// chunk's pages does not grow the buffers page by page. A count that the
// chunk gets wrong only costs a reallocation.
func (c *Column) grow(kind parquet.Kind, n int) {
	if n <= 0 || n > 1<<26 {
		return
	}
	c.Def, c.Rep = slices.Grow(c.Def, n), slices.Grow(c.Rep, n)
	switch kind {
	case parquet.Boolean:
		c.Bool = slices.Grow(c.Bool, n)
	case parquet.Int32:
		c.Int32 = slices.Grow(c.Int32, n)
	case parquet.Int64:
		c.Int64 = slices.Grow(c.Int64, n)
	case parquet.Float:
		c.Float = slices.Grow(c.Float, n)
	case parquet.Double:
		c.Double = slices.Grow(c.Double, n)
	default:
		c.Ends = slices.Grow(c.Ends, n)
	}
}

// growBytes makes room for n more value bytes; a count that the first
// page gets wrong only costs a reallocation.
func (c *Column) growBytes(n int) {
	if n > 0 && n <= 1<<28 {
		c.Bytes = slices.Grow(c.Bytes, n)
	}
}

// readPage appends the levels and values of a page: in bulk from the
// page's level and value arrays when it is a plain page of a numeric or
// BYTE_ARRAY column, value by value otherwise.
func (c *Column) readPage(p parquet.Page, leaf Leaf, buf []parquet.Value) error {
	switch leaf.Kind {
	case parquet.Int32, parquet.Int64, parquet.Float, parquet.Double, parquet.ByteArray:
		if p.Dictionary() == nil {
			return c.readPlainPage(p, leaf)
		}
		if leaf.Kind == parquet.ByteArray {
			return c.readDictPage(p, leaf)
		}
	}
	vr := p.Values()
	for {
		n, err := vr.ReadValues(buf)
		for _, v := range buf[:n] {
			if err := c.appendValue(leaf, v); err != nil {
				return err
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func (c *Column) readPlainPage(p parquet.Page, leaf Leaf) error {
	values, err := c.readLevels(p, leaf)
	if err != nil {
		return err
	}
	data := p.Data()
	count := -1
	switch leaf.Kind {
	case parquet.Int32:
		v := data.Int32()
		count = len(v)
		c.Int32 = append(c.Int32, v...)
	case parquet.Int64:
		v := data.Int64()
		count = len(v)
		c.Int64 = append(c.Int64, v...)
	case parquet.Float:
		v := data.Float()
		count = len(v)
		c.Float = append(c.Float, v...)
	case parquet.Double:
		v := data.Double()
		count = len(v)
		c.Double = append(c.Double, v...)
	case parquet.ByteArray:
		b, offs := data.ByteArray()
		if len(offs) == 0 {
			count = 0
			break
		}
		count = len(offs) - 1
		if int(offs[count]) > len(b) {
			return corrupt(leaf.PathString(), "page value offsets past its data")
		}
		base := len(c.Bytes) - int(offs[0])
		c.Bytes = append(c.Bytes, b[offs[0]:offs[count]]...)
		for i, o := range offs[1:] {
			if o < offs[i] {
				return corrupt(leaf.PathString(), "page value offsets out of order")
			}
			c.Ends = append(c.Ends, base+int(o))
		}
	}
	if count != values {
		return corrupt(leaf.PathString(), "page holds "+strconv.Itoa(count)+" values, its levels announce "+strconv.Itoa(values))
	}
	return nil
}

// readDictPage appends the levels and values of a dictionary-encoded page
// of a BYTE_ARRAY leaf, looking the page's indexes up in its dictionary.
func (c *Column) readDictPage(p parquet.Page, leaf Leaf) error {
	values, err := c.readLevels(p, leaf)
	if err != nil {
		return err
	}
	data := p.Data()
	idx := data.Int32()
	if len(idx) != values {
		return corrupt(leaf.PathString(), "page holds "+strconv.Itoa(len(idx))+" values, its levels announce "+strconv.Itoa(values))
	}
	dict := p.Dictionary().Page().Data()
	b, offs := dict.ByteArray()
	n := len(offs) - 1
	if n >= 0 && int(offs[n]) > len(b) {
		return corrupt(leaf.PathString(), "dictionary value offsets past its data")
	}
	for _, k := range idx {
		if k < 0 || int(k) >= n {
			return corrupt(leaf.PathString(), "dictionary index "+strconv.Itoa(int(k))+" out of range of "+strconv.Itoa(max(n, 0))+" values")
		}
		lo, hi := offs[k], offs[k+1]
		if hi < lo {
			return corrupt(leaf.PathString(), "dictionary value offsets out of order")
		}
		c.Bytes = append(c.Bytes, b[lo:hi]...)
		c.Ends = append(c.Ends, len(c.Bytes))
	}
	return nil
}

// readLevels appends the levels of a page, checked against the leaf's
// maximums, and returns how many of its entries hold a value.
func (c *Column) readLevels(p parquet.Page, leaf Leaf) (int, error) {
	n := int(p.NumValues())
	defs, reps := p.DefinitionLevels(), p.RepetitionLevels()
	if defs != nil && len(defs) != n || reps != nil && len(reps) != n {
		return 0, corrupt(leaf.PathString(), "page levels do not match its value count")
	}
	values := 0
	if defs == nil {
		if leaf.MaxDef != 0 {
			return 0, corrupt(leaf.PathString(), "page without definition levels")
		}
		c.Def = append(c.Def, make([]uint8, n)...)
		values = n
	} else {
		for _, d := range defs {
			if int(d) > leaf.MaxDef {
				return 0, corrupt(leaf.PathString(), "definition level "+strconv.Itoa(int(d))+" above the maximum")
			}
			if int(d) == leaf.MaxDef {
				values++
			}
		}
		c.Def = append(c.Def, defs...)
	}
	if reps == nil {
		c.Rep = append(c.Rep, make([]uint8, n)...)
	} else {
		for _, r := range reps {
			if int(r) > leaf.MaxRep {
				return 0, corrupt(leaf.PathString(), "repetition level "+strconv.Itoa(int(r))+" above the maximum")
			}
		}
		c.Rep = append(c.Rep, reps...)
	}
	return values, nil
}

// appendValue appends one parquet.Value, with its levels, to the column.
func (c *Column) appendValue(leaf Leaf, v parquet.Value) error {
	d, r := v.DefinitionLevel(), v.RepetitionLevel()
	if d > leaf.MaxDef || r > leaf.MaxRep {
		return corrupt(leaf.PathString(), "levels (def "+strconv.Itoa(d)+", rep "+strconv.Itoa(r)+") above the column's maximum")
	}
	c.null(d, r)
	if d < leaf.MaxDef {
		return nil
	}
	switch leaf.Kind {
	case parquet.Boolean:
		c.Bool = append(c.Bool, v.Boolean())
	case parquet.Int32:
		c.Int32 = append(c.Int32, v.Int32())
	case parquet.Int64:
		c.Int64 = append(c.Int64, v.Int64())
	case parquet.Float:
		c.Float = append(c.Float, v.Float())
	case parquet.Double:
		c.Double = append(c.Double, v.Double())
	default:
		c.Bytes = append(c.Bytes, v.ByteArray()...)
		c.Ends = append(c.Ends, len(c.Bytes))
	}
	return nil
}

// LayoutOf reads the shredding of the Variant column at path in a file's
// schema (the names of the groups above it, "list" and "element" for a
// LIST, then its own name) and compiles it at the column's levels: the way
// a reader starts on each file. It returns the layout and the index in s of
// each leaf (see [Layout.ColumnIndexes]). Errors wrap [ErrInvalidSchema].
func LayoutOf(s *parquet.Schema, path ...string) (*Layout, []int, error) {
	var n parquet.Node = s
	for _, name := range path {
		if n.Leaf() {
			return nil, nil, schemaError("", "no Variant column at "+strings.Join(path, "."))
		}
		next := child(n, name)
		if next == nil {
			return nil, nil, schemaError("", "no Variant column at "+strings.Join(path, "."))
		}
		n = next
	}
	if len(path) == 0 || !IsVariant(n) {
		return nil, nil, schemaError("", strings.Join(path, ".")+" is not a Variant column")
	}
	sch, err := FromNode(n)
	if err != nil {
		return nil, nil, err
	}
	meta, ok := s.Lookup(append(append([]string(nil), path...), colMetadata)...)
	if !ok {
		return nil, nil, schemaError(colMetadata, "column not in the file schema")
	}
	def := meta.MaxDefinitionLevel
	if sch.MetadataOptional {
		def--
	}
	l, err := NewLayoutAt(sch, def, meta.MaxRepetitionLevel)
	if err != nil {
		return nil, nil, err
	}
	cols, err := l.ColumnIndexes(s, path...)
	if err != nil {
		return nil, nil, err
	}
	return l, cols, nil
}
