package variant

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePath(t *testing.T) {
	key := func(k string) PathStep { return PathStep{Key: k} }
	idx := func(i int) PathStep { return PathStep{Index: i, IsIndex: true} }
	for _, c := range []struct {
		path      string
		steps     []PathStep
		canonical string
	}{
		{"$", nil, "$"},
		{"$.a", []PathStep{key("a")}, "$.a"},
		{"$.a_1.B2", []PathStep{key("a_1"), key("B2")}, "$.a_1.B2"},
		{"$.0", []PathStep{key("0")}, "$.0"},
		{"$.日本", []PathStep{key("日本")}, "$.日本"},
		{"$['a b']", []PathStep{key("a b")}, "$['a b']"},
		{`$["a b"]`, []PathStep{key("a b")}, "$['a b']"},
		{"$['']", []PathStep{key("")}, "$['']"},
		{`$['it\'s']`, []PathStep{key("it's")}, `$['it\'s']`},
		{`$["say \"hi\""]`, []PathStep{key(`say "hi"`)}, `$['say "hi"']`},
		{`$['back\\slash']`, []PathStep{key(`back\slash`)}, `$['back\\slash']`},
		{`$['a\b']`, []PathStep{key(`a\b`)}, `$['a\\b']`},
		{"$['a.b']", []PathStep{key("a.b")}, "$['a.b']"},
		{"$['0']", []PathStep{key("0")}, "$.0"},
		{"$[0]", []PathStep{idx(0)}, "$[0]"},
		{"$[007]", []PathStep{idx(7)}, "$[7]"},
		{"$.a[2]['b.c'][10]", []PathStep{key("a"), idx(2), key("b.c"), idx(10)}, "$.a[2]['b.c'][10]"},
		{"$[']']", []PathStep{key("]")}, "$[']']"},
	} {
		p, err := ParsePath(c.path)
		require.NoError(t, err, c.path)
		assert.Equal(t, c.steps, p.Steps(), c.path)
		assert.Equal(t, c.canonical, p.String(), c.path)
		again, err := ParsePath(p.String())
		require.NoError(t, err)
		assert.Equal(t, p.Steps(), again.Steps(), c.path)
	}
	assert.Equal(t, "$", Path{}.String())
}

func TestParsePathErrors(t *testing.T) {
	for _, c := range []struct {
		path   string
		offset int
		msg    string
	}{
		{"", 0, `"": a path starts with $`},
		{"a", 0, `"a": a path starts with $`},
		{".a", 0, `".a": a path starts with $`},
		{"$a", 1, `"$a": expected . or [`},
		{"$ ", 1, `"$ ": expected . or [`},
		{"$[", 1, `"$[": unterminated [`},
		{"$.", 1, `"$.": a dot must be followed by a name of letters, digits and _ (use ['...'] for other keys)`},
		{"$..a", 1, `"$..a": a dot must be followed by a name of letters, digits and _ (use ['...'] for other keys)`},
		{"$.a-b", 3, `"$.a-b": expected . or [`},
		{"$[-1]", 2, `"$[-1]": expected a quoted key or an array index after [`},
		{"$[1", 3, `"$[1": expected ] after the array index`},
		{"$[1a]", 3, `"$[1a]": expected ] after the array index`},
		{"$['a'", 5, `"$['a'": expected ] after the quoted key`},
		{"$['a", 1, `"$['a": unterminated quoted key`},
		{`$['a\']`, 1, `"$['a\\']": unterminated quoted key`},
		{"$[a]", 2, `"$[a]": expected a quoted key or an array index after [`},
		{"$[]", 2, `"$[]": expected a quoted key or an array index after [`},
		{"$[99999999999999999999]", 2, `"$[99999999999999999999]": array index out of range`},
		{"$\xff", 0, `"$\xff": not valid UTF-8`},
	} {
		_, err := ParsePath(c.path)
		require.Error(t, err, c.path)
		assert.ErrorIs(t, err, ErrInvalidPath, c.path)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, c.offset, e.Offset, c.path)
		assert.Equal(t, c.msg, e.Msg, c.path)
	}
	assert.Panics(t, func() { MustParsePath("$[") })
}

func TestGet(t *testing.T) {
	meta, value := specPair(t, "object_nested")
	v := MustNew(meta, value)
	for _, c := range []struct{ path, want string }{
		{"$", mustDescribe(t, v)},
		{"$.id", "int8:1"},
		{"$.species.population", "int16:6789"},
		{"$['observation']['value'].humidity", "int16:456"},
		{"$.observation.time", `string:"12:34:56"`},
		{"$.observation.missing", "missing"},
		{"$.id.x", "missing"},
		{"$.id[0]", "missing"},
		{"$[0]", "missing"},
		{"$.ID", "missing"},
	} {
		assert.Equal(t, c.want, getAt(t, v, c.path), c.path)
	}
	meta, value = specPair(t, "array_nested")
	a := MustNew(meta, value)
	for _, c := range []struct{ path, want string }{
		{"$[0].thing.names[1]", `string:"Spider"`},
		{"$[2].names[2]", "null:"},
		{"$[1]", "null:"},
		{"$[3]", "missing"},
		{"$[2].names[3]", "missing"},
		{"$[1].a", "missing"},
		{"$.a", "missing"},
	} {
		assert.Equal(t, c.want, getAt(t, a, c.path), c.path)
	}
	// Malformed bytes under the path are errors, not "missing".
	bad := View(MustDecodeMetadata(unhex(t, metaSAB)), unhex(t, "02 01 00 00 05 03 09 00"))
	_, _, err := bad.Get(MustParsePath("$.a[0]"))
	assert.ErrorIs(t, err, ErrInvalidValue)
	// The zero Variant has nothing under any path.
	_, ok, err := Variant{}.Get(MustParsePath("$.a"))
	assert.NoError(t, err)
	assert.False(t, ok)
}
