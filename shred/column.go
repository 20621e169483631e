package shred

import "github.com/parquet-go/parquet-go"

// Column holds the levels and values of one leaf column for the rows of a
// [Batch], as a Parquet column chunk stores them: one definition and one
// repetition level per entry, and a value only for the entries whose
// definition level is the leaf's maximum, in order. Exactly one value slice
// is used, chosen by the leaf's physical type: Bool, Int32, Int64, Float,
// Double, or Bytes with Ends for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY
// (value i is Bytes[Ends[i-1]:Ends[i]], with Ends[-1] = 0).
type Column struct {
	Def, Rep []uint8
	Bool     []bool
	Int32    []int32
	Int64    []int64
	Float    []float32
	Double   []float64
	Bytes    []byte
	Ends     []int
}

// Len returns the number of entries (levels).
func (c *Column) Len() int { return len(c.Def) }

// NumValues returns the number of non-null values.
func (c *Column) NumValues() int {
	return len(c.Bool) + len(c.Int32) + len(c.Int64) + len(c.Float) + len(c.Double) + len(c.Ends)
}

// valuesOf returns the number of values in the slice a leaf of kind uses.
func (c *Column) valuesOf(kind parquet.Kind) int {
	switch kind {
	case parquet.Boolean:
		return len(c.Bool)
	case parquet.Int32:
		return len(c.Int32)
	case parquet.Int64:
		return len(c.Int64)
	case parquet.Float:
		return len(c.Float)
	case parquet.Double:
		return len(c.Double)
	}
	return len(c.Ends)
}

// bytesAt returns byte-array value i.
func (c *Column) bytesAt(i int) []byte {
	start := 0
	if i > 0 {
		start = c.Ends[i-1]
	}
	return c.Bytes[start:c.Ends[i]]
}

func (c *Column) reset() {
	c.Def, c.Rep = c.Def[:0], c.Rep[:0]
	c.Bool, c.Int32, c.Int64 = c.Bool[:0], c.Int32[:0], c.Int64[:0]
	c.Float, c.Double = c.Float[:0], c.Double[:0]
	c.Bytes, c.Ends = c.Bytes[:0], c.Ends[:0]
}

func (c *Column) null(def, rep int) {
	c.Def = append(c.Def, uint8(def))
	c.Rep = append(c.Rep, uint8(rep))
}

func (c *Column) appendBytes(def, rep int, b []byte) {
	c.null(def, rep)
	c.Bytes = append(c.Bytes, b...)
	c.Ends = append(c.Ends, len(c.Bytes))
}

// undo removes the entries from entry start on, and their values.
func (c *Column) undo(leaf *Leaf, start int) {
	drop := 0
	for _, d := range c.Def[start:] {
		if int(d) == leaf.MaxDef {
			drop++
		}
	}
	c.Truncate(leaf.Kind, start, c.valuesOf(leaf.Kind)-drop)
}

// Truncate keeps the first entries levels and the first values values of
// the value slice that a leaf of physical type kind uses (for BYTE_ARRAY
// and FIXED_LEN_BYTE_ARRAY, Ends and the bytes they cover). The caller
// keeps the two consistent: values is the number of the kept entries whose
// definition level is the leaf's maximum. Both must not exceed the
// column's lengths.
func (c *Column) Truncate(kind parquet.Kind, entries, values int) {
	c.Def, c.Rep = c.Def[:entries], c.Rep[:entries]
	switch kind {
	case parquet.Boolean:
		c.Bool = c.Bool[:values]
	case parquet.Int32:
		c.Int32 = c.Int32[:values]
	case parquet.Int64:
		c.Int64 = c.Int64[:values]
	case parquet.Float:
		c.Float = c.Float[:values]
	case parquet.Double:
		c.Double = c.Double[:values]
	default:
		c.Ends = c.Ends[:values]
		end := 0
		if values > 0 {
			end = c.Ends[values-1]
		}
		c.Bytes = c.Bytes[:end]
	}
}
