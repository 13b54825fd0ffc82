package exercise

import (
	"fmt"
	"os"
	"strings"

	"dmelab/algorithms/listing"
	"dmelab/algorithms/scenario"
)

// ListingInterface is the interface of an exercise whose students write a
// listing (the course notes' pseudocode, algorithms/listing) instead of
// Go: `interface: listing`. Its files are starter.txt, solution.txt and
// solutions/*.txt; its mutants patch solution.txt; the listing must
// declare the exercise's algorithm (`algorithm ra-v1`), the algorithm its
// schedules name. Such an exercise has no build and no sandbox: the
// listing compiles on the host, and every step it runs is the compiler's.
const ListingInterface = "listing"

// IsListing reports whether students write a listing for the exercise.
func (e *Exercise) IsListing() bool { return e.Interface == ListingInterface }

// Ext is the extension of the exercise's files: ".txt" for a listing
// exercise, ".go" otherwise.
func (e *Exercise) Ext() string {
	if e.IsListing() {
		return ".txt"
	}
	return ".go"
}

// StarterFile and SolutionFile are the names of the starter and the
// reference solution in the exercise's folder.
func (e *Exercise) StarterFile() string  { return "starter" + e.Ext() }
func (e *Exercise) SolutionFile() string { return "solution" + e.Ext() }

// commentPrefix is how a line comment starts in a file with extension
// ext: "#" in a listing, "//" in Go.
func commentPrefix(ext string) string {
	if ext == ".txt" {
		return "#"
	}
	return "//"
}

// lineComment is the one-line comment that opens a file of mutants/ or
// solutions/ (else the error says need), in the file's language.
func lineComment(at string, src []byte, ext, need string) (string, error) {
	if ext == ".go" {
		return goComment(at, src, need)
	}
	first, _, _ := strings.Cut(string(src), "\n")
	comment, ok := strings.CutPrefix(strings.TrimSpace(first), commentPrefix(ext))
	if !ok || strings.TrimSpace(comment) == "" {
		return "", fmt.Errorf("%s:1: %s (a # line)", at, need)
	}
	return strings.TrimSpace(comment), nil
}

// compileReference compiles a listing exercise's solution.txt into
// e.Reference; it must declare the exercise's algorithm.
func (e *Exercise) compileReference() error {
	src, err := os.ReadFile(e.Solution())
	if err != nil {
		return fmt.Errorf("%s: a listing exercise needs its reference listing: %v", e.Name, err)
	}
	alg, err := listing.Load(e.Name+"/"+e.SolutionFile(), string(src))
	if err != nil {
		return fmt.Errorf("the reference listing does not compile:\n%v", err)
	}
	if alg.Name != e.Algorithm {
		return fmt.Errorf("%s/%s: the listing is of algorithm %s, the exercise's front matter says %s", e.Name, e.SolutionFile(), alg.Name, e.Algorithm)
	}
	e.Reference = alg
	return nil
}

// LoadSchedule parses and checks a schedule of the exercise: against the
// registry's algorithm, or for a listing exercise against its reference
// listing (whose variables its expectations name).
func (e *Exercise) LoadSchedule(s Schedule) (*scenario.Scenario, error) {
	if e.Reference != nil {
		return scenario.LoadWith(s.Path, s.Text, e.Reference)
	}
	return scenario.Load(s.Path, s.Text)
}
