package conformance

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	suiteDir  = "../testdata/parquet-testing"
	duckdbDir = "../testdata/interop/duckdb"
	sparkDir  = "../testdata/interop/delta-rs"
)

// The whole parquet-testing shredded_variant suite passes through scan.
func TestSuite(t *testing.T) {
	rs, err := RunSuite(suiteDir)
	require.NoError(t, err)
	for _, r := range rs {
		assert.NoError(t, r.Err, r.Name)
	}
	passed, _ := Count(rs)
	assert.Equal(t, 109, passed, "every case of cases.json with a file")
}

// The DuckDB collection passes through scan.
func TestDuckDB(t *testing.T) {
	rs, err := RunDuckDB(duckdbDir)
	require.NoError(t, err)
	for _, r := range rs {
		assert.NoError(t, r.Err, r.Name)
	}
	passed, _ := Count(rs)
	// 124 files: 123 open (and validate), 1 is the corrupt one; 37 partially
	// shredded files give the same rows as the first; 86 entries of
	// duckdb-expected.json select a whole file and give DuckDB's values.
	assert.Equal(t, 123+1+37+86, passed)
	kinds := map[string]int{}
	for _, r := range rs {
		kinds[r.Name[strings.LastIndex(r.Name, "("):]]++
	}
	assert.Equal(t, map[string]int{"(opens)": 123, "(corrupt)": 1, "(same rows as variant_partial_shredded1.parquet)": 37, "(DuckDB's values)": 86}, kinds)
}

type plainRow struct {
	ID int64 `parquet:"id"`
}

// An expected-error case passes only on an error about Variant data: a
// missing file, bytes that are not Parquet and a Parquet file without a
// Variant column fail it, each with its own error; the other cases still
// pass.
func TestSuiteBrokenFiles(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(suiteDir, "shredded_variant"))))
	require.NoError(t, os.Remove(filepath.Join(dir, "case-040.parquet")))
	junk := make([]byte, 100)
	_, _ = rand.NewChaCha8([32]byte{1}).Read(junk)
	require.NoError(t, os.Chmod(filepath.Join(dir, "case-042.parquet"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "case-042.parquet"), junk, 0o644))
	require.NoError(t, os.Chmod(filepath.Join(dir, "case-087.parquet"), 0o644))
	require.NoError(t, parquet.WriteFile(filepath.Join(dir, "case-087.parquet"), []plainRow{{1}}))

	rs, err := RunSuite(dir)
	require.NoError(t, err)
	failed := map[string]string{}
	for _, r := range rs {
		if r.Err != nil {
			failed[r.Name] = r.Err.Error()
		}
	}
	require.Len(t, failed, 3, "%v", failed)
	passed, _ := Count(rs)
	assert.Equal(t, 106, passed)
	for name, msg := range failed {
		switch {
		case strings.HasPrefix(name, "case-040.parquet "):
			assert.Equal(t, "stat "+filepath.Join(dir, "case-040.parquet")+": no such file or directory", msg)
		case strings.HasPrefix(name, "case-042.parquet "):
			assert.Regexp(t, `^expected "Invalid variant, conflicting value and typed_value", got an error that is not about Variant data: scan: .*case-042\.parquet: corrupt parquet file: `, msg)
		case strings.HasPrefix(name, "case-087.parquet "):
			assert.Equal(t, `expected "Invalid variant, non-object value with shredded fields", got an error that is not about Variant data: no Variant column`, msg)
		default:
			t.Errorf("unexpected failure %s: %s", name, msg)
		}
	}
}

