package service

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// errDraining stops a batch from taking puzzles when the server shuts down.
var errDraining = errors.New("server is shutting down")

// SolveBatch solves the puzzles a client streams, Config.BatchWorkers at a
// time, and answers each once it is solved, with its id as sent; answers
// may come in another order than the puzzles. A puzzle that cannot be
// solved (bad input, a bound reached, its deadline of Config.DefaultTimeout
// passed) gets an ItemError in its answer, coded as a call with that error
// would be, and the stream goes on. So does a puzzle whose id, when not
// empty, is that of one of the last recentIDWindow puzzles of the stream:
// it is not solved, and its answer is an InvalidArgument ItemError that
// says the id is repeated. A request message without puzzles is ignored.
//
// A request message may carry many puzzles, and a response message
// carries the answers ready together: while other puzzles of the stream
// are being solved, an answer waits up to Config.BatchLinger for others
// to share its message, so that a large batch does not pay gRPC's cost
// per message for every puzzle.
//
// A request message carries at most MaxBatchItems puzzles (more end the
// stream with ResourceExhausted before the message is decoded), and the
// server reads the next message only when fewer than batchReadAhead
// puzzles wait for a worker; a worker takes a puzzle only when its previous answer
// fits in a queue of batchOutbox answers (of Config.MaxSendMsgSize bytes
// at most): a client that sends faster than the server solves, or reads
// slower, is held back by gRPC flow control, and the memory a batch holds
// does not grow with its length.
//
// The stream ends with OK once the client has closed its side and every
// puzzle received is answered. It ends early when the client cancels
// (Canceled), its deadline passes (DeadlineExceeded), it reads nothing for
// Config.StallTimeout (ResourceExhausted), a message it sends is too large
// (ResourceExhausted) or not a valid request (InvalidArgument); the
// handler returns the code the client gets.
//
// A stream also ends, with Unavailable, when it is idle (see batchIdle):
// the client sent no message for Config.BatchIdleTimeout, from the
// stream's opening or its last message, while no puzzle of the stream was
// in flight.
// Every puzzle received was then answered, so the client may open a
// stream again, here or to another server, when it has more to send.
// Unavailable says just that, as for a server going away; DeadlineExceeded
// would read as the client's own deadline, which clients do not retry.
//
// When the server shuts down, the batch stops reading, answers the
// puzzles its workers have, drops those queued and ends with Unavailable,
// also when the client has closed its side (OK only if no puzzle was
// dropped): a puzzle without an answer was not solved and may be sent
// again, to this server or another.
func (s *Server) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	workers := s.cfg.BatchWorkers
	var busy atomic.Int64    // workers with a puzzle of this stream
	var solving atomic.Int64 // those solving it, a slot taken
	idle := newBatchIdle(s.cfg.BatchIdleTimeout)
	defer idle.stop()
	send := func(answers []batchAnswer) error {
		resp := &sudokuv1.SolveBatchResponse{Answers: make([]*sudokuv1.BatchAnswer, len(answers))}
		for i, a := range answers {
			resp.Answers[i] = a.answer
		}
		return stream.Send(resp)
	}
	out := newOutbox(send, batchOutbox, s.cfg.StallTimeout, grouping[batchAnswer]{
		max:    maxAnswersPerMessage,
		bytes:  s.cfg.MaxSendMsgSize - messageOverhead,
		size:   func(a batchAnswer) int { return a.size },
		linger: s.cfg.BatchLinger,
		more:   func() bool { return busy.Load() > 0 },
		held:   s.cfg.MaxSendMsgSize,
		// Beats say a puzzle is being solved: a server whose puzzles
		// wait for a slot sends none, and a client may send them to
		// another.
		beat:    s.cfg.BatchHeartbeat,
		working: func() bool { return solving.Load() > 0 },
	}, func(a batchAnswer) {
		s.countAnswer(a)
		idle.answered()
	})

	items := newItemQueue(batchReadAhead, recentIDWindow)
	// When the call ends early or the server drains, the workers stop
	// taking puzzles: those queued go unanswered.
	dropped := testHookBatchDropped // read here: the goroutine may outlive the call
	go func() {
		select {
		case <-ctx.Done():
		case <-s.draining:
		}
		items.drop()
		if dropped != nil {
			dropped()
		}
	}()
	recvDone := make(chan error, 1) // filled before items closes
	go func() {
		err := s.receive(stream, items, idle)
		// A stream the client closed ends once its puzzles are answered:
		// it is never idle.
		idle.stop()
		recvDone <- err
		items.close()
	}()

	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { s.batchWorker(ctx, items, out, &busy, &solving) })
	}
	workersDone := make(chan struct{})
	go func() {
		wg.Wait()
		out.close()
		close(workersDone)
	}()

	// abort ends the call early: it stops the workers and waits for them.
	// The goroutines that receive and send end when the handler returns,
	// which ends the stream.
	abort := func(err error) error {
		cancel()
		<-workersDone
		return s.streamStatus(err)
	}
	recvErr := error(nil)
	for wait := true; wait; {
		select {
		case err := <-recvDone:
			recvErr, recvDone = err, nil // a nil channel is never ready again
			if err != io.EOF && !errors.Is(err, errDraining) {
				// A bad message or the client gone: gRPC has ended the
				// stream already, or the error ends it.
				return abort(err)
			}
		case <-out.done:
			wait = false
		case <-out.stalled:
			return abort(out.stallError())
		case <-idle.expired:
			return abort(idle.err())
		case <-ctx.Done():
			// gRPC ends the stream's context when it fails a message it
			// received, after telling the client why: that is the code.
			err := ctx.Err()
			if recvDone != nil {
				if rerr := <-recvDone; isStatus(rerr) {
					err = rerr
				}
			}
			return abort(err)
		}
	}
	if err := out.failure(); err != nil {
		return abort(s.sendStatus(stream.Context(), err))
	}
	if err := ctx.Err(); err != nil {
		return abort(err)
	}
	if recvErr == nil {
		select {
		case recvErr = <-recvDone:
		default:
			// The workers stopped while the receiver waits for the
			// client: only a shutdown does that.
			return drainStatus()
		}
	}
	switch {
	case recvErr == io.EOF && items.lost() == 0:
		return nil
	case recvErr == io.EOF, errors.Is(recvErr, errDraining):
		// The server drained after the client closed its side and
		// dropped puzzles still queued (ctx, which drops them too, has
		// not ended): OK would say that they were answered.
		return drainStatus()
	}
	return toStatus(recvErr)
}

