package driver_test

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// floatRows are the rows of TestWrittenFloatStatistics, three to a row
// group: {NaN, NaN, NULL}, {-0, -1, -0}, {0, 1, NaN}, {1.5, NaN, -2}. Row
// id (from 1) holds d = floatRows[id-1], and v = {"f": d, "g": float32(d)}
// (an empty object where d is NULL).
var floatRows = []*float64{
	fptr(math.NaN()), fptr(math.NaN()), nil,
	fptr(math.Copysign(0, -1)), fptr(-1), fptr(math.Copysign(0, -1)),
	fptr(0), fptr(1), fptr(math.NaN()),
	fptr(1.5), fptr(math.NaN()), fptr(-2),
}

func fptr(f float64) *float64 { return &f }

// writeFloatRows creates table f in dir and inserts floatRows in one
// transaction, so that they form one file of four row groups.
func writeFloatRows(t *testing.T, dir string) {
	t.Helper()
	db := openDB(t, dir+"?row_group_rows=3")
	_, err := db.Exec("CREATE TABLE f (id BIGINT NOT NULL, d DOUBLE, v VARIANT)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	for i, x := range floatRows {
		var b variant.Builder
		b.BeginObject()
		var d any
		if x != nil {
			d = *x
			b.Key("f")
			b.AppendFloat64(*x)
			b.Key("g")
			b.AppendFloat32(float32(*x))
		}
		b.EndObject()
		v, err := b.Build()
		require.NoError(t, err)
		_, err = tx.Exec("INSERT INTO f VALUES (?, ?, ?)", i+1, d, v)
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())
}

// TestWrittenFloatStatistics: the FLOAT and DOUBLE column chunk statistics
// and column index entries of written files follow parquet.thrift
// (ColumnOrder, TYPE_ORDER) and pitfall B39: no NaN min or max, none at
// all for a chunk of only NaN and NULL, a zero min written as -0.0 and a
// zero max as +0.0; on a DOUBLE column and on the shredded DOUBLE and
// FLOAT leaves of a Variant alike.
func TestWrittenFloatStatistics(t *testing.T) {
	dir := t.TempDir()
	writeFloatRows(t, dir)

	// The last file holds the rows (CREATE TABLE writes one without rows).
	pf := newestFile(t, dir, "f")

	leaf := map[string]int{}
	for i, path := range pf.Schema().Columns() {
		leaf[strings.Join(path, ".")] = i
	}
	f64 := func(x float64) []byte { return binary.LittleEndian.AppendUint64(nil, math.Float64bits(x)) }
	f32 := func(x float64) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(x))) }
	negZ := math.Copysign(0, -1)
	// Expected min and max of each row group (nil: none).
	bounds := [][2]*float64{
		{nil, nil},
		{fptr(-1), fptr(0)},
		{fptr(negZ), fptr(1)},
		{fptr(-2), fptr(1.5)},
	}
	md := pf.Metadata()
	require.Equal(t, int64(len(floatRows)), md.NumRows)
	require.Len(t, md.RowGroups, len(bounds))
	columns := len(pf.Schema().Columns())
	require.Len(t, pf.ColumnIndexes(), len(bounds)*columns)
	for _, c := range []struct {
		path string
		enc  func(float64) []byte
	}{
		{"d", f64},
		{"v.typed_value.f.typed_value", f64},
		{"v.typed_value.g.typed_value", f32},
	} {
		col, ok := leaf[c.path]
		require.True(t, ok, "leaf %s among %v", c.path, pf.Schema().Columns())
		for rg, want := range bounds {
			s := md.RowGroups[rg].Columns[col].MetaData.Statistics
			ci := pf.ColumnIndexes()[rg*columns+col]
			require.Len(t, ci.NullPages, 1, "%s row group %d", c.path, rg)
			require.False(t, ci.NullPages[0], "%s row group %d", c.path, rg)
			require.Equal(t, int64(1-min(rg, 1)), s.NullCount, "%s row group %d", c.path, rg)
			if want[0] == nil {
				require.Nil(t, s.MinValue, "%s row group %d", c.path, rg)
				require.Nil(t, s.MaxValue, "%s row group %d", c.path, rg)
				require.Nil(t, s.Min, "%s row group %d", c.path, rg)
				require.Nil(t, s.Max, "%s row group %d", c.path, rg)
				// A page of only NaN: bounds that contain no NaN.
				require.Equal(t, c.enc(math.Inf(-1)), ci.MinValues[0], "%s row group %d", c.path, rg)
				require.Equal(t, c.enc(math.Inf(1)), ci.MaxValues[0], "%s row group %d", c.path, rg)
				continue
			}
			require.Equal(t, c.enc(*want[0]), s.MinValue, "%s row group %d", c.path, rg)
			require.Equal(t, c.enc(*want[1]), s.MaxValue, "%s row group %d", c.path, rg)
			require.Equal(t, c.enc(*want[0]), ci.MinValues[0], "%s row group %d", c.path, rg)
			require.Equal(t, c.enc(*want[1]), ci.MaxValues[0], "%s row group %d", c.path, rg)
		}
	}
}

// TestFloatSkipping: queries on a DOUBLE column and on a shredded DOUBLE
// or FLOAT Variant field give the same rows with data skipping on and off,
// with NaN above every number and -0.0 equal to 0 (pitfall B39).
func TestFloatSkipping(t *testing.T) {
	dir := t.TempDir()
	writeFloatRows(t, dir)
	on, off := openDB(t, dir), openDB(t, dir+"?data_skipping=false")
	for _, x := range []string{"d", "variant_get(v, '$.f', 'double')", "variant_get(v, '$.g', 'float')"} {
		for _, tc := range []struct {
			where string
			want  []string
		}{
			{"= 0", []string{"4", "6", "7"}},
			{"= -0.0", []string{"4", "6", "7"}},
			{"< 0", []string{"5", "12"}},
			{"<= 0", []string{"4", "5", "6", "7", "12"}},
			{"> 0", []string{"1", "2", "8", "9", "10", "11"}},
			{">= 0", []string{"1", "2", "4", "6", "7", "8", "9", "10", "11"}},
			{"> 1", []string{"1", "2", "9", "10", "11"}},
			{"> 1e300", []string{"1", "2", "9", "11"}},
			{"< -1", []string{"12"}},
			{"!= 0", []string{"1", "2", "5", "8", "9", "10", "11", "12"}},
			{"BETWEEN -1 AND 0", []string{"4", "5", "6", "7"}},
			{"IS NULL", []string{"3"}},
		} {
			q := "SELECT id FROM f WHERE " + x + " " + tc.where + " ORDER BY id"
			require.Equal(t, tc.want, rowsText(t, on, q), "%s (skipping)", q)
			require.Equal(t, tc.want, rowsText(t, off, q), "%s (no skipping)", q)
		}
	}
}
