package shred

import (
	"slices"
	"strings"

	"github.com/parquetvariant/parquetvariant/variant"
)

// InferOptions bound the schemas [Infer] chooses (docs/design.md section 7). The
// zero value means the defaults.
type InferOptions struct {
	// MinFraction is the share of the rows holding an object in which a
	// field must be present (its value may be the Variant null) to be
	// shredded. Default 0.1.
	MinFraction float64
	// MinConsistency is the share of a node's non-null values that must be
	// of one type family for the node to get a typed_value, and the share
	// that must fit an existing typed_value for [Fits]. Default 0.9.
	MinConsistency float64
	// MaxFields bounds the shredded object fields, at all depths together.
	// Default 300.
	MaxFields int
	// MaxDepth bounds the nesting of shredded objects and arrays. Default 8.
	MaxDepth int
}

func (o InferOptions) withDefaults() InferOptions {
	if o.MinFraction <= 0 {
		o.MinFraction = 0.1
	}
	if o.MinConsistency <= 0 {
		o.MinConsistency = 0.9
	}
	if o.MaxFields <= 0 {
		o.MaxFields = 300
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = 8
	}
	return o
}

// family groups the Variant types that share a typed_value column:
// integers of every width go to INT64; decimals of one scale to a DECIMAL
// of that scale; every other type to its own column.
type family uint8

const (
	famNone family = iota
	famBool
	famInt
	famDecimal
	famFloat
	famDouble
	famDate
	famTime
	famTimestamp
	famTimestampNTZ
	famTimestampNanos
	famTimestampNTZNanos
	famBinary
	famString
	famUUID
	famObject
	famArray
	famCount
)

func familyOf(v []byte) family {
	if len(v) == 0 {
		return famNone
	}
	switch v[0] & 3 {
	case 1:
		return famString
	case 2:
		return famObject
	case 3:
		return famArray
	}
	switch v[0] {
	case hTrue, hFalse:
		return famBool
	case hInt8, hInt16, hInt32, hInt64:
		return famInt
	case hDecimal4, hDecimal8, hDecimal16:
		return famDecimal
	case hFloat:
		return famFloat
	case hDouble:
		return famDouble
	case hDate:
		return famDate
	case hTime:
		return famTime
	case hTimestamp:
		return famTimestamp
	case hTimestampNTZ:
		return famTimestampNTZ
	case hTimestampNanos:
		return famTimestampNanos
	case hTimestampNTZNan:
		return famTimestampNTZNanos
	case hBinary:
		return famBinary
	case hString:
		return famString
	case hUUID:
		return famUUID
	}
	return famNone
}

// stats counts what a sample holds at one place of the value tree.
type stats struct {
	present  int // values here, Variant nulls included
	families [famCount]int
	scales   map[int]int // decimals by scale
	digits   int         // most integer digits of a decimal
	fields   map[string]*stats
	elem     *stats
}

func (s *stats) add(m variant.Metadata, v []byte, depth int) error {
	s.present++
	f := familyOf(v)
	s.families[f]++
	switch f {
	case famDecimal:
		scale, hi, lo, ok := decimalOf128(v)
		if !ok {
			return invalidValue(0, "truncated decimal")
		}
		if s.scales == nil {
			s.scales = map[int]int{}
		}
		s.scales[scale]++
		p := 1
		for p < 38 && !fitsPrecision(hi, lo, p) {
			p++
		}
		s.digits = max(s.digits, p-scale)
	case famObject:
		if depth <= 0 {
			return nil
		}
		o, err := parseObject(v)
		if err != nil {
			return err
		}
		if s.fields == nil {
			s.fields = map[string]*stats{}
		}
		for i := 0; i < o.num; i++ {
			k, ok := m.KeyBytes(o.id(i))
			if !ok {
				return invalidValue(o.idsStart+i*o.idSize, "field id out of range of the metadata")
			}
			fv, err := o.field(i)
			if err != nil {
				return err
			}
			c := s.fields[string(k)]
			if c == nil {
				c = &stats{}
				s.fields[string(k)] = c
			}
			if err := c.add(m, fv, depth-1); err != nil {
				return err
			}
		}
	case famArray:
		if depth <= 0 {
			return nil
		}
		a, err := parseArray(v)
		if err != nil {
			return err
		}
		if s.elem == nil {
			s.elem = &stats{}
		}
		for i := 0; i < a.num; i++ {
			e, err := a.elem(i)
			if err != nil {
				return err
			}
			if err := s.elem.add(m, e, depth-1); err != nil {
				return err
			}
		}
	}
	return nil
}

