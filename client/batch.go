package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// Bounds of the retries of a batch.
const (
	// batchTries is how often a puzzle is sent before it is given up, when
	// the streams carrying it fail (over BatchConfig.GiveUpAfter at least).
	batchTries = 3
	// BatchStreamFailures is how many streams to a server may fail in a
	// row, none having answered, over at least BatchConfig.GiveUpAfter,
	// before the server is given up.
	BatchStreamFailures = 5
	// DefaultGiveUpAfter is the default of BatchConfig.GiveUpAfter.
	DefaultGiveUpAfter = 20 * time.Second
	// maxInFlight bounds BatchConfig.InFlight: the window is a buffered
	// channel of that many slots a stream.
	maxInFlight = 1 << 16

	// DefaultMaxMsgSize is the default of BatchConfig.MaxMsgSize: that of
	// solverd.
	DefaultMaxMsgSize = 256 << 10
	// msgOverhead is what a request message adds to its items: each
	// item's field tag and length.
	msgOverhead = 8
	// startWindow is the window a stream of a batch of several streams
	// opens with (see Batch.stream).
	startWindow = 4

	// MaxPerMessage bounds BatchConfig.PerMessage: the most puzzles a
	// SolveBatch request message may carry (the service's MaxBatchItems).
	MaxPerMessage = 256
)

// BatchConfig sets the flow control of a Batch. Its zero value takes the
// defaults named on each field.
type BatchConfig struct {
	// InFlight is how many puzzles each stream has sent and not had
	// answered, at most, up to 65,536; 0 means 256.
	InFlight int
	// PerMessage is how many puzzles one request message carries, at
	// most, up to MaxPerMessage; 0 means 64.
	PerMessage int
	// MaxMsgSize is the largest request message sent, in bytes, as
	// solverd's -max-msg-size, 1024 at least; 0 means DefaultMaxMsgSize. A server that
	// refuses a message as larger than its own limit gets messages fitted
	// to the limit it names.
	MaxMsgSize int
	// Streams is how many SolveBatch streams are opened on each client;
	// 0 means 1, or BalancedStreams on a balanced target.
	Streams int
	// PuzzleTimeout is how long a stream with puzzles out may answer
	// nothing before it is declared hung, cancelled, and its puzzles sent
	// to the other streams; 0 means never. A server's heartbeat (a
	// message without answers, which solverd sends while it solves the
	// stream's puzzles) counts as an answer: set PuzzleTimeout above the
	// server's heartbeat interval (solverd's -batch-heartbeat, 250ms).
	PuzzleTimeout time.Duration
	// OnServerError, if not nil, is called with each error that made the
	// batch give a client up.
	OnServerError func(server string, err error)
	// GiveUpAfter is how long the failures in a row of a client's streams
	// (BatchStreamFailures of them at least) must go on before the client
	// is given up, so that a server's restart (seconds of Unavailable)
	// costs retries, not the server; 0 means DefaultGiveUpAfter.
	GiveUpAfter time.Duration
}

// Answer is the outcome of one puzzle of a batch: the server's answer,
// or Err when no server answered it: the streams that carried it failed
// three times (Err is the last stream's error), its item is larger than
// the largest message (*ItemTooLargeError), or FailRemaining gave it up.
type Answer struct {
	ID     string                // the id of the item
	Answer *sudokuv1.BatchAnswer // nil when Err is set
	Err    error
}

// job is one puzzle of a batch.
type job struct {
	item      *sudokuv1.BatchItem
	size      int // the bytes of its request item
	tries     int
	firstFail time.Time // when the first stream that carried it failed
	finished  bool      // answered; guarded by Batch.mu
}

// idleStreamAge is how long a stream with nothing out must have been open
// for its end with Unavailable to be taken as the server closing an idle
// stream (solverd's -batch-idle-timeout), not as a failure. A variable for
// the tests.
var idleStreamAge = time.Second

