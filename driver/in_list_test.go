package driver_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// x IN (literals) gives the rows x = a OR x = b OR ... gives, also when
// the list is long enough to be looked up rather than compared item by
// item: over Variants of every kind, with string, integer and NULL
// literals, negated or not.
func TestInListMatchesOrOfEqualities(t *testing.T) {
	docs := []string{`{"s":"a"}`, `{"s":"b"}`, `{"s":1}`, `{"s":2}`, `{"s":2.0}`, `{"s":2.5}`, `{"s":null}`, `{}`,
		`{"s":true}`, `{"s":{"a":1}}`, `{"s":[1]}`, `{"s":"1"}`, `{"s":"ä"}`, `{"s":-7}`, `{"s":""}`}
	db, _ := storedTable(t, "", docs...)
	r := rand.New(rand.NewPCG(3, 4))
	pool := []string{"'a'", "'b'", "'1'", "'ä'", "''", "'zz'", "NULL", "1", "2", "-7", "99"}
	for round := range 60 {
		var items []string
		strs := round%2 == 0
		for range 1 + r.IntN(12) {
			it := pool[r.IntN(len(pool))]
			if isStr := strings.HasPrefix(it, "'"); it != "NULL" && isStr != strs {
				continue
			}
			items = append(items, it)
		}
		if len(items) == 0 {
			items = []string{"NULL"}
		}
		for _, x := range []string{"v->'$.s'", "v->>'$.s'"} {
			var ors []string
			for _, it := range items {
				ors = append(ors, x+" = "+it)
			}
			in := fmt.Sprintf("%s IN (%s)", x, strings.Join(items, ", "))
			or := "(" + strings.Join(ors, " OR ") + ")"
			require.Equal(t, ids(t, db, or), ids(t, db, in), in)
			require.Equal(t, ids(t, db, "NOT "+or), ids(t, db, strings.Replace(in, " IN ", " NOT IN ", 1)), "NOT "+in)
		}
	}
}
