package report

import (
	"net/url"
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
// or "" if it has none. For a hidden test the scenario's comment lines are
// dropped first: the counterexample itself is the student's to see, any
// note the hidden file's author left in it is not.
func ReplayLink(t *Test, o Options) string {
	text := shareText(t)
	if text == "" {
		return ""
	}
	return o.base() + "#" + scenario.ShareFragment(text, -1)
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
