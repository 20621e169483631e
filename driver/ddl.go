package driver

import (
	sqldriver "database/sql/driver"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/shred"
)

// createTable makes a table: a folder holding one file of no rows, so that
// its columns survive a restart. The folder is built under a hidden name in
// the root and renamed to the table's name. That rename is the one step
// that decides between CREATE TABLEs of one name running at the same time,
// in any process: the file system lets it replace only nothing or an empty
// folder, so exactly one of them makes the table, and a folder that holds
// anything (a table's files, a file in progress, files of other programs)
// is never taken over. A failed CREATE leaves no file behind.
func (c *conn) createTable(s *createTableStmt) (sqldriver.Result, error) {
	if err := scan.CheckName(s.Table); err != nil {
		return nil, fmt.Errorf("parquetvariant: CREATE TABLE: %w", err)
	}
	cols := make([]tableColumn, 0, len(s.Columns))
	seen := map[string]bool{}
	for _, d := range s.Columns {
		t, err := createType(d)
		if err != nil {
			return nil, err
		}
		if seen[strings.ToLower(d.Name)] {
			return nil, &SQLError{Err: ErrSyntax, Pos: -1, Msg: "CREATE TABLE " + quoteIdent(s.Table) + ": column " + quoteIdent(d.Name) + " given twice"}
		}
		seen[strings.ToLower(d.Name)] = true
		cols = append(cols, tableColumn{name: d.Name, typ: t, shred: shred.Untyped()})
	}
	taken := func(err error) (sqldriver.Result, error) {
		var te *tableExistsError
		if s.IfNotExists && errors.As(err, &te) {
			return sqldriver.RowsAffected(0), nil
		}
		return nil, err
	}
	target, err := c.createTarget(s.Table)
	if err != nil {
		return taken(err)
	}
	root := c.connector.root.Dir()
	tmp := filepath.Join(root, "_pv-create-"+randomHex(8))
	if err := os.Mkdir(tmp, 0o755); err != nil {
		return nil, fmt.Errorf("parquetvariant: CREATE TABLE %s: %w", quoteIdent(s.Table), err)
	}
	cfg := *c.cfg
	cfg.Shred = ShredNone
	fw := newFileWriter(s.Table, tmp, &cfg, cols, nil)
	if err := fw.commit(); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	for try := 1; ; try++ {
		// An empty folder at the name gives way: rmdir removes only an
		// empty folder, and os.Rename then renames onto nothing or fails.
		syscall.Rmdir(target)
		err := os.Rename(tmp, target)
		if err == nil {
			break
		}
		// Another CREATE TABLE (or a program) took the name since the
		// check above: say what is there now. A DROP TABLE may have freed
		// the name again meanwhile: then try again, as a CREATE TABLE
		// coming after that DROP TABLE.
		next, terr := c.createTarget(s.Table)
		if terr != nil || try == 100 {
			os.RemoveAll(tmp)
			if terr != nil {
				return taken(terr)
			}
			return nil, fmt.Errorf("parquetvariant: CREATE TABLE %s: %w", quoteIdent(s.Table), err)
		}
		target = next
	}
	return sqldriver.RowsAffected(0), syncDir(filepath.Dir(target))
}

// tableExistsError is the error of CREATE TABLE naming a table that exists,
// which CREATE TABLE IF NOT EXISTS passes over. It wraps ErrTableExists.
type tableExistsError struct{ table string }

func (e *tableExistsError) Error() string {
	return ErrTableExists.Error() + ": CREATE TABLE " + quoteIdent(e.table)
}

func (e *tableExistsError) Unwrap() error { return ErrTableExists }

// createTarget returns the path CREATE TABLE renames the new table's folder
// to: the table's name in the root when nothing is there, or the empty
// folder there (the folder a symbolic link inside the root names). Errors:
// a *tableExistsError when the table exists; ErrTableExists when the name
// is a root-level file table's file (`w.parquet`, the file of table w);
// ErrNameInUse when the name is a folder holding files but no table, or
// another file.
func (c *conn) createTarget(name string) (string, error) {
	// A folder that vanishes while it is looked at was removed by a CREATE
	// TABLE running at the same time (see createTable): look again.
	for try := 1; ; try++ {
		target, err := c.nameUse(name)
		if try == 100 || !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrNoTable) {
			return target, err
		}
	}
}

