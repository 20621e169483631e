package driver

// The package's tests, internal and external, run with scribble on: memory
// handed out for a row is overwritten on the next Next.
func init() { scribble = true }
