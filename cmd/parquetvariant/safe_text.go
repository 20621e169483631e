package main

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// textMode says what safeText leaves as it is.
type textMode uint8

const (
	// keepNewlines leaves newlines, for text of several lines.
	keepNewlines textMode = 1 << iota
	// keepBackslashes leaves backslashes, for text that escapes its own
	// (a Variant path prints a key's quote as \').
	keepBackslashes
)

// safeText returns s with what a terminal would act on instead of print
// written as Go escapes: the C0 control characters but tab (and newline
// with keepNewlines), DEL, the C1 control characters (as \x1b, \n, \u0085)
// and bytes that are not UTF-8 (as \xff); a backslash is doubled (but with
// keepBackslashes), so that the text \x1b and the escape character print
// apart. Names and text read from a file's footer can hold any bytes: a
// damaged or hostile file must not move the cursor, clear the screen or
// break the lines of a table.
func safeText(s string, mode textMode) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if escaped(r, n, mode) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if escaped(r, n, mode) {
			// Go's quoting: \x1b, \n, \u0085, \\, and \xff for a byte
			// that is not UTF-8.
			q := strconv.Quote(s[i : i+n])
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// escaped reports whether the rune r of n bytes is one safeText escapes.
func escaped(r rune, n int, mode textMode) bool {
	switch {
	case r == utf8.RuneError && n == 1:
		return true
	case r == '\\':
		return mode&keepBackslashes == 0
	case r < 0x20:
		return r != '\t' && (r != '\n' || mode&keepNewlines == 0)
	default:
		return r >= 0x7f && r < 0xa0
	}
}
