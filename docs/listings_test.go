package docs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The listing language is listings.md's section, from its first words to
// its errors, its headings a level down, and nothing after it.
func TestListingLanguage(t *testing.T) {
	s := ListingLanguage()
	assert.True(t, strings.HasPrefix(s, "A listing is lines."), s[:min(len(s), 80)])
	assert.Contains(t, s, "\n#### Grammar\n")
	assert.Contains(t, s, "\n#### Errors\n")
	assert.NotContains(t, s, "\n### Grammar\n")
	assert.NotContains(t, s, "How it is built")
	assert.Contains(t, s, "listing     = { declaration } .", "a fenced block is kept as it is")
}
