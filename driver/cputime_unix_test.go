//go:build unix

package driver_test

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time the process has used, on all its
// threads: what a benchmark costs whatever else the machine runs.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
