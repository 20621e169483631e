package scan

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/parquet-go/parquet-go"
)

// fileExt is the suffix of the files that make up tables.
const fileExt = ".parquet"

// Root is a directory whose entries are tables (docs/design.md section 2):
//
//   - a sub-directory holding *.parquet files, searched recursively (the
//     keys of k=v/ partition folders that the files do not store are
//     string columns, see [Column]), is a table named after the
//     sub-directory;
//   - a *.parquet file directly in the root is a read-only table named after
//     its base name without the extension;
//   - files and folders whose names start with '_' or '.' are invisible at
//     every level (writers use them for files in progress).
//
// Every file footer is read once and cached; an entry is read again when the
// file's size or modification time changes, and dropped when the file leaves
// its table. A Root is safe for concurrent use.
type Root struct {
	dir string // absolute, symbolic links resolved

	mu    sync.Mutex
	files map[string]*fileEntry // by absolute path
	// changes counts the cached entries replaced or dropped, which
	// invalidates the appendSnaps taken before.
	changes int
	appends map[string]*appendSnap // by table folder, see TableForAppend

	footerReads int // footers read from disk, for tests
	stats       int // data files stat-ed, for tests
}

// fileEntry is the cached footer of one file.
type fileEntry struct {
	path       string // absolute
	size       int64
	modTime    time.Time
	pf         *parquet.File
	nullCounts [][]bool     // [row group][leaf]: Statistics.null_count present
	index      []chunkIndex // page index by row group, then leaf; nil: none
	cols       []fileColumn
	byName     map[string]int // position in cols, by foldName
	layouts    []fileLayout   // by position in cols, for Variant columns
	slotsMu    sync.Mutex
	slots      map[vslotKey]*vdesc // compiled Variant slots
}

// TableInfo names one table of a root.
type TableInfo struct {
	Name     string
	Path     string // the table's directory, or its file for a root-level file
	ReadOnly bool   // a root-level file
}

// Open returns the Root for directory dir. It checks that dir is a
// directory; tables are listed on demand.
func Open(dir string) (*Root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	abs, err = filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("scan: %s: not a directory", dir)
	}
	return &Root{dir: abs, files: make(map[string]*fileEntry), appends: make(map[string]*appendSnap)}, nil
}

// Dir returns the root directory (absolute, symbolic links resolved).
func (r *Root) Dir() string { return r.dir }

// hidden reports whether a file or folder name is invisible to readers.
func hidden(name string) bool {
	return name == "" || name[0] == '_' || name[0] == '.'
}

// CheckName reports whether name is a valid table name: not empty, no '/',
// '\' or NUL, and not starting with '_' or '.' (so never "." or ".."). The
// error wraps ErrInvalidName.
func CheckName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: empty", ErrInvalidName)
	case strings.ContainsAny(name, "/\\\x00"):
		return fmt.Errorf("%w: %q contains a path separator or NUL", ErrInvalidName, name)
	case hidden(name):
		return fmt.Errorf("%w: %q starts with '_' or '.'", ErrInvalidName, name)
	}
	return nil
}

// inside resolves the symbolic links of path and checks that the result
// lies inside the root. It returns the resolved path.
func (r *Root) inside(path string) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", goneAt(path, err)
	}
	rel, err := filepath.Rel(r.dir, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("%w: %s resolves to %s", ErrOutsideRoot, path, real)
	}
	return real, nil
}

