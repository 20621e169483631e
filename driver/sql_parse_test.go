package driver

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseSelect(t *testing.T) {
	p, err := parseSQL("SELECT id, v->'$.a', v->>'$.b' AS b, variant_get(v, '$.a', 'int') AS x FROM t WHERE variant_get(v,'$.a','int') = ? AND id > ? AND s LIKE '%?%' ORDER BY id DESC LIMIT ? OFFSET 5")
	require.NoError(t, err)
	require.Equal(t, 3, p.numParams)
	s := p.stmt.(*selectStmt)
	require.Equal(t, "t", s.Table)
	require.Len(t, s.Items, 4)
	require.Equal(t, "id", s.Items[0].Expr.String())
	require.Equal(t, "v->'$.a'", s.Items[1].Expr.String())
	require.Equal(t, "variant_get(v, '$.a')", exprKey(s.Items[1].Expr))
	require.Equal(t, "v->>'$.b'", s.Items[2].Expr.String())
	require.Equal(t, "json_unquote(variant_get(v, '$.b'))", exprKey(s.Items[2].Expr))
	require.Equal(t, "b", s.Items[2].Alias)
	require.Equal(t, "((variant_get(v, '$.a', 'int') = ? AND id > ?) AND s LIKE '%?%')", s.Where.String())
	where := s.Where.(*logicExpr).Left.(*logicExpr)
	require.Equal(t, &paramExpr{Index: 0}, where.Left.(*compareExpr).Right)
	require.Equal(t, &paramExpr{Index: 1}, where.Right.(*compareExpr).Right)
	require.Equal(t, &paramExpr{Index: 2}, s.Limit)
	require.Equal(t, &literalExpr{Value: int64(5)}, s.Offset)
	require.Equal(t, []orderItem{{Expr: &columnExpr{Name: "id", End: 154}, Desc: true}}, s.OrderBy)
}

func TestParseSelectClauses(t *testing.T) {
	p, err := parseSQL("SELECT DISTINCT COUNT(*), COUNT(DISTINCT x), SUM(-1.50), t.id FROM `odd name` AS t WHERE NOT (b <=> 1) AND x IN (1, ?, 'a') AND y NOT BETWEEN 1 AND 2 AND z IS NOT NULL AND w != 2.5e1 GROUP BY x HAVING COUNT(*) > 1")
	require.NoError(t, err)
	require.Equal(t, 1, p.numParams)
	s := p.stmt.(*selectStmt)
	require.True(t, s.Distinct)
	require.Equal(t, "odd name", s.Table)
	require.Equal(t, "count(*)", s.Items[0].Expr.String())
	require.Equal(t, "count(DISTINCT x)", s.Items[1].Expr.String())
	require.Equal(t, &funcExpr{Name: "sum", Args: []expr{&literalExpr{Value: decimalText("-1.50")}}, End: 55}, s.Items[2].Expr)
	require.Equal(t, &columnExpr{Name: "id", End: 61}, s.Items[3].Expr)
	require.Equal(t, "((((NOT (b <=> 1) AND x IN (1, ?, 'a')) AND y NOT BETWEEN 1 AND 2) AND z IS NOT NULL) AND w <> 25)", s.Where.String())
	require.Equal(t, []expr{&columnExpr{Name: "x", End: 193}}, s.GroupBy)
	require.Equal(t, "count(*) > 1", s.Having.String())
}

