package driver

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/xwb1989/sqlparser"
)

// translator turns the sqlparser AST into the driver's statement types and
// counts the placeholders it meets. It places columns and calls in the SQL
// text with src (see sql_positions.go).
type translator struct {
	numParams int
	table     string   // the FROM table, for qualified column names
	jsonTypes []string // what each JSON column type of a CREATE TABLE stands for
	src       sourceText
	at        int // the token cursor
}

func unsupported(what string) error {
	return &SQLError{Err: ErrUnsupported, Pos: -1, Msg: what}
}

func (tr *translator) statement(st sqlparser.Statement) (statement, error) {
	switch s := st.(type) {
	case *sqlparser.Select:
		return tr.selectStmt(s)
	case *sqlparser.Insert:
		return tr.insert(s)
	case *sqlparser.DDL:
		return tr.ddl(s)
	case *sqlparser.Show:
		if strings.EqualFold(s.Type, "tables") && (s.ShowTablesOpt == nil || *s.ShowTablesOpt == sqlparser.ShowTablesOpt{}) {
			return &showTablesStmt{}, nil
		}
		return nil, unsupported("SHOW " + strings.ToUpper(s.Type) + " (only SHOW TABLES)")
	case *sqlparser.Update:
		return nil, unsupported("UPDATE (tables are append-only)")
	case *sqlparser.Delete:
		return nil, unsupported("DELETE (tables are append-only)")
	case *sqlparser.Union:
		return nil, unsupported("UNION")
	case *sqlparser.ParenSelect:
		return nil, unsupported("a parenthesised SELECT")
	case *sqlparser.Begin, *sqlparser.Commit, *sqlparser.Rollback:
		return nil, unsupported("transaction statements in SQL (use db.BeginTx, tx.Commit and tx.Rollback)")
	}
	return nil, unsupported(fmt.Sprintf("the statement %q", sqlText(st)))
}

