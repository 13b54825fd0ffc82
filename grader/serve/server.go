package serve

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Options configure a Server. Zero values mean the defaults given.
type Options struct {
	DataDir   string // the database's folder (required)
	Exercises string // the exercises' folder ("" means none)
	Hidden    string // hidden schedules kept outside the exercises, a folder per exercise
	Staff     bool   // show hidden test names, test sources and grading errors to staff
	// StaffToken is what a staff request carries (see isStaff); with
	// Staff and no token, New makes one (StaffToken returns it).
	StaffToken string
	// Grader grades every version of the exercises; with Graders set it
	// is not used (one of them is required).
	Grader Grader
	// Graders makes the grader of one version of the exercises: the
	// folders of its copy in the data directory (hidden "" if none; see
	// snapshot.go). A grader it makes that has a Close method is closed
	// once no submission waits on its version.
	Graders func(exercises, hidden string) Grader
	// Watch is how often the folders on disk are looked at for a change
	// (default DefaultWatch; negative: never).
	Watch time.Duration
	Site  http.Handler
	// Mount adds handlers by pattern (e.g. "/api/scenario/", the scenario
	// API), ahead of the API's catch-all 404.
	Mount map[string]http.Handler

	Workers       int           // grading workers; default runtime.NumCPU()
	MaxBody       int64         // bytes of a submission request; default 256 KiB
	RatePerMinute int           // submissions per client per minute; default 20, negative: no limit
	MaxQueue      int           // submissions waiting or running before 503; default 1000
	MaxAttempts   int           // grading attempts before giving up; default 3
	GradeTimeout  time.Duration // one attempt; default 4 minutes, or longer for an exercise whose limits allow more (see gradingTimes)
	ClientHeader  string        // header naming the client behind a trusted proxy
	PlaygroundURL string        // base of the feedback's replay links
	Poll          time.Duration // idle workers look at the queue this often; default 1 s
	StreamLimit   time.Duration // an event stream's longest life; default 10 minutes
	Logger        *slog.Logger  // default: discard
	// Timeouts are the http.Server's (HTTPServer), named in the errors
	// they cause; default DefaultTimeouts.
	Timeouts Timeouts
	// Validate, with Staff, validates the exercises in the folders given
	// (a version's copy: see snapshot.go; dmelab validate) and returns
	// the report as Markdown; staff see it on the catalogue page.
	Validate func(ctx context.Context, exercises, hidden string) (string, error)
	// AcceptLoss starts on a database that holds less than its record
	// counts (see StoreOptions), reporting the loss in the log.
	AcceptLoss bool
}

// Server is the grading API and the playground in one handler, with its
// store and workers.
type Server struct {
	opts       Options
	store      *Store
	current    atomic.Pointer[snapshot] // the version of the exercises served
	vers       versions
	pool       *pool
	events     *broker
	limiter    *rateLimiter
	log        *slog.Logger
	closing    chan struct{} // closed at Shutdown: event streams end
	validation validation
	closeOnce  sync.Once
	chosen     bool // the operator chose GradeTimeout
}

