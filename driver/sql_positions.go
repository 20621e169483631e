package driver

import (
	"slices"
	"strconv"
	"strings"

	"github.com/xwb1989/sqlparser"
)

// sourceText is the statement's tokens, for placing the columns and calls
// of the grammar's tree (which keeps no positions) in the SQL text
// (docs/design.md section 9: errors name the position in the SQL text).
type sourceText struct {
	toks []token
	// inserted holds, in order, the positions of the bytes that
	// keepLikeEscapes added to the text the tokens were read from.
	inserted []int
}

// orig is the position in the text the user gave of position p of the
// tokens' text.
func (s *sourceText) orig(p int) int {
	n := 0
	for n < len(s.inserted) && s.inserted[n] < p {
		n++
	}
	return p - n
}

// The translator walks the tree in text order and finds each column, call
// and -> operator among the tokens from a cursor (translator.at) on, which
// it moves past what it found: a name seen earlier in the text, such as a
// select alias or the table name, is skipped so. A construct it cannot find
// keeps no position (End 0).

// findWord is the index of the first token from the cursor that is the
// unquoted or backquoted word w, followed by ( when call; -1 when none.
func (tr *translator) findWord(w string, call bool) int {
	toks := tr.src.toks
	for i := tr.at; i < len(toks); i++ {
		if toks[i].isWord(w) && (!call || i+1 < len(toks) && toks[i+1].typ == '(') {
			return i
		}
	}
	return -1
}

// findType is the index of the first token of type typ from the cursor, or
// -1.
func (tr *translator) findType(typ int) int {
	for i := tr.at; i < len(tr.src.toks); i++ {
		if tr.src.toks[i].typ == typ {
			return i
		}
	}
	return -1
}