// Infer chooses a shredding schema for the Variants of a sample, with the
// rules of docs/design.md section 7: a node gets a typed_value when at least
// MinConsistency of its non-null values are of one type family (integers
// of any width become INT64; decimals of one scale become a DECIMAL of that
// scale and the precision of the widest of them, widened to 9, 18 or 38
// digits so that the decimal width stays the same; other types keep their
// own type); an object field is shredded when it is present in at least
// MinFraction of the objects and has a typed_value itself; at most
// MaxFields fields are shredded, the most frequent first (ties by name),
// and objects and arrays nest at most MaxDepth deep. The result depends on
// the sample only, not on map or row order beyond the values themselves.
// It returns [Untyped] when nothing qualifies, and an error wrapping
// variant.ErrInvalidValue for malformed values.
func Infer(sample []variant.Variant, opts InferOptions) (Schema, error) {
	o := opts.withDefaults()
	var root stats
	for _, v := range sample {
		if err := root.add(v.Metadata(), v.Bytes(), o.MaxDepth); err != nil {
			return Schema{}, err
		}
	}
	budget := o.MaxFields
	return root.schema(o, &budget), nil
}

// schema returns the schema these statistics call for.
func (s *stats) schema(o InferOptions, budget *int) Schema {
	nonNull := s.present - s.families[famNone]
	if nonNull == 0 {
		return Untyped()
	}
	best := famNone
	for f := family(1); f < famCount; f++ {
		if s.families[f] > s.families[best] {
			best = f
		}
	}
	if float64(s.families[best]) < o.MinConsistency*float64(nonNull) {
		return Untyped()
	}
	switch best {
	case famBool:
		return Typed(TypeBoolean)
	case famInt:
		return Typed(TypeInt64)
	case famDecimal:
		scale, n := -1, 0
		for sc, c := range s.scales {
			if c > n || c == n && sc < scale {
				scale, n = sc, c
			}
		}
		if float64(n) < o.MinConsistency*float64(nonNull) {
			return Untyped()
		}
		p := s.digits + scale
		switch {
		case p <= 9:
			p = 9
		case p <= 18:
			p = 18
		case p <= 38:
			p = 38
		default:
			return Untyped()
		}
		return Primitive(Decimal(p, scale))
	case famFloat:
		return Typed(TypeFloat)
	case famDouble:
		return Typed(TypeDouble)
	case famDate:
		return Typed(TypeDate)
	case famTime:
		return Typed(TypeTime)
	case famTimestamp:
		return Typed(TypeTimestamp)
	case famTimestampNTZ:
		return Typed(TypeTimestampNTZ)
	case famTimestampNanos:
		return Typed(TypeTimestampNanos)
	case famTimestampNTZNanos:
		return Typed(TypeTimestampNTZNanos)
	case famBinary:
		return Typed(TypeBinary)
	case famString:
		return Typed(TypeString)
	case famUUID:
		return Typed(TypeUUID)
	case famArray:
		if s.elem == nil {
			return Untyped()
		}
		e := s.elem.schema(o, budget)
		if e.Kind == KindUntyped {
			return Untyped()
		}
		return Array(e)
	case famObject:
		objects := s.families[famObject]
		names := make([]string, 0, len(s.fields))
		for k, f := range s.fields {
			if k != "" && float64(f.present) >= o.MinFraction*float64(objects) {
				names = append(names, k)
			}
		}
		slices.SortFunc(names, func(a, b string) int {
			if d := s.fields[b].present - s.fields[a].present; d != 0 {
				return d
			}
			return strings.Compare(a, b)
		})
		var fs []Field
		for _, k := range names {
			if *budget <= 0 {
				break
			}
			*budget--
			fsch := s.fields[k].schema(o, budget)
			if fsch.Kind == KindUntyped {
				*budget++
				continue
			}
			fs = append(fs, Field{Name: k, Schema: fsch})
		}
		if len(fs) == 0 {
			return Untyped()
		}
		return Object(fs...)
	}
	return Untyped()
}

