// Package cputime measures the CPU time of the running process, for
// benchmarks that report work per CPU second next to work per wall-clock
// second, which a machine shared with other jobs distorts.
//
//	start := cputime.Process()
//	run()
//	rowsPerCPUSecond := float64(rows) / (cputime.Process() - start).Seconds()
package cputime
