package driver

import (
	"encoding/hex"
	"strconv"
	"strings"
)

// The statement and expression types below are the driver's own form of the
// SQL surface of docs/design.md section 4. The sqlparser AST is translated into them
// at the edge (sql_translate.go); nothing past that point sees sqlparser.

// statement is a parsed SQL statement.
type statement interface{ isStatement() }

// selectStmt is SELECT [DISTINCT] items FROM table [WHERE] [GROUP BY]
// [HAVING] [ORDER BY] [LIMIT n [OFFSET m]].
type selectStmt struct {
	Distinct bool
	Items    []selectItem
	Table    string
	Where    expr // nil when absent
	GroupBy  []expr
	Having   expr // nil when absent
	OrderBy  []orderItem
	Limit    expr // nil when absent
	Offset   expr // nil when absent
}

// selectItem is one item of the select list: * or an expression with an
// optional alias.
type selectItem struct {
	Star  bool
	Expr  expr
	Alias string
}

// orderItem is one ORDER BY key.
type orderItem struct {
	Expr expr
	Desc bool
}

// insertStmt is INSERT INTO table [(columns)] VALUES ... or ... SELECT.
type insertStmt struct {
	Table   string
	Columns []string // nil: all columns in table order
	Rows    [][]expr // VALUES rows, or nil with Select
	Select  *selectStmt

	// plan is what the statement kept from its last execution, so that a
	// prepared INSERT run once per row in a transaction resolves its table
	// and compiles its VALUES once (see conn.insert).
	plan *insertPlan
}

// createTableStmt is CREATE TABLE [IF NOT EXISTS] table (columns).
type createTableStmt struct {
	Table       string
	IfNotExists bool
	Columns     []columnDef
}

// columnDef is one column of CREATE TABLE.
type columnDef struct {
	Name    string
	Type    string // upper case: BIGINT, VARIANT, DECIMAL, VARCHAR, ...
	NotNull bool
	// Precision and Scale of DECIMAL(p,s); zero when not given.
	Precision, Scale int
	// HasPrecision says that the type gave a precision, which may be 0.
	HasPrecision bool
}

// dropTableStmt is DROP TABLE [IF EXISTS] table.
type dropTableStmt struct {
	Table    string
	IfExists bool
}

// showTablesStmt is SHOW TABLES.
type showTablesStmt struct{}

// describeStmt is DESCRIBE table.
type describeStmt struct{ Table string }

// explainStmt is EXPLAIN [ANALYZE] SELECT ...
type explainStmt struct {
	Analyze bool
	Select  *selectStmt
}

func (*selectStmt) isStatement()      {}
func (*insertStmt) isStatement()      {}
func (*createTableStmt) isStatement() {}
func (*dropTableStmt) isStatement()   {}
func (*showTablesStmt) isStatement()  {}
func (*describeStmt) isStatement()    {}
func (*explainStmt) isStatement()     {}

// expr is a SQL expression. String gives its SQL text, for EXPLAIN, for
// messages and for naming result columns; exprKey tells whether two
// expressions are the same.
type expr interface{ String() string }

// exprPos is the position in the SQL text just past a column reference, a
// call, the operator of an arithmetic or a position in the select list
// (the End of columnExpr, funcExpr, arithExpr, negExpr and literalExpr,
// which the parser sets), as SQLError.Pos gives it,
// or -1 when unknown: End is 0 for the expressions the planner makes and
// where the parser could not place one.
func exprPos(e expr) int {
	end := 0
	switch x := e.(type) {
	case *columnExpr:
		end = x.End
	case *funcExpr:
		end = x.End
	case *arithExpr:
		end = x.End
	case *negExpr:
		end = x.End
	case *literalExpr:
		end = x.End
	}
	if end == 0 {
		return -1
	}
	return end
}

// exprKey is the text of e with the planner's columns by their internal
// names and operators as calls: equal keys are the same expression
// (v->'$.a' is variant_get(v, '$.a')).
func exprKey(e expr) string {
	return plainExpr(e).String()
}

// plainExpr is e with Text dropped: the planner's columns by their names,
// operators as the calls they are.
func plainExpr(e expr) expr {
	switch x := e.(type) {
	case *columnExpr:
		if x.Text == "" {
			return x
		}
		return &columnExpr{Name: x.Name}
	case *funcExpr:
		f := mapChildren(x, plainExpr).(*funcExpr)
		f.Text = ""
		return f
	}
	return mapChildren(e, plainExpr)
}

// columnExpr is a column reference. The planner also makes columns of its
// own for the expressions it computes apart (a variant_get call the scan
// answers, a GROUP BY key, an aggregate): their names are internal, and
// Text keeps the expression they stand for so that messages and EXPLAIN
// show it as written.
type columnExpr struct {
	Name string
	Text string // the expression the column stands for; empty for a table column
	End  int    // see exprPos
}

