package scan

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// foldName returns the key under which column names that differ only in
// case are equal: two names have the same key exactly when
// strings.EqualFold holds for them (Unicode simple case folding). Each rune
// becomes the smallest rune of its folding orbit, so an ASCII letter
// becomes its upper case; a name without lower-case letters or non-ASCII
// runes is returned as it is, without allocating.
func foldName(name string) string {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= utf8.RuneSelf || 'a' <= c && c <= 'z' {
			return strings.Map(foldRune, name)
		}
	}
	return name
}

// foldRune returns the smallest rune that folds to r.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			r -= 'a' - 'A'
		}
		return r
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}
