package variant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// After the top-level value only JSON whitespace (space, tab, line feed,
// carriage return) may follow; any other byte is an error at its offset.
func TestParseJSONAfterTheValue(t *testing.T) {
	for _, doc := range []string{"{}", "{} ", "{}\t\r\n ", "[1]\n", "12 ", `"s"` + "\r\n", "null\t", "true  "} {
		_, err := ParseJSON([]byte(doc))
		require.NoError(t, err, "%q", doc)
	}
	for _, tc := range []struct {
		doc string
		off int
	}{
		{"{} x", 3},
		{"{}\f", 2},
		{"{}\v", 2},
		{"{}\u00a0", 2},
		{"1 \x00", 2},
		{"[1] ]", 4},
		{`"a" "b"`, 4},
		{"{}\n\n,", 4},
	} {
		_, err := ParseJSON([]byte(tc.doc))
		require.ErrorIs(t, err, ErrInvalidJSON, "%q", tc.doc)
		var e *Error
		require.ErrorAs(t, err, &e)
		require.Equal(t, tc.off, e.Offset, "%q: %v", tc.doc, err)
	}
}
