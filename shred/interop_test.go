package shred

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/variant"
	"github.com/stretchr/testify/require"
)

// interopDir holds Variant files written by other engines, vendored with
// their licenses in the repository's testdata.
const interopDir = "../testdata/interop"

// readColumn reconstructs the top-level Variant column name of a file.
func readColumn(t *testing.T, pf *parquet.File, field parquet.Field, mode Mode) ([]variant.Variant, error) {
	l, cols, err := LayoutOf(pf.Schema(), field.Name())
	if err != nil {
		return nil, err
	}
	var out []variant.Variant
	for _, rg := range pf.RowGroups() {
		b := l.NewBatch()
		if err := b.ReadRowGroup(rg, cols); err != nil {
			return nil, err
		}
		r := NewReader(b, mode)
		for {
			v, ok, err := r.Next()
			if err != nil {
				if err.Error() == "EOF" {
					break
				}
				return nil, err
			}
			if !ok {
				out = append(out, variant.Variant{})
				continue
			}
			out = append(out, v.Clone())
		}
	}
	return out, nil
}

// oracleColumn reads a top-level Variant column with parquet-go's own
// reconstruction.
func oracleColumn(path, name string) ([][2][]byte, error) {
	typ := reflect.StructOf([]reflect.StructField{{
		Name: "V",
		Type: reflect.TypeFor[*rawVariant](),
		Tag:  reflect.StructTag(`parquet:"` + name + `,variant"`),
	}})
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		return nil, err
	}
	r := parquet.NewReader(pf)
	var out [][2][]byte
	for {
		row := reflect.New(typ)
		if err := r.Read(row.Interface()); err != nil {
			break
		}
		rv := row.Elem().Field(0).Interface().(*rawVariant)
		if rv == nil || len(rv.Value) == 0 {
			out = append(out, [2][]byte{})
			continue
		}
		out = append(out, [2][]byte{rv.Metadata, rv.Value})
	}
	return out, nil
}

// Files from other engines (DuckDB's collection of parquet-mr, Snowflake,
// parquet-cpp and DuckDB files; Spark 4.0 files from delta-rs): every
// top-level Variant column reads, and matches parquet-go's reading of the
// same file row for row; the corrupt file is an error.
func TestInterop(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(interopDir, "*", "*.parquet"))
	require.NotEmpty(t, files, "the vendored interop files")
	columns, compared := 0, 0
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := os.Open(path)
			require.NoError(t, err)
			defer f.Close()
			st, _ := f.Stat()
			pf, err := parquet.OpenFile(f, st.Size())
			require.NoError(t, err)
			for _, field := range pf.Schema().Fields() {
				if !IsVariant(field) {
					continue
				}
				columns++
				got, err := readColumn(t, pf, field, Strict)
				if strings.Contains(path, "malicious") {
					require.ErrorIs(t, err, variant.ErrInvalidMetadata)
					continue
				}
				require.NoError(t, err, field.Name())
				require.NotEmpty(t, got)
				oracle, err := oracleColumn(path, field.Name())
				require.NoError(t, err, "parquet-go's reading of %s", field.Name())
				require.Len(t, oracle, len(got))
				for i := range got {
					if oracle[i][1] == nil {
						require.Equal(t, variant.TypeInvalid, got[i].Type(), "row %d", i)
						continue
					}
					ov, err := variant.New(oracle[i][0], oracle[i][1])
					require.NoError(t, err)
					require.Equal(t, canon(t, ov), canon(t, got[i]), "row %d", i)
					compared++
				}
			}
		})
	}
	// Every column of every file, and every row but the corrupt file's.
	require.Equal(t, 128, columns)
	require.Equal(t, 1940, compared)
}
