package driver_test

import (
	"bytes"
	"cmp"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The randomized differential test of SQL over plain (non-VARIANT) columns:
// random tables of every plain type, random rows with edge values in small
// row groups and several files, random predicates evaluated in Go with SQL
// three-valued logic, with data skipping on and off; ORDER BY, MIN, MAX,
// COUNT, COUNT(DISTINCT) and GROUP BY against Go.
//
// Values in Go (by column type; nil is SQL NULL):
//
//	BIGINT int64, DOUBLE float64, BOOLEAN bool, VARCHAR string,
//	BINARY pbin, DECIMAL *big.Rat, DATE pdate (days), TIME ptime (µs),
//	TIMESTAMP pts (µs since epoch), UUID puuid (16 bytes)
type (
	pbin  string
	pdate int64
	ptime int64
	pts   int64
	puuid string
)

type pcol struct {
	name    string
	typ     string // BIGINT, DOUBLE, ..., DECIMAL
	p, s    int
	notNull bool
}

func (c pcol) ddl() string {
	t := c.typ
	if t == "DECIMAL" {
		t = fmt.Sprintf("DECIMAL(%d,%d)", c.p, c.s)
	}
	if c.notNull {
		t += " NOT NULL"
	}
	return c.name + " " + t
}

var plainTypes = []string{"BIGINT", "DOUBLE", "BOOLEAN", "VARCHAR", "BINARY", "DECIMAL", "DATE", "TIME", "TIMESTAMP", "UUID"}

// ---- comparison in Go ----

func pcmp(a, b any) int {
	switch x := a.(type) {
	case int64:
		return cmp.Compare(x, b.(int64))
	case float64:
		y := b.(float64)
		xn, yn := math.IsNaN(x), math.IsNaN(y)
		switch {
		case xn && yn:
			return 0
		case xn:
			return 1
		case yn:
			return -1
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	case bool:
		y := b.(bool)
		if x == y {
			return 0
		}
		if !x {
			return -1
		}
		return 1
	case string:
		return strings.Compare(x, b.(string))
	case pbin:
		return strings.Compare(string(x), string(b.(pbin)))
	case *big.Rat:
		return x.Cmp(b.(*big.Rat))
	case pdate:
		return cmp.Compare(int64(x), int64(b.(pdate)))
	case ptime:
		return cmp.Compare(int64(x), int64(b.(ptime)))
	case pts:
		return cmp.Compare(int64(x), int64(b.(pts)))
	case puuid:
		return strings.Compare(string(x), string(b.(puuid)))
	}
	panic(fmt.Sprintf("pcmp %T", a))
}

// canon is a value's text for sets and maps: values that compare equal have
// the same canon.
func canon(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case float64:
		if x == 0 {
			return "0"
		}
		if math.IsNaN(x) {
			return "NaN"
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case *big.Rat:
		return x.RatString()
	case pbin:
		return "x" + hex.EncodeToString([]byte(x))
	case puuid:
		return "u" + hex.EncodeToString([]byte(x))
	case string:
		return strconv.Quote(x)
	}
	return fmt.Sprintf("%T:%v", v, v)
}

// ---- SQL text of values ----

func quoteSQL(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `'`, `''`)
	return "'" + s + "'"
}

func decText(r *big.Rat, scale int) string {
	if scale == 0 {
		return r.Num().String()
	}
	return r.FloatString(scale)
}

func dateText(d pdate) string {
	return time.Unix(int64(d)*86400, 0).UTC().Format("2006-01-02")
}

func timeText(t ptime) string {
	us := int64(t)
	return fmt.Sprintf("%02d:%02d:%02d.%06d", us/3600e6, us/60e6%60, us/1e6%60, us%1e6)
}

func tsTime(t pts) time.Time { return time.UnixMicro(int64(t)).UTC() }

func uuidText(u puuid) string {
	h := hex.EncodeToString([]byte(u))
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// insertArg is the Go argument INSERT takes for v in column c.
func insertArg(c pcol, v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case pbin:
		return []byte(x)
	case *big.Rat:
		return decText(x, c.s)
	case pdate:
		return time.Unix(int64(x)*86400, 0).UTC()
	case ptime:
		return timeText(x)
	case pts:
		return tsTime(x)
	case puuid:
		return uuidText(x)
	}
	return v
}

// literal renders v as an SQL operand for column c: a literal of its type,
// text that the README says is read as the column's type, or a ? with its
// argument. ok is false when v has no such form in the chosen style.
func literal(r *rand.Rand, c pcol, v any) (sql string, args []any) {
	if v == nil {
		return "NULL", nil
	}
	style := r.IntN(6) // 0: ? argument, 1: text, else own-type literal
	switch x := v.(type) {
	case int64:
		switch style {
		case 0:
			return "?", []any{x}
		case 1:
			s := strconv.FormatInt(x, 10)
			if x >= 0 && r.IntN(2) == 0 {
				s = "00" + s
			}
			return quoteSQL(s), nil
		}
		return strconv.FormatInt(x, 10), nil
	case float64:
		if style == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
			return "?", []any{x}
		}
		if style == 1 {
			return quoteSQL(strconv.FormatFloat(x, 'g', -1, 64)), nil
		}
		if math.Signbit(x) && x == 0 {
			return "-0.0e0", nil
		}
		return strconv.FormatFloat(x, 'e', -1, 64), nil
	case bool:
		if style == 1 {
			if x {
				return quoteSQL([]string{"true", "TRUE", " True "}[r.IntN(3)]), nil
			}
			return quoteSQL([]string{"false", "FALSE", "False"}[r.IntN(3)]), nil
		}
		if style == 0 {
			return "?", []any{x}
		}
		if x {
			return "TRUE", nil
		}
		return "FALSE", nil
	case string:
		if style == 0 {
			return "?", []any{x}
		}
		return quoteSQL(x), nil
	case pbin:
		switch style {
		case 0:
			return "?", []any{[]byte(x)}
		case 1:
			if utf8.ValidString(string(x)) && !strings.ContainsRune(string(x), 0) {
				return quoteSQL(string(x)), nil
			}
		}
		return "X'" + strings.ToUpper(hex.EncodeToString([]byte(x))) + "'", nil
	case *big.Rat:
		s := decText(x, c.s)
		switch style {
		case 0:
			return "?", []any{s}
		case 1:
			return quoteSQL(s), nil
		}
		return s, nil
	case pdate:
		if style == 0 {
			return "?", []any{time.Unix(int64(x)*86400, 0).UTC()}
		}
		return quoteSQL(dateText(x)), nil
	case ptime:
		return quoteSQL(timeText(x)), nil
	case pts:
		t := tsTime(x)
		switch style {
		case 0:
			return "?", []any{t}
		case 1:
			return quoteSQL(t.Format("2006-01-02T15:04:05.999999Z")), nil
		case 2:
			return quoteSQL(t.In(time.FixedZone("", 2*3600)).Format("2006-01-02 15:04:05.999999-07:00")), nil
		}
		return quoteSQL(t.Format("2006-01-02 15:04:05.000000")), nil
	case puuid:
		s := uuidText(x)
		if r.IntN(2) == 0 {
			s = strings.ToUpper(s)
		}
		if r.IntN(2) == 0 {
			s = strings.ReplaceAll(s, "-", "")
		}
		if style == 0 {
			return "?", []any{s}
		}
		return quoteSQL(s), nil
	}
	panic(fmt.Sprintf("literal %T", v))
}

