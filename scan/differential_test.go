package scan

// Randomized differential test of the read path against files written by
// parquet-go (differential_gen_test.go), with the written values as the
// expected result and parquet-go's own reader as the oracle that the file
// holds them: full scans, projections and filtered scans with data
// skipping on and off must return exactly the rows a three-valued
// evaluation of the predicate selects.

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// oracleCheck reads path with parquet-go and checks it holds rows
// [off, off+n) of cols.
func oracleCheck(t testing.TB, path string, cols []*pgCol, off, n int) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	pf, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	r := off
	for _, rg := range pf.RowGroups() {
		rows := rg.Rows()
		buf := make([]parquet.Row, 16)
		for {
			k, err := rows.ReadRows(buf)
			for _, row := range buf[:k] {
				require.Len(t, row, len(cols))
				for ci, c := range cols {
					got, want := row[ci], c.raw[r]
					require.Equal(t, want.IsNull(), got.IsNull(), "oracle: %s row %d null", c.name, r)
					if want.IsNull() {
						continue
					}
					if got.Kind() == parquet.Float && math.IsNaN(float64(got.Float())) || got.Kind() == parquet.Double && math.IsNaN(got.Double()) {
						require.Equal(t, want.Kind(), got.Kind())
						continue
					}
					require.True(t, parquet.Equal(want, got), "oracle: %s row %d: %v want %v", c.name, r, got, want)
				}
				r++
			}
			if err != nil {
				break
			}
		}
		rows.Close()
	}
	require.Equal(t, off+n, r, "oracle row count")
}

// ---- predicates ----

// litFor returns a random literal for column c and its key (nil literal: key ignored).
func litFor(rng *rand.Rand, c *pgCol, n int) any {
	if rng.IntN(15) == 0 {
		return nil
	}
	// base: a key of a cell, or a fresh value
	var base pkey
	var baseExp any
	i := rng.IntN(n)
	if c.exp[i] != nil && rng.IntN(4) > 0 {
		base, baseExp = c.keys[i], c.exp[i]
	} else {
		sp := c.specs[rng.IntN(len(c.specs))]
		for sp == nil {
			sp = c.specs[rng.IntN(len(c.specs))]
		}
		_, baseExp, base = sp.gen(rng)
	}
	switch c.cls() {
	case clsBool:
		return baseExp.(bool)
	case clsBytes:
		b := bytes.Clone(base.b)
		switch rng.IntN(6) {
		case 0:
			b = append(b, 0)
		case 1:
			if len(b) > 0 {
				b = b[:len(b)-1]
			}
		case 2:
			if len(b) > 0 {
				b[len(b)-1]++
			}
		}
		if c.kind == pgUUID {
			if len(b) != 16 {
				b = base.b
			}
			if rng.IntN(3) == 0 {
				return bytes.Clone(b)
			}
			return uuid.UUID(b).String()
		}
		if rng.IntN(2) == 0 {
			return string(b)
		}
		return b
	case clsNanos:
		nn := new(big.Int).Set(base.n)
		switch rng.IntN(5) {
		case 0:
			nn.Add(nn, big.NewInt(1))
		case 1:
			nn.Sub(nn, big.NewInt(1))
		case 2:
			nn.Add(nn, big.NewInt(int64(rng.IntN(3)-1)*c.unitOr(86400e9)))
		}
		if c.kind == pgTime {
			return time.Duration(nn.Int64())
		}
		sec, rem := new(big.Int).DivMod(nn, big.NewInt(1e9), new(big.Int))
		if !sec.IsInt64() {
			return time.Unix(0, 0).UTC()
		}
		tt := time.Unix(sec.Int64(), rem.Int64()).UTC()
		if rng.IntN(4) == 0 {
			tt = tt.In(time.FixedZone("p5", 5*3600))
		}
		return tt
	}
	// numbers
	switch rng.IntN(12) {
	case 0:
		return math.NaN()
	case 1:
		return math.Inf(1 - 2*rng.IntN(2))
	case 2:
		return 0.5 + float64(rng.IntN(20)-10)
	case 3:
		if u, ok := baseExp.(uint64); ok {
			return u
		}
		return uint64(rng.IntN(5))
	}
	if base.special != 0 {
		return []float64{math.Inf(-1), 0, math.Inf(1), math.NaN()}[base.special+1]
	}
	r := base.r
	switch rng.IntN(4) {
	case 0: // float64
		f, _ := r.Float64()
		return f
	case 1: // decimal at column scale or 2
		s := c.scale
		if s == 0 {
			s = rng.IntN(3)
		}
		q := new(big.Rat).Mul(r, new(big.Rat).SetInt(pow10(s)))
		num := new(big.Int).Quo(q.Num(), q.Denom())
		d, err := variant.DecimalFromBig(num, s)
		if err != nil {
			f, _ := r.Float64()
			return f
		}
		return d
	}
	if r.IsInt() {
		if r.Num().IsInt64() {
			v := r.Num().Int64() + int64(rng.IntN(3)-1)*int64(rng.IntN(2))
			switch {
			case rng.IntN(3) == 0 && v >= math.MinInt32 && v <= math.MaxInt32:
				return int32(v)
			case rng.IntN(3) == 0 && v >= 0 && v <= math.MaxUint16:
				return uint16(v)
			case rng.IntN(3) == 0 && v >= math.MinInt8 && v <= math.MaxInt8:
				return int8(v)
			case rng.IntN(3) == 0 && float64(float32(v)) == float64(v):
				return float32(v)
			}
			return v
		}
		if r.Num().IsUint64() {
			return r.Num().Uint64()
		}
	}
	f, _ := r.Float64()
	return f
}

