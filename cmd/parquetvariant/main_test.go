package main

import (
	"bytes"
	"database/sql"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// lake is the sample data set shipped in the repository.
var lake = filepath.Join("..", "..", "testdata", "lake")

// result is what one run of the command printed and returned.
type result struct {
	stdout, stderr string
	code           int
}

// runCLI runs the command line in process with stdin as standard input.
func runCLI(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb})
	return result{out.String(), errb.String(), code}
}

// ok runs the command line and requires success with nothing on stderr.
func ok(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	r := runCLI(t, stdin, args...)
	require.Equal(t, 0, r.code, "stderr: %s", r.stderr)
	require.Empty(t, r.stderr)
	return r.stdout
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), got)
}

// requireVariantReads skips the test unless the driver can SELECT a VARIANT
// column, which the scan package does not do yet.
func requireVariantReads(t *testing.T) {
	t.Helper()
	db, err := sql.Open("parquetvariant", lake)
	require.NoError(t, err)
	defer db.Close()
	var s string
	if err := db.QueryRow("SELECT to_json(var) FROM duckdb_objects").Scan(&s); err != nil {
		t.Skipf("needs SELECT of VARIANT columns through the driver: %v", err)
	}
}

func TestQueryTable(t *testing.T) {
	got := ok(t, "", "query", lake, "SELECT kind, COUNT(*) AS events, SUM(amount) AS revenue FROM events GROUP BY kind ORDER BY kind")
	require.Equal(t, `┌───────────┬────────┬───────────┐
│ kind      │ events │ revenue   │
├───────────┼────────┼───────────┤
│ page_view │ 2027   │ NULL      │
│ purchase  │ 682    │ 114201.11 │
│ search    │ 632    │ NULL      │
│ signup    │ 659    │ NULL      │
└───────────┴────────┴───────────┘
(4 rows)
`, got)
}

func TestQueryCSVWithArguments(t *testing.T) {
	got := ok(t, "", "query", "--format", "csv", lake,
		"SELECT id, ts, kind, user_id, country, amount FROM events WHERE kind = ? AND id > ? ORDER BY id LIMIT 3",
		"--arg", "purchase", "--arg", "3900")
	require.Equal(t, `id,ts,kind,user_id,country,amount
3904,2024-06-02T22:50:14.6Z,purchase,140,BR,29.97
3905,2024-06-02T22:51:24.8Z,purchase,289,FR,433.50
3909,2024-06-02T22:54:26.6Z,purchase,147,BR,9.99
`, got)
}

func TestQueryJSON(t *testing.T) {
	got := ok(t, "", "query", "-f", "json", lake, "SELECT id, ts, kind, amount FROM events WHERE id BETWEEN ? AND ?", "--arg", "1999", "--arg", "2002")
	require.Equal(t, `{"id":1999,"ts":"2024-06-01T23:58:47.6Z","kind":"page_view","amount":null}
{"id":2000,"ts":"2024-06-01T23:59:51.8Z","kind":"signup","amount":null}
{"id":2001,"ts":"2024-06-02T00:00:41Z","kind":"page_view","amount":null}
{"id":2002,"ts":"2024-06-02T00:01:08.2Z","kind":"purchase","amount":62.70}
`, got)
}

func TestQueryJSONVariants(t *testing.T) {
	requireVariantReads(t)
	got := ok(t, "", "query", "-f", "json", lake, "SELECT id, var FROM duckdb_objects")
	require.Equal(t, `{"id":1,"var":{"a":123456789,"c":["string","iceberg"]}}`+"\n", got)
	got = ok(t, "", "query", "-f", "json", lake, "SELECT id, payload FROM events WHERE id = 2")
	require.Equal(t, `{"id":2,"payload":{"currency":"EUR","device":{"os":"windows","version":"10.2"},"items":[{"price":120,"qty":2,"sku":"D-400"},{"price":9.99,"qty":1,"sku":"A-100"}],"order_id":"o-000002"}}`+"\n", got)
}

