//go:build !race

package driver_test

// raceEnabled: the tests run under the race detector, ten times slower, so
// the large ones take fewer rows.
const raceEnabled = false