// Batch streams puzzles over SolveBatch to one or more clients. Puzzles
// go in with Add, each answered exactly once, in the order answered,
// through the function given to NewBatch; Run sends them. When a stream
// fails or hangs, its unanswered puzzles go to the other streams.
type Batch struct {
	cfg      BatchConfig
	slots    []streamSlot
	onAnswer func(Answer)

	fresh   chan *job     // added, not yet sent; closed by CloseInput
	retries chan *job     // to send again: room for every job in flight
	allDone chan struct{} // closed once the input is closed and every job answered
	maxMsg  atomic.Int64  // the most bytes of items in a request message

	// deliver serialises the calls of onAnswer, made without mu held so
	// that the answer function may call the batch's methods.
	deliver sync.Mutex

	mu          sync.Mutex
	inputDone   bool
	outstanding int // jobs added and not answered
	answered    int // jobs answered by a server
	closed      bool
	ids         map[string]bool           // ids added and not answered
	hangs       map[string]int            // streams declared hung, by server
	failed      map[string]StreamFailures // streams failed and opened again, by server
}

// NewBatch returns a batch to clients, whose puzzles are answered through
// onAnswer: once each, calls never concurrent. The answer function may
// call the batch's methods (Answered, Add, ...); it holds up the stream
// that delivers the answer while it runs. A client with a balanced
// target gets several streams (see BatchConfig.Streams).
func NewBatch(clients []*Client, cfg BatchConfig, onAnswer func(Answer)) (*Batch, error) {
	switch {
	case len(clients) == 0:
		return nil, errors.New("client: batch: no client")
	case onAnswer == nil:
		return nil, errors.New("client: batch: nil answer function")
	case cfg.InFlight < 0 || cfg.InFlight > maxInFlight:
		return nil, fmt.Errorf("client: batch: InFlight %d is out of range 0..%d", cfg.InFlight, maxInFlight)
	case cfg.PerMessage < 0 || cfg.PerMessage > MaxPerMessage:
		return nil, fmt.Errorf("client: batch: PerMessage %d is out of range 0..%d (the most puzzles a server takes in a message)", cfg.PerMessage, MaxPerMessage)
	case cfg.MaxMsgSize != 0 && cfg.MaxMsgSize < 1<<10:
		return nil, fmt.Errorf("client: batch: MaxMsgSize %d is under 1024 bytes", cfg.MaxMsgSize)
	case cfg.Streams < 0:
		return nil, fmt.Errorf("client: batch: Streams %d is negative", cfg.Streams)
	case cfg.PuzzleTimeout < 0:
		return nil, fmt.Errorf("client: batch: PuzzleTimeout %v is negative; 0 means none", cfg.PuzzleTimeout)
	case cfg.GiveUpAfter < 0:
		return nil, fmt.Errorf("client: batch: GiveUpAfter %v is negative; 0 means %v", cfg.GiveUpAfter, DefaultGiveUpAfter)
	}
	if cfg.GiveUpAfter == 0 {
		cfg.GiveUpAfter = DefaultGiveUpAfter
	}
	if cfg.InFlight == 0 {
		cfg.InFlight = 256
	}
	if cfg.PerMessage == 0 {
		cfg.PerMessage = 64
	}
	if cfg.MaxMsgSize == 0 {
		cfg.MaxMsgSize = DefaultMaxMsgSize
	}
	var slots []streamSlot
	for _, c := range clients {
		if c == nil {
			return nil, errors.New("client: batch: nil client")
		}
		slots = append(slots, slotsOf(c, cfg.Streams)...)
	}
	window := cfg.InFlight * len(slots)
	b := &Batch{
		cfg:      cfg,
		slots:    slots,
		onAnswer: onAnswer,
		fresh:    make(chan *job, max(256, 2*window)),
		retries:  make(chan *job, window),
		allDone:  make(chan struct{}),
		ids:      map[string]bool{},
		hangs:    map[string]int{},
		failed:   map[string]StreamFailures{},
	}
	b.maxMsg.Store(int64(cfg.MaxMsgSize - msgOverhead))
	return b, nil
}

