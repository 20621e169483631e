package driver_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"
)

// An unsigned 64-bit column (INT(64, false), as other writers make) is a
// DECIMAL(20,0): ColumnTypes says so, and every value comes out as its
// exact text, small or beyond int64, comparing and summing as numbers.
func TestUnsigned64Column(t *testing.T) {
	dir := t.TempDir()
	type row struct {
		ID uint64 `parquet:"id"`
	}
	f, err := os.Create(filepath.Join(dir, "u.parquet"))
	require.NoError(t, err)
	w := parquet.NewGenericWriter[row](f)
	_, err = w.Write([]row{{5}, {1<<63 - 1}, {18446744073709551615}})
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
	db := openDB(t, dir)

	rows, err := db.Query("SELECT id FROM u")
	require.NoError(t, err)
	defer rows.Close()
	cts, err := rows.ColumnTypes()
	require.NoError(t, err)
	require.Equal(t, "DECIMAL", cts[0].DatabaseTypeName())
	p, s, ok := cts[0].DecimalSize()
	require.True(t, ok)
	require.Equal(t, [2]int64{20, 0}, [2]int64{p, s})
	var got []any
	for rows.Next() {
		var v any
		require.NoError(t, rows.Scan(&v))
		require.True(t, reflect.TypeOf(v).AssignableTo(cts[0].ScanType()) || reflect.TypeOf(v).ConvertibleTo(cts[0].ScanType()), "%T", v)
		got = append(got, v)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []any{"5", "9223372036854775807", "18446744073709551615"}, got)

	var n int64
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM u WHERE id = 5 OR id > 9223372036854775807").Scan(&n))
	require.Equal(t, int64(2), n)
	var sum string
	require.NoError(t, db.QueryRow("SELECT SUM(id) FROM u").Scan(&sum))
	require.Equal(t, "27670116110564327427", sum)
}
