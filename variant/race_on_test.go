//go:build race

package variant

// raceEnabled: the race detector makes sync.Pool drop items at random, so
// allocation counts that rely on pooling do not hold.
const raceEnabled = true
