package shred

import (
	"bytes"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// ParquetUUID is parquet.UUID()'s type with a column index that parquet.thrift
// (ColumnIndex) accepts: parquet-go's FIXED_LEN_BYTE_ARRAY column indexers
// leave a page of only NULLs out of min_values and max_values, so that the
// lists are shorter than null_pages whenever a column chunk has such a page
// (readers then refuse the index or read the wrong page's bounds); this
// type's indexer writes byte[0] for those pages, as the spec requires.
// Values compare as unsigned bytes (the UUID ColumnOrder). The statistics
// are those of PLAIN pages: a column written with dictionary encoding
// (parquet.Encoded with RLEDictionary) gets parquet-go's own again.
var ParquetUUID parquet.Type = fixedStatsType{parquet.UUID().Type(), bytes.Compare, unsignedBounds(16)}

// ParquetDecimal returns the node of a DECIMAL(precision, scale) stored as
// FIXED_LEN_BYTE_ARRAY(length) (LogicalTypes.md, DECIMAL): parquet-go's
// node with statistics in the DECIMAL sort order, the signed comparison of
// the two's complement values, in the column chunk statistics, the page
// header statistics and the column index. parquet-go would order the values
// as unsigned bytes (every negative value above every positive one, so
// that a chunk of -1 and 1 claimed min 1 and max -1) and would leave pages
// of only NULLs out of the column index (see [ParquetUUID], also for
// dictionary encoding).
func ParquetDecimal(scale, precision, length int) parquet.Node {
	return parquet.Decimal(scale, precision, fixedStatsType{parquet.FixedLenByteArrayType(length), compareSigned, signedBounds(length)})
}

// bounds are the least and the greatest value of a type's order, for a
// page whose own bounds are not known.
type bounds struct{ lo, hi []byte }

// unsignedBounds are the bounds of n bytes compared unsigned.
func unsignedBounds(n int) bounds {
	return bounds{lo: make([]byte, n), hi: bytes.Repeat([]byte{0xFF}, n)}
}

// signedBounds are the bounds of n-byte two's complement integers.
func signedBounds(n int) bounds {
	b := bounds{lo: make([]byte, n), hi: bytes.Repeat([]byte{0xFF}, n)}
	if n > 0 {
		b.lo[0], b.hi[0] = 0x80, 0x7F
	}
	return b
}

// compareSigned compares two big-endian two's complement integers of the
// same length.
func compareSigned(a, b []byte) int {
	if len(a) > 0 && len(b) > 0 && (a[0]^b[0])&0x80 != 0 {
		if a[0]&0x80 != 0 {
			return -1
		}
		return 1
	}
	return bytes.Compare(a, b)
}

// fixedStatsType is a FIXED_LEN_BYTE_ARRAY type whose values are ordered
// by cmp in every statistic written, with a column index of one entry per
// page (see ParquetUUID and ParquetDecimal).
type fixedStatsType struct {
	parquet.Type
	cmp    func(a, b []byte) int
	widest bounds
}

func (t fixedStatsType) Compare(a, b parquet.Value) int {
	return t.cmp(a.ByteArray(), b.ByteArray())
}

func (t fixedStatsType) NewColumnBuffer(columnIndex, numValues int) parquet.ColumnBuffer {
	return fixedStatsBuffer{t.Type.NewColumnBuffer(columnIndex, numValues), t.cmp}
}

func (t fixedStatsType) NewColumnIndexer(int) parquet.ColumnIndexer {
	return &fixedStatsIndexer{cmp: t.cmp, widest: t.widest}
}

// fixedStatsBuffer is a column buffer whose pages are fixedStatsPages.
type fixedStatsBuffer struct {
	parquet.ColumnBuffer
	cmp func(a, b []byte) int
}

func (b fixedStatsBuffer) Clone() parquet.ColumnBuffer {
	return fixedStatsBuffer{b.ColumnBuffer.Clone(), b.cmp}
}

func (b fixedStatsBuffer) Page() parquet.Page { return fixedStatsPage{b.ColumnBuffer.Page(), b.cmp} }

// fixedStatsPage is a FIXED_LEN_BYTE_ARRAY page whose bounds follow cmp.
type fixedStatsPage struct {
	parquet.Page
	cmp func(a, b []byte) int
}

func (p fixedStatsPage) Slice(i, j int64) parquet.Page {
	return fixedStatsPage{p.Page.Slice(i, j), p.cmp}
}

// Bounds returns the least and the greatest value of the page by cmp, and
// ok false when it holds no value that is not NULL.
func (p fixedStatsPage) Bounds() (min, max parquet.Value, ok bool) {
	var lo, hi []byte
	note := func(v []byte) {
		switch {
		case !ok:
			lo, hi, ok = v, v, true
		case p.cmp(v, lo) < 0:
			lo = v
		case p.cmp(v, hi) > 0:
			hi = v
		}
	}
	vals := p.Data()
	data, size := vals.FixedLenByteArray()
	for i := 0; size > 0 && i+size <= len(data); i += size {
		note(data[i : i+size])
	}
	if ok {
		col := p.Column()
		min = parquet.FixedLenByteArrayValue(lo).Level(0, 0, col)
		max = parquet.FixedLenByteArrayValue(hi).Level(0, 0, col)
	}
	return min, max, ok
}

// fixedStatsIndexer is the column indexer of a fixedStatsType: one min and
// one max per page, byte[0] for a page of only NULLs, the widest bounds of
// the order for a page with values whose bounds the writer did not take
// (parquet.SkipPageBounds), and the boundary order by cmp over the pages
// that are not all NULL.
type fixedStatsIndexer struct {
	cmp        func(a, b []byte) int
	widest     bounds
	nullPages  []bool
	nullCounts []int64
	mins, maxs [][]byte
}

func (i *fixedStatsIndexer) Reset() {
	i.nullPages, i.nullCounts = i.nullPages[:0], i.nullCounts[:0]
	i.mins, i.maxs = i.mins[:0], i.maxs[:0]
}

func (i *fixedStatsIndexer) IndexPage(numValues, numNulls int64, min, max parquet.Value) {
	null := numValues == numNulls
	i.nullPages = append(i.nullPages, null)
	i.nullCounts = append(i.nullCounts, numNulls)
	switch {
	case null:
		i.mins, i.maxs = append(i.mins, []byte{}), append(i.maxs, []byte{})
	case min.IsNull() || max.IsNull():
		i.mins, i.maxs = append(i.mins, i.widest.lo), append(i.maxs, i.widest.hi)
	default:
		i.mins = append(i.mins, bytes.Clone(min.ByteArray()))
		i.maxs = append(i.maxs, bytes.Clone(max.ByteArray()))
	}
}

func (i *fixedStatsIndexer) ColumnIndex() format.ColumnIndex {
	order := format.Unordered
	if up, down := i.ordered(); up {
		order = format.Ascending
	} else if down {
		order = format.Descending
	}
	return format.ColumnIndex{
		NullPages:     append([]bool(nil), i.nullPages...),
		NullCounts:    append([]int64(nil), i.nullCounts...),
		MinValues:     append([][]byte(nil), i.mins...),
		MaxValues:     append([][]byte(nil), i.maxs...),
		BoundaryOrder: order,
	}
}

// ordered reports whether the mins and the maxs of the pages that are not
// all NULL both never decrease (up) or both never increase (down); with no
// such page, neither.
func (i *fixedStatsIndexer) ordered() (up, down bool) {
	prev := -1
	up, down = true, true
	for p, null := range i.nullPages {
		if null {
			continue
		}
		if prev >= 0 {
			lo, hi := i.cmp(i.mins[prev], i.mins[p]), i.cmp(i.maxs[prev], i.maxs[p])
			up = up && lo <= 0 && hi <= 0
			down = down && lo >= 0 && hi >= 0
		}
		prev = p
	}
	return up && prev >= 0, down && prev >= 0
}
