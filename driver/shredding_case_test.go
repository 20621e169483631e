package driver_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/shred"
)

// TestInsertKeepsShreddingAnyCase: an INSERT shreds a VARIANT column as the
// table's newest file does when its rows fit, also when that file spells
// the column in another case than the table.
func TestInsertKeepsShreddingAnyCase(t *testing.T) {
	src, dir := t.TempDir(), t.TempDir()
	srcDB := openShredding(t, src, pvdriver.NewConfig().Shred, map[string]map[string]shred.Schema{"low": {"v": shred.Object(
		shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "b", Schema: shred.Typed(shred.TypeString)},
	)}})
	for _, q := range []string{
		"CREATE TABLE up (id BIGINT, V VARIANT)",
		"CREATE TABLE low (id BIGINT, v VARIANT)",
		`INSERT INTO low VALUES (1, parse_json('{"a":1,"b":"x"}'))`,
	} {
		_, err := srcDB.Exec(q)
		require.NoError(t, err, q)
	}
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
		require.NoError(t, os.WriteFile(to, data, 0o644))
	}
	ups, err := filepath.Glob(filepath.Join(src, "up", "*.parquet"))
	require.NoError(t, err)
	require.Len(t, ups, 1)
	copyFile(ups[0], filepath.Join(dir, "m", "a.parquet")) // names the column V
	lows, err := filepath.Glob(filepath.Join(src, "low", "*.parquet"))
	require.NoError(t, err)
	require.Len(t, lows, 2) // CREATE TABLE's empty file, and the shredded one
	slices.Sort(lows)
	copyFile(lows[1], filepath.Join(dir, "m", "part-z.parquet")) // the newest file

	db := openDB(t, dir)
	_, err = db.Exec(`INSERT INTO m VALUES (2, parse_json('{"a":2}'))`)
	require.NoError(t, err)
	written, err := filepath.Glob(filepath.Join(dir, "m", "part-0*.parquet"))
	require.NoError(t, err)
	require.Len(t, written, 1)
	f, err := os.Open(written[0])
	require.NoError(t, err)
	defer f.Close()
	st, err := f.Stat()
	require.NoError(t, err)
	pf, err := parquet.OpenFile(f, st.Size())
	require.NoError(t, err)
	_, found := pf.Schema().Lookup("V", "typed_value", "b", "typed_value")
	require.True(t, found, "the new file shreds $.b as the newest file does: %v", pf.Schema())
	require.Equal(t, []string{`1|{"a":1,"b":"x"}`, `2|{"a":2}`}, rowsText(t, db, "SELECT id, to_json(v) FROM m ORDER BY ID"))
}

// TestFixedShreddingAnyCase: Config.Shredding names a column in any case,
// and two names of one table that differ only in case are refused.
func TestFixedShreddingAnyCase(t *testing.T) {
	dir := t.TempDir()
	db := openShredding(t, dir, pvdriver.ShredNone, map[string]map[string]shred.Schema{
		"events": {"payload": shred.Object(shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)})},
	})
	for _, q := range []string{
		"CREATE TABLE events (id BIGINT, PayLoad VARIANT)",
		`INSERT INTO events VALUES (1, parse_json('{"a":1}'))`,
	} {
		_, err := db.Exec(q)
		require.NoError(t, err, q)
	}
	files, err := filepath.Glob(filepath.Join(dir, "events", "*.parquet"))
	require.NoError(t, err)
	require.Len(t, files, 2)
	for _, path := range files {
		pf := openParquet(t, path)
		_, found := pf.Schema().Lookup("PayLoad", "typed_value", "a", "typed_value")
		require.True(t, found, "%s shreds $.a", path)
	}

	cfg := pvdriver.NewConfig()
	cfg.Root = dir
	cfg.Shredding = map[string]map[string]shred.Schema{"events": {"payload": shred.Untyped(), "PAYLOAD": shred.Untyped()}}
	_, err = pvdriver.NewConnector(cfg)
	require.ErrorIs(t, err, pvdriver.ErrDSN)
	require.EqualError(t, err, "parquetvariant: invalid DSN: Shredding of events names columns PAYLOAD and payload, which differ only in case (column names match in any case)")
}
