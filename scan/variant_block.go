package scan

import (
	"bytes"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// Column-at-a-time reading of shredded primitive paths: a worker asks a
// direct Variant slot (a typed path of a shredded primitive) for the cells
// of a block of rows at once, read in one loop over the typed_value and
// value columns and their definition levels, and evaluates predicates on
// such slots over the block, instead of row by row through the predicate
// tree and the row reader interface.

// blockRows is the most rows a worker reads or evaluates at a time.
const blockRows = 1024

// blockCells is the cells of a run of rows of a slot: rows [lo, end).
type blockCells struct {
	lo, end int64
	cells   []cell
	arena   []byte // bytes of cells cast from the value column, in order
	spans   []span // cells with bytes in arena: lo the cell, hi its length
}

// has reports whether the block holds row.
func (b *blockCells) has(row int64) bool { return row >= b.lo && row < b.end }

// wholeReader returns the reader of slot when the slot rebuilds whole
// Variants, or nil. Its rows are read a block at a time when no predicate
// decides which are asked for.
func (g *rgScan) wholeReader(slot int) *vreader {
	if g.vreaders == nil {
		return nil
	}
	if r, ok := g.vreaders[slot].(*vreader); ok && r.d.whole {
		return r
	}
	return nil
}

// directReader returns the direct Variant slot reader of slot, or nil.
func (g *rgScan) directReader(slot int) *vreader {
	if g.vreaders == nil {
		return nil
	}
	if r, ok := g.vreaders[slot].(*vreader); ok && r.d.direct {
		return r
	}
	return nil
}

// block reads the cells of rows [lo, hi) of one range of the scan, rows
// not read yet, into r.blk. It stops before the first row whose cell is an
// error (a cast that fails in strict mode, value and typed_value both set,
// a column that ends early), leaving that row to at, which reports the
// error only if the row is asked for. It returns errors of loading the row
// group.
func (r *vreader) block(e *fileEntry, rg int, src *countingReader, lo, hi int64) error {
	if !r.loaded {
		if err := r.load(e, rg, src); err != nil {
			return err
		}
	}
	b := &r.blk
	b.lo, b.end = lo, lo
	b.cells, b.arena, b.spans = b.cells[:0], b.arena[:0], b.spans[:0]
	i0, err := r.index(lo)
	if err != nil || i0 < r.next {
		return nil // at reports it
	}
	if r.d.whole {
		r.wholeBlock(i0, lo, hi)
		return nil
	}
	d := r.d
	leaves := d.layout.Leaves()
	tl, vl := d.node.TypedLeaf(), d.node.ValueLeaf()
	typed := &r.b.Columns[tl]
	tleaf := leaves[tl]
	tmax := uint8(tleaf.MaxDef)
	var val *shred.Column
	vmax := uint8(0)
	if vl >= 0 {
		val = &r.b.Columns[vl]
		vmax = uint8(leaves[vl].MaxDef)
	}
	n := int(hi - lo)
	if int(i0)+n > typed.Len() || val != nil && int(i0)+n > val.Len() {
		return nil
	}
	for e := int(r.next); e < int(i0); e++ {
		if typed.Def[e] == tmax {
			r.tpos++
		}
		if val != nil && val.Def[e] == vmax {
			r.vpos++
		}
	}
	r.next = i0
	strict := d.mode&shred.Lenient == 0
	if cap(b.cells) < n {
		b.cells = make([]cell, n)
	}
	cells := b.cells[:n]
	tdef := typed.Def[i0 : int(i0)+n]
	var vdef []uint8
	if val != nil {
		vdef = val.Def[i0 : int(i0)+n]
	}
	tpos, vpos := r.tpos, r.vpos
	k := 0
rows:
	for ; k < n; k++ {
		hasVal := vdef != nil && vdef[k] == vmax
		hasTyped := tdef[k] == tmax
		if !hasVal {
			switch {
			case !hasTyped:
				cells[k] = cell{null: true}
				continue
			case tleaf.Kind == parquet.Int64:
				cells[k] = cell{i: typed.Int64[tpos]}
			case tleaf.Kind == parquet.ByteArray:
				cells[k] = cell{b: bytesAt(typed, tpos)}
			default:
				cells[k] = typedCell(typed, tleaf, tpos)
			}
			tpos++
			continue
		}
		switch {
		case hasTyped && strict:
			break rows // value and typed_value both set: leave it to at
		case hasTyped:
			cells[k] = typedCell(typed, tleaf, tpos)
			tpos++
		default:
			c, err := d.apply(variant.View(variant.Metadata{}, bytesAt(val, vpos)), true, &r.buf, nil)
			if err != nil {
				break rows // leave it to at
			}
			if c.b != nil { // in r.buf, which the next cast reuses
				lo := len(b.arena)
				b.arena = append(b.arena, c.b...)
				b.spans = append(b.spans, span{lo: k, hi: len(b.arena) - lo})
			}
			cells[k] = c
		}
		vpos++
	}
	r.tpos, r.vpos = tpos, vpos
	b.cells = cells[:k]
	off := 0
	for _, s := range b.spans { // cell s.lo has s.hi bytes at off
		b.cells[s.lo].b = b.arena[off : off+s.hi : off+s.hi]
		off += s.hi
	}
	r.next = i0 + int64(k)
	b.end = lo + int64(k)
	if k > 0 {
		r.row, r.c = b.end-1, b.cells[k-1]
	}
	return nil
}

// blockable reports whether every leaf of p reads a direct Variant slot of
// g, so that p can be evaluated over blocks of cells.
func (p *fpred) blockable(g *rgScan) bool {
	switch p.kind {
	case nCompare, nIn, nIsNull:
		return g.directReader(p.slot) != nil
	case nAnd, nOr, nNot:
		if len(p.kids) == 0 {
			return false
		}
		for i := range p.kids {
			if !p.kids[i].blockable(g) {
				return false
			}
		}
		return true
	}
	return false
}

// prefetch reads the blocks of rows [lo, hi) of the direct slots p reads,
// and returns the end of the rows all of them hold.
func (p *fpred) prefetch(g *rgScan, lo, hi int64) (int64, error) {
	switch p.kind {
	case nCompare, nIn, nIsNull:
		r := g.directReader(p.slot)
		if r.blk.lo != lo || r.blk.end == lo {
			if err := r.block(g.fs.entry, g.index, g.src, lo, hi); err != nil {
				return lo, &FileError{Path: g.fs.entry.path, RowGroup: g.index, Column: r.column(), Err: err}
			}
		}
		return r.blk.end, nil
	}
	end := hi
	for i := range p.kids {
		e, err := p.kids[i].prefetch(g, lo, hi)
		if err != nil {
			return lo, err
		}
		end = min(end, e)
	}
	return end, nil
}

// evalBlock evaluates p on rows lo.. lo+len(out) of g, which the blocks of
// its slots hold; tmp holds scratch vectors for And and Or.
func (p *fpred) evalBlock(g *rgScan, lo int64, out []tri, tmp [][]tri) {
	switch p.kind {
	case nCompare, nIn, nIsNull:
		r := g.directReader(p.slot)
		cells := r.blk.cells[lo-r.blk.lo:][:len(out)]
		d := g.fs.descs[p.slot]
		switch p.kind {
		case nIsNull:
			for k := range cells {
				out[k] = triFalse
				if cells[k].null {
					out[k] = triTrue
				}
			}
		case nIn:
			for k := range cells {
				c := &cells[k]
				switch {
				case c.null:
					out[k] = triUnknown
				case inList(d, c, p.lits):
					out[k] = triTrue
				case p.hasNull:
					out[k] = triUnknown
				default:
					out[k] = triFalse
				}
			}
		default:
			compareBlock(d, p.op, &p.lits[0], cells, out)
		}
	case nNot:
		p.kids[0].evalBlock(g, lo, out, tmp)
		for k := range out {
			out[k] = triTrue - out[k]
		}
	case nAnd, nOr:
		p.kids[0].evalBlock(g, lo, out, tmp)
		v := tmp[0][:len(out)]
		for i := 1; i < len(p.kids); i++ {
			p.kids[i].evalBlock(g, lo, v, tmp[1:])
			if p.kind == nAnd {
				for k := range out {
					out[k] = min(out[k], v[k])
				}
			} else {
				for k := range out {
					out[k] = max(out[k], v[k])
				}
			}
		}
	}
}

// depth returns the scratch vectors evalBlock needs for p.
func (p *fpred) depth() int {
	n := 0
	for i := range p.kids {
		n = max(n, p.kids[i].depth())
	}
	if p.kind == nAnd || p.kind == nOr {
		n++
	}
	return n
}

// compareBlock evaluates `cell op l` on cells into out, with loops for
// the common domains.
func compareBlock(d *leafDesc, op Op, l *clit, cells []cell, out []tri) {
	if l.null {
		for k := range out {
			out[k] = triUnknown
		}
		return
	}
	switch {
	case d.dom == domBytes && op == Eq && l.inf == 0:
		for k := range cells {
			c := &cells[k]
			switch {
			case c.null:
				out[k] = triUnknown
			case string(c.b) == string(l.b):
				out[k] = triTrue
			default:
				out[k] = triFalse
			}
		}
	case (d.dom == domInt || d.dom == domTime) && l.inf == 0 && !l.frac:
		x := l.i
		for k := range cells {
			c := &cells[k]
			if c.null {
				out[k] = triUnknown
				continue
			}
			cmp := 0
			if c.i < x {
				cmp = -1
			} else if c.i > x {
				cmp = 1
			}
			out[k] = triFalse
			if holds(op, cmp) {
				out[k] = triTrue
			}
		}
	default:
		for k := range cells {
			c := &cells[k]
			if c.null {
				out[k] = triUnknown
				continue
			}
			out[k] = triFalse
			if holds(op, compareCell(d, c, l)) {
				out[k] = triTrue
			}
		}
	}
}

// wholeBlock reads the whole Variants of rows [lo, hi), entries i0 on,
// into r.blk, each as its value and metadata bytes (see cell). A row that
// cannot be rebuilt ends the block: at reports its error for that row and
// any later one, as entryAt would.
func (r *vreader) wholeBlock(i0, lo, hi int64) {
	b := &r.blk
	if !r.skipTo(i0, lo) {
		return
	}
	n := int(hi - lo)
	if cap(b.cells) < n {
		b.cells = make([]cell, n)
	}
	cells := b.cells[:n]
	k := 0
	for ; k < n; k++ {
		start := len(b.arena)
		out, m, valid, err := r.r.AppendNext(b.arena)
		if err != nil {
			r.failAt(lo+int64(k), err)
			break
		}
		r.next++
		if !valid {
			cells[k] = cell{null: true}
			continue
		}
		b.arena = append(out, m.Bytes()...)
		b.spans = append(b.spans, span{lo: k, hi: len(b.arena) - start})
		cells[k] = cell{i: int64(len(m.Bytes()))}
	}
	b.cells = cells[:k]
	off := 0
	for _, s := range b.spans { // cell s.lo has s.hi bytes at off
		b.cells[s.lo].b = b.arena[off : off+s.hi : off+s.hi]
		off += s.hi
	}
	b.end = lo + int64(k)
	if k > 0 {
		r.row, r.c = b.end-1, b.cells[k-1]
	}
}

// wholeInto rebuilds the whole Variants of rows [lo, hi) straight into
// output column col of batch out: their cells, with their bytes in out's
// arena (see cell), without a block in between. It returns how many rows
// it added, fewer than hi-lo when a row cannot be rebuilt (at then reports
// that row's error, as after wholeBlock), and the errors of loading the
// row group.
func (r *vreader) wholeInto(e *fileEntry, rg int, src *countingReader, out *batch, col int, lo, hi int64) (int64, error) {
	if !r.loaded {
		if err := r.load(e, rg, src); err != nil {
			return 0, err
		}
	}
	r.blk.lo, r.blk.end = lo, lo
	i0, err := r.index(lo)
	if err != nil || i0 < r.next || !r.skipTo(i0, lo) {
		return 0, nil // at reports it
	}
	cells, spans, arena := out.cols[col], out.spans[col], out.arena
	// Rows whose metadata is the batch's shared one (out.metas[col]) keep
	// only their value; the reader returns the same bytes for rows whose
	// metadata is unchanged, so comparing where they lie suffices.
	shared := out.metas[col]
	if len(shared) == 0 {
		r.sharedFrom = nil
	}
	k := int64(0)
	for ; lo+k < hi; k++ {
		start := len(arena)
		ext, m, valid, err := r.r.AppendNext(arena)
		if err != nil {
			r.failAt(lo+k, err)
			break
		}
		r.next++
		if !valid {
			cells = append(cells, cell{null: true})
			continue
		}
		mb := m.Bytes()
		if !sameBytes(mb, r.sharedFrom) {
			if len(shared) == 0 {
				shared = append(shared, mb...)
				out.metas[col] = shared
			}
			if bytes.Equal(mb, shared) {
				r.sharedFrom = mb
			}
		}
		if sameBytes(mb, r.sharedFrom) {
			spans = append(spans, byteSpan{len(cells), start, len(ext)})
			cells = append(cells, cell{i: -1})
			arena = ext
			continue
		}
		arena = append(ext, mb...)
		spans = append(spans, byteSpan{len(cells), start, len(arena)})
		cells = append(cells, cell{i: int64(len(mb))})
	}
	out.cols[col], out.spans[col], out.arena = cells, spans, arena
	// The rows are in the batch only: a later row is rebuilt next.
	r.row = -1
	return k, nil
}

// skipTo rebuilds and drops the rows before entry i0, the entry of row lo,
// and reports whether it got there; if not, at reports the error for row
// lo on.
func (r *vreader) skipTo(i0, lo int64) bool {
	for r.next < i0 {
		if _, _, err := r.r.Next(); err != nil {
			r.failAt(lo, err)
			return false
		}
		r.next++
	}
	return true
}

// failAt records the error of rebuilding row, which at reports for that
// row and later ones.
func (r *vreader) failAt(row int64, err error) {
	if err == io.EOF {
		err = corrupt(fmt.Errorf("the Variant column ends at row %d", r.next))
	}
	r.pending, r.pendingRow = err, row
}

// sameBytes reports whether a and b are the same bytes in memory (not
// merely equal).
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}