func (c *pgCol) unitOr(d int64) int64 {
	if c.kind == pgTs {
		return c.unit
	}
	if c.kind == pgTime {
		return c.unit
	}
	return d
}

// litKey gives the key of literal v against column c.
func litKey(c *pgCol, v any) pkey {
	switch v := v.(type) {
	case bool:
		if v {
			return pkey{bl: 1}
		}
		return pkey{}
	case string:
		if c.kind == pgUUID {
			u := uuid.MustParse(v)
			return pkey{b: u[:]}
		}
		return pkey{b: []byte(v)}
	case []byte:
		return pkey{b: v}
	case time.Duration:
		return pkey{n: big.NewInt(int64(v))}
	case time.Time:
		t := v
		if c.kind == pgDate || !c.utc {
			y, mo, d := t.Date()
			h, mi, s := t.Clock()
			t = time.Date(y, mo, d, h, mi, s, t.Nanosecond(), time.UTC)
		}
		n := new(big.Int).Mul(big.NewInt(t.Unix()), big.NewInt(1e9))
		return pkey{n: n.Add(n, big.NewInt(int64(t.Nanosecond())))}
	case float64:
		return floatKey(v)
	case float32:
		return floatKey(float64(v))
	case int32:
		return pkey{r: new(big.Rat).SetInt64(int64(v))}
	case int8:
		return pkey{r: new(big.Rat).SetInt64(int64(v))}
	case uint16:
		return pkey{r: new(big.Rat).SetInt64(int64(v))}
	case int64:
		return pkey{r: new(big.Rat).SetInt64(v)}
	case uint64:
		return pkey{r: new(big.Rat).SetInt(new(big.Int).SetUint64(v))}
	case variant.Decimal:
		return pkey{r: new(big.Rat).SetFrac(v.Unscaled(), pow10(v.Scale()))}
	}
	panic(fmt.Sprintf("litKey %T", v))
}

