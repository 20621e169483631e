package variant

import (
	"slices"
	"strings"
)

// finish writes the collected keys as a sorted dictionary, unless the
// previous value's can be reused, and lays out the containers with the final
// field ids (see layout), once.
//
// Keys get provisional ids in the order they are first seen; rank maps them
// to their final ids, the positions of the keys in sorted order. A value
// that gives the same keys in the same first-seen order as the last value
// finished, as the values of one schema do, reuses its dictionary and rank:
// Key then finds ids without adding to a map, and finish neither sorts nor
// writes the dictionary again.
func (b *Builder) finish() {
	if b.final {
		return
	}
	if b.dropped && !b.hasMeta {
		b.dropUnusedKeys()
	}
	if !b.hasMeta && (!b.same || len(b.keys) != len(b.prev)) {
		b.writeDictionary()
	}
	b.layout()
	b.final = true
}

// writeDictionary sorts the keys, writes the dictionary and keeps both for
// the next values.
func (b *Builder) writeDictionary() {
	n := len(b.keys)
	b.order = b.order[:0]
	for i := 0; i < n; i++ {
		b.order = append(b.order, i)
	}
	if !slices.IsSortedFunc(b.order, func(x, y int) int { return strings.Compare(b.keys[x], b.keys[y]) }) {
		slices.SortFunc(b.order, func(x, y int) int { return strings.Compare(b.keys[x], b.keys[y]) })
	}
	b.rank = slices.Grow(b.rank[:0], n)[:n]
	for final, prov := range b.order {
		b.rank[prov] = final
	}
	b.metaBuf, b.dict = appendSortedMetadata(b.metaBuf[:0], n, func(i int) string { return b.keys[b.order[i]] })

	if !b.same {
		// keyIDs holds exactly the keys: it becomes prevIDs.
		b.prevIDs, b.keyIDs = b.keyIDs, b.prevIDs
		if len(b.keyIDs) > 0 {
			clear(b.keyIDs)
		}
	}
	// Otherwise the keys are a prefix of prev, whose prevIDs entries past
	// them are now stale.
	b.prev = append(b.prev[:0], b.keys...)
	b.prevPlain = true
	for _, k := range b.prev {
		if strings.IndexByte(k, '\\') >= 0 {
			b.prevPlain = false
			break
		}
	}
	b.same = true
}

// leavePrev stops reusing the previous dictionary: the value has a key that
// is not the previous value's next one. The keys so far go to keyIDs.
func (b *Builder) leavePrev() {
	b.same = false
	if b.keyIDs == nil {
		b.keyIDs = make(map[string]int, len(b.keys))
	}
	for i, k := range b.keys {
		b.keyIDs[k] = i
	}
}

// dropUnusedKeys keeps in the dictionary only the keys of the value built:
// a value that a later one of the same key replaced (SetLastWins) may have
// brought keys of its own, in objects inside it, that no object of the
// value gives. The objects of the replaced values are emptied, as they are
// never written. Keys keep their first-seen order.
func (b *Builder) dropUnusedKeys() {
	reach := make([]bool, len(b.nodes))
	used := make([]bool, len(b.keys))
	if b.root >= 0 {
		stack := []int32{b.root}
		for len(stack) > 0 {
			ni := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reach[ni] = true
			nd := &b.nodes[ni]
			for _, e := range b.ents[nd.first : nd.first+nd.n] {
				if nd.object {
					used[e.id] = true
				}
				if e.node >= 0 {
					stack = append(stack, e.node)
				}
			}
		}
	}
	newID := make([]int32, len(b.keys))
	kept := b.keys[:0]
	for id, k := range b.keys {
		newID[id] = int32(len(kept))
		if used[id] {
			kept = append(kept, k)
		}
	}
	b.keys = kept
	for ni := range b.nodes {
		nd := &b.nodes[ni]
		if !reach[ni] {
			nd.n = 0
			continue
		}
		if nd.object {
			for j := nd.first; j < nd.first+nd.n; j++ {
				b.ents[j].id = newID[b.ents[j].id]
			}
		}
	}
	// The keys are no longer a prefix of the previous value's: look them
	// up by keyIDs from now on.
	b.same = false
	if b.keyIDs == nil {
		b.keyIDs = make(map[string]int, len(b.keys))
	}
	clear(b.keyIDs)
	for i, k := range b.keys {
		b.keyIDs[k] = i
	}
}
