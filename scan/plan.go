package scan

import (
	"fmt"

	"github.com/parquetvariant/parquetvariant/variant"
)

type nodeKind uint8

const (
	nCompare nodeKind = iota
	nIn
	nIsNull
	nAnd
	nOr
	nNot
)

// pred is a predicate checked against a table schema; slot indexes the
// plan's columns.
type pred struct {
	kind    nodeKind
	slot    int
	op      Op
	lits    []lit
	hasNull bool
	kids    []*pred
}

// plan is a query checked against a table schema. A slot is one value the
// scan reads per row: a top-level column or a Variant path Ref.
type plan struct {
	cols []int    // table column of each slot
	keys []string // foldName of the table column of each slot
	// slotKeys identify each slot's path, cast and reconstruction mode,
	// for the Variant slots a file keeps compiled (fileEntry.variantSlot).
	slotKeys []vslotKey
	refs     []Ref  // Ref of each slot
	types    []Type // result type of each slot
	out      []int  // slot of each output column
	where    *pred  // nil: every row
	noSkip   bool
	lenient  bool // shred.Lenient reconstruction
	// only restricts the scan to these rows, by file then row group (see
	// Query.Only); nil reads every row.
	only [][]rowRanges
}

// slotKey identifies the slots that read the same value.
type slotKey struct {
	col  int
	path string
	as   variant.SQLType
	mode variant.CastMode
}

// newPlan checks q against schema s.
func newPlan(s *Schema, q *Query) (*plan, error) {
	p := &plan{noSkip: q.NoSkip, lenient: q.Lenient}
	slotOf := make(map[slotKey]int)
	slot := func(r Ref) (int, error) {
		c, ok := s.Lookup(r.Column)
		if !ok {
			return 0, fmt.Errorf("%w: %q", ErrUnknownColumn, r.Column)
		}
		typ := s.Columns[c].Type
		nested := typ.Kind == KindNested || typ.Kind == KindVariant
		switch {
		case typ.Kind == KindNested && !r.hasPath():
			typ = resultType(variant.SQLType{})
		case r.hasPath() && !nested:
			return 0, fmt.Errorf("%w: path %s on column %q of type %s, not a Variant", ErrType, r.Path, r.Column, typ)
		case r.hasPath():
			if r.As.Kind != variant.SQLInvalid {
				if _, err := variant.ParseSQLType(r.As.String()); err != nil {
					return 0, fmt.Errorf("%w: %s: %w", ErrType, r, err)
				}
			}
			if r.Mode > variant.CastLenient {
				return 0, fmt.Errorf("%w: %s: unknown cast mode %d", ErrType, r, r.Mode)
			}
			typ = resultType(r.As)
		}
		k := slotKey{col: c}
		if r.hasPath() {
			k = slotKey{col: c, path: r.Path.String(), as: r.As, mode: r.Mode}
			if r.As.Kind == variant.SQLVariant {
				k.as = variant.SQLType{}
			}
		}
		if i, ok := slotOf[k]; ok {
			return i, nil
		}
		slotOf[k] = len(p.cols)
		p.cols = append(p.cols, c)
		p.keys = append(p.keys, foldName(s.Columns[c].Name))
		p.slotKeys = append(p.slotKeys, vslotKey{text: r.String(), path: k.path, as: k.as, mode: k.mode, lenient: q.Lenient})
		p.refs = append(p.refs, r)
		p.types = append(p.types, typ)
		return slotOf[k], nil
	}
	for _, r := range q.Columns {
		i, err := slot(r)
		if err != nil {
			return nil, err
		}
		p.out = append(p.out, i)
	}
	if q.Where != nil {
		w, err := p.compilePred(q.Where, slot, 0)
		if err != nil {
			return nil, err
		}
		p.where = w
	}
	return p, nil
}

// maxPredicateDepth bounds the nesting of predicates.
const maxPredicateDepth = 1000