func randPred(rng *rand.Rand, cols []*pgCol, n, depth int) Predicate {
	c := cols[rng.IntN(len(cols))]
	ref := Col(c.name)
	k := rng.IntN(10)
	if depth > 0 && k >= 7 {
		switch k {
		case 7:
			return And{randPred(rng, cols, n, depth-1), randPred(rng, cols, n, depth-1)}
		case 8:
			return Or{randPred(rng, cols, n, depth-1), randPred(rng, cols, n, depth-1)}
		case 9:
			return Not{randPred(rng, cols, n, depth-1)}
		}
	}
	switch rng.IntN(8) {
	case 0:
		return IsNull{ref}
	case 1:
		return IsNotNull(ref)
	case 2:
		var vals []any
		for range 1 + rng.IntN(4) {
			vals = append(vals, litFor(rng, c, n))
		}
		return In{ref, vals}
	case 3:
		return Between(ref, litFor(rng, c, n), litFor(rng, c, n))
	}
	return Compare{ref, Op(rng.IntN(6)), litFor(rng, c, n)}
}

const (
	tvFalse = iota
	tvTrue
	tvUnknown
)

func evalPred(p Predicate, cols map[string]*pgCol, r int) int {
	switch p := p.(type) {
	case Compare:
		c := cols[p.Ref.Column]
		if c.exp[r] == nil || p.Value == nil {
			return tvUnknown
		}
		d := cmpKey(c.cls(), c.keys[r], litKey(c.rowSpec[r], p.Value))
		var ok bool
		switch p.Op {
		case Eq:
			ok = d == 0
		case Ne:
			ok = d != 0
		case Lt:
			ok = d < 0
		case Le:
			ok = d <= 0
		case Gt:
			ok = d > 0
		case Ge:
			ok = d >= 0
		}
		if ok {
			return tvTrue
		}
		return tvFalse
	case In:
		c := cols[p.Ref.Column]
		if c.exp[r] == nil {
			return tvUnknown
		}
		sawNull := false
		for _, v := range p.Values {
			if v == nil {
				sawNull = true
				continue
			}
			if cmpKey(c.cls(), c.keys[r], litKey(c.rowSpec[r], v)) == 0 {
				return tvTrue
			}
		}
		if sawNull {
			return tvUnknown
		}
		return tvFalse
	case IsNull:
		if cols[p.Ref.Column].exp[r] == nil {
			return tvTrue
		}
		return tvFalse
	case Not:
		switch evalPred(p.P, cols, r) {
		case tvTrue:
			return tvFalse
		case tvFalse:
			return tvTrue
		}
		return tvUnknown
	case And:
		res := tvTrue
		for _, q := range p {
			switch evalPred(q, cols, r) {
			case tvFalse:
				return tvFalse
			case tvUnknown:
				res = tvUnknown
			}
		}
		return res
	case Or:
		res := tvFalse
		for _, q := range p {
			switch evalPred(q, cols, r) {
			case tvTrue:
				return tvTrue
			case tvUnknown:
				res = tvUnknown
			}
		}
		return res
	}
	panic("pred")
}

func predColumns(p Predicate) []string {
	switch p := p.(type) {
	case Compare:
		return []string{p.Ref.Column}
	case In:
		return []string{p.Ref.Column}
	case IsNull:
		return []string{p.Ref.Column}
	case Not:
		return predColumns(p.P)
	case And:
		var out []string
		for _, q := range p {
			out = append(out, predColumns(q)...)
		}
		return out
	case Or:
		var out []string
		for _, q := range p {
			out = append(out, predColumns(q)...)
		}
		return out
	}
	return nil
}

func sameValue(want, got any) bool {
	switch w := want.(type) {
	case nil:
		return got == nil
	case []byte:
		g, ok := got.([]byte)
		return ok && bytes.Equal(w, g)
	case time.Time:
		g, ok := got.(time.Time)
		return ok && w.Equal(g) && g.Location() == time.UTC
	case float64:
		g, ok := got.(float64)
		if !ok {
			return false
		}
		if math.IsNaN(w) {
			return math.IsNaN(g)
		}
		return math.Float64bits(w) == math.Float64bits(g)
	}
	return want == got
}

