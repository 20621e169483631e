package driver_test

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// ddlRounds is the number of rounds of the tests that race statements:
// enough for a race to show in every run without the driver's guard.
func ddlRounds() int {
	if raceEnabled {
		return 20
	}
	return 30
}

// race runs each function once on its own goroutine, all released at the
// same moment, and returns their errors in order.
func race(fs ...func() error) []error {
	errs := make([]error, len(fs))
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	for i, f := range fs {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			errs[i] = f()
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	return errs
}

// run returns a function running q on db, for race.
func run(db *sql.DB, q string) func() error {
	return func() error {
		_, err := db.Exec(q)
		return err
	}
}

// TestConcurrentCreateOverEmptyFolder: CREATE TABLEs of one name with
// different columns, run at the same moment (through four *sql.DB, as four
// processes would, or one) over a folder that holds nothing yet, make one
// table: exactly one succeeds, the others fail with ErrTableExists, and an
// INSERT racing them either fails with ErrNoTable or adds a row. The table
// then reads, takes rows and drops; nothing is left behind.
func TestConcurrentCreateOverEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	dbs := []*sql.DB{openDB(t, dir), openDB(t, dir), openDB(t, dir), openDB(t, dir)}
	types := []string{"BIGINT", "VARCHAR", "DOUBLE", "BOOLEAN"}
	for round := range ddlRounds() {
		name := fmt.Sprintf("x%d", round)
		if round%4 != 3 {
			require.NoError(t, os.Mkdir(filepath.Join(dir, name), 0o755))
		} // else the folder does not exist yet
		var fs []func() error
		for i, typ := range types {
			db := dbs[i]
			if round%2 == 1 {
				db = dbs[0]
			}
			fs = append(fs, run(db, fmt.Sprintf("CREATE TABLE %s (a %s)", name, typ)))
		}
		fs = append(fs, run(dbs[0], fmt.Sprintf("INSERT INTO %s VALUES (NULL)", name)))
		errs := race(fs...)
		created := 0
		for i, err := range errs[:len(types)] {
			if err == nil {
				created++
				require.Equal(t, []string{"a|" + types[i] + "|true"}, rowsText(t, dbs[0], "DESCRIBE "+name))
				continue
			}
			require.ErrorIs(t, err, pvdriver.ErrTableExists, "round %d", round)
		}
		require.Equal(t, 1, created, "round %d: %v", round, errs)
		inserted := 0
		if err := errs[len(types)]; err == nil {
			inserted = 1
		} else {
			require.ErrorIs(t, err, pvdriver.ErrNoTable, "round %d", round)
		}
		require.Equal(t, []string{fmt.Sprint(inserted)}, rowsText(t, dbs[1], "SELECT COUNT(*) FROM "+name))
		_, err := dbs[2].Exec(fmt.Sprintf("INSERT INTO %s VALUES (NULL)", name))
		require.NoError(t, err)
		_, err = dbs[3].Exec("DROP TABLE " + name)
		require.NoError(t, err)
		require.NoDirExists(t, filepath.Join(dir, name))
	}
	require.Empty(t, hiddenIn(t, dir))
}

