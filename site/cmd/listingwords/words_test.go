package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The editor's words are the language's: the committed file is what
// package listing's source says now.
func TestCommittedWordsAreTheLanguages(t *testing.T) {
	w, err := Extract(filepath.Join("..", "..", "..", "algorithms", "listing"))
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join("..", "..", "editor", "listing-words.json"))
	require.NoError(t, err)
	assert.Equal(t, string(w.JSON()), string(got),
		"site/editor/listing-words.json is not the listing language's words: run go run ./site/cmd/listingwords from the module's root")
}

// Extract finds the words of every kind, the newer ones among them, and
// puts each in one kind only.
func TestExtractFindsEveryKind(t *testing.T) {
	w, err := Extract(filepath.Join("..", "..", "..", "algorithms", "listing"))
	require.NoError(t, err)
	assert.Subset(t, w.Keywords, []string{"algorithm", "process", "loop", "forever", "await", "send", "receive", "when", "servers", "mod", "tick", "all", "NCS", "CS"})
	assert.Subset(t, w.Contextual, []string{"channels", "fifo", "clocks", "ticked", "self", "direct", "enter", "exit", "start", "some"})
	assert.Subset(t, w.Types, []string{"int", "bool", "node", "set", "queue", "kind"})
	assert.Subset(t, w.Constants, []string{"myID", "n", "none", "empty", "true", "false", "RELEASED", "WANTED", "HELD", "V", "clock"})
	assert.Subset(t, w.Functions, []string{"max", "min", "first", "size", "alive", "chooseNumber", "tick"})
	seen := map[string]string{}
	for kind, ws := range map[string][]string{"keyword": w.Keywords, "contextual": w.Contextual, "type": w.Types, "constant": w.Constants} {
		for _, x := range ws {
			assert.Empty(t, seen[x], "%s is both a %s and a %s", x, seen[x], kind)
			seen[x] = kind
		}
	}
}

// A source without one of the words' homes is an error, not an empty
// list.
func TestExtractFailsWithoutTheSource(t *testing.T) {
	_, err := Extract(t.TempDir())
	assert.Error(t, err)
}