// pgScan runs q over table t of dir, returning rows or the error.
func pgScan(dir string, q Query) ([][]any, error) {
	out, _, err := scanTable(dir, "t", q)
	return out, err
}

// runDifferential generates one table from seed and checks every scan; it returns
// a description of the first mismatch, or "".
func runDifferential(t *testing.T, seed uint64) string {
	return runDifferentialDir(t, seed, t.TempDir())
}

func runDifferentialDir(t *testing.T, seed uint64, dir string) string {
	rng := rand.New(rand.NewPCG(seed, seed*7919+1))
	ncols := 1 + rng.IntN(6)
	nfiles := 1 + rng.IntN(3)
	// cols are the table's columns, merged over the files
	var cols []*pgCol
	for i := range ncols {
		first := newPgCol(rng, i)
		m := &pgCol{name: first.name, kind: first.kind, scale: first.scale, unit: first.unit, utc: first.utc}
		for f := range nfiles {
			var sp *pgCol
			switch {
			case f == 0:
				sp = first
			case rng.IntN(8) == 0:
				// the file lacks the column
			case rng.IntN(2) == 0:
				cp := *first
				cp.optional, cp.sorted = rng.IntN(3) > 0, rng.IntN(2) == 0
				sp = &cp
			default:
				fam := familyOf(first.kind)
				sp = newPgSpec(rng, first.name, fam[rng.IntN(len(fam))])
			}
			if sp != nil && f > 0 && rng.IntN(4) == 0 {
				// names match in any case (scan/doc.go, Tables)
				sp.name = strings.ToUpper(sp.name)
			}
			m.specs = append(m.specs, sp)
		}
		cols = append(cols, m)
	}
	var files []*pgFile
	total := 0
	for f := range nfiles {
		var fc []*pgCol
		for _, c := range cols {
			if c.specs[f] != nil {
				fc = append(fc, c.specs[f])
			}
		}
		if len(fc) == 0 {
			// every file holds a column: give it the first one back
			sp := newPgSpec(rng, cols[0].name, cols[0].kind)
			sp.scale, sp.prec, sp.flen, sp.unit, sp.utc = cols[0].specs[0].scale, cols[0].specs[0].prec, cols[0].specs[0].flen, cols[0].specs[0].unit, cols[0].specs[0].utc
			cols[0].specs[f] = sp
			fc = append(fc, sp)
		}
		// leaves are ordered by name in the file
		slices.SortFunc(fc, func(a, b *pgCol) int { return strings.Compare(a.name, b.name) })
		fl := genPgFile(rng, fc)
		for _, sp := range fc {
			sp.fill(rng, fl.rows())
		}
		files = append(files, fl)
		total += fl.rows()
	}
	for f, fl := range files {
		for _, c := range cols {
			sp := c.specs[f]
			for r := range fl.rows() {
				if sp == nil {
					c.exp, c.keys, c.rowSpec = append(c.exp, nil), append(c.keys, pkey{}), append(c.rowSpec, nil)
					continue
				}
				c.exp, c.keys, c.rowSpec = append(c.exp, sp.exp[r]), append(c.keys, sp.keys[r]), append(c.rowSpec, sp)
			}
		}
	}
	var desc []string
	for i, f := range files {
		path := filepath.Join(dir, "t", fmt.Sprintf("f%d.parquet", i))
		f.write(t, rng, path)
		oracleCheck(t, path, f.cols, 0, f.rows())
		var cd []string
		for _, c := range f.cols {
			cd = append(cd, c.name+":"+c.describe()+fmt.Sprintf(" sorted=%t", c.sorted))
		}
		desc = append(desc, fmt.Sprintf("file%d groups=%v %s cols [%s]", i, f.groups, f.optsDesc, strings.Join(cd, "; ")))
	}
	var cd []string
	for _, c := range cols {
		cd = append(cd, c.name)
	}
	ctx := fmt.Sprintf("seed %d: cols [%s] files [%s]", seed, strings.Join(cd, "; "), strings.Join(desc, "; "))
	byName := map[string]*pgCol{}
	for _, c := range cols {
		byName[c.name] = c
	}

	check := func(q Query, what string) string {
		want := []int{}
		for r := range total {
			if q.Where == nil || evalPred(q.Where, byName, r) == tvTrue {
				want = append(want, r)
			}
		}
		got, err := pgScan(dir, q)
		if err != nil {
			return fmt.Sprintf("%s: %s: scan error: %v", ctx, what, err)
		}
		if len(got) != len(want) {
			return fmt.Sprintf("%s: %s: %d rows, want %d (want rows %v)", ctx, what, len(got), len(want), want)
		}
		for i, r := range want {
			for j, ref := range q.Columns {
				c := byName[ref.Column]
				if !sameValue(c.exp[r], got[i][j]) {
					return fmt.Sprintf("%s: %s: row %d (result %d) column %s: got %#v, want %#v", ctx, what, r, i, c.name, got[i][j], c.exp[r])
				}
			}
		}
		return ""
	}
	all := []Ref{}
	for _, c := range cols {
		all = append(all, Col(c.name))
	}
	randProj := func() []Ref {
		p := slices.Clone(all)
		rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		return p[:rng.IntN(len(p)+1)]
	}
	if m := check(Query{Columns: all, NoSkip: true}, "full scan"); m != "" {
		return m
	}
	if m := check(Query{Columns: all, Workers: 1 + rng.IntN(3)}, "full scan skipping"); m != "" {
		return m
	}
	proj := randProj()
	if m := check(Query{Columns: proj}, fmt.Sprintf("projection %v", proj)); m != "" {
		return m
	}
	for range 8 {
		p := randPred(rng, cols, total, 2)
		proj := randProj()
		if rng.IntN(2) == 0 {
			proj = all
		}
		modes := []bool{false, true}
		for _, name := range predColumns(p) {
			for _, sp := range byName[name].specs {
				if sp != nil && sp.kind == pgDecBA {
					// parquet-go orders DECIMAL BYTE_ARRAY statistics as
					// unsigned bytes, not as signed numbers
					// (parquet.thrift, ColumnOrder): only without skipping
					modes = []bool{true}
				}
			}
		}
		for _, noSkip := range modes {
			m := check(Query{Columns: proj, Where: p, NoSkip: noSkip, Workers: 1 + rng.IntN(3)}, fmt.Sprintf("where %s noskip=%t proj %v", p, noSkip, proj))
			if m != "" {
				return m
			}
		}
	}
	return ""
}

// TestDifferentialRandom runs the differential test on 500 random tables
// (50 with -short; DIFF_SEEDS and DIFF_BASE set the count and the first
// seed).
func TestDifferentialRandom(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 50
	}
	if s := os.Getenv("DIFF_SEEDS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	base := uint64(1)
	if s := os.Getenv("DIFF_BASE"); s != "" {
		base, _ = strconv.ParseUint(s, 10, 64)
	}
	fails := 0
	for seed := base; seed < base+uint64(n); seed++ {
		if m := runDifferential(t, seed); m != "" {
			t.Error(m)
			fails++
			if fails > 10 {
				t.Fatal("too many failures")
			}
		}
	}
}

// TestDifferentialSeed runs one seed (DIFF_SEED) and keeps its files in
// DIFF_DIR, for reducing a failure.
func TestDifferentialSeed(t *testing.T) {
	seed, err := strconv.ParseUint(os.Getenv("DIFF_SEED"), 10, 64)
	if err != nil {
		t.Skip("DIFF_SEED not set")
	}
	dir := os.Getenv("DIFF_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	if m := runDifferentialDir(t, seed, dir); m != "" {
		t.Error(m)
	}
}
