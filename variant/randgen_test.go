package variant

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
)

// genValue is a logical Variant value made by [generator]: the physical type
// to encode and its value. An object keeps its fields in the order they were
// generated, the order a builder is given them; encoded, they are listed in
// key order. The 21 primitive types are all reachable: typ folds true and
// false into TypeBoolean (b holds which) and short and long strings into
// TypeString (the builder picks the form by length).
type genValue struct {
	typ    Type
	b      bool      // boolean
	i      int64     // int8..int64, date (days), time (µs), the four timestamps
	f      float64   // double
	f32    float32   // float
	dec    Decimal   // decimal4, decimal8, decimal16
	s      string    // string
	bin    []byte    // binary
	u      uuid.UUID // uuid
	keys   []string  // object field names, unique, in generation order
	fields []genValue
	elems  []genValue // array elements
}

// generator makes random Variant values from a fixed seed, so a failure can
// be replayed. Values cover every primitive type with its edge values, short
// and long strings, unicode and empty keys, nested objects and arrays, and,
// now and then, containers large enough to need 2- and 3-byte offsets, more
// than 255 elements (is_large) or more than 256 distinct keys (2-byte field
// ids).
type generator struct {
	r        *rand.Rand
	maxDepth int
	// rare makes the occasional big value: 1 in rare containers is wide and
	// 1 in 8*rare binaries is longer than 64 KiB. Zero turns them off.
	rare int
}

func newGenerator(seed uint64) *generator {
	return &generator{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), maxDepth: 5, rare: 400}
}

// keyPool holds the object keys most values use, so that dictionaries are
// shared between objects: empty, one byte, unicode (precomposed and
// combining forms, CJK, emoji), bytes that sort oddly, path syntax, and a
// 63-byte and a 120-byte key.
var keyPool = func() []string {
	keys := []string{
		"", "a", "b", "A", "Z", "_", "id", "name", "ts", "user", "value", "tags",
		"é", "e\u0301", "日本", "日本語", "🙂", "a.b", "[0]", "$", "key with space",
		"\x00", "\u00ff", "\x7f", "Ω", "zz", strings.Repeat("k", 63), strings.Repeat("long", 30),
	}
	for i := range 40 {
		keys = append(keys, "k"+strconv.Itoa(i))
	}
	return keys
}()

// runeRanges are the character ranges strings are drawn from.
var runeRanges = [][2]rune{
	{0x20, 0x7e}, {0x20, 0x7e}, {0x20, 0x7e}, // ASCII, most often
	{0x00, 0x1f},       // control characters
	{0xa0, 0x24f},      // Latin-1 and Latin Extended (2 bytes)
	{0x4e00, 0x9fff},   // CJK (3 bytes)
	{0x1f600, 0x1f64f}, // emoji (4 bytes)
}

// text returns a valid UTF-8 string of at most n bytes (n-3 or more).
func (g *generator) text(n int) string {
	rr := runeRanges[g.r.IntN(len(runeRanges))]
	b := make([]byte, 0, n)
	for {
		c := rr[0] + g.r.Int32N(rr[1]-rr[0]+1)
		if len(b)+utf8.RuneLen(c) > n {
			return string(b)
		}
		b = utf8.AppendRune(b, c)
	}
}

// textLen picks a string length around the short string limit of 63 bytes.
func (g *generator) textLen() int {
	switch x := g.r.IntN(100); {
	case x < 40:
		return g.r.IntN(11)
	case x < 70:
		return 11 + g.r.IntN(53)
	case x < 80:
		return 62 + g.r.IntN(4) // 62..65: either side of the limit
	case x < 95:
		return 66 + g.r.IntN(240)
	default:
		return 300 + g.r.IntN(1700)
	}
}

// top returns a value for the top level: mostly objects, as in event data.
func (g *generator) top() genValue {
	switch x := g.r.IntN(100); {
	case x < 70:
		return g.object(0)
	case x < 85:
		return g.array(0)
	}
	return g.scalar()
}

func (g *generator) value(depth int) genValue {
	if depth < g.maxDepth {
		switch x := g.r.IntN(100); {
		case x < 15:
			return g.object(depth)
		case x < 25:
			return g.array(depth)
		}
	}
	return g.scalar()
}

func (g *generator) wide() bool { return g.rare > 0 && g.r.IntN(g.rare) == 0 }