// Tables lists the tables of the root, sorted by name. A symbolic link that
// leads out of the root is an error wrapping ErrOutsideRoot; a sub-directory
// x next to a file x.parquet is an error wrapping ErrNameConflict.
func (r *Root) Tables() ([]TableInfo, error) {
	entries, err := os.ReadDir(r.dir)
	if err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	var out []TableInfo
	seen := make(map[string]string)
	for _, e := range entries {
		name := e.Name()
		if hidden(name) {
			continue
		}
		path := filepath.Join(r.dir, name)
		real, err := r.inside(path)
		if errors.Is(err, ErrNoTable) {
			continue // dropped since the root was listed
		}
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(real)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("scan: %w", err)
		}
		var info TableInfo
		switch {
		case st.IsDir():
			files, err := r.tableFiles(path)
			if errors.Is(err, ErrNoTable) {
				continue
			}
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				continue
			}
			info = TableInfo{Name: name, Path: path}
		case st.Mode().IsRegular() && strings.HasSuffix(name, fileExt) && !hidden(strings.TrimSuffix(name, fileExt)):
			info = TableInfo{Name: strings.TrimSuffix(name, fileExt), Path: path, ReadOnly: true}
		default:
			continue
		}
		if other, ok := seen[info.Name]; ok {
			return nil, fmt.Errorf("%w: %q is both %s and %s", ErrNameConflict, info.Name, other, path)
		}
		seen[info.Name] = path
		out = append(out, info)
	}
	slices.SortFunc(out, func(a, b TableInfo) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// tableFiles lists the visible *.parquet files under dir, recursively,
// sorted by path. Symbolic links are followed when they stay inside the
// root; a directory or file reached twice is listed once, under its real
// path when it has one in the table (links are followed after every real
// entry is listed), so that its key=value partition folders are the real
// ones.
func (r *Root) tableFiles(dir string) ([]string, error) {
	var files []string
	visited := make(map[string]bool)
	var links []string       // linked directories, walked after the real ones
	var linkedFiles []string // linked files, listed after the real ones
	var walk func(dir string) error
	walk = func(dir string) error {
		real, err := r.inside(dir)
		if err != nil {
			return err
		}
		if visited[real] {
			return nil
		}
		visited[real] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			return gone(err)
		}
		for _, e := range entries {
			name := e.Name()
			if hidden(name) {
				continue
			}
			path := dir + string(filepath.Separator) + name // dir is clean, name one element
			typ := e.Type()
			linked := typ&fs.ModeSymlink != 0
			if linked {
				real, err := r.inside(path)
				if errors.Is(err, ErrCorrupt) && strings.HasSuffix(name, fileExt) {
					// A link to nothing named as a data file: listed, so
					// that reading the table names it and DROP TABLE
					// removes it.
					files = append(files, path)
					continue
				}
				if err != nil {
					return err
				}
				st, err := os.Stat(real)
				if err != nil {
					return gone(err)
				}
				typ = st.Mode().Type()
			}
			switch {
			case typ.IsDir() && linked:
				links = append(links, path)
			case typ.IsDir():
				if err := walk(path); err != nil {
					return err
				}
			case typ.IsRegular() && strings.HasSuffix(name, fileExt) && linked:
				linkedFiles = append(linkedFiles, path)
			case typ.IsRegular() && strings.HasSuffix(name, fileExt):
				files = append(files, path)
			}
		}
		return nil
	}
	if err := walk(dir); err != nil {
		return nil, err
	}
	for len(links) > 0 {
		next := links[0]
		links = links[1:]
		if err := walk(next); err != nil {
			return nil, err
		}
	}
	var listed map[string]bool
	if len(linkedFiles) > 0 {
		listed = make(map[string]bool, len(files))
		for _, path := range files {
			listed[path] = true
		}
	}
	for _, path := range linkedFiles {
		real, err := r.inside(path)
		if err != nil {
			return nil, err
		}
		if !listed[real] {
			listed[real] = true
			files = append(files, path)
		}
	}
	slices.Sort(files)
	return files, nil
}

// Locate finds table name without reading its files: its TableInfo and
// its files as they are now (absolute paths, sorted). Errors:
// ErrInvalidName, ErrNoTable (also when a folder of that name holds no
// *.parquet file), ErrOutsideRoot, ErrNameConflict.
func (r *Root) Locate(name string) (TableInfo, []string, error) {
	if err := CheckName(name); err != nil {
		return TableInfo{}, nil, err
	}
	dir := filepath.Join(r.dir, name)
	file := dir + fileExt
	dirOK, fileOK := isDir(dir), isRegular(file)
	switch {
	case dirOK && fileOK:
		return TableInfo{}, nil, fmt.Errorf("%w: %q is both %s and %s", ErrNameConflict, name, dir, file)
	case dirOK:
		paths, err := r.tableFiles(dir)
		if err != nil {
			return TableInfo{}, nil, err
		}
		if len(paths) == 0 {
			return TableInfo{}, nil, fmt.Errorf("%w: %q (no %s files)", ErrNoTable, name, fileExt)
		}
		return TableInfo{Name: name, Path: dir}, paths, nil
	case fileOK:
		if _, err := r.inside(file); err != nil {
			return TableInfo{}, nil, err
		}
		return TableInfo{Name: name, Path: file, ReadOnly: true}, []string{file}, nil
	}
	return TableInfo{}, nil, fmt.Errorf("%w: %q", ErrNoTable, name)
}

