package shred

import (
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// Column names of a Variant group (VariantShredding.md).
const (
	colMetadata   = "metadata"
	colValue      = "value"
	colTypedValue = "typed_value"
)

// Node returns the Parquet schema of the Variant column shredded as s: a
// required group annotated VARIANT(1) whose children are, in this order, a
// required binary metadata, an optional binary value and, unless s is
// untyped, an optional typed_value; object field groups and list elements
// are required groups with value before typed_value (VariantShredding.md,
// "Value Shredding", "Arrays", "Objects"). The metadata column is
// dictionary-encoded, since the rows of a file mostly share one dictionary. Wrap it in parquet.Optional for a
// nullable column. It fails with [ErrInvalidSchema] when s does not
// validate.
func (s Schema) Node() (parquet.Node, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	// The rows of a file mostly share one dictionary: encode the column
	// with a Parquet dictionary (docs/design.md section 7).
	// (A dictionary-encoded column gets parquet-go's own column indexer,
	// whatever its type; a metadata buffer starts with its version, never
	// 0xFF, so its truncated max is right: see ParquetBinary.)
	metaLeaf := parquet.Encoded(parquet.Leaf(parquet.ByteArrayType), &parquet.RLEDictionary)
	meta := parquet.Required(metaLeaf)
	if s.MetadataOptional {
		meta = parquet.Optional(metaLeaf)
	}
	fields := []parquet.Field{field(colMetadata, meta)}
	fields = append(fields, s.children()...)
	return &groupNode{fields: fields, variant: true}, nil
}

// children returns the value and typed_value fields of a node.
func (s Schema) children() []parquet.Field {
	var fields []parquet.Field
	switch {
	case s.ValueRequired:
		fields = append(fields, field(colValue, parquet.Required(parquet.Leaf(ParquetBinary))))
	case !s.NoValue:
		fields = append(fields, field(colValue, parquet.Optional(parquet.Leaf(ParquetBinary))))
	}
	if s.Kind != KindUntyped {
		fields = append(fields, field(colTypedValue, parquet.Optional(s.typedNode())))
	}
	return fields
}

func (s Schema) typedNode() parquet.Node {
	switch s.Kind {
	case KindObject:
		fields := make([]parquet.Field, len(s.Fields))
		for i, f := range s.Fields {
			fields[i] = field(f.Name, &groupNode{fields: f.Schema.children()})
		}
		return &groupNode{fields: fields}
	case KindArray:
		return parquet.List(&groupNode{fields: s.Element.children()})
	}
	return s.Type.leaf()
}

// field names a node as a field of a group.
func field(name string, n parquet.Node) parquet.Field {
	return parquet.Group{name: n}.Fields()[0]
}

// groupNode is a required Parquet group whose fields keep the order given
// (parquet.Group sorts them by name), optionally annotated VARIANT(1).
type groupNode struct {
	parquet.Group
	fields  []parquet.Field
	variant bool
}

func (g *groupNode) Fields() []parquet.Field { return g.fields }

func (g *groupNode) Type() parquet.Type {
	if g.variant {
		return variantGroupType{g.Group.Type()}
	}
	return g.Group.Type()
}

func (g *groupNode) String() string {
	s := "group {"
	for i, f := range g.fields {
		if i > 0 {
			s += "; "
		}
		s += f.Name()
	}
	return s + "}"
}

// variantGroupType is the type of a group annotated VARIANT(1).
type variantGroupType struct{ parquet.Type }

var variantLogicalType = format.LogicalType{Value: &format.VariantType{SpecificationVersion: 1}}

func (variantGroupType) LogicalType() *format.LogicalType { return &variantLogicalType }

func (variantGroupType) String() string { return "VARIANT" }

// IsVariant reports whether n is a Variant column: a group annotated
// VARIANT, or, from writers that omit the annotation, a group whose children
// include a binary metadata and a binary value (docs/design.md section 2).
func IsVariant(n parquet.Node) bool {
	if n.Leaf() {
		return false
	}
	if lt := n.Type().LogicalType(); lt != nil {
		if _, ok := lt.Value.(*format.VariantType); ok {
			return true
		}
		if lt.Value != nil {
			return false
		}
	}
	m, v := child(n, colMetadata), child(n, colValue)
	return isBinaryLeaf(m) && isBinaryLeaf(v)
}

func isBinaryLeaf(n parquet.Node) bool {
	return n != nil && n.Leaf() && n.Type().Kind() == parquet.ByteArray && !n.Repeated()
}

func child(n parquet.Node, name string) parquet.Node {
	for _, f := range n.Fields() {
		if f.Name() == name {
			return f
		}
	}
	return nil
}

// FromNode reads the shredding schema of the Variant group n from a file's
// Parquet schema, finding children by name. It accepts unannotated groups
// from older writers, value columns omitted where the spec allows it, both
// FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY decimals, and an optional metadata
// column (some writers declare it so; a present Variant must still have
// its metadata). Anything the spec does
// not allow is an [ErrInvalidSchema] naming the column: a missing,
// repeated or non-binary metadata, a typed_value of a Parquet type the "Shredded Value
// Types" table does not list (pitfall B27), an object field group or list
// element that is not required, a repeated field outside a LIST, an
// unknown child.
func FromNode(n parquet.Node) (Schema, error) {
	if n.Leaf() {
		return Schema{}, schemaError("", "Variant column is not a group")
	}
	if n.Repeated() {
		return Schema{}, schemaError("", "repeated Variant group")
	}
	m := child(n, colMetadata)
	if m == nil {
		return Schema{}, schemaError(colMetadata, "Variant group without metadata column")
	}
	if !isBinaryLeaf(m) {
		return Schema{}, schemaError(colMetadata, "metadata must be a binary column")
	}
	s, err := nodeSchema(n, "", 0, true)
	if err != nil {
		return Schema{}, err
	}
	s.MetadataOptional = m.Optional()
	return s, nil
}

// nodeSchema reads the value / typed_value pair of group n at path.
func nodeSchema(n parquet.Node, path string, depth int, top bool) (Schema, error) {
	if depth > MaxSchemaDepth {
		return Schema{}, schemaError(path, "shredding schema nested deeper than 64")
	}
	var s Schema
	var value, typed parquet.Node
	for _, f := range n.Fields() {
		switch f.Name() {
		case colValue:
			value = f
		case colTypedValue:
			typed = f
		case colMetadata:
			if !top {
				return Schema{}, schemaError(join(path, colMetadata), "metadata column inside a shredded field")
			}
		default:
			return Schema{}, schemaError(join(path, f.Name()), "unknown column in a Variant group")
		}
	}
	if value == nil {
		s.NoValue = true
	} else if !isBinaryLeaf(value) {
		return Schema{}, schemaError(join(path, colValue), "value must be a binary column")
	} else if value.Required() {
		s.ValueRequired = true
	}
	if typed == nil {
		if s.NoValue {
			return Schema{}, schemaError(path, "neither value nor typed_value")
		}
		return s, nil
	}
	tp := join(path, colTypedValue)
	if s.ValueRequired {
		return Schema{}, schemaError(join(path, colValue), "required value column next to typed_value")
	}
	if typed.Repeated() {
		return Schema{}, schemaError(tp, "repeated typed_value")
	}
	if typed.Leaf() {
		t, err := typeOfLeaf(typed, tp)
		if err != nil {
			return Schema{}, err
		}
		s.Kind, s.Type = KindPrimitive, t
		return s, nil
	}
	if lt := typed.Type().LogicalType(); lt != nil && lt.Value != nil {
		if _, ok := lt.Value.(*format.ListType); !ok {
			return Schema{}, schemaError(tp, "typed_value group annotated "+lt.Value.String())
		}
		elem, err := listElement(typed, tp, depth)
		if err != nil {
			return Schema{}, err
		}
		s.Kind, s.Element = KindArray, &elem
		return s, nil
	}
	fields := typed.Fields()
	if len(fields) == 0 {
		return Schema{}, schemaError(tp, "shredded object without fields")
	}
	s.Kind = KindObject
	s.Fields = make([]Field, 0, len(fields))
	for _, f := range fields {
		fp := join(tp, f.Name())
		if f.Leaf() || !f.Required() {
			return Schema{}, schemaError(fp, "shredded object field must be a required group")
		}
		fs, err := nodeSchema(f, fp, depth+1, false)
		if err != nil {
			return Schema{}, err
		}
		s.Fields = append(s.Fields, Field{Name: f.Name(), Schema: fs})
	}
	s = Object(s.Fields...).withNoValue(s.NoValue)
	for i := 1; i < len(s.Fields); i++ {
		if s.Fields[i].Name == s.Fields[i-1].Name {
			return Schema{}, schemaError(join(tp, s.Fields[i].Name), "duplicate shredded field")
		}
	}
	return s, nil
}

func (s Schema) withNoValue(on bool) Schema {
	s.NoValue = on
	return s
}

// listElement reads the element schema of a 3-level LIST typed_value.
func listElement(list parquet.Node, path string, depth int) (Schema, error) {
	rep := list.Fields()
	if len(rep) != 1 || rep[0].Leaf() || !rep[0].Repeated() {
		return Schema{}, schemaError(path, "LIST typed_value must hold exactly one repeated group")
	}
	inner := rep[0].Fields()
	ep := join(join(path, rep[0].Name()), "element")
	if len(inner) != 1 {
		return Schema{}, schemaError(ep, "LIST repeated group must hold exactly one element")
	}
	e := inner[0]
	ep = join(join(path, rep[0].Name()), e.Name())
	if e.Leaf() || !e.Required() {
		return Schema{}, schemaError(ep, "list element must be a required group")
	}
	return nodeSchema(e, ep, depth+1, false)
}
