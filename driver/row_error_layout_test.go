package driver_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// TestRowErrorsOneLayout: a row's error names it once, by file, row group
// and row in the row group, each counting from 0 as the scan's own errors
// do; a failed cast reads the same whether the scan answered the
// variant_get (only its value is read) or the evaluator did (the Variant
// column is read whole too).
func TestRowErrorsOneLayout(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=3")
	_, err := db.Exec("CREATE TABLE e (id BIGINT, v VARIANT, s VARCHAR)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO e VALUES (1, parse_json('{"t":1}'), 'a'), (2, parse_json('{"t":2}'), 'b'), (3, parse_json('{"t":3}'), 'c'),
		(4, parse_json('{"t":4}'), 'd'), (5, parse_json('{"t":"x"}'), 'e')`)
	require.NoError(t, err)
	at := ` \(in .*/e/part-[0-9a-f-]+\.parquet, row group 1, row 1 of it\)$`
	cast := `^parquetvariant: ` + regexp.QuoteMeta(`variant_get(v, '$.t', 'bigint'): variant: cannot cast: string "x" to bigint: text does not parse`) + at
	for _, q := range []string{
		"SELECT variant_get(v, '$.t', 'bigint') FROM e",
		"SELECT v, variant_get(v, '$.t', 'bigint') FROM e",
		"SELECT SUM(variant_get(v, '$.t', 'bigint')) FROM e",
		"SELECT id FROM e WHERE variant_get(v, '$.t', 'bigint') > 0",
	} {
		_, err := rowsTextErr(db, q)
		require.ErrorIs(t, err, variant.ErrCast, q)
		require.Regexp(t, cast, err.Error(), q)
	}
	for _, q := range []string{
		"SELECT AVG(v->'$.t') FROM e",
		"SELECT id FROM e ORDER BY id + variant_get(v, '$.t', 'bigint') LIMIT 1",
	} {
		_, err := rowsTextErr(db, q)
		require.Error(t, err, q)
		require.Regexp(t, `^parquetvariant: .*`+at, err.Error(), q)
		require.NotRegexp(t, `parquetvariant: row [0-9]`, err.Error(), q)
	}
}
