package driver

import (
	"cmp"
	"context"
	"errors"
	"testing"
)

// A sort whose context is cancelled stops within sortCheckCompares
// comparisons of the cancel, with the context's error; uncancelled, it
// sorts.
func TestSortContextStops(t *testing.T) {
	rows := make([]sortedRow, 100_000)
	for i := range rows {
		rows[i] = sortedRow{seq: int64(i * 7919 % len(rows))}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const cancelAt = 10_000
	calls := 0
	err := sortContext(ctx, rows, func(a, b sortedRow) int {
		if calls++; calls == cancelAt {
			cancel()
		}
		return cmp.Compare(a.seq, b.seq)
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error: got %v, want context.Canceled", err)
	}
	if calls > cancelAt+sortCheckCompares {
		t.Fatalf("%d comparisons, more than %d after the cancel at %d", calls, sortCheckCompares, cancelAt)
	}

	calls = 0
	err = sortContext(context.Background(), rows, func(a, b sortedRow) int {
		calls++
		return cmp.Compare(a.seq, b.seq)
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if rows[i].seq != int64(i) {
			t.Fatalf("row %d: seq %d", i, rows[i].seq)
		}
	}
	if calls < 10*len(rows) {
		t.Fatalf("a full sort of %d rows in %d comparisons", len(rows), calls)
	}
}