func (pl *plan) compilePred(p Predicate, slot func(Ref) (int, error), depth int) (*pred, error) {
	if depth > maxPredicateDepth {
		return nil, fmt.Errorf("%w: predicate nested deeper than %d", ErrUnsupported, maxPredicateDepth)
	}
	kids := func(ps []Predicate) ([]*pred, error) {
		out := make([]*pred, len(ps))
		for i, k := range ps {
			c, err := pl.compilePred(k, slot, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	}
	switch p := p.(type) {
	case Compare:
		i, err := slot(p.Ref)
		if err != nil {
			return nil, err
		}
		if p.Op > Ge {
			return nil, fmt.Errorf("scan: unknown comparison operator %d", p.Op)
		}
		l, err := newLit(p.Ref.String(), pl.types[i], p.Value)
		if err != nil {
			return nil, err
		}
		return &pred{kind: nCompare, slot: i, op: p.Op, lits: []lit{l}}, nil
	case In:
		i, err := slot(p.Ref)
		if err != nil {
			return nil, err
		}
		n := &pred{kind: nIn, slot: i}
		for _, v := range p.Values {
			l, err := newLit(p.Ref.String(), pl.types[i], v)
			if err != nil {
				return nil, err
			}
			n.hasNull = n.hasNull || l.kind == litNull
			n.lits = append(n.lits, l)
		}
		return n, nil
	case IsNull:
		i, err := slot(p.Ref)
		if err != nil {
			return nil, err
		}
		return &pred{kind: nIsNull, slot: i}, nil
	case And:
		k, err := kids(p)
		return &pred{kind: nAnd, kids: k}, err
	case Or:
		k, err := kids(p)
		return &pred{kind: nOr, kids: k}, err
	case Not:
		if p.P == nil {
			return nil, fmt.Errorf("scan: NOT without an operand")
		}
		k, err := kids([]Predicate{p.P})
		return &pred{kind: nNot, kids: k}, err
	case nil:
		return nil, fmt.Errorf("scan: nil predicate")
	}
	return nil, fmt.Errorf("scan: unknown predicate type %T", p)
}

// fpred is a predicate compiled for one file: values converted to the
// file's column types.
type fpred struct {
	kind    nodeKind
	slot    int
	op      Op
	lits    []clit
	hasNull bool
	kids    []fpred
}

func (p *pred) compile(descs []*leafDesc) fpred {
	f := fpred{kind: p.kind, slot: p.slot, op: p.op, hasNull: p.hasNull}
	if len(p.lits) > 0 {
		f.lits = make([]clit, len(p.lits))
		for i := range p.lits {
			f.lits[i] = p.lits[i].compile(descs[p.slot])
		}
		if p.kind == nIn {
			f.lits = inSet(descs[p.slot], f.lits)
		}
	}
	if len(p.kids) > 0 {
		f.kids = make([]fpred, len(p.kids))
		for i, k := range p.kids {
			f.kids[i] = k.compile(descs)
		}
	}
	return f
}

// tri is a SQL truth value; AND is min, OR is max, NOT is 2-x.
type tri uint8

const (
	triFalse tri = iota
	triUnknown
	triTrue
)

// eval evaluates p on one row of row group r.
func (p *fpred) eval(r *rgScan, row int64) (tri, error) {
	descs := r.fs.descs
	switch p.kind {
	case nCompare:
		c, err := r.cellAt(p.slot, row)
		if err != nil || c.null || p.lits[0].null {
			return triUnknown, err
		}
		if holds(p.op, compareCell(descs[p.slot], &c, &p.lits[0])) {
			return triTrue, nil
		}
		return triFalse, nil
	case nIn:
		c, err := r.cellAt(p.slot, row)
		if err != nil || c.null {
			return triUnknown, err
		}
		if inList(descs[p.slot], &c, p.lits) {
			return triTrue, nil
		}
		if p.hasNull {
			return triUnknown, nil
		}
		return triFalse, nil
	case nIsNull:
		c, err := r.cellAt(p.slot, row)
		if err != nil {
			return triUnknown, err
		}
		if c.null {
			return triTrue, nil
		}
		return triFalse, nil
	case nAnd:
		t := triTrue
		for i := range p.kids {
			v, err := p.kids[i].eval(r, row)
			if err != nil {
				return v, err
			}
			t = min(t, v)
			if t == triFalse {
				break
			}
		}
		return t, nil
	case nOr:
		t := triFalse
		for i := range p.kids {
			v, err := p.kids[i].eval(r, row)
			if err != nil {
				return v, err
			}
			t = max(t, v)
			if t == triTrue {
				break
			}
		}
		return t, nil
	case nNot:
		v, err := p.kids[0].eval(r, row)
		return triTrue - v, err
	}
	return triUnknown, nil
}

// may evaluates p over a unit whose per-slot statistics stat returns.
func (p *fpred) may(stat func(slot int) *unitStats, descs []*leafDesc) maybe {
	switch p.kind {
	case nCompare:
		return mayCompare(descs[p.slot], stat(p.slot), p.op, &p.lits[0])
	case nIn:
		return mayIn(descs[p.slot], stat(p.slot), p.lits, p.hasNull)
	case nIsNull:
		return mayIsNull(stat(p.slot))
	case nAnd:
		m := maybe{t: true}
		for i := range p.kids {
			k := p.kids[i].may(stat, descs)
			m.t = m.t && k.t
			m.f = m.f || k.f
		}
		return m
	case nOr:
		m := maybe{f: true}
		for i := range p.kids {
			k := p.kids[i].may(stat, descs)
			m.t = m.t || k.t
			m.f = m.f && k.f
		}
		return m
	case nNot:
		k := p.kids[0].may(stat, descs)
		return maybe{t: k.f, f: k.t}
	}
	return unknownMaybe
}

// rangesMaybe is where (which rows) a predicate may be TRUE and FALSE.
type rangesMaybe struct{ t, f rowRanges }

// mayRows evaluates p page by page: leaf returns, for a leaf predicate,
// the row ranges where it may be TRUE and FALSE.
// all is every row of the unit.
func (p *fpred) mayRows(all rowRanges, leaf func(p *fpred) rangesMaybe) rangesMaybe {
	switch p.kind {
	case nAnd, nOr:
		m := rangesMaybe{t: all}
		if p.kind == nOr {
			m = rangesMaybe{f: all}
		}
		for i := range p.kids {
			k := p.kids[i].mayRows(all, leaf)
			if i == 0 {
				m = k
				continue
			}
			if p.kind == nAnd {
				m.t, m.f = m.t.intersect(k.t), m.f.union(k.f)
			} else {
				m.t, m.f = m.t.union(k.t), m.f.intersect(k.f)
			}
		}
		return m
	case nNot:
		k := p.kids[0].mayRows(all, leaf)
		return rangesMaybe{t: k.f, f: k.t}
	}
	return leaf(p)
}
