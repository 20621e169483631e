package scan

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// Damaged bytes anywhere in a file with shredded Variant and nested
// columns give an error (a *FileError once the footer reads) or values,
// never a panic or a hang, for whole Variants, typed paths and paths into
// residual objects.
func TestVariantCorruptBytes(t *testing.T) {
	src := t.TempDir()
	obj := shred.Object(
		shred.Field{Name: "a", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "b", Schema: shred.Array(shred.Typed(shred.TypeString))},
	)
	var rows []vrow
	for i := range 200 {
		js := `{"a":1,"b":["x","y"],"c":{"d":[1,2,3]}}`
		switch i % 4 {
		case 1:
			js = `{"a":"s","b":[1],"z":null}`
		case 2:
			js = ""
		case 3:
			js = `[1,{"k":2}]`
		}
		rows = append(rows, vrow{int64(i), js})
	}
	path := filepath.Join(src, "t", "a.parquet")
	writeVariantFile(t, path, obj, [][]vrow{rows[:100], rows[100:]})
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	queries := []Query{
		{Columns: []Ref{Col("id"), Col("v")}},
		{Columns: []Ref{{Column: "v", Path: mustPath("$.a"), As: bigint, Mode: 1}}},
		{Columns: []Ref{{Column: "v", Path: mustPath("$.c.d[1]")}}, Where: IsNotNull(Ref{Column: "v", Path: mustPath("$.b[0]")})},
	}
	corruptVariantFile(t, data, queries, 120)
}

// Damaged bytes in a file whose Variant leaves have many pages, read with
// page skipping on a typed path (only the pages holding a candidate row
// decoded, leaf by leaf through their offset indexes), give an error or
// values, never a panic or a hang.
func TestVariantCorruptPages(t *testing.T) {
	src := t.TempDir()
	s := shred.Object(shred.Field{Name: "n", Schema: shred.Typed(shred.TypeInt64)}, shred.Field{Name: "s", Schema: shred.Typed(shred.TypeString)})
	var rows []vrow
	for i := range int64(300) {
		js := fmt.Sprintf(`{"n":%d,"r":[%d],"s":"s%04d"}`, i, i, i)
		if i%37 == 5 {
			js = fmt.Sprintf(`{"n":"%d"}`, i)
		}
		rows = append(rows, vrow{i, js})
	}
	path := filepath.Join(src, "t", "a.parquet")
	writeVariantPages(t, path, s, [][]vrow{rows[:150], rows[150:]}, 10, nil)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	n := Ref{Column: "v", Path: mustPath("$.n"), As: bigint, Mode: 1}
	str := Ref{Column: "v", Path: mustPath("$.s"), As: variant.SQLType{Kind: variant.SQLString}, Mode: 1}
	queries := []Query{
		{Columns: []Ref{Col("id"), Col("v")}, Where: Between(n, 40, 60)},
		{Columns: []Ref{n, str, {Column: "v", Path: mustPath("$.r[0]")}}, Where: Compare{Ref: str, Op: Ge, Value: "s0270"}},
		{Columns: []Ref{n}, Where: Or{Compare{Ref: n, Op: Lt, Value: 12}, Compare{Ref: str, Op: Eq, Value: "s0200"}}},
	}
	for _, q := range queries { // the undamaged file reads
		require.NoError(t, scanVariants(src, q))
	}
	r, err := Open(src)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	rs, err := tb.Scan(context.Background(), queries[0])
	require.NoError(t, err)
	got := 0
	for rs.Next() {
		got++
	}
	require.NoError(t, rs.Err())
	require.Equal(t, 21, got) // 40 to 60; n of row 42 is the string "42", which casts
	require.Positive(t, rs.Stats().PagesSkipped)
	corruptVariantFile(t, data, queries, 150)
}

// corruptVariantFile damages 1 to 3 bytes of data (a file of table "t")
// in each of rounds ways and runs queries on it: each ends with values or
// an error that is a *FileError or wraps ErrCorrupt.
func corruptVariantFile(t *testing.T, data []byte, queries []Query, rounds int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range rounds {
		bad := append([]byte(nil), data...)
		for range 1 + k%3 {
			bad[4+rng.IntN(len(bad)-12)] ^= byte(1 + rng.IntN(255))
		}
		dir := t.TempDir()
		p := filepath.Join(dir, "t", "a.parquet")
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, bad, 0o644))
		for _, q := range queries {
			err := scanVariants(dir, q)
			if err == nil {
				continue
			}
			var fe *FileError
			if !errors.As(err, &fe) {
				require.ErrorIs(t, err, ErrCorrupt, "%v", err)
			}
		}
	}
}

// scanVariants reads every output column of every row of table t.
func scanVariants(dir string, q Query) error {
	r, err := Open(dir)
	if err != nil {
		return err
	}
	tb, err := r.Table("t")
	if err != nil {
		return err
	}
	rs, err := tb.Scan(context.Background(), q)
	if err != nil {
		return err
	}
	defer rs.Close()
	for rs.Next() {
		for i, c := range rs.Columns() {
			if c.Type.Kind == KindVariant {
				v, err := rs.Variant(i)
				if err != nil {
					return err
				}
				_, _ = v.MarshalJSON()
				continue
			}
			_ = rs.Value(i)
		}
	}
	return rs.Err()
}
