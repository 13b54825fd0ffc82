package pack

import (
	"bytes"
	"crypto/sha1"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// PLOptions are the PrairieLearn question's settings.
type PLOptions struct {
	// Image is the grading container's Docker image; it must have the Go
	// toolchain. Empty means "golang:MAJOR.MINOR" of Tool.GoVersion, which
	// works but grades with cold caches; the Dockerfile written to
	// serverFilesCourse/dmelab-image builds an image with dmelab and warm
	// caches.
	Image string
	// Timeout is the grading job's limit in seconds (PrairieLearn allows
	// at most 600; 0 means 60).
	Timeout int
	// Topic is the question's topic (empty: "Distributed mutual exclusion").
	Topic string
}

// PrairieLearn writes the exercise into the PrairieLearn course at
// courseDir as the question questions/NAME, graded externally by dmelab:
//
//	questions/NAME/info.json        gradingMethod External, the image, run.sh as entrypoint
//	questions/NAME/question.html    the statement, an editor (Go, or text for a listing) with the starter, the grader's results
//	questions/NAME/STARTER          the starter file the editor opens with
//	questions/NAME/tests/exercise/NAME/  the exercise, hidden schedules included (its
//	                                folder keeps its name: the results carry it)
//	serverFilesCourse/dmelab/       dmelab and run.sh, copied into every grading job
//	serverFilesCourse/dmelab-image/ a Dockerfile (and what it copies) for a warm grading image
//
// PrairieLearn copies tests/ and serverFilesCourse/dmelab/ into the
// grading container (under /grade) and never serves them to students;
// the image folder stays out of grading jobs.
// run.sh grades /grade/student/SUBMISSION with `dmelab grade --format
// prairielearn` into /grade/results/results.json, and writes a
// results.json saying so if dmelab fails without writing one.
func PrairieLearn(courseDir string, ex Exercise, tool Tool, o PLOptions) error {
	if err := ex.check(); err != nil {
		return err
	}
	if err := tool.check(); err != nil {
		return err
	}
	if o.Timeout <= 0 {
		o.Timeout = 60
	}
	if o.Timeout > 600 {
		return fmt.Errorf("pack: PrairieLearn allows at most 600 s per grading job, not %d", o.Timeout)
	}
	if o.Image == "" {
		v := strings.SplitN(tool.GoVersion, ".", 3)
		o.Image = "golang:" + v[0] + "." + v[1]
	}
	if o.Topic == "" {
		o.Topic = "Distributed mutual exclusion"
	}
	starter, err := readStarter(ex)
	if err != nil {
		return err
	}
	q := filepath.Join(courseDir, "questions", ex.Name)
	srv := filepath.Join(courseDir, "serverFilesCourse", "dmelab")
	img := filepath.Join(courseDir, "serverFilesCourse", "dmelab-image")
	files := map[string][]byte{}
	put := func(dir, name string, b []byte) { files[filepath.Join(dir, filepath.FromSlash(name))] = b }

	info, err := plInfo(ex, o)
	if err != nil {
		return err
	}
	put(q, "info.json", info)
	put(q, "question.html", plQuestion(ex))
	put(q, path.Base(ex.Starter), starter)
	if err := ex.walk(func(name string, b []byte) error {
		put(q, "tests/exercise/"+ex.Name+"/"+name, b)
		if public(name) {
			put(img, "warmup/"+ex.Name+"/"+name, b)
		}
		return nil
	}); err != nil {
		return err
	}
	// The image warms its caches by grading the starter on the public
	// tests: what it builds is what a submission builds. It holds nothing
	// a student may not see (the image is pushed to a registry PrairieLearn
	// pulls from, often a public one): no hidden schedule, no solution.
	put(img, "warmup/"+ex.Name+"/"+warmupStarter+ex.ext(), starter)
	// The exercise's folders an earlier pack wrote go first, whatever
	// they held (a hidden schedule since removed, a solution an older
	// warm-up copied).
	for _, dir := range []string{filepath.Join(q, "tests", "exercise", ex.Name), filepath.Join(img, "warmup", ex.Name)} {
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
	}
	data := newScriptData(ex, tool)
	for _, s := range []struct {
		name string
		tmpl *template.Template
		dir  string
	}{{"run.sh", plRun, srv}, {"Dockerfile", plDocker, img}} {
		var b bytes.Buffer
		if err := s.tmpl.Execute(&b, data); err != nil {
			return err
		}
		put(s.dir, s.name, b.Bytes())
	}
	put(srv, "dmelab", tool.Binary)
	put(img, "dmelab", tool.Binary)
	if err := tool.walkSource(func(name string, b []byte) error {
		put(srv, "src/"+name, b)
		put(img, "src/"+name, b)
		return nil
	}); err != nil {
		return err
	}
	for name, b := range files {
		mode := os.FileMode(0o644)
		if base := filepath.Base(name); base == "run.sh" || base == "dmelab" {
			mode = 0o755
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, b, mode); err != nil {
			return err
		}
		if err := os.Chmod(name, mode); err != nil {
			return err
		}
	}
	return nil
}

// warmupStarter names the starter in an image's warm-up folder (with
// .go or .txt), whatever the exercise calls it.
const warmupStarter = "dmelab-warmup-starter"

// public says whether a file of the exercise (a path walk gives) is one
// students may see: not a hidden schedule or walk, not the solution.
func public(name string) bool {
	return !strings.HasPrefix(name, "hidden/") && name != "solution.go" && name != "solution.txt"
}

func readStarter(ex Exercise) ([]byte, error) {
	var starter []byte
	err := ex.walk(func(name string, b []byte) error {
		if name == ex.Starter {
			starter = b
		}
		return nil
	})
	if err == nil && starter == nil {
		err = fmt.Errorf("pack: exercise %s has no starter file %s", ex.Name, ex.Starter)
	}
	return starter, err
}

// plInfo is info.json. The UUID is derived from the exercise's name, so
// packing again updates the same question instead of adding one.
func plInfo(ex Exercise, o PLOptions) ([]byte, error) {
	title := ex.Title
	if title == "" {
		title = ex.Name
	}
	info := map[string]any{
		"uuid":          nameUUID("dmelab exercise " + ex.Name),
		"title":         title,
		"topic":         o.Topic,
		"tags":          []string{"dmelab", "code"},
		"type":          "v3",
		"singleVariant": true,
		"gradingMethod": "External",
		"externalGradingOptions": map[string]any{
			"enabled":           true,
			"image":             o.Image,
			"serverFilesCourse": []string{"dmelab/"},
			"entrypoint":        "/grade/serverFilesCourse/dmelab/run.sh " + ex.Submission,
			"timeout":           o.Timeout,
		},
	}
	b, err := json.MarshalIndent(info, "", "  ")
	return append(b, '\n'), err
}

// nameUUID is a name-based UUID (version 5 layout over SHA-1).
func nameUUID(name string) string {
	h := sha1.Sum([]byte(name))
	h[6] = h[6]&0x0f | 0x50
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

// plQuestion is question.html: the statement (Markdown rendered here by
// goldmark, raw HTML dropped), the editor and the results. question.html
// is a Mustache template, so braces in the statement are escaped.
func plQuestion(ex Exercise) []byte {
	var st bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.Table))
	if err := gm.Convert([]byte(ex.Statement), &st); err != nil {
		st.Reset()
		st.WriteString("<pre>" + html.EscapeString(ex.Statement) + "</pre>")
	}
	statement := strings.NewReplacer("{", "&#123;", "}", "&#125;").Replace(st.String())
	var b bytes.Buffer
	fmt.Fprintf(&b, "<pl-question-panel>\n%s</pl-question-panel>\n\n", statement)
	mode := "ace/mode/golang"
	if ex.Listing {
		mode = "ace/mode/text" // a listing: indentation by spaces, no tabs
	}
	fmt.Fprintf(&b, "<pl-file-editor file-name=\"%s\" ace-mode=\"%s\" source-file-name=\"%s\"></pl-file-editor>\n\n",
		html.EscapeString(ex.Submission), mode, html.EscapeString(path.Base(ex.Starter)))
	b.WriteString("<pl-submission-panel>\n  <pl-external-grader-results></pl-external-grader-results>\n  <pl-file-preview></pl-file-preview>\n</pl-submission-panel>\n")
	return b.Bytes()
}

