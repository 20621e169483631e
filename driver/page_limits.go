package driver

import (
	"fmt"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/shred"
)

// maxValueBytes (252 MiB) is the most bytes an inserted value may take: a
// VARCHAR or BINARY value, or a Variant's metadata and value together. A
// value is never split across pages, and readers refuse a page of more
// than scan.MaxPageBytes (256 MiB); the rest leaves room for the levels
// and for compression, which can make incompressible bytes a little
// longer (lz4 by up to 1/255).
const maxValueBytes = scan.MaxPageBytes - scan.MaxPageBytes/64

// pageLimits bounds the data pages of written files (see shred.PageLimits):
// 1 MiB and 20,000 rows, so that the page index can skip most of a row
// group; a page holds more only when a single row does, which may take
// up to 254 MiB in a column (a value of maxValueBytes, with its levels
// and length), still a page readers accept once compressed.
var pageLimits = shred.PageLimits{
	Bytes:    shred.DefaultPageBytes,
	Rows:     shred.DefaultPageRows,
	RowBytes: scan.MaxPageBytes - scan.MaxPageBytes/128,
}

// maxDictionaryBytes is the size past which a dictionary-encoded column
// (a Variant's metadata) gives way to plain pages for the rest of the row
// group: the dictionary page then holds at most this much and the
// new values of one page.
const maxDictionaryBytes = 1 << 20

// tooLargeError is the error of a value of n bytes inserted into column c.
func tooLargeError(c *tableColumn, n int) error {
	return fmt.Errorf("parquetvariant: column %s: a value of %d bytes, more than the %d (252 MiB) a value may take: %w", quoteIdent(c.name), n, maxValueBytes, ErrTooLarge)
}
