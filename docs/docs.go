// Package docs embeds the pages that tests hold to the code, and those
// the server shows. A test that read a page from disk would be keyed in
// Go's test cache by the file's modification time, which every fresh
// clone renews; embedded, the page is part of the test binary, so an
// unchanged page in an unchanged tree reuses the cached result (the
// verdict table's test is a few hundred core-seconds of searches). A
// page the server shows (listings.go) is the file a reader finds in the
// repository, so the two never disagree. (An edit of listings.md runs
// the verdict table's test again too, as any change to this package
// does; it is seldom edited.)
package docs

import _ "embed"

// Verdicts is verdicts.md, whose table `dmelab verdicts` computes.
//
//go:embed verdicts.md
var Verdicts string