// Bounds of a SolveBatch stream.
const (
	// batchReadAhead is the number of puzzles received and not yet taken
	// by a worker, at most: enough that the workers do not wait for the
	// goroutine that receives, which on a busy server runs late.
	batchReadAhead = 64
	// batchOutbox is the number of answers waiting to be sent, at most
	// (and their size at most Config.MaxSendMsgSize): enough that the
	// workers do not wait for the goroutine that sends.
	batchOutbox = 64

	// recentIDWindow is the number of recent puzzles of a stream whose
	// ids a puzzle may not repeat.
	recentIDWindow = 1 << 16

	// maxAnswersPerMessage is the number of answers a message carries at
	// most.
	maxAnswersPerMessage = 128
	// messageOverhead is the most an answer's encoding grows by in a
	// response message: its tag and length.
	messageOverhead = 1 + binary.MaxVarintLen32
)

// batchAnswer is an answer with the size of its encoding.
type batchAnswer struct {
	answer *sudokuv1.BatchAnswer
	size   int // of answer, in a response message
}

// isStatus reports whether err is a gRPC status error.
func isStatus(err error) bool {
	_, ok := status.FromError(err)
	return ok && err != nil
}

func drainStatus() error {
	return status.Error(codes.Unavailable, "server is shutting down: puzzles without an answer were not solved; send them again")
}

// receive hands the puzzles of stream to the workers, telling idle of
// each message, until the client closes its side (io.EOF), a message
// fails, or the queue is dropped because the call ends or the server
// drains.
func (s *Server) receive(stream sudokuv1.SudokuService_SolveBatchServer, items *itemQueue, idle *batchIdle) error {
	for {
		if !items.waitRoom() {
			return s.queueEnded()
		}
		req, err := stream.Recv()
		if err != nil {
			return err
		}
		// Counted in flight before a worker can answer them.
		idle.received(len(req.GetItems()))
		if len(req.GetItems()) == 0 {
			continue // nothing to do: a client's empty flush
		}
		if !items.add(req.GetItems()) {
			return s.queueEnded()
		}
	}
}

