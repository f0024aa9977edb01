package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// errTooLarge is an answer larger than the server sends.
var errTooLarge = errors.New("answer too large")

// Solve solves one puzzle.
func (s *Server) Solve(ctx context.Context, req *sudokuv1.SolveRequest) (_ *sudokuv1.SolveResponse, err error) {
	ctx, end := s.bound(ctx)
	defer end(&err)
	p, opts, err := s.prepareSized(req.GetPuzzle(), req.GetOptions(), func(n int) error { return weigh(ctx, n) })
	if err != nil {
		return nil, toStatus(err)
	}
	basic, err := basicView(req.GetView())
	if err != nil {
		return nil, toStatus(err)
	}
	sl, err := s.admit(ctx) // weighed as its board was decoded
	if err != nil {
		return nil, toStatus(err)
	}
	defer sl.release()
	resp, err := s.solve(ctx, p, opts, req.GetOptions(), req.GetIncludeSteps(), basic)
	if err != nil {
		return nil, toStatus(err)
	}
	if req.GetIncludeSteps() {
		if err := s.checkSize(resp, len(resp.GetSteps())); err != nil {
			return nil, toStatus(err)
		}
	}
	return resp, nil
}

// solve solves p, collecting the steps when asked, and rates it as Sudoku
// Explainer does when o asks; a basic result leaves out the board and the
// packed string.
func (s *Server) solve(ctx context.Context, p *decodedPuzzle, opts solver.Options, o *sudokuv1.SolveOptions, includeSteps, basic bool) (*sudokuv1.SolveResponse, error) {
	resp := &sudokuv1.SolveResponse{}
	var emit solver.Emit
	if includeSteps {
		names := p.names()
		// The answer is sized as it grows, and refused once it is larger
		// than the server sends: every step carries the packed board (7 KB
		// on a 32×32), and the steps of a long solve held to its end took
		// a gigabyte before the answer was refused.
		size := 0
		emit = func(index int, step *strategy.Step, b *grid.Board) error {
			ps := protoconv.StepToProto(index, step, names, protoconv.Pack(b))
			// One message holds every step: a trial's outline, as long
			// again as its explanation, would have it refused as too
			// large sooner (Step.outline: SolveSteps sends it).
			ps.Outline = nil
			if size += messageOverhead + proto.Size(ps); size > s.cfg.MaxSendMsgSize {
				return tooLarge(len(resp.Steps)+1, size, s.cfg.MaxSendMsgSize)
			}
			resp.Steps = append(resp.Steps, ps)
			return nil
		}
	}
	res, err := solver.Solve(ctx, p.board, opts, emit)
	traceSolve(ctx, p.board, res, err)
	if err != nil {
		return nil, optionLimits(err)
	}
	resp.Result = protoconv.ResultToProto(res, p.symbols, basic)
	if o.GetExplainerRating() {
		resp.Result.Explainer = explainerRating(p.board, res)
	}
	return resp, nil
}

// checkSize fails when m is larger than the server sends, with advice
// for an answer of steps steps.
func (s *Server) checkSize(m proto.Message, steps int) error {
	size := proto.Size(m)
	if size <= s.cfg.MaxSendMsgSize {
		return nil
	}
	return tooLarge(steps, size, s.cfg.MaxSendMsgSize)
}

// tooLarge is the error of an answer whose first steps steps (all of them,
// or those taken when it outgrew the limit) make size bytes, over the
// limit.
func tooLarge(steps, size, limit int) error {
	return fmt.Errorf("%w: the answer with its first %d steps is %d bytes, more than the limit of %d; stream the steps with SolveSteps or lower options.max_steps",
		errTooLarge, steps, size, limit)
}

// basicView checks the view a request asks for, and reports whether it
// is RESULT_VIEW_BASIC.
func basicView(v sudokuv1.ResultView) (bool, error) {
	switch v {
	case sudokuv1.ResultView_RESULT_VIEW_UNSPECIFIED, sudokuv1.ResultView_RESULT_VIEW_FULL:
		return false, nil
	case sudokuv1.ResultView_RESULT_VIEW_BASIC:
		return true, nil
	}
	return false, grid.FieldErrorf("view", "unknown value %d", v)
}

