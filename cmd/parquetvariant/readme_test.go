package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// quickStart returns the commands of the README's Quick start (the first
// sh block after "## Quick start") and the text block that shows the first
// command's output.
func quickStart(t *testing.T) (cmds []string, output string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	_, qs, ok := strings.Cut(string(b), "\n## Quick start\n")
	require.True(t, ok, "README.md has a Quick start section")
	qs, _, _ = strings.Cut(qs, "\n## ")
	_, sh, ok := strings.Cut(qs, "```sh\n")
	require.True(t, ok)
	sh, rest, ok := strings.Cut(sh, "```\n")
	require.True(t, ok)
	_, out, ok := strings.Cut(rest, "```text\n")
	require.True(t, ok, "the Quick start shows the first command's output")
	out, _, ok = strings.Cut(out, "```\n")
	require.True(t, ok)
	for _, l := range strings.Split(strings.TrimSpace(sh), "\n") {
		cmds = append(cmds, strings.TrimSpace(l))
	}
	return cmds, out
}

// shellWords splits a command line of plain words and double-quoted
// strings (the form the Quick start uses).
func shellWords(t *testing.T, s string) []string {
	t.Helper()
	var words []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			require.GreaterOrEqual(t, end, 0, "unterminated quote in %q", s)
			w := s[1 : end+1]
			require.NotContains(t, w, `\`, "the Quick start avoids escapes")
			require.NotContains(t, w, "$", "the Quick start avoids shell expansion")
			words = append(words, w)
			s = s[end+2:]
			continue
		}
		w, rest, _ := strings.Cut(s, " ")
		require.NotContains(t, w, "'")
		words = append(words, w)
		s = rest
	}
	return words
}

// TestReadmeQuickStart checks the README's two Quick start commands: the
// first is this command on the sample data and prints the output the
// README shows; the second runs every test. .ci/run runs both exactly as
// written.
func TestReadmeQuickStart(t *testing.T) {
	cmds, want := quickStart(t)
	require.Len(t, cmds, 2, "the Quick start has exactly two commands")
	require.Equal(t, "go test ./...", cmds[1])
	words := shellWords(t, cmds[0])
	require.Equal(t, []string{"go", "run", "./cmd/parquetvariant"}, words[:3])
	t.Chdir(filepath.Join("..", ".."))
	require.Equal(t, want, ok(t, "", words[3:]...))
}