// TestQueryJSONNullKinds: in JSON lines a VARIANT that is SQL NULL leaves
// its key out, a Variant null prints null, a missing path (SQL NULL) leaves
// its key out, and a typed column's SQL NULL prints null.
func TestQueryJSONNullKinds(t *testing.T) {
	dir := t.TempDir()
	ok(t, "", "query", dir, "CREATE TABLE t (id BIGINT, n DOUBLE, v VARIANT)")
	ok(t, "", "query", dir, `INSERT INTO t VALUES (1, NULL, NULL), (2, 1.5, parse_json('null')), (3, NULL, parse_json('{"a":null}'))`)
	got := ok(t, "", "query", "-f", "json", dir, "SELECT v, id, n, v->'$.a' AS a FROM t ORDER BY id")
	require.Equal(t, `{"id":1,"n":null}
{"v":null,"id":2,"n":1.5}
{"v":{"a":null},"id":3,"n":null,"a":null}
`, got)
	// Keys and strings keep <, > and &: JSON lines are not HTML.
	got = ok(t, "", "query", "-f", "json", dir, "SELECT v->>'$.a', 'a<b&c' AS `x>y` FROM t WHERE id = 3")
	require.Equal(t, `{"v->>'$.a'":"null","x>y":"a<b&c"}`+"\n", got)
}

func TestQueryFromStdin(t *testing.T) {
	got := ok(t, "SHOW TABLES\n", "query", "--format", "csv", lake, "-")
	require.Equal(t, "name,read_only\nduckdb_mixed,true\nduckdb_objects,true\nevents,false\nsnowflake_events,true\n", got)
	// A statement after comments still prints its rows.
	for _, q := range []string{"-- daily count\nSELECT COUNT(*) AS n FROM events", "/* c */ SELECT COUNT(*) AS n FROM events"} {
		require.Equal(t, "n\n4000\n", ok(t, q, "query", "--format", "csv", lake, "-"), q)
	}
}

func TestQueryWrites(t *testing.T) {
	dir := t.TempDir()
	require.Equal(t, "0 rows affected\n", ok(t, "", "query", dir, "CREATE TABLE t (id BIGINT, name VARCHAR)"))
	require.Equal(t, "2 rows affected\n", ok(t, "", "query", dir, "INSERT INTO t VALUES (?, ?), (2, 'b')", "--arg", "1", "--arg", "a"))
	require.Equal(t, "id,name\n1,a\n2,b\n", ok(t, "", "query", "-f", "csv", dir, "SELECT id, name FROM t ORDER BY id"))
}

