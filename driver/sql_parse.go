package driver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xwb1989/sqlparser"
)

// parsed is a statement ready to plan, with the number of ? placeholders.
type parsed struct {
	stmt      statement
	numParams int
}

// parseSQL parses one statement of the supported SQL surface (design
// section 4) with sqlparser and translates it into the driver's own
// statement types. It works around what the grammar cannot read:
//
//   - EXPLAIN [ANALYZE] and DESCRIBE come back from the grammar without their
//     operands, so the keyword is taken off and the rest parsed on its own;
//   - the column types VARIANT, BOOLEAN, STRING and UUID are unknown to the
//     grammar: in CREATE TABLE they are read as the JSON type and put back
//     (JSON itself is VARIANT);
//   - typed literals such as DATE '2024-01-01' are misread as a column with an
//     alias, so they are rejected with their position;
//   - the grammar takes only a plain name as a column name in CREATE
//     TABLE: a non-reserved keyword there (date, status, json, ...) is
//     quoted with backticks, as SELECT and INSERT read it as a name, and a
//     reserved one and an unknown column type are errors with their
//     position (see checkColumnDefs);
//   - DDL is parsed strictly (the lenient parse drops a CREATE TABLE it cannot
//     read), and a panic inside the grammar becomes an ErrSyntax.
//
// The grammar rewrites the ? placeholders to :v1, :v2, ... in text order; a ?
// inside a string literal or a comment stays text.
func parseSQL(sql string) (parsed, error) {
	toks, err := scanTokens(sql)
	if err != nil {
		return parsed{}, err
	}
	var inserted []int
	if len(toks) > 0 && toks[0].typ == sqlparser.CREATE {
		quoted, added, err := checkColumnDefs(sql, sourceText{toks: toks})
		if err != nil {
			return parsed{}, err
		}
		if added != nil {
			sql, inserted = quoted, added
			if toks, err = scanTokens(sql); err != nil {
				return parsed{}, err
			}
		}
	}
	if kept, ins := keepLikeEscapes(sql, toks); ins != nil {
		sql, inserted = kept, mergeInserted(inserted, ins)
		if toks, err = scanTokens(sql); err != nil {
			return parsed{}, err
		}
	}
	if len(toks) == 0 {
		return parsed{}, &SQLError{Err: ErrSyntax, Pos: 0, Msg: "empty statement"}
	}
	switch first := toks[0]; {
	case first.typ == sqlparser.EXPLAIN:
		rest := toks[1:]
		analyze := len(rest) > 0 && rest[0].isWord("analyze")
		if analyze {
			rest = rest[1:]
		}
		if len(rest) == 0 || rest[0].typ != sqlparser.SELECT {
			return parsed{}, &SQLError{Err: ErrUnsupported, Pos: first.end, Msg: "EXPLAIN of anything but SELECT"}
		}
		p, err := parseStatement(sql[rest[0].start:], rest[0].start, sourceText{toks: rest, inserted: inserted})
		if err != nil {
			return parsed{}, err
		}
		return parsed{stmt: &explainStmt{Analyze: analyze, Select: p.stmt.(*selectStmt)}, numParams: p.numParams}, nil
	case first.typ == sqlparser.DESCRIBE || first.isWord("desc"):
		rest := toks[1:]
		if len(rest) > 0 && rest[0].typ == sqlparser.TABLE {
			rest = rest[1:]
		}
		if len(rest) != 1 || rest[0].typ != sqlparser.ID {
			return parsed{}, &SQLError{Err: ErrSyntax, Pos: first.end, Msg: "DESCRIBE takes one table name"}
		}
		return parsed{stmt: &describeStmt{Table: rest[0].text}}, nil
	}
	if err := rejectTypedLiterals(sourceText{toks: toks, inserted: inserted}); err != nil {
		return parsed{}, err
	}
	if toks[0].typ != sqlparser.CREATE {
		return parseStatement(sql, 0, sourceText{toks: toks, inserted: inserted})
	}
	text, types := rewriteColumnTypes(sql, toks)
	p, err := parseStatementWith(text, 0, types, sourceText{toks: toks, inserted: inserted})
	if err != nil {
		return parsed{}, err
	}
	// The grammar reads IF NOT EXISTS but does not keep it.
	if ct, ok := p.stmt.(*createTableStmt); ok && len(toks) > 4 && toks[2].typ == sqlparser.IF && toks[3].typ == sqlparser.NOT && toks[4].typ == sqlparser.EXISTS {
		ct.IfNotExists = true
	}
	return p, nil
}