// SolveSteps solves one puzzle, sending every step as soon as it is taken
// and the result last.
//
// The solver does not wait on the client: steps go through a buffer of
// Config.StreamBuffer messages to a goroutine that sends them. When the
// client reads slower than the solver works and the buffer fills, the
// solver gives up its solving slot until there is room again. A client
// that reads nothing for Config.StallTimeout gets ResourceExhausted; one
// that goes away cancels the stream's context, which stops the solver at
// its next step; the default deadline ends the call even when the client
// reads nothing.
func (s *Server) SolveSteps(req *sudokuv1.SolveStepsRequest, stream sudokuv1.SudokuService_SolveStepsServer) (err error) {
	ctx, end := s.bound(stream.Context())
	defer end(&err)
	p, opts, sl, err := s.prepareAdmitted(ctx, req.GetPuzzle(), req.GetOptions())
	if err != nil {
		return toStatus(err)
	}
	defer sl.release()

	send := func(m []*sudokuv1.SolveStepsResponse) error { return stream.Send(m[0]) }
	out := newOutbox(send, s.cfg.StreamBuffer, s.cfg.StallTimeout, grouping[*sudokuv1.SolveStepsResponse]{
		size: func(m *sudokuv1.SolveStepsResponse) int { return proto.Size(m) },
		held: s.cfg.StreamBufferBytes,
	}, nil)
	defer out.close()
	names := p.names()
	emit := func(index int, step *strategy.Step, b *grid.Board) error {
		m := &sudokuv1.SolveStepsResponse{
			Event: &sudokuv1.SolveStepsResponse_Step{Step: protoconv.StepToProto(index, step, names, protoconv.Pack(b))},
		}
		it, ok := out.tryPutSized(m)
		if ok {
			return nil
		}
		// The client is behind: do not hold a slot while it catches up.
		sl.release()
		if err := out.putSized(ctx, it); err != nil {
			return err
		}
		return sl.reacquire(ctx)
	}
	res, solveErr := solver.Solve(ctx, p.board, opts, emit)
	traceSolve(ctx, p.board, res, solveErr)
	sl.release()
	if solveErr == nil {
		result := protoconv.ResultToProto(res, p.symbols, false)
		if req.GetOptions().GetExplainerRating() {
			result.Explainer = explainerRating(p.board, res)
		}
		solveErr = out.put(ctx, &sudokuv1.SolveStepsResponse{
			Event: &sudokuv1.SolveStepsResponse_Result{Result: result},
		})
	}
	// Deliver the steps taken, also before an error status.
	out.close()
	if err := out.wait(ctx); err != nil {
		return s.streamStatus(s.sendStatus(stream.Context(), err))
	}
	return s.streamStatus(optionLimits(solveErr))
}

// streamStatus is toStatus for the end of a stream, counting stalls.
func (s *Server) streamStatus(err error) error {
	if errors.Is(err, errStalled) {
		s.stalls.Add(1)
	}
	return toStatus(err)
}

// sendStatus returns err, a stream's failure to send, as Canceled when
// the client went away: a client killed while its stream is sent to
// closes the connection, which fails the send with the transport's
// Unavailable just before it cancels the stream's context (ctx), and
// Unavailable is what alerts read as the server's fault. It is the code
// a client that goes away while the server solves gets. While the server
// drains, or when ctx does not end soon after, err stays as it is.
func (s *Server) sendStatus(ctx context.Context, err error) error {
	if status.Code(err) != codes.Unavailable {
		return err
	}
	t := time.NewTimer(clientGoneWait)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
		return err
	}
	select {
	case <-s.draining:
		return err
	default:
	}
	if ctx.Err() != context.Canceled {
		return err
	}
	return status.Errorf(codes.Canceled, "the client went away while its stream was sent: %s", status.Convert(err).Message())
}

// clientGoneWait is how long sendStatus waits for a stream's context to
// end after a send failed on a closed connection: gRPC cancels it at
// once, but a loaded machine can run that late.
const clientGoneWait = time.Second

// errDefaultTimeout is the cause of a call's context that ran out of
// Config.DefaultTimeout, the deadline of a call that set none.
var errDefaultTimeout = errors.New("the server's default deadline passed")

// bound gives ctx the default deadline when the caller set none. The
// handler defers end with the address of its error: it releases ctx and,
// when the default deadline ended the call, says so in the error.
func (s *Server) bound(ctx context.Context) (_ context.Context, end func(*error)) {
	cancel := context.CancelFunc(func() {})
	if _, ok := ctx.Deadline(); !ok {
		ctx, cancel = context.WithTimeoutCause(ctx, s.cfg.DefaultTimeout, errDefaultTimeout)
	}
	return ctx, func(err *error) {
		cancel()
		*err = explainDeadline(ctx, *err, errDefaultTimeout, fmt.Sprintf(
			"the call set no deadline, and the server's default of %v (solverd's -default-timeout) passed", s.cfg.DefaultTimeout))
	}
}

// prepare validates and converts a request's puzzle and options.
func (s *Server) prepare(p *sudokuv1.Puzzle, o *sudokuv1.SolveOptions) (*decodedPuzzle, solver.Options, error) {
	return s.prepareSized(p, o, nil)
}

// prepareSized is prepare, calling sized with the side of the board before
// the board is built (see decodeSized).
func (s *Server) prepareSized(p *sudokuv1.Puzzle, o *sudokuv1.SolveOptions, sized func(n int) error) (*decodedPuzzle, solver.Options, error) {
	opts, err := s.solveOptions(o)
	if err != nil {
		return nil, opts, err
	}
	dp, err := decodeSized("puzzle", p, sized)
	if err != nil {
		return nil, opts, err
	}
	if err := checkRunnable("options.strategies", opts.Strategies, dp.board.Layout()); err != nil {
		return nil, opts, err
	}
	return dp, opts, nil
}

// prepareAdmitted prepares a request's puzzle and options (see prepare),
// counting the call as its board weighs once the board's side is read and
// before the board is built (see admitBoard), then takes a slot for the
// call (see admit), which the caller releases.
func (s *Server) prepareAdmitted(ctx context.Context, p *sudokuv1.Puzzle, o *sudokuv1.SolveOptions) (*decodedPuzzle, solver.Options, *slot, error) {
	dp, opts, err := s.prepareSized(p, o, func(n int) error { return weigh(ctx, n) })
	if err != nil {
		return nil, opts, nil, err
	}
	sl, err := s.admit(ctx)
	if err != nil {
		return nil, opts, nil, err
	}
	return dp, opts, sl, nil
}