// Table returns a snapshot of table name: its files as they are now, their
// footers (from the cache when a file is unchanged) and the merged schema.
// Errors: those of [Root.Locate], ErrSchemaConflict (also for one file
// whose columns differ only in case, as a [*FileError]), and a
// [*FileError] wrapping ErrCorrupt for a file whose footer cannot be read.
func (r *Root) Table(name string) (*Table, error) {
	info, paths, err := r.Locate(name)
	if err != nil {
		return nil, err
	}
	return r.table(info, paths)
}

// FileTable returns a snapshot of the read-only table of the one file
// NAME.parquet in the root's folder, whether or not a folder NAME beside it
// makes the name ambiguous for [Root.Table]. Errors: ErrNoTable when
// there is no such file, and those of [Root.Table].
func (r *Root) FileTable(name string) (*Table, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	file := filepath.Join(r.dir, name) + fileExt
	if !isRegular(file) {
		return nil, fmt.Errorf("%w: %q (no file %s)", ErrNoTable, name, file)
	}
	if _, err := r.inside(file); err != nil {
		return nil, err
	}
	return r.table(TableInfo{Name: name, Path: file, ReadOnly: true}, []string{file})
}

// table reads the snapshot of the table info whose files are paths.
func (r *Root) table(info TableInfo, paths []string) (*Table, error) {
	t := &Table{Name: info.Name, Path: info.Path, ReadOnly: info.ReadOnly, root: r, newest: -2}
	var err error
	if t.files, err = r.entries(t.Path, paths); err != nil {
		return nil, err
	}
	if t.schema, err = mergeSchema(t.files); err != nil {
		return nil, err // the caller names the table
	}
	if !t.ReadOnly {
		t.parts = make([][]partValue, len(paths))
		for i, p := range paths {
			t.parts[i] = partitionsOf(t.Path, p)
		}
		addPartitionColumns(&t.schema, t.parts)
	}
	return t, nil
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

func isRegular(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// entries returns the cached footers of paths, reading the footers of new
// and changed files, and drops cached entries under prefix that are no
// longer listed.
func (r *Root) entries(prefix string, paths []string) ([]*fileEntry, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	listed := make(map[string]bool, len(paths))
	out := make([]*fileEntry, 0, len(paths))
	for _, p := range paths {
		listed[p] = true
		st, err := os.Stat(p)
		r.stats++
		if err != nil {
			return nil, goneAt(p, err)
		}
		e := r.files[p]
		if e == nil || e.size != st.Size() || !e.modTime.Equal(st.ModTime()) {
			if e != nil {
				r.changes++
			}
			if e, err = openEntry(p, st); err != nil {
				return nil, err
			}
			r.footerReads++
			r.files[p] = e
		}
		out = append(out, e)
	}
	for p := range r.files {
		if !listed[p] && (p == prefix || strings.HasPrefix(p, prefix+string(filepath.Separator))) {
			delete(r.files, p)
			r.changes++
		}
	}
	return out, nil
}

// openEntry reads the footer of the file at path.
func openEntry(path string, st fs.FileInfo) (*fileEntry, error) {
	fail := func(err error) (*fileEntry, error) {
		return nil, &FileError{Path: path, RowGroup: -1, Err: err}
	}
	f, err := os.Open(path)
	if err != nil {
		return fail(goneFile(err))
	}
	defer f.Close()
	pf, nullCounts, index, err := readFooter(f, st.Size())
	if ce := (*chunkError)(nil); errors.As(err, &ce) {
		return nil, &FileError{Path: path, RowGroup: ce.rowGroup, Column: ce.column, Err: err}
	}
	if err != nil {
		return fail(err)
	}
	cols, err := fileSchema(pf.Metadata().Schema)
	if err != nil {
		return fail(corrupt(err))
	}
	e := &fileEntry{path: path, size: st.Size(), modTime: st.ModTime(), pf: pf, nullCounts: nullCounts, index: index, cols: cols,
		byName: make(map[string]int, len(cols)), layouts: make([]fileLayout, len(cols))}
	for i, c := range cols {
		key := foldName(c.name)
		cols[i].key = key
		if j, ok := e.byName[key]; ok {
			return fail(fmt.Errorf("%w: columns %q and %q differ only in case (column names match in any case)",
				ErrSchemaConflict, cols[j].name, c.name))
		}
		e.byName[key] = i
	}
	return e, nil
}
