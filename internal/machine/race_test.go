//go:build race

package machine_test

// raced: the race detector is on (go test -race), which slows a search
// some tenfold; the tests then search fewer configurations.
const raced = true