// TestCreateTableOverOtherFiles: CREATE TABLE (with or without IF NOT
// EXISTS) does not take over a folder holding other programs' files, even
// hidden ones, nor a file; it fails with ErrNameInUse naming what is
// there, and leaves every file as it was.
func TestCreateTableOverOtherFiles(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	write := func(rel, text string) {
		path := filepath.Join(dir, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	write("photos/2024/img.jpg", "x")
	write("photos/list.csv", "y")
	write("mac/.DS_Store", "z")
	write("notes.txt", "n")
	for _, c := range []struct{ name, msg string }{
		{"photos", "the folder " + filepath.Join(dir, "photos") + " holds other files (2024, list.csv) and no table"},
		{"mac", "the folder " + filepath.Join(dir, "mac") + " holds other files (.DS_Store) and no table"},
		{"`notes.txt`", filepath.Join(dir, "notes.txt") + " is a file"},
	} {
		for _, ifNot := range []string{"", "IF NOT EXISTS "} {
			_, err := db.Exec("CREATE TABLE " + ifNot + c.name + " (id BIGINT)")
			require.ErrorIs(t, err, pvdriver.ErrNameInUse, c.name)
			require.NotErrorIs(t, err, pvdriver.ErrTableExists)
			require.ErrorContains(t, err, c.msg)
		}
	}
	for rel, text := range map[string]string{"photos/2024/img.jpg": "x", "photos/list.csv": "y", "mac/.DS_Store": "z", "notes.txt": "n"} {
		got, err := os.ReadFile(filepath.Join(dir, rel))
		require.NoError(t, err)
		require.Equal(t, text, string(got))
	}
	require.Equal(t, []string{"2024", "list.csv"}, tableFiles(t, dir, "photos"))
	require.Empty(t, hiddenIn(t, dir))
	_, err := db.Exec("DROP TABLE photos")
	require.ErrorIs(t, err, pvdriver.ErrNoTable)
	_, err = db.Exec("DROP TABLE IF EXISTS photos")
	require.NoError(t, err)
	require.Equal(t, []string{"2024", "list.csv"}, tableFiles(t, dir, "photos"))
}

// TestCreateTableOverFileTable: CREATE TABLE `w.parquet` where the file of
// the read-only table w is fails with ErrTableExists, and w still reads.
func TestCreateTableOverFileTable(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	require.NoError(t, parquet.WriteFile(filepath.Join(dir, "w.parquet"), []partitionedRow{{ID: 1, Kind: "x"}}))
	for _, q := range []string{"CREATE TABLE `w.parquet` (id BIGINT)", "CREATE TABLE IF NOT EXISTS `w.parquet` (id BIGINT)"} {
		_, err := db.Exec(q)
		require.ErrorIs(t, err, pvdriver.ErrTableExists, q)
		require.ErrorContains(t, err, filepath.Join(dir, "w.parquet")+" is the file of table w")
	}
	require.Equal(t, []string{"1|x"}, rowsText(t, db, "SELECT * FROM w"))
	require.Empty(t, hiddenIn(t, dir))
}

// TestDropTableKeepsOtherFiles: DROP TABLE of a folder that also holds
// files that are not the table's deletes the table's Parquet files (in
// partition folders too) and the partition folders left empty, and keeps
// the other files, hidden ones included, and the folder; the name then
// names no table. DROP TABLE of a link to a table's folder removes the
// link only.
func TestDropTableKeepsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	_, err := db.Exec("CREATE TABLE t (id BIGINT, kind VARCHAR)")
	require.NoError(t, err)
	_, err = db.Exec("INSERT INTO t VALUES (1, 'a')")
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "t", "date=2024-01-01"), 0o755))
	require.NoError(t, parquet.WriteFile(filepath.Join(dir, "t", "date=2024-01-01", "p.parquet"), []partitionedRow{{ID: 2, Kind: "b"}}))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "t", "date=2024-01-02"), 0o755))
	require.NoError(t, parquet.WriteFile(filepath.Join(dir, "t", "date=2024-01-02", "p.parquet"), []partitionedRow{{ID: 3, Kind: "c"}}))
	other := []string{"README.txt", "_SUCCESS", ".p.parquet.crc", "date=2024-01-02/notes.txt"}
	for _, rel := range other {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "t", rel), []byte(rel), 0o644))
	}
	require.Equal(t, []string{"3"}, rowsText(t, db, "SELECT COUNT(*) FROM t"))

	_, err = db.Exec("DROP TABLE t")
	require.NoError(t, err)
	var left []string
	require.NoError(t, filepath.WalkDir(filepath.Join(dir, "t"), func(path string, d os.DirEntry, err error) error {
		rel, _ := filepath.Rel(filepath.Join(dir, "t"), path)
		left = append(left, filepath.ToSlash(rel))
		return err
	}))
	require.Equal(t, []string{".", ".p.parquet.crc", "README.txt", "_SUCCESS", "date=2024-01-02", "date=2024-01-02/notes.txt"}, left)
	for _, rel := range other {
		got, err := os.ReadFile(filepath.Join(dir, "t", rel))
		require.NoError(t, err)
		require.Equal(t, rel, string(got))
	}
	_, err = db.Query("SELECT * FROM t")
	require.ErrorIs(t, err, pvdriver.ErrNoTable)
	_, err = db.Exec("DROP TABLE t")
	require.ErrorIs(t, err, pvdriver.ErrNoTable)
	_, err = db.Exec("CREATE TABLE t (id BIGINT)")
	require.ErrorIs(t, err, pvdriver.ErrNameInUse)

	// A table that is a link to a folder: the link goes, the folder stays
	// whole.
	_, err = db.Exec("CREATE TABLE u (id BIGINT)")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "u", "README.txt"), []byte("u"), 0o644))
	require.NoError(t, os.Symlink("u", filepath.Join(dir, "link")))
	_, err = db.Exec("DROP TABLE link")
	require.NoError(t, err)
	_, err = os.Lstat(filepath.Join(dir, "link"))
	require.ErrorIs(t, err, os.ErrNotExist)
	require.Len(t, visible(tableFiles(t, dir, "u")), 2, "README.txt and the table's file")
	require.Equal(t, []string{"0"}, rowsText(t, db, "SELECT COUNT(*) FROM u"))
	require.NoError(t, os.Symlink("u", filepath.Join(dir, "link")))
	require.Equal(t, []string{"link", "t", "u"}, slices.Collect(func(yield func(string) bool) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			yield(e.Name())
		}
	}))
}

