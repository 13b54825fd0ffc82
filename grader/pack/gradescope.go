package pack

import (
	"archive/zip"
	"bytes"
	"io"
	"io/fs"
	"text/template"
	"time"
)

// GradescopeZip writes the autograder zip Gradescope asks for: setup.sh
// and run_autograder at the root of the archive, next to the dmelab
// binary and the exercise (in exercise/NAME/, hidden schedules included:
// the autograder's source is never shown to students). The exercise's
// folder keeps its name, which grading reads from it: the results carry
// it (results.json's extra_data), not "exercise".
//
//   - setup.sh runs once, when Gradescope builds the image: it installs
//     the Go toolchain and grades the reference solution once, so that
//     the build cache and the module cache are warm for every submission.
//   - run_autograder runs per submission: it grades the submitted file
//     with `dmelab grade --format gradescope` into
//     /autograder/results/results.json. If dmelab fails without writing
//     it (exit status other than 0 and 4), it writes a results.json that
//     says so, so the student never sees an empty result.
//
// The archive is reproducible: fixed order and timestamps.
func GradescopeZip(w io.Writer, ex Exercise, tool Tool) error {
	if err := ex.check(); err != nil {
		return err
	}
	if err := tool.check(); err != nil {
		return err
	}
	z := zip.NewWriter(w)
	add := func(name string, mode fs.FileMode, data []byte) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: epoch}
		h.SetMode(mode)
		f, err := z.CreateHeader(h)
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		return err
	}
	data := newScriptData(ex, tool)
	for _, s := range []struct {
		name string
		tmpl *template.Template
	}{{"setup.sh", gsSetup}, {"run_autograder", gsRun}} {
		var b bytes.Buffer
		if err := s.tmpl.Execute(&b, data); err != nil {
			return err
		}
		if err := add(s.name, 0o755, b.Bytes()); err != nil {
			return err
		}
	}
	if err := add("dmelab", 0o755, tool.Binary); err != nil {
		return err
	}
	if err := ex.walk(func(name string, b []byte) error { return add("exercise/"+ex.Name+"/"+name, 0o644, b) }); err != nil {
		return err
	}
	if err := tool.walkSource(func(name string, b []byte) error { return add("dmelab-src/"+name, 0o644, b) }); err != nil {
		return err
	}
	return z.Close()
}

// epoch is the timestamp of every file in the archives.
var epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

type scriptData struct {
	Exercise Exercise
	Tool     Tool
	Flags    string // shell-quoted
	Ext      string // of the files students write: ".go", ".txt" (a listing)
	Solution string // the reference solution's file name in the exercise
	Kind     string // what students submit, in words
	Warmup   string // the starter's name (without its extension) in a PrairieLearn image's warm-up folder
}

func newScriptData(ex Exercise, tool Tool) scriptData {
	return scriptData{Exercise: ex, Tool: tool, Flags: shellWords(tool.Flags), Ext: ex.ext(), Solution: "solution" + ex.ext(), Kind: ex.kind(), Warmup: warmupStarter}
}

var funcs = template.FuncMap{"q": shellQuote}

var gsSetup = template.Must(template.New("setup.sh").Funcs(funcs).Parse(`#!/usr/bin/env bash
# Gradescope runs this once, when it builds the autograder's image: it
# installs the Go toolchain dmelab compiles submissions with, then grades
# the reference solution once so that the caches are warm.
set -euo pipefail
GO_VERSION={{q .Tool.GoVersion}}
AG="${AUTOGRADER_ROOT:-/autograder}"
if ! [ -x /usr/local/go/bin/go ] || [ "$(/usr/local/go/bin/go env GOVERSION)" != "go$GO_VERSION" ]; then
  curl -fsSL "${GO_TARBALL_URL:-https://go.dev/dl/go$GO_VERSION.linux-amd64.tar.gz}" -o /tmp/go.tgz
  rm -rf /usr/local/go
  tar -C /usr/local -xzf /tmp/go.tgz
  rm /tmp/go.tgz
fi
export PATH=/usr/local/go/bin:$PATH
cd "$AG/source"
# The dmelab sources the submissions are compiled with, if packed.
if [ -f dmelab-src/go.mod ]; then export DMELAB_ROOT="$PWD/dmelab-src"; fi
chmod +x dmelab
# The reference solution, graded once: the caches warm up, and an
# autograder that cannot grade (a wrong binary, a broken exercise) fails
# here, where the course staff see it, not at every student's submission.
# (A graded file exits 0 whatever its score.)
EX=exercise/{{q .Exercise.Name}}
if [ -f "$EX/{{.Solution}}" ]; then
  if ! ./dmelab grade --exercise "$EX" --format json --out /tmp/dmelab-warmup.json {{.Flags}} "$EX/{{.Solution}}"; then
    echo "setup.sh: dmelab could not grade the exercise's own solution: this autograder would fail every submission" >&2
    exit 1
  fi
fi
`))

var gsRun = template.Must(template.New("run_autograder").Funcs(funcs).Parse(`#!/usr/bin/env bash
# Gradescope runs this for every submission: dmelab grades the submitted
# file against the exercise's public and hidden schedules and writes
# Gradescope's results.json itself.
set -u
export PATH=/usr/local/go/bin:$PATH
AG="${AUTOGRADER_ROOT:-/autograder}"
SRC="$AG/source"
if [ -f "$SRC/dmelab-src/go.mod" ]; then export DMELAB_ROOT="$SRC/dmelab-src"; fi
OUT="$AG/results/results.json"
mkdir -p "$AG/results"
SUB="$AG/submission/"{{q .Exercise.Submission}}
if ! [ -f "$SUB" ]; then
  # The one {{.Ext}} file the student uploaded, whatever its name.
  n=0
  for f in "$AG"/submission/*{{.Ext}}; do
    if [ -f "$f" ]; then n=$((n + 1)); SUB="$f"; fi
  done
  if [ "$n" -ne 1 ]; then
    cat >"$OUT" <<'EOF'
{"score": 0, "output": "Submit exactly one {{.Kind}}, named {{.Exercise.Submission}}.", "output_format": "text", "stdout_visibility": "hidden", "tests": []}
EOF
    exit 0
  fi
fi
rm -f "$OUT"
"$SRC/dmelab" grade --exercise "$SRC/exercise/"{{q .Exercise.Name}} --format gradescope --out "$OUT" {{.Flags}} "$SUB"
status=$?
# 0: graded; 4: not gradable (compile error, refused import), feedback written.
if { [ "$status" -ne 0 ] && [ "$status" -ne 4 ]; } || ! [ -s "$OUT" ]; then
  cat >"$OUT" <<'EOF'
{"score": 0, "output": "The autograder could not grade this submission (an internal error, not your code). Please tell the course staff.", "output_format": "text", "stdout_visibility": "hidden", "tests": []}
EOF
fi
exit 0
`))