// nameUse is createTarget's one look at the name.
func (c *conn) nameUse(name string) (string, error) {
	root := c.connector.root
	switch _, _, err := root.Locate(name); {
	case err == nil:
		return "", &tableExistsError{table: name}
	case !errors.Is(err, scan.ErrNoTable):
		return "", fmt.Errorf("parquetvariant: CREATE TABLE %s: %w", quoteIdent(name), err)
	}
	final := filepath.Join(root.Dir(), name)
	st, err := os.Stat(final)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if lst, lerr := os.Lstat(final); lerr == nil {
			if lst.Mode()&fs.ModeSymlink == 0 {
				// Made since Stat looked (a CREATE TABLE running at the
				// same time): look again.
				return "", fmt.Errorf("parquetvariant: CREATE TABLE %s: %s appeared while looked at: %w", quoteIdent(name), final, fs.ErrNotExist)
			}
			return "", fmt.Errorf("%w: CREATE TABLE %s: %s is a symbolic link to nothing", ErrNameInUse, quoteIdent(name), final)
		}
		return final, nil
	case err != nil:
		return "", fmt.Errorf("parquetvariant: CREATE TABLE %s: %w", quoteIdent(name), err)
	case st.Mode().IsRegular() && strings.HasSuffix(name, ".parquet") && scan.CheckName(strings.TrimSuffix(name, ".parquet")) == nil:
		return "", fmt.Errorf("%w: CREATE TABLE %s: %s is the file of table %s", ErrTableExists, quoteIdent(name), final, quoteIdent(strings.TrimSuffix(name, ".parquet")))
	case !st.IsDir():
		return "", fmt.Errorf("%w: CREATE TABLE %s: %s is a file", ErrNameInUse, quoteIdent(name), final)
	}
	// A folder, reached through links that Locate checked stay in the root.
	real, err := filepath.EvalSymlinks(final)
	if err != nil {
		return "", fmt.Errorf("parquetvariant: CREATE TABLE %s: %w", quoteIdent(name), err)
	}
	d, err := os.Open(real)
	if err != nil {
		return "", fmt.Errorf("parquetvariant: CREATE TABLE %s: %w", quoteIdent(name), err)
	}
	defer d.Close()
	const shown = 3
	names, err := d.Readdirnames(shown + 1)
	if len(names) == 0 {
		if err != nil && !errors.Is(err, io.EOF) {
			return "", fmt.Errorf("parquetvariant: CREATE TABLE %s: %w", quoteIdent(name), err)
		}
		return real, nil
	}
	// The files may be those of a table that a CREATE TABLE running at the
	// same time renamed into place since Locate looked.
	if _, _, err := root.Locate(name); err == nil {
		return "", &tableExistsError{table: name}
	}
	// Or those of a table that a DROP TABLE running at the same time took
	// away (renamed) since the folder was opened: look again.
	if now, err := os.Stat(final); err != nil || !os.SameFile(st, now) {
		return "", fmt.Errorf("parquetvariant: CREATE TABLE %s: %s changed while looked at: %w", quoteIdent(name), final, fs.ErrNotExist)
	}
	slices.Sort(names)
	list := strings.Join(names[:min(len(names), shown)], ", ")
	if len(names) > shown {
		list += ", ..."
	}
	return "", fmt.Errorf("%w: CREATE TABLE %s: the folder %s holds other files (%s) and no table", ErrNameInUse, quoteIdent(name), final, list)
}

// dropTable removes a table. It reads none of the table's files, so a
// table with a damaged file can be dropped, and it deletes only the
// table's Parquet files (in partition folders too) and the driver's files
// in progress (see tableFolder): when the folder holds nothing else, it is
// renamed to a hidden name, so that the table disappears at once, and then
// deleted; otherwise the Parquet files are deleted one by one, then the
// folders they leave empty, and the other files and the table's folder
// stay. A table that is a symbolic link to a folder is dropped by removing
// the link. A table dropped by a DROP TABLE at the same time does not
// exist.
func (c *conn) dropTable(s *dropTableStmt) (sqldriver.Result, error) {
	noTable := func(err error) (sqldriver.Result, error) {
		if s.IfExists {
			return sqldriver.RowsAffected(0), nil
		}
		if !errors.Is(err, ErrNoTable) {
			err = fmt.Errorf("%w: %w", ErrNoTable, err)
		}
		return nil, fmt.Errorf("parquetvariant: DROP TABLE %s: %w", quoteIdent(s.Table), err)
	}
	info, _, err := c.connector.root.Locate(s.Table)
	if errors.Is(err, ErrNoTable) {
		return noTable(err)
	}
	if err != nil {
		return nil, fmt.Errorf("parquetvariant: DROP TABLE %s: %w", quoteIdent(s.Table), err)
	}
	if info.ReadOnly {
		return nil, fmt.Errorf("%w: table %s is a Parquet file in the root directory", ErrReadOnly, quoteIdent(s.Table))
	}
	root := c.connector.root.Dir()
	dir := info.Path
	if st, err := os.Lstat(dir); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		// The table is a link to a folder: the link goes, what it names
		// stays.
		if err := os.Remove(dir); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return noTable(err)
			}
			return nil, fmt.Errorf("parquetvariant: DROP TABLE %s: %w", quoteIdent(s.Table), err)
		}
		return sqldriver.RowsAffected(0), syncDir(root)
	}
	tf, err := tableFolder(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return noTable(err)
	}
	if err != nil {
		return nil, fmt.Errorf("parquetvariant: DROP TABLE %s: %w", quoteIdent(s.Table), err)
	}
	if len(tf.data) == 0 {
		return noTable(fmt.Errorf("%w: %q (no .parquet files)", ErrNoTable, s.Table))
	}
	if len(tf.other) > 0 {
		if err := tf.removeTable(); err != nil {
			return nil, fmt.Errorf("parquetvariant: DROP TABLE %s: %w", quoteIdent(s.Table), err)
		}
		return sqldriver.RowsAffected(0), nil
	}
	gone := filepath.Join(root, "_pv-drop-"+randomHex(8))
	if err := os.Rename(dir, gone); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return noTable(err)
		}
		return nil, fmt.Errorf("parquetvariant: DROP TABLE %s: %w", quoteIdent(s.Table), err)
	}
	if err := syncDir(root); err != nil {
		return nil, err
	}
	// A Connector opening the root may be deleting gone too (see
	// removeLeftovers).
	if err := os.RemoveAll(gone); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("parquetvariant: DROP TABLE %s: removing its files: %w", quoteIdent(s.Table), err)
	}
	return sqldriver.RowsAffected(0), nil
}