// TestArgsAreText: --arg values go in as text and SQL reads them as the
// type they meet, so a VARCHAR keeps its leading zeros.
func TestArgsAreText(t *testing.T) {
	dir := t.TempDir()
	ok(t, "", "query", dir, "CREATE TABLE z (id BIGINT, zip VARCHAR)")
	require.Equal(t, "1 row affected\n", ok(t, "", "query", dir, "INSERT INTO z VALUES (?, ?)", "--arg", "7", "--arg", "00777"))
	require.Equal(t, "id,zip\n7,00777\n", ok(t, "", "query", "-f", "csv", dir, "SELECT id, zip FROM z WHERE zip = ? AND id = ? LIMIT ?", "--arg", "00777", "--arg", "7", "--arg", "1"))
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"query", lake, "SELECT nope FROM events"}, 1, "parquetvariant: no such column: nope (the columns are id, ts, kind, user_id, country, amount, payload) at position 11\n"},
		{[]string{"query", lake, "SELECT * FROM nope"}, 1, "parquetvariant: table nope: scan: no such table: \"nope\"\n"},
		{[]string{"query", "nope-dir", "SHOW TABLES"}, 1, "parquetvariant: invalid DSN: root directory \"nope-dir\" does not exist\n"},
		{[]string{"query", lake}, 2, "parquetvariant: accepts 2 arg(s), received 1\nRun 'parquetvariant query --help' for usage.\n"},
		{[]string{"query", "-f", "xml", lake, "SHOW TABLES"}, 2, "parquetvariant: unknown format \"xml\" (want table, csv or json)\nRun 'parquetvariant query --help' for usage.\n"},
		{[]string{"query", lake, " "}, 2, "parquetvariant: empty SQL statement\nRun 'parquetvariant query --help' for usage.\n"},
		{[]string{"bogus"}, 2, "parquetvariant: unknown command \"bogus\" for \"parquetvariant\"\nRun 'parquetvariant --help' for usage.\n"},
		{nil, 2, "parquetvariant: missing command: query, schema, meta, cat, head or import\nRun 'parquetvariant --help' for usage.\n"},
		{[]string{"head", "-n", "-1", filepath.Join(lake, "duckdb_objects.parquet")}, 2, "parquetvariant: -n -1: want a number of rows, 0 or more\nRun 'parquetvariant head --help' for usage.\n"},
		{[]string{"schema", lake}, 1, "parquetvariant: " + lake + " is a directory, not a Parquet file\n"},
		{[]string{"meta", "nope.parquet"}, 1, "parquetvariant: open nope.parquet: no such file or directory\n"},
		{[]string{"cat", filepath.Join("..", "..", "testdata", "interop", "duckdb", "variant_malicious.parquet")}, 1,
			"parquetvariant: ../../testdata/interop/duckdb/variant_malicious.parquet: row 0, column x: shred: variant: invalid metadata at offset 20: sorted_strings is set but key 5 \"aaaaaaaaaa\" does not sort after \"k4\" at row 0\n"},
	} {
		r := runCLI(t, "", c.args...)
		require.Equal(t, c.code, r.code, "%v", c.args)
		require.Equal(t, c.stderr, r.stderr, "%v", c.args)
		require.Empty(t, r.stdout, "%v", c.args)
	}
}

func TestHelp(t *testing.T) {
	for _, sub := range []string{"query", "schema", "meta", "cat", "head", "import"} {
		got := ok(t, "", sub, "--help")
		require.Contains(t, got, "Usage:\n  parquetvariant "+sub+" ", sub)
		require.Contains(t, got, "Examples:\n  parquetvariant "+sub+" ", sub)
	}
	got := ok(t, "", "--help")
	for _, sub := range []string{"query", "schema", "meta", "cat", "head", "import"} {
		require.Regexp(t, "\n  "+sub+" +[A-Z]", got)
	}
}

func TestSchema(t *testing.T) {
	golden(t, "schema_duckdb_objects.golden", ok(t, "", "schema", filepath.Join(lake, "duckdb_objects.parquet")))
	golden(t, "schema_snowflake_events.golden", ok(t, "", "schema", filepath.Join(lake, "snowflake_events.parquet")))
	got := ok(t, "", "schema", filepath.Join(lake, "events", "part-00001.parquet"))
	_, section, found := strings.Cut(got, "\n\nVARIANT payload")
	require.True(t, found)
	require.Equal(t, ` (shredded, 32 leaf columns)
  path              typed_value  value column
  $                 object       yes
  $.currency        string       yes
  $.device          object       yes
  $.device.os       string       yes
  $.device.version  string       yes
  $.duration_ms     int64        yes
  $.items           array        yes
  $.items[*]        object       yes
  $.items[*].qty    int64        yes
  $.items[*].sku    string       yes
  $.order_id        string       yes
  $.page            string       yes
  $.plan            string       yes
  $.query           string       yes
  $.referrer        string       yes
  $.results         int64        yes
  $.utm             object       yes
  $.utm.source      string       yes
`, section)
}

