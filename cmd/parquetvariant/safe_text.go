package main

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// safeText returns s with what a terminal would act on instead of print
// written as Go escapes: the C0 control characters but tab (and newline when
// lines is set), DEL, the C1 control characters (as \x1b, \n, \u0085) and
// bytes that are not UTF-8 (as \xff). Names and text read from a file's
// footer can hold any bytes: a damaged or hostile file must not move the
// cursor, clear the screen or break the lines of a table.
func safeText(s string, lines bool) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if controlRune(r, n, lines) {
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
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(s[i])&15, 16))
		case controlRune(r, n, lines):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// controlRune reports whether the rune r of n bytes is one safeText escapes.
func controlRune(r rune, n int, lines bool) bool {
	switch {
	case r == utf8.RuneError && n == 1:
		return true
	case r < 0x20:
		return r != '\t' && (r != '\n' || !lines)
	default:
		return r >= 0x7f && r < 0xa0
	}
}
