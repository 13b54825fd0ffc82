package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"dmelab/edge/scenarioapi"
	"dmelab/grader/grade"
	"dmelab/grader/sandbox"
	"dmelab/grader/serve"
	"dmelab/grader/validate"
	"dmelab/site"
)

func init() {
	register("serve", command{
		summary: "serve the playground and the grading API on one address (make run)",
		usage:   serveUsage,
		flags:   flagsOf(serveFlags),
		run:     cmdServe,
	})
}

const serveUsage = `usage: dmelab serve [--addr ADDR] [--data DIR] [--exercises DIR] [flags]

Serves the playground, the exercise pages, the grading API (POST
/api/submissions, GET /api/submissions/{id}, its /events stream, GET
/api/exercises) and the scenario API (POST /api/scenario/check, /format,
/run, as the Cloudflare Worker answers it) on one address, with
submissions and results kept in SQLite under --data: a submission
accepted before a crash or restart is graded after it, exactly once.
SIGTERM or Ctrl-C stops taking submissions, lets running gradings finish
for up to 30 s and puts the rest back in the queue. Each accepted
submission is in the database file before its answer, and counted in
DIR/dmelab.record: after a crash, a database that holds less than the
record counts (its WAL lost or damaged) is refused, naming what is
missing. Copy the database while serving with dmelab backup.

The exercises are copied into DIR/exercises/VERSION at start: students
are shown and graded on that copy, each submission on the version it was
accepted under. The folders are looked at every few seconds: an edit that
loads (as at start) is copied and served from then on, and logged with
what changed; one that does not is logged with where, told on the staff
catalogue page, and the last version that loaded stays served.
`

type serveOpts struct {
	addr, data, exercises, hidden string
	workers                       int
	staff                         bool
	staffToken                    string
	acceptLoss                    bool
	clientHeader, cache, root     string
	inProcess, fresh              bool
}

func serveFlags() (*flag.FlagSet, *serveOpts) {
	o := &serveOpts{}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "`ADDR` where to listen (default 127.0.0.1:8080; port 0: any free port)")
	fs.StringVar(&o.data, "data", "dmelab-data", "`DIR` the database's folder")
	fs.StringVar(&o.exercises, "exercises", "exercises", "`DIR` the exercises")
	fs.StringVar(&o.hidden, "hidden", "", "`DIR` hidden schedules kept outside the exercises")
	fs.IntVar(&o.workers, "workers", 0, "`K` grading workers (default: the number of cores)")
	fs.BoolVar(&o.staff, "staff", false, "show staff (requests with the staff token) hidden test names, grading errors and (computed in the background at start, cached in DIR) dmelab validate's tables")
	fs.StringVar(&o.staffToken, "staff-token", os.Getenv("DMELAB_STAFF_TOKEN"), "`T` the staff token (default $DMELAB_STAFF_TOKEN, else a fresh one, printed at start); send it as \"Authorization: Bearer T\", or open any page once with ?token=T (sets a cookie)")
	fs.BoolVar(&o.acceptLoss, "accept-loss", false, "start even though the database holds less than its record counts, reporting what is lost (restoring a backup is better)")
	fs.StringVar(&o.clientHeader, "client-header", "", "`H` behind a trusted proxy: the header naming the client (rate limits are per client)")
	fs.StringVar(&o.cache, "cache", "", "`DIR` compiled modules (default: the user cache directory)")
	fs.StringVar(&o.root, "root", os.Getenv("DMELAB_ROOT"), "`DIR` the dmelab sources submissions are compiled with (default: found, or $DMELAB_ROOT)")
	fs.BoolVar(&o.inProcess, "in-process", false, "grade in this process rather than in grading processes (each bounded to 1.5 GiB and each grading to twice its exercise's build and total limits, at least 3 minutes, so that no submission can take the server down); for debugging")
	fs.BoolVar(&o.fresh, "fresh-processes", false, "start a grading process for every grading, rather than keeping them for the next (slower; for comparison)")
	return fs, o
}

