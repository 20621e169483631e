package shred

import (
	"math"

	"github.com/parquet-go/parquet-go"
)

// ParquetFloat and ParquetDouble are parquet.FloatType and
// parquet.DoubleType with the statistics that parquet.thrift (ColumnOrder,
// TYPE_ORDER) requires of floating point columns, in the column chunk
// statistics, the page header statistics and the column index alike:
//   - NaN is never a min or max: bounds are those of the non-NaN values;
//   - a page or chunk whose non-NULL values are all NaN has no min and max;
//   - a min of zero is written as -0.0 and a max of zero as +0.0.
//
// parquet-go computes a page's bounds from the page it writes and merges
// them into the chunk's statistics, but reports NaN bounds for a page of
// only NaN (which then also stick in the chunk's statistics) and keeps the
// sign of whichever zero it meets first; these types give the writer pages
// with the bounds above instead. The Parquet schema they produce is
// parquet-go's own; only what is written as statistics differs.
//
// The column index needs a min and a max for every page that is not all
// NULL, and parquet-go writes a column index for every column chunk, so a
// page of only NaN gets the bounds -Inf and +Inf there: they hold for its
// non-NaN values (it has none) and contain no NaN. (The spec would rather
// have no column index for such a chunk; readers must in any case assume
// that a page may hold NaN, PageIndex.md, nan_counts.)
var (
	ParquetFloat  parquet.Type = floatStatsType{parquet.FloatType}
	ParquetDouble parquet.Type = floatStatsType{parquet.DoubleType}
)

// floatStatsType is a FLOAT or DOUBLE type whose column buffers make pages
// with TYPE_ORDER bounds (see ParquetDouble).
type floatStatsType struct{ parquet.Type }

func (t floatStatsType) NewColumnBuffer(columnIndex, numValues int) parquet.ColumnBuffer {
	return floatStatsBuffer{t.Type.NewColumnBuffer(columnIndex, numValues)}
}

func (t floatStatsType) NewColumnIndexer(sizeLimit int) parquet.ColumnIndexer {
	return &floatStatsIndexer{ColumnIndexer: t.Type.NewColumnIndexer(sizeLimit), kind: t.Kind()}
}

// floatStatsBuffer is a column buffer whose pages are floatStatsPages.
type floatStatsBuffer struct{ parquet.ColumnBuffer }

func (b floatStatsBuffer) Clone() parquet.ColumnBuffer {
	return floatStatsBuffer{b.ColumnBuffer.Clone()}
}

func (b floatStatsBuffer) Page() parquet.Page { return floatStatsPage{b.ColumnBuffer.Page()} }

// floatStatsPage is a FLOAT or DOUBLE page whose bounds follow TYPE_ORDER
// (see ParquetDouble).
type floatStatsPage struct{ parquet.Page }

func (p floatStatsPage) Slice(i, j int64) parquet.Page { return floatStatsPage{p.Page.Slice(i, j)} }

// Bounds returns the least and the greatest non-NaN value of the page, a
// zero min as -0.0 and a zero max as +0.0, and ok false when the page
// holds no non-NaN value.
func (p floatStatsPage) Bounds() (min, max parquet.Value, ok bool) {
	if p.Dictionary() != nil {
		return p.Page.Bounds()
	}
	col := p.Column()
	data := p.Data()
	switch p.Type().Kind() {
	case parquet.Float:
		lo, hi, ok := floatBounds(data.Float())
		if ok {
			min, max = parquet.FloatValue(lo).Level(0, 0, col), parquet.FloatValue(hi).Level(0, 0, col)
		}
		return min, max, ok
	case parquet.Double:
		lo, hi, ok := floatBounds(data.Double())
		if ok {
			min, max = parquet.DoubleValue(lo).Level(0, 0, col), parquet.DoubleValue(hi).Level(0, 0, col)
		}
		return min, max, ok
	}
	return p.Page.Bounds()
}

// floatBounds returns the least and the greatest non-NaN value of vals,
// with a zero lo as -0.0 and a zero hi as +0.0; ok is false when every
// value is NaN (or there are none).
func floatBounds[F float32 | float64](vals []F) (lo, hi F, ok bool) {
	for _, v := range vals {
		switch {
		case v != v: // NaN
		case !ok:
			lo, hi, ok = v, v, true
		case v < lo:
			lo = v
		case v > hi:
			hi = v
		}
	}
	if ok {
		if lo == 0 {
			lo = F(math.Copysign(0, -1))
		}
		if hi == 0 {
			hi = 0
		}
	}
	return lo, hi, ok
}

// floatStatsIndexer is the column indexer of a FLOAT or DOUBLE column: a
// page with non-NULL values but no bounds (all NaN) is indexed with the
// bounds -Inf and +Inf, where parquet-go's indexer would write zeros.
type floatStatsIndexer struct {
	parquet.ColumnIndexer
	kind parquet.Kind
}

func (i *floatStatsIndexer) IndexPage(numValues, numNulls int64, min, max parquet.Value) {
	if numValues > numNulls && (min.IsNull() || max.IsNull()) {
		if i.kind == parquet.Float {
			min, max = parquet.FloatValue(float32(math.Inf(-1))), parquet.FloatValue(float32(math.Inf(1)))
		} else {
			min, max = parquet.DoubleValue(math.Inf(-1)), parquet.DoubleValue(math.Inf(1))
		}
	}
	i.ColumnIndexer.IndexPage(numValues, numNulls, min, max)
}