// Add queues item to be sent, waiting while the queue is full; it fails
// when ctx ends first, when the item has no id or an id not yet answered
// (ids tag the answers), or after CloseInput. An id answered before may
// still be refused by the server, with an item error, when it repeats one
// of the last 65,536 ids of the stream: give every puzzle an id of its
// own. The batch keeps item: the caller must not change it. Called from
// the answer function, Add waits for room that only answers make: give it
// a context that ends, or add from another goroutine.
func (b *Batch) Add(ctx context.Context, item *sudokuv1.BatchItem) error {
	id := item.GetId()
	b.mu.Lock()
	switch {
	case b.inputDone:
		b.mu.Unlock()
		return errors.New("client: batch: Add after CloseInput")
	case id == "":
		b.mu.Unlock()
		return errors.New("client: batch: the item has no id (ids tag the answers)")
	case id == probeID:
		b.mu.Unlock()
		return fmt.Errorf("client: batch: item id %q is reserved", id)
	case b.ids[id]:
		b.mu.Unlock()
		return fmt.Errorf("client: batch: item id %q is already out", id)
	}
	b.ids[id] = true
	b.outstanding++
	b.mu.Unlock()
	j := &job{item: item, size: proto.Size(item) + msgOverhead}
	select {
	case b.fresh <- j:
		return nil
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.ids, id)
		b.outstanding--
		b.mu.Unlock()
		return ctx.Err()
	}
}

// CloseInput says that no more items come; Run returns once every item
// is answered. Call it after the last Add has returned; calls after the
// first do nothing.
func (b *Batch) CloseInput() {
	b.mu.Lock()
	if b.inputDone {
		b.mu.Unlock()
		return
	}
	close(b.fresh)
	b.inputDone = true
	b.checkDoneLocked()
	b.mu.Unlock()
}

// Answered returns the number of puzzles a server answered so far.
func (b *Batch) Answered() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.answered
}

// Hangs returns, by server, how many of its streams were declared hung
// (see BatchConfig.PuzzleTimeout).
func (b *Batch) Hangs() map[string]int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return maps.Clone(b.hangs)
}

// StreamFailures counts the streams to a server that failed (but for
// hangs, see Hangs) and were opened again, their puzzles sent again.
type StreamFailures struct {
	Count int   // streams
	First error // the first one's error
}

// Failures returns, by server, the streams that failed and were opened
// again: a server that restarted, drained or refused calls for a while,
// whose puzzles were answered all the same. A server given up is
// reported to BatchConfig.OnServerError instead.
func (b *Batch) Failures() map[string]StreamFailures {
	b.mu.Lock()
	defer b.mu.Unlock()
	return maps.Clone(b.failed)
}

// Run sends the puzzles added until every one is answered and the input
// closed (it returns nil), ctx ends (it returns ctx's error) or every
// client is given up (it returns an error that wraps the last client's).
// Puzzles left unanswered get no answer until FailRemaining.
func (b *Batch) Run(ctx context.Context) error {
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		lastErr error
	)
	for _, s := range b.slots {
		wg.Go(func() {
			if err := b.serve(ctx, s); err != nil {
				mu.Lock()
				lastErr = err
				mu.Unlock()
				if b.cfg.OnServerError != nil {
					b.cfg.OnServerError(s.name, err)
				}
			}
		})
	}
	wg.Wait()
	select {
	case <-b.allDone:
		return nil
	default:
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if lastErr == nil {
		return errors.New("no server left")
	}
	return fmt.Errorf("no server left: %w", lastErr)
}

// FailRemaining answers with err every puzzle not answered once Run has
// returned: those queued, then those added until the input is closed or
// ctx ends.
func (b *Batch) FailRemaining(ctx context.Context, err error) {
	fresh := (<-chan *job)(b.fresh)
	for {
		j := b.tryNext(&fresh)
		if j == nil && ctx.Err() == nil {
			j = b.next(ctx, &fresh)
		}
		if j == nil {
			return
		}
		b.finish(j, nil, err)
	}
}

