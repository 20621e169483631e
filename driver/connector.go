package driver

import (
	"context"
	sqldriver "database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/shred"
)

// Connector opens connections to one root directory. It owns the footer
// cache of the directory's files, shared by its connections, and is safe
// for concurrent use. Close releases it; sql.DB.Close calls it.
type Connector struct {
	cfg  Config
	root *scan.Root

	mu     sync.Mutex
	closed bool
}

// NewConnector returns a Connector for cfg, which it copies (Shredding at
// every depth); build cfg with
// [NewConfig] (or [ParseDSN]) and change the options you need, since the
// zero Config holds no valid option values. The root directory must exist.
// Errors wrap ErrDSN for a bad Config, also for a root directory that does
// not exist (then also fs.ErrNotExist) or is not a directory, and name the
// directory as given when it cannot be opened. Unless the Config is read-only, it removes the files and folders
// in progress that dead writers left in the root (see leftoverAge).
func NewConnector(cfg *Config) (*Connector, error) {
	c := *cfg
	c.Shredding = cloneShredding(cfg.Shredding)
	if c.Root == "" {
		return nil, fmt.Errorf("%w: no root directory", ErrDSN)
	}
	// A Config built in code goes through the same checks as a DSN.
	if _, err := ParseDSN(c.FormatDSN()); err != nil {
		return nil, fmt.Errorf("%w (a Config built in code starts from NewConfig, which sets every option to its default)", err)
	}
	for table, cols := range c.Shredding {
		names := slices.Sorted(maps.Keys(cols))
		for i, col := range names {
			if _, err := cols[col].Node(); err != nil {
				return nil, fmt.Errorf("%w: Shredding of %s.%s: %w", ErrDSN, quoteIdent(table), quoteIdent(col), err)
			}
			for _, other := range names[:i] {
				if strings.EqualFold(other, col) {
					return nil, fmt.Errorf("%w: Shredding of %s names columns %s and %s, which differ only in case (column names match in any case)", ErrDSN, quoteIdent(table), quoteIdent(other), quoteIdent(col))
				}
			}
		}
	}
	if err := checkRoot(c.Root); err != nil {
		return nil, err
	}
	root, err := scan.Open(c.Root)
	if err != nil {
		return nil, fmt.Errorf("parquetvariant: root directory %q: %w", c.Root, err)
	}
	if !c.ReadOnly {
		removeLeftovers(root.Dir())
	}
	return &Connector{cfg: c, root: root}, nil
}

// checkRoot reports a root directory that does not exist or is not a
// directory, naming it as the Config gives it rather than the first missing
// element of its path.
func checkRoot(root string) error {
	st, err := os.Stat(root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &rootError{root: root, msg: "does not exist", cause: fs.ErrNotExist}
	case errors.Is(err, syscall.ENOTDIR):
		return &rootError{root: root, msg: "is not a directory (its path runs through a file)", cause: err}
	case err != nil:
		msg := err.Error()
		var pe *fs.PathError
		if errors.As(err, &pe) {
			msg = pe.Err.Error() // the path is the root's, named already
		}
		return &rootError{root: root, msg: "cannot be read: " + msg, cause: err}
	case !st.IsDir():
		return &rootError{root: root, msg: "is not a directory"}
	}
	return nil
}

// Connect returns a new connection. It fails only when the Connector is
// closed or ctx is done.
func (c *Connector) Connect(ctx context.Context) (sqldriver.Conn, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, ErrClosed
	}
	return &conn{connector: c, cfg: &c.cfg}, nil
}

// Driver returns the package's Driver.
func (c *Connector) Driver() sqldriver.Driver { return &Driver{} }

// Close marks the Connector closed: later Connect calls fail. Connections
// already open keep working until they are closed.
func (c *Connector) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	return nil
}

// cloneShredding copies a Config's Shredding at every depth, so that the
// caller may change or reuse its own after NewConnector.
func cloneShredding(m map[string]map[string]shred.Schema) map[string]map[string]shred.Schema {
	if m == nil {
		return nil
	}
	out := make(map[string]map[string]shred.Schema, len(m))
	for table, cols := range m {
		c := make(map[string]shred.Schema, len(cols))
		for col, s := range cols {
			c[col] = s.Clone()
		}
		out[table] = c
	}
	return out
}
