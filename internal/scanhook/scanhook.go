// Package scanhook carries in a context a function that a scan calls
// before it reads each page of a column chunk, so that a test can act at a
// known point of a scan's work (cancel its context after N pages, count
// the pages read after that).
package scanhook

import "context"

type key struct{}

// WithPageRead returns a copy of ctx whose scans call f before reading
// each page. Scans call f from their worker goroutines, concurrently.
func WithPageRead(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, key{}, f)
}

// PageRead returns the function of ctx, nil when it has none.
func PageRead(ctx context.Context) func() {
	f, _ := ctx.Value(key{}).(func())
	return f
}
