// Package variant implements the Parquet Variant binary encoding
// (VariantEncoding.md): a validating decoder that reads values in place, a
// builder that writes the spec's exact bytes, JSON in and out, paths, casts
// to SQL types, equality and ordering by the spec's equivalence classes, and
// the [Variant] type, which is a sql.Scanner and a driver.Valuer.
//
// # Reading
//
// A [Variant] is a view over a metadata buffer and a value buffer. [New]
// checks both whole; [View] checks nothing up front, and every accessor
// bounds-checks what it reads, so malformed bytes give an error wrapping
// [ErrInvalidValue] or [ErrInvalidMetadata] with the byte offset and path of
// the fault, never a panic.
//
//	v, err := variant.New(metadataBytes, valueBytes)
//	name, ok, err := v.Get(variant.MustParsePath("$.user.name"))
//	s, err := name.Str()
//
// Field lookup by name bisects the object's sorted field ids and allocates
// nothing; typed accessors ([Variant.Int], [Variant.Decimal],
// [Variant.Timestamp], ...) read the spec's primitive types directly.
//
// # Building
//
// The zero [Builder] is ready to use:
//
//	var b variant.Builder
//	b.BeginObject()
//	b.Key("event_type")
//	b.AppendString("signup")
//	b.EndObject()
//	v, err := b.Build()
//
// # Three kinds of absence
//
// SQL NULL is not a Variant at all (scan into sql.Null[variant.Variant]); the
// Variant null is a value ([Variant.IsNull]); a missing path is Get returning
// false.
package variant
