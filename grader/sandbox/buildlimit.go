package sandbox

import (
	"fmt"
	"strings"
	"time"
)

// What one build may use. A student's file can make the compiler do a lot
// of work from a few lines (a string constant doubled 24 times, tens of
// thousands of generic instantiations, a sparse [1<<30]byte literal), so
// the build tree as a whole is bounded, not only go build itself.
const (
	// DefaultBuildMemory is the resident memory the whole build tree
	// (go, compile, link) may hold at once. A normal build of a
	// submission needs a few hundred MiB at most.
	DefaultBuildMemory = 1 << 30
	// DefaultBuildTime bounds one build where neither the Builder nor
	// the exercise says.
	DefaultBuildTime = 60 * time.Second
	// DefaultBuildWrite is the largest file any process of the build
	// may write: it keeps one submission from adding gigabytes to the
	// build cache (the compiler's output) or the temporary directory.
	DefaultBuildWrite = 64 << 20
	// DefaultCacheBytes bounds the compiled modules kept in Cache.
	DefaultCacheBytes = 1 << 30
	// DefaultMaxModule is the largest module kept in Cache; larger ones
	// are graded but compiled again next time.
	DefaultMaxModule = 32 << 20
)

// buildLimits are a build's bounds, as given to runBounded.
type buildLimits struct {
	Memory int64 // resident bytes of the whole process group
	Write  int64 // bytes of any one file written (RLIMIT_FSIZE)
	// Alone: the process starts nothing into its group that could grow
	// (a grading worker: its builds have groups of their own), so the
	// watcher reads it less often (see alonePollEvery).
	Alone bool
}

// buildUsage is what runBounded saw.
type buildUsage struct {
	Peak       int64 // the largest resident total seen (0 where not watched)
	OverMemory bool  // killed for going over buildLimits.Memory
}

// observeBuild, when set (by tests), is told what every build used.
var observeBuild func(buildUsage)

// wroteTooMuch says whether go build's output shows a process of the
// build stopped by the file size limit: Go programs ignore SIGXFSZ, so
// the compiler and the linker see EFBIG ("file too large"); another
// program would die of the signal. Compile errors are not read, as the
// student's file may quote those words.
func wroteTooMuch(stderr string, err error) bool {
	for _, l := range append(strings.Split(stderr, "\n"), fmt.Sprint(err)) {
		if !errLine.MatchString(strings.TrimSpace(l)) &&
			(strings.Contains(l, "file too large") || strings.Contains(l, "file size limit exceeded")) {
			return true
		}
	}
	return false
}

// SizeWords writes a size for people: 1 GiB, 64 MiB, 1.5 GiB, 300 bytes.
func SizeWords(n int64) string {
	for _, u := range []struct {
		unit string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n < u.size {
			continue
		}
		if n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.unit)
		}
		return fmt.Sprintf("%.1f %s", float64(n)/float64(u.size), u.unit)
	}
	return fmt.Sprintf("%d bytes", n)
}