// unk is a literal whose comparison with the column is unknown: text that
// does not read as the column's type.
type unk struct{}

// numOf returns a number of the model as an exact rational or a double.
func numOf(v any) (r *big.Rat, f float64, isFloat, ok bool) {
	switch x := v.(type) {
	case bool:
		if x {
			return big.NewRat(1, 1), 0, false, true
		}
		return new(big.Rat), 0, false, true
	case int64:
		return new(big.Rat).SetInt64(x), 0, false, true
	case *big.Rat:
		return x, 0, false, true
	case float64:
		return nil, x, true, true
	}
	return nil, 0, false, false
}

// numCmp compares two numbers as the README says: by value whatever their
// type, a decimal with a fraction meeting a double rounded to the nearest
// double first, NaN equal to itself and above every number.
func numCmp(a, b any) int {
	ra, fa, af, _ := numOf(a)
	rb, fb, bf, _ := numOf(b)
	switch {
	case af && bf:
		return pcmp(fa, fb)
	case af:
		return -numCmp(b, a)
	case !bf:
		return ra.Cmp(rb)
	}
	// ra exact, fb double
	switch {
	case math.IsNaN(fb), math.IsInf(fb, 1):
		return -1
	case math.IsInf(fb, -1):
		return 1
	}
	if !ra.IsInt() {
		x, _ := ra.Float64()
		return pcmp(x, fb)
	}
	return ra.Cmp(new(big.Rat).SetFloat64(fb))
}

