package machine_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/internal/machine"
)

// anonHuge is the process's memory in transparent huge pages, in KiB.
func anonHuge(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/smaps_rollup")
	require.NoError(t, err)
	m := regexp.MustCompile(`AnonHugePages:\s+(\d+) kB`).FindSubmatch(b)
	require.NotNil(t, m, "smaps_rollup without AnonHugePages")
	n, err := strconv.Atoi(string(m[1]))
	require.NoError(t, err)
	return n
}

// On a kernel that gives huge pages to memory that asks (transparent
// huge pages "madvise" or "always"), an array advised and then written
// is backed by them.
func TestAdvisedArraysGetHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("no transparent huge pages here")
	}
	before := anonHuge(t)
	a := make([]uint64, 4<<20) // 32 MiB
	machine.Advise(a)
	for i := range a {
		a[i] = uint64(i)
	}
	require.Greater(t, anonHuge(t), before, "32 MiB advised and written, none of it in huge pages")
	require.Equal(t, uint64(len(a)-1), a[len(a)-1])
}