func cmdServe(args []string, stdout, stderr io.Writer) int {
	fs, o := serveFlags()
	addr, data, exercises, hidden, workers := &o.addr, &o.data, &o.exercises, &o.hidden, &o.workers
	staff, staffToken, acceptLoss, clientHeader := &o.staff, &o.staffToken, &o.acceptLoss, &o.clientHeader
	cache, root, inProcess, fresh := &o.cache, &o.root, &o.inProcess, &o.fresh
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("serve", stdout)
		}
		fmt.Fprintf(stderr, "dmelab serve: %s\n", oneLine(err))
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "dmelab serve: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "dmelab serve: %s\n", oneLine(err))
		return exitUsage
	}
	g, err := newGrader(*root, *cache, sandbox.Auto)
	if err != nil {
		return fail(err)
	}
	playground, err := site.HandlerWith(site.Assets(), site.Options{ExercisesURL: "/exercises/"})
	if err != nil {
		return fail(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(err)
	}
	url := "http://" + displayAddr(ln.Addr().String(), *addr) + "/"
	// Validation and grading read the server's copy of the exercises (a
	// version of them: see serve's snapshot.go), never the folders staff
	// edit while it runs.
	validateAll := func(ctx context.Context, exercises, hidden string) (string, error) {
		r, err := validate.Dir(ctx, exercises, validate.Options{Grader: g, HiddenDir: hidden})
		if err != nil {
			return "", err
		}
		return r.Markdown(), nil
	}
	srv, err := serve.New(serve.Options{
		DataDir: *data, Exercises: *exercises, Hidden: *hidden, Staff: *staff, StaffToken: *staffToken,
		Workers: *workers, AcceptLoss: *acceptLoss, Timeouts: serve.DefaultTimeouts,
		Graders: func(exercises, hidden string) serve.Grader {
			return graderFor(g, exercises, hidden, *workers, *inProcess, *fresh)
		},
		Site:          playground,
		Mount:         map[string]http.Handler{scenarioapi.Prefix: scenarioapi.HandlerWith(scenarioapi.Options{Client: serve.Clients(*clientHeader)})},
		ClientHeader:  *clientHeader,
		Validate:      validateAll,
		PlaygroundURL: url,
		Logger:        slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo})),
	})
	if err != nil {
		ln.Close()
		// An exercise the grader cannot load would be listed to students
		// and fail each of their submissions: with no version served
		// before to fall back on (see serve's snapshot.go), none is served
		// until all load.
		var bad *serve.ExercisesError
		if !errors.As(err, &bad) {
			return fail(err)
		}
		for _, line := range strings.Split(bad.Error(), "\n") {
			fmt.Fprintf(stderr, "dmelab serve: %s\n", line)
		}
		fmt.Fprintf(stderr, "dmelab serve: not started: fix the exercises above (dmelab validate %s tells every problem) or move them out of %s\n", *exercises, *exercises)
		return exitUsage
	}
	// Timeouts against slow clients; streams manage their own deadlines.
	httpSrv := serve.HTTPServer(srv.Handler(), serve.DefaultTimeouts)
	httpSrv.RegisterOnShutdown(srv.EndStreams)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
	defer signal.Stop(stop)
	srv.Start()
	fmt.Fprintf(stdout, "dmelab: playground and grader on %s (data in %s)\n", url, *data)
	if *staff {
		if *staffToken == "" {
			fmt.Fprintf(stdout, "dmelab: staff view: open %sexercises/?token=%s (or send \"Authorization: Bearer %s\")\n", url, srv.StaffToken(), srv.StaffToken())
		} else {
			fmt.Fprintf(stdout, "dmelab: staff view: open %sexercises/?token=… with the token given (or send it as \"Authorization: Bearer …\")\n", url)
		}
	}

	done := make(chan error, 1)
	go func() { done <- httpSrv.Serve(serve.JSONErrors(ln)) }()
	select {
	case err := <-done:
		srv.Shutdown(context.Background())
		return fail(err)
	case <-stop:
	}
	fmt.Fprintln(stderr, "dmelab serve: stopping (running gradings get 30 s, the rest stay queued)")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	httpSrv.Shutdown(ctx)
	if err := srv.Shutdown(ctx); err != nil {
		return fail(err)
	}
	return exitOK
}

// displayAddr names the listener as the user asked for it (localhost
// stays localhost) with the port it got.
func displayAddr(got, asked string) string {
	host, port, _ := net.SplitHostPort(got)
	if h, _, _ := net.SplitHostPort(asked); h == "localhost" || h == "" {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// graderFor is the server's grader: each grading in a grading process
// (this program's grade-worker, kept for the next grading, or with fresh
// a new one for every grading; bounded in memory and time), or, with
// inProcess, in this one.
func graderFor(g *grade.Grader, exercises, hidden string, workers int, inProcess, fresh bool) serve.Grader {
	exe, err := os.Executable()
	switch {
	case inProcess || err != nil:
		return &grade.Exercises{Grader: g, Dir: exercises, HiddenDir: hidden}
	case fresh:
		return &grade.Pool{Exe: exe, Dir: exercises, HiddenDir: hidden, Root: g.Builder.Root, Cache: g.Builder.Cache, Reuse: 1}
	}
	// As many idle workers as gradings run at once (0: one per core, as
	// for the server's workers).
	return &grade.Pool{Exe: exe, Dir: exercises, HiddenDir: hidden, Root: g.Builder.Root, Cache: g.Builder.Cache, Idle: workers}
}
