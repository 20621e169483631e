package scan

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
)

// Column is one top-level column of a table.
type Column struct {
	Name string
	Type Type
	// Nullable is false only when every file of the table has the column
	// and declares it required.
	Nullable bool
	// Partition marks a column that no file stores: a key of the table's
	// key=value (Hive) partition folders, read from the folder names as a
	// string, NULL in files outside such a folder and for the value
	// __HIVE_DEFAULT_PARTITION__.
	Partition bool
}

// Schema is a table's columns: the union of its files' top-level columns in
// order of first appearance (files in path order). Column names match in
// any case (strings.EqualFold): the columns id of one file and ID of another
// are one column, named as the first file that has it spells it. A column
// missing from a file reads as NULL in that file's rows.
type Schema struct {
	Columns []Column
	index   map[string]int // by foldName
}

// Lookup returns the position of the column called name, in any case.
func (s *Schema) Lookup(name string) (int, bool) {
	i, ok := s.index[foldName(name)]
	return i, ok
}

// mergeSchema merges the top-level columns of files, matching names in any
// case. Two files giving a column incompatible kinds give an error wrapping
// ErrSchemaConflict that names both files and both spellings.
func mergeSchema(files []*fileEntry) (Schema, error) {
	m := newSchemaFold()
	for _, f := range files {
		if err := m.add(f); err != nil {
			return Schema{}, err
		}
	}
	return m.schema(), nil
}

// schemaFold merges the schemas of files one at a time, in scan order (see
// mergeSchema); the schema of the files added so far is schema().
type schemaFold struct {
	s       Schema   // columns before the rule that a column some file lacks is nullable
	first   []string // file that introduced each column
	holding []int    // files holding each column
	files   int
}

func newSchemaFold() *schemaFold {
	return &schemaFold{s: Schema{index: make(map[string]int)}}
}

// add merges the columns of file f. After an error the fold is not used
// again.
func (m *schemaFold) add(f *fileEntry) error {
	m.files++
	s := &m.s
	for _, c := range f.cols {
		i, ok := s.index[c.key]
		if !ok {
			s.index[c.key] = len(s.Columns)
			s.Columns = append(s.Columns, Column{Name: c.name, Type: c.typ, Nullable: c.optional})
			m.first = append(m.first, f.path)
			m.holding = append(m.holding, 1)
			continue
		}
		m.holding[i]++ // a file holds a column once (see openEntry)
		col := &s.Columns[i]
		if !compatible(col.Type, c.typ) {
			other := ""
			if c.name != col.Name {
				other = strconv.Quote(c.name) + " is "
			}
			return fmt.Errorf("%w: column %q is %s in %s and %s%s in %s",
				ErrSchemaConflict, col.Name, col.Type, m.first[i], other, c.typ, f.path)
		}
		col.Nullable = col.Nullable || c.optional
	}
	return nil
}

// schema returns the merged schema of the files added so far, which later
// adds leave as it is.
func (m *schemaFold) schema() Schema {
	s := Schema{Columns: slices.Clone(m.s.Columns), index: maps.Clone(m.s.index)}
	if s.index == nil {
		s.index = make(map[string]int)
	}
	for i := range s.Columns {
		if m.holding[i] < m.files {
			s.Columns[i].Nullable = true
		}
	}
	return s
}

// Table is a snapshot of one table: the files it had when [Root.Table]
// listed it, and their merged schema. Scans of a Table read exactly those
// files.
type Table struct {
	Name     string
	Path     string // directory, or the file of a root-level table
	ReadOnly bool   // a root-level *.parquet file

	root   *Root
	files  []*fileEntry
	parts  [][]partValue // the partition folders of each file
	schema Schema
	newest int // NewestFile, when known (see TableForAppend); else -2
}

// Schema returns the merged schema of the table's files.
func (t *Table) Schema() *Schema { return &t.schema }

// Files returns the table's file paths relative to the root, in scan order.
func (t *Table) Files() []string {
	out := make([]string, len(t.files))
	for i, f := range t.files {
		rel, err := filepath.Rel(t.root.dir, f.path)
		if err != nil {
			rel = f.path
		}
		out[i] = rel
	}
	return out
}

// NumRows returns the number of rows of the table's files.
func (t *Table) NumRows() int64 {
	var n int64
	for _, f := range t.files {
		n += f.pf.NumRows()
	}
	return n
}
