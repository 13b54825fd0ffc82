package serve

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync"

	"dmelab/algorithms/scenario"
	"dmelab/docs"
	"dmelab/grader/report"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// The exercise pages: a catalogue at /exercises/ and a page per exercise
// at /exercises/{name}, rendered on the server from the catalogue (which
// holds only public material: the statement, the starter and the public
// schedules). The page's script (pages/exercise.js) submits to the API,
// follows the grading and shows the feedback.

//go:embed pages/page.html
var pageHTML string

//go:embed pages/exercise.js
var pageJS []byte

//go:embed pages/exercise.css
var pageCSS []byte

var pageTmpl = template.Must(template.New("page").Funcs(template.FuncMap{"inc": func(i int) int { return i + 1 }}).Parse(pageHTML))

// pageCSP: the page's own script and styles; feedback is shown in a
// sandboxed frame (srcdoc) with no scripts at all. The frame keeps the
// page's origin so that the page can size it to the feedback; that is
// safe only without allow-scripts (TestFeedbackFrameRunsNoScript).
const pageCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

// statementMD renders a statement. Raw HTML in statements is escaped
// (goldmark's default): staff write Markdown, not markup.
var statementMD = goldmark.New(goldmark.WithExtensions(extension.GFM))

type pageData struct {
	Title string
	List  []*Exercise
	// Sets are the catalogue's sets, with their introductions rendered.
	Sets []setView
	// OneSet: the catalogue is one set, whose title is the page's.
	OneSet    bool
	Ex        *Exercise
	Statement template.HTML
	Staff     bool
	// Validation is the staff's view of dmelab validate (catalogue only).
	Validation template.HTML
	// Public is the exercise's public schedules, each with the link that
	// opens it in the playground.
	Public []publicView
	// ListingLanguage is the listing language's reference (docs), on the
	// page of an exercise that asks for a listing.
	ListingLanguage template.HTML
	// StarterFile is the starter's name as the statement says it
	// (starter.go, starter.txt for a listing), which the page downloads
	// from /exercises/{name}/{StarterFile}.
	StarterFile string
}

// starterFile is the name of e's starter: starter.go, or starter.txt for
// an exercise that asks for a listing (the extension of its File).
func starterFile(e *Exercise) string { return "starter" + path.Ext(e.File) }

// publicView is a public schedule as the exercise page shows it.
type publicView struct {
	Name, Text string
	// Link opens the schedule in the playground (a scenario link, the
	// format of the feedback's replay links).
	Link string
}

// playground is the playground's address for the page's links: the
// server's PlaygroundURL (as the feedback's links use it), else the
// playground this server serves at /, else the default one.
func (s *Server) playground() string {
	if u, err := url.Parse(strings.TrimSpace(s.opts.PlaygroundURL)); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		u.Fragment, u.RawFragment = "", ""
		return u.String()
	}
	if s.opts.Site != nil {
		return "/"
	}
	return report.DefaultPlaygroundURL
}

func (s *Server) pages(mux *http.ServeMux) {
	mux.HandleFunc("GET /exercises/{$}", s.catalogue)
	mux.HandleFunc("GET /exercises/{name}", s.exercisePage)
	mux.HandleFunc("GET /exercises/{name}/{$}", func(w http.ResponseWriter, r *http.Request) {
		// A typed or pasted link with a slash at its end: the page of
		// an exercise that exists, the page's own 404 otherwise.
		if e := s.Catalog().Lookup(r.PathValue("name")); e != nil {
			http.Redirect(w, r, "/exercises/"+url.PathEscape(e.Name), http.StatusMovedPermanently)
			return
		}
		s.exercisePage(w, r)
	})
	mux.HandleFunc("GET /exercises/{name}/{file}", s.starter)
	mux.HandleFunc("GET /exercises/assets/exercise.js", asset(pageJS, "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /exercises/assets/exercise.css", asset(pageCSS, "text/css; charset=utf-8"))
	mux.HandleFunc("GET /exercises", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/exercises/", http.StatusMovedPermanently)
	})
}

// starter downloads an exercise's starter file under its own name
// (/exercises/ra-v1/starter.go): the file the statement speaks of, to
// work on in the student's own editor. Any other file is not there.
func (s *Server) starter(w http.ResponseWriter, r *http.Request) {
	e := s.Catalog().Lookup(r.PathValue("name"))
	if e == nil || r.PathValue("file") != starterFile(e) {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+starterFile(e)+`"`)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	w.Write([]byte(e.Starter))
}

func asset(b []byte, ctype string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(b)
	}
}

// setView is a set as the catalogue shows it.
type setView struct {
	*Set
	ID    string // the heading's id
	Intro template.HTML
}

// catalogue shows each set as its staff wrote it (set.md): its title,
// its introduction and its exercises in order. Each row has a cell for
// the student's best score, which the page's script fills in from this
// browser's history of submissions (there are no accounts).
func (s *Server) catalogue(w http.ResponseWriter, r *http.Request) {
	staff := s.isStaff(r)
	cat := s.Catalog()
	d := &pageData{Title: "Exercises", List: cat.List(), Sets: setViews(cat), Staff: staff, Validation: s.validationHTML(staff)}
	if len(d.Sets) == 1 && d.Sets[0].Indexed {
		d.OneSet = true
		d.Title = d.Sets[0].Title
	}
	s.render(w, http.StatusOK, d)
}

// setViews renders the sets' introductions (an introduction that does
// not render is left out: dmelab validate reports it).
func setViews(cat *Catalog) []setView {
	var out []setView
	for i, set := range cat.Sets() {
		v := setView{Set: set, ID: fmt.Sprintf("set-%d", i+1)}
		var b bytes.Buffer
		if set.Intro != "" && statementMD.Convert([]byte(set.Intro), &b) == nil {
			v.Intro = template.HTML(b.String())
		}
		out = append(out, v)
	}
	return out
}

func (s *Server) exercisePage(w http.ResponseWriter, r *http.Request) {
	cat := s.Catalog()
	e := cat.Lookup(r.PathValue("name"))
	if e == nil {
		s.render(w, http.StatusNotFound, &pageData{Title: "No such exercise", List: cat.List(), Sets: setViews(cat)})
		return
	}
	var b bytes.Buffer
	if err := statementMD.Convert([]byte(e.Statement), &b); err != nil {
		http.Error(w, "the statement does not render", http.StatusInternalServerError)
		return
	}
	staff := s.isStaff(r)
	var public []publicView
	for _, p := range e.Public {
		public = append(public, publicView{Name: p.Name, Text: p.Text, Link: s.playground() + "#" + scenario.ShareFragment(p.Text, -1)})
	}
	d := &pageData{Title: e.Title, Ex: forViewer(e, staff), Statement: template.HTML(b.String()), Staff: staff, Public: public, StarterFile: starterFile(e)}
	if e.Listing() {
		d.ListingLanguage = listingLanguage()
	}
	s.render(w, http.StatusOK, d)
}

// listingLanguage is the listing language's reference as HTML, rendered
// once: a student writing a listing on the page needs its grammar there,
// not in a file of the repository the statement can only name.
var listingLanguage = sync.OnceValue(func() template.HTML {
	var b bytes.Buffer
	if err := statementMD.Convert([]byte(docs.ListingLanguage()), &b); err != nil {
		return ""
	}
	return template.HTML(b.String())
})

func (s *Server) render(w http.ResponseWriter, status int, d *pageData) {
	var b bytes.Buffer
	if err := pageTmpl.Execute(&b, d); err != nil {
		http.Error(w, "page template: "+err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}