// textNum reads text as a number (README: SQL text compared with a number
// is read as one), or reports false. README silent on which number: as the
// driver does, as a literal reads: text in decimal form is the exact
// decimal when it fits 38 digits, else (and with an exponent) the nearest
// double; text beyond the range of a double does not read.
func textNum(s string) (any, bool) {
	t := strings.Trim(s, " \t\n\r\f\v") // ASCII white space only, as casts
	if i, err := strconv.ParseInt(t, 10, 64); err == nil {
		return i, true
	}
	if !numText.MatchString(t) {
		return nil, false
	}
	rat, ok := new(big.Rat).SetString(t)
	if !ok {
		return nil, false
	}
	if !strings.ContainsAny(t, "eE") && decimalFits(rat) {
		return rat, true
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return nil, false
	}
	return f, true
}

// decimalFits reports whether r is a decimal of at most 38 digits and scale.
func decimalFits(r *big.Rat) bool {
	x := new(big.Rat).Set(r)
	scale := 0
	for !x.IsInt() {
		if scale == 38 {
			return false
		}
		x.Mul(x, big.NewRat(10, 1))
		scale++
	}
	return len(new(big.Int).Abs(x.Num()).String()) <= 38
}

var numText = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

func instant(v any) (int64, bool) {
	switch x := v.(type) {
	case pdate:
		return int64(x) * 86400e6, true
	case pts:
		return int64(x), true
	}
	return 0, false
}

// xcmp compares a column value x with a literal's value lv; ok is false
// when the comparison is unknown.
func xcmp(x, lv any) (int, bool) {
	if x == nil || lv == nil {
		return 0, false
	}
	if _, u := lv.(unk); u {
		return 0, false
	}
	_, _, _, xn := numOf(x)
	_, _, _, ln := numOf(lv)
	_, xb := x.(bool)
	_, lb := lv.(bool)
	switch {
	case xb && lb:
		return pcmp(x, lv), true
	case xn && ln:
		return numCmp(x, lv), true
	}
	if s, ok := x.(string); ok && ln {
		n, ok := textNum(s)
		if !ok {
			return 0, false
		}
		return numCmp(n, lv), true
	}
	if ix, ok := instant(x); ok {
		il, _ := instant(lv)
		return cmp.Compare(ix, il), true
	}
	if b, ok := x.(pbin); ok {
		if s, ok := lv.(string); ok {
			return strings.Compare(string(b), s), true
		}
	}
	return pcmp(x, lv), true
}