// finish answers j with resp, or err when no server answered; a second
// answer of j (a late one of a job answered elsewhere) is dropped.
func (b *Batch) finish(j *job, resp *sudokuv1.BatchAnswer, err error) {
	b.mu.Lock()
	if j.finished {
		b.mu.Unlock()
		return
	}
	j.finished = true
	delete(b.ids, j.item.GetId())
	if resp != nil {
		b.answered++
	}
	b.mu.Unlock()
	b.deliver.Lock()
	b.onAnswer(Answer{ID: j.item.GetId(), Answer: resp, Err: err})
	b.deliver.Unlock()
	// Counted out once delivered: Run returns after the last answer.
	b.mu.Lock()
	b.outstanding--
	b.checkDoneLocked()
	b.mu.Unlock()
}

// checkDoneLocked closes allDone once the input is closed and every job is
// answered.
func (b *Batch) checkDoneLocked() {
	if b.inputDone && b.outstanding == 0 && !b.closed {
		b.closed = true
		close(b.allDone)
	}
}

// next returns the next job to send, retries first; nil once every job
// is answered or ctx ends. fresh is the caller's view of b.fresh, nil once
// it has seen it closed.
func (b *Batch) next(ctx context.Context, fresh *<-chan *job) *job {
	select {
	case j := <-b.retries:
		return j
	default:
	}
	for {
		select {
		case j := <-b.retries:
			return j
		case j, ok := <-*fresh:
			if ok {
				return j
			}
			*fresh = nil
		case <-b.allDone:
			return nil
		case <-ctx.Done():
			return nil
		}
	}
}

// tryNext returns the next job to send if one is ready, retries first;
// nil otherwise.
func (b *Batch) tryNext(fresh *<-chan *job) *job {
	select {
	case j := <-b.retries:
		return j
	default:
	}
	select {
	case j, ok := <-*fresh:
		if ok {
			return j
		}
		*fresh = nil
	default:
	}
	return nil
}

// serve runs streams of one slot until the batch is finished. It retries
// a failed stream with backoff, and gives up the server after
// BatchStreamFailures failures in a row or an error that retrying does
// not cure. After a stream declared hung, the next one probes the server
// before it takes puzzles; a server that answers the probe is alive, its
// slots taken by other calls: its failures start again from none, and
// each time its stream is declared hung again after the probe the next
// waits twice as long (up to maxPatience times PuzzleTimeout), so that
// its puzzles, sent again to the end of its queue each time, come to
// their turn, while those of a busy server still go to an idle one at
// first. A batch whose servers are all busy waits rather than fails.
func (b *Batch) serve(ctx context.Context, s streamSlot) error {
	failures := 0
	var firstFailure time.Time
	backoff := 100 * time.Millisecond
	probe := false
	patience := 1 // PuzzleTimeout times this is the stream's
	for {
		alive := false
		answered, err := b.stream(ctx, s, probe, b.cfg.PuzzleTimeout*time.Duration(patience), &alive)
		if errors.Is(err, errStreamRotated) && ctx.Err() == nil {
			failures, backoff, probe = 0, 100*time.Millisecond, false
			continue
		}
		if err == nil || ctx.Err() != nil {
			return nil
		}
		var hung *hungError
		if probe = errors.As(err, &hung); probe {
			b.mu.Lock()
			b.hangs[s.name]++
			b.mu.Unlock()
		}
		if answered > 0 || alive {
			failures, backoff = 0, 100*time.Millisecond
		}
		switch {
		case answered > 0:
			patience = 1
		case alive && probe: // busy: hung again after its probe was answered
			patience = min(2*patience, maxPatience)
		}
		if failures == 0 {
			firstFailure = time.Now()
		}
		failures++
		if !retryable(err) || failures >= BatchStreamFailures && time.Since(firstFailure) >= b.cfg.GiveUpAfter {
			return err
		}
		if !probe {
			b.mu.Lock()
			f := b.failed[s.name]
			if f.Count == 0 {
				f.First = err
			}
			f.Count++
			b.failed[s.name] = f
			b.mu.Unlock()
		}
		select {
		case <-time.After(max(backoff, retryDelay(err))):
		case <-ctx.Done():
			return nil
		case <-b.allDone:
			return nil
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

// maxPatience bounds how many times PuzzleTimeout a stream to a busy
// server waits (see serve).
const maxPatience = 64

// retryDelay returns how long the server asked the client to wait before
// it calls again (the RetryInfo of a refusal for a rate limit or for the
// server's load), or 0.
func retryDelay(err error) time.Duration {
	for _, d := range status.Convert(err).Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			return max(0, ri.GetRetryDelay().AsDuration())
		}
	}
	return 0
}

// retryable tells whether a stream that failed with err may be opened
// again.
func retryable(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.ResourceExhausted, codes.Aborted, codes.Internal, codes.Unknown:
		return true
	}
	return false
}

