package scan

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFoldName: names have one key exactly when strings.EqualFold holds,
// including the runes outside ASCII that fold with ASCII letters (the
// Kelvin sign with k, long s with s) and the three Greek sigmas.
func TestFoldName(t *testing.T) {
	names := []string{"", "id", "ID", "Id", "x", "X", "k", "K", "\u212a", "s", "S", "\u017f",
		"σ", "Σ", "ς", "Straße", "STRASSE", "straße", "ǅ", "ǆ", "Ǆ", "é", "É", "a_1", "A_1", "\xff", "\xfe"}
	for _, a := range names {
		for _, b := range names {
			assert.Equal(t, strings.EqualFold(a, b), foldName(a) == foldName(b), "%q %q", a, b)
		}
	}
	assert.Equal(t, "ID_2", foldName("id_2"))
	assert.Equal(t, 0.0, testing.AllocsPerRun(10, func() { _ = foldName("EVENT_ID") }))
}