// token is one token of the SQL text; end is the position just past it.
type token struct {
	typ        int
	text       string
	start, end int
}

func (t token) isWord(w string) bool {
	return t.typ != sqlparser.STRING && strings.EqualFold(t.text, w)
}

// scanTokens splits sql into tokens with sqlparser's tokenizer, skipping
// comments. A panic inside the tokenizer (it has one on a MySQL comment
// such as /*!*/) becomes an ErrSyntax.
func scanTokens(sql string) (toks []token, err error) {
	defer func() {
		if r := recover(); r != nil {
			toks, err = nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: fmt.Sprintf("the SQL tokenizer failed on this statement: %v", r)}
		}
	}()
	tkn := sqlparser.NewStringTokenizer(sql)
	prevEnd := 0
	for {
		typ, val := tkn.Scan()
		switch typ {
		case 0:
			return toks, nil
		case sqlparser.LEX_ERROR:
			return nil, lexError(sql, prevEnd, tkn.Position, string(val))
		}
		end := tkn.Position - 1
		if end > len(sql) {
			end = len(sql)
		}
		if typ == sqlparser.COMMENT {
			prevEnd = end
			continue
		}
		start := end - len(val)
		switch {
		case typ == sqlparser.ID && start > 0 && sql[start-1] == '`':
			start-- // a quoted identifier: `name`
		case typ == sqlparser.VALUE_ARG && sql[end-1] == '?':
			start = end - 1 // the grammar names the placeholder :vn
		case typ == sqlparser.STRING:
			// The value is unescaped: the literal starts at its quote.
			start = prevEnd + len(sql[prevEnd:end]) - len(strings.TrimLeft(sql[prevEnd:end], " \t\r\n"))
		}
		prevEnd = end
		toks = append(toks, token{typ: typ, text: string(val), start: max(start, 0), end: end})
	}
}

// lexError is the error of text the tokenizer cannot read, from position
// from on (the end of the last token read) up to pos: a string, a quoted
// name or a comment that is not closed, named with the position just past
// its opening quote; a $ or other sign outside the SQL surface.
func lexError(sql string, from, pos int, val string) *SQLError {
	start := from + len(sql[from:]) - len(strings.TrimLeft(sql[from:], " \t\r\n"))
	rest := sql[start:]
	opened := func(what, quote string) *SQLError {
		return &SQLError{Err: ErrSyntax, Pos: start + len(quote), Msg: what + " opened by " + quote + " is not closed (it runs to the end of the statement)"}
	}
	switch {
	case strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, `"`):
		return opened("a string", rest[:1])
	case strings.HasPrefix(rest, "`"):
		return opened("a quoted name", "`")
	case strings.HasPrefix(rest, "/*"):
		return opened("a comment", "/*")
	case strings.HasPrefix(rest, "$"):
		return &SQLError{Err: ErrSyntax, Pos: start + 1, Msg: `cannot read "$": placeholders are written ?, not $1 or $name`}
	}
	return &SQLError{Err: ErrSyntax, Pos: pos, Msg: "cannot read " + strconv.Quote(val)}
}

// keepLikeEscapes doubles the backslash of each \% and \_ inside string
// literals. MySQL keeps those two escapes as written, so that 'a\%c' is
// the LIKE pattern of the text a%c; the grammar's tokenizer would drop the
// backslash and make the % a wildcard. It returns the new text and the
// positions in it of the backslashes it added (nil when none).
func keepLikeEscapes(sql string, toks []token) (string, []int) {
	if !strings.Contains(sql, `\%`) && !strings.Contains(sql, `\_`) {
		return sql, nil
	}
	var inserted []int
	var b strings.Builder
	last := 0
	for _, t := range toks {
		if t.typ != sqlparser.STRING {
			continue
		}
		raw := sql[t.start:t.end]
		b.WriteString(sql[last:t.start])
		for i := 0; i < len(raw); i++ {
			b.WriteByte(raw[i])
			if raw[i] == '\\' && i+1 < len(raw) {
				i++
				if raw[i] == '%' || raw[i] == '_' {
					inserted = append(inserted, b.Len())
					b.WriteByte('\\')
				}
				b.WriteByte(raw[i])
			}
		}
		last = t.end
	}
	b.WriteString(sql[last:])
	if inserted == nil {
		return sql, nil
	}
	return b.String(), inserted
}