// literalX is literal, or sometimes a literal of another type that the
// README says compares with the column: another kind of number, text read
// as a number, a timestamp or a date, text that does not read as the
// column's type (unknown), a number meeting a VARCHAR column.
func literalX(r *rand.Rand, c pcol, v any) (string, []any, any) {
	if v == nil || r.IntN(3) != 0 {
		s, a := literal(r, c, v)
		return s, a, v
	}
	bad := []string{"abc", "", "1x", "2024-13-01", "25:00:00", "x-y", "--"}
	if r.IntN(6) == 0 && c.typ != "VARCHAR" && c.typ != "BINARY" {
		return quoteSQL(bad[r.IntN(len(bad))]), nil, unk{}
	}
	switch x := v.(type) {
	case int64, float64, *big.Rat, bool:
		var base *big.Rat
		switch x := x.(type) {
		case int64:
			base = new(big.Rat).SetInt64(x)
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				base = big.NewRat(int64(r.IntN(5)), 1)
			} else {
				base = new(big.Rat).SetFloat64(x)
			}
		case *big.Rat:
			base = x
		case bool:
			base = big.NewRat(int64(r.IntN(4))-1, 1)
		}
		// a nearby number: the value, +-0.5, +-1, or rounded
		delta := []*big.Rat{new(big.Rat), big.NewRat(1, 2), big.NewRat(-1, 2), big.NewRat(1, 1), big.NewRat(-1, 1), big.NewRat(1, 1000)}[r.IntN(6)]
		n := new(big.Rat).Add(base, delta)
		if r.IntN(3) == 0 {
			q := new(big.Int).Quo(n.Num(), n.Denom())
			n = new(big.Rat).SetInt(q)
		}
		text := r.IntN(4) == 0
		if _, isBool := x.(bool); isBool && text {
			// README: text meeting a boolean is read as a boolean, so
			// number text is unknown.
			return quoteSQL(n.FloatString(1)), nil, unk{}
		}
		switch k := r.IntN(3); {
		case k == 0 && n.IsInt() && n.Num().IsInt64(): // integer literal
			s := n.Num().String()
			if text {
				return quoteSQL(s), nil, n.Num().Int64()
			}
			if r.IntN(4) == 0 {
				return "?", []any{n.Num().Int64()}, n.Num().Int64()
			}
			return s, nil, n.Num().Int64()
		case k == 1: // double
			f, _ := n.Float64()
			if math.IsInf(f, 0) {
				break
			}
			if r.IntN(3) == 0 {
				return "?", []any{f}, f
			}
			s := strconv.FormatFloat(f, 'e', -1, 64)
			if text {
				n, _ := textNum(s)
				return quoteSQL(s), nil, n
			}
			return s, nil, f
		}
		// an exact decimal with up to 6 fraction digits
		s := n.FloatString(r.IntN(4) + 1)
		rat, _ := new(big.Rat).SetString(s)
		digits := len(strings.TrimLeft(strings.ReplaceAll(strings.TrimPrefix(s, "-"), ".", ""), "0"))
		if digits > 38 {
			s2, a := literal(r, c, v)
			return s2, a, v
		}
		if text {
			return quoteSQL(s), nil, rat
		}
		return s, nil, rat
	case string:
		// a number meeting a VARCHAR column reads the text as a number
		if n, ok := textNum(x); ok && r.IntN(2) == 0 {
			switch n := n.(type) {
			case int64:
				return strconv.FormatInt(n, 10), nil, n
			case *big.Rat:
				if n.IsInt() && n.Num().IsInt64() {
					return n.Num().String(), nil, n.Num().Int64()
				}
				f, _ := n.Float64()
				return strconv.FormatFloat(f, 'e', -1, 64), nil, f
			}
		}
		i := int64(r.IntN(300) - 10)
		return strconv.FormatInt(i, 10), nil, i
	case pdate:
		// a timestamp text or time.Time, with a time of day sometimes
		us := int64(x)*86400e6 + []int64{0, 0, 1, -1, 3600e6, 86400e6 - 1}[r.IntN(6)]
		t := tsTime(pts(us))
		if r.IntN(3) == 0 {
			return "?", []any{t}, pts(us)
		}
		return quoteSQL(t.Format("2006-01-02 15:04:05.999999")), nil, pts(us)
	case pts:
		// a date alone is its midnight
		day := int64(x) / 86400e6
		if int64(x) < 0 && int64(x)%86400e6 != 0 {
			day--
		}
		day += int64(r.IntN(3) - 1)
		if day < -719162 || day > 2932896 {
			day = 0
		}
		return quoteSQL(dateText(pdate(day))), nil, pts(day * 86400e6)
	}
	s, a := literal(r, c, v)
	return s, a, v
}

// ---- random values ----

var plainWords = []string{"00123", "123", "-5", "1.50", "1e2", "0.1", "9223372036854775808", "", "a", "A", "b", "ab", "abc", "é", "É", "日本", "日本語", "😀", "\uffff", "%", "_", "a%b", "a_b",
	"it's", `back\slash`, "tab\there", "zz", "~", " ", "a b", "ÿ", "\u00a0", "Zebra"}