func (g *generator) object(depth int) genValue {
	v := genValue{typ: TypeObject}
	if g.wide() {
		// More than 255 fields and more than 256 keys in the dictionary.
		n := 256 + g.r.IntN(64)
		for _, i := range g.r.Perm(n) {
			v.keys = append(v.keys, "w"+strconv.Itoa(i))
			v.fields = append(v.fields, g.scalar())
		}
		return v
	}
	n := g.r.IntN(9)
	seen := make(map[string]bool, n)
	for len(v.keys) < n {
		var k string
		if g.r.IntN(10) == 0 {
			k = g.text(g.r.IntN(13))
		} else {
			k = keyPool[g.r.IntN(len(keyPool))]
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		v.keys = append(v.keys, k)
		v.fields = append(v.fields, g.value(depth+1))
	}
	if g.r.IntN(3) == 0 {
		// Fields given in key order, as most writers do.
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return strings.Compare(v.keys[a], v.keys[b]) })
		keys, fields := make([]string, n), make([]genValue, n)
		for i, j := range idx {
			keys[i], fields[i] = v.keys[j], v.fields[j]
		}
		v.keys, v.fields = keys, fields
	}
	return v
}

func (g *generator) array(depth int) genValue {
	v := genValue{typ: TypeArray}
	if g.wide() {
		for range 256 + g.r.IntN(64) {
			v.elems = append(v.elems, g.scalar())
		}
		return v
	}
	for range g.r.IntN(9) {
		v.elems = append(v.elems, g.value(depth+1))
	}
	return v
}

// edge reports whether to use an edge value rather than a random one.
func (g *generator) edge() bool { return g.r.IntN(3) == 0 }

func pick[T any](g *generator, vs ...T) T { return vs[g.r.IntN(len(vs))] }

func (g *generator) scalar() genValue {
	t := TypeNull + Type(g.r.IntN(int(TypeUUID-TypeNull)+1))
	v := genValue{typ: t}
	switch t {
	case TypeBoolean:
		v.b = g.r.IntN(2) == 0
	case TypeInt8:
		v.i = int64(int8(g.r.Uint32()))
		if g.edge() {
			v.i = pick[int64](g, math.MinInt8, math.MaxInt8, 0, -1, 1)
		}
	case TypeInt16:
		v.i = int64(int16(g.r.Uint32()))
		if g.edge() {
			v.i = pick[int64](g, math.MinInt16, math.MaxInt16, 0, -1, math.MinInt8)
		}
	case TypeInt32:
		v.i = int64(int32(g.r.Uint32()))
		if g.edge() {
			v.i = pick[int64](g, math.MinInt32, math.MaxInt32, 0, -1, math.MaxInt16+1)
		}
	case TypeInt64, TypeTimestamp, TypeTimestampNTZ, TypeTimestampNanos, TypeTimestampNTZNanos:
		v.i = int64(g.r.Uint64())
		if g.edge() {
			v.i = pick[int64](g, math.MinInt64, math.MaxInt64, 0, -1, 1, math.MaxInt32+1)
		}
	case TypeDate:
		v.i = int64(int32(g.r.Uint32()))
		if g.edge() {
			v.i = pick[int64](g, math.MinInt32, math.MaxInt32, 0, -1, 19723)
		}
	case TypeTime:
		v.i = g.r.Int64N(86_400_000_000)
		if g.edge() {
			v.i = pick[int64](g, 0, 86_400_000_000-1)
		}
	case TypeDouble:
		v.f = (g.r.Float64() - 0.5) * math.Pow(10, float64(g.r.IntN(600)-300))
		if g.edge() {
			v.f = pick(g, math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0,
				math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 0.1)
		}
	case TypeFloat:
		v.f32 = float32((g.r.Float64() - 0.5) * math.Pow(10, float64(g.r.IntN(70)-35)))
		if g.edge() {
			v.f32 = pick(g, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)),
				float32(math.Copysign(0, -1)), 0, math.MaxFloat32, math.SmallestNonzeroFloat32)
		}
	case TypeDecimal4:
		v.dec = g.decimal(1, 9)
	case TypeDecimal8:
		v.dec = g.decimal(10, 18)
	case TypeDecimal16:
		v.dec = g.decimal(19, 38)
	case TypeBinary:
		n := g.r.IntN(100)
		if g.rare > 0 && g.r.IntN(8*g.rare) == 0 {
			n = 65_536 + g.r.IntN(1024) // its container needs 3-byte offsets
		}
		v.bin = make([]byte, n)
		for i := range v.bin {
			v.bin[i] = byte(g.r.Uint32())
		}
	case TypeString:
		v.s = g.text(g.textLen())
		if g.edge() {
			v.s = pick(g, "", strings.Repeat("x", 63), strings.Repeat("x", 64), "é", "\x00",
				strings.Repeat("日", 21), strings.Repeat("日", 22))
		}
	case TypeUUID:
		for i := range v.u {
			v.u[i] = byte(g.r.Uint32())
		}
		if g.edge() {
			v.u = pick(g, uuid.UUID{}, uuid.Max)
		}
	}
	return v
}

