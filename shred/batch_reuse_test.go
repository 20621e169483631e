package shred

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// A batch that takes over the buffers of a batch of another layout holds
// exactly what a new batch holds after the same appends, whether the old
// layout had more leaves or fewer.
func TestNewBatchFromReusesBuffers(t *testing.T) {
	wide := mustLayout(t, benchSchema(), true)
	narrow := mustLayout(t, Object(Field{Name: "user_id", Schema: Typed(TypeInt64)}), true)
	rows := []variant.Variant{
		mk(map[string]any{"user_id": 7, "email": "a@b"}),
		mk(map[string]any{"event_type": "click", "tags": []any{"x", "y"}, "amount": 1.5}),
		mk("not an object"),
	}
	fill := func(b *Batch) {
		for _, v := range rows {
			require.NoError(t, b.Append(v))
		}
		require.NoError(t, b.AppendNull())
	}
	for _, tc := range []struct {
		name     string
		from, to *Layout
	}{
		{"wide to narrow", wide, narrow},
		{"narrow to wide", narrow, wide},
		{"same layout", wide, wide},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := tc.from.NewBatch()
			fill(old)
			reused := tc.to.NewBatchFrom(old)
			require.Equal(t, 0, reused.Len())
			require.Len(t, reused.Columns, len(tc.to.leaves))
			fill(reused)
			fresh := tc.to.NewBatch()
			fill(fresh)
			require.Equal(t, columnsByPath(fresh), columnsByPath(reused))
		})
	}
	require.Equal(t, 0, narrow.NewBatchFrom(nil).Len())
}

// FitsReusing answers as Fits does, with or without a scratch batch, and
// returns a batch that a later call can take over.
func TestFitsReusingAnswersAsFits(t *testing.T) {
	fitting := []variant.Variant{mk(map[string]any{"user_id": 1}), mk(map[string]any{"user_id": 2})}
	notFitting := []variant.Variant{mk("a"), mk("b"), mk(map[string]any{"user_id": 3})}
	s := Object(Field{Name: "user_id", Schema: Typed(TypeInt64)})
	var scratch *Batch
	for _, tc := range []struct {
		sample []variant.Variant
		want   bool
	}{{fitting, true}, {notFitting, false}, {fitting, true}} {
		want, err := Fits(s, tc.sample, InferOptions{})
		require.NoError(t, err)
		require.Equal(t, tc.want, want)
		got, used, err := FitsReusing(s, tc.sample, InferOptions{}, scratch)
		require.NoError(t, err)
		require.Equal(t, want, got)
		require.NotNil(t, used)
		require.Equal(t, len(tc.sample), used.Len())
		scratch = used
	}
}
