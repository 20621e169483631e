package driver

import (
	"context"

	"github.com/parquetvariant/parquetvariant/scan"
)

// cellFold is one aggregate of a SELECT without GROUP BY or a WHERE left to
// the evaluator, folded straight from the scan's typed cells: no value is
// built and no expression evaluated per row.
type cellFold struct {
	op  foldOp
	col int // scan column; unused for COUNT(*)
}

type foldOp uint8

const (
	foldCountStar foldOp = iota // COUNT(*)
	foldCount                   // COUNT(col): the cells that are not NULL
	foldSumInt                  // SUM or AVG of a BIGINT column
	foldSumFloat                // SUM or AVG of a DOUBLE column
)

// cellFolds returns the folds of aggs, or nil when one of them needs the
// evaluator: DISTINCT, MIN, MAX, an argument that is not a plain column, a
// SUM of another kind, or a COUNT of a column whose cells the evaluator
// would decode (and could fail on: decimals, Variants, unsigned integers,
// times of day, UUIDs).
func (s *scanSource) cellFolds(aggs []aggSpec) []cellFold {
	folds := make([]cellFold, len(aggs))
	for i := range aggs {
		a := &aggs[i]
		if a.star {
			folds[i] = cellFold{op: foldCountStar}
			continue
		}
		j := -1
		for k, p := range s.pos {
			if p == a.col {
				j = k
			}
		}
		if a.distinct || a.col < 0 || j < 0 {
			return nil
		}
		switch k := s.kinds[j]; {
		case a.name == "count" && (k == scan.KindInt64 || k == scan.KindFloat64 || k == scan.KindBool ||
			k == scan.KindString || k == scan.KindBytes || k == scan.KindDate || k == scan.KindTimestamp):
			folds[i] = cellFold{op: foldCount, col: j}
		case (a.name == "sum" || a.name == "avg") && k == scan.KindInt64:
			folds[i] = cellFold{op: foldSumInt, col: j}
		case (a.name == "sum" || a.name == "avg") && k == scan.KindFloat64:
			folds[i] = cellFold{op: foldSumFloat, col: j}
		default:
			return nil
		}
	}
	return folds
}

// fold reads the whole scan into states, one per fold, as aggState.add
// would from the rows' values.
func (s *scanSource) fold(ctx context.Context, folds []cellFold, states []aggState) error {
	for i := range folds {
		if folds[i].op == foldSumInt {
			// A sum of BIGINT cells: a BIGINT result (see aggState).
			states[i].ints, states[i].typed = true, true
		}
	}
	if len(folds) == 1 && folds[0].op == foldSumInt {
		return s.sumInt(ctx, folds, states)
	}
	return s.foldRows(ctx, folds, states, 1)
}

// sumInt folds a lone SUM or AVG of a BIGINT column with the running sum
// and count in local variables; once the sum would leave int64 (it goes
// on as a decimal), the rows left go through foldRows.
func (s *scanSource) sumInt(ctx context.Context, folds []cellFold, states []aggState) error {
	r, col, st := s.rows, folds[0].col, &states[0]
	var sum, cnt int64
	for n := 1; ; n++ {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if !r.Next() {
			break
		}
		if r.IsNull(col) {
			continue
		}
		x := r.Int64(col)
		if t := sum + x; (t > sum) == (x > 0) {
			sum, cnt = t, cnt+1
			continue
		}
		st.i, st.n, st.kind = sum, cnt, kindInt
		st.addInt(x)
		return s.foldRows(ctx, folds, states, n+1)
	}
	if cnt > 0 {
		st.i, st.n, st.kind = sum, cnt, kindInt
	}
	return s.readError(r.Err())
}

// foldRows folds the rows left in the scan; n counts the rows read, from
// the next one.
func (s *scanSource) foldRows(ctx context.Context, folds []cellFold, states []aggState, n int) error {
	r := s.rows
	for ; ; n++ {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if !r.Next() {
			return s.readError(r.Err())
		}
		for i := range folds {
			f, st := &folds[i], &states[i]
			switch {
			case f.op == foldCountStar:
				st.n++
			case r.IsNull(f.col):
			case f.op == foldCount:
				st.n++
			case f.op == foldSumInt:
				st.addInt(r.Int64(f.col))
			default:
				st.addFloat(r.Float64(f.col))
			}
		}
	}
}