// typed renders v as JSON with each scalar prefixed by its Variant type,
// so that int8 34 and int16 34, or decimal4 and decimal8, differ.
func typed(t *testing.T, v variant.Variant) string {
	t.Helper()
	switch v.Type() {
	case variant.TypeObject:
		o, err := v.Object()
		require.NoError(t, err)
		parts := make([]string, o.Len())
		for i := range parts {
			k, f, err := o.At(i)
			require.NoError(t, err)
			parts[i] = fmt.Sprintf("%q:%s", k, typed(t, f))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case variant.TypeArray:
		a, err := v.Array()
		require.NoError(t, err)
		parts := make([]string, a.Len())
		for i := range parts {
			e, err := a.At(i)
			require.NoError(t, err)
			parts[i] = typed(t, e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return v.Type().String() + ":" + v.String()
}

// partialRows are the 46 rows every variant_partial_shredded*.parquet file
// of the DuckDB collection holds (NOTE.md), with their Variant types: the
// values of the parquet-testing shredded_variant cases (34, 1234, 12345,
// 9876543210, 10.11, 14.3, "iceberg", 2024-11-07 and 1957-11-07, the uuid
// f24f9b64-...), each integer in its own width.
var partialRows = []string{
	`null:null`,
	`boolean:true`,
	`boolean:false`,
	`int8:34`,
	`int8:-34`,
	`int16:1234`,
	`int16:-1234`,
	`int32:12345`,
	`int32:-12345`,
	`int64:9876543210`,
	`int64:-9876543210`,
	`float:10.11`,
	`float:-10.11`,
	`double:14.3`,
	`double:-14.3`,
	`{}`,
	`{"a":null:null,"d":string:"iceberg"}`,
	`{"a":int32:123456789,"c":string:"string"}`,
	`{"a":int32:123456789,"c":[string:"string",string:"iceberg"]}`,
	`[]`,
	`[string:"iceberg",string:"string"]`,
	`[string:"iceberg",string:"string",int32:34]`,
	`[[string:"string",string:"iceberg"],[string:"apple",string:"banana"]]`,
	`[[string:"string",string:"iceberg",int32:34],[int32:34,null:null],[],[string:"string",string:"iceberg"],int32:34]`,
	`[{"a":int32:123456789,"c":string:"string"},{"a":int32:123456789,"c":string:"string"}]`,
	`[{"a":int32:123456789,"c":string:"string"},{"a":int32:123456789,"c":string:"string"},string:"iceberg",int32:34]`,
	`date:"2024-11-07"`,
	`date:"1957-11-07"`,
	`timestamp:"2024-11-07T12:33:54.123456Z"`,
	`timestamp:"1957-11-07T12:33:54.123456Z"`,
	`timestamp_ntz:"2024-11-07T12:33:54.123456"`,
	`timestamp_ntz:"1957-11-07T12:33:54.123456"`,
	`decimal4:123456.789`,
	`decimal4:-123456.789`,
	`decimal8:123456789.987654321`,
	`decimal8:-123456789.987654321`,
	`decimal16:9876543210.123456789`,
	`decimal16:-9876543210.123456789`,
	`binary:"CgsMDQ=="`,
	`string:"iceberg"`,
	`time:"12:33:54.123456"`,
	`timestamp_nanos:"2024-11-07T12:33:54.123456789Z"`,
	`timestamp_nanos:"1957-11-07T12:33:54.123456789Z"`,
	`timestamp_ntz_nanos:"2024-11-07T12:33:54.123456789"`,
	`timestamp_ntz_nanos:"1957-11-07T12:33:54.123456789"`,
	`uuid:"f24f9b64-81fa-49d1-b74e-8c09a6e31c56"`,
}

// Every partially shredded file of the DuckDB collection rebuilds exactly
// partialRows through scan, whatever its typed_value schema.
func TestDuckDBPartialRows(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(duckdbDir, "variant_partial_shredded*.parquet"))
	require.NoError(t, err)
	require.Len(t, files, 38)
	for _, f := range files {
		rows, err := ReadFile(f, "", false)
		require.NoError(t, err, f)
		got := make([]string, len(rows))
		for i, r := range rows {
			require.NotNil(t, r, "%s row %d", f, i)
			got[i] = typed(t, *r)
		}
		require.Equal(t, partialRows, got, f)
	}
}
