package scan

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquetvariant/parquetvariant/shred"
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
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 120 {
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