// TestCorruptFile: a file whose page index is damaged (each of its first
// bytes changed in turn) gives errors, never a panic; meta and schema need
// no page index and still work.
func TestCorruptFile(t *testing.T) {
	for _, src := range []string{
		filepath.Join(lake, "events", "part-00002.parquet"),
		filepath.Join("..", "..", "testdata", "interop", "duckdb", "variant_object_primitives.parquet"),
	} {
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		pf, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
		require.NoError(t, err)
		col := pf.Metadata().RowGroups[0].Columns[0]
		require.NotZero(t, col.OffsetIndexOffset, src)
		require.NotZero(t, col.ColumnIndexOffset, src)
		path := filepath.Join(t.TempDir(), "bad.parquet")
		for _, start := range []int64{col.ColumnIndexOffset, col.OffsetIndexOffset} {
			for at := start; at < start+24; at++ {
				for _, b := range []byte{0x69, 0x7a} {
					bad := bytes.Clone(data)
					bad[at] = b
					require.NoError(t, os.WriteFile(path, bad, 0o644))
					ok(t, "", "meta", path)
					ok(t, "", "schema", path)
					for _, sub := range []string{"cat", "head"} {
						r := runCLI(t, "", sub, path)
						if r.code != 0 {
							require.Equal(t, 1, r.code, "%s byte %d", sub, at)
							require.Contains(t, r.stderr, "corrupt parquet file", "%s byte %d", sub, at)
						}
					}
				}
			}
		}
	}
}

// TestSchemaPathsParse: the paths schema prints are ones ParsePath reads,
// also for keys that are not dot names.
func TestSchemaPathsParse(t *testing.T) {
	dir := t.TempDir()
	ok(t, strings.Repeat(`{"a.b":1,"a b":"x","it's":true,"x":{"y":2}}`+"\n", 20), "import", dir, "odd")
	files, err := filepath.Glob(filepath.Join(dir, "odd", "*.parquet"))
	require.NoError(t, err)
	var got string
	for _, f := range files {
		got += ok(t, "", "schema", f)
	}
	for _, p := range []string{`$['a b']`, `$['a.b']`, `$['it\'s']`, `$.x.y`} {
		require.Contains(t, got, "\n  "+p+" ", got)
		_, err := variant.ParsePath(p)
		require.NoError(t, err, p)
	}
}

func TestMeta(t *testing.T) {
	golden(t, "meta_duckdb_objects.golden", ok(t, "", "meta", filepath.Join(lake, "duckdb_objects.parquet")))
	golden(t, "meta_snowflake_events.golden", ok(t, "", "meta", filepath.Join(lake, "snowflake_events.parquet")))
	got := ok(t, "", "meta", filepath.Join(lake, "events", "part-00002.parquet"))
	require.True(t, strings.HasPrefix(got, "created by: github.com/parquet-go/parquet-go version 0.32.0(build )\nformat version: 2\nrows: 2000\nrow groups: 4\nleaf columns: 38\n\nrow group 0: 500 rows, "), got[:200])
	require.Equal(t, 4, strings.Count(got, "\nrow group "))
	require.Regexp(t, `(?m)^│ id +│ INT64 +│ ZSTD +│ PLAIN +│ 500 +│ 0 +│ \d+ +│ \d+ +│ 2001 +│ 2500 +│ yes │ yes │$`, got)
	require.Regexp(t, `(?m)^│ kind +│ BYTE_ARRAY +│ ZSTD +│ [A-Z_,]+ +│ 500 +│ 0 +│ \d+ +│ \d+ +│ "page_view" +│ "signup" +│ yes │ yes │$`, got)
}

