package variant

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Path is a parsed path expression (docs/design.md section 4): `$` followed by
// steps, each an object key (`.name`, `['any name']`, `["any name"]`) or an
// array index (`[0]`). Parse it once with [ParsePath] and apply it to many
// values with [Variant.Get]. The zero Path is `$`, the value itself.
type Path struct {
	steps []PathStep
}

// PathStep is one step of a [Path]: an object key when IsIndex is false, an
// array index otherwise.
type PathStep struct {
	Key     string
	Index   int
	IsIndex bool
}

// ParsePath parses a path expression:
//
//	$                 the value itself
//	$.name            object key; a dot name is letters, digits and '_'
//	$['any name']     object key with any characters ('' for none, \' \\ escapes)
//	$["any name"]     the same with double quotes (\" \\ escapes)
//	$[0]              array index, a non-negative decimal integer
//	$.a[2]['b.c']     steps chained
//
// A quoted number is a key, never an index: $['0'] names the key "0". The
// error wraps [ErrInvalidPath] and gives the byte offset of the fault.
func ParsePath(s string) (Path, error) {
	fail := func(at int, msg string) (Path, error) {
		return Path{}, &Error{Err: ErrInvalidPath, Offset: at, Msg: strconv.Quote(s) + ": " + msg}
	}
	if !utf8.ValidString(s) {
		return fail(0, "not valid UTF-8")
	}
	if !strings.HasPrefix(s, "$") {
		return fail(0, "a path starts with $")
	}
	var p Path
	i := 1
	for i < len(s) {
		switch s[i] {
		case '.':
			j := i + 1
			for j < len(s) {
				r, n := utf8.DecodeRuneInString(s[j:])
				if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
					break
				}
				j += n
			}
			if j == i+1 {
				return fail(i, "a dot must be followed by a name of letters, digits and _ (use ['...'] for other keys)")
			}
			p.steps = append(p.steps, PathStep{Key: s[i+1 : j]})
			i = j
		case '[':
			if i+1 >= len(s) {
				return fail(i, "unterminated [")
			}
			switch q := s[i+1]; {
			case q == '\'' || q == '"':
				var key strings.Builder
				j := i + 2
				closed := false
				for j < len(s) {
					c := s[j]
					if c == '\\' && j+1 < len(s) && (s[j+1] == q || s[j+1] == '\\') {
						key.WriteByte(s[j+1])
						j += 2
						continue
					}
					if c == q {
						closed = true
						break
					}
					key.WriteByte(c)
					j++
				}
				if !closed {
					return fail(i, "unterminated quoted key")
				}
				if j+1 >= len(s) || s[j+1] != ']' {
					return fail(j+1, "expected ] after the quoted key")
				}
				p.steps = append(p.steps, PathStep{Key: key.String()})
				i = j + 2
			case q >= '0' && q <= '9':
				j := i + 1
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
				if j >= len(s) || s[j] != ']' {
					return fail(j, "expected ] after the array index")
				}
				n, err := strconv.Atoi(s[i+1 : j])
				if err != nil {
					return fail(i+1, "array index out of range")
				}
				p.steps = append(p.steps, PathStep{Index: n, IsIndex: true})
				i = j + 1
			default:
				return fail(i+1, "expected a quoted key or an array index after [")
			}
		default:
			return fail(i, "expected . or [")
		}
	}
	return p, nil
}

// MustParsePath is ParsePath for constant paths; it panics on error.
func MustParsePath(s string) Path {
	p, err := ParsePath(s)
	if err != nil {
		panic(err)
	}
	return p
}

// Steps returns the steps of the path; the slice must not be changed.
func (p Path) Steps() []PathStep { return p.steps }

// String returns the path in canonical form: dot names where the key allows
// them, ['...'] otherwise. ParsePath of the result gives the same path.
func (p Path) String() string {
	b := []byte{'$'}
	for _, s := range p.steps {
		if s.IsIndex {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(s.Index), 10)
			b = append(b, ']')
		} else {
			b = AppendPathKey(b, s.Key)
		}
	}
	return string(b)
}

// AppendPathKey appends to b the path step that selects the object key:
// .key when key is a dot name (letters, digits and _), else ['key'] with '
// and \ escaped by a backslash: the forms ParsePath reads (docs/design.md
// section 4).
func AppendPathKey(b []byte, key string) []byte {
	if isDotName(key) {
		b = append(b, '.')
		return append(b, key...)
	}
	b = append(b, '[', '\'')
	for i := 0; i < len(key); i++ {
		if key[i] == '\'' || key[i] == '\\' {
			b = append(b, '\\')
		}
		b = append(b, key[i])
	}
	return append(b, '\'', ']')
}

func isDotName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// Get returns the value at path p and whether it exists. A key step on a
// value that is not an object, an index step on a value that is not an
// array, a key the object lacks and an index past the end are all "not
// found" (false, no error): in SQL they are a missing path, which reads as
// NULL. Errors are for malformed bytes only. It does not allocate.
func (v Variant) Get(p Path) (Variant, bool, error) {
	cur := v
	for _, s := range p.steps {
		var ok bool
		var err error
		if s.IsIndex {
			cur, ok, err = cur.Index(s.Index)
		} else {
			cur, ok, err = cur.Field(s.Key)
		}
		if err != nil || !ok {
			return Variant{}, false, err
		}
	}
	return cur, true, nil
}
