package driver_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

// errorsTable creates events (kind VARCHAR, payload VARIANT) with docs as
// the payloads of kind "k".
func errorsTable(t *testing.T, docs ...string) *sql.DB {
	t.Helper()
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE events (kind VARCHAR, payload VARIANT)")
	require.NoError(t, err)
	for _, d := range docs {
		_, err := db.Exec("INSERT INTO events VALUES ('k', ?)", json.RawMessage(d))
		require.NoError(t, err)
	}
	return db
}

// queryErr runs q to its end and returns the first error.
func queryErr(db *sql.DB, q string) error {
	rows, err := db.Query(q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
	}
	return rows.Err()
}

// TestGroupErrorsShowExpressions: a GROUP BY or aggregate error names the
// expression at fault as SQL text, never a column the planner made.
func TestGroupErrorsShowExpressions(t *testing.T) {
	db := errorsTable(t, `{"id":1,"device":{"os":"ios"}}`)
	for _, tc := range []struct{ q, want string }{
		{"SELECT kind, variant_get(payload, '$.device.os', 'string') AS os, COUNT(*) FROM events GROUP BY kind",
			"variant_get(payload, '$.device.os', 'string') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT variant_get(payload, '$.id') FROM events ORDER BY COUNT(*)",
			"variant_get(payload, '$.id') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT COUNT(*) FROM events HAVING variant_get(payload, '$.id') > 1",
			"variant_get(payload, '$.id') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT kind FROM events GROUP BY kind HAVING SUM(variant_get(payload, '$.id', 'int')) > 1 AND variant_get(payload, '$.x') > 1",
			"variant_get(payload, '$.x') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT COUNT(variant_get(payload, '$.a'), variant_get(payload, '$.b')) FROM events",
			"count(variant_get(payload, '$.a'), variant_get(payload, '$.b')): an aggregate takes one argument"},
		{"SELECT SUM(MAX(variant_get(payload, '$.a', 'int'))) FROM events",
			"sum(max(variant_get(payload, '$.a', 'int'))): aggregates do not nest"},
		{"SELECT payload, COUNT(*) FROM events", "column payload must appear in GROUP BY or be used in an aggregate"},
		{"SELECT payload->'$.id' FROM events ORDER BY COUNT(*)", "payload->'$.id' must appear in GROUP BY or be used in an aggregate"},
		{"SELECT COUNT(*) FROM events HAVING payload->>'$.id' > 1", "payload->>'$.id' must appear in GROUP BY or be used in an aggregate"},
	} {
		err := queryErr(db, tc.q)
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, tc.q)
		require.True(t, errors.Is(err, pvdriver.ErrSyntax), tc.q)
		require.Equal(t, tc.want, se.Msg, tc.q)
		require.False(t, strings.ContainsRune(err.Error(), 0), tc.q)
	}
}

// columnNames runs q and returns its result column names.
func columnNames(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	require.NoError(t, err, q)
	defer rows.Close()
	cols, err := rows.Columns()
	require.NoError(t, err, q)
	for rows.Next() {
	}
	require.NoError(t, rows.Err(), q)
	return cols
}

// TestArrowColumnNames: a -> or ->> column is named by its text, as MySQL
// names a column; the operator stays the call it stands for when GROUP BY
// and ORDER BY match expressions.
func TestArrowColumnNames(t *testing.T) {
	db := errorsTable(t, `{"kind":"a","n":1}`, `{"kind":"b","n":2}`, `{"kind":"a","n":3}`)
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"SELECT payload->>'$.kind', payload->'$.kind', payload -> '$.n', payload->'$.n' AS n, variant_get(payload, '$.kind') FROM events",
			[]string{"payload->>'$.kind'", "payload->'$.kind'", "payload->'$.n'", "n", "variant_get(payload, '$.kind')"}},
		// The VARIANT column read whole: the calls stay with the evaluator.
		{"SELECT payload, payload->>'$.kind', payload->'$.kind' FROM events",
			[]string{"payload", "payload->>'$.kind'", "payload->'$.kind'"}},
		{"SELECT payload->>'$.kind', COUNT(*) FROM events GROUP BY payload->>'$.kind'",
			[]string{"payload->>'$.kind'", "count(*)"}},
	} {
		require.Equal(t, tc.want, columnNames(t, db, tc.q), tc.q)
	}
	require.Equal(t, []string{"a|2", "b|1"}, rowsText(t, db, "SELECT payload->>'$.kind', COUNT(*) FROM events GROUP BY json_unquote(variant_get(payload, '$.kind')) ORDER BY 1"))
	require.Equal(t, []string{`"b"`, `"a"`}, rowsText(t, db, "SELECT payload->'$.kind' FROM events GROUP BY variant_get(payload, '$.kind') ORDER BY variant_get(payload, '$.kind') DESC"))
}

