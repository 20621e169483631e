package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestLimitZeroCount: LIMIT 0 returns no row, also for the COUNT(*) that
// the footers answer.
func TestLimitZeroCount(t *testing.T) {
	db, _ := eventsTable(t, 10)
	require.Empty(t, rowsText(t, db, "SELECT COUNT(*) FROM events LIMIT 0"))
	require.Empty(t, rowsText(t, db, "SELECT COUNT(*) FROM events LIMIT ?", 0))
	require.Equal(t, []string{"10"}, rowsText(t, db, "SELECT COUNT(*) FROM events LIMIT 1"))
}

// TestLikeEscapesAndNumbers: as in MySQL, \% and \_ in a literal stay
// escapes for LIKE (the literal keeps its backslash), and a number matches
// LIKE as its text.
func TestLikeEscapesAndNumbers(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE l (id BIGINT, s VARCHAR, d DECIMAL(6,2))")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO l VALUES (1, 'a%c', 1.50), (2, 'abc', 12.00), (3, 'a_c', 2.25), (10, 'a\\c', 3)`)
	require.NoError(t, err)
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{`SELECT id FROM l WHERE s LIKE 'a\%c'`, []string{"1"}},
		{`SELECT id FROM l WHERE s LIKE 'a\_c'`, []string{"3"}},
		{`SELECT id FROM l WHERE s LIKE 'a_c' ORDER BY id`, []string{"1", "2", "3", "10"}},
		{`SELECT id FROM l WHERE s LIKE 'a\\\\c'`, []string{"10"}},
		{`SELECT 'a\%c', 'a\_c', 'a\\c', 'a\tb' FROM l WHERE id = 1`, []string{"a\\%c|a\\_c|a\\c|a\tb"}},
		{`SELECT id FROM l WHERE s LIKE 'a|%c' ESCAPE '|'`, []string{"1"}},
		{`SELECT id FROM l WHERE id LIKE '1%' ORDER BY id`, []string{"1", "10"}},
		{`SELECT id FROM l WHERE d LIKE '%.50'`, []string{"1"}},
		{`SELECT id FROM l WHERE d NOT LIKE '1%' ORDER BY id`, []string{"3", "10"}},
	} {
		require.Equal(t, tc.want, rowsText(t, db, tc.q), tc.q)
	}
}

