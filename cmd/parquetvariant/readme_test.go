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

// shellWords splits a command line the way sh does for the forms the
// README uses: plain words, single-quoted strings (taken literally),
// double-quoted strings with \", \$ and \\ escapes, and a trailing #
// comment. Anything else (quotes inside plain words, unescaped $ in double
// quotes) fails the test.
func shellWords(t *testing.T, s string) []string {
	t.Helper()
	var words []string
	for s = strings.TrimSpace(s); s != "" && s[0] != '#'; s = strings.TrimSpace(s) {
		if s[0] == '\'' {
			w, rest, ok := strings.Cut(s[1:], "'")
			require.True(t, ok, "unterminated quote in %q", s)
			words = append(words, w)
			s = rest
			continue
		}
		if s[0] != '"' {
			w, rest, _ := strings.Cut(s, " ")
			require.NotContains(t, w, "'", "plain word %q", w)
			require.NotContains(t, w, "$", "plain word %q", w)
			words = append(words, w)
			s = rest
			continue
		}
		var w strings.Builder
		i := 1
		for ; i < len(s) && s[i] != '"'; i++ {
			switch {
			case s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"$\`, s[i+1]) >= 0:
				i++
			case s[i] == '$':
				t.Fatalf("unescaped $ in %q", s)
			}
			w.WriteByte(s[i])
		}
		require.Less(t, i, len(s), "unterminated quote in %q", s)
		words = append(words, w.String())
		s = s[i+1:]
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

// TestReadmeCommands runs every parquetvariant command the README shows
// and, where a text block follows it, checks that each line of the block is
// in the output.
func TestReadmeCommands(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	t.Chdir(filepath.Join("..", ".."))
	const prefix = "go run ./cmd/parquetvariant "
	lines := strings.Split(string(b), "\n")
	n := 0
	for i, line := range lines {
		if !strings.HasPrefix(line, prefix) {
			continue
		}
		n++
		got := ok(t, "", shellWords(t, strings.TrimPrefix(line, prefix))...)
		require.NotEmpty(t, got, line)
		// The block after this command's sh block, if it is a text block.
		j := i + 1
		for j < len(lines) && lines[j] != "```" {
			j++
		}
		if j+2 < len(lines) && lines[j+1] == "" && lines[j+2] == "```text" {
			for _, want := range lines[j+3:] {
				if want == "```" {
					break
				}
				require.Contains(t, got, want, line)
			}
		}
	}
	require.GreaterOrEqual(t, n, 8, "the README's parquetvariant commands")
}