func TestParseWrites(t *testing.T) {
	p, err := parseSQL("INSERT INTO t (id, v) VALUES (?, parse_json(?)), (2, '{}')")
	require.NoError(t, err)
	require.Equal(t, 2, p.numParams)
	ins := p.stmt.(*insertStmt)
	require.Equal(t, "t", ins.Table)
	require.Equal(t, []string{"id", "v"}, ins.Columns)
	require.Equal(t, [][]expr{
		{&paramExpr{Index: 0}, &funcExpr{Name: "parse_json", Args: []expr{&paramExpr{Index: 1}}, End: 46}},
		{&literalExpr{Value: int64(2)}, &literalExpr{Value: "{}"}},
	}, ins.Rows)

	p, err = parseSQL("INSERT INTO t SELECT * FROM u WHERE id > ?")
	require.NoError(t, err)
	require.Equal(t, 1, p.numParams)
	require.Equal(t, "u", p.stmt.(*insertStmt).Select.Table)

	p, err = parseSQL("CREATE TABLE IF NOT EXISTS `variant` (id BIGINT NOT NULL, v VARIANT, `variant` variant not null, d DECIMAL(10,2))")
	require.NoError(t, err)
	require.Equal(t, &createTableStmt{Table: "variant", IfNotExists: true, Columns: []columnDef{
		{Name: "id", Type: "BIGINT", NotNull: true},
		{Name: "v", Type: "VARIANT"},
		{Name: "variant", Type: "VARIANT", NotNull: true},
		{Name: "d", Type: "DECIMAL", Precision: 10, Scale: 2, HasPrecision: true},
	}}, p.stmt)

	p, err = parseSQL("create table t (a json, b boolean, c string, d uuid, e bool, f variant)")
	require.NoError(t, err)
	var types []string
	for _, c := range p.stmt.(*createTableStmt).Columns {
		types = append(types, c.Type)
	}
	require.Equal(t, []string{"VARIANT", "BOOLEAN", "VARCHAR", "UUID", "BOOLEAN", "VARIANT"}, types)

	p, err = parseSQL("create table t (v variant)")
	require.NoError(t, err)
	require.False(t, p.stmt.(*createTableStmt).IfNotExists)

	p, err = parseSQL("DROP TABLE IF EXISTS t")
	require.NoError(t, err)
	require.Equal(t, &dropTableStmt{Table: "t", IfExists: true}, p.stmt)
}

func TestParseKeywordsWithoutOperands(t *testing.T) {
	p, err := parseSQL("SHOW TABLES")
	require.NoError(t, err)
	require.Equal(t, &showTablesStmt{}, p.stmt)

	for _, q := range []string{"DESCRIBE t", "describe `t`", "DESC t", "DESCRIBE TABLE t"} {
		p, err = parseSQL(q)
		require.NoError(t, err, q)
		require.Equal(t, &describeStmt{Table: "t"}, p.stmt, q)
	}

	p, err = parseSQL("EXPLAIN SELECT id FROM t WHERE id = ?")
	require.NoError(t, err)
	require.Equal(t, 1, p.numParams)
	ex := p.stmt.(*explainStmt)
	require.False(t, ex.Analyze)
	require.Equal(t, "t", ex.Select.Table)

	p, err = parseSQL("explain analyze select count(*) from t")
	require.NoError(t, err)
	require.True(t, p.stmt.(*explainStmt).Analyze)
}

func TestParseErrors(t *testing.T) {
	for q, want := range map[string]struct {
		sentinel error
		msg      string
	}{
		"":                    {ErrSyntax, "parquetvariant: syntax error: empty statement at position 0"},
		"SELEC 1":             {ErrSyntax, "parquetvariant: syntax error: near 'SELEC' at position 6"},
		"EXPLAIN SELECT FROM": {ErrSyntax, "parquetvariant: syntax error: near 'from' at position 20"},
		// Positions after a LIKE's \% count in the text given, not in the
		// text with the backslash doubled for the grammar.
		`SELECT a FROM t WHERE a LIKE 'x\%' AND b = DATE '2024-01-01'`: {ErrUnsupported, "parquetvariant: not supported: typed literal DATE '2024-01-01' (write the string and cast it, e.g. variant_get(parse_json('\"2024-01-01\"'), '$', 'date')) at position 60"},
		`SELECT a FROM t WHERE a LIKE 'x\%' AND AND`:                   {ErrSyntax, "parquetvariant: syntax error: near 'and' at position 43"},
		"SELECT DATE '2024-01-01' FROM t":                              {ErrUnsupported, `parquetvariant: not supported: typed literal DATE '2024-01-01' (write the string and cast it, e.g. variant_get(parse_json('"2024-01-01"'), '$', 'date')) at position 24`},
		"UPDATE t SET a = 1":                                           {ErrUnsupported, "parquetvariant: not supported: UPDATE (tables are append-only)"},
		"DELETE FROM t":                                                {ErrUnsupported, "parquetvariant: not supported: DELETE (tables are append-only)"},
		"SELECT a FROM t JOIN u ON t.a = u.a":                          {ErrUnsupported, "parquetvariant: not supported: joins (t join u on t.a = u.a)"},
		"SELECT a FROM t WHERE a IN (SELECT 1)":                        {ErrUnsupported, "parquetvariant: not supported: IN with (select 1 from dual) (only a list of values)"},
		"SELECT CAST(a AS CHAR) FROM t":                                {ErrUnsupported, "parquetvariant: not supported: CAST and CONVERT (use variant_get(v, path, type) or try_variant_get)"},
		"EXPLAIN DELETE FROM t":                                        {ErrUnsupported, "parquetvariant: not supported: EXPLAIN of anything but SELECT at position 7"},
		"DESCRIBE":                                                     {ErrSyntax, "parquetvariant: syntax error: DESCRIBE takes one table name at position 8"},
		"CREATE TABLE t (a INT, PRIMARY KEY (a))":                      {ErrUnsupported, "parquetvariant: not supported: indexes and keys in CREATE TABLE"},
		"SELECT a FROM t WHERE a REGEXP 'x'":                           {ErrUnsupported, "parquetvariant: not supported: the operator REGEXP"},
		"SELECT 'unterminated FROM t":                                  {ErrSyntax, `parquetvariant: syntax error: a string opened by ' is not closed (it runs to the end of the statement) at position 8`},
	} {
		_, err := parseSQL(q)
		require.Error(t, err, q)
		require.ErrorIs(t, err, want.sentinel, q)
		var se *SQLError
		require.True(t, errors.As(err, &se), q)
		require.Equal(t, want.msg, err.Error(), q)
		if want.sentinel == ErrUnsupported {
			require.ErrorIs(t, err, errors.ErrUnsupported, q)
		}
	}
}

