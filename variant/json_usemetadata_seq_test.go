package variant_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/parquetvariant/parquetvariant/variant"
)

// keysOf appends the key texts of n.
func (n *jnode) keysOf(dst []string) []string {
	for _, k := range n.keys {
		dst = append(dst, k.text)
	}
	for _, v := range n.values {
		dst = v.keysOf(dst)
	}
	return dst
}

// TestAppendJSONUseMetadataAfterRuns parses runs of related documents
// through one Builder with its own dictionary, then gives it a fixed
// dictionary (all the next document's keys and some others, or all but
// one) and compares the next value with one built by the Builder's methods
// with that dictionary.
func TestAppendJSONUseMetadataAfterRuns(t *testing.T) {
	g := newJGen(5)
	r := rand.New(rand.NewPCG(5, 9))
	cur := g.value(0)
	var doc []byte
	for i := range 600 {
		var b variant.Builder
		lastWins := r.IntN(2) == 0
		b.SetLastWins(lastWins)
		for range 1 + r.IntN(4) {
			cur = g.next(cur)
			b.Reset()
			doc = cur.write(doc[:0], r)
			if b.AppendJSON(doc) == nil {
				_, _ = b.Build()
			}
		}
		next := g.next(cur)
		keys := next.keysOf(nil)
		missing := ""
		if len(keys) > 0 && r.IntN(4) == 0 {
			missing = keys[r.IntN(len(keys))]
		}
		var dict []string
		for _, k := range keys {
			if k != missing {
				dict = append(dict, k)
			}
		}
		for _, k := range g.keys {
			if k != missing && r.IntN(3) == 0 {
				dict = append(dict, k)
			}
		}
		m, err := variant.NewMetadata(dict)
		if err != nil {
			t.Fatal(err)
		}
		var want variant.Builder
		want.SetLastWins(lastWins)
		want.UseMetadata(m)
		next.build(&want)
		wv, werr := want.Build()

		b.Reset()
		b.UseMetadata(m)
		doc = next.write(doc[:0], r)
		gerr := b.AppendJSON(doc)
		var gv variant.Variant
		if gerr == nil {
			gv, gerr = b.Build()
		}
		if (werr == nil) != (gerr == nil) || errors.Is(werr, variant.ErrUnknownKey) != errors.Is(gerr, variant.ErrUnknownKey) {
			t.Fatalf("run %d %s (missing %q): error %v, want %v", i, doc, missing, gerr, werr)
		}
		if werr == nil {
			if err := sameVariant(gv, wv); err != nil {
				t.Fatalf("run %d %s: %v", i, doc, err)
			}
		}
		cur = next
	}
}

// TestAppendJSONMixedWithKeysThroughOneBuilder builds values whose outer
// object has keys given by Key, some of them keys of the documents, with
// documents appended by AppendJSON between them, through one Builder, and
// compares each with the value built by the Builder's methods.
func TestAppendJSONMixedWithKeysThroughOneBuilder(t *testing.T) {
	g := newJGen(21)
	r := rand.New(rand.NewPCG(21, 4))
	var b variant.Builder
	cur := g.value(0)
	var doc []byte
	for i := range 800 {
		cur = g.next(cur)
		outer := &jnode{kind: 'o'}
		pool := append(cur.keysOf(nil), "z", "y", "f1", "a")
		used := map[string]bool{}
		for range 1 + r.IntN(4) {
			k := pool[r.IntN(len(pool))]
			if used[k] {
				continue
			}
			used[k] = true
			outer.keys = append(outer.keys, jkey{text: k})
			if r.IntN(3) == 0 {
				outer.values = append(outer.values, &jnode{kind: 'n', raw: "1"})
			} else {
				outer.values = append(outer.values, cur)
			}
		}
		wv, werr := outer.want(false)
		b.Reset()
		b.BeginObject()
		for j, k := range outer.keys {
			b.Key(k.text)
			if outer.values[j] == cur {
				doc = cur.write(doc[:0], r)
				_ = b.AppendJSON(doc)
			} else {
				b.AppendInt(1)
			}
		}
		b.EndObject()
		gv, gerr := b.Build()
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("value %d %s: error %v, want %v", i, doc, gerr, werr)
		}
		if werr == nil {
			if err := sameVariant(gv, wv); err != nil {
				t.Fatalf("value %d %s: %v", i, doc, err)
			}
		}
	}
}
