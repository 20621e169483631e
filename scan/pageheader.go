package scan

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// MaxPageBytes (256 MiB) bounds the compressed and uncompressed sizes a
// page header may claim (parquet.thrift, PageHeader): a corrupt header must
// not make the reader allocate without limit before the read fails. A
// page that claims more is an error wrapping [ErrCorrupt]; the driver
// writes no page that large.
const MaxPageBytes = 1 << 28

// maxHeaderBytes bounds a page header (its statistics included).
const maxHeaderBytes = 1 << 20

// pageSpan is where one page lies in a file.
type pageSpan struct {
	off, end int64 // header start, one past the page data
	dict     bool
}

// checkPageHeader decodes the page header at off and checks it against the
// limit of its column chunk and the row count of its row group, before the
// page is handed to parquet-go (parquet.thrift, PageHeader). It returns the
// span of the page.
//
// Level sections that parquet-go decodes before any other check are checked
// too, when they can be read without decompressing (data page v2, and v1
// of uncompressed chunks): their runs must not claim more values than the
// page holds, so that a corrupt run length cannot make the decoder allocate
// without limit. optional tells whether the flat column has definition
// levels (bit width 1).
func checkPageHeader(src io.ReaderAt, off, limit, rows int64, optional, uncompressed bool) (pageSpan, error) {
	return checkLeveledPageHeader(src, off, limit, rows, levelWidth(optional), 0, uncompressed)
}

// checkLeveledPageHeader is checkPageHeader for a leaf of any levels: the
// page holds at most values values, its definition and repetition levels
// take defWidth and repWidth bits. The level sections of v1 pages are
// checked only for leaves without repetition levels.
func checkLeveledPageHeader(src io.ReaderAt, off, limit, rows int64, defWidth, repWidth uint, uncompressed bool) (pageSpan, error) {
	window := int64(256)
	for {
		n := min(window, limit-off)
		if n <= 0 {
			return pageSpan{}, fmt.Errorf("page header at offset %d outside its column chunk", off)
		}
		buf := make([]byte, n)
		if _, err := src.ReadAt(buf, off); err != nil && !errors.Is(err, io.EOF) {
			return pageSpan{}, err
		}
		var h format.PageHeader
		hlen, err := decodeThrift(buf, &h)
		if err != nil {
			if n < limit-off && window < maxHeaderBytes {
				window *= 16 // the header may be longer than the window
				continue
			}
			return pageSpan{}, fmt.Errorf("page header at offset %d: %w", off, err)
		}
		span := pageSpan{off: off, end: off + int64(hlen) + int64(h.CompressedPageSize), dict: h.Type == format.DictionaryPage}
		switch {
		case h.CompressedPageSize < 0 || h.UncompressedPageSize < 0 ||
			h.CompressedPageSize > MaxPageBytes || h.UncompressedPageSize > MaxPageBytes:
			return span, fmt.Errorf("page header at offset %d: sizes %d compressed, %d uncompressed", off, h.CompressedPageSize, h.UncompressedPageSize)
		case span.end > limit:
			return span, fmt.Errorf("page at offset %d ends at %d, past its column chunk (%d)", off, span.end, limit)
		case h.DataPageHeader.Valid && int64(h.DataPageHeader.V.NumValues) > rows,
			h.DataPageHeaderV2.Valid && (int64(h.DataPageHeaderV2.V.NumValues) > rows || int64(h.DataPageHeaderV2.V.NumRows) > rows),
			h.DictionaryPageHeader.Valid && int64(h.DictionaryPageHeader.V.NumValues) > 8*int64(h.UncompressedPageSize)+8:
			return span, fmt.Errorf("page header at offset %d: value count out of range", off)
		}
		hend := span.end - int64(h.CompressedPageSize)
		switch {
		case h.DataPageHeaderV2.Valid:
			v := &h.DataPageHeaderV2.V
			n := int64(v.RepetitionLevelsByteLength) + int64(v.DefinitionLevelsByteLength)
			if n > int64(h.CompressedPageSize) {
				return span, fmt.Errorf("page at offset %d: level sections of %d bytes in a page of %d", off, n, h.CompressedPageSize)
			}
			levels := make([]byte, n)
			if _, err := src.ReadAt(levels, hend); err != nil {
				return span, err
			}
			rep, def := levels[:v.RepetitionLevelsByteLength], levels[v.RepetitionLevelsByteLength:]
			if err := checkLevels(rep, repWidth, int64(v.NumValues)); err != nil {
				return span, fmt.Errorf("page at offset %d: repetition levels: %w", off, err)
			}
			if err := checkLevels(def, defWidth, int64(v.NumValues)); err != nil {
				return span, fmt.Errorf("page at offset %d: definition levels: %w", off, err)
			}
		case h.DataPageHeader.Valid && uncompressed && defWidth > 0 && repWidth == 0:
			var lenBuf [4]byte
			if h.CompressedPageSize < 4 {
				return span, fmt.Errorf("page at offset %d: no room for definition levels", off)
			}
			if _, err := src.ReadAt(lenBuf[:], hend); err != nil {
				return span, err
			}
			n := int64(binary.LittleEndian.Uint32(lenBuf[:]))
			if n > int64(h.CompressedPageSize)-4 {
				return span, fmt.Errorf("page at offset %d: definition levels of %d bytes in a page of %d", off, n, h.CompressedPageSize)
			}
			def := make([]byte, n)
			if _, err := src.ReadAt(def, hend+4); err != nil {
				return span, err
			}
			if err := checkLevels(def, defWidth, int64(h.DataPageHeader.V.NumValues)); err != nil {
				return span, fmt.Errorf("page at offset %d: definition levels: %w", off, err)
			}
		}
		return span, nil
	}
}

