package driver_test

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// decimalRows are the rows of TestWrittenDecimalStatistics, three to a row
// group: d of each row (nil: NULL), as the text inserted.
var decimalRows = []*string{
	nil, nil, nil,
	sptr("-1.00"), sptr("1.00"), nil,
	sptr("-300.00"), sptr("-2.00"), sptr("-5.00"),
	sptr("12345678901234567890123456789012345.67"), sptr("-12345678901234567890123456789012345.67"), sptr("0.00"),
}

func sptr(s string) *string { return &s }

// be16 is the FIXED_LEN_BYTE_ARRAY(16) form of a DECIMAL(38,2) given as
// text: the big-endian two's complement of its unscaled value.
func be16(t *testing.T, text string) []byte {
	t.Helper()
	r, ok := new(big.Rat).SetString(text)
	require.True(t, ok, text)
	u := new(big.Int).Mul(r.Num(), big.NewInt(100))
	u.Quo(u, r.Denom())
	out := make([]byte, 16)
	if u.Sign() < 0 {
		u.Add(u, new(big.Int).Lsh(big.NewInt(1), 128))
	}
	return u.FillBytes(out)
}

// TestWrittenDecimalStatistics: the statistics of a DECIMAL(38,2) column
// (FIXED_LEN_BYTE_ARRAY(16)) follow the DECIMAL sort order, signed
// (LogicalTypes.md, DECIMAL; parquet.thrift, ColumnOrder), in the column
// chunk statistics and the column index alike; a row group of only NULLs
// has byte[0] bounds in the column index (parquet.thrift, ColumnIndex), as
// does a UUID column's; and a filter skips the row groups the signed
// bounds exclude, with the rows it must find.
func TestWrittenDecimalStatistics(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir+"?row_group_rows=3")
	_, err := db.Exec("CREATE TABLE dec (id BIGINT NOT NULL, d DECIMAL(38,2), u UUID)")
	require.NoError(t, err)
	tx, err := db.Begin()
	require.NoError(t, err)
	for i, d := range decimalRows {
		var dv, uv any
		if d != nil {
			dv = *d
			uv = "123e4567-e89b-12d3-a456-4266141740" + string(rune('0'+i/10)) + string(rune('0'+i%10))
		}
		_, err = tx.Exec("INSERT INTO dec VALUES (?, ?, ?)", i+1, dv, uv)
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())

	pf := newestFile(t, dir, "dec")
	md := pf.Metadata()
	require.Len(t, md.RowGroups, 4)
	indexes := pf.ColumnIndexes()
	want := [][2]string{{}, {"-1.00", "1.00"}, {"-300.00", "-2.00"},
		{"-12345678901234567890123456789012345.67", "12345678901234567890123456789012345.67"}}
	for g, w := range want {
		stats := md.RowGroups[g].Columns[1].MetaData.Statistics
		ci := indexes[3*g+1]
		uci := indexes[3*g+2]
		require.Len(t, ci.NullPages, 1, "row group %d", g)
		require.Len(t, ci.MinValues, 1, "row group %d", g)
		require.Len(t, ci.MaxValues, 1, "row group %d", g)
		require.Len(t, uci.MinValues, len(uci.NullPages), "row group %d: UUID column index", g)
		require.Len(t, uci.MaxValues, len(uci.NullPages), "row group %d: UUID column index", g)
		if g == 0 {
			require.Nil(t, stats.MinValue)
			require.Nil(t, stats.MaxValue)
			require.True(t, ci.NullPages[0])
			require.Equal(t, []byte{}, ci.MinValues[0])
			require.Equal(t, []byte{}, ci.MaxValues[0])
			require.True(t, uci.NullPages[0])
			require.Equal(t, []byte{}, uci.MinValues[0])
			continue
		}
		require.Equal(t, be16(t, w[0]), stats.MinValue, "row group %d min", g)
		require.Equal(t, be16(t, w[1]), stats.MaxValue, "row group %d max", g)
		require.Equal(t, be16(t, w[0]), ci.MinValues[0], "row group %d index min", g)
		require.Equal(t, be16(t, w[1]), ci.MaxValues[0], "row group %d index max", g)
	}

	counts := []struct {
		where     string
		rows, rgs string
	}{
		{"d > 5", "1", "1"},    // only the last row group reaches above 1.00
		{"d < -100", "2", "2"}, // -300.00 and the last row group's minimum
		{"d BETWEEN -1.5 AND -0.5", "1", "2"},
		{"d >= 0", "3", "2"},
	}
	for _, c := range counts {
		plan := explain(t, db, "EXPLAIN ANALYZE SELECT id FROM dec WHERE "+c.where)
		require.Equal(t, c.rows, plan["rows returned"], c.where)
		require.Equal(t, c.rgs, plan["row groups read"], c.where)
	}
}