// FuzzParseSQL checks that no text makes the parser panic, that every
// failure is an *SQLError of class ErrSyntax or ErrUnsupported with a
// position in the text, and that the positions of expressions lie in the
// text.
func FuzzParseSQL(f *testing.F) {
	for _, q := range []string{
		"SELECT id, v->'$.a' FROM t WHERE variant_get(v,'$.a','int') = ? LIMIT ?",
		"INSERT INTO t (id, v) VALUES (?, parse_json(?))",
		"CREATE TABLE IF NOT EXISTS t (v VARIANT NOT NULL)",
		"EXPLAIN ANALYZE SELECT COUNT(*) FROM t GROUP BY x HAVING COUNT(*) > 1",
		"DESCRIBE t", "SHOW TABLES", "DROP TABLE IF EXISTS t", "SELECT DATE '2024-01-01' FROM t",
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		p, err := parseSQL(q)
		if err != nil {
			var se *SQLError
			if !errors.As(err, &se) {
				t.Fatalf("parseSQL(%q): error %v is not an *SQLError", q, err)
			}
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrUnsupported) {
				t.Fatalf("parseSQL(%q): error %v is neither ErrSyntax nor ErrUnsupported", q, err)
			}
			// The grammar's positions may point one past the end.
			if se.Pos < -1 || se.Pos > len(q)+1 {
				t.Fatalf("parseSQL(%q): error %v at position %d", q, err, se.Pos)
			}
			return
		}
		if p.stmt == nil || p.numParams < 0 {
			t.Fatalf("parseSQL(%q) = %+v", q, p)
		}
		// Every position the parser gives lies in the text.
		check := func(e expr) {
			walkExpr(e, func(x expr) {
				pos := exprPos(x)
				if pos < -1 || pos == 0 || pos > len(q) {
					t.Fatalf("parseSQL(%q): %s at position %d", q, x, pos)
				}
				if pos < 0 {
					return
				}
				ok := true
				switch x := x.(type) {
				case *columnExpr:
					ok = q[pos-1] == '`' || strings.HasSuffix(strings.ToLower(q[:pos]), strings.ToLower(x.Name))
				case *funcExpr:
					ok = x.Text != "" || q[pos-1] == ')'
				}
				if !ok {
					t.Fatalf("parseSQL(%q): %s at position %d, after %q", q, x, pos, q[:pos])
				}
			})
		}
		switch s := p.stmt.(type) {
		case *selectStmt:
			forEachExpr(s, check)
		case *explainStmt:
			forEachExpr(s.Select, check)
		}
	})
}
