//go:build !race

package cores_test

const raced = false
