package driver

import (
	"strconv"
	"unicode/utf8"
)

// likePattern is a compiled LIKE pattern: % matches any run of characters,
// _ exactly one character, and the escape character (default \) makes the
// next character literal. Matching is case-sensitive and by character, not
// byte.
type likePattern struct {
	toks []likeTok
}

type likeTok struct {
	kind byte // 'l' literal, '_' one character, '%' any run
	r    rune
}

// compileLikePattern parses a pattern; a pattern ending in a lone escape
// character is an error.
func compileLikePattern(p string, esc rune) (likePattern, error) {
	var lp likePattern
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRuneInString(p[i:])
		i += n
		switch {
		case r == esc:
			if i >= len(p) {
				return likePattern{}, &evalError{msg: "LIKE pattern " + quoteString(p) + " ends with its escape character"}
			}
			r, n = utf8.DecodeRuneInString(p[i:])
			i += n
			lp.toks = append(lp.toks, likeTok{kind: 'l', r: r})
		case r == '%':
			if len(lp.toks) == 0 || lp.toks[len(lp.toks)-1].kind != '%' {
				lp.toks = append(lp.toks, likeTok{kind: '%'})
			}
		case r == '_':
			lp.toks = append(lp.toks, likeTok{kind: '_'})
		default:
			lp.toks = append(lp.toks, likeTok{kind: 'l', r: r})
		}
	}
	return lp, nil
}

// match reports whether s matches the whole pattern. It backtracks only to
// the last %, so it takes time proportional to len(s) * len(pattern) at most.
func (lp likePattern) match(s string) bool {
	ti, si := 0, 0
	starT, starS := -1, 0
	for si < len(s) {
		if ti < len(lp.toks) {
			t := lp.toks[ti]
			switch t.kind {
			case '%':
				starT, starS = ti, si
				ti++
				continue
			case '_':
				_, n := utf8.DecodeRuneInString(s[si:])
				si += n
				ti++
				continue
			default:
				r, n := utf8.DecodeRuneInString(s[si:])
				if r == t.r {
					si += n
					ti++
					continue
				}
			}
		}
		if starT < 0 {
			return false
		}
		_, n := utf8.DecodeRuneInString(s[starS:])
		starS += n
		ti, si = starT+1, starS
	}
	for ti < len(lp.toks) && lp.toks[ti].kind == '%' {
		ti++
	}
	return ti == len(lp.toks)
}

// compileLike builds e [NOT] LIKE pattern [ESCAPE c]. A constant pattern is
// compiled once; a pattern from a column or argument, per row. A value that
// is not a string gives NULL.
func compileLike(x *likeExpr, sc *scope) (evalFunc, error) {
	e, err := compile(x.E, sc)
	if err != nil {
		return nil, err
	}
	pat, err := compile(x.Pattern, sc)
	if err != nil {
		return nil, err
	}
	esc := '\\'
	if x.Escape != nil {
		var s string
		lit, ok := x.Escape.(*literalExpr)
		if ok {
			s, ok = lit.Value.(string)
		}
		if !ok || utf8.RuneCountInString(s) != 1 {
			return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "ESCAPE takes a one-character string literal"}
		}
		esc, _ = utf8.DecodeRuneInString(s)
	}
	var fixed *likePattern
	if lit, ok := x.Pattern.(*literalExpr); ok {
		if s, ok := lit.Value.(string); ok {
			lp, err := compileLikePattern(s, esc)
			if err != nil {
				return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: err.(*evalError).msg}
			}
			fixed = &lp
		}
	}
	not := x.Not
	return func(r *evalRow) (value, error) {
		v, err := e(r)
		if err != nil {
			return value{}, err
		}
		inVariant := v.k == kindVariant
		if inVariant {
			v = scalarOf(v.v)
		}
		lp := fixed
		if lp == nil {
			p, err := pat(r)
			if err != nil {
				return value{}, err
			}
			if p.k == kindVariant {
				p = scalarOf(p.v)
			}
			if p.k != kindString {
				return nullValue(), nil
			}
			c, err := compileLikePattern(p.s, esc)
			if err != nil {
				return value{}, err
			}
			lp = &c
		}
		switch v.k {
		case kindInt, kindDecimal, kindFloat:
			// A number matches as its text, as MySQL does: id LIKE '1%'.
			v = stringValue(numberText(v))
		case kindString, kindUUID:
		case kindClock:
			// A TIME column matches as its text (HH:MM:SS.ffffff); a
			// Variant time, as the other times, makes LIKE NULL.
			if inVariant {
				return nullValue(), nil
			}
		default:
			return nullValue(), nil
		}
		return boolValue(lp.match(v.s) != not), nil
	}, nil
}

// numberText is a number as SQL text: integers in decimal, decimals exactly
// with their scale, doubles in the shortest form that reads back.
func numberText(v value) string {
	switch v.k {
	case kindInt:
		return strconv.FormatInt(v.i, 10)
	case kindDecimal:
		return v.d.String()
	}
	return strconv.FormatFloat(v.f, 'g', -1, 64)
}
