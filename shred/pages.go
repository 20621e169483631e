package shred

import (
	"bytes"
	"strconv"

	"github.com/parquet-go/parquet-go"
)

// Default bounds of a data page (see [PageLimits]): 1 MiB of values and
// 20,000 rows, as parquet-mr and Arrow write pages, so that the page index
// (PageIndex.md) can skip parts of a column chunk.
const (
	DefaultPageBytes = 1 << 20
	DefaultPageRows  = 20000
)

// PageLimits bounds the data pages a [PageWriter] writes.
type PageLimits struct {
	// Bytes: a page ends before a row that would take it past Bytes bytes,
	// so only a page of one row holds more. Zero means DefaultPageBytes.
	Bytes int
	// Rows: a page ends after Rows rows. Zero means DefaultPageRows.
	Rows int
	// RowBytes: a row of more bytes than RowBytes in the column is an error
	// wrapping [ErrTooLarge], since the page holding it would be larger
	// than readers accept. Zero means no limit.
	RowBytes int
}

// PageWriter hands whole rows of one column chunk to a
// parquet.ColumnWriter and ends its data pages (ColumnWriter.Flush) at
// the bounds of its [PageLimits]. Bytes are counted as a page spends them
// before compression: each entry 1 for its levels (at most 8 bits of
// them), a value its own bytes (a BOOLEAN 1), a BYTE_ARRAY 4 more for its
// length; only the few bytes of the headers of a page's level sections
// are left out. In a
// dictionary-encoded column a value equal to the one before it costs 4,
// its dictionary index, so that the dictionary grows by at most a page's
// bytes between two pages (the writer's dictionary limit is checked at
// the end of each page). The zero value is not usable: see
// [NewPageWriter].
type PageWriter struct {
	w    *parquet.ColumnWriter
	lim  PageLimits
	dict bool // the column is dictionary-encoded
	// The page being written: its rows and bytes so far, and its last
	// value, while dict.
	rows, bytes int
	prev        []byte
	row         int // rows written, for errors
	path        string
}

// NewPageWriter returns a PageWriter that writes to w, a column writer
// whose page buffer (parquet.PageBufferSize) is larger than lim.Bytes, so
// that the writer does not end pages on its own first.
func NewPageWriter(w *parquet.ColumnWriter, lim PageLimits) *PageWriter {
	if lim.Bytes <= 0 {
		lim.Bytes = DefaultPageBytes
	}
	if lim.Rows <= 0 {
		lim.Rows = DefaultPageRows
	}
	return &PageWriter{w: w, lim: lim}
}

// WriteRowValues writes vals, whole rows of the column (a value of
// repetition level 0 starts a row), ending a page before each row that
// would take the page past its bounds. It returns the number of rows
// written; the error of a row past lim.RowBytes wraps [ErrTooLarge], and
// its Row counts the rows handed to the PageWriter before it.
func (p *PageWriter) WriteRowValues(vals []parquet.Value) (int, error) {
	if n := flatWidth(vals); n > 0 {
		return p.writeFlat(vals, n)
	}
	start, rows := 0, 0
	for k := 0; k < len(vals); {
		end := k + 1
		for end < len(vals) && vals[end].RepetitionLevel() != 0 {
			end++
		}
		n := p.cost(vals[k:end])
		if p.lim.RowBytes > 0 && n > p.lim.RowBytes {
			return rows, &Error{Err: ErrTooLarge, Row: p.row, Path: p.path, Msg: strconv.Itoa(n) + " bytes in one page, more than the " + strconv.Itoa(p.lim.RowBytes) + " a row may take"}
		}
		if p.rows > 0 && (p.rows >= p.lim.Rows || p.bytes+n > p.lim.Bytes) {
			if err := p.flush(vals[start:k]); err != nil {
				return rows, err
			}
			start = k
		}
		p.rows++
		p.bytes += n
		p.row++
		rows++
		k = end
	}
	if start < len(vals) {
		if _, err := p.w.WriteRowValues(vals[start:]); err != nil {
			return rows, err
		}
	}
	return rows, nil
}

// flatWidth returns the bytes cost gives each value of vals when every
// value is a row of its own (repetition level 0) of a fixed-width type,
// counting a NULL as a value; 0 otherwise.
func flatWidth(vals []parquet.Value) int {
	width := 0
	for k := range vals {
		v := &vals[k]
		if v.RepetitionLevel() != 0 {
			return 0
		}
		if width != 0 || v.IsNull() {
			continue
		}
		switch v.Kind() {
		case parquet.Boolean:
			width = 1
		case parquet.Int32, parquet.Float:
			width = 4
		case parquet.Int64, parquet.Double:
			width = 8
		case parquet.Int96:
			width = 12
		default:
			return 0
		}
	}
	if width == 0 {
		width = 8 // only NULLs: any width bounds them
	}
	return 1 + width
}

// writeFlat is WriteRowValues for rows of one value of n bytes each: the
// rows that fit the page are handed over at once.
func (p *PageWriter) writeFlat(vals []parquet.Value, n int) (int, error) {
	rows := 0
	for len(vals) > 0 {
		room := min(p.lim.Rows-p.rows, (p.lim.Bytes-p.bytes)/n)
		if room <= 0 {
			if p.rows > 0 {
				if err := p.flush(nil); err != nil {
					return rows, err
				}
				continue
			}
			room = 1
		}
		k := min(room, len(vals))
		if _, err := p.w.WriteRowValues(vals[:k]); err != nil {
			return rows, err
		}
		p.rows += k
		p.bytes += k * n
		p.row += k
		rows += k
		vals = vals[k:]
	}
	return rows, nil
}

// flush writes the last rows of the page and ends it.
func (p *PageWriter) flush(vals []parquet.Value) error {
	if len(vals) > 0 {
		if _, err := p.w.WriteRowValues(vals); err != nil {
			return err
		}
	}
	p.rows, p.bytes = 0, 0
	return p.w.Flush()
}

// cost returns the bytes the entries of one row add to the page.
func (p *PageWriter) cost(vals []parquet.Value) int {
	n := 0
	for k := range vals {
		v := &vals[k]
		n++
		switch v.Kind() {
		case parquet.Boolean:
			n++
		case parquet.Int32, parquet.Float:
			n += 4
		case parquet.Int64, parquet.Double:
			n += 8
		case parquet.Int96:
			n += 12
		case parquet.FixedLenByteArray:
			n += len(v.ByteArray())
		case parquet.ByteArray:
			b := v.ByteArray()
			if p.dict && p.prev != nil && bytes.Equal(b, p.prev) {
				n += 4
				continue
			}
			if p.dict {
				p.prev = b
			}
			n += 4 + len(b)
		}
	}
	return n
}
