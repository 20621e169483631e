package scan

import (
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// maxPageBytes bounds the compressed and uncompressed sizes a page header
// may claim: a corrupt header must not make the reader allocate without
// limit before the read fails.
const maxPageBytes = 1 << 28

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
func checkPageHeader(src io.ReaderAt, off, limit, rows int64) (pageSpan, error) {
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
		r := new(thrift.CompactProtocol).NewReaderFromBytes(buf)
		err := thrift.NewDecoder(r).Decode(&h)
		if err != nil {
			if n < limit-off && window < maxHeaderBytes {
				window *= 16 // the header may be longer than the window
				continue
			}
			return pageSpan{}, fmt.Errorf("page header at offset %d: %w", off, err)
		}
		span := pageSpan{off: off, end: off + int64(r.BytesRead()) + int64(h.CompressedPageSize), dict: h.Type == format.DictionaryPage}
		switch {
		case h.CompressedPageSize < 0 || h.UncompressedPageSize < 0 ||
			h.CompressedPageSize > maxPageBytes || h.UncompressedPageSize > maxPageBytes:
			return span, fmt.Errorf("page header at offset %d: sizes %d compressed, %d uncompressed", off, h.CompressedPageSize, h.UncompressedPageSize)
		case span.end > limit:
			return span, fmt.Errorf("page at offset %d ends at %d, past its column chunk (%d)", off, span.end, limit)
		case h.DataPageHeader.Valid && int64(h.DataPageHeader.V.NumValues) > rows,
			h.DataPageHeaderV2.Valid && (int64(h.DataPageHeaderV2.V.NumValues) > rows || int64(h.DataPageHeaderV2.V.NumRows) > rows),
			h.DictionaryPageHeader.Valid && int64(h.DictionaryPageHeader.V.NumValues) > 8*int64(h.UncompressedPageSize)+8:
			return span, fmt.Errorf("page header at offset %d: value count out of range", off)
		}
		return span, nil
	}
}

// chunkStart returns where parquet-go starts reading a column chunk: its
// dictionary page when it has one, else its first data page.
func chunkStart(md *format.ColumnMetaData) int64 {
	if md.DictionaryPageOffset != 0 {
		return md.DictionaryPageOffset
	}
	return md.DataPageOffset
}
