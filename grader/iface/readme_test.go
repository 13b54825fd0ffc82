package iface

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The grading guide's list of the imports a student may use is the code's.
func TestReadmeListsTheAllowedImports(t *testing.T) {
	data, err := os.ReadFile("../../docs/grading.md")
	require.NoError(t, err)
	m := regexp.MustCompile("imports outside an allow-list \\(`([^`]*)`").FindSubmatch(data)
	require.NotNil(t, m, "docs/grading.md: the allow-list sentence")
	assert.Equal(t, strings.Join(Std, " "), strings.Join(strings.Fields(string(m[1])), " "))
}
