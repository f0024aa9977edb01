package service

import (
	"context"
	"errors"
	"io"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// errDraining stops a batch from taking puzzles when the server shuts down.
var errDraining = errors.New("server is shutting down")

// SolveBatch solves the puzzles a client streams, Config.BatchWorkers at a
// time, and answers each as soon as it is solved, with its id; answers may
// come in another order than the puzzles. A puzzle that cannot be solved
// (bad input, a bound reached, its deadline of Config.DefaultTimeout
// passed) gets an ItemError in its answer, coded as a call with that
// error would be, and the stream goes on.
//
// The server reads a puzzle only when a worker is free to take it, and a
// worker takes one only when its previous answer fits in a buffer of
// Config.BatchWorkers answers: a client that sends faster than the server
// solves, or reads slower, is held back by gRPC flow control, and the
// memory a batch holds does not grow with its length.
//
// The stream ends with OK once the client has closed its side and every
// puzzle received is answered. It ends early when the client cancels
// (Canceled), its deadline passes (DeadlineExceeded), it reads nothing for
// Config.StallTimeout (ResourceExhausted) or a message it sends is bad
// (too large: ResourceExhausted; not a valid request: Internal). When the server shuts down, the batch stops reading, answers
// the puzzles it has and ends with Unavailable: a puzzle without an answer
// was not solved and may be sent again, to this server or another.
func (s *Server) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	workers := s.cfg.BatchWorkers
	out := newOutbox(stream.Send, workers, s.cfg.StallTimeout, s.countAnswer)

	items := make(chan *sudokuv1.SolveBatchRequest)
	recvDone := make(chan error, 1) // filled before items closes
	go func() {
		recvDone <- s.receive(ctx, stream, items)
		close(items)
	}()

	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { s.batchWorker(ctx, items, out) })
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
				// stream already.
				return abort(err)
			}
		case <-out.done:
			wait = false
		case <-out.stalled:
			return abort(out.stallError())
		case <-ctx.Done():
			return abort(ctx.Err())
		}
	}
	if err := out.failure(); err != nil {
		return abort(err)
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
	case recvErr == io.EOF:
		return nil
	case errors.Is(recvErr, errDraining):
		return drainStatus()
	}
	return toStatus(recvErr)
}

func drainStatus() error {
	return status.Error(codes.Unavailable, "server is shutting down: puzzles without an answer were not solved; send them again")
}

// receive hands the puzzles of stream to the workers, one at a time as
// they are free, until the client closes its side (io.EOF), a message
// fails, ctx ends or the server drains.
func (s *Server) receive(ctx context.Context, stream sudokuv1.SudokuService_SolveBatchServer, items chan<- *sudokuv1.SolveBatchRequest) error {
	for {
		req, err := stream.Recv()
		if err != nil {
			return err
		}
		select {
		case items <- req:
		case <-ctx.Done():
			return ctx.Err()
		case <-s.draining:
			return errDraining
		}
	}
}

// batchWorker answers puzzles from items until there are no more, ctx
// ends, the server drains or the answers cannot be sent.
func (s *Server) batchWorker(ctx context.Context, items <-chan *sudokuv1.SolveBatchRequest, out *outbox[*sudokuv1.SolveBatchResponse]) {
	for {
		select {
		case req, ok := <-items:
			if !ok {
				return
			}
			resp := s.answer(ctx, req)
			if resp == nil {
				return
			}
			if err := out.put(ctx, resp); err != nil {
				return
			}
		case <-ctx.Done():
			return
		case <-s.draining:
			return
		}
	}
}

// answer solves one puzzle of a batch. It returns nil when ctx, the
// stream's, ends first: there is nobody to answer.
func (s *Server) answer(ctx context.Context, req *sudokuv1.SolveBatchRequest) *sudokuv1.SolveBatchResponse {
	resp, err := s.solveItem(ctx, req)
	if ctx.Err() != nil {
		return nil
	}
	if err == nil && req.GetIncludeSteps() {
		err = s.checkSize(resp, len(resp.GetSteps()))
	}
	if err != nil {
		return &sudokuv1.SolveBatchResponse{
			Id:      req.GetId(),
			Outcome: &sudokuv1.SolveBatchResponse_Error{Error: toItemError(err)},
		}
	}
	return &sudokuv1.SolveBatchResponse{
		Id:      req.GetId(),
		Outcome: &sudokuv1.SolveBatchResponse_Result{Result: resp.GetResult()},
		Steps:   resp.GetSteps(),
	}
}

// solveItem solves one puzzle of a batch in a solving slot, waiting for
// one as long as the stream lasts. The item's deadline, Config.
// DefaultTimeout, runs from when it has its slot.
func (s *Server) solveItem(ctx context.Context, req *sudokuv1.SolveBatchRequest) (*sudokuv1.SolveResponse, error) {
	p, opts, err := s.prepare(req.GetPuzzle(), req.GetOptions())
	if err != nil {
		return nil, err
	}
	if err := s.limit.acquire(ctx, false); err != nil {
		return nil, err
	}
	defer s.limit.release()
	ictx, cancel := context.WithTimeout(ctx, s.cfg.DefaultTimeout)
	defer cancel()
	return s.solve(ictx, p, opts, req.GetIncludeSteps())
}

// countAnswer counts an answer sent.
func (s *Server) countAnswer(resp *sudokuv1.SolveBatchResponse) {
	s.batchAnswers.Add(1)
	if resp.GetError() != nil {
		s.batchItemErrors.Add(1)
	}
}
