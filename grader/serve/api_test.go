package serve

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

func TestHappyPath(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))

	code, body, hdr := e.do("POST", "/api/submissions", "application/json", submission("ra", "mine.go", "package ra\n"))
	require.Equal(t, http.StatusAccepted, code, string(body))
	var v View
	require.NoError(t, json.Unmarshal(body, &v))
	assert.Regexp(t, `^[0-9a-f]{32}$`, v.ID)
	assert.Equal(t, "/api/submissions/"+v.ID, hdr.Get("Location"))
	assert.Contains(t, []string{Queued, Running}, v.Status)
	assert.Equal(t, "ra", v.Exercise)

	got := e.await(v.ID)
	require.Equal(t, Done, got.Status)
	assert.Equal(t, 1, got.Attempts)
	require.NotNil(t, got.Result)
	assert.Equal(t, 5.0, got.Result.Score)
	assert.Equal(t, "mine.go", got.Result.File)
	require.NotNil(t, got.Feedback)
	assert.Contains(t, got.Feedback.Markdown, "# Feedback: Test exercise")
	assert.Contains(t, got.Feedback.HTML, "<h1")
	assert.NotEmpty(t, got.Finished)
	// What only staff may see is gone from the student's result.
	assert.Equal(t, "public/two.scn", got.Result.Tests[0].Source)
	assert.Empty(t, got.Result.Tests[1].Source)
	assert.NotContains(t, got.Result.Tests[1].Counterexample.Scenario, markComment)
	assert.Contains(t, got.Result.Tests[1].Counterexample.Scenario, "request N1")

	// The event stream of a finished submission: one "done" event.
	resp, err := e.ts.Client().Get(e.ts.URL + v.Events)
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, "text/event-stream; charset=utf-8", resp.Header.Get("Content-Type"))
	events := readEvents(t, resp)
	require.Len(t, events, 1)
	assert.Equal(t, "done", events[0].name)
	assert.Contains(t, events[0].data, `"score":5`)
}

func TestStreamShowsProgress(t *testing.T) {
	g := newRecorder()
	g.hold = make(chan struct{})
	o := testOptions(t, g)
	o.Workers = 1
	e := start(t, o)
	first := e.submit("a.go")
	second := e.submit("b.go")

	resp, err := e.ts.Client().Get(e.ts.URL + "/api/submissions/" + second + "/events")
	require.NoError(t, err)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	ev := nextEvent(sc)
	assert.Equal(t, "status", ev.name)
	assert.Contains(t, ev.data, `"queue_position":1`)
	assert.Contains(t, ev.data, "waiting: 1 submission ahead")
	close(g.hold) // both get graded
	var names []string
	for ev := nextEvent(sc); ev.name != ""; ev = nextEvent(sc) {
		names = append(names, ev.name)
	}
	require.NotEmpty(t, names)
	assert.Equal(t, "done", names[len(names)-1])
	assert.Equal(t, Done, e.get(first, 0).Status)
}

func TestIdempotencyKey(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	post := func() View {
		code, body, _ := e.do("POST", "/api/submissions", "application/json", submission("ra", "x.go", "package ra\n"),
			"Idempotency-Key", "retry-key-0001")
		require.Equal(t, http.StatusAccepted, code, string(body))
		var v View
		require.NoError(t, json.Unmarshal(body, &v))
		return v
	}
	a, b := post(), post()
	assert.Equal(t, a.ID, b.ID, "a resent submission is the same submission")
	e.await(a.ID)
	counts, results, err := e.srv.Store().Census(t.Context())
	require.NoError(t, err)
	assert.Equal(t, map[string]int{Done: 1}, counts)
	assert.Equal(t, 1, results)
}

func TestExercisesPublicOnly(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	code, body, _ := e.do("GET", "/api/exercises", "", nil)
	require.Equal(t, http.StatusOK, code)
	var list struct {
		Exercises []struct{ Name, Title, Algorithm, Set string }
	}
	require.NoError(t, json.Unmarshal(body, &list))
	require.Len(t, list.Exercises, 2)
	assert.Equal(t, "ra", list.Exercises[0].Name)
	assert.Equal(t, "Ricart–Agrawala steps", list.Exercises[0].Title)
	assert.Equal(t, "mk", list.Exercises[1].Name)
	assert.Equal(t, "set1", list.Exercises[1].Set)
	assert.NotContains(t, string(body), "race.scn")

	code, body, _ = e.do("GET", "/api/exercises/ra", "", nil)
	require.Equal(t, http.StatusOK, code)
	var ex Exercise
	require.NoError(t, json.Unmarshal(body, &ex))
	assert.Equal(t, "# The steps\n\nFill in P2.\n", ex.Statement)
	assert.Contains(t, ex.Starter, "STARTER")
	require.Len(t, ex.Public, 1)
	assert.Equal(t, "two.scn", ex.Public[0].Name)
	assert.Nil(t, ex.Hidden)
}

func TestStaffSeesHiddenNamesAndSources(t *testing.T) {
	o := testOptions(t, newRecorder())
	o.Staff = true
	e := start(t, o).asStaff()
	code, body, _ := e.do("GET", "/api/exercises/ra", "", nil)
	require.Equal(t, http.StatusOK, code)
	var ex Exercise
	require.NoError(t, json.Unmarshal(body, &ex))
	assert.Equal(t, []string{"outside.scn", "race.scn"}, ex.Hidden)
	assert.NotContains(t, string(body), markHidden, "names only, never the text")

	v := e.await(e.submit("s.go"))
	assert.Equal(t, "hidden/"+markSource+".scn", v.Result.Tests[1].Source)
	assert.Equal(t, "hidden/"+markSource+".scn:7", v.Result.Tests[1].At)
}

func TestForStudentKeepsExplorationScenario(t *testing.T) {
	r := &report.Result{Tests: []report.Test{{Visibility: report.Search, Source: "seed 42",
		Counterexample: &report.Counterexample{Scenario: "# how\nrequest N1"}}}}
	forStudent(r)
	assert.Empty(t, r.Tests[0].Source)
	assert.Equal(t, "# how\nrequest N1", r.Tests[0].Counterexample.Scenario)
}

type event struct{ name, data string }

func nextEvent(sc *bufio.Scanner) event {
	var ev event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" && ev.name != "":
			return ev
		case strings.HasPrefix(line, "event: "):
			ev.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			ev.data += strings.TrimPrefix(line, "data: ")
		}
	}
	return ev
}

func readEvents(t *testing.T, resp *http.Response) []event {
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var out []event
	for ev := nextEvent(sc); ev.name != ""; ev = nextEvent(sc) {
		out = append(out, ev)
	}
	return out
}

// The waiting line counts the submissions ahead in words a student reads.
func TestDescribeTheQueue(t *testing.T) {
	at := func(n int) *View { return &View{Status: Queued, Position: &n} }
	assert.Equal(t, "waiting: next in line", describe(at(0)))
	assert.Equal(t, "waiting: 1 submission ahead", describe(at(1)))
	assert.Equal(t, "waiting: 3 submissions ahead", describe(at(3)))
	assert.Equal(t, "waiting: next in line", describe(&View{Status: Queued}))
}
