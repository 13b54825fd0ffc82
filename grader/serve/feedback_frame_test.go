package serve

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The feedback frame keeps the page's origin (so the page can make it as
// tall as the feedback), which makes it safe only while it runs no
// script: its sandbox must never allow scripts, and the feedback's own
// policy forbids them too. Its links may leave the sandbox (the replay
// link opens the playground, which may not be framed).
func TestFeedbackFrameRunsNoScript(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	code, body, _ := e.do("GET", "/exercises/ra", "", nil)
	require.Equal(t, http.StatusOK, code)
	m := regexp.MustCompile(`<iframe id="feedback"[^>]*sandbox="([^"]*)"`).FindStringSubmatch(string(body))
	require.NotNil(t, m, "the page has the feedback frame")
	tokens := strings.Fields(m[1])
	assert.NotContains(t, tokens, "allow-scripts")
	assert.NotContains(t, tokens, "allow-top-navigation")
	assert.NotContains(t, tokens, "allow-forms")
	assert.Subset(t, tokens, []string{"allow-same-origin", "allow-popups", "allow-popups-to-escape-sandbox", "allow-downloads"})
}
