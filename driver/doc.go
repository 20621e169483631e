// Package driver is the database/sql driver of parquetvariant, registered
// under the name "parquetvariant". A DSN names a directory; its
// sub-directories of Parquet files are tables, and a Parquet file directly in
// it is a read-only table (docs/design.md section 2).
//
//	import (
//		"database/sql"
//
//		_ "github.com/parquetvariant/parquetvariant/driver"
//		"github.com/parquetvariant/parquetvariant/variant"
//	)
//
//	db, err := sql.Open("parquetvariant", "/data/lake")
//	rows, err := db.QueryContext(ctx, `SELECT id, event FROM events
//		WHERE variant_get(event, '$.event_type', 'string') = ?`, "signup")
//	for rows.Next() {
//		var id int64
//		var ev variant.Variant
//		err = rows.Scan(&id, &ev)
//	}
//
// Programs that import both this package and database/sql/driver name this
// one pvdriver.
//
// # DSN
//
// A directory path or a file: URL, with options:
//
//	/data/lake?shred=auto&compression=zstd&read_only=true
//
// [ParseDSN] and [Config.FormatDSN] convert between a DSN and a [Config];
// unknown options are an error naming them. [NewConnector] takes a Config
// built in code.
//
// # Types
//
// Rows report each column's database type name, scan type, nullability and,
// for DECIMAL, precision and scale. Values come out as:
//
//	database type    Parquet column                     Go value from Next       scan type (NOT NULL / nullable)
//	VARIANT          VARIANT group, nested groups,       variant.Variant          variant.Variant / sql.Null[variant.Variant]
//	                 LISTs and MAPs
//	BIGINT           INT32, INT64, INT(8..64)           int64                    int64 / sql.NullInt64
//	DOUBLE           FLOAT, DOUBLE                      float64                  float64 / sql.NullFloat64
//	BOOLEAN          BOOLEAN                            bool                     bool / sql.NullBool
//	VARCHAR          STRING, ENUM, JSON                 string                   string / sql.NullString
//	BINARY           BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY   []byte                   []byte
//	DECIMAL          DECIMAL, INT(64, unsigned)         exact text ("12.50")     string / sql.NullString
//	DATE             DATE                               time.Time, midnight UTC  time.Time / sql.NullTime
//	TIME             TIME                               text "HH:MM:SS.ffffff"   string / sql.NullString
//	TIMESTAMP        TIMESTAMP (UTC), INT96             time.Time in UTC         time.Time / sql.NullTime
//	TIMESTAMP_NTZ    TIMESTAMP (not UTC)                time.Time, wall clock    time.Time / sql.NullTime
//	UUID             UUID                               canonical text           string / sql.NullString
//	ANY              (computed, kind known per row)     any of the above         any
//	NULL             (computed, always NULL)            nil                      any
//
// Computed columns take the type of the values they give: BIGINT for + - *
// % of BIGINTs, DOUBLE for / and for anything with a DOUBLE, DECIMAL(p,s)
// for BIGINT or DECIMAL with DECIMAL (precision capped at 38; a result
// beyond 38 digits is a float64, which scans into the column's string as
// its text), ANY for arithmetic on an untyped Variant and for COALESCE of
// arguments of different types (README.md, "Go types", has the rules).
//
// variant_get(v, path, type) gives the type's column: BIGINT for tinyint to
// bigint, DOUBLE for float and double, and so on; without a type it gives
// VARIANT. The type names are those of docs/design.md section 4, and also
// integer, text, numeric(p,s) and bool, which CREATE TABLE takes with the
// same meaning; decimal alone is decimal(10,0). A result column without an
// alias is named by its column or its expression: v->>'$.kind' keeps that
// text, as in MySQL. []byte and variant.Variant values from Next are valid until the
// next call of Next (they point into memory the rows or the table scan own,
// not copied per row): Scan into *variant.Variant (or
// sql.Null[variant.Variant]) and into *[]byte or *any copies []byte values
// and Variants; a Variant scanned into *any is the driver's own, which a
// later Next may overwrite. A VARIANT value does not scan into *string or *[]byte;
// open the database with variant_json=true to get VARIANT results as their
// JSON text (a string), or select to_json(v).
//
// # Transactions
//
// BeginTx accepts the default and snapshot isolation levels. Reads in a
// transaction see each table as it was when the transaction first read it,
// not the transaction's own inserts, which are written at Commit: one new
// file per table. A statement that fails makes Commit roll back. CREATE TABLE
// and DROP TABLE take effect at once.
//
// # Arguments
//
// ? placeholders take the usual database/sql types, and also
// variant.Variant, variant.Decimal, map[string]any, []any and
// json.RawMessage, which become Variants without loss of types.
//
// # Errors
//
// Errors wrap the package's sentinels ([ErrSyntax], [ErrUnsupported],
// [ErrNoTable], [ErrReadOnly], [ErrClosed], [ErrDSN]) and those of the
// variant and scan packages, so errors.Is matches them; a statement that
// cannot run as written is an [*SQLError] that names the expression at fault
// as SQL text and, when known, its position in the SQL text.
package driver