// hungError ends a stream that had puzzles out and answered nothing for
// the batch's PuzzleTimeout. Its puzzles given up carry it as
// Unavailable.
type hungError struct {
	server  string
	after   time.Duration
	timeout time.Duration // the batch's PuzzleTimeout; after is longer once the server answered a probe
	out     int           // the puzzles it had not answered
}

func (e *hungError) Error() string {
	window := "the puzzle timeout"
	if e.after > e.timeout {
		window = fmt.Sprintf("the puzzle timeout of %v, lengthened as the server answered a probe", e.timeout)
	}
	return fmt.Sprintf("%s answered nothing in %v (%s) with %d puzzles out: stream declared hung", e.server, e.after, window, e.out)
}

// GRPCStatus makes the error Unavailable, as that of a server gone.
func (e *hungError) GRPCStatus() *status.Status {
	return status.New(codes.Unavailable, e.Error())
}

// ItemTooLargeError answers an item whose request message would be
// larger than the largest the batch sends (BatchConfig.MaxMsgSize, or
// the smaller limit a server named). It is ResourceExhausted.
type ItemTooLargeError struct {
	ID    string // the item's id
	Size  int    // the bytes the item takes in a request message
	Limit int    // the most bytes of items a request message carries
}

func (e *ItemTooLargeError) Error() string {
	return fmt.Sprintf("item %s takes %d bytes, more than the largest request message of %d bytes", e.ID, e.Size, e.Limit)
}

// GRPCStatus makes the error ResourceExhausted.
func (e *ItemTooLargeError) GRPCStatus() *status.Status {
	return status.New(codes.ResourceExhausted, e.Error())
}

// probeID is the id of the probe item, which Add refuses.
const probeID = "probe"

// probeRequest is what a stream to a server declared hung sends first:
// an item with no puzzle text, which a live server answers at once with
// an item error, without solving anything.
var probeRequest = &sudokuv1.SolveBatchRequest{Items: []*sudokuv1.BatchItem{{
	Id:     probeID,
	Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{}},
}}}

// msgLimit returns the most bytes of items a request message carries.
func (b *Batch) msgLimit() int {
	return int(b.maxMsg.Load())
}

// shrinkMsgLimit lowers the size of request messages to fit a server
// that takes messages of limit bytes at most.
func (b *Batch) shrinkMsgLimit(limit int) {
	for {
		cur := b.maxMsg.Load()
		want := int64(limit) - msgOverhead
		if want >= cur || b.maxMsg.CompareAndSwap(cur, want) {
			return
		}
	}
}