// TestCastTypeNames: the cast takes the CREATE TABLE names that mean the
// same type (INTEGER, TEXT, NUMERIC, BOOL); any other unknown name is an
// error that lists the names accepted.
func TestCastTypeNames(t *testing.T) {
	db := errorsTable(t, `{"id":7,"price":12.5,"ok":true,"d":123.45}`)
	for _, tc := range []struct{ alias, name string }{
		{"integer", "int"}, {"INTEGER", "int"}, {"text", "string"}, {"numeric(10,2)", "decimal(10,2)"}, {" Numeric ( 6 , 3 ) ", "decimal(6,3)"}, {"bool", "boolean"},
	} {
		path := map[string]string{"int": "$.id", "string": "$.id", "boolean": "$.ok"}[tc.name]
		if path == "" {
			path = "$.price"
		}
		q := func(typ string) string {
			return "SELECT variant_get(payload, '" + path + "', '" + typ + "'), try_variant_get(payload, '" + path + "', '" + typ + "') FROM events"
		}
		want := rowsText(t, db, q(tc.name))
		require.Equal(t, want, rowsText(t, db, q(tc.alias)), tc.alias)
		rows, err := db.Query(q(tc.alias))
		require.NoError(t, err)
		ct, err := rows.ColumnTypes()
		require.NoError(t, err)
		rows.Close()
		rows, err = db.Query(q(tc.name))
		require.NoError(t, err)
		ctWant, err := rows.ColumnTypes()
		require.NoError(t, err)
		rows.Close()
		require.Equal(t, ctWant[0].DatabaseTypeName(), ct[0].DatabaseTypeName(), tc.alias)
	}
	require.Equal(t, []string{"7|12.50|true"}, rowsText(t, db, "SELECT variant_get(payload, '$.id', 'integer'), variant_get(payload, '$.price', 'numeric(10,2)'), variant_get(payload, '$.ok', 'bool') FROM events"))

	const names = "; the type names are boolean (or bool), tinyint, smallint, int (or integer), bigint, float, double, " +
		"decimal(p,s) (or numeric(p,s); decimal alone is decimal(10,0)), string (or varchar, text), " +
		"binary, date, time, timestamp, timestamp_ntz, uuid, variant"
	for _, tc := range []struct{ typ, want string }{
		{"int64", `variant_get: variant: invalid SQL type: "int64": unknown type name (use bigint)` + names},
		{"datetime", `variant_get: variant: invalid SQL type: "datetime": unknown type name (use timestamp_ntz (no time zone) or timestamp (UTC))` + names},
		{"json", `variant_get: variant: invalid SQL type: "json": unknown type name (use variant, or to_json(v) for JSON text)` + names},
		{"mediumtext", `variant_get: variant: invalid SQL type: "mediumtext": unknown type name` + names},
		{"numeric(40,2)", `variant_get: variant: invalid SQL type: "numeric(40,2)": precision must be in [1, 38] and scale in [0, precision]`},
		{"int(5)", `variant_get: variant: invalid SQL type: "int(5)": int takes no arguments`},
	} {
		_, err := db.Prepare("SELECT variant_get(payload, '$.id', '" + tc.typ + "') FROM events")
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, tc.typ)
		require.ErrorIs(t, err, variant.ErrInvalidType, tc.typ)
		require.ErrorIs(t, err, pvdriver.ErrSyntax, tc.typ)
		require.Equal(t, tc.want, se.Msg, tc.typ)
	}

	// decimal alone is decimal(10,0), and a value that does not fit says so.
	err := queryErr(db, "SELECT variant_get(payload, '$.d', 'decimal') FROM events")
	require.ErrorIs(t, err, variant.ErrCast)
	require.ErrorContains(t, err, "variant: cannot cast: decimal4 123.45 to decimal(10,0): would lose digits")
}

