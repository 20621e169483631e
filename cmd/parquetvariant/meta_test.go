package main

import (
	"database/sql"
	"encoding/binary"
	"math"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
	"github.com/stretchr/testify/require"
)

// meta prints min and max as each column's logical type reads them: a
// TIMESTAMP in RFC 3339 UTC, decimals
// with their scale (also 38 digits in FIXED_LEN_BYTE_ARRAY, and negative
// ones), dates, times, UUIDs and text.
func TestMetaLogicalTypes(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("parquetvariant", dir)
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec("CREATE TABLE m (id BIGINT, ts TIMESTAMP, d DECIMAL(10,2), small DECIMAL(5,3), wide DECIMAL(38,10), day DATE, t TIME, u UUID, s VARCHAR, f DOUBLE)")
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO m VALUES
		(1, '2024-06-01 00:00:22Z', 4.25, -0.5, 0.0000000001, '2024-02-29', '07:08:09.25', '123e4567-e89b-12d3-a456-426614174000', 'apple', 1.5),
		(2, '2024-06-02 12:00:00.000001Z', -10.5, 0.007, 9999999999999999999999999999.9999999999, '1969-12-31', '23:59:59', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'pear', -2)`)
	require.NoError(t, err)
	files, err := filepath.Glob(filepath.Join(dir, "m", "*.parquet"))
	require.NoError(t, err)
	got := ""
	for _, f := range files {
		if out := ok(t, "", "meta", f); regexp.MustCompile(`rows: 2\n`).MatchString(out) {
			got = out
		}
	}
	require.NotEmpty(t, got, "the file of the INSERT")
	for col, minMax := range map[string][2]string{
		"id":    {"1", "2"},
		"ts":    {"2024-06-01T00:00:22Z", "2024-06-02T12:00:00.000001Z"},
		"d":     {"-10.50", "4.25"},
		"small": {"-0.500", "0.007"},
		"wide":  {"0.0000000001", "9999999999999999999999999999.9999999999"},
		"day":   {"1969-12-31", "2024-02-29"},
		"t":     {"07:08:09.25", "23:59:59"},
		"u":     {"123e4567-e89b-12d3-a456-426614174000", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"},
		"s":     {`"apple"`, `"pear"`},
		"f":     {"-2", "1.5"},
	} {
		require.Regexp(t, `(?m)^│ `+col+` +│ [A-Z_0-9]+ +│ \w+ +│ [A-Z_,]+ +│ 2 +│ 0 +│ \d+ +│ \d+ +│ `+regexp.QuoteMeta(minMax[0])+` +│ `+regexp.QuoteMeta(minMax[1])+` +│`, got, col)
	}
}

// statText reads the types that SQL cannot create: a timestamp not adjusted
// to UTC, INT96, unsigned integers, the legacy ConvertedType annotations,
// negative decimals in bytes; and falls back to the physical type when a
// bound does not fit its logical type.
func TestStatText(t *testing.T) {
	i32 := func(v int32) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }
	i64 := func(v int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(v)) }
	elem := func(phys format.Type, lt format.LogicalTypeValue) *format.SchemaElement {
		return &format.SchemaElement{Type: thrift.New(phys), LogicalType: format.LogicalType{Value: lt}}
	}
	converted := func(phys format.Type, ct deprecated.ConvertedType, scale int32) *format.SchemaElement {
		return &format.SchemaElement{Type: thrift.New(phys), ConvertedType: thrift.New(ct), Scale: thrift.New(scale)}
	}
	micros := format.TimeUnit{Value: &format.MicroSeconds{}}
	nanos := format.TimeUnit{Value: &format.NanoSeconds{}}
	int96 := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint64(nil, uint64(3_723_000_000_123)), 2460463) // 2024-06-01 01:02:03.000000123
	for _, c := range []struct {
		name string
		e    *format.SchemaElement
		b    []byte
		want string
	}{
		{"timestamp micros UTC", elem(format.Int64, &format.TimestampType{IsAdjustedToUTC: true, Unit: micros}), i64(1717200022000000), "2024-06-01T00:00:22Z"},
		{"timestamp nanos not UTC", elem(format.Int64, &format.TimestampType{Unit: nanos}), i64(1717230600500000000), "2024-06-01T08:30:00.5"},
		{"timestamp before 1970", elem(format.Int64, &format.TimestampType{IsAdjustedToUTC: true, Unit: micros}), i64(-1), "1969-12-31T23:59:59.999999Z"},
		{"INT96", elem(format.Int96, nil), int96, "2024-06-01T01:02:03.000000123Z"},
		{"unsigned INT64", elem(format.Int64, &format.IntType{BitWidth: 64}), i64(-1), "18446744073709551615"},
		{"unsigned INT32", elem(format.Int32, &format.IntType{BitWidth: 32}), i32(-2), "4294967294"},
		{"decimal bytes negative", elem(format.FixedLenByteArray, &format.DecimalType{Precision: 20, Scale: 2}), []byte{0xff, 0xff, 0xfe, 0x57}, "-4.25"},
		{"decimal bytes zero scale", elem(format.ByteArray, &format.DecimalType{Precision: 5, Scale: 0}), []byte{0x01, 0x00}, "256"},
		{"decimal below one", elem(format.Int32, &format.DecimalType{Precision: 5, Scale: 4}), i32(-7), "-0.0007"},
		{"converted decimal", converted(format.Int64, deprecated.Decimal, 2), i64(425), "4.25"},
		{"converted date", converted(format.Int32, deprecated.Date, 0), i32(19875), "2024-06-01"},
		{"converted timestamp millis", converted(format.Int64, deprecated.TimestampMillis, 0), i64(1717200022123), "2024-06-01T00:00:22.123Z"},
		{"converted time millis", converted(format.Int32, deprecated.TimeMillis, 0), i32(3_723_004), "01:02:03.004"},
		{"converted UTF8", converted(format.ByteArray, deprecated.UTF8, 0), []byte("tab\there"), `"tab\there"`},
		{"converted uint8", converted(format.Int32, deprecated.Uint8, 0), i32(255), "255"},
		{"UUID of the wrong length", elem(format.FixedLenByteArray, &format.UUIDType{}), []byte{1, 2}, "0x0102"},
		{"date of the wrong length", elem(format.Int32, &format.DateType{}), []byte{1}, "0x01"},
		{"no logical type", elem(format.Int64, nil), i64(1717200022000000), "1717200022000000"},
		{"double with an exponent", elem(format.Double, nil), binary.LittleEndian.AppendUint64(nil, math.Float64bits(1.5e-7)), "1.5e-7"},
		{"double in plain notation", elem(format.Double, nil), binary.LittleEndian.AppendUint64(nil, math.Float64bits(5004307.89)), "5004307.89"},
		{"float", elem(format.Float, nil), binary.LittleEndian.AppendUint32(nil, math.Float32bits(0.1)), "0.1"},
		{"absent", elem(format.Int64, &format.DateType{}), nil, "-"},
	} {
		require.Equal(t, c.want, statText(c.e, c.b), c.name)
	}
}
