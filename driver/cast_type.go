package driver

import (
	"errors"
	"strconv"
	"strings"

	"github.com/parquetvariant/parquetvariant/variant"
)

// castTypeAliases are the CREATE TABLE column type names that a cast type
// name of docs/design.md section 4 means too: INTEGER is INT, TEXT is
// STRING, NUMERIC is DECIMAL and BOOL is BOOLEAN, in MySQL as here. The
// other CREATE TABLE names (DATETIME, JSON, REAL, CHAR, BLOB, ...) mean
// something else as a cast, or nothing, and stay errors.
var castTypeAliases = map[string]string{
	"integer": "int",
	"text":    "string",
	"numeric": "decimal",
	"bool":    "boolean",
}

// castTypeNames lists the cast type names for messages (docs/design.md
// section 4), with the aliases each one takes.
const castTypeNames = "boolean (or bool), tinyint, smallint, int (or integer), bigint, float, double, " +
	"decimal(p,s) (or numeric(p,s); decimal alone is decimal(10,0)), string (or varchar, text), " +
	"binary, date, time, timestamp, timestamp_ntz, uuid, variant"

// castTypeHints name the cast type meant by names that other systems use.
var castTypeHints = map[string]string{
	"int8":     "tinyint",
	"int16":    "smallint",
	"int32":    "int",
	"int64":    "bigint",
	"long":     "bigint",
	"real":     "float or double",
	"datetime": "timestamp_ntz (no time zone) or timestamp (UTC)",
	"json":     "variant, or to_json(v) for JSON text",
}

// parseCastType parses the type argument of variant_get and
// try_variant_get: a name of docs/design.md section 4 or one of
// castTypeAliases, case and surrounding spaces aside. An unknown name is an
// error wrapping variant.ErrInvalidType that lists the names accepted.
func parseCastType(name string) (variant.SQLType, error) {
	s := strings.ToLower(strings.TrimSpace(name))
	base, args, hasArgs := strings.Cut(s, "(")
	base = strings.TrimSpace(base)
	if alias, ok := castTypeAliases[base]; ok {
		base = alias
		s = alias
		if hasArgs {
			s += "(" + args
		}
	}
	t, err := variant.ParseSQLType(s)
	if err == nil {
		return t, nil
	}
	if _, known := variant.ParseSQLType(base); known == nil {
		// A known name with bad arguments: the message says which, and
		// quotes the name as written.
		var ve *variant.Error
		if errors.As(err, &ve) {
			cp := *ve
			cp.Msg = strings.Replace(cp.Msg, strconv.Quote(s), strconv.Quote(name), 1)
			return variant.SQLType{}, &cp
		}
		return variant.SQLType{}, err
	}
	msg := strconv.Quote(name) + ": unknown type name"
	if hint, ok := castTypeHints[base]; ok {
		msg += " (use " + hint + ")"
	}
	return variant.SQLType{}, &variant.Error{Err: variant.ErrInvalidType, Offset: -1, Msg: msg + "; the type names are " + castTypeNames}
}