// TestSumOfVariantString: SUM and AVG of a Variant that holds no number say
// what the value is, at which row, and the cast that makes it a number.
func TestSumOfVariantString(t *testing.T) {
	db := errorsTable(t, `{"amount":5}`, `{"amount":"12.50"}`, `{"amount":true}`)
	const cast = " (cast it with variant_get(v, path, 'decimal(p,s)'), or try_variant_get(v, path, 'decimal(p,s)') to skip values that do not cast)"
	for _, tc := range []struct{ q, want string }{
		{"SELECT SUM(payload->'$.amount') FROM events", `parquetvariant: sum(payload->'$.amount'): a Variant string "12.50" is not a number` + cast},
		{"SELECT kind, AVG(variant_get(payload, '$.amount')) FROM events GROUP BY kind", `parquetvariant: avg(variant_get(payload, '$.amount')): a Variant string "12.50" is not a number` + cast},
		{"SELECT SUM(payload->'$.amount') FROM events WHERE variant_typeof(payload->'$.amount') = 'boolean'", `parquetvariant: sum(payload->'$.amount'): a Variant boolean true is not a number` + cast},
	} {
		// The scan's rows name their file, row group and row after.
		require.Regexp(t, "^"+regexp.QuoteMeta(tc.want)+` \(in .*/events/part-[0-9a-f-]+\.parquet, row group 0, row 0 of it\)$`, queryErr(db, tc.q).Error(), tc.q)
	}
	// The cast the message suggests sums them (true casts to 1).
	require.Equal(t, []string{"18.50"}, rowsText(t, db, "SELECT SUM(try_variant_get(payload, '$.amount', 'decimal(10,2)')) FROM events"))
}

// TestSQLErrorPositions: an error about a column or a call gives its
// position in the SQL text, just past it (docs/design.md section 9), also
// when the same name comes earlier in the text as something else.
func TestSQLErrorPositions(t *testing.T) {
	db := errorsTable(t, `{"id":1,"a":2}`)
	for _, tc := range []struct{ head, tail, msg string }{
		// The query is head + tail; the error is at len(head).
		{"SELECT kind, variant_get(payload, '$.device.os', 'string')", " AS os, COUNT(*) FROM events GROUP BY kind",
			"variant_get(payload, '$.device.os', 'string') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT payload->'$.id'", " FROM events ORDER BY COUNT(*)", "payload->'$.id' must appear in GROUP BY or be used in an aggregate"},
		{"SELECT COUNT(*) FROM events HAVING payload ->> '$.id'", " > 1", "payload->>'$.id' must appear in GROUP BY or be used in an aggregate"},
		{"SELECT SUM(variant_get(payload, '$.a', 'int')), payload", " FROM events", "column payload must appear in GROUP BY or be used in an aggregate"},
		{"SELECT COUNT(*) AS kind, kind", " FROM events", "column kind must appear in GROUP BY or be used in an aggregate"},
		{"SELECT kind FROM events GROUP BY kind HAVING MAX(kind) > kind AND variant_get(payload, '$.id', 'int')", " > 1",
			"variant_get(payload, '$.id', 'int') must appear in GROUP BY or be used in an aggregate"},
		{"SELECT SUM(MAX(payload->'$.a'))", " FROM events", "sum(max(payload->'$.a')): aggregates do not nest"},
		{"SELECT COUNT(kind, payload)", " FROM events", "count(kind, payload): an aggregate takes one argument"},
		{"SELECT variant_typeof(payload, 1)", " FROM events", "variant_typeof(payload, 1): wrong number of arguments"},
		{"SELECT kind FROM events WHERE kind <> 'x' AND variant_typeof(payload, 1)", " > 1", "variant_typeof(payload, 1): wrong number of arguments"},
		{"EXPLAIN SELECT payload->'$.id'", " FROM events ORDER BY COUNT(*)", "payload->'$.id' must appear in GROUP BY or be used in an aggregate"},
		// LIKE keeps \% as written, which the parser reads with one more
		// byte: positions after it are still those of the text given.
		{`SELECT kind FROM events WHERE kind LIKE 'a\%' AND variant_typeof(payload, 1)`, " > 1", "variant_typeof(payload, 1): wrong number of arguments"},
		{"INSERT INTO events (kind, payload) SELECT kind", ", payload FROM events HAVING COUNT(*) > 0", "column kind must appear in GROUP BY or be used in an aggregate"},
		{"SELECT kind FROM events WHERE kindd", " = 'x'", "kindd (the columns are kind, payload)"},
		{"SELECT kind FROM events ORDER BY variant_get(paylod", ", '$.a')", "paylod (the columns are kind, payload)"},
		// An alias in quotes is passed over as one in backquotes is.
		{"SELECT payload AS 'payload', variant_typeof(payload, 1)", " FROM events WHERE variant_typeof(payload) = 'object'", "variant_typeof(payload, 1): wrong number of arguments"},
		{`SELECT payload AS "payload", variant_typeof(payload, 1)`, " FROM events", "variant_typeof(payload, 1): wrong number of arguments"},
	} {
		q := tc.head + tc.tail
		err := queryErr(db, q)
		if strings.HasPrefix(q, "INSERT") {
			_, err = db.Exec(q)
		}
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, q)
		require.Equal(t, tc.msg, se.Msg, q)
		require.Equal(t, len(tc.head), se.Pos, q)
	}
	_, err := db.Prepare("SELECT kind, try_variant_get(payload, '$.id', 'int64') FROM events")
	var se *pvdriver.SQLError
	require.ErrorAs(t, err, &se)
	require.Equal(t, len("SELECT kind, try_variant_get(payload, '$.id', 'int64')"), se.Pos)
}

