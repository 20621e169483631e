package scan

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// Sentinel errors. Errors about one file come as a [*FileError] that wraps
// one of them; match the class with errors.Is and the place with errors.As.
var (
	// ErrCorrupt: a file breaks the Parquet format (bad magic, a truncated
	// file, a footer that does not decode or lies about offsets, a page that
	// does not decode). It may also wrap parquet.ErrCorrupted.
	ErrCorrupt = errors.New("scan: corrupt parquet file")
	// ErrNoTable: no table of that name exists under the root.
	ErrNoTable = errors.New("scan: no such table")
	// ErrInvalidName: a table name is empty, contains a path separator or
	// NUL, is "." or "..", or starts with '_' or '.' (docs/design.md section 2).
	ErrInvalidName = errors.New("scan: invalid table name")
	// ErrOutsideRoot: a table or file path resolves outside the root
	// directory (an absolute path, "..", or a symbolic link out of the root).
	ErrOutsideRoot = errors.New("scan: path outside the root directory")
	// ErrNameConflict: two entries of the root give the same table name (a
	// sub-directory x and a root-level file x.parquet).
	ErrNameConflict = errors.New("scan: two tables with the same name")
	// ErrSchemaConflict: two files of a table give one column (its name
	// matched in any case) incompatible types, and the error names both
	// files; or one file holds two columns whose names differ only in case
	// (a name would match both), and a [*FileError] names the file and both
	// columns.
	ErrSchemaConflict = errors.New("scan: schema conflict")
	// ErrUnknownColumn: a projection or predicate names a column the table
	// does not have.
	ErrUnknownColumn = errors.New("scan: unknown column")
	// ErrType: a predicate compares a column with a value of a type it
	// cannot be compared with (a string with an int64 column, ...).
	ErrType = errors.New("scan: type mismatch")
	// ErrStale: a file changed (size or modification time) between the
	// listing of its table and a scan of it; list the table again.
	ErrStale = errors.New("scan: file changed since its table was listed")
	// ErrUnsupported: the request needs a feature this package does not
	// provide. It wraps
	// errors.ErrUnsupported.
	ErrUnsupported = unsupportedError{}
)

type unsupportedError struct{}

func (unsupportedError) Error() string        { return "scan: unsupported" }
func (unsupportedError) Unwrap() error        { return errors.ErrUnsupported }
func (unsupportedError) Is(target error) bool { return target == errors.ErrUnsupported }

// FileError is an error about one Parquet file: where it happened and why.
// RowGroup is -1 and Column empty when the error is about the whole file
// (its footer or its schema).
type FileError struct {
	Path     string // file path
	RowGroup int    // row group ordinal, or -1
	Column   string // dotted leaf column path, or ""
	Err      error  // the cause; wraps a sentinel such as ErrCorrupt
}

// Error formats as `scan: FILE: row group N: column "C": cause`, leaving
// out the row group and column when they are not known.
func (e *FileError) Error() string {
	var b strings.Builder
	b.WriteString("scan: ")
	b.WriteString(e.Path)
	if e.RowGroup >= 0 {
		b.WriteString(": row group ")
		b.WriteString(strconv.Itoa(e.RowGroup))
	}
	if e.Column != "" {
		b.WriteString(": column ")
		b.WriteString(strconv.Quote(e.Column))
	}
	b.WriteString(": ")
	b.WriteString(strings.TrimPrefix(e.Err.Error(), "scan: "))
	return b.String()
}

// Unwrap returns the cause.
func (e *FileError) Unwrap() error { return e.Err }

// RowError is the cause of a [FileError] that is about one row: a Variant
// value that is malformed or fails its cast. Row counts from 0 within the
// FileError's row group.
type RowError struct {
	Row int64
	Err error
}

// Error formats as "row 17: cause".
func (e *RowError) Error() string {
	return "row " + strconv.FormatInt(e.Row, 10) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *RowError) Unwrap() error { return e.Err }

// corruptError wraps err as ErrCorrupt unless it already is.
type corruptError struct{ err error }

func (e corruptError) Error() string {
	return "corrupt parquet file: " + e.err.Error()
}

func (e corruptError) Unwrap() []error { return []error{ErrCorrupt, e.err} }

func corrupt(err error) error {
	if errors.Is(err, ErrCorrupt) {
		return err
	}
	return corruptError{err}
}

// gone returns err, an error of the file system about a table's file or
// folder, as an error that also matches ErrNoTable when it says the file or
// folder no longer exists: tables only gain files until DROP TABLE removes
// them all, so a file that vanishes between the listing of its table and
// its reading belongs to a dropped table. err stays in the chain.
func gone(err error) error {
	if err == nil || errors.Is(err, ErrNoTable) || !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return fmt.Errorf("%w (dropped while read): %w", ErrNoTable, err)
}

// goneFile is gone for an error about the file that an enclosing
// [FileError] names: its text leaves out the path, which the FileError
// already gives, and err stays in the chain.
func goneFile(err error) error {
	var pe *fs.PathError
	if errors.Is(err, ErrNoTable) || !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) {
		return gone(err)
	}
	return droppedError{cause: err, text: ErrNoTable.Error() + " (dropped while read): " + pe.Op + ": " + pe.Err.Error()}
}

// droppedError is a file of a table that DROP TABLE removed while the table
// was read. It matches ErrNoTable and its cause.
type droppedError struct {
	cause error
	text  string
}

func (e droppedError) Error() string { return e.text }

func (e droppedError) Unwrap() []error { return []error{ErrNoTable, e.cause} }

// goneAt is gone for an error about path, unless path is a symbolic link
// that leads nowhere: that is a damaged table, not a dropped one, and the
// error says so (wrapping ErrCorrupt, not ErrNoTable or fs.ErrNotExist).
func goneAt(path string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		if st, lerr := os.Lstat(path); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			return &FileError{Path: path, RowGroup: -1, Err: fmt.Errorf("%w: a symbolic link to nothing (%v)", ErrCorrupt, err)}
		}
	}
	return gone(err)
}
