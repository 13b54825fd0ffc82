package pack

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sources is a stand-in for the dmelab module's directory.
var sources = fstest.MapFS{
	"go.mod":                        {Data: []byte("module dmelab\n")},
	"go.sum":                        {Data: []byte("")},
	"algorithms/sim/node.go":        {Data: []byte("package sim\n")},
	"algorithms/sim/node_test.go":   {Data: []byte("package sim\n")},
	"algorithms/sim/testdata/t.txt": {Data: []byte("x")},
	"grader/guest/guest.go":         {Data: []byte("package guest\n")},
	"site/site.go":                  {Data: []byte("package site\n")},
	"exercises/ra/solution.go":      {Data: []byte("package ra\n")},
}

// The module's sources travel with both packages (Go files of algorithms/
// and grader/, no tests, no test data, nothing else), and the scripts
// point DMELAB_ROOT at them.
func TestSourcesArePacked(t *testing.T) {
	tl := tool()
	tl.Source = sources
	var b bytes.Buffer
	require.NoError(t, GradescopeZip(&b, exercise(), tl))
	z, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	require.NoError(t, err)
	var src []string
	scripts := map[string]string{}
	for _, f := range z.File {
		if filepath.Dir(f.Name) != "." || f.Name == "dmelab" {
			if len(f.Name) > 11 && f.Name[:11] == "dmelab-src/" {
				src = append(src, f.Name[11:])
			}
			continue
		}
		r, err := f.Open()
		require.NoError(t, err)
		var s bytes.Buffer
		s.ReadFrom(r)
		scripts[f.Name] = s.String()
	}
	sort.Strings(src)
	assert.Equal(t, []string{"algorithms/sim/node.go", "go.mod", "go.sum", "grader/guest/guest.go"}, src)
	assert.Contains(t, scripts["run_autograder"], `export DMELAB_ROOT="$SRC/dmelab-src"`)
	assert.Contains(t, scripts["setup.sh"], "DMELAB_ROOT")

	course := t.TempDir()
	require.NoError(t, PrairieLearn(course, exercise(), tl, PLOptions{}))
	_, err = os.Stat(filepath.Join(course, "serverFilesCourse", "dmelab", "src", "algorithms", "sim", "node.go"))
	assert.NoError(t, err)
	_, err = os.Stat(filepath.Join(course, "serverFilesCourse", "dmelab", "src", "site", "site.go"))
	assert.True(t, os.IsNotExist(err), "only what grading compiles")
	run, err := os.ReadFile(filepath.Join(course, "serverFilesCourse", "dmelab", "run.sh"))
	require.NoError(t, err)
	assert.Contains(t, string(run), `export DMELAB_ROOT="$HERE/src"`)
	docker, err := os.ReadFile(filepath.Join(course, "serverFilesCourse", "dmelab-image", "Dockerfile"))
	require.NoError(t, err)
	assert.Contains(t, string(docker), "ENV DMELAB_ROOT=/dmelab-src")

	// Without sources, the image must bring them: no COPY of a missing folder.
	course = t.TempDir()
	require.NoError(t, PrairieLearn(course, exercise(), tool(), PLOptions{}))
	docker, err = os.ReadFile(filepath.Join(course, "serverFilesCourse", "dmelab-image", "Dockerfile"))
	require.NoError(t, err)
	assert.NotContains(t, string(docker), "COPY src/")

	tl.Source = fstest.MapFS{"go.mod": {Data: []byte("module dmelab\n")}}
	assert.ErrorContains(t, GradescopeZip(&bytes.Buffer{}, exercise(), tl), "go.sum")
}
