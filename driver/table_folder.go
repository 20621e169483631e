package driver

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tableFolderFiles is what a table's folder holds, sorted by whose it is
// (docs/design.md section 2), as paths under the folder.
type tableFolderFiles struct {
	dir string
	// data: the table's visible *.parquet files at any depth, and the
	// symbolic links to such files or to folders, or named *.parquet and
	// leading nowhere (deleting a link leaves what it names).
	data []string
	// own: the driver's files in progress, _pv-*.parquet.tmp.
	own []string
	// dirs: the visible sub-folders (partition folders), parents first.
	dirs []string
	// other: everything else, which is not the table's: files that are not
	// Parquet files, hidden files and folders of other programs (_SUCCESS,
	// .crc files, ...).
	other []string
}

// ownTemporary reports whether name is that of a file the driver writes
// before publishing it (see fileWriter.open).
func ownTemporary(name string) bool {
	return strings.HasPrefix(name, "_pv-") && strings.HasSuffix(name, ".parquet.tmp")
}

// tableFolder sorts what folder dir holds, reading no file. An error
// matching fs.ErrNotExist means the folder was removed meanwhile.
func tableFolder(dir string) (*tableFolderFiles, error) {
	tf := &tableFolderFiles{dir: dir}
	var walk func(dir string, top bool) error
	walk = func(dir string, top bool) error {
		entries, err := os.ReadDir(dir)
		if err != nil {
			if !top && errors.Is(err, fs.ErrNotExist) {
				return nil // a partition folder removed meanwhile
			}
			return err
		}
		for _, e := range entries {
			name := e.Name()
			path := filepath.Join(dir, name)
			typ := e.Type()
			hidden := name[0] == '_' || name[0] == '.'
			switch {
			case hidden && typ.IsRegular() && ownTemporary(name):
				tf.own = append(tf.own, path)
			case hidden:
				tf.other = append(tf.other, path)
			case typ&fs.ModeSymlink != 0:
				// A link to nothing named as a data file is listed (and
				// read, as damaged) as one of the table's: it goes too.
				st, err := os.Stat(path)
				dangling := errors.Is(err, fs.ErrNotExist) && strings.HasSuffix(name, ".parquet")
				if dangling || err == nil && (st.IsDir() || st.Mode().IsRegular() && strings.HasSuffix(name, ".parquet")) {
					tf.data = append(tf.data, path)
				} else {
					tf.other = append(tf.other, path)
				}
			case typ.IsDir():
				tf.dirs = append(tf.dirs, path)
				if err := walk(path, false); err != nil {
					return err
				}
			case typ.IsRegular() && strings.HasSuffix(name, ".parquet"):
				tf.data = append(tf.data, path)
			default:
				tf.other = append(tf.other, path)
			}
		}
		return nil
	}
	if err := walk(dir, true); err != nil {
		return nil, err
	}
	return tf, nil
}

// removeTable deletes the table's files and the driver's files in
// progress, then the sub-folders left empty; the other files, the folders
// holding them and the table's folder stay. Files already removed (by a
// DROP TABLE at the same time) are no error.
func (tf *tableFolderFiles) removeTable() error {
	var first error
	for _, list := range [][]string{tf.data, tf.own} {
		for _, path := range list {
			if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) && first == nil {
				first = err
			}
		}
	}
	for i := len(tf.dirs) - 1; i >= 0; i-- {
		os.Remove(tf.dirs[i]) // only an empty folder goes
	}
	if first != nil {
		return first
	}
	if err := syncDir(tf.dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