var plRun = template.Must(template.New("run.sh").Funcs(funcs).Parse(`#!/bin/sh
# PrairieLearn runs this in the grading container for every submission
# (the question's info.json passes the submitted file's name): dmelab
# grades it against the exercise in /grade/tests/exercise/NAME and writes
# PrairieLearn's results.json itself.
set -u
G="${GRADE_ROOT:-/grade}"
HERE="$(cd "$(dirname "$0")" && pwd)"
# The dmelab sources the submission is compiled with, if packed.
if [ -f "$HERE/src/go.mod" ]; then export DMELAB_ROOT="$HERE/src"; fi
OUT="$G/results/results.json"
mkdir -p "$G/results"
SUB="$G/student/${1:-{{.Exercise.Submission}}}"
if ! [ -f "$SUB" ]; then
  cat >"$OUT" <<EOF
{"gradable": false, "format_errors": ["Submit a file named ${1:-{{.Exercise.Submission}}}."], "tests": []}
EOF
  exit 0
fi
if command -v dmelab >/dev/null 2>&1; then DMELAB=dmelab; else DMELAB="$HERE/dmelab"; fi
# The question's exercise, in a folder of its own name (the results carry
# it); this script serves every question of the course.
EX="$G/tests/exercise"
for d in "$G"/tests/exercise/*/; do
  if [ -f "$d/exercise.md" ]; then EX="${d%/}"; fi
done
rm -f "$OUT"
"$DMELAB" grade --exercise "$EX" --format prairielearn --out "$OUT" {{.Flags}} "$SUB"
status=$?
# 0: graded; 4: not gradable (compile error, refused import), results written.
if { [ "$status" -ne 0 ] && [ "$status" -ne 4 ]; } || ! [ -s "$OUT" ]; then
  cat >"$OUT" <<'EOF'
{"gradable": false, "format_errors": ["The autograder could not grade this submission (an internal error, not your code): it does not count as an attempt. Please tell the course staff."], "tests": []}
EOF
fi
exit 0
`))

