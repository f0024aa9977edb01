package service

import (
	"context"
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// Rate grades a puzzle by solving it, counting the steps of each strategy.
func (s *Server) Rate(ctx context.Context, req *sudokuv1.RateRequest) (*sudokuv1.RateResponse, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	p, opts, sl, err := s.prepareAdmitted(ctx, req.GetPuzzle(), req.GetOptions())
	if err != nil {
		return nil, toStatus(err)
	}
	defer sl.release()
	counts := map[string]uint32{}
	res, err := solver.Solve(ctx, p.board, opts, func(_ int, step *strategy.Step, _ *grid.Board) error {
		if step.Kind != strategy.Backtrack {
			counts[step.Name()]++
		}
		return nil
	})
	traceSolve(ctx, p.board, res, err)
	if err != nil {
		return nil, toStatus(err)
	}
	pr := resultToProto(res, p.symbols, false)
	return &sudokuv1.RateResponse{
		Difficulty:            pr.GetDifficulty(),
		Status:                pr.GetStatus(),
		SolvedWithoutGuessing: res.Status == solver.Solved && res.Guesses == 0,
		StrategyCounts:        counts,
	}, nil
}

// defaultFindSteps bounds FindSteps answers when the caller sets no bound.
const defaultFindSteps = 1000

// FindSteps lists every step the chosen strategies can take on the board
// as given, where the solver's rule allows them (solver.Options.Allows):
// uniqueness strategies take part only when the board is proved to have
// one solution and has no cages.
func (s *Server) FindSteps(ctx context.Context, req *sudokuv1.FindStepsRequest) (*sudokuv1.FindStepsResponse, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	p, err := decodePuzzle("puzzle", req.GetPuzzle())
	if err != nil {
		return nil, toStatus(err)
	}
	for i, name := range req.GetStrategies() {
		if _, ok := strategy.Lookup(name); !ok {
			return nil, toStatus(grid.FieldErrorf(fmt.Sprintf("strategies[%d]", i), "unknown strategy %q", name))
		}
	}
	chosen, err := strategy.Select(req.GetStrategies())
	if err != nil {
		return nil, toStatus(grid.FieldErrorf("strategies", "%v", err))
	}
	limit := int(capped(uint64(req.GetMaxSteps()), defaultFindSteps, uint64(s.cfg.MaxSteps)))
	sl, err := s.admit(ctx)
	if err != nil {
		return nil, toStatus(err)
	}
	defer sl.release()
	unique, err := s.provedUnique(ctx, p.board)
	if err != nil {
		return nil, toStatus(err)
	}
	packed, names := pack(p.board), p.names()
	resp := &sudokuv1.FindStepsResponse{}
	sink := strategy.Sink{All: true, Cancel: ctx.Done()}
	rule := solver.Options{Unique: unique, Strategies: chosen}
	for _, st := range chosen {
		if !st.HasFinder() || !rule.Allows(st, p.board.L) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, toStatus(err)
		}
		sink.Reset()
		st.Find(p.board, &sink)
		if err := ctx.Err(); err != nil {
			return nil, toStatus(err) // the finder stopped short
		}
		for i := range sink.Steps() {
			if len(resp.Steps) == limit {
				return resp, nil
			}
			resp.Steps = append(resp.Steps, stepToProto(len(resp.Steps)+1, &sink.Steps()[i], names, packed))
		}
	}
	return resp, nil
}

// provedUnique reports whether b has exactly one solution.
func (s *Server) provedUnique(ctx context.Context, b *grid.Board) (bool, error) {
	searcher := search.Searcher{MaxNodes: int64(s.cfg.MaxNodes)}
	res, err := searcher.Count(ctx, b, 2)
	if err != nil {
		return false, err
	}
	return len(res.Solutions) == 1 && res.Complete, nil
}
