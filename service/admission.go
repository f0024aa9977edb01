package service

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	middleware "github.com/grpc-ecosystem/go-grpc-middleware/v2"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/tap"
	"google.golang.org/protobuf/proto"
)

// Defaults of the server-wide admission caps, sized to the pod of
// docs/capacity.md (2 CPUs, 256 MiB).
const (
	// DefaultMaxStreams is the most calls in progress at once across all
	// connections: at the 64 KiB stream window, streams whose clients
	// send and never read hold at most 13 MiB of requests, and 200
	// stalled SolveSteps of a 32×32 board, the largest calls, kept the
	// process at 233–256 MiB (256 of them reached 298 MiB).
	DefaultMaxStreams = 200
	// DefaultMaxHeap is the Go heap above which new calls are refused:
	// three quarters of the pod's 256 MiB, leaving the rest to the
	// runtime, stacks and the calls already admitted.
	DefaultMaxHeap = 192 << 20
	// DefaultStreamWindow is the HTTP/2 flow-control window of a call:
	// gRPC's initial window, which one SolveBatch message of 64 puzzles
	// (about 6 KiB) fits many times over.
	DefaultStreamWindow = 64 << 10
	// DefaultConnWindow is the HTTP/2 flow-control window of a connection.
	DefaultConnWindow = 1 << 20
	// DefaultMaxHealthWatches is the most health Watch streams open at
	// once: a Watch stream holds about 18 KiB (40,000 of them took the
	// process to 733 MiB), so these hold under 20 MiB, and a client-side
	// health check opens one a connection.
	DefaultMaxHealthWatches = 1000
)

// heapSampleEvery is how often, at most, admission reads the heap size:
// runtime/metrics reads it without stopping the world, but not for free,
// and within this time a heap grows by a few MiB at most.
const heapSampleEvery = 100 * time.Millisecond

// collectEvery is how often, at most, admission collects garbage before
// it refuses a call on the heap (see overHeap).
const collectEvery = time.Second

// admission refuses new streams, before their request is read, when the
// server already has its most streams in progress or its heap is above a
// bound. Health checks are exempt: a probe must get its answer. Health
// Watch streams, which last, have a cap of their own, so that they stay
// open beside a full server and yet no client can hold memory with them.
// A stream counts from its admission until its context ends, which gRPC
// does when the call ends in any way, so a stream whose client has
// stalled or gone silent still counts.
type admission struct {
	maxStreams int64  // 0: no cap
	maxHeap    uint64 // bytes; 0: no bound
	maxWatches int64  // 0: no cap

	streams atomic.Int64
	watches atomic.Int64

	heapMu     sync.Mutex
	heapSample []metrics.Sample
	heapBytes  atomic.Uint64
	heapReadAt atomic.Int64 // UnixNano of the last read
	// collectedAt is the UnixNano of the last collection before a refusal.
	collectedAt atomic.Int64

	refusedStreams atomic.Uint64
	refusedHeap    atomic.Uint64
	refusedWatches atomic.Uint64

	now      func() time.Time
	readHeap func() uint64
	collect  func() // runtime.GC
}

// newAdmission returns the admission of at most maxStreams streams and
// maxWatches health Watch streams at once, and no new stream while the
// heap is above maxHeap bytes; 0 lifts any of them.
func newAdmission(maxStreams int, maxHeap uint64, maxWatches int) *admission {
	a := &admission{
		maxStreams: int64(maxStreams),
		maxHeap:    maxHeap,
		maxWatches: int64(maxWatches),
		heapSample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}},
		now:        time.Now,
		collect:    runtime.GC,
	}
	a.readHeap = a.readRuntimeHeap
	return a
}

// readRuntimeHeap returns the bytes of the heap's objects, live or not yet
// swept: what the heap holds now, which a flood of requests raises
// before a collection can tell what is live.
func (a *admission) readRuntimeHeap() uint64 {
	a.heapMu.Lock()
	defer a.heapMu.Unlock()
	metrics.Read(a.heapSample)
	if a.heapSample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return a.heapSample[0].Value.Uint64()
}

// heap returns the heap size, read again when the last read is older than
// heapSampleEvery.
func (a *admission) heap() uint64 {
	now := a.now().UnixNano()
	if last := a.heapReadAt.Load(); now-last < int64(heapSampleEvery) && last != 0 {
		return a.heapBytes.Load()
	}
	return a.sampleHeap(now)
}

// sampleHeap reads the heap size and keeps it as the sample of time now
// (UnixNano).
func (a *admission) sampleHeap(now int64) uint64 {
	h := a.readHeap()
	a.heapBytes.Store(h)
	a.heapReadAt.Store(now)
	return h
}

// overHeap returns the heap size and whether it is above the bound. The
// heap's objects count garbage not yet swept: once a large call has ended,
// the heap may stay above the bound with little of it live until the next
// collection, and calls were refused meanwhile (three of five times after
// one large call, for up to 2 s). So before it reports the heap above the
// bound, it collects garbage, at most once every collectEvery, and reads
// the heap again; under a flood, the heap stays above after a collection.
// The collection holds up the call that runs it (tens of milliseconds on
// a heap of 200 MiB), once a second at most.
func (a *admission) overHeap() (uint64, bool) {
	return a.heapAbove(a.heap(), 0)
}

