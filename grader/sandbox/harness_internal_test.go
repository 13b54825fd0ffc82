package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/iface"
)

// TestHarnessDirsCoverTheGuestBuild holds guestDirs to what go list says
// a module's build needs: every dmelab package any interface's glue
// depends on for GOOS=wasip1 must be hashed into the harness's version,
// or a change to it would leave modules built before in the cache.
func TestHarnessDirsCoverTheGuestBuild(t *testing.T) {
	root, err := FindRoot(".")
	require.NoError(t, err)
	dirs, err := guestDirs(root)
	require.NoError(t, err)
	args := []string{"list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "dmelab/grader/guest"}
	for _, name := range iface.Names() {
		args = append(args, iface.Lookup(name).Import)
	}
	cmd := exec.Command((&Builder{Root: root}).goCmd(), args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	out, err := cmd.Output()
	require.NoError(t, err)
	need := 0
	for _, p := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(p, "dmelab/")
		require.True(t, ok, p)
		assert.Contains(t, dirs, rel, "a module's build needs %s", p)
		need++
	}
	require.Greater(t, need, 5, "go list named the harness's packages")
	assert.NotContains(t, dirs, "algorithms/explore")
	assert.NotContains(t, dirs, "algorithms/listing")
}

// TestHarnessVersionFollowsTheGuestOnly changes files in a copy of the
// module: the explorer's sources move no version (no module needs them),
// the simulator's do, and so does any file beside a harness package's
// sources (what it may embed).
func TestHarnessVersionFollowsTheGuestOnly(t *testing.T) {
	root, err := FindRoot(".")
	require.NoError(t, err)
	tmp := t.TempDir()
	for _, d := range []string{"algorithms", "grader/guest", "grader/iface"} {
		require.NoError(t, os.CopyFS(filepath.Join(tmp, d), os.DirFS(filepath.Join(root, d))))
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(tmp, f), data, 0o600))
	}
	version := func() string {
		v, err := (&Builder{Root: tmp}).harnessVersion(context.Background())
		require.NoError(t, err)
		return v
	}
	appendTo := func(rel, text string) {
		f, err := os.OpenFile(filepath.Join(tmp, rel), os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o600)
		require.NoError(t, err)
		_, err = f.WriteString(text)
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	v0 := version()
	appendTo("algorithms/explore/explore.go", "\n// a change the guest never sees\n")
	assert.Equal(t, v0, version(), "the explorer is not in any module")
	appendTo("algorithms/sim/world.go", "\n// a change every module has\n")
	v1 := version()
	assert.NotEqual(t, v0, v1, "the simulator is in every module")
	appendTo("algorithms/seeds/notes.txt", "a file a package could embed\n")
	assert.NotEqual(t, v1, version(), "a harness package's other files count")
}

// A change to how modules are built (go build's flags, the target, GOWASM)
// is part of a module's name: the same file built the new way is built
// again, not taken from what the old way left in the cache.
func TestBuildRecipeIsInTheKey(t *testing.T) {
	root, err := FindRoot(".")
	require.NoError(t, err)
	src, err := os.ReadFile(filepath.Join(root, "exercises", "token-ring", "solution.go"))
	require.NoError(t, err)
	in := iface.Lookup("tokenringsteps")
	b := &Builder{Root: root, Cache: t.TempDir()}
	build := func() *Built {
		t.Helper()
		built, r, err := b.Build(context.Background(), in, "solution.go", src)
		require.NoError(t, err)
		require.Nil(t, r)
		return built
	}
	first := build()
	require.True(t, build().Cached, "the same file, the same way: from the cache")

	old := buildFlags
	t.Cleanup(func() { buildFlags = old })
	buildFlags = append(append([]string(nil), old...), "-gcflags=-B") // no bounds checks: other code
	again := build()
	assert.False(t, again.Cached, "built again the new way")
	assert.NotEqual(t, first.Key, again.Key)

	// GOWASM goes into the key the same way (a build with it would first
	// compile the standard library anew).
	buildFlags = old
	before := recipe(buildEnv())
	assert.NotEqual(t, before, recipe(append(buildEnv(), "GOWASM=satconv")), "GOWASM changes the code go build makes (a Builder's Env may set it)")
	t.Setenv("GOWASM", "satconv")
	assert.NotEqual(t, before, recipe(buildEnv()), "and so may the caller's environment")
}
