package driver

// The package's tests, internal and external, run with scribble on: memory
// handed out for a row is overwritten on the next Next.
func init() { scribble = true }

// SetScribble turns scribbling on or off (benchmarks measure without it, as
// programs run) and returns the previous setting.
func SetScribble(on bool) bool {
	was := scribble
	scribble = on
	return was
}

// SetLateRows sets the most OFFSET+LIMIT rows an ORDER BY reads in two
// passes for width (-1: never; an output expression that can fail is read
// in two passes whatever the setting) and returns the previous setting.
func SetLateRows(n int64) int64 {
	was := lateRowsMax
	lateRowsMax = n
	return was
}

// SetKeptOutputs turns the one-scan plan of an ORDER BY with LIMIT whose
// failing outputs have narrow inputs on or off (off: two passes) and
// returns the previous setting.
func SetKeptOutputs(on bool) bool {
	was := keptOutputs
	keptOutputs = on
	return was
}

// SetBeforePublish sets a function run before each file of a commit is
// renamed into place (nil: none); an error it returns fails that rename.
func SetBeforePublish(f func(table string) error) {
	beforePublish = f
}
