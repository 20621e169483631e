package driver_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/variant"
)

// TestBadInput: malformed SQL, unknown tables and columns, wrong argument
// counts, values that do not fit their column, table names that try to
// leave the root, and a corrupt file each give an error saying what and
// where, matchable with errors.Is, and the *sql.DB keeps working: after
// each, a query and an insert succeed.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE events (id BIGINT NOT NULL, event VARIANT, price DECIMAL(5,2), at TIMESTAMP)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO events VALUES (1, '{"a":1}', 1.5, NULL)`)
	require.NoError(t, err)

	// A table outside the root, reachable through a symbolic link in it.
	outside := t.TempDir()
	_, err = openDB(t, outside).Exec("CREATE TABLE secret (id BIGINT)")
	require.NoError(t, err)
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "link")))
	// A table whose only file is not Parquet.
	require.NoError(t, os.Mkdir(filepath.Join(dir, "bad"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad", "part-1.parquet"), []byte("PAR1 not really a parquet file PAR1"), 0o644))

	for _, tc := range []struct {
		name  string
		query string
		args  []any
		is    []error // errors.Is matches each
		msg   string  // the whole message, a regular expression
	}{
		{"misspelt keyword", "SELEC id FROM events", nil,
			[]error{pvdriver.ErrSyntax}, `^parquetvariant: syntax error: near 'SELEC' at position 6$`},
		{"truncated", "SELECT id FROM", nil,
			[]error{pvdriver.ErrSyntax}, `^parquetvariant: syntax error at position 15$`},
		{"unknown table", "SELECT id FROM nope", nil,
			[]error{pvdriver.ErrNoTable, scan.ErrNoTable}, `^parquetvariant: table nope: scan: no such table: "nope"$`},
		{"insert into unknown table", "INSERT INTO nope VALUES (1)", nil,
			[]error{pvdriver.ErrNoTable}, `^parquetvariant: INSERT INTO nope: scan: no such table: "nope"$`},
		{"unknown column", "SELECT nope FROM events", nil,
			[]error{pvdriver.ErrNoColumn}, `^parquetvariant: no such column: nope \(the columns are id, event, price, at\) at position 11$`},
		{"insert into unknown column", "INSERT INTO events (nope) VALUES (1)", nil,
			[]error{pvdriver.ErrNoColumn}, `^parquetvariant: no such column: INSERT INTO events: nope \(the columns are id, event, price, at\)$`},
		{"missing argument", "SELECT id FROM events WHERE id = ?", nil,
			nil, `^sql: expected 1 arguments, got 0$`},
		{"extra argument", "SELECT id FROM events WHERE id = ?", []any{1, 2},
			nil, `^sql: expected 1 arguments, got 2$`},
		{"insert arguments", "INSERT INTO events VALUES (?, ?, ?, ?)", []any{1, 2},
			nil, `^sql: expected 4 arguments, got 2$`},
		{"argument of no SQL type", "SELECT id FROM events WHERE id = ?", []any{struct{}{}},
			nil, `^sql: converting argument \$1 type: unsupported type struct \{\}, a struct$`},
		{"too few values", "INSERT INTO events VALUES (1, 2)", nil,
			[]error{pvdriver.ErrSyntax}, `^parquetvariant: syntax error: INSERT INTO events: 2 values for 4 columns$`},
		{"text into BIGINT", "INSERT INTO events VALUES ('abc', NULL, NULL, NULL)", nil,
			[]error{variant.ErrCast}, `^parquetvariant: column id \(BIGINT\): variant: cannot cast: string "abc" to bigint: text does not parse$`},
		{"text argument into BIGINT", "INSERT INTO events VALUES (?, NULL, NULL, NULL)", []any{"x"},
			[]error{variant.ErrCast}, `^parquetvariant: column id \(BIGINT\): variant: cannot cast: string "x" to bigint: text does not parse$`},
		{"NULL into NOT NULL", "INSERT INTO events VALUES (NULL, NULL, NULL, NULL)", nil,
			nil, `^parquetvariant: column id \(BIGINT\): NULL into a NOT NULL column$`},
		{"decimal too wide", "INSERT INTO events VALUES (1, NULL, 12345.678, NULL)", nil,
			[]error{variant.ErrCast}, `^parquetvariant: column price \(DECIMAL\(5,2\)\): variant: cannot cast: decimal4 12345.678 to decimal\(5,2\): would lose digits$`},
		{"not a timestamp", "INSERT INTO events VALUES (1, NULL, NULL, 'yesterday')", nil,
			[]error{variant.ErrCast}, `^parquetvariant: column at \(TIMESTAMP\): variant: cannot cast: string "yesterday" to timestamp: text does not parse \(write a timestamp as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS\[\.f\] \(a space may stand for the T\), then Z, an offset such as \+02:00, or nothing for UTC\)$`},
		{"arithmetic on text", "SELECT id + 'a' FROM events", nil,
			[]error{pvdriver.ErrSyntax}, `^parquetvariant: syntax error: id \+ 'a': 'a' is a VARCHAR, not a number at position 11$`},
		{"parent directory", "SELECT * FROM `../x`", nil,
			[]error{scan.ErrInvalidName}, `^parquetvariant: table ` + "`../x`" + `: scan: invalid table name: "../x" contains a path separator or NUL$`},
		{"absolute path", "SELECT * FROM `/etc/passwd`", nil,
			[]error{scan.ErrInvalidName}, `^parquetvariant: table ` + "`/etc/passwd`" + `: scan: invalid table name: "/etc/passwd" contains a path separator or NUL$`},
		{"symbolic link out of the root", "SELECT * FROM link", nil,
			[]error{scan.ErrOutsideRoot}, `^parquetvariant: table link: scan: path outside the root directory: ` + regexp.QuoteMeta(filepath.Join(dir, "link")) + ` resolves to ` + regexp.QuoteMeta(filepath.Join(outside, "secret")) + `$`},
		{"insert through a symbolic link", "INSERT INTO link VALUES (1)", nil,
			[]error{scan.ErrOutsideRoot}, `^parquetvariant: INSERT INTO link: scan: path outside the root directory: `},
		{"create outside the root", "CREATE TABLE `../x` (id BIGINT)", nil,
			[]error{scan.ErrInvalidName}, `^parquetvariant: CREATE TABLE: scan: invalid table name: "../x" contains a path separator or NUL$`},
		{"insert outside the root", "INSERT INTO `../x` VALUES (1)", nil,
			[]error{scan.ErrInvalidName}, `^parquetvariant: INSERT INTO ` + "`../x`" + `: scan: invalid table name: "../x" contains a path separator or NUL$`},
		{"drop outside the root", "DROP TABLE `../events`", nil,
			[]error{scan.ErrInvalidName}, `^parquetvariant: DROP TABLE ` + "`../events`" + `: scan: invalid table name: "../events" contains a path separator or NUL$`},
		{"drop a symbolic link", "DROP TABLE link", nil,
			[]error{scan.ErrOutsideRoot}, `^parquetvariant: DROP TABLE link: scan: path outside the root directory: `},
		{"corrupt file", "SELECT * FROM bad", nil,
			[]error{scan.ErrCorrupt}, `^parquetvariant: table bad: scan: ` + regexp.QuoteMeta(filepath.Join(dir, "bad", "part-1.parquet")) + `: corrupt parquet file: footer length 543517801 exceeds the file size 35$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := db.Query(tc.query, tc.args...)
			if err == nil {
				for rows.Next() {
				}
				err = rows.Err()
				require.NoError(t, rows.Close())
			}
			require.Error(t, err)
			for _, target := range tc.is {
				require.True(t, errors.Is(err, target), "%v is not %v", err, target)
			}
			require.Regexp(t, tc.msg, err.Error())

			// The database still answers, and nothing was written.
			var n int64
			require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM events").Scan(&n))
			require.Equal(t, int64(1), n)
		})
	}
	_, err = db.Exec("INSERT INTO events (id) VALUES (2)")
	require.NoError(t, err)
	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM events").Scan(&n))
	require.Equal(t, int64(2), n)
	// The symbolic link's target is untouched.
	_, err = os.Stat(filepath.Join(outside, "secret"))
	require.NoError(t, err)
}
