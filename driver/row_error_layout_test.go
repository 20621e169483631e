package driver_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/scan"
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

// TestRowErrorsCarryTheirRow: every error about one row of a table, an
// evaluator's arithmetic or parse_json as well as a cast, is a
// *scan.FileError naming the file and row group whose cause is a
// *scan.RowError naming the row, as the README's Errors section says.
func TestRowErrorsCarryTheirRow(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=3")
	_, err := db.Exec("CREATE TABLE e (id BIGINT, v VARIANT, s VARCHAR)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO e VALUES (1, parse_json('{"t":1}'), '1'), (2, parse_json('{"t":2}'), '2'), (3, parse_json('{"t":3}'), '3'),
		(4, parse_json('{"t":4}'), '{}'), (9223372036854775807, parse_json('{"t":"x"}'), '{')`)
	require.NoError(t, err)
	for q, want := range map[string]error{
		"SELECT id * 2 FROM e":                          nil,
		"SELECT parse_json(s) FROM e":                   variant.ErrInvalidJSON,
		"SELECT variant_get(v, '$.t', 'bigint') FROM e": variant.ErrCast,
	} {
		_, err := rowsTextErr(db, q)
		require.Error(t, err, q)
		if want != nil {
			require.ErrorIs(t, err, want, q)
		}
		var fe *scan.FileError
		require.ErrorAs(t, err, &fe, q)
		require.Regexp(t, `/e/part-[0-9a-f-]+\.parquet$`, fe.Path, q)
		require.Equal(t, 1, fe.RowGroup, q)
		var re *scan.RowError
		require.ErrorAs(t, err, &re, q)
		require.Equal(t, int64(1), re.Row, q)
	}
}