func randValue(r *rand.Rand, c pcol) any {
	switch c.typ {
	case "BIGINT":
		switch r.IntN(8) {
		case 0:
			return []int64{math.MinInt64, math.MaxInt64, 0, -1, 1, math.MinInt64 + 1, math.MaxInt64 - 1, 1 << 53, 1<<53 + 1}[r.IntN(9)]
		case 1, 2:
			return r.Int64() - r.Int64()
		}
		return int64(r.IntN(41) - 20)
	case "DOUBLE":
		switch r.IntN(8) {
		case 0:
			return []float64{math.NaN(), math.Copysign(0, -1), 0, math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64,
				math.SmallestNonzeroFloat64, 0.1, 1e300, -1e-300, 9007199254740993}[r.IntN(12)]
		case 1, 2:
			return (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(40)-20))
		}
		return float64(r.IntN(21)-10) / 2
	case "BOOLEAN":
		return r.IntN(2) == 0
	case "VARCHAR":
		switch r.IntN(10) {
		case 0:
			return strings.Repeat(plainWords[r.IntN(len(plainWords))], 50+r.IntN(500)) + plainWords[r.IntN(len(plainWords))]
		case 1, 2:
			return plainWords[r.IntN(len(plainWords))] + plainWords[r.IntN(len(plainWords))] + plainWords[r.IntN(len(plainWords))]
		}
		return plainWords[r.IntN(len(plainWords))]
	case "BINARY":
		switch r.IntN(6) {
		case 0:
			return pbin("")
		case 1:
			return pbin(bytes.Repeat([]byte{0xff}, 10+r.IntN(20)))
		case 2:
			b := make([]byte, 17+r.IntN(30))
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
			return pbin(b)
		}
		b := make([]byte, r.IntN(4))
		for i := range b {
			b[i] = []byte{0, 1, 'a', 'b', 0x7f, 0x80, 0xfe, 0xff}[r.IntN(8)]
		}
		return pbin(b)
	case "DECIMAL":
		lim := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(c.p)), nil)
		var u *big.Int
		switch r.IntN(6) {
		case 0:
			u = new(big.Int).Sub(lim, big.NewInt(1))
			if r.IntN(2) == 0 {
				u.Neg(u)
			}
		case 1, 2:
			u = new(big.Int).Rand(rand0(r), lim)
			if r.IntN(2) == 0 {
				u.Neg(u)
			}
		default:
			u = big.NewInt(int64(r.IntN(21) - 10))
			if u.CmpAbs(lim) >= 0 {
				u.SetInt64(0)
			}
		}
		return new(big.Rat).SetFrac(u, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(c.s)), nil))
	case "DATE":
		switch r.IntN(5) {
		case 0:
			return pdate([]int64{0, -1, 1, -719162, 2932896, -25567, 19000}[r.IntN(7)]) // 0001-01-01, 9999-12-31, 1900-01-01
		case 1:
			return pdate(int64(r.IntN(2932896+719162)) - 719162)
		}
		return pdate(int64(r.IntN(30)) - 15 + 19000)
	case "TIME":
		switch r.IntN(4) {
		case 0:
			return ptime([]int64{0, 86400e6 - 1, 12 * 3600e6, 1}[r.IntN(4)])
		case 1:
			return ptime(r.Int64N(86400e6))
		}
		return ptime(int64(r.IntN(24)) * 3600e6)
	case "TIMESTAMP":
		switch r.IntN(5) {
		case 0:
			return pts([]int64{0, -1, 1, -62135596800e6, 253402300799999999, -2208988800e6}[r.IntN(6)])
		case 1:
			return pts(r.Int64N(253402300799999999+62135596800e6) - 62135596800e6)
		}
		return pts(1700000000e6 + int64(r.IntN(10))*3600e6)
	case "UUID":
		b := make([]byte, 16)
		switch r.IntN(4) {
		case 0:
			for i := range b {
				b[i] = []byte{0, 0xff}[r.IntN(2)]
			}
		default:
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
		}
		return puuid(b)
	}
	panic(c.typ)
}

// rand0 is a math/rand source for big.Int.Rand, seeded from r.
func rand0(r *rand.Rand) *mrand.Rand { return mrand.New(mrand.NewSource(r.Int64())) }

// ---- predicates ----

type tri int8 // 0 false, 1 true, 2 unknown

func tnot(a tri) tri {
	if a == 2 {
		return 2
	}
	return 1 - a
}
func tand(a, b tri) tri {
	if a == 0 || b == 0 {
		return 0
	}
	if a == 2 || b == 2 {
		return 2
	}
	return 1
}
func tor(a, b tri) tri {
	if a == 1 || b == 1 {
		return 1
	}
	if a == 2 || b == 2 {
		return 2
	}
	return 0
}
func tb(b bool) tri {
	if b {
		return 1
	}
	return 0
}

type pred struct {
	sql  string
	args []any
	eval func(row []any) tri
}

func cmpOp(op string, c int) bool {
	switch op {
	case "=":
		return c == 0
	case "<>", "!=":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	}
	panic(op)
}

