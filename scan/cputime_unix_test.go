//go:build unix

package scan

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system.
// Benchmarks report rows per CPU second next to rows per wall second, which
// a busy machine distorts.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
