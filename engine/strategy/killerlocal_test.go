package strategy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// killerOnly are the local strategies that find steps only on cage
// boards (killers; the cage strategies on KenKen too): TestLocalFinders
// checks them along killer solves (TestKillerLocalFinders,
// TestTarekLocalFinders), not along top1465.
var killerOnly = map[*Strategy]bool{
	VirtualCages(): true, CombinationCrossover(): true, CageIntersection(): true, InnieOutieDifference(): true, CageBlock(): true,
	CageCombinations(): true, CagePermutations(): true, CageOverlap(): true, InniesOutiesStrategy(): true, CageSplitting(): true,
	KillerSubsets(): true,
}

// killerLocals returns the strategies of killerOnly.
func killerLocals() []*Strategy {
	var all []*Strategy
	for st := range killerOnly {
		all = append(all, st)
	}
	return all
}

// TestKillerLocalFinders checks what CellMemo relies on for the killer
// strategies, along the logic solves of generated killers without givens
// (testdata/killer9-cagesize.txt of engine/solver): where a local finder
// found nothing on a state, its first step on a later state is the one it
// finds through the cells changed since. Each must find some steps after
// a state without.
func TestKillerLocalFinders(t *testing.T) {
	first, max := 0, 2 // the puzzles checked: lines first+1 to max
	if quick() {
		first = 1 // the second alone, which takes all three
	}
	locals := killerLocals()
	lc := newLocalCheck(locals)
	lc.solveFile(t, "../solver/testdata/killer9-cagesize.txt", func(n int) bool { return n > first && n <= max })
	lc.wantFound(t, locals...)
	t.Logf("states checked: %v; steps found after a state without: %v", lc.checked, lc.found)
}

// TestTarekLocalFinders is TestKillerLocalFinders along the logic solves
// of published extreme killers (tarek's, engine/search/testdata), whose
// states take the cage strategies the most; a floor of steps found after
// a state without keeps the check from passing on states where nothing
// is found.
func TestTarekLocalFinders(t *testing.T) {
	puzzles := map[int]bool{1: true, 2: true}
	if quick() {
		puzzles = map[int]bool{1: true}
	}
	locals := killerLocals()
	lc := newLocalCheck(locals)
	lc.solveFile(t, "../search/testdata/killer9-tarek.txt", func(n int) bool { return puzzles[n] })
	lc.wantFound(t, locals...)
	total := 0
	for _, n := range lc.found {
		total += n
	}
	if floor := 40 * len(puzzles); total < floor {
		t.Errorf("%d steps found after a state without, want %d at least", total, floor)
	}
	t.Logf("states checked: %v; steps found after a state without: %v", lc.checked, lc.found)
}

// solveFile follows the logic solves (see solveByFirstSteps) of the
// puzzles of a file of puzzle texts (# comments skipped) whose number,
// from 1, want reports, checking each state.
func (lc *localCheck) solveFile(t *testing.T, path string, want func(n int) bool) {
	t.Helper()
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() })
	n := 0
	for _, line := range shared.Lines(t, path) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if n++; !want(n) {
			continue
		}
		p, _, err := codec.Decode(strings.TrimSpace(line), codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatalf("%s puzzle %d: %v", path, n, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("%s puzzle %d: %v", path, n, err)
		}
		lc.newPuzzle()
		label := fmt.Sprintf("puzzle %d", n)
		solveByFirstSteps(b, passes, func(b *grid.Board, _ *Step) { lc.state(t, b, label) })
	}
}
