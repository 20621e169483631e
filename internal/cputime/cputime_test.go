//go:build unix

package cputime

import (
	"testing"
	"time"
)

// TestProcessCountsWork: spinning on the CPU for 50 ms of wall time adds
// CPU time.
func TestProcessCountsWork(t *testing.T) {
	start := Process()
	for deadline := time.Now().Add(50 * time.Millisecond); time.Now().Before(deadline); {
	}
	if got := Process() - start; got < 10*time.Millisecond {
		t.Fatalf("CPU time grew by %v over 50 ms of spinning", got)
	}
}
