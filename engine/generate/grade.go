package generate

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// errTooHard stops a grading solve once the puzzle is sure to grade
// harder than asked.
var errTooHard = errors.New("harder than asked")

// grade solves a puzzle proved unique, whose solution is solution, with
// the grader's strategies, as the service's Rate does: its guesses follow
// the solution (Guided, the service's default), so a puzzle that logic
// alone does not finish is graded by its logic steps and a guess where
// logic stops, not by a trial and error whose length depends on the order
// of the digits. With cut, the solve stops as soon as the puzzle is
// sure to miss the level from above (its grade only grows step by step)
// or to need guessing when NoGuessing asks otherwise; tooHard then reports
// it, and the result holds the grade so far. A solve that spends its
// guess budget grades nothing and ends the attempt (errRetry).
func (g *generator) grade(ctx context.Context, puzzle *grid.Board, solution []uint8, cut bool) (res *solver.Result, tooHard bool, err error) {
	var emit solver.Emit
	rating := solver.Rating{Cells: puzzle.Layout().Cells}
	guessed := false
	if cut {
		emit = func(_ int, step *strategy.Step, _ *grid.Board) error {
			if step.Technique == nil || step.Kind == strategy.Backtrack {
				return nil
			}
			rating.Add(step)
			guessed = guessed || step.Kind == strategy.Guess
			if g.cfg.NoGuessing && step.Kind == strategy.Guess ||
				g.cfg.Level != strategy.Unrated && rating.Grade() > g.cfg.Level {
				return errTooHard
			}
			return nil
		}
	}
	res, err = solver.Solve(ctx, puzzle, solver.Options{
		Unique:     true,
		Order:      solver.Guided,
		Solution:   solution,
		Strategies: g.cfg.Strategies,
		MaxNodes:   g.maxNodes,
		// The grade must not depend on the time left.
		WholeDeadline: true,
		// emit reads each step's technique, kind and rating only.
		NamesOnly: true,
	}, emit)
	switch {
	case err == nil:
		return res, false, nil
	case errors.Is(err, errTooHard):
		// The grade so far, the step that cut it included (see distance).
		res.Rating.Level = rating.Grade()
		if guessed {
			res.Guesses = max(res.Guesses, 1)
		}
		return res, true, nil
	case errors.Is(err, solver.ErrNodeLimit), errors.Is(err, solver.ErrStepLimit):
		return nil, false, errRetry
	}
	return nil, false, fmt.Errorf("grading a puzzle: %w", err)
}

// cuts reports whether grading may stop once the puzzle is too hard: when
// something below Extreme, or no guessing, is asked for.
func (g *generator) cuts() bool {
	return g.cfg.NoGuessing || g.cfg.Level != strategy.Unrated && g.cfg.Level < strategy.Extreme
}

// meets reports whether a grade is what the config asks for.
func (g *generator) meets(res *solver.Result) bool {
	if res.Status != solver.Solved {
		return false
	}
	if g.cfg.NoGuessing && res.Guesses > 0 {
		return false
	}
	return g.cfg.Level == strategy.Unrated || res.Rating.Level == g.cfg.Level
}

// within reports whether a grade is no harder than asked: the test of the
// graded dig, which keeps a removal only when it holds.
func (g *generator) within(res *solver.Result) bool {
	if res.Status != solver.Solved || g.cfg.NoGuessing && res.Guesses > 0 {
		return false
	}
	return g.cfg.Level == strategy.Unrated || res.Rating.Level <= g.cfg.Level
}

// distance measures how far a puzzle is from what the config asks for:
// missing the guessing condition counts most, then the levels between the
// grade and the level asked, then a lack of minimality.
//
// A grading cut short (partial) holds the grade so far: past the level
// asked when the puzzle was too hard, a lower bound that ranks it; else it
// was cut for a guess under NoGuessing. Counting it as unsolved would make
// every attempt too hard alike, and the first kept however close a later
// one came.
func (g *generator) distance(r *Result) int {
	d := 0
	level := r.Grade.Rating.Level
	solved := r.Grade.Status == solver.Solved
	if !solved && !r.partial || g.cfg.NoGuessing && r.Grade.Guesses > 0 {
		d += 100
	}
	if g.cfg.Level != strategy.Unrated {
		if !solved && !r.partial {
			level = strategy.Extreme + 1
		}
		d += 2 * max(int(level)-int(g.cfg.Level), int(g.cfg.Level)-int(level))
	}
	if !r.Minimal && !g.cfg.NonMinimal {
		d++
	}
	return d
}

// closer reports whether a is closer than b to what the config asks for;
// ties go to b, found first, but between two gradings cut short at the
// same grade (too hard, see distance), to the one that went further: the
// fewer cells open when it was cut, the less of the puzzle is beyond the
// level asked.
func closer(g *generator, a, b *Result) bool {
	da, db := g.distance(a), g.distance(b)
	if da == db && a.partial && b.partial && a.Grade.Board != nil && b.Grade.Board != nil {
		return a.Grade.Board.Empty() < b.Grade.Board.Empty()
	}
	return da < db
}