// queueEnded is receive's error once its queue is dropped: the server
// drains, or the call is over.
func (s *Server) queueEnded() error {
	select {
	case <-s.draining:
		return errDraining
	default:
		return context.Canceled
	}
}

// batchWorker answers puzzles from items until there are no more, ctx
// ends or the answers cannot be sent. busy counts the workers with a
// puzzle, solving those that solve one (see itemClock.solving).
func (s *Server) batchWorker(ctx context.Context, items *itemQueue, out *outbox[batchAnswer], busy, solving *atomic.Int64) {
	clock := newItemClock(ctx, s.cfg.DefaultTimeout)
	clock.solving = solving
	defer clock.close()
	for {
		item, repeated, ok := items.take()
		if !ok {
			return
		}
		if repeated {
			if err := out.put(ctx, repeatedAnswer(item.GetId())); err != nil {
				return
			}
			continue
		}
		busy.Add(1)
		a, ok := s.answer(ctx, clock, item)
		// Not busy before the answer is queued, so that the outbox never
		// lingers for an answer that is already there.
		busy.Add(-1)
		if !ok {
			return
		}
		if err := out.put(ctx, a); err != nil {
			return
		}
	}
}

// answer solves one puzzle of a batch, timed by clock. It reports false
// when ctx, the stream's, ends first: there is nobody to answer.
func (s *Server) answer(ctx context.Context, clock *itemClock, item *sudokuv1.BatchItem) (batchAnswer, bool) {
	a := &sudokuv1.BatchAnswer{Id: item.GetId()}
	resp, err := s.solveItem(ctx, clock, item)
	if ctx.Err() != nil {
		return batchAnswer{}, false
	}
	size := 0
	if err == nil {
		a.Outcome = &sudokuv1.BatchAnswer_Result{Result: resp.GetResult()}
		a.Steps = resp.GetSteps()
		size = proto.Size(a) + messageOverhead
		if size > s.cfg.MaxSendMsgSize {
			err = tooLarge(len(a.Steps), size, s.cfg.MaxSendMsgSize)
			a.Steps = nil
		}
	}
	if err != nil {
		a.Outcome = &sudokuv1.BatchAnswer_Error{Error: toItemError(err)}
		size = proto.Size(a) + messageOverhead
	}
	return batchAnswer{answer: a, size: size}, true
}

// repeatedAnswer is the answer to a puzzle whose id is that of a recent
// puzzle of the stream.
func repeatedAnswer(id string) batchAnswer {
	err := grid.FieldErrorf("id", "repeats the id of a puzzle sent before in this stream (among the last %d); each puzzle needs an id of its own", recentIDWindow)
	a := &sudokuv1.BatchAnswer{Id: id, Outcome: &sudokuv1.BatchAnswer_Error{Error: toItemError(err)}}
	return batchAnswer{answer: a, size: proto.Size(a) + messageOverhead}
}

