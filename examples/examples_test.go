package examples_test

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	_ "github.com/parquetvariant/parquetvariant/driver"
)

// bin holds the examples built once for all tests.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "examples-")
	if err != nil {
		panic(err)
	}
	cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "./quickstart", "./sqlx", "./report", "./service")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		os.RemoveAll(dir)
		panic("building the examples: " + err.Error())
	}
	bin = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// variantReads reports whether the driver can SELECT a VARIANT column; the
// scan package does not read them yet, so the parts of the examples that do
// are checked only once it does.
func variantReads(t *testing.T) bool {
	t.Helper()
	db, err := sql.Open("parquetvariant", filepath.Join("..", "testdata", "lake"))
	require.NoError(t, err)
	defer db.Close()
	var s string
	return db.QueryRow("SELECT to_json(var) FROM duckdb_objects").Scan(&s) == nil
}

// unsupported is the error of a Variant read the scan cannot do yet.
const unsupported = "unsupported: reading nested column"

// check runs an example and compares its output with want. Without Variant
// reads, the lines printed before the first Variant read must match and the
// example must stop at (or report) that read; the test is then skipped with
// the reason.
func check(t *testing.T, name, want string) {
	t.Helper()
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, filepath.Join(bin, name))
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if variantReads(t) {
		require.NoError(t, err, "stderr: %s", stderr.String())
		require.Equal(t, want, stdout.String())
		require.Empty(t, stderr.String())
		return
	}
	got := stdout.String()
	cut := strings.Index(got, unsupported)
	if cut >= 0 {
		cut = strings.LastIndex(got[:cut], "\n") + 1
	} else {
		require.Error(t, err, "the example reads Variants, so it fails without Variant reads")
		require.Contains(t, stderr.String(), unsupported)
		cut = len(got)
	}
	require.True(t, strings.HasPrefix(want, got[:cut]), "output before the first Variant read:\n%s\nwant a prefix of:\n%s", got[:cut], want)
	t.Skipf("checked the %d lines before the first Variant read; the rest needs SELECT of VARIANT columns", strings.Count(got[:cut], "\n"))
}

func TestQuickstart(t *testing.T) {
	check(t, "quickstart", `events: 5
pushed to scan: kind = ? AND id > 1
rows scanned: 5
rows returned: 2
purchase 2 by ann: {"items":["book","pen"],"total":19.99,"user":{"id":7,"name":"ann"}}
purchase 4 by bo: {"items":["mug"],"total":5.00,"user":{"id":9,"name":"bo"}}
user 7 spent 19.99
user 9 spent 5.00
`)
}

func TestSQLX(t *testing.T) {
	check(t, "sqlx", `inserted: 3
purchase: 2
signup: 1
1 signup payload={"plan":"free","user":"ann"} context={"agent":"curl","ip":"10.0.0.1"}
2 purchase payload={"total":12.50,"user":"ann"} context=NULL
3 purchase payload={"total":3,"user":"bo"} context={"ip":"10.0.0.2"}
event 2: total 12.50, context valid: false
`)
}

func TestReport(t *testing.T) {
	check(t, "report", `os,views,total_ms,longest_ms,avg_ms
ios,3,4500,2500,1500
linux,2,5400,5400,5400
android,1,3000,3000,3000
`)
}

func TestService(t *testing.T) {
	check(t, "service", `posted 12 documents from 4 goroutines
POST /docs with broken JSON: 400 parquetvariant: parse_json: variant: invalid JSON at offset 25: unexpected EOF
GET /docs/count: 200 {"count":12}
GET /stats: 200 [{"type":"click","count":3},{"type":"signup","count":3},{"type":"view","count":6}]
GET /search?user=ann: 200 [{"seq":0,"tags":["t0"],"type":"click","user":"ann"},{"seq":3,"tags":["t3"],"type":"signup","user":"ann"},{"seq":6,"tags":["t6"],"type":"view","user":"ann"},{"seq":9,"tags":["t9"],"type":"view","user":"ann"}]
`)
}
