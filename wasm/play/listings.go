package play

import (
	"errors"
	"strings"

	"dmelab/algorithms/listing"
)

// The playground's Listing view: the algorithm's listing as the seeds
// print it, which the student edits, explores and steps through (Params
// carries the edited text).

// ListingOf is the shipped listing of the algorithm name, or "" when it
// has none (only seed 000's family is written as listings so far).
func ListingOf(name string) string { return listing.SeedText(name) }

// ListingProblem is one problem in a listing, placed for an editor: Line
// and Col count from 1, Col in bytes as the listing package counts.
type ListingProblem struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// ParseListing compiles text and returns every problem found (none: an
// empty list).
func ParseListing(text string) []ListingProblem {
	out := []ListingProblem{}
	_, err := listing.Load("listing", text)
	var list listing.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			out = append(out, ListingProblem{Line: e.Pos.Line, Col: e.Pos.Col, Message: e.Msg})
		}
	}
	return out
}

// FormatListing returns text in canonical form, or its problems when it
// does not parse.
func FormatListing(text string) (string, []ListingProblem) {
	f, err := listing.Parse(text)
	if err != nil {
		return "", ParseListing(text)
	}
	return listing.Format(f), nil
}

// ForEditor places a listing's problems for the page's editor: columns in
// UTF-16 units, as the scenario's Diagnostics are. The conversion is here
// alone, so that a shared diagnostic type can take it over.
func ForEditor(text string, probs []ListingProblem) []Diagnostic {
	lines := strings.Split(text, "\n")
	out := make([]Diagnostic, len(probs))
	for i, p := range probs {
		out[i] = Diagnostic{Line: max(p.Line, 1), Col: utf16Col(lines, p.Line, p.Col), Message: p.Message}
	}
	return out
}
