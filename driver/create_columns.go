package driver

import (
	"sort"
	"strings"

	"github.com/xwb1989/sqlparser"
)

// nonReservedWords are the keywords of the grammar that it reads as a name
// in SELECT and INSERT (its non_reserved_keyword rule), as MySQL reads its
// non-reserved keywords. Its column definition takes only a plain name, so
// checkColumnDefs quotes these there.
var nonReservedWords = wordSet("against begin bigint bit blob bool char character charset comment commit committed " +
	"date datetime decimal double duplicate enum expansion float foreign fulltext geometry geometrycollection " +
	"global int integer isolation json key_block_size keys language last_insert_id less level linestring " +
	"longblob longtext mediumblob mediumint mediumtext mode multilinestring multipoint multipolygon names nchar " +
	"numeric offset only optimize partition point polygon primary procedure query read real reorganize repair " +
	"repeatable rollback session serializable share signed smallint spatial start status text than time " +
	"timestamp tinyblob tinyint tinytext transaction trigger truncate uncommitted unsigned unused varbinary " +
	"varchar variables view vindex vindexes vitess_keyspaces vitess_shards vitess_tablets vschema_tables with " +
	"write year zerofill")

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// indexWords are the non-reserved keywords that start an index definition
// of CREATE TABLE (PRIMARY KEY (a), FULLTEXT idx (a), ...), not a column.
var indexWords = wordSet("primary foreign fulltext spatial")

// columnTypes maps each column type name of CREATE TABLE, in lower case, to
// the table type it makes (docs/design.md section 4).
var columnTypes = map[string]string{
	"bigint": "BIGINT", "int": "BIGINT", "integer": "BIGINT", "smallint": "BIGINT", "tinyint": "BIGINT", "mediumint": "BIGINT",
	"double": "DOUBLE", "float": "DOUBLE", "real": "DOUBLE",
	"boolean": "BOOLEAN", "bool": "BOOLEAN", "bit": "BOOLEAN",
	"varchar": "VARCHAR", "char": "VARCHAR", "string": "VARCHAR", "text": "VARCHAR", "tinytext": "VARCHAR", "mediumtext": "VARCHAR", "longtext": "VARCHAR",
	"binary": "BINARY", "varbinary": "BINARY", "blob": "BINARY", "tinyblob": "BINARY", "mediumblob": "BINARY", "longblob": "BINARY",
	"decimal": "DECIMAL", "numeric": "DECIMAL",
	"date": "DATE", "time": "TIME", "timestamp": "TIMESTAMP", "datetime": "TIMESTAMP",
	"uuid": "UUID", "variant": "VARIANT", "json": "VARIANT",
}

// columnTypeList names the column types of CREATE TABLE for messages.
const columnTypeList = "BIGINT (or INT, INTEGER, SMALLINT, TINYINT, MEDIUMINT), DOUBLE (or FLOAT, REAL), " +
	"BOOLEAN (or BOOL, BIT), VARCHAR (or CHAR, STRING, TEXT, TINYTEXT, MEDIUMTEXT, LONGTEXT), " +
	"BINARY (or VARBINARY, BLOB, TINYBLOB, MEDIUMBLOB, LONGBLOB), DECIMAL(p,s) (or NUMERIC(p,s)), " +
	"DATE, TIME, TIMESTAMP (or DATETIME), UUID, VARIANT (or JSON)"

// columnTypeHints name the column type meant by names that other systems
// use.
var columnTypeHints = map[string]string{
	"timestamp_ntz": "TIMESTAMP (UTC instants; a timestamp without time zone is read from Parquet files, not created)",
	"timestamptz":   "TIMESTAMP",
	"int8":          "BIGINT",
	"int64":         "BIGINT",
	"long":          "BIGINT",
	"float8":        "DOUBLE",
	"bytea":         "BINARY",
}