// heapAbove reports whether heap h and extra bytes more pass the bound;
// before it says so it collects garbage, at most once every collectEvery,
// and reads the heap again. It returns the heap it went by.
func (a *admission) heapAbove(h, extra uint64) (uint64, bool) {
	if h+extra <= a.maxHeap {
		return h, false
	}
	now := a.now().UnixNano()
	last := a.collectedAt.Load()
	if last != 0 && now-last < int64(collectEvery) || !a.collectedAt.CompareAndSwap(last, now) {
		return h, true
	}
	a.collect()
	h = a.sampleHeap(a.now().UnixNano())
	return h, h+extra > a.maxHeap
}

// admit counts a call in, or refuses it with ResourceExhausted. The
// caller must call release once the call has ended.
func (a *admission) admit() (release func(), err error) {
	if a.maxHeap > 0 {
		if h, over := a.overHeap(); over {
			a.refusedHeap.Add(1)
			return nil, withReason(codes.ResourceExhausted, ReasonOverloaded, fmt.Sprintf(
				"server overloaded: its heap is %s, above the %s of -max-heap; retry later", mebibytes(h), mebibytes(a.maxHeap)))
		}
	}
	if a.maxStreams <= 0 {
		return func() {}, nil
	}
	release, ok := take(&a.streams, a.maxStreams, &a.refusedStreams)
	if !ok {
		return nil, withReason(codes.ResourceExhausted, ReasonOverloaded, fmt.Sprintf(
			"server overloaded: %d calls in progress, the most of -max-total-streams; retry later", a.maxStreams))
	}
	return release, nil
}

// take counts one more in n, under max, and returns what gives it back
// (once, however often called); over max it counts a refusal in refused
// and reports false.
func take(n *atomic.Int64, max int64, refused *atomic.Uint64) (release func(), ok bool) {
	if v := n.Add(1); v > max {
		n.Add(-1)
		refused.Add(1)
		return nil, false
	}
	var once sync.Once
	return func() { once.Do(func() { n.Add(-1) }) }, true
}

// admitHealth lets a health check through, counting a Watch stream in (or
// refusing it with ResourceExhausted); the caller must call release once
// the call has ended.
func (a *admission) admitHealth(fullMethod string) (release func(), err error) {
	if a.maxWatches <= 0 || fullMethod != healthWatchMethod {
		return func() {}, nil
	}
	release, ok := take(&a.watches, a.maxWatches, &a.refusedWatches)
	if !ok {
		return nil, withReason(codes.ResourceExhausted, ReasonOverloaded, fmt.Sprintf(
			"server overloaded: %d health Watch streams open, the most of -max-health-watches; retry later or poll Check", a.maxWatches))
	}
	return release, nil
}

// healthWatchMethod is the full method name of a health Watch stream.
const healthWatchMethod = "/grpc.health.v1.Health/Watch"

// mebibytes writes a size in MiB, or in bytes below one.
func mebibytes(n uint64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%d MiB", n>>20)
}

// admittedKey marks the context of a call the tap admitted; its value is
// the *admission that counts it.
type admittedKey struct{}

// boardWeight is the number of calls a call on a board of side n counts
// as against -max-total-streams: one up to 16×16, then one for each 8,192
// of n³, which the peer tables of its layout grow with (854 KiB at 32×32,
// 425 KiB at 25×25, 30 KiB at 9×9): a 25×25 counts as two calls, a 32×32
// as four, so that the calls the cap admits fit the memory it is sized to
// whatever their boards.
func boardWeight(n int) int {
	return max(1, (n*n*n+8191)/8192)
}

// weigh counts the call of ctx, admitted as one call, as the calls its
// board of side n weighs (see boardWeight), until ctx ends; it refuses the
// call with ResourceExhausted when that would pass the cap. A board that
// weighs more than the whole cap counts as the cap: such a call runs alone
// on the server rather than never, since a refusal with OVERLOADED tells
// its client to retry a call that no retry would let in. A call no
// admission counted passes.
func weigh(ctx context.Context, n int) error {
	a, _ := ctx.Value(admittedKey{}).(*admission)
	if a == nil || a.maxStreams <= 0 {
		return nil
	}
	extra := min(int64(boardWeight(n)), a.maxStreams) - 1
	if extra <= 0 {
		return nil
	}
	if m := a.streams.Add(extra); m > a.maxStreams {
		a.streams.Add(-extra)
		a.refusedStreams.Add(1)
		return withReason(codes.ResourceExhausted, ReasonOverloaded, fmt.Sprintf(
			"server overloaded: a %d×%d board counts as %d calls against -max-total-streams (%d), and %d are in progress; retry later",
			n, n, extra+1, a.maxStreams, m-extra))
	}
	context.AfterFunc(ctx, func() { a.streams.Add(-extra) })
	return nil
}