// solveItem solves one puzzle of a batch in a solving slot, waiting for
// one as long as the stream lasts. The item's deadline, Config.
// DefaultTimeout, runs on clock from when it has its slot.
//
// With tracing, the puzzle has a span of its own, a child of the stream's.
func (s *Server) solveItem(ctx context.Context, clock *itemClock, item *sudokuv1.BatchItem) (resp *sudokuv1.SolveResponse, err error) {
	spanCtx, span := startItemSpan(ctx, item.GetId())
	defer func() { endItemSpan(span, err) }()
	defer func() {
		// A worker's panic would end the process: it is this puzzle's
		// Internal error instead, logged, and the stream goes on.
		if p := recover(); p != nil {
			resp, err = nil, s.recovered(ctx, p)
		}
	}()
	// An item without a puzzle, what a client probing a server it took
	// for hung sends, is refused at once: a server whose slots are all
	// taken shows so that it is alive, and its client waits rather than
	// give it up.
	if noPuzzle(item.GetPuzzle()) {
		_, _, err := s.prepare(item.GetPuzzle(), item.GetOptions())
		if err == nil {
			err = status.Error(codes.Internal, "an item without a puzzle was taken") // prepare refuses it
		}
		return nil, err
	}
	// The slot first, then the puzzle decoded: a decoded board holds its
	// layout (854 KiB for a 32×32), and a stream counts as one call
	// against -max-total-streams whatever its boards, so the workers of
	// every stream holding one while they wait for a slot passed the
	// pod's memory. So only the puzzles being solved are decoded.
	if err := s.limit.acquire(ctx, false); err != nil {
		return nil, err
	}
	defer s.limit.release()
	p, opts, err := s.prepare(item.GetPuzzle(), item.GetOptions())
	if err != nil {
		return nil, err
	}
	basic, err := basicView(item.GetView())
	if err != nil {
		return nil, err
	}
	if clock.solving != nil {
		clock.solving.Add(1)
		defer clock.solving.Add(-1)
	}
	if testHookSolveItem != nil {
		testHookSolveItem(item)
	}
	solveCtx := clock.start()
	if spanCtx != ctx {
		solveCtx = trace.ContextWithSpan(solveCtx, span)
	}
	resp, err = s.solve(solveCtx, p, opts, item.GetOptions(), item.GetIncludeSteps(), basic)
	return resp, clock.stop(err)
}

// noPuzzle reports whether p carries no puzzle: neither a board nor text.
func noPuzzle(p *sudokuv1.Puzzle) bool {
	switch src := p.GetSource().(type) {
	case *sudokuv1.Puzzle_Text:
		return src.Text == ""
	case *sudokuv1.Puzzle_Board:
		return src.Board == nil
	}
	return true
}

// testHookSolveItem, when set, is called with each valid batch puzzle
// once it has its slot, before it is solved: a test's way to make one
// panic, or take long.
var testHookSolveItem func(*sudokuv1.BatchItem)

// testHookBatchDropped, when set, is called once a batch has dropped the
// puzzles it had queued, as the call ended or the server drained.
var testHookBatchDropped func()

// itemClock gives each puzzle a worker solves a deadline of its own
// without a context per puzzle, which costs more than a short solve
// gains from not being bounded: one context serves puzzle after puzzle,
// and is made again only after a puzzle runs out of time.
type itemClock struct {
	parent  context.Context
	timeout time.Duration
	ctx     context.Context // nil until the first start
	cancel  context.CancelCauseFunc
	timer   *time.Timer // cancels ctx with DeadlineExceeded as its cause
	// solving, when not nil, counts the stream's puzzles being solved,
	// each from when it has its solving slot to its answer.
	solving *atomic.Int64
}

func newItemClock(parent context.Context, timeout time.Duration) *itemClock {
	return &itemClock{parent: parent, timeout: timeout}
}

// start returns the context of the next puzzle: done when the parent is,
// or after the timeout, and with that deadline, which the solver reads to
// share the time between logic and guessing as a unary solve does (a
// batch puzzle of a deadline that logic alone would spend failed where
// Solve answered).
func (c *itemClock) start() context.Context {
	deadline := time.Now().Add(c.timeout)
	if d, ok := c.parent.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	if c.ctx != nil && c.ctx.Err() == nil {
		c.timer.Reset(c.timeout)
		return itemContext{c.ctx, deadline}
	}
	c.close()
	ctx, cancel := context.WithCancelCause(c.parent)
	c.ctx, c.cancel = ctx, cancel
	c.timer = time.AfterFunc(c.timeout, func() { cancel(context.DeadlineExceeded) })
	return itemContext{ctx, deadline}
}

// itemContext is an item clock's context with the puzzle's deadline.
type itemContext struct {
	context.Context
	deadline time.Time
}

// Deadline returns the puzzle's deadline.
func (c itemContext) Deadline() (time.Time, bool) { return c.deadline, true }

