package driver

import (
	"context"
	"errors"
	"testing"

	"github.com/parquetvariant/parquetvariant/scan"
)

// TestKeptRowsStopsWhenCancelled: evaluating the outputs of the rows an
// ORDER BY ... LIMIT kept returns the context's error once it is done,
// instead of evaluating every row; with a live context it evaluates them.
func TestKeptRowsStopsWhenCancelled(t *testing.T) {
	calls := 0
	p := &selectPlan{
		proj:  []evalFunc{func(r *evalRow) (value, error) { return r.cols[0], nil }, func(r *evalRow) (value, error) { calls++; return intValue(2), nil }},
		order: []orderKey{{col: 0}},
	}
	lp := &latePlan{fill: []int{-1, -1}}
	kept := func() []sortedRow {
		rows := make([]sortedRow, 5000)
		for i := range rows {
			rows[i] = sortedRow{vals: []value{intValue(int64(i)), {}}, seq: int64(len(rows) - i), id: &scan.RowID{Row: int64(i)}}
		}
		return rows
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.keptRows(ctx, kept(), lp, 1, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if calls != 0 {
		t.Fatalf("%d rows evaluated after the cancel", calls)
	}
	rows, err := p.keptRows(context.Background(), kept(), lp, 1, nil)
	if err != nil || len(rows) != 5000 || calls != 5000 {
		t.Fatalf("%d rows, %d evaluated, error %v", len(rows), calls, err)
	}
	if rows[7][0].i != 7 || rows[7][1].i != 2 {
		t.Fatalf("row 7: %v", rows[7])
	}
}