// isKeyword tells a keyword of the grammar written as a plain word (not
// quoted) from a name, a literal or a sign.
func (t token) isKeyword() bool {
	if t.typ == sqlparser.ID || t.typ == sqlparser.STRING || t.text == "" {
		return false
	}
	c := t.text[0]
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// columnDefs returns the index of the first token of each column
// definition of CREATE TABLE [IF NOT EXISTS] name (...): the token after
// the opening ( and after each , at its depth. It returns none for another
// statement.
func columnDefs(toks []token) []int {
	open := 3 // CREATE TABLE name (
	if len(toks) > 6 && toks[2].typ == sqlparser.IF && toks[3].typ == sqlparser.NOT && toks[4].typ == sqlparser.EXISTS {
		open = 6
	}
	if len(toks) <= open || toks[1].typ != sqlparser.TABLE || toks[open].typ != '(' {
		return nil
	}
	var defs []int
	depth := 0
	for i := open; i < len(toks) && (i == open || depth > 0); i++ {
		switch toks[i].typ {
		case '(':
			depth++
			if depth == 1 && i+1 < len(toks) {
				defs = append(defs, i+1)
			}
		case ')':
			depth--
		case ',':
			if depth == 1 && i+1 < len(toks) {
				defs = append(defs, i+1)
			}
		}
	}
	return defs
}

// checkColumnDefs reads the column definitions of CREATE TABLE before the
// grammar does. It returns the text with each non-reserved keyword used as
// a column name (date, status, time, json, ...) quoted with backticks, and
// the positions of the backticks it added, in order (nil when none). A
// reserved keyword used as a column name and an unknown column type are
// errors naming the word and its position. A definition that does not
// start with a name and a type (PRIMARY KEY (a), say) is left to the
// grammar.
func checkColumnDefs(sql string, src sourceText) (string, []int, error) {
	toks := src.toks
	var b strings.Builder
	var added []int
	last := 0
	for _, i := range columnDefs(toks) {
		if i+1 >= len(toks) {
			continue
		}
		name, typ := toks[i], toks[i+1]
		if !typ.isKeyword() && typ.typ != sqlparser.ID || sql[typ.start] == '`' {
			continue
		}
		_, known := columnTypes[strings.ToLower(typ.text)]
		if !known && typ.isKeyword() && !nonReservedWords[strings.ToLower(typ.text)] {
			continue // a reserved word such as NOT: no type
		}
		if name.isKeyword() {
			reserved := !nonReservedWords[strings.ToLower(name.text)]
			if !known && (reserved || indexWords[strings.ToLower(name.text)]) {
				continue
			}
			if reserved {
				word := sql[name.start:name.end]
				return "", nil, &SQLError{Err: ErrSyntax, Pos: src.orig(name.end), Msg: "the column name " + word + " is a reserved word: quote it with backticks (`" + word + "`)"}
			}
			b.WriteString(sql[last:name.start])
			added = append(added, b.Len())
			b.WriteString("`" + sql[name.start:name.end])
			added = append(added, b.Len())
			b.WriteString("`")
			last = name.end
		} else if name.typ != sqlparser.ID {
			continue
		}
		if !known {
			return "", nil, unknownColumnType(sql[typ.start:typ.end], src.orig(typ.end))
		}
	}
	if added == nil {
		return sql, nil, nil
	}
	b.WriteString(sql[last:])
	return b.String(), added, nil
}

// unknownColumnType is the error of a column type that CREATE TABLE does
// not know: it names the type and its position and lists the types.
func unknownColumnType(typ string, pos int) error {
	msg := "the column type " + typ
	if hint, ok := columnTypeHints[strings.ToLower(typ)]; ok {
		msg += " (use " + hint + ")"
	}
	return &SQLError{Err: ErrUnsupported, Pos: pos, Msg: msg + "; the column types are " + columnTypeList}
}

// mergeInserted combines the positions of bytes added to a text in two
// steps: earlier, positions in the text after the first step (the
// backticks of checkColumnDefs), and later, positions in the text after
// the second (the backslashes of keepLikeEscapes). It returns the
// positions of all of them in the final text, in order.
func mergeInserted(earlier, later []int) []int {
	if earlier == nil {
		return later
	}
	out := make([]int, 0, len(earlier)+len(later))
	j := 0
	for _, p := range earlier {
		for j < len(later) && later[j]-j <= p {
			j++
		}
		out = append(out, p+j)
	}
	out = append(out, later...)
	sort.Ints(out)
	return out
}
