package variant

import (
	"errors"
	"strings"
	"testing"
)

func TestParseSQLType(t *testing.T) {
	tests := []struct {
		in   string
		want SQLType
		text string
	}{
		{"boolean", SQLType{Kind: SQLBoolean}, "boolean"},
		{"TINYINT", SQLType{Kind: SQLTinyint}, "tinyint"},
		{"SmallInt", SQLType{Kind: SQLSmallint}, "smallint"},
		{"int", SQLType{Kind: SQLInt}, "int"},
		{" bigint ", SQLType{Kind: SQLBigint}, "bigint"},
		{"float", SQLType{Kind: SQLFloat}, "float"},
		{"DOUBLE", SQLType{Kind: SQLDouble}, "double"},
		{"decimal", SQLType{Kind: SQLDecimal, Precision: 10, Scale: 0}, "decimal(10,0)"},
		{"decimal(10)", SQLType{Kind: SQLDecimal, Precision: 10, Scale: 0}, "decimal(10,0)"},
		{"decimal(10,2)", SQLType{Kind: SQLDecimal, Precision: 10, Scale: 2}, "decimal(10,2)"},
		{"DECIMAL ( 38 , 38 )", SQLType{Kind: SQLDecimal, Precision: 38, Scale: 38}, "decimal(38,38)"},
		{"decimal(1,0)", SQLType{Kind: SQLDecimal, Precision: 1, Scale: 0}, "decimal(1,0)"},
		{"string", SQLType{Kind: SQLString}, "string"},
		{"VARCHAR", SQLType{Kind: SQLString}, "string"},
		{"binary", SQLType{Kind: SQLBinary}, "binary"},
		{"date", SQLType{Kind: SQLDate}, "date"},
		{"time", SQLType{Kind: SQLTime}, "time"},
		{"timestamp", SQLType{Kind: SQLTimestamp}, "timestamp"},
		{"TIMESTAMP_NTZ", SQLType{Kind: SQLTimestampNTZ}, "timestamp_ntz"},
		{"uuid", SQLType{Kind: SQLUUID}, "uuid"},
		{"Variant", SQLType{Kind: SQLVariant}, "variant"},
	}
	for _, tt := range tests {
		got, err := ParseSQLType(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseSQLType(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			continue
		}
		if got.String() != tt.text {
			t.Errorf("ParseSQLType(%q).String() = %q, want %q", tt.in, got.String(), tt.text)
		}
		back, err := ParseSQLType(got.String())
		if err != nil || back != got {
			t.Errorf("ParseSQLType(%q) = %+v, %v; want %+v", got.String(), back, err, got)
		}
	}
}

func TestParseSQLTypeErrors(t *testing.T) {
	for _, in := range []string{
		"", "integer", "bool", "int64", "decimal(", "decimal()", "decimal(0)", "decimal(39)",
		"decimal(10,11)", "decimal(10,-1)", "decimal(10,2", "decimal(10,2,3)", "decimal(a,b)",
		"decimal(10,2)x", "bigint(5)", "varchar(10)", "timestamp with time zone", "decimal(+5)",
		"decimal(1000)",
	} {
		got, err := ParseSQLType(in)
		if !errors.Is(err, ErrInvalidType) || got != (SQLType{}) {
			t.Errorf("ParseSQLType(%q) = %+v, %v; want an ErrInvalidType", in, got, err)
			continue
		}
		if !strings.Contains(err.Error(), `"`+in+`"`) {
			t.Errorf("ParseSQLType(%q): error %q does not quote the text", in, err)
		}
	}
}

func TestCastInvalidType(t *testing.T) {
	v := rawValue(t, "0C 05")
	for _, typ := range []SQLType{
		{},
		{Kind: SQLVariant + 1},
		{Kind: SQLDecimal},
		{Kind: SQLDecimal, Precision: 5, Scale: 6},
		{Kind: SQLDecimal, Precision: 39},
		{Kind: SQLBigint, Precision: 5},
	} {
		if got, err := v.Cast(typ); !errors.Is(err, ErrInvalidType) || got != nil {
			t.Errorf("Cast(%+v) = %v, %v; want ErrInvalidType", typ, got, err)
		}
		if got, ok, err := v.TryCast(typ); !errors.Is(err, ErrInvalidType) || ok || got != nil {
			t.Errorf("TryCast(%+v) = %v, %v, %v; want ErrInvalidType", typ, got, ok, err)
		}
	}
	checks := []struct {
		name string
		err  error
	}{
		{"CastInt64(double)", func() error { _, _, err := v.CastInt64(SQLDouble, CastLenient); return err }()},
		{"CastFloat64(bigint)", func() error { _, _, err := v.CastFloat64(SQLBigint, CastLenient); return err }()},
		{"CastDecimal(bigint)", func() error { _, _, err := v.CastDecimal(SQLType{Kind: SQLBigint}, CastLenient); return err }()},
		{"CastDecimal(decimal(0,0))", func() error { _, _, err := v.CastDecimal(SQLType{Kind: SQLDecimal}, CastLenient); return err }()},
		{"CastTime(time)", func() error { _, _, err := v.CastTime(SQLTime, CastLenient); return err }()},
		{"CastMicros(date)", func() error { _, _, err := v.CastMicros(SQLDate, CastLenient); return err }()},
	}
	for _, c := range checks {
		if !errors.Is(c.err, ErrInvalidType) {
			t.Errorf("%s: %v, want ErrInvalidType", c.name, c.err)
		}
	}
}

func TestSQLKindString(t *testing.T) {
	if SQLTimestampNTZ.String() != "timestamp_ntz" || SQLInvalid.String() != "invalid" || SQLKind(200).String() != "invalid" {
		t.Errorf("SQLKind names: %q %q %q", SQLTimestampNTZ, SQLInvalid, SQLKind(200))
	}
}
