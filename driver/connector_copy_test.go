package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/shred"
)

// TestConnectorCopiesShredding: NewConnector copies its Config's Shredding
// at every depth, so that changing the caller's Config afterwards, as when
// it is reused for another connector, changes nothing for the connector
// made before (and races with nothing it does).
func TestConnectorCopiesShredding(t *testing.T) {
	dir := t.TempDir()
	cfg := pvdriver.NewConfig()
	cfg.Root = dir
	cfg.Shredding = map[string]map[string]shred.Schema{
		"events": {"v": shred.Object(shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)})},
	}
	db := openConfig(t, cfg)
	_, err := db.Exec("CREATE TABLE events (v VARIANT)")
	require.NoError(t, err)

	cfg.Shredding["events"]["v"].Fields[0].Name = "b" // in place, in the schema's field slice
	cfg.Shredding["events"]["w"] = shred.Object(shred.Field{Name: "a", Schema: shred.Untyped()}, shred.Field{Name: "a", Schema: shred.Untyped()})
	_, err = db.Exec(`INSERT INTO events VALUES (parse_json('{"a": 1, "b": 2}'))`)
	require.NoError(t, err)
	require.Equal(t, []string{"1|2"}, rowsText(t, db, "SELECT v->'$.a', v->'$.b' FROM events"))
	var paths []string
	for _, name := range visible(tableFiles(t, dir, "events")) {
		f, err := os.Open(filepath.Join(dir, "events", name))
		require.NoError(t, err)
		st, err := f.Stat()
		require.NoError(t, err)
		pf, err := parquet.OpenFile(f, st.Size())
		require.NoError(t, err)
		for _, p := range pf.Schema().Columns() {
			paths = append(paths, strings.Join(p, "."))
		}
		require.NoError(t, f.Close())
	}
	require.Contains(t, paths, "v.typed_value.a.typed_value", "shredded as the connector was given")
	require.NotContains(t, paths, "v.typed_value.b.typed_value")
}
