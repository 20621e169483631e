package driver_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDecimalFractionVsIntegralDoublePushed: a decimal with a fraction
// meeting a double is rounded to the nearest double first (README), also
// in WHERE: DECIMAL 9007199254740993.5 rounds to 9007199254740994, so the
// row is found with data skipping on and off, as the select list says; a
// double is not pushed to the scan against a DECIMAL column, which would
// compare exactly.
func TestDecimalFractionVsIntegralDoublePushed(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT, d DECIMAL(20,1))")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t VALUES (1, 9007199254740993.5)")
	require.NoError(t, err)
	require.Equal(t, []string{"1|true"}, rowsText(t, db, "SELECT id, d = 9007199254740994e0 FROM t"))
	for _, dsn := range []string{dir, dir + "?data_skipping=false"} {
		other := openDB(t, dsn)
		require.Equal(t, []int64{1}, idsOf(t, other, "SELECT id FROM t WHERE d = 9007199254740994e0"), dsn)
		require.Equal(t, []int64{1}, idsOf(t, other, "SELECT id FROM t WHERE d >= '9.007199254740994e15'"), dsn)
	}
}

// TestHexFloatTextIsNotANumber: text that does not read as a number makes
// a comparison with one unknown (README), and '0x1p4' does not, as INSERT
// and casts say ("text does not parse"): NULL, as for '1x', not 16.
func TestHexFloatTextIsNotANumber(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (id BIGINT, c BIGINT)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t VALUES (1, '0x1p4')")
	require.ErrorContains(t, err, "text does not parse")
	_, err = db.Exec("INSERT INTO t VALUES (1, 16)")
	require.NoError(t, err)
	require.Equal(t, []string{"1|NULL"}, rowsText(t, db, "SELECT id, c = '1x' FROM t"))
	require.Equal(t, []string{"1|NULL"}, rowsText(t, db, "SELECT id, c = '0x1p4' FROM t"))
}

// TestUnderscoreTextIsNotANumber: c = '1_6' is unknown (NULL), as INSERT
// and casts refuse '1_6' ("text does not parse"): Go's digit separators
// are no number's.
func TestUnderscoreTextIsNotANumber(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (id BIGINT, c DOUBLE)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t VALUES (1, '1_6')")
	require.ErrorContains(t, err, "text does not parse")
	_, err = db.Exec("INSERT INTO t VALUES (1, 16)")
	require.NoError(t, err)
	require.Equal(t, []string{"1|NULL"}, rowsText(t, db, "SELECT id, c = '1_6' FROM t"))
}

// TestNoBreakSpaceTextIsNotANumber: c = '\u00a016' is NULL, as INSERT and
// casts refuse it: only ASCII white space around number text is ignored.
func TestNoBreakSpaceTextIsNotANumber(t *testing.T) {
	db := openDB(t, t.TempDir())
	_, err := db.Exec("CREATE TABLE t (id BIGINT, c DOUBLE)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t VALUES (1, ?)", "\u00a016")
	require.ErrorContains(t, err, "text does not parse")
	_, err = db.Exec("INSERT INTO t VALUES (1, 16)")
	require.NoError(t, err)
	require.Equal(t, []string{"1|NULL"}, rowsText(t, db, "SELECT id, c = ? FROM t", "\u00a016"))
}