// New opens the store in opts.DataDir, puts back in the queue the jobs a
// previous process left running, and loads the exercises. Call Start to
// begin grading.
func New(opts Options) (*Server, error) {
	if opts.Grader == nil && opts.Graders == nil {
		return nil, errors.New("serve: no grader")
	}
	if opts.DataDir == "" {
		return nil, errors.New("serve: no data directory")
	}
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&opts.Workers, runtime.NumCPU())
	def(&opts.RatePerMinute, 20)
	def(&opts.MaxQueue, 1000)
	def(&opts.MaxAttempts, 3)
	if opts.MaxBody == 0 {
		opts.MaxBody = 256 << 10
	}
	chosen := opts.GradeTimeout != 0 // else exercises' limits may lengthen it
	if opts.GradeTimeout == 0 {
		opts.GradeTimeout = defaultAttempt
	}
	if opts.Poll == 0 {
		opts.Poll = time.Second
	}
	if opts.Watch == 0 {
		opts.Watch = DefaultWatch
	}
	if opts.Timeouts == (Timeouts{}) {
		opts.Timeouts = DefaultTimeouts
	}
	if opts.StreamLimit == 0 {
		opts.StreamLimit = 10 * time.Minute
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if opts.Staff && opts.StaffToken == "" {
		opts.StaffToken = NewStaffToken()
	}
	if !opts.Staff {
		opts.StaffToken = ""
	}
	s := &Server{opts: opts, events: newBroker(), log: opts.Logger, closing: make(chan struct{}), chosen: chosen}
	s.vers.byID = map[string]*snapshot{}
	sn, err := s.first()
	if err != nil {
		return nil, err
	}
	s.current.Store(sn)
	if sn.id != "" {
		s.vers.byID[sn.id] = sn
	}
	st, err := OpenStoreWith(opts.DataDir, StoreOptions{AcceptLoss: opts.AcceptLoss})
	if err != nil {
		s.close(sn)
		return nil, err
	}
	st.SetLogger(opts.Logger)
	if loss := st.Loss(); loss != nil {
		opts.Logger.Error("starting without what the database lost (--accept-loss)", "loss", loss.Error())
	}
	n, err := st.Recover(context.Background())
	if err != nil {
		st.Close()
		s.close(sn)
		return nil, err
	}
	if n > 0 {
		opts.Logger.Warn("jobs interrupted by the last stop are back in the queue", "jobs", n)
	}
	s.store = st
	if opts.RatePerMinute > 0 {
		s.limiter = newRateLimiter(opts.RatePerMinute)
	}
	s.pool = &pool{
		store: st, snapshot: s.snapshotFor, events: s.events, log: opts.Logger,
		workers: opts.Workers, timeout: opts.GradeTimeout,
		maxAttempts: opts.MaxAttempts, poll: opts.Poll,
	}
	s.pool.longest(sn.longer)
	return s, nil
}

// attempts are the attempts of sn's exercises whose limits allow a
// grading longer than the server's attempt (see gradingTimes); none when
// the operator chose the attempt.
func (s *Server) attempts(sn *snapshot) map[string]time.Duration {
	longer := gradingTimes(sn.loaded, s.opts.GradeTimeout)
	for _, name := range slices.Sorted(maps.Keys(longer)) {
		if s.chosen {
			s.log.Warn("exercise's limits allow a longer grading than the attempt chosen: a submission that uses its time will fail on the server's side", "exercise", name, "needs", longer[name], "attempt", s.opts.GradeTimeout)
			continue
		}
		s.log.Info("exercise's limits allow a longer grading: its attempts get longer", "exercise", name, "attempt", longer[name], "default", s.opts.GradeTimeout)
	}
	if s.chosen {
		return nil
	}
	return longer
}

// Store is the server's database (for tools and tests).
func (s *Server) Store() *Store { return s.store }

// Catalog is the exercises the server serves (the version served now).
func (s *Server) Catalog() *Catalog { return s.snap().catalog }

// Start starts the grading workers, and the watch for changes to the
// exercises on disk.
func (s *Server) Start() {
	s.pool.start()
	s.startValidation()
	if s.opts.Exercises != "" && s.opts.Watch > 0 && s.vers.stop == nil {
		s.vers.stop, s.vers.done = make(chan struct{}), make(chan struct{})
		go s.watch()
	}
}

// Shutdown ends event streams and long polls, stops taking jobs, lets
// running ones finish until ctx is done (then puts them back in the
// queue), and closes the store. Stop the http.Server first, so that no
// new submission arrives.
func (s *Server) Shutdown(ctx context.Context) error {
	s.EndStreams()
	if v := &s.vers; v.stop != nil {
		select {
		case <-v.stop:
		default:
			close(v.stop)
		}
		<-v.done
	}
	if s.pool.stopClaim != nil {
		s.pool.stop(ctx)
	}
	s.vers.mu.Lock()
	for _, sn := range s.vers.byID {
		s.close(sn)
	}
	s.vers.byID = map[string]*snapshot{}
	s.vers.mu.Unlock()
	return s.store.Close()
}

// EndStreams ends the event streams and long polls in progress (their
// clients reconnect), so that http.Server.Shutdown need not wait for
// them: register it with http.Server.RegisterOnShutdown.
func (s *Server) EndStreams() {
	s.closeOnce.Do(func() { close(s.closing) })
}