var flipOp = map[string]string{"<=>": "<=>", "=": "=", "<>": "<>", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

// pickValue is a value for a predicate on column ci: mostly one of the
// stored values, sometimes a new one, rarely NULL.
func pickValue(r *rand.Rand, c pcol, rows [][]any, ci int) any {
	if r.IntN(4) != 0 && len(rows) > 0 {
		return rows[r.IntN(len(rows))][ci]
	}
	return randValue(r, c)
}

// likeToken is one element of a LIKE pattern: '%' (any), '_' (one) or a
// literal rune.
type likeToken struct {
	kind byte
	r    rune
}

func likeMatch(p []likeToken, s []rune) bool {
	if len(p) == 0 {
		return len(s) == 0
	}
	switch p[0].kind {
	case '%':
		for i := 0; i <= len(s); i++ {
			if likeMatch(p[1:], s[i:]) {
				return true
			}
		}
		return false
	case '_':
		return len(s) > 0 && likeMatch(p[1:], s[1:])
	}
	return len(s) > 0 && s[0] == p[0].r && likeMatch(p[1:], s[1:])
}

// likeText is the text LIKE matches for v, and whether LIKE applies (the
// README: a number matches as its text; a date, timestamp, boolean or
// binary makes LIKE NULL).
func likeText(c pcol, v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case int64:
		return strconv.FormatInt(x, 10), true
	case *big.Rat:
		return decText(x, c.s), true
	case float64:
		// Assumed from like.go (README: "a number matches as its text"):
		// the shortest text that reads back.
		return strconv.FormatFloat(x, 'g', -1, 64), true
	case ptime:
		// A TIME column matches as its text (time_of_day_test.go).
		return timeText(x), true
	case puuid:
		// README silent: a UUID matches as its canonical text (as MySQL,
		// which keeps UUIDs as text; uuid_sql_test.go).
		return uuidText(x), true
	}
	return "", false
}