func TestCatAndHead(t *testing.T) {
	require.Equal(t, `{"id":1,"var":{"a":123456789,"c":["string","iceberg"]}}`+"\n",
		ok(t, "", "cat", filepath.Join(lake, "duckdb_objects.parquet")))
	require.Equal(t, `{"PAYLOAD":{"age":30,"name":"alice"},"id":1,"METADATA$RL_ROW_ID":null,"METADATA$RL_LAST_UPDATED_SEQUENCE_NUMBER":null}
{"PAYLOAD":[1,2,3],"id":2,"METADATA$RL_ROW_ID":null,"METADATA$RL_LAST_UPDATED_SEQUENCE_NUMBER":null}
{"PAYLOAD":"hello","id":3,"METADATA$RL_ROW_ID":null,"METADATA$RL_LAST_UPDATED_SEQUENCE_NUMBER":null}
{"PAYLOAD":42,"id":4,"METADATA$RL_ROW_ID":null,"METADATA$RL_LAST_UPDATED_SEQUENCE_NUMBER":null}
{"PAYLOAD":true,"id":5,"METADATA$RL_ROW_ID":null,"METADATA$RL_LAST_UPDATED_SEQUENCE_NUMBER":null}
{"PAYLOAD":{"x":{"y":[1,2]}},"id":6,"METADATA$RL_ROW_ID":null,"METADATA$RL_LAST_UPDATED_SEQUENCE_NUMBER":null}
{"id":7,"METADATA$RL_ROW_ID":null,"METADATA$RL_LAST_UPDATED_SEQUENCE_NUMBER":null}
`, ok(t, "", "cat", filepath.Join(lake, "snowflake_events.parquet")))
	events := filepath.Join(lake, "events", "part-00001.parquet")
	require.Equal(t, `{"id":1,"ts":"2024-06-01T00:00:22Z","kind":"page_view","user_id":19,"country":"DE","amount":null,"payload":{"device":{"os":"android","version":"10.8"},"duration_ms":7812,"page":"/blog/variant","referrer":"newsletter"}}
{"id":2,"ts":"2024-06-01T00:00:45.2Z","kind":"purchase","user_id":230,"country":"FR","amount":249.99,"payload":{"currency":"EUR","device":{"os":"windows","version":"10.2"},"items":[{"price":120,"qty":2,"sku":"D-400"},{"price":9.99,"qty":1,"sku":"A-100"}],"order_id":"o-000002"}}
`, ok(t, "", "head", "-n", "2", events))
	require.Empty(t, ok(t, "", "head", "-n", "0", events))
	require.Equal(t, 10, strings.Count(ok(t, "", "head", events), "\n"))

	// Rows of every row group line up with their Variants: the last row of
	// the file is row 2000 (the fourth row group).
	all := strings.Split(strings.TrimSuffix(ok(t, "", "cat", events), "\n"), "\n")
	require.Len(t, all, 2000)
	require.Equal(t, `{"id":2000,"ts":"2024-06-01T23:59:51.8Z","kind":"signup","user_id":92,"country":"US","amount":null,"payload":{"device":{"os":"windows","version":"14.8"},"plan":"enterprise","utm":{"source":"github"}}}`, all[1999])
	for i, line := range all {
		kind := regexp.MustCompile(`"kind":"([a-z_]+)"`).FindStringSubmatch(line)[1]
		key := map[string]string{"page_view": `"page":`, "search": `"query":`, "signup": `"plan":`, "purchase": `"order_id":`}[kind]
		require.Contains(t, line, key, "row %d: the payload belongs to the row's kind", i+1)
	}

	golden(t, "head_duckdb_mixed.golden", ok(t, "", "head", "-n", "46", filepath.Join(lake, "duckdb_mixed.parquet")))
}

