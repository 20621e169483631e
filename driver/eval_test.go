package driver

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// filterIDs evaluates where on rows of (id BIGINT, v VARIANT) and returns the
// ids for which it is true.
func filterIDs(t *testing.T, where string, rows map[int64]string, args ...value) []int64 {
	t.Helper()
	p, err := parseSQL("SELECT id FROM t WHERE " + where)
	require.NoError(t, err, where)
	f, err := compile(p.stmt.(*selectStmt).Where, &scope{names: []string{"id", "v"}})
	require.NoError(t, err, where)
	var ids []int64
	for id := int64(1); id <= int64(len(rows)); id++ {
		b := variant.Builder{}
		b.BeginObject()
		doc := rows[id]
		switch doc {
		case "n=5":
			b.Key("n")
			b.AppendInt(5)
		case "n=9":
			b.Key("n")
			b.AppendInt(9)
		case "n=null":
			b.Key("n")
			b.AppendNull()
		}
		b.EndObject()
		v, err := b.Build()
		require.NoError(t, err)
		r := &evalRow{cols: []value{intValue(id), {k: kindVariant, v: v.Clone()}}, args: args}
		got, err := f(r)
		require.NoError(t, err, where)
		tr, err := truthValue(got)
		require.NoError(t, err)
		if tr == trueT {
			ids = append(ids, id)
		}
	}
	return ids
}

// TestNullLogic is pitfall B40: comparisons with NULL are unknown, and NOT
// of unknown is unknown, so neither brings NULL rows back.
func TestNullLogic(t *testing.T) {
	rows := map[int64]string{1: "n=5", 2: "n=null", 3: "", 4: "n=9"}
	n := "variant_get(v, '$.n')"
	for where, want := range map[string][]int64{
		n + " != 5":                      {4},
		"NOT (" + n + " < 7)":            {4},
		n + " <= 100":                    {1, 4},
		n + " IS NULL":                   {3},
		"NOT (" + n + " IN (5,9))":       nil,
		n + " IN (5, NULL)":              {1},
		n + " NOT IN (5, NULL)":          nil,
		n + " BETWEEN 5 AND 8":           {1},
		n + " NOT BETWEEN 5 AND 8":       {4},
		"is_variant_null(" + n + ")":     {2},
		"id = 1 OR " + n + " = 9":        {1, 4},
		"id > 1 AND NOT (" + n + " = 9)": nil,
		n + " = ?":                       {4},
	} {
		require.Equal(t, want, filterIDs(t, where, rows, intValue(9)), where)
	}
}

// TestNullLogicTyped is pitfall B40 with the typed extraction of the issue:
// n := variant_get(v,'$.n','int'), where the Variant null is SQL NULL.
func TestNullLogicTyped(t *testing.T) {
	rows := map[int64]string{1: "n=5", 2: "n=null", 3: "", 4: "n=9"}
	n := "variant_get(v, '$.n', 'int')"
	for where, want := range map[string][]int64{
		n + " != 5":                {4},
		"NOT (" + n + " < 7)":      {4},
		n + " <= 100":              {1, 4},
		n + " IS NULL":             {2, 3},
		"NOT (" + n + " IN (5,9))": nil,
		"try_variant_get(v, '$.n', 'tinyint') = 9": {4},
	} {
		require.Equal(t, want, filterIDs(t, where, rows), where)
	}
}

// TestNullSafeEqual is pitfall B41: NOT (b <=> 1) is true when b is NULL,
// unlike NOT (b = 1).
func TestNullSafeEqual(t *testing.T) {
	rows := map[int64]string{1: ""}
	b := "variant_get(v, '$.b')"
	require.Equal(t, []int64{1}, filterIDs(t, "NOT ("+b+" <=> 1)", rows))
	require.Nil(t, filterIDs(t, "NOT ("+b+" = 1)", rows))
	require.Equal(t, []int64{1}, filterIDs(t, b+" <=> NULL", rows))
	require.Nil(t, filterIDs(t, b+" <=> 1", rows))
}

