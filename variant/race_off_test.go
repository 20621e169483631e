//go:build !race

package variant

const raceEnabled = false