// rejectTypedLiterals finds DATE '...', TIME '...' and TIMESTAMP '...',
// which the grammar would read as a column named date with an alias.
func rejectTypedLiterals(src sourceText) error {
	toks := src.toks
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if (t.typ == sqlparser.DATE || t.typ == sqlparser.TIME || t.typ == sqlparser.TIMESTAMP) && toks[i+1].typ == sqlparser.STRING {
			kw := strings.ToUpper(t.text)
			return &SQLError{Err: ErrUnsupported, Pos: src.orig(toks[i+1].end), Msg: fmt.Sprintf("typed literal %s '%s' (write the string and cast it, e.g. variant_get(parse_json('\"%s\"'), '$', '%s'))", kw, toks[i+1].text, toks[i+1].text, strings.ToLower(kw))}
		}
	}
	return nil
}

// columnTypeWords are the column types the grammar does not know (or, for
// JSON, reads as one of them): CREATE TABLE reads each as JSON and the
// translation puts the word back.
var columnTypeWords = map[string]string{"variant": "VARIANT", "json": "VARIANT", "bool": "BOOLEAN", "boolean": "BOOLEAN", "string": "VARCHAR", "uuid": "UUID"}

// rewriteColumnTypes replaces each column type of a CREATE TABLE that the
// grammar cannot read by JSON, padded so that positions stay the same, and
// returns the type each JSON column stands for, in order. A type is an
// unquoted word right after a column name.
func rewriteColumnTypes(sql string, toks []token) (string, []string) {
	var b strings.Builder
	var types []string
	last := 0
	for i := 1; i < len(toks); i++ {
		t := toks[i]
		name, ok := columnTypeWords[strings.ToLower(t.text)]
		if !ok || sql[t.start] == '`' || toks[i-1].typ != sqlparser.ID || t.typ == sqlparser.STRING {
			continue
		}
		b.WriteString(sql[last:t.start])
		b.WriteString("json")
		b.WriteString(strings.Repeat(" ", len(t.text)-4))
		last = t.end
		types = append(types, name)
	}
	b.WriteString(sql[last:])
	return b.String(), types
}

// parseStatement runs the grammar on sql (which starts at offset base of the
// text the user gave) and translates the result; src is sql's tokens.
func parseStatement(sql string, base int, src sourceText) (parsed, error) {
	return parseStatementWith(sql, base, nil, src)
}

// parseStatementWith is parseStatement for a CREATE TABLE whose JSON column
// types stand for jsonTypes (see rewriteColumnTypes).
func parseStatementWith(sql string, base int, jsonTypes []string, src sourceText) (p parsed, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &SQLError{Err: ErrSyntax, Pos: -1, Msg: fmt.Sprintf("the SQL grammar failed on this statement: %v", r)}
		}
	}()
	st, err := sqlparser.ParseStrictDDL(sql)
	if err != nil {
		return parsed{}, grammarError(err.Error(), base, src)
	}
	tr := translator{jsonTypes: jsonTypes, src: src}
	s, err := tr.statement(st)
	if err != nil {
		return parsed{}, err
	}
	return parsed{stmt: s, numParams: tr.numParams}, nil
}

// grammarError is the ErrSyntax of a message of the grammar: its "at
// position N" (N counts from base in the text the grammar read, which
// keepLikeEscapes may have lengthened) becomes the error's Pos in the text
// the user gave.
func grammarError(msg string, base int, src sourceText) *SQLError {
	msg = placeholderNear(msg)
	e := &SQLError{Err: ErrSyntax, Pos: -1, Msg: msg}
	const marker = " at position "
	i := strings.Index(msg, marker)
	if i < 0 {
		return e
	}
	j := i + len(marker)
	k := j
	for k < len(msg) && msg[k] >= '0' && msg[k] <= '9' {
		k++
	}
	n, err := strconv.Atoi(msg[j:k])
	if err != nil {
		return e
	}
	// The grammar's own "syntax error" would follow ErrSyntax's.
	e.Msg, e.Pos = strings.TrimPrefix(strings.TrimPrefix(msg[:i]+msg[k:], "syntax error"), " "), src.orig(n+base)
	if t, ok := src.tokenBefore(n + base); ok && t.typ == sqlparser.STRING && strings.Contains(msg, " near ") {
		e.Msg += " (a quoted string: if it is meant as a name, quote it with backticks, `" + strings.ReplaceAll(t.text, "`", "``") + "`)"
	}
	return e
}
