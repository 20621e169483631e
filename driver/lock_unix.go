//go:build unix

package driver

import (
	"os"
	"syscall"
)

// lockWriting takes an exclusive lock (flock) on f, a file in progress, so
// that removeLeftovers leaves it alone while its writer lives; closing f
// or the writer's death releases it. A file system without locks leaves
// the file unlocked and young files are kept anyway (see leftoverAge).
func lockWriting(f *os.File) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	rc.Control(func(fd uintptr) {
		syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
	})
}

// removeUnlocked removes the file in progress at path unless a writer
// holds its lock (see lockWriting). The file is removed while this holds
// the lock, so a writer cannot take it in between.
func removeUnlocked(path string) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	free := false
	rc.Control(func(fd uintptr) {
		free = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB) == nil
	})
	if free {
		os.Remove(path)
	}
}