// serverLimit reads the largest message a server takes from its error
// for a message too large: "grpc: received message larger than max
// (300000 vs. 262144)".
func serverLimit(err error) (int, bool) {
	st, ok := status.FromError(err)
	if !ok || st.Code() != codes.ResourceExhausted {
		return 0, false
	}
	_, rest, ok := strings.Cut(st.Message(), "larger than max (")
	if !ok {
		return 0, false
	}
	var got, limit int
	if _, err := fmt.Sscanf(rest, "%d vs. %d)", &got, &limit); err != nil || limit <= msgOverhead {
		return 0, false
	}
	return limit, true
}

// requeue sends the jobs of a failed stream again, or gives them up with
// err after batchTries.
func (b *Batch) requeue(jobs map[string]*job, err error) {
	for _, j := range jobs {
		if j.tries == 0 {
			j.firstFail = time.Now()
		}
		// Given up after its tries, over GiveUpAfter at least: a
		// server's restart fails a puzzle's streams in quick succession.
		if j.tries++; j.tries >= batchTries && time.Since(j.firstFail) >= b.cfg.GiveUpAfter {
			b.finish(j, nil, err)
			continue
		}
		b.retries <- j // never blocks: it has room for every job in flight
	}
}

// giveBack returns jobs taken by a stream and not sent (nil ones aside) to
// be sent by any stream.
func (b *Batch) giveBack(jobs []*job) {
	for _, j := range jobs {
		if j != nil {
			b.retries <- j // never blocks: it has room for every job in flight
		}
	}
}

// request returns the request message of jobs.
func request(jobs []*job) *sudokuv1.SolveBatchRequest {
	req := &sudokuv1.SolveBatchRequest{Items: make([]*sudokuv1.BatchItem, len(jobs))}
	for i, j := range jobs {
		req.Items[i] = j.item
	}
	return req
}

// outstanding is what a stream has sent and not had answered: its jobs in
// flight, and the probe.
type outstanding struct {
	mu       sync.Mutex
	inflight map[string]*job
	probing  bool      // the probe is out, unanswered
	since    time.Time // of the last answer, or of the send that found nothing out
	hung     bool      // declared hung: answers no longer count
	// handing is set while the receiver hands answers to the batch's
	// answer function, which may wait on the caller (output piped to a
	// paused reader): the server's silence is not counted meanwhile.
	handing bool
}

// handOut marks the receiver handing answers over (on) or done with them:
// the time taken does not count against the server.
func (o *outstanding) handOut(on bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.handing = on
	if !on {
		o.since = time.Now()
	}
}

// add records jobs sent, or the probe when jobs is nil; false when the
// stream is declared hung.
func (o *outstanding) add(jobs []*job) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.hung {
		return false
	}
	if len(o.inflight) == 0 && !o.probing {
		o.since = time.Now()
	}
	if jobs == nil {
		o.probing = true
	}
	for _, j := range jobs {
		o.inflight[j.item.GetId()] = j
	}
	return true
}

// answer records the answer of id and returns its job; nil for an id
// not in flight. ok is false once the stream is declared hung.
func (o *outstanding) answer(id string) (j *job, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.hung {
		return nil, false
	}
	o.since = time.Now()
	if id == probeID && o.probing {
		o.probing = false
		return nil, true
	}
	j = o.inflight[id]
	delete(o.inflight, id)
	return j, true
}

// beat records a message without answers, which a server sends while it
// solves the stream's puzzles: the stream is not hung.
func (o *outstanding) beat() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.hung {
		o.since = time.Now()
	}
}

// count returns the number of jobs in flight.
func (o *outstanding) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.inflight)
}

// left returns the jobs in flight, once the sender is done.
func (o *outstanding) left() map[string]*job {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.inflight
}

// watch declares the stream hung, and calls hang, once it has had
// something out and answered nothing for after; it returns then or when
// ctx ends.
func (o *outstanding) watch(ctx context.Context, after time.Duration, hang func()) {
	t := time.NewTimer(after)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
		o.mu.Lock()
		wait := after
		if (len(o.inflight) > 0 || o.probing) && !o.handing {
			if wait = time.Until(o.since.Add(after)); wait <= 0 {
				o.hung = true
			}
		}
		hung := o.hung
		o.mu.Unlock()
		if hung {
			hang()
			return
		}
		t.Reset(wait)
	}
}

