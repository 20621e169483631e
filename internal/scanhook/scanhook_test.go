package scanhook

import (
	"context"
	"testing"
)

func TestPageRead(t *testing.T) {
	if PageRead(context.Background()) != nil {
		t.Fatal("a plain context has a page function")
	}
	n := 0
	ctx := WithPageRead(context.Background(), func() { n++ })
	PageRead(ctx)()
	if n != 1 {
		t.Fatalf("calls: got %d, want 1", n)
	}
}
