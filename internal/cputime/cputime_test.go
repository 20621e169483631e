//go:build unix

package cputime

import (
	"testing"
	"time"
)

// TestProcessCountsWork: spinning on the CPU adds CPU time. The loop spins
// until 10 ms of CPU time are counted, for at most 10 s of wall time, so a
// loaded machine that gives the process little of each second still
// passes, and a clock that does not count fails.
func TestProcessCountsWork(t *testing.T) {
	start := Process()
	deadline := time.Now().Add(10 * time.Second)
	for Process()-start < 10*time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatalf("CPU time grew by %v over 10 s of spinning", Process()-start)
		}
	}
}
