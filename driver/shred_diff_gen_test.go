package driver_test

// Random Variant rows, shredding schemas and queries for the differential
// test of shredded storage (shred_diff_test.go): objects whose fields are
// partly shared and sometimes change type between rows and files, values
// of every Variant type, fixed schemas that sometimes do not fit the data.

import (
	"database/sql"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// pv is a logical Variant value of the test.
type pv struct {
	kind   string // null bool i8 i16 i32 i64 dec f32 f64 str bin date time ts tsntz tsn tsntzn uuid obj arr
	b      bool
	i      int64
	f      float64
	dec    variant.Decimal
	s      string
	bin    []byte
	u      uuid.UUID
	keys   []string
	fields []pv
	elems  []pv
}

func (v pv) build(b *variant.Builder) {
	switch v.kind {
	case "null":
		b.AppendNull()
	case "bool":
		b.AppendBool(v.b)
	case "i8":
		b.AppendInt8(int8(v.i))
	case "i16":
		b.AppendInt16(int16(v.i))
	case "i32":
		b.AppendInt32(int32(v.i))
	case "i64":
		b.AppendInt64(v.i)
	case "dec":
		b.AppendDecimal(v.dec)
	case "f32":
		b.AppendFloat32(float32(v.f))
	case "f64":
		b.AppendFloat64(v.f)
	case "str":
		b.AppendString(v.s)
	case "bin":
		b.AppendBinary(v.bin)
	case "date":
		b.AppendDate(int32(v.i))
	case "time":
		b.AppendTimeMicros(v.i)
	case "ts":
		b.AppendTimestamp(v.i)
	case "tsntz":
		b.AppendTimestampNTZ(v.i)
	case "tsn":
		b.AppendTimestampNanos(v.i)
	case "tsntzn":
		b.AppendTimestampNTZNanos(v.i)
	case "uuid":
		b.AppendUUID(v.u)
	case "obj":
		b.BeginObject()
		for i, k := range v.keys {
			b.Key(k)
			v.fields[i].build(b)
		}
		b.EndObject()
	case "arr":
		b.BeginArray()
		for _, e := range v.elems {
			e.build(b)
		}
		b.EndArray()
	default:
		panic(v.kind)
	}
}

func (v pv) variant(t testing.TB) variant.Variant {
	var b variant.Builder
	v.build(&b)
	out, err := b.Build()
	require.NoError(t, err)
	return out
}

var diffPrimKinds = []string{"bool", "i8", "i16", "i32", "i64", "dec4", "dec8", "dec16", "f32", "f64",
	"str", "lstr", "bin", "date", "time", "ts", "tsntz", "tsn", "tsntzn", "uuid"}

var diffStrings = []string{"", "a", "ab", "abc", "b", "ba", "zz", "é", "a%b", "a_b", "100", "-7", "2024-01-02",
	"true", "x y"}

// diffField is the plan of one field: its usual kind (a primitive kind, obj
// or arr) with, for decimals, its usual scale, and for objects and arrays
// what they hold.
type diffField struct {
	kind   string
	scale  int
	sub    map[string]*diffField // obj
	elem   *diffField            // arr
	rate   float64               // how often present
	chaos  float64               // how often another kind
	nulls  float64               // how often Variant null
	subKey []string
}

type diffGen struct {
	r *rand.Rand
	// loc, when >= 0, makes prim give values near a point that moves
	// from block to block of rows, so that row groups and pages hold
	// ranges that data skipping can tell apart.
	loc int64
	// top is the field plan of the rows, which queries lean on to use
	// the cast types that the shredded columns hold.
	top map[string]*diffField
	// bare makes the rows values of the plan of field a instead of
	// objects of all the fields.
	bare bool
}

func (g *diffGen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

func (g *diffGen) plan(depth int) *diffField {
	f := &diffField{rate: 0.5 + 0.5*g.r.Float64(), chaos: []float64{0, 0, 0, 0.05, 0.3}[g.r.IntN(5)],
		nulls: []float64{0, 0, 0.05, 0.2}[g.r.IntN(4)]}
	switch x := g.r.IntN(10); {
	case x < 2 && depth < 2:
		f.kind = "obj"
		f.sub = map[string]*diffField{}
		for _, k := range []string{"x", "y", "z"}[:1+g.r.IntN(3)] {
			f.sub[k] = g.plan(depth + 1)
			f.subKey = append(f.subKey, k)
		}
	case x < 3 && depth < 2:
		f.kind = "arr"
		f.elem = g.plan(depth + 1)
	default:
		f.kind = g.pick(diffPrimKinds)
		f.scale = g.r.IntN(4)
	}
	return f
}

func (g *diffGen) dec(digits, scale int) variant.Decimal {
	n := new(big.Int)
	nd := 1 + g.r.IntN(digits)
	if g.r.IntN(3) == 0 {
		nd = digits
	}
	for i := 0; i < nd; i++ {
		n.Mul(n, big.NewInt(10))
		n.Add(n, big.NewInt(int64(g.r.IntN(10))))
	}
	if g.r.IntN(8) == 0 {
		n.SetInt64(int64(g.r.IntN(5)))
	}
	if g.r.IntN(2) == 0 {
		n.Neg(n)
	}
	if scale > nd && scale > 0 {
		scale = nd
	}
	d, err := variant.DecimalFromBig(n, scale)
	if err != nil {
		panic(err)
	}
	return d
}

func (g *diffGen) prim(kind string, scale int) pv {
	r := g.r
	if l := g.loc; l >= 0 && r.IntN(10) != 0 {
		switch kind {
		case "bool":
			return pv{kind: "bool", b: l%2 == 0}
		case "i8", "i16", "i32", "i64":
			return pv{kind: kind, i: l*3 - 50 + int64(r.IntN(3))}
		case "dec4", "dec8", "dec16":
			d, err := variant.NewDecimal((l*3-50+int64(r.IntN(3)))*int64(math.Pow10(scale))+int64(r.IntN(2)), scale)
			if err != nil {
				panic(err)
			}
			if kind == "dec16" {
				n := d.Unscaled()
				n.Mul(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(20), nil))
				if d, err = variant.DecimalFromBig(n, scale+20); err != nil {
					panic(err)
				}
			}
			return pv{kind: "dec", dec: d}
		case "f32", "f64":
			return pv{kind: kind, f: float64(l) - 10 + float64(r.IntN(3))*0.5}
		case "str", "lstr":
			s := diffStrings[(int(l)+r.IntN(2))%len(diffStrings)]
			if kind == "lstr" {
				s += strings.Repeat("L", 70)
			}
			return pv{kind: "str", s: s}
		case "date":
			return pv{kind: "date", i: 19720 + l%10 + int64(r.IntN(2))}
		case "time":
			return pv{kind: "time", i: (l%24)*3600000000 + int64(r.IntN(2))}
		case "ts", "tsntz":
			return pv{kind: kind, i: 1704067200000000 + (l%8)*43200000000 + int64(r.IntN(2))}
		case "tsn", "tsntzn":
			return pv{kind: kind, i: 1704067200000000000 + (l%8)*43200000000000 + int64(r.IntN(2))}
		case "uuid":
			var u uuid.UUID
			u[15] = byte(l % 4)
			return pv{kind: "uuid", u: u}
		}
	}
	switch kind {
	case "bool":
		return pv{kind: "bool", b: r.IntN(2) == 0}
	case "i8":
		return pv{kind: "i8", i: g.intIn([]int64{math.MinInt8, math.MaxInt8, 0, -1, 1}, 60)}
	case "i16":
		return pv{kind: "i16", i: g.intIn([]int64{math.MinInt16, math.MaxInt16, 0, 300}, 1000)}
	case "i32":
		return pv{kind: "i32", i: g.intIn([]int64{math.MinInt32, math.MaxInt32, 0, 70000}, 100000)}
	case "i64":
		return pv{kind: "i64", i: g.intIn([]int64{math.MinInt64, math.MaxInt64, 0, 1 << 40, 42}, 50)}
	case "dec4":
		if r.IntN(4) == 0 {
			scale = r.IntN(5)
		}
		return pv{kind: "dec", dec: g.dec(9, scale)}
	case "dec8":
		if r.IntN(4) == 0 {
			scale = r.IntN(10)
		}
		return pv{kind: "dec", dec: g.dec(18, scale)}
	case "dec16":
		if r.IntN(4) == 0 {
			scale = r.IntN(20)
		}
		return pv{kind: "dec", dec: g.dec(38, scale)}
	case "f32":
		fs := []float64{math.NaN(), math.Copysign(0, -1), 0, math.Inf(1), math.Inf(-1), 1.5, -2.25, 3.4e38, 1e-40}
		if r.IntN(3) == 0 {
			return pv{kind: "f32", f: fs[r.IntN(len(fs))]}
		}
		return pv{kind: "f32", f: float64(float32(r.NormFloat64() * 20))}
	case "f64":
		fs := []float64{math.NaN(), math.Copysign(0, -1), 0, math.Inf(1), math.Inf(-1), 0.1, 1.5, -2, 1e300, 5e-324, 7}
		if r.IntN(3) == 0 {
			return pv{kind: "f64", f: fs[r.IntN(len(fs))]}
		}
		return pv{kind: "f64", f: math.Round(r.NormFloat64()*2000) / 100}
	case "str":
		return pv{kind: "str", s: g.pick(diffStrings)}
	case "lstr":
		return pv{kind: "str", s: g.pick(diffStrings) + strings.Repeat("L", 60+r.IntN(40)) + strconv.Itoa(r.IntN(3))}
	case "bin":
		n := r.IntN(20)
		if r.IntN(5) == 0 {
			n = 0
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = []byte{0, 1, 0x7f, 0x80, 0xff, 'a'}[r.IntN(6)]
		}
		return pv{kind: "bin", bin: b}
	case "date":
		return pv{kind: "date", i: g.intIn([]int64{0, -1, 19724, 2932896, -719162}, 0) + 19720 + int64(r.IntN(10))}
	case "time":
		return pv{kind: "time", i: (g.intIn([]int64{0, 86399999999, 36000000000}, 0) + int64(r.IntN(5))*3600000000) % 86400000000}
	case "ts", "tsntz":
		base := int64(1704067200000000) // 2024-01-01
		v := base + int64(r.IntN(5))*86400000000 + int64(r.IntN(3))*1000001
		if r.IntN(8) == 0 {
			v = []int64{0, -1, math.MaxInt64 / 2, -62135596800000000}[r.IntN(4)]
		}
		return pv{kind: kind, i: v}
	case "tsn", "tsntzn":
		base := int64(1704067200000000000)
		v := base + int64(r.IntN(5))*86400000000000 + int64(r.IntN(3))*1000000001
		if r.IntN(8) == 0 {
			v = []int64{0, -1, math.MaxInt64, math.MinInt64, 1704067200000000000}[r.IntN(5)]
		}
		return pv{kind: kind, i: v}
	case "uuid":
		var u uuid.UUID
		u[15] = byte(r.IntN(4))
		if r.IntN(2) == 0 {
			u[0] = 0xff
		}
		return pv{kind: "uuid", u: u}
	}
	panic(kind)
}

// intIn returns one of the edges now and then, else a small random value
// within ±spread.
func (g *diffGen) intIn(edges []int64, spread int64) int64 {
	if g.r.IntN(6) == 0 || spread == 0 {
		if spread == 0 && g.r.IntN(6) != 0 {
			return 0
		}
		return edges[g.r.IntN(len(edges))]
	}
	return g.r.Int64N(2*spread+1) - spread
}

func (g *diffGen) anyValue(depth int) pv {
	switch x := g.r.IntN(12); {
	case x == 0:
		return pv{kind: "null"}
	case x == 1 && depth < 2:
		return g.value(g.plan(depth+1), depth+1)
	default:
		return g.prim(g.pick(diffPrimKinds), g.r.IntN(3))
	}
}

func (g *diffGen) value(f *diffField, depth int) pv {
	if g.r.Float64() < f.nulls {
		return pv{kind: "null"}
	}
	if g.r.Float64() < f.chaos {
		return g.anyValue(depth)
	}
	switch f.kind {
	case "obj":
		v := pv{kind: "obj"}
		for _, k := range f.subKey {
			sf := f.sub[k]
			if g.r.Float64() < sf.rate {
				v.keys = append(v.keys, k)
				v.fields = append(v.fields, g.value(sf, depth+1))
			}
		}
		if g.r.IntN(5) == 0 {
			v.keys = append(v.keys, "w")
			v.fields = append(v.fields, g.anyValue(depth+1))
		}
		return v
	case "arr":
		v := pv{kind: "arr"}
		for n := g.r.IntN(4); n > 0; n-- {
			v.elems = append(v.elems, g.value(f.elem, depth+1))
		}
		return v
	}
	return g.prim(f.kind, f.scale)
}

var diffTopKeys = []string{"a", "b", "c", "d", "e"}

// row generates one top-level Variant: usually an object of the planned
// fields, now and then another value. nil is SQL NULL.
func (g *diffGen) row(plan map[string]*diffField) *pv {
	switch g.r.IntN(40) {
	case 0:
		return nil
	case 1:
		v := g.anyValue(1)
		return &v
	}
	if g.bare {
		v := g.value(plan["a"], 0)
		return &v
	}
	v := pv{kind: "obj"}
	for _, k := range diffTopKeys {
		f := plan[k]
		if g.r.Float64() < f.rate {
			v.keys = append(v.keys, k)
			v.fields = append(v.fields, g.value(f, 1))
		}
	}
	if g.r.IntN(6) == 0 {
		v.keys = append(v.keys, "rare")
		v.fields = append(v.fields, g.anyValue(1))
	}
	return &v
}

var diffShredTypes = []shred.TypeID{shred.TypeBoolean, shred.TypeInt8, shred.TypeInt16, shred.TypeInt32,
	shred.TypeInt64, shred.TypeFloat, shred.TypeDouble, shred.TypeDate, shred.TypeTime, shred.TypeTimestamp,
	shred.TypeTimestampNTZ, shred.TypeTimestampNanos, shred.TypeTimestampNTZNanos, shred.TypeBinary,
	shred.TypeString, shred.TypeUUID}

var diffKindShred = map[string]shred.TypeID{"bool": shred.TypeBoolean, "i8": shred.TypeInt8, "i16": shred.TypeInt16,
	"i32": shred.TypeInt32, "i64": shred.TypeInt64, "f32": shred.TypeFloat, "f64": shred.TypeDouble,
	"date": shred.TypeDate, "time": shred.TypeTime, "ts": shred.TypeTimestamp, "tsntz": shred.TypeTimestampNTZ,
	"tsn": shred.TypeTimestampNanos, "tsntzn": shred.TypeTimestampNTZNanos, "bin": shred.TypeBinary,
	"str": shred.TypeString, "lstr": shred.TypeString, "uuid": shred.TypeUUID}

// schema makes a fixed shredding schema for a field plan: mostly its own
// types, sometimes others.
func (g *diffGen) schema(f *diffField, depth int) shred.Schema {
	r := g.r
	if r.IntN(8) == 0 {
		return shred.Untyped()
	}
	mismatch := r.IntN(4) == 0
	kind := f.kind
	if mismatch {
		kind = []string{"obj", "arr", g.pick(diffPrimKinds)}[r.IntN(3)]
	}
	switch kind {
	case "obj":
		var fs []shred.Field
		for _, k := range []string{"x", "y", "z", "w"} {
			if r.IntN(3) == 0 {
				continue
			}
			sf := f.sub[k]
			if sf == nil {
				sf = g.plan(depth + 1)
			}
			fs = append(fs, shred.Field{Name: k, Schema: g.schema(sf, depth+1)})
		}
		if len(fs) == 0 {
			fs = append(fs, shred.Field{Name: "x", Schema: shred.Typed(shred.TypeInt64)})
		}
		return shred.Object(fs...)
	case "arr":
		e := f.elem
		if e == nil {
			e = g.plan(depth + 1)
		}
		return shred.Array(g.schema(e, depth+1))
	case "dec4", "dec8", "dec16":
		p := map[string]int{"dec4": 9, "dec8": 18, "dec16": 38}[kind]
		if r.IntN(3) == 0 {
			p = 1 + r.IntN(38)
		}
		s := f.scale
		if r.IntN(3) == 0 {
			s = r.IntN(p + 1)
		}
		if s > p {
			s = p
		}
		return shred.Primitive(shred.Decimal(p, s))
	}
	if id, ok := diffKindShred[kind]; ok && !(mismatch && r.IntN(2) == 0) {
		return shred.Typed(id)
	}
	return shred.Typed(diffShredTypes[r.IntN(len(diffShredTypes))])
}

func (g *diffGen) topSchema(plan map[string]*diffField) shred.Schema {
	var fs []shred.Field
	for _, k := range append(diffTopKeys, "rare") {
		if g.r.IntN(4) == 0 {
			continue
		}
		f := plan[k]
		if f == nil {
			f = g.plan(1)
		}
		fs = append(fs, shred.Field{Name: k, Schema: g.schema(f, 1)})
	}
	return shred.Object(fs...)
}

// diffQuery is one query; {T} is the table. strict marks a query whose
// strict casts may fail on some rows; unordered, one whose rows come in no
// defined order.
type diffQuery struct {
	sql       string
	strict    bool
	unordered bool
}

var diffCastTypes = []string{"bigint", "int", "smallint", "tinyint", "double", "float", "decimal(9,2)",
	"decimal(18,4)", "decimal(38,10)", "decimal(5,0)", "string", "date", "timestamp", "timestamp_ntz", "time",
	"boolean", "binary", "uuid", "variant"}

func (g *diffGen) path() string {
	p, _ := g.pathField()
	return p
}

// pathField returns a random path and the plan of the field it names, when
// the plan has one.
func (g *diffGen) pathField() (string, *diffField) {
	r := g.r
	k := g.pick(diffTopKeys)
	f := g.top[k]
	switch r.IntN(10) {
	case 0, 1:
		i := r.IntN(2)
		if f != nil && f.kind == "arr" {
			return fmt.Sprintf("$.%s[%d]", k, i), f.elem
		}
		return fmt.Sprintf("$.%s[%d]", k, i), nil
	case 2, 3:
		if f != nil && f.kind == "obj" && r.IntN(4) != 0 {
			sk := f.subKey[r.IntN(len(f.subKey))]
			return "$." + k + "." + sk, f.sub[sk]
		}
		return "$." + k + "." + g.pick([]string{"x", "y", "z", "w"}), nil
	case 4:
		return "$.rare", nil
	case 5:
		return "$." + k + "[0]." + g.pick([]string{"x", "y"}), nil
	case 6:
		if r.IntN(4) == 0 {
			return "$", nil
		}
	case 7:
		if g.bare {
			return g.pick([]string{"$[0]", "$[1]", "$[0].x", "$.x", "$.y", "$[2]"}), nil
		}
	}
	return "$." + k, f
}

// castFor returns a cast type that keeps the values of a field of the plan
// as they are, or a random one.
func (g *diffGen) castFor(f *diffField) string {
	if f == nil || g.r.IntN(3) == 0 {
		return g.pick(diffCastTypes)
	}
	switch f.kind {
	case "bool":
		return "boolean"
	case "i8", "i16", "i32", "i64":
		return g.pick([]string{"bigint", "bigint", "int", "tinyint", "smallint"})
	case "dec4":
		return fmt.Sprintf("decimal(9,%d)", f.scale)
	case "dec8":
		return fmt.Sprintf("decimal(18,%d)", f.scale)
	case "dec16":
		return fmt.Sprintf("decimal(38,%d)", f.scale+20*g.r.IntN(2))
	case "f32":
		return g.pick([]string{"float", "double"})
	case "f64":
		return "double"
	case "str", "lstr":
		return "string"
	case "date":
		return "date"
	case "ts", "tsn":
		return "timestamp"
	case "tsntz", "tsntzn":
		return "timestamp_ntz"
	case "time":
		return "time"
	case "uuid":
		return "uuid"
	case "bin":
		return "binary"
	}
	return g.pick(diffCastTypes)
}

func (g *diffGen) literal(typ string) string {
	r := g.r
	switch {
	case strings.Contains(typ, "int"):
		return strconv.Itoa(r.IntN(121) - 50)
	case typ == "double" || typ == "float":
		if r.IntN(2) == 0 {
			return strconv.Itoa(r.IntN(40)-10) + g.pick([]string{"", ".5", ".0", ".25"})
		}
		return g.pick([]string{"0", "-0.0", "1.5", "-2.25", "7", "1e300", "0.1", "-5", "1e-320", "-1e308"})
	case strings.HasPrefix(typ, "decimal"):
		if r.IntN(2) == 0 {
			return strconv.Itoa(r.IntN(120)-50) + g.pick([]string{"", ".5", ".0", ".01", ".001"})
		}
		return g.pick([]string{"0", "1.5", "-3", "12.34", "0.01", "100", "-0.5", "-40.0"})
	case typ == "string":
		return "'" + g.pick(diffStrings) + "'"
	case typ == "date":
		return fmt.Sprintf("'2024-01-%02d'", 1+r.IntN(5))
	case typ == "timestamp" || typ == "timestamp_ntz":
		return fmt.Sprintf("'2024-01-%02d 00:00:0%d'", 1+r.IntN(5), r.IntN(3))
	case typ == "time":
		return fmt.Sprintf("'%02d:00:00'", r.IntN(5)*1+10)
	case typ == "boolean":
		return g.pick([]string{"TRUE", "FALSE"})
	case typ == "uuid":
		return "'00000000-0000-0000-0000-00000000000" + strconv.Itoa(r.IntN(4)) + "'"
	case typ == "binary":
		return "'a'"
	}
	// variant
	return "parse_json('" + g.pick([]string{"1", "1.5", "\"a\"", "null", "true", "-7", "0", "\"2024-01-02\""}) + "')"
}

// cond returns a random condition and whether it can fail (a strict cast).
func (g *diffGen) cond() (string, bool) {
	r := g.r
	p, f := g.pathField()
	typ := g.castFor(f)
	var e string
	strict := false
	switch r.IntN(6) {
	case 0:
		e = fmt.Sprintf("variant_get(v, '%s', '%s')", p, typ)
		strict = typ != "variant"
	case 1:
		e = fmt.Sprintf("v->'%s'", p)
		typ = "variant"
	case 2:
		e = fmt.Sprintf("v->>'%s'", p)
		typ = "string"
	default:
		e = fmt.Sprintf("try_variant_get(v, '%s', '%s')", p, typ)
	}
	var c string
	switch r.IntN(11) {
	case 0, 1:
		c = e + " = " + g.literal(typ)
	case 2:
		c = e + " < " + g.literal(typ)
	case 3:
		c = e + " >= " + g.literal(typ)
	case 4:
		a, b := g.literal(typ), g.literal(typ)
		c = e + " BETWEEN " + a + " AND " + b
	case 5:
		c = e + " IN (" + g.literal(typ) + ", " + g.literal(typ) + ", " + g.literal(typ) + ")"
	case 6:
		c = e + " IS NULL"
	case 7:
		c = e + " IS NOT NULL"
	case 8:
		c = e + " LIKE '" + g.pick([]string{"a%", "%b", "2024%", "_", "L%", "1%", "-%", "%"}) + "'"
	case 9:
		c = e + " <> " + g.literal(typ)
	case 10:
		c = "NOT (" + e + " <= " + g.literal(typ) + ")"
	}
	return c, strict
}

func (g *diffGen) queries(n int) []diffQuery {
	r := g.r
	qs := []diffQuery{
		{sql: "SELECT id, v FROM {T} ORDER BY id"},
		{sql: "SELECT id, to_json(v) FROM {T} ORDER BY id"},
		{sql: "SELECT COUNT(*), COUNT(v) FROM {T}"},
	}
	for len(qs) < n {
		p, f := g.pathField()
		typ := g.castFor(f)
		switch r.IntN(9) {
		case 0:
			qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT id, v->'%s', v->>'%s', to_json(v->'%s') FROM {T} ORDER BY id", p, p, p)})
		case 1:
			qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT id, try_variant_get(v, '%s', '%s'), try_variant_get(v, '%s', '%s') FROM {T} ORDER BY id", p, typ, g.path(), g.pick(diffCastTypes))})
		case 2:
			qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT id, variant_get(v, '%s', '%s') FROM {T} ORDER BY id", p, typ), strict: true})
		case 3, 4:
			c, strict := g.cond()
			if r.IntN(3) == 0 {
				c2, s2 := g.cond()
				c += []string{" AND ", " OR "}[r.IntN(2)] + c2
				strict = strict || s2
			}
			if r.IntN(4) == 0 {
				qs = append(qs, diffQuery{sql: "SELECT COUNT(*) FROM {T} WHERE " + c, strict: strict})
			} else {
				qs = append(qs, diffQuery{sql: "SELECT id, v->'" + p + "' FROM {T} WHERE " + c + " ORDER BY id", strict: strict})
			}
		case 5:
			lim := ""
			if r.IntN(2) == 0 {
				lim = fmt.Sprintf(" LIMIT %d", 1+r.IntN(10))
			}
			dir := g.pick([]string{"", " DESC"})
			if r.IntN(2) == 0 {
				qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT id, v->'%s' FROM {T} ORDER BY v->'%s'%s, id%s", p, p, dir, lim)})
			} else {
				qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT id, to_json(v) FROM {T} ORDER BY try_variant_get(v, '%s', '%s')%s, id%s", p, typ, dir, lim)})
			}
		case 6:
			if r.IntN(2) == 0 {
				qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT v->'%s' AS k, COUNT(*) FROM {T} GROUP BY k", p), unordered: true})
			} else {
				qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT try_variant_get(v, '%s', '%s') AS k, COUNT(*), MIN(id), MAX(id) FROM {T} GROUP BY k", p, typ), unordered: true})
			}
		case 7:
			where := ""
			strict := false
			if r.IntN(2) == 0 {
				c, s := g.cond()
				where, strict = " WHERE "+c, s
			}
			qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT COUNT(v->'%s'), MIN(v->'%s'), MAX(v->'%s'), COUNT(try_variant_get(v, '%s', '%s')), MIN(try_variant_get(v, '%s', '%s')), MAX(try_variant_get(v, '%s', '%s')), SUM(try_variant_get(v, '%s', 'decimal(18,6)')), COUNT(DISTINCT v->'%s') FROM {T}%s",
				p, p, p, p, typ, p, typ, p, typ, p, p, where), strict: strict})
		case 8:
			qs = append(qs, diffQuery{sql: fmt.Sprintf("SELECT id, variant_typeof(v->'%s'), is_variant_null(v->'%s') FROM {T} ORDER BY id", p, p)})
		}
	}
	return qs
}

// diffStore is one way of storing the table.
type diffStore struct {
	name   string
	table  string
	writer *sql.DB
}

// normTypeof folds the type names that shredding may change into one name
// per class (README "Shredding": a shredded integer reads back as an int64,
// a decimal with the width of its column).
func normTypeof(s string) string {
	for _, from := range []string{"int8", "int16", "int32", "int64"} {
		s = strings.ReplaceAll(s, "|"+from+"|", "|int|")
	}
	for _, from := range []string{"decimal4", "decimal8", "decimal16"} {
		s = strings.ReplaceAll(s, "|"+from+"|", "|decimal|")
	}
	return s
}
