package driver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// memSource is a rowSource over rows held in memory.
type memSource struct {
	rows   [][]value
	i      int
	closed bool
}

func (m *memSource) next() (bool, error) { m.i++; return m.i <= len(m.rows), nil }
func (m *memSource) row() []value        { return m.rows[m.i-1] }
func (m *memSource) close() error        { m.closed = true; return nil }

// events is a table (id BIGINT, v VARIANT).
func events(t *testing.T, docs ...string) *memSource {
	t.Helper()
	src := &memSource{}
	for i, d := range docs {
		v, err := variant.ParseJSON([]byte(d))
		require.NoError(t, err)
		src.rows = append(src.rows, []value{intValue(int64(i + 1)), {k: kindVariant, v: v}})
	}
	return src
}

// query runs q over src and renders each row as text: values joined by |.
func query(t *testing.T, q string, src *memSource, args ...value) []string {
	t.Helper()
	p, err := parseSQL(q)
	require.NoError(t, err, q)
	plan, err := planSelect(p.stmt.(*selectStmt), []string{"id", "v"}, NewConfig())
	require.NoError(t, err, q)
	it, err := plan.run(context.Background(), src, args)
	require.NoError(t, err, q)
	var out []string
	for {
		row, ok, err := it.next()
		require.NoError(t, err, q)
		if !ok {
			break
		}
		parts := make([]string, len(row))
		for i, v := range row {
			parts[i] = render(v)
		}
		out = append(out, strings.Join(parts, "|"))
	}
	require.NoError(t, it.close())
	require.True(t, src.closed, "source closed")
	return out
}

func render(v value) string {
	switch v.k {
	case kindNull:
		return "NULL"
	case kindVariant:
		return v.v.String()
	case kindString:
		return v.s
	case kindDecimal:
		return v.d.String()
	}
	b, _ := json.Marshal(map[kind]any{kindBool: v.i != 0, kindInt: v.i, kindFloat: v.f}[v.k])
	return string(b)
}

var sample = []string{
	`{"type":"signup","n":5,"tags":["a"]}`,
	`{"type":"login","n":null}`,
	`{"type":"login"}`,
	`{"type":"signup","n":9,"price":1.50}`,
	`{"type":"click","n":7,"price":2.25}`,
}

func TestSelectProjectionAndFilter(t *testing.T) {
	require.Equal(t, []string{`1|{"n":5,"tags":["a"],"type":"signup"}`, `4|{"n":9,"price":1.50,"type":"signup"}`},
		query(t, "SELECT * FROM t WHERE v->>'$.type' = 'signup'", events(t, sample...)))
	require.Equal(t, []string{"4|9", "5|7"},
		query(t, "SELECT id, variant_get(v, '$.n', 'int') FROM t WHERE variant_get(v, '$.n', 'int') > ?", events(t, sample...), intValue(5)))
	require.Equal(t, []string{"2", "3", "4"},
		query(t, "SELECT id FROM t LIMIT 3 OFFSET 1", events(t, sample...)))
	require.Equal(t, []string{`"signup"`, `"login"`, `"click"`},
		query(t, "SELECT DISTINCT variant_get(v, '$.type') FROM t", events(t, sample...)))
}

func TestSelectOrderBy(t *testing.T) {
	require.Equal(t, []string{"3|NULL", "2|NULL", "1|5", "5|7", "4|9"},
		query(t, "SELECT id, try_variant_get(v, '$.n', 'int') AS n FROM t ORDER BY n, id DESC", events(t, sample...)))
	require.Equal(t, []string{"4|9", "5|7"},
		query(t, "SELECT id, try_variant_get(v, '$.n', 'int') AS n FROM t ORDER BY 2 DESC LIMIT 2", events(t, sample...)))
	require.Equal(t, []string{"5", "1"},
		query(t, "SELECT id FROM t ORDER BY variant_get(v, '$.n', 'int') DESC LIMIT 2 OFFSET 1", events(t, sample...)))
	require.Nil(t, query(t, "SELECT id FROM t ORDER BY id LIMIT 0", events(t, sample...)))
}

