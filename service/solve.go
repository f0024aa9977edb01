package service

import (
	"context"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// Solve solves one puzzle.
func (s *Server) Solve(ctx context.Context, req *sudokuv1.SolveRequest) (*sudokuv1.SolveResponse, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	p, opts, err := s.prepare(req.GetPuzzle(), req.GetOptions())
	if err != nil {
		return nil, toStatus(err)
	}
	resp := &sudokuv1.SolveResponse{}
	var emit solver.Emit
	if req.GetIncludeSteps() {
		emit = func(index int, step *strategy.Step, b *grid.Board) error {
			resp.Steps = append(resp.Steps, stepToProto(index, step, b.L, pack(b)))
			return nil
		}
	}
	res, err := solver.Solve(ctx, p.board, opts, emit)
	if err != nil {
		return nil, toStatus(err)
	}
	resp.Result = resultToProto(res, p.symbols)
	return resp, nil
}

// SolveSteps solves one puzzle, sending every step as soon as it is taken
// and the result last. A client that goes away cancels the stream's context,
// which stops the solver at its next step.
func (s *Server) SolveSteps(req *sudokuv1.SolveStepsRequest, stream sudokuv1.SudokuService_SolveStepsServer) error {
	ctx, cancel := s.bound(stream.Context())
	defer cancel()
	p, opts, err := s.prepare(req.GetPuzzle(), req.GetOptions())
	if err != nil {
		return toStatus(err)
	}
	emit := func(index int, step *strategy.Step, b *grid.Board) error {
		return stream.Send(&sudokuv1.SolveStepsResponse{
			Event: &sudokuv1.SolveStepsResponse_Step{Step: stepToProto(index, step, b.L, pack(b))},
		})
	}
	res, err := solver.Solve(ctx, p.board, opts, emit)
	if err != nil {
		return toStatus(err)
	}
	return stream.Send(&sudokuv1.SolveStepsResponse{
		Event: &sudokuv1.SolveStepsResponse_Result{Result: resultToProto(res, p.symbols)},
	})
}

// bound gives ctx the default deadline when the caller set none.
func (s *Server) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, s.cfg.DefaultTimeout)
}

// prepare validates and converts a request's puzzle and options.
func (s *Server) prepare(p *sudokuv1.Puzzle, o *sudokuv1.SolveOptions) (*decodedPuzzle, solver.Options, error) {
	opts, err := s.solveOptions(o)
	if err != nil {
		return nil, opts, err
	}
	dp, err := decodePuzzle("puzzle", p)
	if err != nil {
		return nil, opts, err
	}
	return dp, opts, nil
}
