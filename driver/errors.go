package driver

import (
	"errors"
	"strconv"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/shred"
)

// Sentinel errors of the driver. Errors are wrapped with %w, so they match
// with errors.Is; parse errors are also an [*SQLError].
var (
	// ErrSyntax: the SQL text does not parse.
	ErrSyntax = errors.New("parquetvariant: syntax error")
	// ErrNoColumn: the statement names a column the table does not have
	// (the error lists the columns it has).
	ErrNoColumn = errors.New("parquetvariant: no such column")
	// ErrUnsupported: the SQL parses but uses what the driver does not
	// support (UPDATE, DELETE, joins, subqueries, ...). errors.Is also
	// matches it with errors.ErrUnsupported.
	ErrUnsupported error = unsupportedError{}
	// ErrClosed: the connection, statement or Connector was closed.
	ErrClosed = errors.New("parquetvariant: closed")
	// ErrReadOnly: a statement would write through a read-only connection
	// (DSN option read_only=true) or to a read-only table (a Parquet file in
	// the root directory).
	ErrReadOnly = errors.New("parquetvariant: read-only")
	// ErrTableExists: CREATE TABLE without IF NOT EXISTS names a table
	// that exists (or that another writer created at the same time).
	ErrTableExists = errors.New("parquetvariant: the table exists")
	// ErrTxFailed: an INSERT of the transaction failed, so the transaction
	// can only roll back: a later INSERT in it fails at once with this
	// error, and Commit rolls back and returns it (wrapping the first
	// failure too).
	ErrTxFailed = errors.New("parquetvariant: an INSERT of the transaction failed, so it can only roll back")
	// ErrNameInUse: CREATE TABLE names an entry of the root directory that
	// is not a table and that it does not take over: a folder holding files
	// but no table (a folder of other programs' files), or a file. (A
	// root-level file w.parquet, the file of table w, is ErrTableExists for
	// CREATE TABLE `w.parquet`.)
	ErrNameInUse = errors.New("parquetvariant: the name is in use by other files")
	// ErrNoTable: the statement names a table that does not exist (the
	// scan package's sentinel, so either name matches).
	ErrNoTable = scan.ErrNoTable
	// ErrTooLarge: an inserted value takes more than 252 MiB, more than a
	// Parquet page that readers accept may hold (the shred package's
	// sentinel, so either name matches).
	ErrTooLarge = shred.ErrTooLarge
)

// rootError is a DSN or Config whose root directory cannot be one. It wraps
// ErrDSN and, when there is one, the cause (fs.ErrNotExist for a missing
// root).
type rootError struct {
	root, msg string
	cause     error
}

// Error formats as `parquetvariant: invalid DSN: root directory
// "/data/lake" does not exist`.
func (e *rootError) Error() string {
	return ErrDSN.Error() + ": root directory " + strconv.Quote(e.root) + " " + e.msg
}

// Unwrap returns ErrDSN and the cause.
func (e *rootError) Unwrap() []error {
	if e.cause == nil {
		return []error{ErrDSN}
	}
	return []error{ErrDSN, e.cause}
}

type unsupportedError struct{}

func (unsupportedError) Error() string { return "parquetvariant: not supported" }

// Is makes errors.Is(err, errors.ErrUnsupported) hold for ErrUnsupported.
func (unsupportedError) Is(target error) bool { return target == errors.ErrUnsupported }

// SQLError is a statement that cannot be run as written: it says what and
// where in the SQL text.
type SQLError struct {
	// Err is ErrSyntax, ErrUnsupported or ErrNoColumn.
	Err error
	// Pos is the byte position in the SQL text just past the construct at
	// fault (as the SQL grammar reports positions), or -1 when unknown.
	Pos int
	// Msg names the construct.
	Msg string
	// Cause is the error behind Msg, when there is one (a
	// variant.ErrInvalidPath for a malformed path, say), so that errors.Is
	// matches it too.
	Cause error
}

// Error formats as "parquetvariant: not supported: UPDATE (tables are
// append-only) at position 6".
func (e *SQLError) Error() string {
	s := e.Err.Error()
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	if e.Pos >= 0 {
		s += " at position " + strconv.Itoa(e.Pos)
	}
	return s
}

// Unwrap returns the sentinel and the cause.
func (e *SQLError) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}
