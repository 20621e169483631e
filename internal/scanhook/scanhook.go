// Package scanhook carries in a context a function that a scan calls
// before it reads each page of a column chunk, so that a test can act at a
// known point of a scan's work (cancel its context after N pages, count
// the pages read after that).
package scanhook

import (
	"context"
	"sync/atomic"
)

type key struct{}

// WithPageRead returns a copy of ctx whose scans call f before reading
// each page, while the scan is not cancelled. Scans call f from their
// worker goroutines, concurrently.
func WithPageRead(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, key{}, f)
}

// PageRead returns the function of ctx, nil when it has none.
func PageRead(ctx context.Context) func() {
	f, _ := ctx.Value(key{}).(func())
	return f
}

// Pages counts the pages scans ask for under a context of CancelAt.
type Pages struct {
	cancelAt   int64
	cancel     context.CancelFunc
	read, late atomic.Int64
	cancelled  atomic.Bool // the cancel has returned
}

// CancelAt returns a copy of ctx that its scans cancel once they have asked
// for cancelAt pages (never when cancelAt is 0), its cancel function, and
// the count of the pages asked for.
func CancelAt(ctx context.Context, cancelAt int64) (context.Context, context.CancelFunc, *Pages) {
	ctx, cancel := context.WithCancel(ctx)
	p := &Pages{cancelAt: cancelAt, cancel: cancel}
	return WithPageRead(ctx, p.page), cancel, p
}

func (p *Pages) page() {
	k := p.read.Add(1)
	if k == p.cancelAt {
		p.cancel()
		p.cancelled.Store(true)
	} else if p.cancelled.Load() {
		p.late.Add(1)
	}
}

// Read is the number of pages asked for in all.
func (p *Pages) Read() int64 { return p.read.Load() }

// Late is the number of pages asked for once the cancel had returned (by
// workers that had looked at the context just before).
func (p *Pages) Late() int64 { return p.late.Load() }