// stop ends the time of the puzzle that ended with err, and returns err,
// or DeadlineExceeded saying which deadline passed when its time ran out
// (a bare "context deadline exceeded" named no bound the client could
// change, where a unary call names solverd's -default-timeout).
func (c *itemClock) stop(err error) error {
	// Stop fails once the timer has fired. Its function cancels the
	// context, perhaps not yet: reused, it would fail the next puzzle.
	fired := !c.timer.Stop()
	if err != nil && c.ctx.Err() != nil && c.parent.Err() == nil && errors.Is(context.Cause(c.ctx), context.DeadlineExceeded) {
		err = fmt.Errorf("%w: the puzzle's deadline of %v (solverd's -default-timeout, which each puzzle of a batch has) passed", context.DeadlineExceeded, c.timeout)
	}
	if fired {
		c.close() // the next start makes a context of its own
	}
	return err
}

// close releases the clock's timer and context.
func (c *itemClock) close() {
	if c.timer != nil {
		c.timer.Stop()
		c.cancel(context.Canceled)
		c.ctx, c.cancel, c.timer = nil, nil, nil
	}
}

// countAnswer counts an answer sent.
func (s *Server) countAnswer(a batchAnswer) {
	s.batchAnswers.Add(1)
	if a.answer.GetError() != nil {
		s.batchItemErrors.Add(1)
	}
}

// batchIdle tells when a SolveBatch stream is idle: its client has sent
// no message for the idle timeout while none of its puzzles was in
// flight (received and not yet answered: queued, waiting for a solving
// slot, being solved, or its answer waiting to be sent). Its clock starts
// when the stream opens (a client may open it before it has a puzzle to
// send, so the request timeout does not apply to SolveBatch), restarts at
// every message and when the
// last puzzle in flight is answered, and stops while puzzles are in
// flight. A client that reads no answers keeps them in flight: the stall
// timeout ends its stream instead.
type batchIdle struct {
	timeout  time.Duration // not positive: never idle
	inFlight atomic.Int64
	expired  chan struct{} // closed when the stream is idle

	mu      sync.Mutex
	timer   *time.Timer // of the latest arming; nil before the first
	armings uint64      // counts arm and disarm, so that a timer that fires late is ignored
	stopped bool
}

// newBatchIdle returns the idleness of a stream just opened, whose clock
// starts at once.
func newBatchIdle(timeout time.Duration) *batchIdle {
	b := &batchIdle{timeout: timeout, expired: make(chan struct{})}
	b.mu.Lock()
	b.arm()
	b.mu.Unlock()
	return b
}

// received counts a message of n puzzles in flight and restarts the
// clock, or stops it while puzzles are in flight.
func (b *batchIdle) received(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	// Counted with the lock held: counted before, a message could see the
	// last puzzle still in flight, then stop the clock that answered had
	// restarted meanwhile, with none in flight.
	if b.inFlight.Add(int64(n)) > 0 {
		b.disarm()
	} else {
		b.arm()
	}
}

// answered counts a puzzle answered, and restarts the clock when it was
// the last in flight.
func (b *batchIdle) answered() {
	if b.inFlight.Add(-1) > 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	// A message received since may have put puzzles in flight again;
	// then received, which counts them with the lock held, stops the
	// clock before or after this.
	if b.inFlight.Load() == 0 {
		b.arm()
	}
}

// stop stops the clock for good: the client closed its side, or the
// stream ended.
func (b *batchIdle) stop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stopped = true
	b.disarm()
}

// arm restarts the clock. b.mu is held.
func (b *batchIdle) arm() {
	if b.timeout <= 0 || b.stopped {
		return
	}
	b.disarm()
	arming := b.armings
	b.timer = time.AfterFunc(b.timeout, func() { b.expire(arming) })
}

// disarm stops the clock. b.mu is held.
func (b *batchIdle) disarm() {
	b.armings++
	if b.timer != nil {
		b.timer.Stop()
	}
}

// expire closes expired if the clock was not restarted or stopped since
// arming, and no puzzle is in flight.
func (b *batchIdle) expire(arming uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if arming != b.armings || b.stopped || b.inFlight.Load() != 0 {
		return
	}
	b.stopped = true
	close(b.expired)
}

// err is the status of a stream ended idle. It names solverd's flag, as
// the client cannot tell the timeout otherwise.
func (b *batchIdle) err() error {
	return status.Errorf(codes.Unavailable, "idle stream closed: no request for %v and no puzzle in flight (solverd -batch-idle-timeout); open a new stream to send more", b.timeout)
}
