package scan

import (
	"fmt"
	"strings"

	"github.com/parquetvariant/parquetvariant/variant"
)

// Ref names a value a scan reads: a top-level column, or a path inside a
// Variant column with an optional target type, as variant_get(col, path,
// type) reads it (docs/design.md section 4). A path Ref reads only the leaf
// columns that can hold the path in each file (VariantShredding.md,
// "Reconstructing a Shredded Variant"): for a path through shredded
// fields, that field's value and typed_value columns, and no metadata when
// the result is a typed value of a shredded primitive; otherwise the
// residual value columns on the way.
type Ref struct {
	Column string
	// Path is a path inside the Variant column Column; the zero Path ($)
	// is the whole column.
	Path variant.Path
	// As is the target type of a Variant path; the zero SQLType (and
	// SQLVariant) keep the value a Variant ([KindVariant]). A missing path
	// and a Variant null cast to SQL NULL.
	As variant.SQLType
	// Mode is what a failed cast gives: variant.CastStrict (the default)
	// an error wrapping variant.ErrCast that ends the scan,
	// variant.CastLenient SQL NULL (try_variant_get).
	Mode variant.CastMode
}

// Col returns the Ref of top-level column name.
func Col(name string) Ref { return Ref{Column: name} }

// Path returns the Ref of path p (variant.ParsePath syntax, "$.a.b[0]") of
// Variant column col cast to as (variant.ParseSQLType syntax; "" keeps the
// value a Variant), with strict casts.
func Path(col, p, as string) (Ref, error) {
	r := Ref{Column: col}
	var err error
	if r.Path, err = variant.ParsePath(p); err != nil {
		return Ref{}, err
	}
	if as != "" {
		if r.As, err = variant.ParseSQLType(as); err != nil {
			return Ref{}, err
		}
	}
	return r, nil
}

// typed reports whether r casts to a SQL type other than variant.
func (r Ref) typed() bool { return r.As.Kind != variant.SQLInvalid && r.As.Kind != variant.SQLVariant }

func (r Ref) hasPath() bool { return len(r.Path.Steps()) > 0 || r.As.Kind != variant.SQLInvalid }

// String gives the column, then the path without its $ and the target type
// after ::, as EXPLAIN shows it (v.user.id::bigint).
func (r Ref) String() string {
	if !r.hasPath() {
		return r.Column
	}
	s := r.Column + r.Path.String()[1:]
	if r.As.Kind != variant.SQLInvalid {
		s += "::" + r.As.String()
	}
	if r.Mode == variant.CastLenient {
		s += " (try)"
	}
	return s
}

// Op is a comparison operator.
type Op uint8

// Comparison operators.
const (
	Eq Op = iota // =
	Ne           // <>
	Lt           // <
	Le           // <=
	Gt           // >
	Ge           // >=
)

var opNames = [...]string{Eq: "=", Ne: "<>", Lt: "<", Le: "<=", Gt: ">", Ge: ">="}

// String gives the operator as SQL writes it.
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("op(%d)", uint8(o))
}

// negate returns the operator that is true exactly where o is false, for
// two non-NULL operands.
func (o Op) negate() Op {
	return [...]Op{Eq: Ne, Ne: Eq, Lt: Ge, Le: Gt, Gt: Le, Ge: Lt}[o]
}

// Predicate is a filter over rows with SQL three-valued logic: a row is
// returned only when the predicate is TRUE (not FALSE, not UNKNOWN). The
// implementations are [Compare], [In], [IsNull], [And], [Or] and [Not].
//
// Values in predicates are Go values: nil (SQL NULL), bool, the integer
// types, float32, float64, string, []byte, time.Time (for DATE and
// TIMESTAMP columns), time.Duration (time of day, for TIME columns) and
// variant.Decimal. Numbers compare by exact value across integer, float and
// decimal columns (a FLOAT value is the float64 of its float32 bits: 0.1 as
// a float32 is not the number 0.1); floats order NaN above every number and
// -0.0 equal to +0.0. A value that cannot be compared with its column's kind gives an
// error wrapping ErrType when the scan starts.
type Predicate interface {
	predicate()
	String() string
}

// Compare is `Ref Op Value`. It is UNKNOWN when the column or the value is
// NULL.
type Compare struct {
	Ref   Ref
	Op    Op
	Value any
}

