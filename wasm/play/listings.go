package play

import (
	"errors"
	"fmt"

	"dmelab/algorithms/diag"
	"dmelab/algorithms/listing"
	"dmelab/algorithms/registry"
	"dmelab/site/starter"
)

// The playground's Listing view: the algorithm's listing as the seeds
// print it, which the student edits, explores and steps through (Params
// carries the edited text).

// ListingOf is the shipped listing of the algorithm name, or "" when it
// has none (only seed 000's family is written as listings so far).
func ListingOf(name string) string { return listing.SeedText(name) }

// ParseListing compiles text and returns every problem found (none: an
// empty list), placed for the editor (diag: UTF-16 columns).
func ParseListing(text string) []diag.Diagnostic {
	out := []diag.Diagnostic{}
	_, err := listing.Load("listing", text)
	var list listing.ErrorList
	if errors.As(err, &list) {
		t := diag.Lines(text)
		for _, e := range list {
			out = append(out, t.At(e.Pos.Line, e.Pos.Col, e.Msg))
		}
	}
	return out
}

// FormatListing returns text in canonical form, or its problems when it
// does not parse.
func FormatListing(text string) (string, []diag.Diagnostic) {
	f, err := listing.Parse(text)
	if err != nil {
		return "", ParseListing(text)
	}
	return listing.Format(f), nil
}

// Starter is the playground's starter scenario for the algorithm name
// with n nodes (see starter.For): the page puts it in the editor when the
// student changes the number of nodes, so that the script and the run of
// the settings stay one system.
func Starter(name string, n int) (string, error) {
	alg := registry.Lookup(name)
	if alg == nil {
		return "", fmt.Errorf("unknown algorithm %q", name)
	}
	src, err := starter.For(alg, n)
	return string(src), err
}