// tap is the tap handle of admission: it counts the stream in, or refuses
// it with ResourceExhausted.
func (a *admission) tap(ctx context.Context, info *tap.Info) (context.Context, error) {
	admit := a.admit
	if isHealthMethod(info.FullMethodName) {
		admit = func() (func(), error) { return a.admitHealth(info.FullMethodName) }
	}
	release, err := admit()
	if err != nil {
		return ctx, err
	}
	// gRPC cancels a stream's context when the stream ends, however it
	// ends, and when it is dropped before its handler starts.
	context.AfterFunc(ctx, release)
	return context.WithValue(ctx, admittedKey{}, a), nil
}

// unary admits the unary calls that no tap saw: those served through
// Server.ServeHTTP (the web viewer's), which runs no tap handle; and it
// checks every call's answer against the heap (see fitAnswer).
func (a *admission) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if isHealthMethod(info.FullMethod) {
		return handler(ctx, req)
	}
	if ctx.Value(admittedKey{}) == nil {
		release, err := a.admit()
		if err != nil {
			return nil, err
		}
		defer release()
		ctx = context.WithValue(ctx, admittedKey{}, a)
	}
	resp, err := handler(ctx, req)
	if err == nil {
		err = a.fitAnswer(resp)
	}
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// bigAnswer is the size from which an answer is checked against the heap
// before it is sent: a FindSteps answer of a 16×16 board's thousand steps
// takes 2 MiB.
const bigAnswer = 256 << 10

// fitAnswer refuses, with ResourceExhausted, an answer of bigAnswer bytes
// or more that would take the heap past seven eighths of -max-heap, the
// rest kept for the calls in progress and the answers being made (the
// heap is read before each, and answers are made as many at once as
// there are solving slots). An answer is held
// whole until its client has read it, after its call has ended and so no
// longer counts against -max-total-streams: 200 calls of a client that
// read nothing held 370 MiB of FindSteps answers, past the pod, when the
// heap was checked only as calls came in.
func (a *admission) fitAnswer(resp any) error {
	m, ok := resp.(proto.Message)
	if a.maxHeap == 0 || !ok {
		return nil
	}
	size := uint64(proto.Size(m))
	if size < bigAnswer {
		return nil
	}
	room := a.maxHeap - a.maxHeap/8
	h, over := a.heapAbove(a.sampleHeap(a.now().UnixNano()), size+a.maxHeap-room)
	if !over {
		return nil
	}
	a.refusedHeap.Add(1)
	return withReason(codes.ResourceExhausted, ReasonOverloaded, fmt.Sprintf(
		"server overloaded: its heap is %s, and this answer's %s would take it past %s, seven eighths of -max-heap (%s; answers not yet read by their clients count); retry later",
		mebibytes(h), mebibytes(size), mebibytes(room), mebibytes(a.maxHeap)))
}

// stream is unary for streams.
func (a *admission) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if ss.Context().Value(admittedKey{}) != nil {
		return handler(srv, ss)
	}
	admit := a.admit
	if isHealthMethod(info.FullMethod) {
		admit = func() (func(), error) { return a.admitHealth(info.FullMethod) }
	}
	release, err := admit()
	if err != nil {
		return err
	}
	defer release()
	ws := middleware.WrapServerStream(ss)
	ws.WrappedContext = context.WithValue(ss.Context(), admittedKey{}, a)
	return handler(srv, ws)
}

// isHealthMethod reports whether a full method name ("/service/method")
// is of health checking.
func isHealthMethod(fullMethod string) bool {
	return isHealth(strings.TrimPrefix(fullMethod, "/"))
}

// collectors returns the metrics of admission.
func (a *admission) collectors() []prometheus.Collector {
	return []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: "sudoku", Name: "streams_in_progress",
			Help: "Calls in progress across all connections as counted against -max-total-streams (health checks excepted): a call on a 25×25 board counts as two, on a 32×32 as four."},
			func() float64 { return float64(a.streams.Load()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: "sudoku", Name: "streams_refused_total",
			Help: "Calls refused with ResourceExhausted because -max-total-streams calls were in progress."},
			func() float64 { return float64(a.refusedStreams.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: "sudoku", Name: "health_watches_open",
			Help: "Health Watch streams open, counted against -max-health-watches."},
			func() float64 { return float64(a.watches.Load()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: "sudoku", Name: "health_watches_refused_total",
			Help: "Health Watch streams refused with ResourceExhausted because -max-health-watches were open."},
			func() float64 { return float64(a.refusedWatches.Load()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: "sudoku", Name: "heap_sheds_total",
			Help: "Calls refused with ResourceExhausted because the heap was above -max-heap, or because an answer would take it past seven eighths of -max-heap."},
			func() float64 { return float64(a.refusedHeap.Load()) }),
	}
}

// DefaultMaxRequestSize is the default bound of a request that carries
// one puzzle (GRPCConfig.MaxRequestSize): a puzzle's text and region map
// at their most, with room for the rest of the request.
const DefaultMaxRequestSize = 2*MaxTextLen + 8<<10
