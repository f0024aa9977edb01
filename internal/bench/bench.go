// Package bench times the engine's exact search on a set of puzzles in
// this process: classic 9×9 puzzles on the classic solver, every other
// board on the generic search. It is the one entry point of solverctl
// bench into the engine, and verifies every solution it keeps.
package bench

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/search/classic"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/cputime"
	"github.com/sudokuwise/solver/internal/protoconv"
	"github.com/sudokuwise/solver/service"
)

// keepBytes bounds the memory spent keeping solutions for the
// verification that follows the timed rounds.
const keepBytes = 64 << 20

// Input tells how the texts of puzzles are read, as the solving commands
// read theirs.
type Input struct {
	Format    sudokuv1.Format  // UNSPECIFIED detects it
	Variant   sudokuv1.Variant // of a text that names none; UNSPECIFIED is classic
	Charset   string
	RegionMap string
}

// plain reports whether in is the default, under which a classic 9×9 line
// goes to the classic solver as it is.
func (in *Input) plain() bool {
	return in.Format == sudokuv1.Format_FORMAT_UNSPECIFIED && protoconv.VariantFromProto[in.Variant] == grid.Classic &&
		in.Charset == "" && in.RegionMap == ""
}

// Puzzle is one puzzle of a benchmark with what its searches found.
type Puzzle struct {
	Line int    // its line in the file, for messages
	Text string // its text

	// Count is the number of solutions found (up to the count asked for)
	// and Guesses the guesses (or nodes) the search took, in the last
	// round; CPU is the thread CPU time of its searches, summed over the
	// rounds, zero where threads are not timed (see cputime.Thread).
	Count   int
	Guesses int64
	CPU     time.Duration

	// Exactly one of p (a classic 9×9 puzzle, for the classic solver) and
	// b (any other board, for the generic search) is set.
	p      *classic.Puzzle
	b      *grid.Board
	sols   []classic.Grid // classic: the first solutions found
	others [][]uint8      // generic: the solutions found
}

// Classic reports whether the puzzle runs on the classic solver.
func (p *Puzzle) Classic() bool { return p.p != nil }

// Solutions returns the number of solutions kept for verification.
func (p *Puzzle) Solutions() int { return len(p.sols) + len(p.others) }

// Parse reads the text of a puzzle as in says.
func Parse(line int, text string, in Input) (Puzzle, error) {
	bp := Puzzle{Line: line, Text: text}
	if p, err := classic.Parse(text); err == nil && in.plain() {
		bp.p = &p
		return bp, nil
	}
	// Read as the service reads a request's text, so that what solve and
	// batch refuse (a variant the text contradicts, say) bench refuses.
	b, err := service.BoardOf(&sudokuv1.Puzzle{
		Source:    &sudokuv1.Puzzle_Text{Text: text},
		Format:    in.Format,
		Charset:   in.Charset,
		RegionMap: in.RegionMap,
		Variant:   in.Variant,
		Tolerant:  true,
	})
	if err != nil {
		return bp, err
	}
	bp.b = b
	return bp, nil
}

// FromProto builds the board of a structured puzzle as the service builds
// a request's; text is the line it came from.
func FromProto(line int, text string, p *sudokuv1.Puzzle) (Puzzle, error) {
	b, err := service.BoardOf(p)
	if err != nil {
		return Puzzle{}, err
	}
	return Puzzle{Line: line, Text: text, b: b}, nil
}

// Bench is a set of puzzles to search, round after round.
type Bench struct {
	Puzzles []Puzzle
	countTo int
	keep    int            // solutions kept of every puzzle
	slab    []classic.Grid // the kept classic solutions, allocated once
}

// New returns a benchmark of puzzles that looks for countTo solutions of
// each (1 solves, 2 proves uniqueness).
func New(puzzles []Puzzle, countTo int) *Bench {
	keep := min(countTo, max(1, keepBytes/(81*max(1, len(puzzles)))))
	return &Bench{Puzzles: puzzles, countTo: countTo, keep: keep, slab: make([]classic.Grid, keep*len(puzzles))}
}

// Keep returns the number of solutions kept of each puzzle for Verify.
func (b *Bench) Keep() int { return b.keep }

