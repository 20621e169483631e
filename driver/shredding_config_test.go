package driver_test

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/shred"
)

// TestFixedShredding: Config.Shredding fixes a column's shredding schema
// (docs/design.md section 7): the files use it even where the chooser
// would shred nothing (a field in 1% of the rows) or with shred=none, and
// every value reads back, those the schema does not fit included.
func TestFixedShredding(t *testing.T) {
	dir := t.TempDir()
	db := openShredding(t, dir, pvdriver.ShredNone, map[string]map[string]shred.Schema{
		"events": {"v": shred.Object(shred.Field{Name: "rare", Schema: shred.Typed(shred.TypeInt64)})},
	})
	_, err := db.Exec("CREATE TABLE events (id BIGINT, v VARIANT)")
	require.NoError(t, err)
	var q strings.Builder
	q.WriteString("INSERT INTO events VALUES ")
	for i := range 100 {
		if i > 0 {
			q.WriteString(", ")
		}
		switch i {
		case 7:
			q.WriteString(`(7, parse_json('{"rare":42,"k":"x"}'))`)
		case 8:
			q.WriteString(`(8, parse_json('{"rare":"not an int"}'))`)
		case 9:
			q.WriteString(`(9, parse_json('[1,2]'))`)
		default:
			q.WriteString(`(1, parse_json('{"k":"y"}'))`)
		}
	}
	_, err = db.Exec(q.String())
	require.NoError(t, err)

	files, err := filepath.Glob(filepath.Join(dir, "events", "*.parquet"))
	require.NoError(t, err)
	require.Len(t, files, 2)
	for _, path := range files {
		pf := openParquet(t, path)
		_, found := pf.Schema().Lookup("v", "typed_value", "rare", "typed_value")
		require.True(t, found, "%s shreds $.rare", path)
	}
	require.Equal(t, []string{"7|42|{\"k\":\"x\",\"rare\":42}", "8|NULL|{\"rare\":\"not an int\"}", "9|NULL|[1,2]"},
		rowsText(t, db, "SELECT id, try_variant_get(v, '$.rare', 'bigint'), to_json(v) FROM events WHERE id > 1 ORDER BY id"))
	require.Equal(t, []string{"97"}, rowsText(t, db, "SELECT COUNT(*) FROM events WHERE id = 1"))

	// An invalid schema is refused when the connector is made.
	bad := pvdriver.NewConfig()
	bad.Root = dir
	bad.Shredding = map[string]map[string]shred.Schema{
		"events": {"v": shred.Object(shred.Field{Name: "a", Schema: shred.Untyped()}, shred.Field{Name: "a", Schema: shred.Untyped()})},
	}
	_, err = pvdriver.NewConnector(bad)
	require.ErrorIs(t, err, pvdriver.ErrDSN)
	require.ErrorIs(t, err, shred.ErrInvalidSchema)

	// A Config literal without the defaults is refused with the way out.
	_, err = pvdriver.NewConnector(&pvdriver.Config{Root: dir})
	require.ErrorIs(t, err, pvdriver.ErrDSN)
	require.ErrorContains(t, err, `option shred="": want auto or none (a Config built in code starts from NewConfig`)
}

// openShredding opens root dir with the shred mode and the fixed shredding
// schemas of Config.Shredding; the database closes when the test ends.
func openShredding(t *testing.T, dir string, mode pvdriver.ShredMode, schemas map[string]map[string]shred.Schema) *sql.DB {
	t.Helper()
	cfg := pvdriver.NewConfig()
	cfg.Root = dir
	cfg.Shred = mode
	cfg.Shredding = schemas
	return openConfig(t, cfg)
}