// TestDropDamagedTable: DROP TABLE and DROP TABLE IF EXISTS remove a table
// that cannot be read: a truncated file, a file of 0 bytes, files whose
// columns conflict.
func TestDropDamagedTable(t *testing.T) {
	damage := map[string]func(t *testing.T, dir, file string){
		"truncated": func(t *testing.T, dir, file string) {
			st, err := os.Stat(file)
			require.NoError(t, err)
			require.NoError(t, os.Truncate(file, st.Size()/2))
		},
		"empty": func(t *testing.T, dir, file string) {
			require.NoError(t, os.Truncate(file, 0))
		},
		"incompatible": func(t *testing.T, dir, file string) {
			type row struct {
				ID string `parquet:"id"`
			}
			require.NoError(t, parquet.WriteFile(filepath.Join(dir, "t", "other.parquet"), []row{{ID: "x"}}))
		},
	}
	for name, f := range damage {
		for _, q := range []string{"DROP TABLE t", "DROP TABLE IF EXISTS t"} {
			t.Run(name+"/"+q, func(t *testing.T) {
				dir := t.TempDir()
				db := openDB(t, dir)
				_, err := db.Exec("CREATE TABLE t (id BIGINT)")
				require.NoError(t, err)
				_, err = db.Exec("INSERT INTO t VALUES (1)")
				require.NoError(t, err)
				files := visible(tableFiles(t, dir, "t"))
				f(t, dir, filepath.Join(dir, "t", files[len(files)-1]))
				_, err = db.Query("SELECT * FROM t")
				require.Error(t, err, "the table is damaged")
				require.NotErrorIs(t, err, pvdriver.ErrNoTable)

				_, err = db.Exec(q)
				require.NoError(t, err)
				require.NoDirExists(t, filepath.Join(dir, "t"))
				_, err = db.Exec("DROP TABLE t")
				require.ErrorIs(t, err, pvdriver.ErrNoTable)
				require.Empty(t, hiddenIn(t, dir))
			})
		}
	}
}

// makeFiles creates table t with n files of one row each.
func makeFiles(t *testing.T, db *sql.DB, n int) {
	t.Helper()
	_, err := db.Exec("CREATE TABLE t (id BIGINT)")
	require.NoError(t, err)
	for i := 1; i < n; i++ {
		_, err := db.Exec("INSERT INTO t VALUES (?)", i)
		require.NoError(t, err)
	}
}