func TestImport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lake")
	docs := `{"event_type":"signup","user":{"id":1}}

{"event_type":"login","user":{"id":2},"tags":["a","b"]}
{"event_type":"login","n":1.25}
`
	r := runCLI(t, docs, "import", "--create-dir", dir, "docs")
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, r.stderr, "no progress bar when stderr is not a terminal")
	require.Regexp(t, `^imported 3 rows into docs in \d+ms \(\d+ rows/s\)\n$`, r.stdout)

	file := filepath.Join(t.TempDir(), "more.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"event_type":"click"}`), 0o644))
	r = runCLI(t, "", "import", dir, "docs", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `^imported 1 row into docs in `, r.stdout)

	// A bad line imports nothing.
	r = runCLI(t, "{\"a\":1}\n{\"a\":\n", "import", dir, "docs")
	require.Equal(t, 1, r.code)
	require.Equal(t, "parquetvariant: line 2: parse_json: variant: invalid JSON at offset 5: unexpected EOF\n", r.stderr)
	// A table it created stays, without rows: other writers may have
	// inserted into it meanwhile, and dropping it would lose their rows.
	r = runCLI(t, "{\"a\":1}\n{\"a\":\n", "import", dir, "fresh")
	require.Equal(t, 1, r.code)
	require.Equal(t, "name,read_only\ndocs,false\nfresh,false\n", ok(t, "", "query", "-f", "csv", dir, "SHOW TABLES"))
	require.Equal(t, "n\n0\n", ok(t, "", "query", "-f", "csv", dir, "SELECT COUNT(*) AS n FROM fresh"))
	ok(t, "", "query", dir, "DROP TABLE fresh")
	// A byte order mark before the first line is not part of the document.
	ok(t, "\xef\xbb\xbf{\"bom\":1}\n", "import", dir, "bom")
	require.Equal(t, "n\n1\n", ok(t, "", "query", "-f", "csv", dir, "SELECT variant_get(v, '$.bom', 'int') AS n FROM bom"))
	ok(t, "", "query", dir, "DROP TABLE bom")
	// An existing table without the --column VARIANT column says which it has.
	ok(t, "", "query", dir, "CREATE TABLE other (id BIGINT, doc VARIANT)")
	r = runCLI(t, "{\"a\":1}\n", "import", dir, "other")
	require.Equal(t, 1, r.code)
	require.Equal(t, "parquetvariant: table other has no VARIANT column v to import into; its VARIANT columns: doc (choose one with --column)\n", r.stderr)
	ok(t, "{\"a\":1}\n", "import", "--column", "doc", dir, "other")
	ok(t, "", "query", dir, "DROP TABLE other")
	// --skip-invalid leaves bad lines out, names them and counts them.
	r = runCLI(t, "{\"a\":1}\n{\"a\":\n[1,2]\n{\"a\":1,\"a\":2}\n", "import", "--skip-invalid", dir, "skipping")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "line 2 skipped: variant: invalid JSON at offset 5: unexpected EOF\n"+
		"line 4 skipped: variant: invalid JSON: duplicate key at offset 0: key \"a\" given twice in the object that starts here\n", r.stderr)
	require.Regexp(t, `^imported 2 rows into skipping in \d+ms \(\d+ rows/s\); skipped 2 invalid lines\n$`, r.stdout)
	require.Equal(t, "v\n\"{\"\"a\"\":1}\"\n\"[1,2]\"\n", ok(t, "", "query", "-f", "csv", dir, "SELECT v FROM skipping ORDER BY to_json(v) DESC"))
	ok(t, "", "query", dir, "DROP TABLE skipping")

	require.Equal(t, "n\n4\n", ok(t, "", "query", "-f", "csv", dir, "SELECT COUNT(*) AS n FROM docs"))
	require.Equal(t, "column,type,nullable\nv,VARIANT,true\n", ok(t, "", "query", "-f", "csv", dir, "DESCRIBE docs"))

	// The rows, read back with cat from the files the import wrote.
	files, err := filepath.Glob(filepath.Join(dir, "docs", "*.parquet"))
	require.NoError(t, err)
	var lines []string
	for _, f := range files {
		lines = append(lines, strings.Split(strings.TrimSuffix(ok(t, "", "cat", f), "\n"), "\n")...)
	}
	require.ElementsMatch(t, []string{"",
		`{"v":{"event_type":"signup","user":{"id":1}}}`,
		`{"v":{"event_type":"login","tags":["a","b"],"user":{"id":2}}}`,
		`{"v":{"event_type":"login","n":1.25}}`,
		`{"v":{"event_type":"click"}}`,
	}, lines, "the CREATE TABLE file and one file per import")
}

