package variant

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

// NewMetadata returns a metadata buffer whose dictionary is keys, sorted by
// unsigned bytes and de-duplicated, with the sorted_strings flag set and the
// smallest offset size (VariantEncoding.md, "Metadata encoding"). One such
// dictionary can serve many values ([Builder.UseMetadata]), for example the
// rows of a Parquet row group, whose metadata column then holds one distinct
// value. A key that is not UTF-8 is an [ErrInvalidMetadata].
func NewMetadata(keys []string) (Metadata, error) {
	sorted := slices.Clone(keys)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	for i, k := range sorted {
		if !utf8.ValidString(k) {
			return Metadata{}, &Error{Err: ErrInvalidMetadata, Offset: -1, Msg: "key " + strconv.Itoa(i) + " " + strconv.Quote(k) + " is not valid UTF-8"}
		}
	}
	_, m := appendSortedMetadata(nil, len(sorted), func(i int) string { return sorted[i] })
	return m, nil
}

// appendSortedMetadata appends to dst the metadata of the n keys key(0) ..
// key(n-1), which are sorted and unique, and returns the buffer and the
// decoded Metadata over the appended bytes.
func appendSortedMetadata(dst []byte, n int, key func(i int) string) ([]byte, Metadata) {
	start := len(dst)
	total := 0
	for i := 0; i < n; i++ {
		total += len(key(i))
	}
	os := widthFor(uint64(max(n, total)))
	dst = append(dst, byte(os-1)<<6|0x10|metadataVersion)
	dst = appendUint(dst, uint32(n), os)
	off := 0
	dst = appendUint(dst, 0, os)
	for i := 0; i < n; i++ {
		off += len(key(i))
		dst = appendUint(dst, uint32(off), os)
	}
	for i := 0; i < n; i++ {
		dst = append(dst, key(i)...)
	}
	raw := dst[start:]
	return dst, Metadata{raw: raw, size: uint32(n), offsetSize: uint8(os), sorted: true}
}