// randLike returns a LIKE pattern's SQL text and tokens, built around a
// piece of a stored value's text.
func randLike(r *rand.Rand, base string) (string, []likeToken) {
	var sqlb strings.Builder
	var toks []likeToken
	runes := []rune(base)
	if len(runes) > 6 {
		st := r.IntN(len(runes) - 5)
		runes = runes[st : st+1+r.IntN(5)]
	}
	if r.IntN(3) == 0 {
		sqlb.WriteString("%")
		toks = append(toks, likeToken{kind: '%'})
	}
	for _, ch := range runes {
		switch {
		case r.IntN(6) == 0:
			sqlb.WriteString("_")
			toks = append(toks, likeToken{kind: '_'})
		case r.IntN(10) == 0:
			sqlb.WriteString("%")
			toks = append(toks, likeToken{kind: '%'})
		case ch == '%' || ch == '_':
			sqlb.WriteString(`\` + string(ch))
			toks = append(toks, likeToken{r: ch})
		case ch == '\\':
			sqlb.WriteString("_")
			toks = append(toks, likeToken{kind: '_'})
		case ch == '\'':
			sqlb.WriteString("''")
			toks = append(toks, likeToken{r: ch})
		default:
			sqlb.WriteRune(ch)
			toks = append(toks, likeToken{r: ch})
		}
	}
	if r.IntN(2) == 0 {
		sqlb.WriteString("%")
		toks = append(toks, likeToken{kind: '%'})
	}
	return "'" + sqlb.String() + "'", toks
}

func randAtom(r *rand.Rand, cols []pcol, rows [][]any) pred {
	ci := 1 + r.IntN(len(cols)-1)
	c := cols[ci]
	name := c.name
	get := func(row []any) any { return row[ci] }
	switch k := r.IntN(20); {
	case k < 8: // comparison
		op := []string{"=", "<>", "!=", "<", "<=", ">", ">=", "<=>"}[r.IntN(8)]
		v := pickValue(r, c, rows, ci)
		if r.IntN(30) == 0 {
			v = nil
		}
		lit, args, lv := literalX(r, c, v)
		sql := name + " " + op + " " + lit
		if r.IntN(4) == 0 {
			sql = lit + " " + flipOp[op] + " " + name
		}
		if op == "<=>" {
			// x <=> NULL is x IS NULL; otherwise as = with NULL false.
			return pred{sql, args, func(row []any) tri {
				x := get(row)
				if x == nil || lv == nil {
					return tb(x == nil && lv == nil)
				}
				cr, ok := xcmp(x, lv)
				return tb(ok && cr == 0)
			}}
		}
		return pred{sql, args, func(row []any) tri {
			cr, ok := xcmp(get(row), lv)
			if !ok {
				return 2
			}
			return tb(cmpOp(op, cr))
		}}
	case k < 10: // BETWEEN
		a, b := pickValue(r, c, rows, ci), pickValue(r, c, rows, ci)
		if a != nil && b != nil && pcmp(a, b) > 0 && r.IntN(4) != 0 {
			a, b = b, a
		}
		la, aa, a := literalX(r, c, a)
		lb, ab, b := literalX(r, c, b)
		not := r.IntN(3) == 0
		sql := name + " BETWEEN " + la + " AND " + lb
		if not {
			sql = name + " NOT BETWEEN " + la + " AND " + lb
		}
		return pred{sql, append(aa, ab...), func(row []any) tri {
			x := get(row)
			ge, le := tri(2), tri(2)
			if cr, ok := xcmp(x, a); ok {
				ge = tb(cr >= 0)
			}
			if cr, ok := xcmp(x, b); ok {
				le = tb(cr <= 0)
			}
			t := tand(ge, le)
			if not {
				t = tnot(t)
			}
			return t
		}}
	case k < 13: // IN
		n := 1 + r.IntN(4)
		var vals []any
		var parts []string
		var args []any
		for range n {
			v := pickValue(r, c, rows, ci)
			if r.IntN(5) == 0 {
				v = nil
			}
			l, a, v := literalX(r, c, v)
			parts = append(parts, l)
			args = append(args, a...)
			vals = append(vals, v)
		}
		not := r.IntN(3) == 0
		sql := name + " IN (" + strings.Join(parts, ", ") + ")"
		if not {
			sql = name + " NOT IN (" + strings.Join(parts, ", ") + ")"
		}
		return pred{sql, args, func(row []any) tri {
			x := get(row)
			t := tri(0)
			for _, v := range vals {
				if cr, ok := xcmp(x, v); ok {
					t = tor(t, tb(cr == 0))
				} else {
					t = tor(t, 2)
				}
			}
			if not {
				t = tnot(t)
			}
			return t
		}}
	case k < 15: // IS [NOT] NULL
		not := r.IntN(2) == 0
		sql := name + " IS NULL"
		if not {
			sql = name + " IS NOT NULL"
		}
		return pred{sql, nil, func(row []any) tri { return tb((get(row) == nil) != not) }}
	default: // LIKE
		base := "ab"
		if v := pickValue(r, c, rows, ci); v != nil {
			if s, ok := likeText(c, v); ok {
				base = s
			}
		}
		psql, toks := randLike(r, base)
		not := r.IntN(4) == 0
		sql := name + " LIKE " + psql
		if not {
			sql = name + " NOT LIKE " + psql
		}
		return pred{sql, nil, func(row []any) tri {
			x := get(row)
			if x == nil {
				return 2
			}
			s, ok := likeText(c, x)
			if !ok {
				return 2
			}
			t := tb(likeMatch(toks, []rune(s)))
			if not {
				t = tnot(t)
			}
			return t
		}}
	}
}

func randPred(r *rand.Rand, cols []pcol, rows [][]any, depth int) pred {
	if depth <= 0 || r.IntN(3) == 0 {
		return randAtom(r, cols, rows)
	}
	switch r.IntN(5) {
	case 0:
		p := randPred(r, cols, rows, depth-1)
		return pred{"NOT (" + p.sql + ")", p.args, func(row []any) tri { return tnot(p.eval(row)) }}
	case 1, 2:
		a, b := randPred(r, cols, rows, depth-1), randPred(r, cols, rows, depth-1)
		return pred{"(" + a.sql + ") AND (" + b.sql + ")", append(slices.Clip(a.args), b.args...), func(row []any) tri { return tand(a.eval(row), b.eval(row)) }}
	}
	a, b := randPred(r, cols, rows, depth-1), randPred(r, cols, rows, depth-1)
	return pred{"(" + a.sql + ") OR (" + b.sql + ")", append(slices.Clip(a.args), b.args...), func(row []any) tri { return tor(a.eval(row), b.eval(row)) }}
}
