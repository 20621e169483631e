package shred

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSchemaClone: a clone shares no memory with its schema: changing the
// clone's fields or element at any depth leaves the schema as it was.
func TestSchemaClone(t *testing.T) {
	s := Object(
		Field{Name: "a", Schema: Object(Field{Name: "x", Schema: Typed(TypeInt64)})},
		Field{Name: "l", Schema: Array(Typed(TypeString))},
	)
	c := s.Clone()
	require.Equal(t, s, c)
	c.Fields[0].Name = "b"
	c.Fields[0].Schema.Fields[0].Schema = Typed(TypeDouble)
	c.Fields[1].Schema.Element.Kind = KindUntyped
	require.Equal(t, "a", s.Fields[0].Name)
	require.Equal(t, Typed(TypeInt64), s.Fields[0].Schema.Fields[0].Schema)
	require.Equal(t, KindPrimitive, s.Fields[1].Schema.Element.Kind)
	require.Equal(t, Schema{}, Schema{}.Clone())
}