// Round searches every puzzle once with threads workers and returns the
// wall time. With each, it adds every puzzle's thread CPU time to its CPU
// (two system calls a puzzle, which the wall time then includes).
func (b *Bench) Round(ctx context.Context, threads int, each bool) (time.Duration, error) {
	puzzles := b.Puzzles
	for i := range puzzles {
		if puzzles[i].p != nil {
			puzzles[i].sols = b.slab[i*b.keep : (i+1)*b.keep : (i+1)*b.keep]
		}
	}
	// Workers take puzzles in small batches, in file order.
	const batch = 16
	var next atomic.Int64
	errs := make([]error, threads)
	var wg sync.WaitGroup
	start := time.Now()
	for t := range threads {
		wg.Go(func() {
			// The worker keeps its thread, so that the thread's CPU time
			// is its searches'.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var fast classic.Solver
			var slow search.Searcher
			for {
				lo := int(next.Add(batch)) - batch
				if lo >= len(puzzles) {
					return
				}
				for i := lo; i < min(lo+batch, len(puzzles)); i++ {
					if err := b.search(ctx, &puzzles[i], &fast, &slow, each); err != nil {
						errs[t] = err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	return time.Since(start), errors.Join(errs...)
}

// search searches one puzzle.
func (b *Bench) search(ctx context.Context, p *Puzzle, fast *classic.Solver, slow *search.Searcher, each bool) error {
	var c0 time.Duration
	timed := false
	if each {
		c0, timed = cputime.Thread()
	}
	if p.p != nil {
		res, err := fast.Count(ctx, p.p, b.countTo, p.sols)
		if err != nil {
			return err
		}
		p.Count, p.Guesses = res.Count, res.Guesses
		p.sols = p.sols[:min(res.Count, b.keep)]
	} else {
		res, err := slow.Count(ctx, p.b, b.countTo)
		if err != nil {
			return err
		}
		p.Count, p.Guesses, p.others = len(res.Solutions), res.Nodes, res.Solutions
	}
	if timed {
		if c1, ok := cputime.Thread(); ok {
			p.CPU += c1 - c0
		}
	}
	return nil
}

// Verify checks the solutions kept of every puzzle by the last round: each
// fills the board by the rules, keeps the clues, and differs from the
// others. An error names the puzzle's line.
func (b *Bench) Verify() error {
	classic9, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		return err
	}
	for i := range b.Puzzles {
		p := &b.Puzzles[i]
		if err := verify(p, classic9); err != nil {
			return fmt.Errorf("line %d: %s: %w", p.Line, p.Text, err)
		}
	}
	return nil
}

// unitHolds reports whether the digits of solution s in unit u keep its
// rule: every digit once; in a partial unit (Str8ts) no digit twice; in a
// compartment, besides, a run of consecutive digits.
func unitHolds(u *grid.Unit, n int, s []uint8) bool {
	var digits grid.Digits
	for _, cell := range u.Cells {
		if v := int(s[cell]); v >= 1 && v <= n {
			digits |= grid.Bit(v)
		}
	}
	if !u.Partial {
		return digits == grid.AllDigits(n)
	}
	k := len(u.Cells)
	return digits.Count() == k && (u.Kind != grid.Compartment || digits.Max()-digits.Min()+1 == k)
}

// verify checks the solutions kept for a puzzle; classic9 is the layout
// of classic puzzles.
func verify(p *Puzzle, classic9 *grid.Layout) error {
	l, clues := classic9, []uint8(nil)
	sols := p.others
	if p.p != nil {
		clues = p.p.Grid[:]
		for i := range p.sols {
			sols = append(sols, p.sols[i][:])
		}
	} else {
		l, clues = p.b.Layout(), p.b.Values()
	}
	seen := make(map[string]bool, len(sols))
	for _, s := range sols {
		if seen[string(s)] {
			return errors.New("a solution was found twice")
		}
		seen[string(s)] = true
		for cell, v := range clues {
			if v != 0 && s[cell] != v {
				return fmt.Errorf("a solution changes the clue of %s", l.CellName(cell))
			}
		}
		for u := range l.Units() {
			if !unitHolds(l.Unit(u), l.N, s) {
				return fmt.Errorf("a solution breaks %s", l.Unit(u).Name())
			}
		}
		for k := range l.Cages() {
			if !l.CageFeasible(k, s, nil) {
				return fmt.Errorf("a solution misses the target of cage %d (counted from 1 as the board lists them)", l.InputCageIndex(k)+1)
			}
		}
	}
	return nil
}
