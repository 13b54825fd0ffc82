// Command examples builds the playground's example gallery (package
// site/examples) into a directory the site embeds: `make site` runs it
// with the scenario package's worked examples and writes
// site/static/examples/ (a build output, not committed).
package main

import (
	"flag"
	"fmt"
	"os"

	"dmelab/site/examples"
)

func main() {
	src := flag.String("src", "algorithms/scenario/testdata", "directory of the worked examples (*.scn)")
	out := flag.String("out", "site/static/examples", "directory to write the gallery to")
	flag.Parse()
	g, err := examples.Build(*src)
	if err == nil {
		err = g.Write(*out)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "examples: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("examples: %d files in %s\n", len(g.Files), *out)
}
