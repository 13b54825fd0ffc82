package report

import (
	"net/url"
	"path"
	"strings"

	"dmelab/algorithms/scenario"
)

// DefaultPlaygroundURL is where `make run` serves the playground.
const DefaultPlaygroundURL = "http://localhost:8080/"

// Options control the renderings.
type Options struct {
	// PlaygroundURL is the playground's address; a counterexample links
	// to PlaygroundURL + "#" + its share fragment. Empty (or not an http
	// or https URL) means DefaultPlaygroundURL.
	PlaygroundURL string
	// NoHTML leaves out the raw HTML (<details> blocks) that folds the log
	// and the scenarios away, for Markdown renderers that strip raw HTML.
	NoHTML bool
	// Web is for feedback shown on the exercise pages (dmelab serve): the
	// failed tests come first, each with its replay link at its top;
	// links open outside the page's frame; a counterexample is offered
	// as a download (HTML) instead of a `dmelab run` command, which a
	// student in the browser does not have.
	Web bool
	// NoCommands is for feedback read where students have neither
	// dmelab nor the exercise's files (the platforms' packages, dmelab
	// pack): a public schedule is named without the `dmelab run` command
	// that would run it, and a counterexample's scenario is given without
	// one, next to its replay link. Gradescope's results set it.
	NoCommands bool
	// links keeps the replay links computed so far, by test (see
	// Renderings): a link compresses the whole counterexample.
	links map[*Test]string
}

func (o Options) base() string {
	u, err := url.Parse(strings.TrimSpace(o.PlaygroundURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return DefaultPlaygroundURL
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}

// ReplayLink is the playground link that opens the counterexample of t,
// a test of r, or "" if it has none. For a hidden test the scenario's
// comment lines are dropped first: the counterexample itself is the
// student's to see, any note the hidden file's author left in it is not.
// When r is a listing exercise's (r.Listing), the link carries the
// student's listing too, compressed as the scenario is (lst=, as the
// playground's own links of a listing's run): the playground loads it in
// its Listing view and replays the counterexample on it. A Go
// exercise's link names the exercise instead (ex=): the playground,
// which cannot run the student's Go, says that it replays the schedule
// on the exercise's own algorithm, and links back to the exercise.
func ReplayLink(r *Result, t *Test, o Options) string {
	if link, ok := o.links[t]; ok {
		return link
	}
	link := ""
	if text := shareText(t); text != "" {
		lst := ""
		if r != nil {
			lst = r.Listing
		}
		sh := scenario.Shared{Text: text, At: -1, Listing: lst}
		if r != nil {
			// The playground says where the run comes from and leads
			// back (ex=): for a Go exercise, that it runs the exercise's
			// own algorithm, not the student's code; for a listing
			// exercise, that it runs the student's listing.
			sh.Exercise = r.Exercise
		}
		link = o.base() + "#" + sh.Fragment()
	}
	if o.links != nil {
		o.links[t] = link
	}
	return link
}

// Renderings is Markdown(r, o) and HTML(r, o), as the exercise pages
// show them both: each counterexample's replay link is computed once.
func Renderings(r *Result, o Options) (markdown, html string) {
	o.links = map[*Test]string{}
	return Markdown(r, o), HTML(r, o)
}

// runCommand is the command that runs the scenario file of a test of r
// (a Go exercise's: `dmelab run FILE`; a listing exercise's names the
// listing: `dmelab run --listing solution.txt FILE`, with the submitted
// file's name when it is a plain one, else a placeholder).
func runCommand(r *Result, file string) string {
	if r == nil || r.Listing == "" {
		return "dmelab run " + file
	}
	return "dmelab run --listing " + listingArg(r.File) + " " + file
}

// listingArg is the submitted file's base name as a command's argument,
// or LISTING when it is empty or would need quoting.
func listingArg(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	ok := name != "" && len(name) <= 64 && !strings.HasPrefix(name, "-") && !strings.HasPrefix(name, ".")
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			ok = false
		}
	}
	if !ok {
		return "LISTING"
	}
	return name
}

// shareText is the scenario a student may see for t: the counterexample's
// scenario, without comment lines when t is hidden.
func shareText(t *Test) string {
	if t == nil || t.Counterexample == nil {
		return ""
	}
	s := t.Counterexample.Scenario
	if t.Visibility != Public && t.Visibility != Search {
		var keep []string
		for _, ln := range strings.Split(s, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(ln), "#") {
				keep = append(keep, ln)
			}
		}
		s = strings.Join(keep, "\n")
	}
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return s
}
