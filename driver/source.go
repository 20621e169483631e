package driver

import (
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
	pos   []int // for each scan column, its place in row
	kinds []scan.Kind
	buf   []value
	// calls maps the scan column of each variant_get the scan answers to
	// the call as written, to word a failed cast as the evaluator would.
	calls map[string]string
}

func newScanSource(rows *scan.Rows, pos []int, width int) *scanSource {
	s := &scanSource{rows: rows, pos: pos, buf: make([]value, width)}
	for _, c := range rows.Columns() {
		s.kinds = append(s.kinds, c.Type.Kind)
	}
	return s
}

func (s *scanSource) next() (bool, error) {
	if !s.rows.Next() {
		return false, s.castError(s.rows.Err())
	}
	for j, p := range s.pos {
		// A slot always holds one column's values, so the fixed-size kinds
		// set only their tag and field instead of copying a whole value.
		dst := &s.buf[p]
		switch k := s.kinds[j]; {
		case k == scan.KindInt64 || k == scan.KindFloat64 || k == scan.KindBool:
			switch {
			case s.rows.IsNull(j):
				dst.k = kindNull
			case k == scan.KindInt64:
				dst.k, dst.i = kindInt, s.rows.Int64(j)
			case k == scan.KindFloat64:
				dst.k, dst.f = kindFloat, s.rows.Float64(j)
			default:
				dst.k, dst.i = kindBool, b2i(s.rows.Bool(j))
			}
		default:
			v, err := s.cell(j)
			if err != nil {
				return false, err
			}
			*dst = v
		}
	}
	return true, nil
}

// cell reads scan column j of the current row.
func (s *scanSource) cell(j int) (value, error) {
	r := s.rows
	if r.IsNull(j) {
		return nullValue(), nil
	}
	switch s.kinds[j] {
	case scan.KindBool:
		return boolValue(r.Bool(j)), nil
	case scan.KindInt64:
		return intValue(r.Int64(j)), nil
	case scan.KindUint64:
		u := r.Uint64(j)
		if u <= 1<<63-1 {
			return intValue(int64(u)), nil
		}
		d, err := variant.DecimalFromBig(new(big.Int).SetUint64(u), 0)
		return decimalValue(d), err
	case scan.KindFloat64:
		return floatValue(r.Float64(j)), nil
	case scan.KindString:
		return stringValue(string(r.Bytes(j))), nil
	case scan.KindBytes:
		return value{k: kindBytes, b: r.Bytes(j)}, nil
	case scan.KindDecimal:
		d, err := r.Decimal(j)
		return decimalValue(d), err
	case scan.KindDate, scan.KindTimestamp:
		return value{k: kindTime, t: r.Time(j)}, nil
	case scan.KindTime, scan.KindUUID:
		s, _ := r.Value(j).(string)
		return stringValue(s), nil
	case scan.KindVariant:
		v, err := r.Variant(j)
		return value{k: kindVariant, v: v}, err
	}
	return value{}, &SQLError{Err: ErrUnsupported, Pos: -1, Msg: "reading the nested column " + quoteIdent(r.Columns()[j].Name)}
}

func (s *scanSource) row() []value { return s.buf }
func (s *scanSource) close() error { return s.rows.Close() }

// castError words a failed cast of a variant_get the scan answered as the
// evaluator words its own: the call, then the cast error, then the file,
// row group and row where the value is.
func (s *scanSource) castError(err error) error {
	var fe *scan.FileError
	if err == nil || !errors.Is(err, variant.ErrCast) || !errors.As(err, &fe) {
		return err
	}
	call, ok := s.calls[fe.Column]
	if !ok {
		return err
	}
	cause, where := fe.Err, fmt.Sprintf("in %s, row group %d", fe.Path, fe.RowGroup)
	var re *scan.RowError
	if errors.As(cause, &re) {
		cause, where = re.Err, fmt.Sprintf("%s, row %d of it", where, re.Row)
	}
	return &evalError{msg: fmt.Sprintf("%s: %v (%s)", call, cause, where), err: err}
}