var plDocker = template.Must(template.New("Dockerfile").Funcs(funcs).Parse(`# A grading image for dmelab's PrairieLearn questions: the Go toolchain,
# dmelab, and the build and module caches warmed by grading each packed
# exercise's starter once, on its public schedules. Build it from this
# folder, push it, and name it in the questions' info.json
# (externalGradingOptions.image). It holds no hidden schedule and no
# solution: those reach a grading job only from the question's tests/.
FROM golang:{{.Tool.GoVersion}}
COPY dmelab /usr/local/bin/dmelab
{{if .Tool.Source}}COPY src/ /dmelab-src/
ENV DMELAB_ROOT=/dmelab-src
{{end}}COPY warmup/ /warmup/
RUN for d in /warmup/*/; do \
      for s in "$d/{{.Warmup}}.go" "$d/{{.Warmup}}.txt"; do \
        if [ -f "$s" ]; then dmelab grade --exercise "$d" --format json --out /tmp/warmup.json "$s"; rc=$?; \
          [ "$rc" -eq 0 ] || [ "$rc" -eq 4 ] \
          || { echo "dmelab could not grade $s (exit $rc): this image would fail every submission" >&2; exit 1; }; fi; \
      done; \
    done; rm -rf /warmup /tmp/warmup.json
`))