// Fits reports whether the schema s still suits a new sample well enough to
// keep it (docs/design.md section 7: a table keeps its shredding schema while it
// fits, so that its files stay alike): at every node with a typed_value, at
// least MinConsistency of the sample's non-null values there are stored in
// typed_value, and [Infer] on the sample shreds no object field that s
// lacks. Errors are those of [NewLayout] and [Batch.Append].
func Fits(s Schema, sample []variant.Variant, opts InferOptions) (bool, error) {
	ok, _, err := FitsReusing(s, sample, opts, nil)
	return ok, err
}

// FitsReusing is [Fits] shredding the sample into the buffers of scratch, a
// batch of any layout that the caller no longer uses, or nil (see
// [Layout.NewBatchFrom]). It also returns the batch it used (nil when s has
// no layout), whose buffers the caller may pass to a later call.
func FitsReusing(s Schema, sample []variant.Variant, opts InferOptions, scratch *Batch) (bool, *Batch, error) {
	o := opts.withDefaults()
	l, err := NewLayout(s, false)
	if err != nil {
		return false, nil, err
	}
	b := l.NewBatchFrom(scratch)
	defer func() { b.meta = variant.Metadata{} }() // hold none of the sample
	for _, v := range sample {
		if err := b.Append(v); err != nil {
			return false, b, err
		}
	}
	if !b.nodeFits(l.root, o.MinConsistency) {
		return false, b, nil
	}
	inferred, err := Infer(sample, o)
	if err != nil {
		return false, b, err
	}
	return covers(s, inferred), b, nil
}

// nodeFits checks the share of typed values at n and below.
func (b *Batch) nodeFits(n *node, minShare float64) bool {
	if n.kind == KindUntyped {
		return true
	}
	if n.value >= 0 {
		vc, tc := &b.Columns[n.value], &b.Columns[n.typedLo]
		vmax := b.layout.leaves[n.value].MaxDef
		typed, fallback := 0, 0
		vi, t := 0, 0
		for _, d := range vc.Def {
			if int(d) < n.def {
				if int(d) == vmax {
					vi++
				}
				continue
			}
			for t < len(tc.Def) && (int(tc.Rep[t]) > n.rep || int(tc.Def[t]) < n.def) {
				t++
			}
			if t == len(tc.Def) {
				return false
			}
			present := int(tc.Def[t]) > n.def
			t++
			switch {
			case present:
				typed++
			case int(d) == vmax && !(len(vc.bytesAt(vi)) == 1 && vc.bytesAt(vi)[0] == hNull):
				fallback++
			}
			if int(d) == vmax {
				vi++
			}
		}
		if total := typed + fallback; total > 0 && float64(typed) < minShare*float64(total) {
			return false
		}
	}
	for _, f := range n.fields {
		if !b.nodeFits(f, minShare) {
			return false
		}
	}
	if n.elem != nil {
		return b.nodeFits(n.elem, minShare)
	}
	return true
}

// covers reports whether every object field that t shreds is shredded by s.
func covers(s, t Schema) bool {
	switch t.Kind {
	case KindObject:
		for _, f := range t.Fields {
			sf, ok := s.Field(f.Name)
			if !ok || !covers(sf, f.Schema) {
				return false
			}
		}
	case KindArray:
		if s.Kind == KindArray {
			return covers(*s.Element, *t.Element)
		}
	}
	return true
}