// literalExpr is a constant: nil (NULL), bool, int64, float64, string, or a
// decimal given as its exact text (decimalText). End is set for an integer
// of GROUP BY and ORDER BY, a position in the select list (see exprPos).
type literalExpr struct {
	Value any
	End   int
}

// decimalText is a numeric literal with a fraction, kept exact.
type decimalText string

// paramExpr is a ? placeholder; Index counts from 0 in text order.
type paramExpr struct{ Index int }

// compareExpr is a comparison: = <> < <= > >= and the null-safe <=>.
type compareExpr struct {
	Op          string
	Left, Right expr
}

// logicExpr is AND or OR.
type logicExpr struct {
	And         bool
	Left, Right expr
}

// notExpr is NOT e.
type notExpr struct{ E expr }

// isNullExpr is e IS [NOT] NULL.
type isNullExpr struct {
	E   expr
	Not bool
}

// inExpr is e [NOT] IN (list).
type inExpr struct {
	E    expr
	List []expr
	Not  bool
}

// betweenExpr is e [NOT] BETWEEN lo AND hi.
type betweenExpr struct {
	E, Lo, Hi expr
	Not       bool
}

// likeExpr is e [NOT] LIKE pattern [ESCAPE esc].
type likeExpr struct {
	E, Pattern expr
	Escape     expr // nil when absent
	Not        bool
}

// arithExpr is + - * / % on numbers.
type arithExpr struct {
	Op          string
	Left, Right expr
	End         int // just past the operator; see exprPos
}

// negExpr is unary minus.
type negExpr struct {
	E   expr
	End int // just past the -; see exprPos
}

// funcExpr is a function call; Name is lower case. Star marks COUNT(*).
// Text is the call as written when it was written as an operator: v->'$.a'
// is variant_get(v, '$.a') and v->>'$.a' is
// json_unquote(variant_get(v, '$.a')), and both keep their text to name
// their result column as MySQL does.
type funcExpr struct {
	Name     string
	Args     []expr
	Distinct bool
	Star     bool
	Text     string // the operator form as written; empty for a call
	End      int    // see exprPos
}

func (e *columnExpr) String() string {
	if e.Text != "" {
		return e.Text
	}
	return quoteIdent(e.Name)
}
func (e *literalExpr) String() string {
	switch v := e.Value.(type) {
	case nil:
		return "NULL"
	case bool:
		if v {
			return "TRUE"
		}
		return "FALSE"
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case decimalText:
		return string(v)
	case string:
		return quoteString(v)
	case []byte:
		return "X'" + strings.ToUpper(hex.EncodeToString(v)) + "'"
	}
	return "?"
}
func (e *paramExpr) String() string   { return "?" }
func (e *compareExpr) String() string { return e.Left.String() + " " + e.Op + " " + e.Right.String() }
func (e *logicExpr) String() string {
	op := " OR "
	if e.And {
		op = " AND "
	}
	return "(" + e.Left.String() + op + e.Right.String() + ")"
}
func (e *notExpr) String() string { return "NOT (" + e.E.String() + ")" }
func (e *isNullExpr) String() string {
	if e.Not {
		return e.E.String() + " IS NOT NULL"
	}
	return e.E.String() + " IS NULL"
}
func (e *inExpr) String() string {
	op := " IN ("
	if e.Not {
		op = " NOT IN ("
	}
	return e.E.String() + op + joinExprs(e.List) + ")"
}
func (e *betweenExpr) String() string {
	op := " BETWEEN "
	if e.Not {
		op = " NOT BETWEEN "
	}
	return e.E.String() + op + e.Lo.String() + " AND " + e.Hi.String()
}
func (e *likeExpr) String() string {
	op := " LIKE "
	if e.Not {
		op = " NOT LIKE "
	}
	s := e.E.String() + op + e.Pattern.String()
	if e.Escape != nil {
		s += " ESCAPE " + e.Escape.String()
	}
	return s
}
func (e *arithExpr) String() string {
	return "(" + e.Left.String() + " " + e.Op + " " + e.Right.String() + ")"
}
func (e *negExpr) String() string { return "-" + e.E.String() }
func (e *funcExpr) String() string {
	if e.Text != "" {
		return e.Text
	}
	var b strings.Builder
	b.WriteString(e.Name)
	b.WriteByte('(')
	if e.Distinct {
		b.WriteString("DISTINCT ")
	}
	if e.Star {
		b.WriteByte('*')
	}
	b.WriteString(joinExprs(e.Args))
	b.WriteByte(')')
	return b.String()
}

func joinExprs(list []expr) string {
	parts := make([]string, len(list))
	for i, e := range list {
		parts[i] = e.String()
	}
	return strings.Join(parts, ", ")
}

// quoteString writes s as a SQL string literal.
func quoteString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// quoteIdent writes a name bare when it is a plain identifier, in backticks
// otherwise.
func quoteIdent(name string) string {
	plain := name != ""
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if plain {
		return name
	}
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}
