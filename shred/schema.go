package shred

import (
	"slices"
	"strconv"
	"strings"
)

// Kind is the shape of a Variant node's typed_value (VariantShredding.md,
// "Value Shredding").
type Kind uint8

const (
	// KindUntyped: no typed_value column; every value is in value.
	KindUntyped Kind = iota
	// KindPrimitive: typed_value is a primitive column of [Schema.Type].
	KindPrimitive
	// KindObject: typed_value is a group with one required group per
	// shredded field ([Schema.Fields]), section "Objects".
	KindObject
	// KindArray: typed_value is a 3-level LIST whose required element group
	// is shredded as [Schema.Element], section "Arrays".
	KindArray
)

// String returns "untyped", "primitive", "object" or "array".
func (k Kind) String() string {
	switch k {
	case KindUntyped:
		return "untyped"
	case KindPrimitive:
		return "primitive"
	case KindObject:
		return "object"
	case KindArray:
		return "array"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Schema is a shredding schema: the tree of value / typed_value pairs of one
// Variant column, from the top-level Variant group down through object
// fields and array elements. The zero Schema is an unshredded Variant (value
// only).
//
// A Schema is a value; the constructors [Untyped], [Primitive], [Object] and
// [Array] build valid ones, [FromNode] reads one from a file's Parquet schema
// and [Schema.Node] writes one as a Parquet schema node.
type Schema struct {
	// Kind is the shape of typed_value.
	Kind Kind
	// Type is the typed_value type when Kind is KindPrimitive.
	Type Type
	// Fields are the shredded fields when Kind is KindObject, sorted by name
	// (unsigned byte order) without duplicates.
	Fields []Field
	// Element is the element schema when Kind is KindArray.
	Element *Schema
	// NoValue reports that the node has no value column. The spec lets
	// writers omit it for object fields and array elements that are shredded
	// as a type; [FromNode] sets it for such files. Schemas written by this
	// package always have value columns.
	NoValue bool
	// ValueRequired reports that the value column is required rather than
	// optional, as in unshredded Variant groups of some writers (value and
	// metadata both required). Only an untyped node may have it; such a
	// node can never be missing.
	ValueRequired bool
	// MetadataOptional reports that the top-level metadata column is
	// optional, as some writers declare it although the spec requires it
	// (a Variant that is present must still have its metadata). Only the
	// top-level node may have it.
	MetadataOptional bool
}

// Clone returns a copy of s that shares no memory with it: its fields and
// element are copied too, at every depth.
func (s Schema) Clone() Schema {
	if s.Fields != nil {
		fields := make([]Field, len(s.Fields))
		for i, f := range s.Fields {
			fields[i] = Field{Name: f.Name, Schema: f.Schema.Clone()}
		}
		s.Fields = fields
	}
	if s.Element != nil {
		e := s.Element.Clone()
		s.Element = &e
	}
	return s
}

// Field is one shredded object field.
type Field struct {
	Name   string
	Schema Schema
}

// Untyped returns the schema of a node with no typed_value.
func Untyped() Schema { return Schema{} }

// Primitive returns the schema of a node shredded as the primitive type t.
func Primitive(t Type) Schema { return Schema{Kind: KindPrimitive, Type: t} }

// Typed is Primitive(Type{ID: id}) for the types without parameters.
func Typed(id TypeID) Schema { return Primitive(Type{ID: id}) }

// Object returns the schema of a node shredded as an object with the given
// fields, sorted by name. [Schema.Validate] reports duplicate names.
func Object(fields ...Field) Schema {
	fs := slices.Clone(fields)
	slices.SortStableFunc(fs, func(a, b Field) int { return strings.Compare(a.Name, b.Name) })
	return Schema{Kind: KindObject, Fields: fs}
}

// Array returns the schema of a node shredded as an array of elements
// shredded as element.
func Array(element Schema) Schema {
	return Schema{Kind: KindArray, Element: &element}
}

// Field returns the schema of the shredded field name of an object schema.
func (s Schema) Field(name string) (Schema, bool) {
	i, ok := slices.BinarySearchFunc(s.Fields, name, func(f Field, n string) int { return strings.Compare(f.Name, n) })
	if !ok || s.Kind != KindObject {
		return Schema{}, false
	}
	return s.Fields[i].Schema, true
}

// MaxSchemaDepth bounds the nesting of shredded objects and arrays.
const MaxSchemaDepth = 64

// Validate checks that s can be written: known types with valid decimal
// precision and scale, objects with at least one field, unique non-empty
// field names in sorted order, an element for arrays, at least one of value
// and typed_value in every node, depth at most [MaxSchemaDepth]. Errors
// wrap [ErrInvalidSchema] and name the column path.
func (s Schema) Validate() error { return s.validate("", 0) }

func (s Schema) validate(path string, depth int) error {
	if depth > MaxSchemaDepth {
		return schemaError(path, "shredding schema nested deeper than "+strconv.Itoa(MaxSchemaDepth))
	}
	tv := join(path, "typed_value")
	if s.MetadataOptional && depth > 0 {
		return schemaError(path, "metadata below the top-level node")
	}
	if s.ValueRequired && (s.Kind != KindUntyped || s.NoValue) {
		return schemaError(path, "required value column next to typed_value")
	}
	switch s.Kind {
	case KindUntyped:
		if s.NoValue {
			return schemaError(path, "neither value nor typed_value")
		}
	case KindPrimitive:
		return s.Type.validate(tv)
	case KindObject:
		if len(s.Fields) == 0 {
			return schemaError(tv, "shredded object without fields")
		}
		for i, f := range s.Fields {
			if f.Name == "" {
				return schemaError(tv, "empty field name")
			}
			if i > 0 && s.Fields[i-1].Name >= f.Name {
				return schemaError(tv, "fields not sorted or duplicated at "+strconv.Quote(f.Name))
			}
			if err := f.Schema.validate(join(tv, f.Name), depth+1); err != nil {
				return err
			}
		}
	case KindArray:
		if s.Element == nil {
			return schemaError(tv, "array schema without element")
		}
		return s.Element.validate(join(tv, "list.element"), depth+1)
	default:
		return schemaError(path, "unknown kind "+s.Kind.String())
	}
	return nil
}

// Equal reports whether s and t describe the same columns.
func (s Schema) Equal(t Schema) bool {
	if s.Kind != t.Kind || s.NoValue != t.NoValue || s.ValueRequired != t.ValueRequired || s.MetadataOptional != t.MetadataOptional {
		return false
	}
	switch s.Kind {
	case KindPrimitive:
		return s.Type == t.Type
	case KindObject:
		return slices.EqualFunc(s.Fields, t.Fields, func(a, b Field) bool { return a.Name == b.Name && a.Schema.Equal(b.Schema) })
	case KindArray:
		return s.Element != nil && t.Element != nil && s.Element.Equal(*t.Element)
	}
	return true
}

// String returns a compact form such as
// "object{a:int64,b:array<string>,c:untyped}".
func (s Schema) String() string {
	var b strings.Builder
	s.format(&b)
	return b.String()
}

func (s Schema) format(b *strings.Builder) {
	switch s.Kind {
	case KindUntyped:
		b.WriteString("untyped")
	case KindPrimitive:
		b.WriteString(s.Type.String())
	case KindObject:
		b.WriteString("object{")
		for i, f := range s.Fields {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(f.Name)
			b.WriteByte(':')
			f.Schema.format(b)
		}
		b.WriteByte('}')
	case KindArray:
		b.WriteString("array<")
		if s.Element != nil {
			s.Element.format(b)
		}
		b.WriteByte('>')
	}
	if s.NoValue {
		b.WriteString("!novalue")
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
