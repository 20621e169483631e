package driver

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/parquetvariant/parquetvariant/scan"
	"github.com/parquetvariant/parquetvariant/variant"
)

// scanSource is the rowSource of a table scan: it turns the scan's columns
// into the values of the full row the plan was compiled against (columns
// the query does not read stay NULL).
type scanSource struct {
	rows  *scan.Rows
	table string // the name of the table scanned
	pos   []int  // for each scan column, its place in row
	kinds []scan.Kind
	buf   []value
	// calls maps the scan column of each variant_get the scan answers to
	// the call as written, to word a failed cast as the evaluator would.
	calls map[string]string
}

func newScanSource(rows *scan.Rows, table string, pos []int, width int) *scanSource {
	s := &scanSource{rows: rows, table: table, pos: pos, buf: make([]value, width)}
	for _, c := range rows.Columns() {
		s.kinds = append(s.kinds, c.Type.Kind)
	}
	return s
}

func (s *scanSource) next() (bool, error) {
	if !s.rows.Next() {
		return false, s.readError(s.rows.Err())
	}
	for j, p := range s.pos {
		if err := s.fill(&s.buf[p], j); err != nil {
			return false, err
		}
	}
	return true, nil
}

// fill sets dst to scan column j of the current row. A slot always holds
// one column's values, so only the tag and the kind's field are set; the
// other fields keep what they held, unread.
func (s *scanSource) fill(dst *value, j int) error {
	r := s.rows
	if r.IsNull(j) {
		dst.k = kindNull
		return nil
	}
	var err error
	switch s.kinds[j] {
	case scan.KindBool:
		dst.k, dst.i = kindBool, b2i(r.Bool(j))
	case scan.KindInt64:
		dst.k, dst.i = kindInt, r.Int64(j)
	case scan.KindUint64:
		// An unsigned 64-bit column is a DECIMAL(20,0) (see exprType), so
		// every value is an exact decimal, not an int64 up to its range.
		u := r.Uint64(j)
		dst.k = kindDecimal
		if u <= 1<<63-1 {
			dst.d, err = variant.NewDecimal(int64(u), 0)
			return err
		}
		dst.d, err = variant.DecimalFromBig(new(big.Int).SetUint64(u), 0)
	case scan.KindFloat64:
		dst.k, dst.f = kindFloat, r.Float64(j)
	case scan.KindString:
		dst.k, dst.s = kindString, string(r.Bytes(j))
	case scan.KindBytes:
		dst.k, dst.b = kindBytes, r.Bytes(j)
	case scan.KindDecimal:
		dst.k = kindDecimal
		dst.d, err = r.Decimal(j)
	case scan.KindDate, scan.KindTimestamp:
		dst.k, dst.t = kindTime, r.Time(j)
	case scan.KindTime:
		text, _ := r.Value(j).(string)
		dst.k, dst.i, dst.s = kindClock, int64(r.Duration(j)), text
	case scan.KindUUID:
		text, _ := r.Value(j).(string)
		dst.k, dst.s = kindUUID, text
	case scan.KindVariant:
		dst.k = kindVariant
		dst.v, err = r.Variant(j)
	default:
		return &SQLError{Err: ErrUnsupported, Pos: -1, Msg: "reading the nested column " + quoteIdent(r.Columns()[j].Name)}
	}
	return err
}

func (s *scanSource) row() []value { return s.buf }
func (s *scanSource) close() error { return s.rows.Close() }

// readError words the error that ended the scan: a failed cast of a
// variant_get the scan answered as the evaluator words its own (the call,
// then the cast error, then the file, row group and row where the value
// is), any other error of the scan after the table's name, as the errors of
// opening it are (a table dropped while read, a corrupt file). The end of
// the context stays as it is.
func (s *scanSource) readError(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var fe *scan.FileError
	call, ok := "", false
	if errors.Is(err, variant.ErrCast) && errors.As(err, &fe) {
		call, ok = s.calls[fe.Column]
	}
	if !ok {
		return fmt.Errorf("parquetvariant: table %s: %w", quoteIdent(s.table), err)
	}
	cause, where := fe.Err, fmt.Sprintf("in %s, row group %d", fe.Path, fe.RowGroup)
	var re *scan.RowError
	if errors.As(cause, &re) {
		cause, where = re.Err, fmt.Sprintf("%s, row %d of it", where, re.Row)
	}
	return &evalError{msg: fmt.Sprintf("%s: %v (%s)", call, cause, where), err: err}
}