// In is `Ref IN (Values...)`: TRUE when the column equals one of Values,
// UNKNOWN when the column is NULL or when it equals none and a value is
// NULL, FALSE otherwise. NOT IN is Not{In{...}}.
type In struct {
	Ref    Ref
	Values []any
}

// IsNull is `Ref IS NULL`; it is never UNKNOWN. IS NOT NULL is
// Not{IsNull{...}} (see [IsNotNull]).
type IsNull struct {
	Ref Ref
}

// And is TRUE when every element is TRUE, FALSE when one is FALSE, UNKNOWN
// otherwise. The empty And is TRUE.
type And []Predicate

// Or is TRUE when one element is TRUE, FALSE when every element is FALSE,
// UNKNOWN otherwise. The empty Or is FALSE.
type Or []Predicate

// Not is TRUE when P is FALSE, FALSE when P is TRUE and UNKNOWN when P is
// UNKNOWN.
type Not struct {
	P Predicate
}

// Between returns `r BETWEEN lo AND hi` as r >= lo AND r <= hi.
func Between(r Ref, lo, hi any) Predicate {
	return And{Compare{Ref: r, Op: Ge, Value: lo}, Compare{Ref: r, Op: Le, Value: hi}}
}

// IsNotNull returns `r IS NOT NULL`.
func IsNotNull(r Ref) Predicate { return Not{IsNull{Ref: r}} }

func (Compare) predicate() {}
func (In) predicate()      {}
func (IsNull) predicate()  {}
func (And) predicate()     {}
func (Or) predicate()      {}
func (Not) predicate()     {}

// String gives the predicate as SQL text, as the others do.
func (p Compare) String() string {
	return fmt.Sprintf("%s %s %s", p.Ref, p.Op, formatValue(p.Value))
}

// String gives the predicate as SQL text.
func (p In) String() string {
	vals := make([]string, len(p.Values))
	for i, v := range p.Values {
		vals[i] = formatValue(v)
	}
	return fmt.Sprintf("%s IN (%s)", p.Ref, strings.Join(vals, ", "))
}

// String gives the predicate as SQL text.
func (p IsNull) String() string { return p.Ref.String() + " IS NULL" }

// String gives the predicate as SQL text; an empty And is TRUE.
func (p And) String() string { return joinPredicates(p, " AND ", "TRUE") }

// String gives the predicate as SQL text; an empty Or is FALSE.
func (p Or) String() string { return joinPredicates(p, " OR ", "FALSE") }

// String gives the predicate as SQL text.
func (p Not) String() string { return "NOT (" + p.P.String() + ")" }

func joinPredicates(ps []Predicate, sep, empty string) string {
	if len(ps) == 0 {
		return empty
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = "(" + p.String() + ")"
	}
	return strings.Join(parts, sep)
}

func formatValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case string:
		return fmt.Sprintf("%q", v)
	case []byte:
		return fmt.Sprintf("x'%x'", v)
	}
	return fmt.Sprint(v)
}

// Query is what a scan reads.
type Query struct {
	// Columns are the output columns, in order. Empty: rows carry no values
	// (for counting).
	Columns []Ref
	// Where filters rows; nil returns every row.
	Where Predicate
	// NoSkip turns data skipping off: no row group or page is skipped by
	// statistics or the column index, and pages are read in order without
	// seeking (a column read only for matching rows still stops at its
	// last matching row). Results are identical either way.
	NoSkip bool
	// Workers is how many goroutines decode row groups (0: GOMAXPROCS).
	// Rows come out in the same order whatever the number.
	Workers int
	// Only, when not nil, restricts the scan to the rows it names (in any
	// order; a row named twice comes out once): the other row groups are
	// neither opened nor read, and within a row group only the pages
	// holding a named row are decoded when the column has an offset index
	// (PageIndex.md), as for rows that Where excludes by page statistics.
	// Rows still come out in file and row order, and Where still applies.
	// A non-nil empty Only reads no row. The rows must be of the table the
	// scan reads, as listed when it was opened (a changed file fails with
	// ErrStale); a row it does not hold fails Table.Scan with an error
	// wrapping ErrNoRow. Row groups outside Only count as skipped in
	// [Stats], their pages not at all.
	Only []RowID
	// Lenient reads shredded Variants whose layout VariantShredding.md
	// forbids as shred.Lenient does (typed_value wins); by default they are
	// an error wrapping shred.ErrInvalidLayout (shred.Strict).
	Lenient bool
}
