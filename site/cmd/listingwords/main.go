// Command listingwords writes the words of the listing language
// (docs/listings.md) for the listing editor's highlighting
// (site/editor/listing-lang.js imports site/editor/listing-words.json).
// The words are read from package listing's own source, where its parser
// and compiler define them, so that the editor knows every word the
// language does and no other: the test fails when the committed file
// differs from what the source says. After changing the language's words:
//
//	go run ./site/cmd/listingwords
//
// (from the module's root; or go generate ./site/cmd/listingwords).
package main

//go:generate go run . -src ../../../algorithms/listing -out ../../editor/listing-words.json

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	src := flag.String("src", "algorithms/listing", "package listing's directory")
	out := flag.String("out", "site/editor/listing-words.json", "the file to write")
	flag.Parse()
	w, err := Extract(*src)
	if err == nil {
		err = os.WriteFile(*out, w.JSON(), 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "listingwords: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("listingwords: %d keywords, %d contextual, %d types, %d constants, %d functions in %s\n",
		len(w.Keywords), len(w.Contextual), len(w.Types), len(w.Constants), len(w.Functions), *out)
}
