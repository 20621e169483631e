package scan

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/parquetvariant/parquetvariant/shred"
)

// appendSnap is what TableForAppend keeps of a table between calls: the
// files it listed, in scan order, and what is derived from them, so that
// the next call only adds the files listed after them.
type appendSnap struct {
	paths    []string
	files    []*fileEntry
	parts    [][]partValue
	partKeys []partValue // the partition keys of parts, each once, in order of appearance
	fold     *schemaFold
	newest   int // the file whose base name sorts last
	changes  int // Root.changes when the files were taken from the cache
}

// TableForAppend returns a snapshot of table name for a writer that adds
// a file to it: like [Root.Table], but a file whose footer is cached is
// taken as it was read, without a stat, except for the file whose base
// name sorts last (the newest: writers name their files so), which is
// checked like every file by Root.Table. Past the listing of the table's
// folders, its cost depends on the files new since the last call, not on
// all of them: a table that only gained files since then (the files are
// listed in the same order, the new ones after the old) has its schema
// merged from the last call's and the new files' footers. A file changed
// in place under the same name is seen by the next [Root.Table], which
// reads it again; files a writer publishes are never changed. Errors: those
// of Root.Table.
func (r *Root) TableForAppend(name string) (*Table, error) {
	info, paths, err := r.Locate(name)
	if err != nil {
		return nil, err
	}
	if info.ReadOnly {
		return r.Table(name)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	snap, err := r.extendSnap(info.Path, paths)
	if err != nil {
		return nil, err
	}
	if snap.newest >= 0 {
		old := snap.files[snap.newest]
		fresh, err := r.recheck(old)
		if err != nil {
			return nil, err
		}
		if fresh != old {
			// The newest file changed since it was read: the schema is
			// merged again, with its new footer.
			if snap, err = r.extendSnap(info.Path, paths); err != nil {
				return nil, err
			}
		}
	}
	t := &Table{Name: name, Path: info.Path, root: r, files: slices.Clip(snap.files), parts: slices.Clip(snap.parts), schema: snap.fold.schema(), newest: snap.newest}
	addPartitionColumns(&t.schema, [][]partValue{snap.partKeys})
	return t, nil
}

// extendSnap returns the appendSnap of the table in folder dir, whose files
// are now paths: the last one extended by the files after it, or when the
// table lost or changed files since, a new one, with the cached entries of
// files no longer listed dropped. r.mu is held.
func (r *Root) extendSnap(dir string, paths []string) (*appendSnap, error) {
	snap := r.appends[dir]
	delete(r.appends, dir) // kept again once whole
	if snap == nil || snap.changes != r.changes || len(snap.paths) > len(paths) || !slices.Equal(snap.paths, paths[:len(snap.paths)]) {
		snap = &appendSnap{fold: newSchemaFold(), newest: -1, changes: r.changes}
		listed := make(map[string]bool, len(paths))
		for _, p := range paths {
			listed[p] = true
		}
		for p := range r.files {
			if !listed[p] && strings.HasPrefix(p, dir+string(filepath.Separator)) {
				delete(r.files, p)
			}
		}
	}
	for _, p := range paths[len(snap.paths):] {
		e := r.files[p]
		if e == nil {
			st, err := os.Stat(p)
			r.stats++
			if err != nil {
				return nil, goneAt(p, err)
			}
			if e, err = openEntry(p, st); err != nil {
				return nil, err
			}
			r.footerReads++
			r.files[p] = e
		}
		if err := snap.fold.add(e); err != nil {
			return nil, err
		}
		ps := partitionsOf(dir, p)
		for _, pv := range ps {
			if !slices.ContainsFunc(snap.partKeys, func(q partValue) bool { return foldName(q.key) == foldName(pv.key) }) {
				snap.partKeys = append(snap.partKeys, pv)
			}
		}
		if snap.newest < 0 || filepath.Base(p) > filepath.Base(snap.paths[snap.newest]) {
			snap.newest = len(snap.paths)
		}
		snap.paths = append(snap.paths, p)
		snap.files = append(snap.files, e)
		snap.parts = append(snap.parts, ps)
	}
	r.appends[dir] = snap
	return snap, nil
}

// recheck returns the cached entry e of a file, or when the file's size or
// modification time changed since it was read, its entry read again, which
// replaces e in the cache. r.mu is held.
func (r *Root) recheck(e *fileEntry) (*fileEntry, error) {
	st, err := os.Stat(e.path)
	r.stats++
	if err != nil {
		return nil, goneAt(e.path, err)
	}
	if e.size == st.Size() && e.modTime.Equal(st.ModTime()) {
		return e, nil
	}
	fresh, err := openEntry(e.path, st)
	if err != nil {
		return nil, err
	}
	r.footerReads++
	r.files[e.path] = fresh
	r.changes++
	return fresh, nil
}

// FileCount returns the number of the table's files.
func (t *Table) FileCount() int { return len(t.files) }

// FilePath returns the absolute path of file i of the table, in scan order
// (see [Table.Files]).
func (t *Table) FilePath(i int) string { return t.files[i].path }

// NewestFile returns the file of the table whose base name sorts last,
// which is the newest of the files writers name part-<time>-..., or -1
// when the table has no file.
func (t *Table) NewestFile() int {
	if t.newest != -2 {
		return t.newest
	}
	newest := -1
	for i, f := range t.files {
		if newest < 0 || filepath.Base(f.path) > filepath.Base(t.files[newest].path) {
			newest = i
		}
	}
	return newest
}

// VariantLayout returns the shredding layout (shred.LayoutOf) of column
// name, in any case, in file i of the table, from the file's cached footer;
// false when the file has no such column or it is not a Variant there.
func (t *Table) VariantLayout(i int, name string) (*shred.Layout, bool) {
	e := t.files[i]
	c, ok := e.byName[foldName(name)]
	if !ok {
		return nil, false
	}
	l, _, err := e.variantLayout(c)
	return l, err == nil
}