func levelWidth(optional bool) uint {
	if optional {
		return 1
	}
	return 0
}

// checkLevels walks an RLE / bit-packed hybrid level section (Encodings.md,
// RLE) of the given bit width and checks that its runs hold at most
// values levels (bit-packed runs round up to groups of 8).
func checkLevels(b []byte, width uint, values int64) error {
	var total int64
	for i := 0; i < len(b); {
		u, n := binary.Uvarint(b[i:])
		if n <= 0 {
			return errors.New("bad run header")
		}
		i += n
		count := int64(u >> 1)
		if count > values+8 {
			return fmt.Errorf("run of %d levels in a page of %d values", count, values)
		}
		if u&1 != 0 { // bit-packed groups of 8
			count *= 8
			i += int(count * int64(width) / 8)
		} else if width > 0 {
			i += int((width + 7) / 8)
		}
		total += count
		if total > values+8 {
			return fmt.Errorf("%d levels in a page of %d values", total, values)
		}
	}
	return nil
}

// decodeThrift decodes one Thrift compact struct from the start of b into v
// and returns its length, turning a panic on malformed input into an error.
func decodeThrift(b []byte, v any) (n int, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("decoding thrift: %v", p)
		}
	}()
	r := new(thrift.CompactProtocol).NewReaderFromBytes(b)
	if err := thrift.NewDecoder(r).Decode(v); err != nil {
		return 0, err
	}
	return r.BytesRead(), nil
}

// chunkStart returns where parquet-go starts reading a column chunk: its
// dictionary page when it has one, else its first data page.
func chunkStart(md *format.ColumnMetaData) int64 {
	if md.DictionaryPageOffset != 0 {
		return md.DictionaryPageOffset
	}
	return md.DataPageOffset
}

// checkChunkPages checks the page headers of column chunk leaf of row
// group rg before parquet-go decodes them (see checkPageHeader): every
// page of the chunk, in order, must end exactly at the chunk's end. maxDef
// and maxRep are the leaf's maximum levels.
func checkChunkPages(e *fileEntry, rg, leaf int, maxDef, maxRep int, src io.ReaderAt) error {
	md := &e.pf.Metadata().RowGroups[rg].Columns[leaf].MetaData
	start := chunkStart(md)
	end := start + md.TotalCompressedSize
	for off := start; off < end; {
		span, err := checkLeveledPageHeader(src, off, end, md.NumValues, uint(bits.Len(uint(maxDef))), uint(bits.Len(uint(maxRep))), md.Codec == format.Uncompressed)
		if err != nil {
			return corrupt(fmt.Errorf("column %s: %w", strings.Join(md.PathInSchema, "."), err))
		}
		off = span.end
	}
	return nil
}