func (tr *translator) selectStmt(s *sqlparser.Select) (*selectStmt, error) {
	if s.Lock != "" {
		return nil, unsupported("locking reads (" + strings.TrimSpace(s.Lock) + ")")
	}
	if len(s.From) != 1 {
		return nil, unsupported("a FROM list of several tables (joins)")
	}
	ate, ok := s.From[0].(*sqlparser.AliasedTableExpr)
	if !ok {
		return nil, unsupported("joins (" + sqlText(s.From[0]) + ")")
	}
	tn, ok := ate.Expr.(sqlparser.TableName)
	if !ok {
		return nil, unsupported("a subquery in FROM")
	}
	if !tn.Qualifier.IsEmpty() {
		return nil, unsupported("a qualified table name " + sqlText(tn))
	}
	if tn.Name.String() == "dual" {
		return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "SELECT needs FROM and a table (computed values come one per row of the table)"}
	}
	out := &selectStmt{Distinct: s.Distinct != "", Table: tn.Name.String()}
	tr.table = out.Table
	if !ate.As.IsEmpty() {
		tr.table = ate.As.String()
	}
	for _, se := range s.SelectExprs {
		switch e := se.(type) {
		case *sqlparser.StarExpr:
			if !e.TableName.IsEmpty() && e.TableName.Name.String() != tr.table {
				return nil, unsupported("* of another table: " + sqlText(e))
			}
			out.Items = append(out.Items, selectItem{Star: true})
		case *sqlparser.AliasedExpr:
			x, err := tr.expr(e.Expr)
			if err != nil {
				return nil, err
			}
			if !e.As.IsEmpty() {
				tr.skipAlias(e.As.String())
			}
			out.Items = append(out.Items, selectItem{Expr: x, Alias: e.As.String()})
		default:
			return nil, unsupported("the select item " + sqlText(se))
		}
	}
	tr.skipPast(sqlparser.FROM)
	tr.skipWord(tn.Name.String())
	if !ate.As.IsEmpty() {
		tr.skipWord(ate.As.String())
	}
	var err error
	if s.Where != nil {
		if out.Where, err = tr.expr(s.Where.Expr); err != nil {
			return nil, err
		}
	}
	if len(s.GroupBy) > 0 {
		tr.skipPast(sqlparser.GROUP)
	}
	for _, g := range s.GroupBy {
		x, err := tr.listItem(g)
		if err != nil {
			return nil, err
		}
		out.GroupBy = append(out.GroupBy, x)
	}
	if s.Having != nil {
		if out.Having, err = tr.expr(s.Having.Expr); err != nil {
			return nil, err
		}
	}
	if len(s.OrderBy) > 0 {
		tr.skipPast(sqlparser.ORDER)
	}
	for _, o := range s.OrderBy {
		x, err := tr.listItem(o.Expr)
		if err != nil {
			return nil, err
		}
		out.OrderBy = append(out.OrderBy, orderItem{Expr: x, Desc: o.Direction == sqlparser.DescScr})
	}
	if s.Limit != nil {
		if out.Limit, err = tr.expr(s.Limit.Rowcount); err != nil {
			return nil, err
		}
		if s.Limit.Offset != nil {
			if out.Offset, err = tr.expr(s.Limit.Offset); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func (tr *translator) insert(s *sqlparser.Insert) (*insertStmt, error) {
	if s.Action != sqlparser.InsertStr {
		return nil, unsupported("REPLACE (tables are append-only)")
	}
	if s.Ignore != "" {
		return nil, unsupported("INSERT IGNORE")
	}
	if len(s.OnDup) > 0 {
		return nil, unsupported("ON DUPLICATE KEY UPDATE (tables are append-only)")
	}
	if len(s.Partitions) > 0 {
		return nil, unsupported("INSERT ... PARTITION")
	}
	if !s.Table.Qualifier.IsEmpty() {
		return nil, unsupported("a qualified table name " + sqlText(s.Table))
	}
	out := &insertStmt{Table: s.Table.Name.String()}
	for _, c := range s.Columns {
		out.Columns = append(out.Columns, c.String())
	}
	if q := tr.otherQualifier(out.Table); q != "" {
		return nil, unsupported("a column of another table: " + q + " (the columns are the table's own: " + quoteIdent(out.Table) + ".name or name)")
	}
	switch rows := s.Rows.(type) {
	case sqlparser.Values:
		tr.skipPast(sqlparser.VALUES)
		for _, tuple := range rows {
			row := make([]expr, 0, len(tuple))
			for _, e := range tuple {
				x, err := tr.expr(e)
				if err != nil {
					return nil, err
				}
				row = append(row, x)
			}
			out.Rows = append(out.Rows, row)
		}
	case *sqlparser.Select:
		if i := tr.findType(sqlparser.SELECT); i >= 0 {
			tr.at = i
		}
		sel, err := tr.selectStmt(rows)
		if err != nil {
			return nil, err
		}
		out.Select = sel
	default:
		return nil, unsupported("INSERT from " + sqlText(rows))
	}
	return out, nil
}

func (tr *translator) ddl(s *sqlparser.DDL) (statement, error) {
	if !s.Table.Qualifier.IsEmpty() || !s.NewName.Qualifier.IsEmpty() {
		return nil, unsupported("a qualified table name")
	}
	switch s.Action {
	case sqlparser.CreateStr:
		if s.TableSpec == nil {
			return nil, unsupported("CREATE TABLE without columns")
		}
		if len(s.TableSpec.Indexes) > 0 {
			return nil, unsupported("indexes and keys in CREATE TABLE")
		}
		if strings.TrimSpace(s.TableSpec.Options) != "" {
			return nil, unsupported("table options " + strings.TrimSpace(s.TableSpec.Options))
		}
		// CREATE TABLE keeps the name in NewName.
		out := &createTableStmt{Table: s.NewName.Name.String()}
		for _, c := range s.TableSpec.Columns {
			def := columnDef{Name: c.Name.String(), Type: strings.ToUpper(c.Type.Type), NotNull: bool(c.Type.NotNull)}
			if def.Type == "JSON" {
				def.Type = "VARIANT"
				if len(tr.jsonTypes) > 0 {
					def.Type, tr.jsonTypes = tr.jsonTypes[0], tr.jsonTypes[1:]
				}
			}
			if c.Type.Default != nil || bool(c.Type.Autoincrement) || c.Type.KeyOpt != 0 || bool(c.Type.Unsigned) {
				return nil, unsupported("column options of " + def.Name + " (only NOT NULL)")
			}
			if c.Type.Length != nil {
				def.Precision, _ = strconv.Atoi(string(c.Type.Length.Val))
				def.HasPrecision = true
			}
			if c.Type.Scale != nil {
				def.Scale, _ = strconv.Atoi(string(c.Type.Scale.Val))
			}
			out.Columns = append(out.Columns, def)
		}
		return out, nil
	case sqlparser.DropStr:
		return &dropTableStmt{Table: s.Table.Name.String(), IfExists: s.IfExists}, nil
	}
	return nil, unsupported(strings.ToUpper(s.Action) + " TABLE")
}

func (tr *translator) expr(e sqlparser.Expr) (expr, error) {
	switch x := e.(type) {
	case *sqlparser.ParenExpr:
		return tr.expr(x.Expr)
	case *sqlparser.AndExpr:
		return tr.logic(true, x.Left, x.Right)
	case *sqlparser.OrExpr:
		return tr.logic(false, x.Left, x.Right)
	case *sqlparser.NotExpr:
		in, err := tr.expr(x.Expr)
		if err != nil {
			return nil, err
		}
		return &notExpr{E: in}, nil
	case *sqlparser.ComparisonExpr:
		return tr.comparison(x)
	case *sqlparser.RangeCond:
		v, err := tr.expr(x.Left)
		if err != nil {
			return nil, err
		}
		lo, err := tr.expr(x.From)
		if err != nil {
			return nil, err
		}
		hi, err := tr.expr(x.To)
		if err != nil {
			return nil, err
		}
		return &betweenExpr{E: v, Lo: lo, Hi: hi, Not: x.Operator == sqlparser.NotBetweenStr}, nil
	case *sqlparser.IsExpr:
		v, err := tr.expr(x.Expr)
		if err != nil {
			return nil, err
		}
		switch x.Operator {
		case sqlparser.IsNullStr:
			return &isNullExpr{E: v}, nil
		case sqlparser.IsNotNullStr:
			return &isNullExpr{E: v, Not: true}, nil
		}
		return nil, unsupported(strings.ToUpper(x.Operator) + " (only IS NULL and IS NOT NULL)")
	case *sqlparser.SQLVal:
		return tr.value(x)
	case *sqlparser.NullVal:
		return &literalExpr{Value: nil}, nil
	case sqlparser.BoolVal:
		return &literalExpr{Value: bool(x)}, nil
	case *sqlparser.ColName:
		if !x.Qualifier.IsEmpty() && (x.Qualifier.Name.String() != tr.table || !x.Qualifier.Qualifier.IsEmpty()) {
			return nil, unsupported("a column of another table: " + sqlText(x) + " (for a field inside a VARIANT column, write variant_get(col, '$.field', type) or col->'$.field')")
		}
		c := &columnExpr{Name: x.Name.String()}
		if i := tr.findWord(c.Name, false); i >= 0 {
			c.End, tr.at = tr.endOf(i), i+1
		}
		return c, nil
	case *sqlparser.BinaryExpr:
		return tr.binary(x)
	case *sqlparser.UnaryExpr:
		end := tr.operator(x.Operator)
		v, err := tr.expr(x.Expr)
		if err != nil {
			return nil, err
		}
		switch x.Operator {
		case sqlparser.UMinusStr:
			if lit, ok := v.(*literalExpr); ok {
				switch n := lit.Value.(type) {
				case int64:
					return &literalExpr{Value: -n}, nil
				case float64:
					return &literalExpr{Value: -n}, nil
				case decimalText:
					return &literalExpr{Value: decimalText("-" + string(n))}, nil
				}
			}
			return &negExpr{E: v, End: end}, nil
		case sqlparser.UPlusStr:
			return v, nil
		case sqlparser.BangStr:
			return &notExpr{E: v}, nil
		}
		return nil, &SQLError{Err: ErrUnsupported, Pos: posOrUnknown(end), Msg: "the operator " + strings.TrimSpace(x.Operator)}
	case *sqlparser.FuncExpr:
		return tr.function(x)
	case *sqlparser.ConvertExpr:
		return nil, unsupported("CAST and CONVERT (use variant_get(v, path, type) or try_variant_get)")
	case *sqlparser.Subquery:
		return nil, unsupported("subqueries")
	case *sqlparser.CaseExpr:
		return nil, unsupported("CASE")
	}
	return nil, unsupported("the expression " + sqlText(e))
}

// listItem translates an item of GROUP BY or ORDER BY, placing an integer
// (a position in the select list) in the text.
func (tr *translator) listItem(e sqlparser.Expr) (expr, error) {
	x, err := tr.expr(e)
	if lit, ok := x.(*literalExpr); ok && err == nil {
		if _, isInt := lit.Value.(int64); !isInt {
			return x, nil
		}
		if i := tr.findType(sqlparser.INTEGRAL); i >= 0 {
			lit.End, tr.at = tr.endOf(i), i+1
		}
	}
	return x, err
}

func (tr *translator) logic(and bool, l, r sqlparser.Expr) (expr, error) {
	left, err := tr.expr(l)
	if err != nil {
		return nil, err
	}
	right, err := tr.expr(r)
	if err != nil {
		return nil, err
	}
	return &logicExpr{And: and, Left: left, Right: right}, nil
}

func (tr *translator) comparison(x *sqlparser.ComparisonExpr) (expr, error) {
	left, err := tr.expr(x.Left)
	if err != nil {
		return nil, err
	}
	switch x.Operator {
	case sqlparser.InStr, sqlparser.NotInStr:
		tuple, ok := x.Right.(sqlparser.ValTuple)
		if !ok {
			return nil, unsupported("IN with " + sqlText(x.Right) + " (only a list of values)")
		}
		list := make([]expr, 0, len(tuple))
		for _, e := range tuple {
			v, err := tr.expr(e)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		return &inExpr{E: left, List: list, Not: x.Operator == sqlparser.NotInStr}, nil
	}
	right, err := tr.expr(x.Right)
	if err != nil {
		return nil, err
	}
	switch x.Operator {
	case sqlparser.EqualStr, sqlparser.LessThanStr, sqlparser.GreaterThanStr, sqlparser.LessEqualStr,
		sqlparser.GreaterEqualStr, sqlparser.NullSafeEqualStr:
		return &compareExpr{Op: x.Operator, Left: left, Right: right}, nil
	case sqlparser.NotEqualStr:
		return &compareExpr{Op: "<>", Left: left, Right: right}, nil
	case sqlparser.LikeStr, sqlparser.NotLikeStr:
		l := &likeExpr{E: left, Pattern: right, Not: x.Operator == sqlparser.NotLikeStr}
		if x.Escape != nil {
			if l.Escape, err = tr.expr(x.Escape); err != nil {
				return nil, err
			}
		}
		return l, nil
	}
	return nil, unsupported("the operator " + strings.ToUpper(x.Operator))
}

func (tr *translator) binary(x *sqlparser.BinaryExpr) (expr, error) {
	left, err := tr.expr(x.Left)
	if err != nil {
		return nil, err
	}
	op := -1 // the token of -> or ->>; the path is the token after it
	opEnd := 0
	if typ, ok := jsonOps[x.Operator]; ok {
		if op = tr.findType(typ); op >= 0 {
			tr.at = op + 1
		}
	} else {
		opEnd = tr.operator(x.Operator)
	}
	right, err := tr.expr(x.Right)
	if err != nil {
		return nil, err
	}
	end := 0
	if op >= 0 {
		end, tr.at = tr.endOf(op+1), max(tr.at, op+2)
	}
	switch x.Operator {
	case sqlparser.JSONExtractOp:
		return &funcExpr{Name: "variant_get", Args: []expr{left, right}, Text: left.String() + "->" + right.String(), End: end}, nil
	case sqlparser.JSONUnquoteExtractOp:
		get := &funcExpr{Name: "variant_get", Args: []expr{left, right}, Text: left.String() + "->" + right.String(), End: end}
		return &funcExpr{Name: "json_unquote", Args: []expr{get}, Text: left.String() + "->>" + right.String(), End: end}, nil
	case sqlparser.PlusStr, sqlparser.MinusStr, sqlparser.MultStr, sqlparser.DivStr, sqlparser.ModStr:
		return &arithExpr{Op: x.Operator, Left: left, Right: right, End: opEnd}, nil
	}
	return nil, &SQLError{Err: ErrUnsupported, Pos: posOrUnknown(opEnd), Msg: "the operator " + x.Operator}
}

func (tr *translator) function(x *sqlparser.FuncExpr) (expr, error) {
	if !x.Qualifier.IsEmpty() {
		return nil, unsupported("a qualified function name " + sqlText(x))
	}
	f := &funcExpr{Name: x.Name.Lowered(), Distinct: x.Distinct}
	open := tr.findWord(x.Name.String(), true) + 1 // the (, or 0 when not found
	if open > 0 {
		tr.at = open + 1
	}
	for _, a := range x.Exprs {
		switch arg := a.(type) {
		case *sqlparser.StarExpr:
			if f.Name != "count" || len(x.Exprs) != 1 {
				return nil, unsupported("* as an argument of " + f.Name)
			}
			f.Star = true
		case *sqlparser.AliasedExpr:
			if !arg.As.IsEmpty() {
				return nil, unsupported("an alias inside the arguments of " + f.Name)
			}
			v, err := tr.expr(arg.Expr)
			if err != nil {
				return nil, err
			}
			f.Args = append(f.Args, v)
		default:
			return nil, unsupported("the argument " + sqlText(a) + " of " + f.Name)
		}
	}
	if open > 0 {
		if end := tr.closing(open); end >= 0 {
			f.End, tr.at = tr.endOf(end), end+1
		}
	}
	return f, nil
}

func (tr *translator) value(v *sqlparser.SQLVal) (expr, error) {
	if (v.Type == sqlparser.IntVal || v.Type == sqlparser.FloatVal) && len(v.Val) > 0 && v.Val[0] == '-' {
		tr.operator(sqlparser.UMinusStr) // the grammar made -2 one literal
	}
	switch v.Type {
	case sqlparser.StrVal:
		return &literalExpr{Value: string(v.Val)}, nil
	case sqlparser.HexVal:
		// X'6162': a BINARY value, as in MySQL.
		b, err := hex.DecodeString(string(v.Val))
		if err != nil {
			return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "the binary literal X'" + string(v.Val) + "' is not an even number of hex digits"}
		}
		return &literalExpr{Value: b}, nil
	case sqlparser.IntVal:
		n, err := strconv.ParseInt(string(v.Val), 10, 64)
		if err != nil {
			return &literalExpr{Value: decimalText(v.Val)}, nil
		}
		return &literalExpr{Value: n}, nil
	case sqlparser.FloatVal:
		if strings.ContainsAny(string(v.Val), "eE") {
			f, err := strconv.ParseFloat(string(v.Val), 64)
			if err != nil {
				return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "number " + string(v.Val) + " out of range"}
			}
			return &literalExpr{Value: f}, nil
		}
		return &literalExpr{Value: decimalText(v.Val)}, nil
	case sqlparser.ValArg:
		name := string(v.Val)
		n := placeholderIndex(name)
		if n == 0 {
			return nil, unsupported("the named parameter " + name + " (use ?)")
		}
		tr.numParams = max(tr.numParams, n)
		return &paramExpr{Index: n - 1}, nil
	}
	return nil, unsupported("the literal " + sqlText(v))
}
