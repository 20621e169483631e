//go:build !race

package scan

// raceEnabled is true when tests run under the race detector.
const raceEnabled = false
