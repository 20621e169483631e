package variant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// With last-wins duplicate keys, the keys that only a replaced value used
// are not in the dictionary: it holds exactly the keys of the value, in a
// fresh Builder and in one reused for the next values.
func TestLastWinsDropsUnusedKeys(t *testing.T) {
	for _, c := range []struct {
		doc, json string
		keys      []string
	}{
		{`{"a":{"x":1,"y":2},"a":3}`, `{"a":3}`, []string{"a"}},
		{`{"a":[{"x":1}],"b":{"c":{"a":{"q":1},"a":2}},"a":{"z":1}}`, `{"a":{"z":1},"b":{"c":{"a":2}}}`, []string{"a", "b", "c", "z"}},
		{`[{"k":{"m":1},"k":{}},{"n":1}]`, `[{"k":{}},{"n":1}]`, []string{"k", "n"}},
	} {
		var b Builder
		b.SetLastWins(true)
		for round := range 3 {
			b.Reset()
			require.NoError(t, b.AppendJSON([]byte(c.doc)), c.doc)
			v, err := b.Build()
			require.NoError(t, err, c.doc)
			got, err := v.MarshalJSON()
			require.NoError(t, err)
			require.Equal(t, c.json, string(got), "round %d", round)
			require.Equal(t, c.keys, v.Metadata().Keys(), "%s round %d", c.doc, round)
			_, err = New(v.Metadata().Bytes(), v.Bytes())
			require.NoError(t, err)
		}
		v, err := ParseJSONWith([]byte(c.doc), ParseOptions{LastWins: true})
		require.NoError(t, err)
		require.Equal(t, c.keys, v.Metadata().Keys())
	}
}