// A missing DIR is an error, so that a mistyped path does not start a new
// database, unless --create-dir asks for it; a file as DIR is an error too.
func TestImportMissingDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lakes", "typo")
	r := runCLI(t, "{\"a\":1}\n", "import", dir, "docs")
	require.Equal(t, 1, r.code)
	require.Equal(t, "parquetvariant: directory "+dir+" does not exist (pass --create-dir to create it)\n", r.stderr)
	require.Empty(t, r.stdout)
	require.NoDirExists(t, filepath.Dir(dir))

	r = runCLI(t, "{\"a\":1}\n", "import", dir+"?shred=none", "docs")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "directory "+dir+" does not exist")
	require.NoDirExists(t, filepath.Dir(dir))

	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	r = runCLI(t, "{\"a\":1}\n", "import", "--create-dir", file, "docs")
	require.Equal(t, 1, r.code)
	require.Equal(t, "parquetvariant: "+file+" is not a directory\n", r.stderr)

	require.Regexp(t, `^imported 1 row into docs in `, ok(t, "{\"a\":1}\n", "import", "--create-dir", dir, "docs"))
	require.DirExists(t, dir)
	require.Equal(t, "n\n1\n", ok(t, "", "query", "-f", "csv", dir, "SELECT COUNT(*) AS n FROM docs"))
}

func TestImportReadBack(t *testing.T) {
	requireVariantReads(t)
	dir := t.TempDir()
	ok(t, "{\"k\":\"x\",\"n\":1}\n{\"k\":\"y\",\"n\":2}\n", "import", "--column", "doc", dir, "t")
	require.Equal(t, "{\"doc\":{\"k\":\"x\",\"n\":1}}\n{\"doc\":{\"k\":\"y\",\"n\":2}}\n",
		ok(t, "", "query", "-f", "json", dir, "SELECT doc FROM t ORDER BY variant_get(doc, '$.n', 'bigint')"))
}

func TestImportProgressOnTerminal(t *testing.T) {
	var out, errb bytes.Buffer
	docs := strings.Repeat(`{"a":1}`+"\n", 50)
	code := run([]string{"import", t.TempDir(), "docs"}, env{stdin: strings.NewReader(docs), stdout: &out, stderr: &errb, terminal: true})
	require.Equal(t, 0, code, errb.String())
	require.Regexp(t, `^imported 50 rows into docs in `, out.String())
	require.Contains(t, errb.String(), "importing into docs")
	require.Regexp(t, `\d+ rows`, errb.String())
	require.Regexp(t, `rows/s`, errb.String())
}

// TestQueryValueFormats covers how each kind of value prints, with
// Variants computed in the query (parse_json), which need no Variant column.
func TestQueryValueFormats(t *testing.T) {
	q := `SELECT id, parse_json('{"b":[1,2.50,null],"a":"x"}') AS v,
		variant_get(parse_json('{"d":"2024-01-02"}'), '$.d', 'date') AS d,
		variant_get(parse_json('"2024-01-02T03:04:05.5"'), '$', 'timestamp_ntz') AS ntz,
		variant_get(parse_json('1.5'), '$', 'double') AS f,
		variant_get(parse_json('"3.25"'), '$', 'decimal(5,2)') AS dec
		FROM events WHERE id = 1`
	require.Equal(t, `{"id":1,"v":{"a":"x","b":[1,2.50,null]},"d":"2024-01-02","ntz":"2024-01-02T03:04:05.5","f":1.5,"dec":3.25}`+"\n",
		ok(t, "", "query", "-f", "json", lake, q))
	require.Equal(t, "id,v,d,ntz,f,dec\n"+`1,"{""a"":""x"",""b"":[1,2.50,null]}",2024-01-02,2024-01-02T03:04:05.5,1.5,3.25`+"\n",
		ok(t, "", "query", "-f", "csv", lake, q))

	// SQL NULL, the Variant null and a missing path.
	require.Equal(t, `┌─────────┬──────┬─────────┐
│ v       │ vn   │ missing │
├─────────┼──────┼─────────┤
│ {"a":1} │ null │ NULL    │
└─────────┴──────┴─────────┘
(1 row)
`, ok(t, "", "query", lake, `SELECT parse_json('{"a":1}') AS v, variant_get(parse_json('null'), '$') AS vn, variant_get(parse_json('{}'), '$.x') AS missing FROM events LIMIT 1`))
}