func TestSelectAggregates(t *testing.T) {
	require.Equal(t, []string{`5|4|3|21|7|5|9|3`},
		query(t, "SELECT COUNT(*), COUNT(variant_get(v, '$.n')), COUNT(variant_get(v, '$.n', 'int')), SUM(variant_get(v, '$.n', 'int')), AVG(variant_get(v, '$.n', 'int')), MIN(variant_get(v, '$.n', 'int')), MAX(variant_get(v, '$.n', 'int')), COUNT(DISTINCT variant_get(v, '$.type')) FROM t", events(t, sample...)))
	require.Equal(t, []string{`"signup"|2|14|1.50`, `"login"|2|NULL|NULL`, `"click"|1|7|2.25`},
		query(t, "SELECT variant_get(v, '$.type') AS ty, COUNT(*), SUM(variant_get(v, '$.n', 'int')), SUM(variant_get(v, '$.price', 'decimal(10,2)')) FROM t GROUP BY ty", events(t, sample...)))
	require.Equal(t, []string{`"login"|2`, `"signup"|2`},
		query(t, "SELECT variant_get(v, '$.type'), COUNT(*) AS c FROM t GROUP BY 1 HAVING COUNT(*) > 1 ORDER BY c DESC, 1", events(t, sample...)))
	require.Equal(t, []string{`0|NULL`},
		query(t, "SELECT COUNT(*), SUM(id) FROM t WHERE id > 100", events(t, sample...)))
	require.Equal(t, []string{`3.75`},
		query(t, "SELECT SUM(v->'$.price') FROM t", events(t, sample...)))
}

func TestSelectPlanErrors(t *testing.T) {
	for q, msg := range map[string]string{
		"SELECT id, COUNT(*) FROM t":               "parquetvariant: syntax error: column id must appear in GROUP BY or be used in an aggregate at position 9",
		"SELECT id FROM t WHERE COUNT(*) > 1":      "parquetvariant: syntax error: aggregates are not allowed in WHERE (use HAVING)",
		"SELECT id FROM t ORDER BY 3":              "parquetvariant: syntax error: ORDER BY position 3 is not in the select list at position 27",
		"SELECT SUM(COUNT(*)) FROM t":              "parquetvariant: syntax error: sum(count(*)): aggregates do not nest at position 20",
		"SELECT COUNT(*) FROM t GROUP BY COUNT(*)": "parquetvariant: syntax error: aggregates are not allowed in GROUP BY",
		"SELECT id FROM t LIMIT id":                "parquetvariant: syntax error: LIMIT takes a non-negative integer or ?",
	} {
		p, err := parseSQL(q)
		require.NoError(t, err, q)
		_, err = planSelect(p.stmt.(*selectStmt), []string{"id", "v"}, NewConfig())
		require.EqualError(t, err, msg, q)
	}
}

// TestEvalErrorNamesRow: a failed cast in a query names the row, the path
// and the type.
func TestEvalErrorNamesRow(t *testing.T) {
	p, err := parseSQL("SELECT variant_get(v, '$.n', 'tinyint') FROM t")
	require.NoError(t, err)
	plan, err := planSelect(p.stmt.(*selectStmt), []string{"id", "v"}, NewConfig())
	require.NoError(t, err)
	it, err := plan.run(context.Background(), events(t, `{"n":1}`, `{"n":1000}`), nil)
	require.NoError(t, err)
	_, ok, err := it.next()
	require.True(t, ok)
	require.NoError(t, err)
	_, _, err = it.next()
	require.EqualError(t, err, "parquetvariant: variant_get(v, '$.n', 'tinyint'): variant: cannot cast: int16 1000 to tinyint: out of range (row 1 of the rows read)")
	require.ErrorIs(t, err, variant.ErrCast)
}
