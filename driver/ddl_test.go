package driver_test

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// rootLeftovers lists the driver's hidden entries in the root directory.
func rootLeftovers(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "_") {
			out = append(out, e.Name())
		}
	}
	return out
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
	require.Empty(t, rootLeftovers(t, dir))
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
	require.Empty(t, rootLeftovers(t, dir))
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
	require.Empty(t, rootLeftovers(t, dir))
}
