package docs

import (
	_ "embed"
	"strings"
)

//go:embed listings.md
var listings string

// ListingLanguage is listings.md's section "The language" (its grammar,
// what runs when, its errors) as Markdown, its headings one level down
// so that it sits under a heading of the page's: what a student writing
// a listing needs, on the pages of the exercises that ask for one,
// without the notes on how dmelab is built.
func ListingLanguage() string {
	_, s, ok := strings.Cut(listings, "\n## The language\n")
	if !ok {
		return ""
	}
	s, _, _ = strings.Cut(s, "\n## ")
	lines := strings.Split(s, "\n")
	fenced := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(l, "#") {
			lines[i] = "#" + l
		}
	}
	return strings.TrimSpace(strings.Join(lines, "\n")) + "\n"
}
