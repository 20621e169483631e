package scan

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// RowID names one row of a table: its data file (the path [Rows.Position]
// and [*FileError] give), its row group, and its row in the row group,
// counting from 0.
type RowID struct {
	Path     string
	RowGroup int
	Row      int64
}

// ErrNoRow: a [Query.Only] names a row that the table's files do not hold
// (a file not of the table, a row group or row past the file's end).
var ErrNoRow = errors.New("scan: no such row")

// onlyRows returns, by file and row group of the table, the row ranges of
// ids; a nil entry (of a file, or of a row group) selects no row.
func (t *Table) onlyRows(ids []RowID) ([][]rowRanges, error) {
	byPath := make(map[string]int, len(t.files))
	for i, e := range t.files {
		byPath[e.path] = i
	}
	type at struct {
		file, rg int
		row      int64
	}
	sorted := make([]at, len(ids))
	for i, id := range ids {
		f, ok := byPath[id.Path]
		if !ok {
			return nil, fmt.Errorf("%w: %s is not a file of the table", ErrNoRow, id.Path)
		}
		rgs := t.files[f].pf.Metadata().RowGroups
		if id.RowGroup < 0 || id.RowGroup >= len(rgs) || id.Row < 0 || id.Row >= rgs[id.RowGroup].NumRows {
			return nil, fmt.Errorf("%w: row %d of row group %d of %s", ErrNoRow, id.Row, id.RowGroup, id.Path)
		}
		sorted[i] = at{f, id.RowGroup, id.Row}
	}
	slices.SortFunc(sorted, func(a, b at) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.rg, b.rg), cmp.Compare(a.row, b.row))
	})
	out := make([][]rowRanges, len(t.files))
	for _, a := range sorted {
		if out[a.file] == nil {
			out[a.file] = make([]rowRanges, len(t.files[a.file].pf.Metadata().RowGroups))
		}
		out[a.file][a.rg] = out[a.file][a.rg].add(a.row, a.row+1)
	}
	return out, nil
}

// selected is the number of row groups of file fi that the scan reads.
func (p *plan) selected(fi, rowGroups int) int {
	if p.only == nil {
		return rowGroups
	}
	n := 0
	for _, r := range p.only[fi] {
		if r != nil {
			n++
		}
	}
	return n
}

// reads reports whether the scan reads row group rg of file fi.
func (p *plan) reads(fi, rg int) bool {
	return p.only == nil || p.only[fi] != nil && p.only[fi][rg] != nil
}