func TestFormatValues(t *testing.T) {
	at := time.Date(2024, 5, 6, 7, 8, 9, 120000000, time.UTC)
	for _, c := range []struct {
		v          any
		typ        string
		text, json string
	}{
		{nil, "BIGINT", "", "null"},
		{int64(-3), "BIGINT", "-3", "-3"},
		{uint64(18446744073709551615), "DECIMAL", "18446744073709551615", "18446744073709551615"},
		{2.5, "DOUBLE", "2.5", "2.5"},
		{math.NaN(), "DOUBLE", "NaN", `"NaN"`},
		{math.Inf(-1), "DOUBLE", "-Infinity", `"-Infinity"`},
		{math.Inf(1), "DOUBLE", "Infinity", `"Infinity"`},
		{1e21, "DOUBLE", "1e+21", "1e+21"},
		{5004307.890000015, "DOUBLE", "5004307.890000015", "5004307.890000015"},
		{-1e20, "DOUBLE", "-100000000000000000000", "-100000000000000000000"},
		{0.000001, "DOUBLE", "0.000001", "0.000001"},
		{1.5e-7, "DOUBLE", "1.5e-7", "1.5e-7"},
		{1e-7, "DOUBLE", "1e-7", "1e-7"},
		{-2.5e-300, "DOUBLE", "-2.5e-300", "-2.5e-300"},
		{variant.MustOf(1.5e-7), "VARIANT", "1.5e-7", "1.5e-7"},
		{math.Copysign(0, -1), "DOUBLE", "-0", "-0"},
		{true, "BOOLEAN", "true", "true"},
		{"a\"b", "VARCHAR", "a\"b", `"a\"b"`},
		{"12.50", "DECIMAL", "12.50", "12.50"},
		{[]byte{0, 255}, "BINARY", "0x00ff", `"AP8="`},
		{at, "TIMESTAMP", "2024-05-06T07:08:09.12Z", `"2024-05-06T07:08:09.12Z"`},
		{at, "TIMESTAMP_NTZ", "2024-05-06T07:08:09.12", `"2024-05-06T07:08:09.12"`},
		{at, "DATE", "2024-05-06", `"2024-05-06"`},
		{variant.MustOf(map[string]any{"k": []any{1, "x"}}), "VARIANT", `{"k":[1,"x"]}`, `{"k":[1,"x"]}`},
	} {
		s, null, err := text(c.v, c.typ)
		require.NoError(t, err)
		require.Equal(t, c.v == nil, null)
		require.Equal(t, c.text, s, "%#v", c.v)
		b, err := appendJSON(nil, c.v, c.typ)
		require.NoError(t, err)
		require.Equal(t, c.json, string(b), "%#v", c.v)
	}
}

// A result of more than a thousand rows prints as one table per thousand
// rows, each with the header, and the count of all rows after the last.
func TestQueryTableInBlocks(t *testing.T) {
	got := ok(t, "", "query", lake, "SELECT id FROM events ORDER BY id LIMIT 2500")
	require.Equal(t, 3, strings.Count(got, "│ id "), "one header per block of rows")
	require.True(t, strings.HasSuffix(got, "└──────┘\n(2500 rows)\n"), "ends with the count of all rows: %q", got[len(got)-60:])
	blocks := strings.Split(strings.TrimSuffix(got, "(2500 rows)\n"), "┌")
	require.Len(t, blocks, 4)
	for i, rows := range []int{1000, 1000, 500} {
		require.Equal(t, rows, strings.Count(blocks[i+1], "\n")-4, "rows of block %d", i)
	}
	require.True(t, strings.HasSuffix(blocks[1], "│ 1000 │\n└──────┘\n") && strings.Contains(blocks[2], "├──────┤\n│ 1001 │\n"),
		"the second block goes on where the first ended")
}
