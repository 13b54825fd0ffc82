package play

// CountYields makes the page's searches count their yields (yield.go)
// into n until the returned function puts things back.
func CountYields(n *int) (restore func()) {
	old := yield
	yield = func() bool { *n++; return old() }
	return func() { yield = old }
}
