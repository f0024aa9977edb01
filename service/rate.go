package service

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// Rate grades a puzzle by solving it, counting the steps of each strategy,
// and rates a classic 9×9 puzzle as Sudoku Explainer does.
func (s *Server) Rate(ctx context.Context, req *sudokuv1.RateRequest) (_ *sudokuv1.RateResponse, err error) {
	ctx, end := s.bound(ctx)
	defer end(&err)
	p, opts, sl, err := s.prepareAdmitted(ctx, req.GetPuzzle(), req.GetOptions())
	if err != nil {
		return nil, toStatus(err)
	}
	defer sl.release()
	counts := map[string]uint32{}
	opts.WholeDeadline = true // a hurried rating would be wrong, not late
	opts.NamesOnly = true     // the steps are counted by name, not drawn
	res, err := solver.Solve(ctx, p.board, opts, func(_ int, step *strategy.Step, _ *grid.Board) error {
		if step.Kind != strategy.Backtrack {
			counts[step.Name()]++
		}
		return nil
	})
	traceSolve(ctx, p.board, res, err)
	if err != nil {
		return nil, toStatus(optionLimits(err))
	}
	pr := protoconv.ResultToProto(res, p.symbols, false)
	return &sudokuv1.RateResponse{
		Explainer:             explainerRating(p.board, res),
		Difficulty:            pr.GetDifficulty(),
		Status:                pr.GetStatus(),
		SolvedWithoutGuessing: res.Status == solver.Solved && res.Guesses == 0,
		StrategyCounts:        counts,
	}, nil
}

// defaultFindSteps bounds FindSteps answers when the caller sets no bound.
const defaultFindSteps = 1000

// FindSteps lists every step the chosen strategies can take on the board
// as given (solver.FindSteps), at most max_steps of them.
func (s *Server) FindSteps(ctx context.Context, req *sudokuv1.FindStepsRequest) (_ *sudokuv1.FindStepsResponse, err error) {
	ctx, end := s.bound(ctx)
	defer end(&err)
	p, err := decodeSized("puzzle", req.GetPuzzle(), func(n int) error { return weigh(ctx, n) })
	if err != nil {
		return nil, toStatus(err)
	}
	chosen, err := selectStrategies("strategies", req.GetStrategies())
	if err == nil {
		err = checkFindable("strategies", chosen)
	}
	if err == nil {
		err = checkRunnable("strategies", chosen, p.board.Layout())
	}
	if err != nil {
		return nil, toStatus(err)
	}
	limit := int(capped(uint64(req.GetMaxSteps()), defaultFindSteps, uint64(s.cfg.MaxSteps)))
	sl, err := s.admit(ctx) // weighed as its board was decoded
	if err != nil {
		return nil, toStatus(err)
	}
	defer sl.release()
	packed, names := protoconv.Pack(p.board), p.names()
	resp := &sudokuv1.FindStepsResponse{}
	// Every step carries the packed board, so fewer than fit steps fit in
	// an answer: the finders are asked for no more than fit, and an answer
	// that reaches it is refused as too large. On an open board a fish
	// search finds a million steps, gigabytes held until the answer is
	// built.
	// One step more than the answer holds tells whether it is truncated.
	fit := s.cfg.MaxSendMsgSize/(len(packed)+2) + 1
	opts := solver.FindOptions{Strategies: chosen, MaxNodes: nodeLimit(s.cfg.MaxNodes), MaxSteps: min(limit, fit) + 1}
	// The answer is sized as it grows: one larger than the server sends is
	// cut there when the caller left the bound to the service, else
	// refused as soon as it is, not after every step asked was found.
	size, big := 0, error(nil)
	err = solver.FindSteps(ctx, p.board, opts, func(st *strategy.Step) bool {
		if len(resp.Steps) == limit {
			resp.Truncated = true
			return false
		}
		ps := protoconv.StepToProto(len(resp.Steps)+1, st, names, packed)
		if size += messageOverhead + proto.Size(ps); size > s.cfg.MaxSendMsgSize {
			resp.Truncated = true
			if req.GetMaxSteps() != 0 {
				big = fmt.Errorf("%w: the answer with its first %d steps is %d bytes, more than the limit of %d; lower max_steps or ask for fewer strategies",
					errTooLarge, len(resp.Steps)+1, size, s.cfg.MaxSendMsgSize)
			}
			return false
		}
		resp.Steps = append(resp.Steps, ps)
		return true
	})
	if err == nil {
		err = big
	}
	if err != nil {
		return nil, toStatus(err)
	}
	return resp, nil
}

// checkFindable refuses a FindSteps list of strategies none of which has
// steps to find: Guessing (C) is no deduction, so FindSteps skips it,
// and a list of it alone answered no steps, as a board where the others
// find none does.
func checkFindable(field string, chosen []*strategy.Strategy) error {
	if len(chosen) == 0 || slices.ContainsFunc(chosen, (*strategy.Strategy).HasFinder) {
		return nil
	}
	names := make([]string, len(chosen))
	for i, st := range chosen {
		names[i] = st.Letter() + " (" + st.Name() + ")"
	}
	return grid.FieldErrorf(field, "%s finds no steps: a guess is no deduction, and FindSteps lists the steps the logic strategies can take; list others, or none for all", strings.Join(names, ", "))
}
