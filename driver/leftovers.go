package driver

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// leftoverAge is the age (by modification time) from which a file or
// folder the driver writes before publishing it, left in the root by a
// writer that died (killed, or its machine stopped), is removed when a
// Connector opens the root for writing.
//
// Why no live writer loses its file: an INSERT's or a transaction's file
// in progress (_pv-*.parquet.tmp in a table's folder) is locked (flock)
// by its writer from the moment after it is created until it is closed,
// just before it is published, and the lock dies with the process; so a
// file is removed only when nobody holds its lock and it has not been
// written for leftoverAge, far longer than the moments without the lock.
// Where the lock does not exist (not Unix), files in progress are kept.
// CREATE TABLE's folder (_pv-create-*) lives for the time it takes to
// write one file of no rows, and is removed after leftoverAge. DROP
// TABLE's (_pv-drop-*) holds only the files of a table already dropped,
// which DROP TABLE is deleting: it is removed whatever its age (its
// modification time is that of the table's last file), and a DROP TABLE
// deleting it at the same time does not mind.
const leftoverAge = time.Hour

// removeLeftovers removes from root (and the top level of its folders,
// where writers work) the driver's files and folders in progress that no
// live writer owns (see leftoverAge). It is best effort:
// what cannot be read or removed stays.
func removeLeftovers(root string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	old := time.Now().Add(-leftoverAge)
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(root, name)
		switch {
		case !e.IsDir():
		case strings.HasPrefix(name, "_pv-drop-"):
			os.RemoveAll(path)
		case strings.HasPrefix(name, "_pv-create-"):
			if st, err := os.Lstat(path); err == nil && st.ModTime().Before(old) {
				os.RemoveAll(path)
			}
		case name[0] != '_' && name[0] != '.':
			removeTemporaries(path, old)
		}
	}
}

// removeTemporaries removes the files in progress (see ownTemporary) of
// folder dir that are older than old and that no writer holds.
func removeTemporaries(dir string, old time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !ownTemporary(e.Name()) {
			continue
		}
		if st, err := e.Info(); err == nil && st.ModTime().Before(old) {
			removeUnlocked(filepath.Join(dir, e.Name()))
		}
	}
}