func TestLike(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		want       bool
	}{
		{"abc", "abc", true}, {"abc", "abcd", false}, {"a%", "abc", true}, {"%c", "abc", true},
		{"%b%", "abc", true}, {"a_c", "abc", true}, {"a_c", "ac", false}, {"_", "é", true},
		{"%", "", true}, {"_", "", false}, {"a%b%c", "aXbYc", true}, {"a%b%c", "aXbY", false},
		{`100\%`, "100%", true}, {`100\%`, "1000", false}, {`a\_b`, "a_b", true}, {`a\_b`, "axb", false},
		{"%%a", "ba", true}, {"ABC", "abc", false},
	} {
		lp, err := compileLikePattern(tc.pattern, '\\')
		require.NoError(t, err)
		require.Equal(t, tc.want, lp.match(tc.s), "%q LIKE %q", tc.s, tc.pattern)
	}
	_, err := compileLikePattern(`abc\`, '\\')
	require.Error(t, err)
}

func TestArithmetic(t *testing.T) {
	dec := func(s string) variant.Decimal {
		d, err := variant.ParseDecimal(s)
		require.NoError(t, err)
		return d
	}
	eval := func(q string) (value, error) {
		p, err := parseSQL("SELECT " + q + " FROM t")
		require.NoError(t, err, q)
		f, err := compile(p.stmt.(*selectStmt).Items[0].Expr, &scope{})
		require.NoError(t, err, q)
		return f(&evalRow{})
	}
	for q, want := range map[string]value{
		"1 + 2":                        intValue(3),
		"7 % 3":                        intValue(1),
		"7 / 2":                        floatValue(3.5),
		"1 / 0":                        nullValue(),
		"2 * 1.5":                      decimalValue(dec("3.0")),
		"0.1 + 0.2":                    decimalValue(dec("0.3")),
		"1.25 - 2":                     decimalValue(dec("-0.75")),
		"7.5 % 2":                      decimalValue(dec("1.5")),
		"7.5 % 0":                      nullValue(),
		"0.5 * 1e0":                    floatValue(0.5),
		"1.5 / 2":                      floatValue(0.75),
		"-(3)":                         intValue(-3),
		"NULL + 1":                     nullValue(),
		"9223372036854775807 - -1 - 1": {},
	} {
		got, err := eval(q)
		if q == "9223372036854775807 - -1 - 1" {
			require.ErrorContains(t, err, "integer overflow", q)
			continue
		}
		require.NoError(t, err, q)
		require.Equal(t, want, got, q)
	}
}

func TestCompileErrors(t *testing.T) {
	for q, msg := range map[string]string{
		"SELECT nope FROM t":                          "parquetvariant: no such column: nope (the columns are id, v) at position 11",
		"SELECT variant_get(v, '$.') FROM t":          `parquetvariant: syntax error: variant_get: variant: invalid path at offset 1: "$.": a dot must be followed by a name of letters, digits and _ (use ['...'] for other keys) at position 27`,
		"SELECT variant_get(v, id) FROM t":            "parquetvariant: syntax error: variant_get: the path must be a string literal at position 25",
		"SELECT count(*) + 1 FROM t":                  "parquetvariant: syntax error: aggregate count(*) is not allowed here at position 15",
		"SELECT id FROM t WHERE v LIKE 'a' ESCAPE id": "parquetvariant: syntax error: ESCAPE takes a one-character string literal",
		"SELECT no_such_fn(v) FROM t":                 "parquetvariant: not supported: the function NO_SUCH_FN at position 20",
	} {
		p, err := parseSQL(q)
		require.NoError(t, err, q)
		s := p.stmt.(*selectStmt)
		e := s.Where
		if e == nil {
			e = s.Items[0].Expr
		}
		_, err = compile(e, &scope{names: []string{"id", "v"}})
		require.EqualError(t, err, msg, q)
	}
}

// TestVariantGetCastErrors: variant_get with a type fails the row with an
// error naming the path and type (and matching variant.ErrCast), while
// try_variant_get gives NULL.
func TestVariantGetCastErrors(t *testing.T) {
	p, err := parseSQL("SELECT variant_get(v, '$.a', 'tinyint'), try_variant_get(v, '$.a', 'tinyint') FROM t")
	require.NoError(t, err)
	sc := &scope{names: []string{"v"}}
	strict, err := compile(p.stmt.(*selectStmt).Items[0].Expr, sc)
	require.NoError(t, err)
	lenient, err := compile(p.stmt.(*selectStmt).Items[1].Expr, sc)
	require.NoError(t, err)
	r := &evalRow{cols: []value{{k: kindVariant, v: variant.MustOf(map[string]any{"a": 300})}}}
	_, err = strict(r)
	require.ErrorIs(t, err, variant.ErrCast)
	require.EqualError(t, err, "parquetvariant: variant_get(v, '$.a', 'tinyint'): variant: cannot cast: int16 300 to tinyint: out of range")
	got, err := lenient(r)
	require.NoError(t, err)
	require.True(t, got.isNull())
}

func TestJSONFunctions(t *testing.T) {
	eval := func(q string, cfg *Config, args ...value) (value, error) {
		p, err := parseSQL("SELECT " + q + " FROM t")
		require.NoError(t, err, q)
		f, err := compile(p.stmt.(*selectStmt).Items[0].Expr, &scope{cfg: cfg})
		require.NoError(t, err, q)
		return f(&evalRow{args: args})
	}
	got, err := eval(`to_json(parse_json('{"b":[1,2.50],"a":null}'))`, nil)
	require.NoError(t, err)
	require.Equal(t, stringValue(`{"a":null,"b":[1,2.50]}`), got)

	got, err = eval(`to_json(variant_get(parse_json(?), '$.a'))`, nil, stringValue(`{"a":{"x":1}}`))
	require.NoError(t, err)
	require.Equal(t, stringValue(`{"x":1}`), got)

	got, err = eval(`variant_typeof(parse_json('12.50'))`, nil)
	require.NoError(t, err)
	require.Equal(t, stringValue("decimal4"), got)

	_, err = eval(`parse_json('{"a":1,"a":2}')`, nil)
	require.ErrorIs(t, err, variant.ErrDuplicateKey)
	last := NewConfig()
	last.DuplicateKeys = DuplicateKeysLast
	got, err = eval(`to_json(parse_json('{"a":1,"a":2}'))`, last)
	require.NoError(t, err)
	require.Equal(t, stringValue(`{"a":2}`), got)

	got, err = eval(`parse_json(NULL)`, nil)
	require.NoError(t, err)
	require.True(t, got.isNull())
}

// TestFunctionArgumentErrors: a Variant function given another kind of
// value says which function and what it got; NULL in gives NULL out.
func TestFunctionArgumentErrors(t *testing.T) {
	for q, want := range map[string]string{
		"SELECT to_json(1) FROM t":          "parquetvariant: to_json: the argument is a BIGINT, not a VARIANT",
		"SELECT variant_typeof('x') FROM t": "parquetvariant: variant_typeof: the argument is a VARCHAR, not a VARIANT",
		"SELECT parse_json(1.5) FROM t":     "parquetvariant: parse_json: the argument is a DECIMAL, not JSON text",
	} {
		p, err := parseSQL(q)
		require.NoError(t, err)
		f, err := compile(p.stmt.(*selectStmt).Items[0].Expr, &scope{})
		require.NoError(t, err)
		_, err = f(&evalRow{})
		require.EqualError(t, err, want, q)
	}
	for _, q := range []string{"SELECT to_json(NULL) FROM t", "SELECT variant_typeof(NULL) FROM t", "SELECT parse_json(NULL) FROM t"} {
		p, err := parseSQL(q)
		require.NoError(t, err)
		f, err := compile(p.stmt.(*selectStmt).Items[0].Expr, &scope{})
		require.NoError(t, err)
		v, err := f(&evalRow{})
		require.NoError(t, err)
		require.True(t, v.isNull(), q)
	}
}
