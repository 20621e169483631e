package scan

import "github.com/parquet-go/parquet-go/format"

// Statistics that contradict themselves cannot be valid, and a unit whose
// statistics are not valid may hold any value. Data skipping does not use
// them: the unit is treated as one without statistics, so that a scan
// returns the rows it returns with data skipping off. They are not
// reported: the file is still read, only without skipping there. The
// checks cost a few comparisons per row group and per page, made when a
// filter is evaluated:
//   - chunk statistics (parquet.thrift, Statistics): a null_count above the
//     chunk's value count, or a min above the max, make them unknown;
//   - a column index (parquet.thrift, ColumnIndex; PageIndex.md) is not
//     used when a page of a REQUIRED column is a null page or counts
//     NULLs, a null page's null count is not its row count, a null count
//     exceeds its page's rows, or a page's min is above its max;
//   - page bounds that fall outside the chunk's own bounds make both the
//     column index and the chunk statistics unknown, as either may be the
//     wrong one. Byte arrays and floats need only overlap the chunk's
//     bounds: writers truncate byte array bounds of column indexes
//     (ColumnIndex.min_values) and may index a page of only NaN with the
//     bounds -Inf and +Inf.

// indexValid reports whether column index ci of a flat column chunk of
// leaf d can be valid. locs is its validated offset index, giving each
// page's rows in a row group of rows rows; with nil locs the null counts
// are not checked against page rows. chunk is what the chunk statistics
// prove (leafChunkStats). ci has one entry per page in each list but
// null_counts, which may be absent.
func indexValid(d *leafDesc, ci *format.ColumnIndex, locs []format.PageLocation, rows int64, chunk *unitStats) bool {
	n := len(ci.NullPages)
	if len(ci.MinValues) != n || len(ci.MaxValues) != n || locs != nil && len(locs) != n {
		return false
	}
	counts := len(ci.NullCounts) == n
	for k := range n {
		null := ci.NullPages[k]
		if null && d.required {
			return false
		}
		if counts && ci.NullCounts[k] >= 0 {
			c := ci.NullCounts[k]
			if d.required && c > 0 {
				return false
			}
			if locs != nil {
				pageRows := pageEnd(locs, k, rows) - locs[k].FirstRowIndex
				if c > pageRows || null && c != pageRows {
					return false
				}
			}
		}
		if null || !d.ordered {
			continue
		}
		lo, hi, ok := boundsOf(d, ci.MinValues[k], ci.MaxValues[k])
		if !ok {
			continue
		}
		if compareCellCell(d, &lo, &hi) > 0 || chunk.bounds && !withinChunk(d, &lo, &hi, chunk) {
			return false
		}
	}
	return true
}

// nullsValid reports whether the null pages and null counts of column
// index ci of an optional flat chunk agree with the rows of its pages
// (locs, in a row group of rows rows): a null page's null count is its row
// count and no count exceeds its page's rows.
func nullsValid(ci *format.ColumnIndex, locs []format.PageLocation, rows int64) bool {
	if len(locs) != len(ci.NullPages) {
		return false
	}
	if len(ci.NullCounts) != len(ci.NullPages) {
		return true
	}
	for k, null := range ci.NullPages {
		c := ci.NullCounts[k]
		pageRows := pageEnd(locs, k, rows) - locs[k].FirstRowIndex
		if c >= 0 && (c > pageRows || null && c != pageRows) {
			return false
		}
	}
	return true
}

// withinChunk reports whether page bounds [lo, hi] agree with the chunk's
// bounds: inside them, or for byte arrays and floats overlapping them.
func withinChunk(d *leafDesc, lo, hi *cell, chunk *unitStats) bool {
	if d.dom == domBytes || d.dom == domFloat {
		return compareCellCell(d, lo, &chunk.max) <= 0 && compareCellCell(d, hi, &chunk.min) >= 0
	}
	return compareCellCell(d, &chunk.min, lo) <= 0 && compareCellCell(d, hi, &chunk.max) <= 0
}