// closing is the index of the ) that closes the ( at index open, or -1.
func (tr *translator) closing(open int) int {
	depth := 0
	for i := open; i < len(tr.src.toks); i++ {
		switch tr.src.toks[i].typ {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// endOf is the position in the user's text just past token i, for the End
// of an expression; 0 (unknown) when i < 0.
func (tr *translator) endOf(i int) int {
	if i < 0 || i >= len(tr.src.toks) {
		return 0
	}
	return tr.src.orig(tr.src.toks[i].end)
}

// otherQualifier returns the first column of an INSERT's column list
// (INSERT INTO table (a, t.b) ...) that a name other than table qualifies,
// as qualifier.column, or "" when there is none; the grammar keeps only
// the column's name.
func (tr *translator) otherQualifier(table string) string {
	toks := tr.src.toks
	name := 1 // INSERT [INTO] table (columns)
	if name < len(toks) && toks[name].typ == sqlparser.INTO {
		name++
	}
	open := name + 1
	if open+1 >= len(toks) || toks[open].typ != '(' || toks[open+1].typ == sqlparser.SELECT {
		return ""
	}
	end := tr.closing(open)
	for i := open + 1; i < end-1; i++ {
		// Table names are case-sensitive, as in SELECT's qualifiers.
		if toks[i+1].typ == '.' && (toks[i].typ == sqlparser.STRING || toks[i].text != table) {
			return toks[i].text + "." + toks[i+2].text
		}
	}
	return ""
}

// skipPast moves the cursor past the first token from it of type typ,
// when there is one.
func (tr *translator) skipPast(typ int) {
	if i := tr.findType(typ); i >= 0 {
		tr.at = i + 1
	}
}

// skipAlias moves the cursor past the first token from it that is the
// alias a, written as a word, in backquotes or as a quoted string.
func (tr *translator) skipAlias(a string) {
	for i := tr.at; i < len(tr.src.toks); i++ {
		if t := tr.src.toks[i]; t.isWord(a) || t.typ == sqlparser.STRING && t.text == a {
			tr.at = i + 1
			return
		}
	}
}

// skipWord moves the cursor past the first token from it that is the word w,
// when there is one.
func (tr *translator) skipWord(w string) {
	if i := tr.findWord(w, false); i >= 0 {
		tr.at = i + 1
	}
}

// jsonOps are the token types of -> and ->>.
var jsonOps = map[string]int{sqlparser.JSONExtractOp: sqlparser.JSON_EXTRACT_OP, sqlparser.JSONUnquoteExtractOp: sqlparser.JSON_UNQUOTE_EXTRACT_OP}

// sqlText is the SQL text of a node of the grammar's tree for messages,
// with each placeholder written ? as in the statement (the grammar keeps
// the ? placeholders as :v1, :v2, ...).
func sqlText(node sqlparser.SQLNode) string {
	buf := sqlparser.NewTrackedBuffer(func(buf *sqlparser.TrackedBuffer, node sqlparser.SQLNode) {
		if v, ok := node.(*sqlparser.SQLVal); ok && v.Type == sqlparser.ValArg && placeholderIndex(string(v.Val)) > 0 {
			buf.WriteString("?")
			return
		}
		node.Format(buf)
	})
	buf.Myprintf("%v", node)
	return buf.String()
}

// placeholderIndex is n for the grammar's name :vn of the n-th ?
// placeholder, or 0.
func placeholderIndex(name string) int {
	digits, ok := strings.CutPrefix(name, ":v")
	if !ok || digits == "" || digits[0] == '0' {
		return 0
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 1 {
		return 0
	}
	return n
}

// tokenBefore returns the last token that starts before position p of the
// tokens' text: the one a message of the grammar "at position p" is about
// (the grammar reports a position just past the token it stopped at).
func (s *sourceText) tokenBefore(p int) (token, bool) {
	for i := len(s.toks) - 1; i >= 0; i-- {
		if s.toks[i].start < p {
			return s.toks[i], true
		}
	}
	return token{}, false
}

// placeholderNear is a message of the grammar with its near ':vn' written
// near '?', as the statement has it.
func placeholderNear(msg string) string {
	const near = "near '"
	i := strings.Index(msg, near)
	if i < 0 {
		return msg
	}
	j := i + len(near)
	k := strings.IndexByte(msg[j:], '\'')
	if k < 0 || placeholderIndex(msg[j:j+k]) == 0 {
		return msg
	}
	return msg[:j] + "?" + msg[j+k:]
}

// operatorTokens are the token types of the arithmetic and bit operators
// of the grammar, by the operator's name in its tree; % is also MOD.
var operatorTokens = map[string][]int{
	sqlparser.PlusStr: {'+'}, sqlparser.MinusStr: {'-'}, sqlparser.MultStr: {'*'}, sqlparser.DivStr: {'/'},
	sqlparser.ModStr: {'%', sqlparser.MOD}, sqlparser.IntDivStr: {sqlparser.DIV},
	sqlparser.BitAndStr: {'&'}, sqlparser.BitOrStr: {'|'}, sqlparser.BitXorStr: {'^'},
	sqlparser.ShiftLeftStr: {sqlparser.SHIFT_LEFT}, sqlparser.ShiftRightStr: {sqlparser.SHIFT_RIGHT},
	sqlparser.TildaStr: {'~'}, sqlparser.BangStr: {'!'},
}

// operator moves the cursor past the first token from it that is the
// operator op (a binary operator once its left operand is read, a unary
// one before its operand) and returns the position just past it; 0 when
// not found.
func (tr *translator) operator(op string) int {
	for i := tr.at; i < len(tr.src.toks); i++ {
		if slices.Contains(operatorTokens[op], tr.src.toks[i].typ) {
			tr.at = i + 1
			return tr.endOf(i)
		}
	}
	return 0
}

// posOrUnknown is an End as SQLError.Pos: -1 when 0 (unknown).
func posOrUnknown(end int) int {
	if end == 0 {
		return -1
	}
	return end
}
