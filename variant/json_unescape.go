package variant

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// appendUnescaped appends the content of a JSON string that the tokenizer
// has read, s being the bytes between its quotes and i the index of its
// first backslash (an escape), with its escapes replaced
// by the characters they stand for (RFC 8259, section 7). Since the
// tokenizer has checked the string, every escape is one of the ten of the
// RFC, a \u escape has four hex digits, a high surrogate is followed by a
// \u escape of a low surrogate, and no surrogate stands alone; the rest of
// s is valid UTF-8 and is copied as it is.
func appendUnescaped(dst, s []byte, i int) []byte {
	for {
		dst = append(dst, s[:i]...)
		c := s[i+1]
		s = s[i+2:]
		if c != 'u' {
			dst = append(dst, unescapedByte[c])
		} else {
			r := hex4(s)
			s = s[4:]
			if utf16.IsSurrogate(r) {
				r = utf16.DecodeRune(r, hex4(s[2:]))
				s = s[6:]
			}
			dst = utf8.AppendRune(dst, r)
		}
		if i = bytes.IndexByte(s, '\\'); i < 0 {
			return append(dst, s...)
		}
	}
}

// unescapedByte maps the letter of a one-letter escape to its character.
var unescapedByte = [256]byte{
	'"': '"', '\\': '\\', '/': '/',
	'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t',
}

// hex4 returns the value of the four hex digits that begin h.
func hex4(h []byte) rune {
	_ = h[3]
	return hexDigit[h[0]]<<12 | hexDigit[h[1]]<<8 | hexDigit[h[2]]<<4 | hexDigit[h[3]]
}

// hexDigit maps a hex digit to its value.
var hexDigit = func() (t [256]rune) {
	for i := range 10 {
		t['0'+i] = rune(i)
	}
	for i := range 6 {
		t['a'+i], t['A'+i] = rune(10+i), rune(10+i)
	}
	return t
}()