// decimal returns a decimal whose number of digits is in [minP, maxP] and
// whose scale is in [0, maxP], so that its precision (the larger of the
// two) puts it in the physical type of that precision range.
func (g *generator) decimal(minP, maxP int) Decimal {
	p := minP + g.r.IntN(maxP-minP+1)
	digits := make([]byte, p)
	switch g.r.IntN(4) {
	case 0: // 10^(p-1)
		digits[0] = '1'
		for i := 1; i < p; i++ {
			digits[i] = '0'
		}
	case 1: // 10^p - 1
		for i := range digits {
			digits[i] = '9'
		}
	default:
		digits[0] = byte('1' + g.r.IntN(9))
		for i := 1; i < p; i++ {
			digits[i] = byte('0' + g.r.IntN(10))
		}
	}
	if p == 1 && g.r.IntN(4) == 0 {
		digits[0] = '0'
	}
	u, _ := new(big.Int).SetString(string(digits), 10)
	if g.r.IntN(2) == 0 {
		u.Neg(u)
	}
	d, err := DecimalFromBig(u, g.r.IntN(maxP+1))
	if err != nil {
		panic(err)
	}
	return d
}

// build appends v to b with the Append method of its physical type.
func (v genValue) build(b *Builder) {
	switch v.typ {
	case TypeNull:
		b.AppendNull()
	case TypeBoolean:
		b.AppendBool(v.b)
	case TypeInt8:
		b.AppendInt8(int8(v.i))
	case TypeInt16:
		b.AppendInt16(int16(v.i))
	case TypeInt32:
		b.AppendInt32(int32(v.i))
	case TypeInt64:
		b.AppendInt64(v.i)
	case TypeDouble:
		b.AppendFloat64(v.f)
	case TypeFloat:
		b.AppendFloat32(v.f32)
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		b.AppendDecimal(v.dec)
	case TypeDate:
		b.AppendDate(int32(v.i))
	case TypeTime:
		b.AppendTimeMicros(v.i)
	case TypeTimestamp:
		b.AppendTimestamp(v.i)
	case TypeTimestampNTZ:
		b.AppendTimestampNTZ(v.i)
	case TypeTimestampNanos:
		b.AppendTimestampNanos(v.i)
	case TypeTimestampNTZNanos:
		b.AppendTimestampNTZNanos(v.i)
	case TypeBinary:
		b.AppendBinary(v.bin)
	case TypeString:
		b.AppendString(v.s)
	case TypeUUID:
		b.AppendUUID(v.u)
	case TypeObject:
		b.BeginObject()
		for i, k := range v.keys {
			b.Key(k)
			v.fields[i].build(b)
		}
		b.EndObject()
	case TypeArray:
		b.BeginArray()
		for _, e := range v.elems {
			e.build(b)
		}
		b.EndArray()
	default:
		panic("genValue of type " + v.typ.String())
	}
}

// keyOrder returns the indexes of v's fields in key order, the order in
// which an encoded object lists them.
func (v genValue) keyOrder() []int {
	idx := make([]int, len(v.keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(v.keys[a], v.keys[b]) })
	return idx
}

// fieldsInKeyOrder reports whether every object in v was generated with its
// fields in key order.
func (v genValue) fieldsInKeyOrder() bool {
	if !slices.IsSorted(v.keys) {
		return false
	}
	for _, f := range v.fields {
		if !f.fieldsInKeyOrder() {
			return false
		}
	}
	for _, e := range v.elems {
		if !e.fieldsInKeyOrder() {
			return false
		}
	}
	return true
}