// TestTokenizerPanic: a text that makes the SQL tokenizer panic (a MySQL
// comment /*!*/) is an ErrSyntax, and the database keeps working.
func TestTokenizerPanic(t *testing.T) {
	db := errorsTable(t, `{"a":1}`)
	for _, q := range []string{"/*!*/", "SELECT kind FROM events /*!*/"} {
		_, err := db.Query(q)
		var se *pvdriver.SQLError
		require.ErrorAs(t, err, &se, q)
		require.ErrorIs(t, err, pvdriver.ErrSyntax, q)
		require.Contains(t, se.Msg, "the SQL tokenizer failed on this statement", q)
	}
	require.Equal(t, []string{"k"}, rowsText(t, db, "SELECT kind FROM events"))
}

// TestGroupByColumnCase: a column is the same GROUP BY expression however
// its name is cased, as it is the same column.
func TestGroupByColumnCase(t *testing.T) {
	db := errorsTable(t, `{"n":1}`, `{"n":2}`)
	require.Equal(t, []string{"k|2|3"}, rowsText(t, db, "SELECT Kind, COUNT(*), SUM(variant_get(payload, '$.n', 'int')) FROM events GROUP BY kind"))
	require.Equal(t, []string{"k|2"}, rowsText(t, db, "SELECT kind, COUNT(*) FROM events GROUP BY KIND HAVING MAX(Kind) = 'k' AND kind = 'k'"))
	require.Equal(t, []string{"2|2"}, rowsText(t, db, "SELECT COUNT(Payload), COUNT(payload) FROM events"))
}

// TestSelectListRules: constructs other SQL engines refuse are syntax
// errors naming what is wrong, not a result picked silently.
func TestSelectListRules(t *testing.T) {
	db := errorsTable(t, `{"id":1}`, `{"id":2}`)
	for _, tc := range []struct{ q, want string }{
		{"SELECT DISTINCT kind FROM events ORDER BY variant_get(payload, '$.id')",
			"ORDER BY variant_get(payload, '$.id'): with SELECT DISTINCT, ORDER BY takes only columns of the select list"},
		{"SELECT kind AS a, payload AS a FROM events ORDER BY a",
			"ORDER BY a is ambiguous: two columns of the select list are named so"},
		{"SELECT COUNT(DISTINCT *) FROM events", "count(DISTINCT *): DISTINCT takes an expression, not *"},
		{"SELECT kind, COUNT(*) FROM events GROUP BY 'a'",
			"GROUP BY 'a': a constant groups nothing; name a column, an alias or a position in the select list"},
		{"SELECT kind, COUNT(*) FROM events GROUP BY 3", "GROUP BY position 3 is not in the select list"},
	} {
		err := queryErr(db, tc.q)
		require.ErrorIs(t, err, pvdriver.ErrSyntax, tc.q)
		require.ErrorContains(t, err, tc.want, tc.q)
	}
	// What they are told apart from: the same alias for the same
	// expression, and DISTINCT ordered by a column it selects.
	for _, q := range []string{
		"SELECT kind AS a, kind AS a FROM events ORDER BY a",
		"SELECT DISTINCT kind AS k FROM events ORDER BY k DESC",
		"SELECT DISTINCT kind FROM events ORDER BY kind",
		"SELECT DISTINCT kind FROM events ORDER BY KIND",
		"SELECT DISTINCT KIND FROM events ORDER BY kind DESC",
		"SELECT DISTINCT kind AS k FROM events ORDER BY K",
	} {
		require.NoError(t, queryErr(db, q), q)
	}
}