// TestConcurrentDrops: DROP TABLE IF EXISTS run at the same moment all
// succeed; plain DROP TABLEs run at the same moment: one succeeds and the
// others fail with ErrNoTable.
func TestConcurrentDrops(t *testing.T) {
	dir := t.TempDir()
	dbs := []*sql.DB{openDB(t, dir), openDB(t, dir), openDB(t, dir), openDB(t, dir)}
	for round := range ddlRounds() {
		makeFiles(t, dbs[0], 4)
		q := "DROP TABLE IF EXISTS t"
		if round%2 == 1 {
			q = "DROP TABLE t"
		}
		errs := race(run(dbs[0], q), run(dbs[1], q), run(dbs[2], q), run(dbs[3], q))
		dropped := 0
		for _, err := range errs {
			if err == nil {
				dropped++
				continue
			}
			require.ErrorIs(t, err, pvdriver.ErrNoTable, "round %d: %s", round, q)
		}
		if round%2 == 1 {
			require.Equal(t, 1, dropped, "round %d: %v", round, errs)
		} else {
			require.Equal(t, 4, dropped, "round %d: %v", round, errs)
		}
		require.NoDirExists(t, filepath.Join(dir, "t"))
	}
	require.Empty(t, hiddenIn(t, dir))
}

// TestStatementsRacingDrop: INSERTs, SELECTs and SHOW TABLES racing DROP
// TABLE succeed or fail with ErrNoTable (the file system's error stays in
// the chain), never with another error; no INSERT's file survives the
// drop.
func TestStatementsRacingDrop(t *testing.T) {
	dir := t.TempDir()
	dbs := []*sql.DB{openDB(t, dir), openDB(t, dir), openDB(t, dir)}
	for round := range ddlRounds() {
		makeFiles(t, dbs[0], 4)
		query := func(db *sql.DB, q string) func() error {
			return func() error {
				_, err := rowsTextErr(db, q)
				return err
			}
		}
		errs := race(
			run(dbs[0], "DROP TABLE t"),
			run(dbs[1], "INSERT INTO t VALUES (100)"),
			run(dbs[2], "INSERT INTO t VALUES (101), (102)"),
			query(dbs[1], "SELECT SUM(id) FROM t"),
			query(dbs[2], "SELECT * FROM t WHERE id > 3"),
			query(dbs[1], "SHOW TABLES"),
		)
		require.NoError(t, errs[0], "round %d", round)
		for i, err := range errs[1:] {
			if err != nil {
				require.ErrorIs(t, err, pvdriver.ErrNoTable, "round %d statement %d", round, i+1)
			}
		}
		require.NoDirExists(t, filepath.Join(dir, "t"))
	}
	require.Empty(t, hiddenIn(t, dir))
}

// TestReadingWhileDropped: a scan of a table dropped while its rows are
// read ends with ErrNoTable, an error naming the table and the file (or sees
// every row, from files it had opened).
func TestReadingWhileDropped(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	other := openDB(t, dir)
	makeFiles(t, db, 40)
	rows, err := db.Query("SELECT id FROM t")
	require.NoError(t, err)
	defer rows.Close()
	require.True(t, rows.Next())
	_, err = other.Exec("DROP TABLE t")
	require.NoError(t, err)
	n := 1
	for rows.Next() {
		n++
	}
	if err := rows.Err(); err != nil {
		require.ErrorIs(t, err, pvdriver.ErrNoTable)
		var pe *os.PathError
		require.True(t, errors.As(err, &pe), "the file system's error is in the chain: %v", err)
		// The driver's prefix and the table first, then the file once.
		require.Regexp(t, `^parquetvariant: table t: scan: `+regexp.QuoteMeta(filepath.Join(dir, "t"))+`/part-[0-9a-f-]+\.parquet: no such table \(dropped while read\): open: no such file or directory$`, err.Error())
	} else {
		require.Equal(t, 40, n)
	}
}