// stream runs one SolveBatch stream: it sends jobs, at most InFlight
// unanswered and up to PerMessage in a message, until there are no
// more, and finishes each job answered. When the stream fails, or answers
// nothing for PuzzleTimeout while it has jobs out (it is declared hung
// and cancelled), the jobs it did not answer are sent again by any
// stream. It is declared hung after after, 0 for never. With probe, it
// first sends probeRequest alone and takes jobs once that is answered (it
// then sets *alive), so that no job waits on a server still hung. It
// returns the number of answers, the probe's aside.
func (b *Batch) stream(ctx context.Context, s streamSlot, probe bool, after time.Duration, alive *bool) (int, error) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Opening a stream waits for the connection, which to a frozen server
	// may take until its connect timeout: the end of the batch cuts that
	// short.
	opened := make(chan struct{})
	go func() {
		select {
		case <-b.allDone:
			cancel()
		case <-opened:
		}
	}()
	stream, err := s.client.rpc.SolveBatch(sctx)
	close(opened)
	openedAt := time.Now()
	if err != nil {
		select {
		case <-b.allDone:
			return 0, nil
		default:
			return 0, err
		}
	}
	out := &outstanding{inflight: map[string]*job{}}
	if after > 0 {
		go out.watch(sctx, after, cancel)
	}
	window := make(chan struct{}, b.cfg.InFlight)
	// Slow start, when streams share the batch: the window opens at
	// startWindow puzzles and widens by one for each puzzle answered
	// (doubling each round trip) up to InFlight, its slots held closed
	// meanwhile. Without it the stream that opens first takes a small
	// batch whole, as fast as it reads it, while the streams to the other
	// servers are still opening (17 puzzles on three servers went 17, 0,
	// 0), and a batch of slow puzzles waits on one server.
	closed := 0
	if len(b.slots) > 1 {
		closed = max(0, b.cfg.InFlight-startWindow)
		for range closed {
			window <- struct{}{}
		}
	}
	sent := make(chan struct{})
	aliveCh := make(chan struct{}) // closed once the probe is answered
	rotated := false               // set by the sender before it closes sent
	inputOver := false             // likewise: it closed its side at the input's end
	quota := s.quota()
	go func() {
		defer close(sent)
		if probe {
			if !out.add(nil) || stream.Send(probeRequest) != nil {
				return
			}
			select {
			case <-aliveCh:
			case <-sctx.Done():
				return
			case <-b.allDone:
				cancel() // nothing of the batch is out: end the stream
				return
			}
		}
		fresh := (<-chan *job)(b.fresh)
		var carry *job // taken, with its window slot, but left out of the last message
		nSent := 0
		for {
			j := carry
			carry = nil
			if j == nil {
				select {
				case window <- struct{}{}:
				case <-sctx.Done():
					return
				}
				if quota > 0 && nSent >= quota {
					rotated = true
					stream.CloseSend()
					return
				}
				if j = b.next(sctx, &fresh); j == nil {
					inputOver = sctx.Err() == nil
					stream.CloseSend()
					return
				}
			}
			limit := b.msgLimit()
			if j.size > limit {
				<-window
				b.finish(j, nil, &ItemTooLargeError{ID: j.item.GetId(), Size: j.size, Limit: limit})
				continue
			}
			// Add the jobs ready, while the window has room and the message
			// stays under the limit, so that a message carries many when
			// the input is ahead.
			jobs := []*job{j}
			size := j.size
		gather:
			for len(jobs) < b.cfg.PerMessage {
				select {
				case window <- struct{}{}:
				default:
					break gather // the window is full
				}
				if j = b.tryNext(&fresh); j == nil {
					<-window
					break
				}
				if size+j.size > limit {
					carry = j
					break
				}
				jobs = append(jobs, j)
				size += j.size
			}
			if !out.add(jobs) {
				// Declared hung: the jobs go back for the others.
				b.giveBack(append(jobs, carry))
				return
			}
			nSent += len(jobs)
			if stream.Send(request(jobs)) != nil {
				if carry != nil && !out.add([]*job{carry}) {
					b.giveBack([]*job{carry})
				}
				return // Recv tells why
			}
		}
	}()

	answered := 0
	probed := false
	for {
		resp, err := stream.Recv()
		if err == nil {
			if len(resp.GetAnswers()) == 0 {
				out.beat() // the server's heartbeat: it is solving
				continue
			}
			out.handOut(true)
			for _, a := range resp.GetAnswers() {
				j, ok := out.answer(a.GetId())
				if !ok {
					break // declared hung: the jobs go to the others
				}
				if a.GetId() == probeID && probe && !probed {
					probed = true
					// The server is alive: its slots may all be taken by
					// others' calls, and its puzzles wait for one, longer
					// than the timeout. It is not given up for that, and
					// its next stream waits longer (see serve).
					*alive = true
					close(aliveCh)
					continue
				}
				if j == nil {
					continue // not ours: ignore it
				}
				<-window
				if closed > 0 {
					<-window // one more slot opens
					closed--
				}
				answered++
				b.finish(j, a, nil)
			}
			out.handOut(false)
			continue
		}
		if err == io.EOF && !out.isHung() {
			n := out.count()
			if n == 0 {
				cancel() // a sender still waiting for input takes no more
				<-sent
				switch n = out.count(); {
				case rotated && n == 0:
					return answered, errStreamRotated
				case inputOver && n == 0:
					return answered, nil
				}
				// The server ended the stream before the client closed
				// its side (solverd never does): the input goes on, and
				// a puzzle the sender took since is unanswered. Send them
				// again, on this server after a pause or on another.
				err = status.Errorf(codes.Internal, "the server ended the stream before the client closed its side, %d puzzles unanswered", n)
			} else {
				err = status.Errorf(codes.Internal, "stream ended with %d puzzles unanswered", n)
			}
		}
		cancel()
		<-sent
		inflight := out.left() // the sender is done: no more are added
		if out.isHung() {
			herr := &hungError{server: s.name, after: after, timeout: b.cfg.PuzzleTimeout, out: len(inflight)}
			if ctx.Err() == nil {
				// Sent again without counting a try: a server hung for
				// good is given up (serve), and then its puzzles fail
				// with no server left, while one that answers the probe
				// was only busy, its puzzles waiting for a slot.
				for _, j := range inflight {
					b.retries <- j // never blocks: it has room for every job in flight
				}
				return answered, herr
			}
		}
		if len(inflight) == 0 {
			select {
			case <-b.allDone:
				return answered, nil // a probe cut short: the batch is over
			default:
			}
			if status.Code(err) == codes.Unavailable && ctx.Err() == nil && time.Since(openedAt) >= idleStreamAge {
				// The server closed a stream that had nothing to do for a
				// while (the input was slow): open another, as after a
				// quota, counting no failure.
				return answered, errStreamRotated
			}
		}
		if limit, ok := serverLimit(err); ok {
			// The server takes smaller messages than MaxMsgSize: fit
			// them to its limit, and send the puzzles again, without
			// counting this try.
			b.shrinkMsgLimit(limit)
			for _, j := range inflight {
				b.retries <- j
			}
			return answered, err
		}
		if ctx.Err() != nil {
			// The batch is over: its end finishes the jobs.
			for _, j := range inflight {
				b.retries <- j // never blocks: it has room for every job in flight
			}
			return answered, err
		}
		b.requeue(inflight, err)
		return answered, err
	}
}

// isHung reports whether the stream was declared hung.
func (o *outstanding) isHung() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.hung
}