// checkVariant walks got and returns an error naming the first place where
// it differs from want: type, value (floats bit for bit), object keys and
// their order, lookups by name, array elements.
func checkVariant(want genValue, got Variant, path string) error {
	if got.Type() != want.typ {
		return fmt.Errorf("%s: type %v, want %v", path, got.Type(), want.typ)
	}
	var ok bool
	var err error
	switch want.typ {
	case TypeNull:
		ok = got.IsNull()
	case TypeBoolean:
		var b bool
		b, err = got.Bool()
		ok = b == want.b
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		var i int64
		i, err = got.Int()
		ok = i == want.i
	case TypeDouble:
		var f float64
		f, err = got.Float64()
		ok = math.Float64bits(f) == math.Float64bits(want.f)
	case TypeFloat:
		var f float32
		f, err = got.Float32()
		ok = math.Float32bits(f) == math.Float32bits(want.f32)
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		var d Decimal
		d, err = got.Decimal()
		ok = d == want.dec
	case TypeDate:
		var d int32
		d, err = got.DateDays()
		ok = int64(d) == want.i
	case TypeTime:
		var t int64
		t, err = got.TimeMicros()
		ok = t == want.i
	case TypeTimestamp, TypeTimestampNTZ:
		var t int64
		var utc bool
		t, utc, err = got.TimestampMicros()
		ok = t == want.i && utc == (want.typ == TypeTimestamp)
	case TypeTimestampNanos, TypeTimestampNTZNanos:
		var t int64
		var utc bool
		t, utc, err = got.TimestampNanos()
		ok = t == want.i && utc == (want.typ == TypeTimestampNanos)
	case TypeBinary:
		var b []byte
		b, err = got.Binary()
		ok = bytes.Equal(b, want.bin)
	case TypeString:
		var s string
		s, err = got.Str()
		ok = s == want.s
	case TypeUUID:
		var u uuid.UUID
		u, err = got.UUID()
		ok = u == want.u
	case TypeObject:
		return checkObject(want, got, path)
	case TypeArray:
		return checkArray(want, got, path)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if !ok {
		return fmt.Errorf("%s: %v value differs from the one built", path, want.typ)
	}
	return nil
}

func checkObject(want genValue, got Variant, path string) error {
	o, err := got.Object()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if o.Len() != len(want.keys) {
		return fmt.Errorf("%s: %d fields, want %d", path, o.Len(), len(want.keys))
	}
	for i, j := range want.keyOrder() {
		k, fv, err := o.At(i)
		if err != nil {
			return fmt.Errorf("%s: field %d: %w", path, i, err)
		}
		if k != want.keys[j] {
			return fmt.Errorf("%s: field %d is %q, want %q", path, i, k, want.keys[j])
		}
		p := path + "." + strconv.Quote(k)
		if err := checkVariant(want.fields[j], fv, p); err != nil {
			return err
		}
		byName, found, err := got.Field(k)
		if err != nil || !found || !bytes.Equal(byName.Bytes(), fv.Bytes()) {
			return fmt.Errorf("%s: Field(%q) = %x, %v, %v; want %x", path, k, byName.Bytes(), found, err, fv.Bytes())
		}
	}
	const missing = "no such key"
	if !slices.Contains(want.keys, missing) {
		if _, found, err := got.Field(missing); found || err != nil {
			return fmt.Errorf("%s: Field(%q) found %v, err %v", path, missing, found, err)
		}
	}
	return nil
}

func checkArray(want genValue, got Variant, path string) error {
	a, err := got.Array()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if a.Len() != len(want.elems) {
		return fmt.Errorf("%s: %d elements, want %d", path, a.Len(), len(want.elems))
	}
	for i, e := range want.elems {
		ev, err := a.At(i)
		if err != nil {
			return fmt.Errorf("%s[%d]: %w", path, i, err)
		}
		if err := checkVariant(e, ev, path+"["+strconv.Itoa(i)+"]"); err != nil {
			return err
		}
	}
	if _, found, err := got.Index(len(want.elems)); found || err != nil {
		return fmt.Errorf("%s: Index(%d) past the end found %v, err %v", path, len(want.elems), found, err)
	}
	return nil
}

// shapeStats counts what a set of encoded values exercises, to show that the
// generator reaches every type and every offset and field id width.
type shapeStats struct {
	types       map[Type]int
	short, long int            // strings by form
	offSizes    map[string]int // "object/2", "array/3": containers by offset size
	idSizes     map[int]int    // objects by field id size
	large       map[string]int // "object", "array": containers with is_large
}

func newShapeStats() *shapeStats {
	return &shapeStats{types: map[Type]int{}, offSizes: map[string]int{}, idSizes: map[int]int{}, large: map[string]int{}}
}

// add walks the valid value v.
func (s *shapeStats) add(v Variant) {
	s.types[v.Type()]++
	switch v.BasicType() {
	case BasicShortString:
		s.short++
	case BasicPrimitive:
		if p, _ := v.PrimitiveType(); p == PrimitiveString {
			s.long++
		}
	case BasicObject:
		h, _ := parseObjectHeader(v.value)
		s.offSizes["object/"+strconv.Itoa(h.offSize)]++
		s.idSizes[h.idSize]++
		if h.num > 255 {
			s.large["object"]++
		}
		o, _ := v.Object()
		for _, f := range o.All() {
			s.add(f)
		}
	case BasicArray:
		h, _ := parseArrayHeader(v.value)
		s.offSizes["array/"+strconv.Itoa(h.offSize)]++
		if h.num > 255 {
			s.large["array"]++
		}
		a, _ := v.Array()
		for _, e := range a.All() {
			s.add(e)
		}
	}
}
