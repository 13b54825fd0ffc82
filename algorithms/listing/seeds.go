package listing

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"dmelab/algorithms/sim"
)

// The seeds' algorithms written as listings (seeds/NAME.txt), each named
// as the Go implementation it agrees with.
//
//go:embed seeds/*.txt
var seedFiles embed.FS

// Seeds lists the shipped listings' names.
func Seeds() []string {
	entries, _ := seedFiles.ReadDir("seeds")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".txt"))
	}
	sort.Strings(out)
	return out
}

// SeedText is the shipped listing of the algorithm name, or "".
func SeedText(name string) string {
	b, err := seedFiles.ReadFile("seeds/" + name + ".txt")
	if err != nil {
		return ""
	}
	return string(b)
}

// Seed compiles the shipped listing of name.
func Seed(name string) (*sim.Algorithm, error) {
	src := SeedText(name)
	if src == "" {
		return nil, fmt.Errorf("no listing of %s (there are %s)", name, strings.Join(Seeds(), ", "))
	}
	return Algorithm(src)
}
