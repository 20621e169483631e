package scan

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// FuzzFile reads arbitrary bytes as a table's only file: opening and
// scanning must end with rows or an error, never a panic or a hang. A
// projection of the table's own columns always starts, and a file that
// fails mid-scan gives a [*FileError] wrapping ErrCorrupt.
func FuzzFile(f *testing.F) {
	dir := f.TempDir()
	seed := filepath.Join(dir, "seed.parquet")
	writeColumns(f, seed, []column{
		{"id", parquet.Leaf(parquet.Int64Type), []any{int64(1), int64(2), int64(3)}},
		{"s", parquet.Optional(parquet.String()), []any{"a", nil, "c"}},
		{"d", parquet.Decimal(2, 9, parquet.Int32Type), []any{int32(1), int32(2), nil}},
	}, 2)
	b, err := os.ReadFile(seed)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Add([]byte("PAR1PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "t.parquet"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Open(root)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := r.Table("t")
		if err != nil {
			var fe *FileError
			if !errors.As(err, &fe) && !errors.Is(err, ErrSchemaConflict) {
				t.Fatalf("unexpected error type: %v", err)
			}
			return
		}
		var q Query
		for _, c := range tb.Schema().Columns {
			if c.Type.Kind != KindNested && c.Type.Kind != KindVariant {
				q.Columns = append(q.Columns, Col(c.Name))
			}
		}
		for _, noSkip := range []bool{false, true} {
			q.NoSkip = noSkip
			if len(q.Columns) > 0 && tb.Schema().Columns[0].Type.Kind == KindInt64 {
				q.Where = Compare{Ref: Col(tb.Schema().Columns[0].Name), Op: Ge, Value: 2}
			}
			rows, err := tb.Scan(context.Background(), q)
			if err != nil {
				t.Fatalf("Scan of the table's own columns: %v", err)
			}
			for rows.Next() {
				for i := range q.Columns {
					_ = rows.Value(i)
				}
			}
			var fe *FileError
			if err := rows.Err(); err != nil && (!errors.As(err, &fe) || !errors.Is(err, ErrCorrupt)) {
				t.Fatalf("scan error is not a *FileError wrapping ErrCorrupt: %v", err)
			}
			rows.Close()
		}
	})
}
