package benchdata

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// TestEvent: the events are what the benchmarks count and sum.
func TestEvent(t *testing.T) {
	var b variant.Builder
	v, err := Event(&b, 107)
	require.NoError(t, err)
	require.Equal(t, `{"amount":107,"country":"US","event_type":"purchase","flags":[2,false],"session":5,"ts":"2025-01-01T00:01:47.000000Z","ua":"agent-7","user_id":47333}`, v.String())
	v, err = Event(&b, 2)
	require.NoError(t, err)
	require.Contains(t, v.String(), `"event_type":"view"`)
	require.Equal(t, []string{"amount", "country", "event_type", "session", "ts", "user_id"}, fieldNames(Schema()))
}

func fieldNames(s shred.Schema) []string {
	var out []string
	for _, f := range s.Fields {
		out = append(out, f.Name)
	}
	return out
}
