package scenarioapi

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"dmelab/algorithms/diag"
	"dmelab/wasm/play"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestColumnsMatchPlayground: the API and the playground place every
// problem on the same character, on lines where a letter of two bytes
// ("é", one UTF-16 unit) or of four ("𝒜", a surrogate pair, like an
// emoji) comes before it: both count UTF-16 units, as the browser does.
// Before package diag the API counted bytes: 13, 15 and 10 where the
// playground said 12, 13 and 9.
func TestColumnsMatchPlayground(t *testing.T) {
	h := Handler()
	for _, c := range []struct {
		name, text string
		line, col  int
	}{
		{"é", "algorithm ra-v1\nnodes Né N2\nrequest Né N3\n", 3, 12},
		{"a surrogate pair", "algorithm ra-v1\nnodes N𝒜 N2\nrequest N𝒜 N3\n", 3, 13},
		{"é, then an emoji that is the problem", "algorithm ra-v1\nnodes Né😀 N2\n", 2, 9},
		{"ASCII", "algorithm ra-v1\nnodes N1 N2\nrequest N1 N3\n", 3, 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := play.ParseScenario(c.text)
			require.NotEmpty(t, want)
			assert.Equal(t, c.line, want[0].Line)
			assert.Equal(t, c.col, want[0].Col)

			body, err := json.Marshal(map[string]string{"text": c.text})
			require.NoError(t, err)
			w := do(h, "POST", Prefix+"check", string(body))
			require.Equal(t, http.StatusOK, w.Code)
			var got struct{ Errors []diag.Diagnostic }
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
			assert.Equal(t, want, got.Errors)

			_, fwant := play.FormatScenario(c.text)
			w = do(h, "POST", Prefix+"format", string(body))
			if len(fwant) == 0 {
				return
			}
			require.Equal(t, http.StatusUnprocessableEntity, w.Code)
			got.Errors = nil
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
			assert.Equal(t, fwant, got.Errors)
		})
	}
}

// TestExpectationColumnsOnEveryLineEnd: an expectation's column is
// converted on its own line whether the file's lines end in LF, CRLF or a
// lone CR (old Mac endings, which the scanner and the editor both read as
// line ends): the API and the playground say the same. Before, both split
// the text at "\n" only, so in a CR-only file line 4 was past the text and
// its byte column came back unconverted (4, not 2, after an ideographic
// space of three bytes and one UTF-16 unit).
func TestExpectationColumnsOnEveryLineEnd(t *testing.T) {
	h := Handler()
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		text := "algorithm ra-v1" + nl + "nodes N1 N2" + nl + "request N1" + nl +
			"\u3000expect N1 phase = idle" + nl
		t.Run(strconv.Quote(nl), func(t *testing.T) {
			r, d, err := play.NewScenarioRun(text)
			require.NoError(t, err)
			require.Empty(t, d)
			sc := r.State().Script
			require.Len(t, sc.Expects, 1)
			assert.Equal(t, 4, sc.Expects[0].Line)
			assert.Equal(t, 2, sc.Expects[0].Col)

			body, err := json.Marshal(map[string]string{"text": text})
			require.NoError(t, err)
			w := do(h, "POST", Prefix+"run", string(body))
			require.Equal(t, http.StatusOK, w.Code, w.Body.String())
			var got struct{ Expectations []struct{ Line, Col int } }
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
			require.Len(t, got.Expectations, 1)
			assert.Equal(t, 4, got.Expectations[0].Line)
			assert.Equal(t, 2, got.Expectations[0].Col)
		})
	}
}