// TestSumOfBigint: SUM of a BIGINT column is a BIGINT even when a partial
// sum leaves the int64 range, and an error when the total does; a sum of
// Variant integers becomes a decimal instead.
func TestSumOfBigint(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE s (x BIGINT, v VARIANT)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO s VALUES (9223372036854775807, parse_json('9223372036854775807')), (1, parse_json('1')), (-5, parse_json('-5'))`)
	require.NoError(t, err)
	var x int64
	require.NoError(t, db.QueryRow("SELECT SUM(x) FROM s").Scan(&x))
	require.Equal(t, int64(9223372036854775803), x)
	var got any
	require.NoError(t, db.QueryRow("SELECT SUM(x) FROM s").Scan(&got))
	require.Equal(t, int64(9223372036854775803), got, "an int64, not text")
	_, err = db.Exec(`INSERT INTO s VALUES (9223372036854775807, parse_json('9223372036854775807'))`)
	require.NoError(t, err)
	err = db.QueryRow("SELECT SUM(x) FROM s").Scan(&x)
	require.ErrorContains(t, err, "sum out of the range of BIGINT")
	require.Equal(t, []string{"18446744073709551610"}, rowsText(t, db, "SELECT SUM(v) FROM s"))
}

// TestConcurrentCreateTable: of writers creating one table at once, one
// succeeds and the others get ErrTableExists (none with IF NOT EXISTS).
func TestConcurrentCreateTable(t *testing.T) {
	dir := t.TempDir()
	for _, ifNotExists := range []bool{false, true} {
		name := "c"
		q := "CREATE TABLE c (id BIGINT)"
		if ifNotExists {
			name = "d"
			q = "CREATE TABLE IF NOT EXISTS d (id BIGINT)"
		}
		const writers = 8
		errs := make([]error, writers)
		var wg sync.WaitGroup
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db := openDB(t, dir)
				_, errs[w] = db.Exec(q)
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case ifNotExists:
				t.Errorf("CREATE TABLE IF NOT EXISTS failed: %v", err)
			default:
				require.ErrorIs(t, err, pvdriver.ErrTableExists)
			}
		}
		if ifNotExists {
			require.Equal(t, writers, ok)
		} else {
			require.Equal(t, 1, ok)
		}
		files, err := filepath.Glob(filepath.Join(dir, name, "*.parquet"))
		require.NoError(t, err)
		require.Len(t, files, 1, "one empty file holds the columns")
	}
}

// TestInsertSelectNothing: an INSERT ... SELECT that selects no row adds no
// file, alone or in a transaction.
func TestInsertSelectNothing(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE src (id BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE dst (id BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO src VALUES (1), (2)")
	require.NoError(t, err)
	count := func() int {
		files, err := filepath.Glob(filepath.Join(dir, "dst", "*.parquet"))
		require.NoError(t, err)
		return len(files)
	}
	require.Equal(t, 1, count())
	res, err := db.Exec("INSERT INTO dst SELECT id FROM src WHERE id > 5")
	require.NoError(t, err)
	n, err := res.RowsAffected()
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, 1, count())

	tx, err := db.Begin()
	require.NoError(t, err)
	_, err = tx.Exec("INSERT INTO dst SELECT id FROM src WHERE id > 5")
	require.NoError(t, err)
	require.NoError(t, tx.Commit())
	require.Equal(t, 1, count())

	_, err = db.Exec("INSERT INTO dst SELECT id FROM src")
	require.NoError(t, err)
	require.Equal(t, 2, count())
	entries, err := os.ReadDir(filepath.Join(dir, "dst"))
	require.NoError(t, err)
	for _, e := range entries {
		require.False(t, e.Name()[0] == '_', "no temporary file left: %s", e.Name())
	}
	require.Equal(t, []string{"1", "2"}, rowsText(t, db, "SELECT id FROM dst ORDER BY id"))
}

// TestInWithNull: x IN (a, b) is x = a OR x = b wherever the NULL stands
// in the list, and the same whether the scan decides it or the evaluator
// does (the (cond) = TRUE form is never pushed).
func TestInWithNull(t *testing.T) {
	db := openDB(t, t.TempDir()+"?row_group_rows=2")
	_, err := db.Exec("CREATE TABLE x (i BIGINT, d DOUBLE, s VARCHAR)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO x VALUES (7, 7.5, 'a'), (5, 5.5, 'b'), (NULL, NULL, NULL)")
	require.NoError(t, err)
	for _, tc := range []struct {
		cond string
		args []any
		want []string
	}{
		{"i IN (NULL, 7)", nil, []string{"7"}},
		{"i IN (7, NULL)", nil, []string{"7"}},
		{"i IN (?, 7)", []any{nil}, []string{"7"}},
		{"d IN (NULL, 7.5)", nil, []string{"7"}},
		{"s IN (NULL, 'a')", nil, []string{"7"}},
		{"i NOT IN (NULL, 7)", nil, nil},
		{"i NOT IN (5)", nil, []string{"7"}},
		{"i NOT IN (5, NULL)", nil, nil},
		{"i IN ('x', 7)", nil, []string{"7"}},
		{"NOT (i IN ('x', 5))", nil, nil},
	} {
		for _, form := range []string{"%s", "(%s) = TRUE", "(%s) OR FALSE"} {
			q := "SELECT i FROM x WHERE " + strings.Replace(form, "%s", tc.cond, 1) + " ORDER BY i"
			require.Equal(t, tc.want, rowsText(t, db, q, tc.args...), q)
		}
	}
	require.Equal(t, []string{"true|NULL|false|NULL"},
		rowsText(t, db, "SELECT 7 IN (NULL, 7), 7 IN (NULL, 5), 7 NOT IN (NULL, 7), NULL IN (7) FROM x WHERE i = 7"))
}
