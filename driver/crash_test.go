package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// crashDirEnv names the directory TestCrashChild writes to; set only in the
// child process TestKilledWriter starts.
const crashDirEnv = "PARQUETVARIANT_CRASH_DIR"

// crashRows is the number of rows of each transaction the child commits.
const crashRows = 5_000

// TestCrashChild is the writer TestKilledWriter kills: it commits
// transactions of crashRows rows into table t until it is killed.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("runs as the child process of TestKilledWriter")
	}
	db := openDB(t, dir+"?row_group_rows=500")
	for i := 0; ; i++ {
		tx, err := db.Begin()
		require.NoError(t, err)
		st, err := tx.Prepare("INSERT INTO t VALUES (?, ?)")
		require.NoError(t, err)
		for j := 0; j < crashRows; j++ {
			_, err := st.Exec(int64(j), map[string]any{"i": i, "j": j, "s": "some text"})
			require.NoError(t, err)
		}
		require.NoError(t, tx.Commit())
	}
}

// TestKilledWriter: a writer killed with SIGKILL in the middle of writing
// leaves no visible partial file: the table reads, every visible file holds
// whole transactions, and the '_'-prefixed leftovers are invisible to
// readers and to later writers, and removed once old when the root is next
// opened for writing.
func TestKilledWriter(t *testing.T) {
	if os.Getenv(crashDirEnv) != "" {
		t.Skip("the child process")
	}
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT, v VARIANT)")
	require.NoError(t, err)

	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashDirEnv+"="+dir)
	require.NoError(t, cmd.Start())
	// Kill the child once it has published two files and is writing the
	// next one ('_'-prefixed).
	deadline := time.Now().Add(60 * time.Second)
	for {
		names := tableFiles(t, dir, "t")
		published := len(visible(names)) - 1 // the file CREATE TABLE wrote
		writing := len(names) > len(visible(names))
		if published >= 2 && writing {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the child wrote %v in 60s", names)
		}
		time.Sleep(time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	err = cmd.Wait()
	require.Error(t, err, "the child was killed")

	names := tableFiles(t, dir, "t")
	files := visible(names)
	var leftovers []string
	for _, n := range names {
		if strings.HasPrefix(n, "_") {
			leftovers = append(leftovers, n)
		}
	}
	require.NotEmpty(t, leftovers, "the file being written is left behind under a hidden name")
	for _, n := range files {
		require.True(t, strings.HasSuffix(n, ".parquet"), n)
	}

	// Every visible file is whole: the table reads, to whole transactions.
	var n, sum int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*), SUM(id) FROM t").Scan(&n, &sum))
	require.Equal(t, int64(len(files)-1)*crashRows, n)
	require.Equal(t, int64(len(files)-1)*crashRows*(crashRows-1)/2, sum)
	var shown int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t WHERE variant_get(v, '$.s', 'string') = 'some text'").Scan(&shown))
	require.Equal(t, n, shown)

	// A later writer is not disturbed by the leftovers.
	_, err = db.Exec("INSERT INTO t VALUES (1, '{}')")
	require.NoError(t, err)
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t").Scan(&shown))
	require.Equal(t, n+1, shown)
	for _, l := range leftovers {
		_, err := os.Stat(filepath.Join(dir, "t", l))
		require.NoError(t, err, "young leftovers stay: a live writer may own them")
	}

	// Once old, the dead writer's files (its lock died with it) are removed
	// when the root is next opened for writing.
	openDB(t, dir)
	require.Equal(t, leftovers, hiddenIn(t, filepath.Join(dir, "t")), "young leftovers are kept")
	for _, l := range leftovers {
		age(t, filepath.Join(dir, "t", l))
	}
	openDB(t, dir)
	require.Empty(t, hiddenIn(t, filepath.Join(dir, "t")))
	require.Equal(t, files, visible(tableFiles(t, dir, "t"))[:len(files)])
}
