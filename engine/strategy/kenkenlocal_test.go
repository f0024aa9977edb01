package strategy

import "testing"

// kenkenOnly are the local strategies that find steps only on KenKen and
// KenDoku boards: TestKenKenLocalFinders checks them, TestLocalFinders
// (top1465) leaves them out.
var kenkenOnly = map[*Strategy]bool{LineCageFillings(): true, TwoLineCageFillings(): true}

// TestKenKenLocalFinders checks what CellMemo relies on for the KenKen
// line strategies, along the logic solves of four puzzles of
// testdata/kenken-hard.txt of engine/solver (one under -short or -race):
// where a local finder found nothing on a
// state, its first step on a later state is the one it finds through the
// cells changed since. Line Cage Fillings must find some steps after a
// state without, and so must the cage strategies that are local on every
// cage board (Cage Combinations, Cage Permutations, Cage/Unit Overlap);
// Two-Line Cage Fillings, which finds a step on nearly
// every state until the end (in find-all mode it finds a line's steps
// with each line a cage joins to it), must at least be checked on some
// states.
func TestKenKenLocalFinders(t *testing.T) {
	// Puzzles 28 and 34 take the most Two-Line Cage Fillings steps.
	puzzles := map[int]bool{1: true, 2: true, 28: true, 34: true}
	if quick() {
		puzzles = map[int]bool{28: true}
	}
	cages := []*Strategy{CageCombinations(), CagePermutations(), CageOverlap()}
	lc := newLocalCheck(append([]*Strategy{LineCageFillings(), TwoLineCageFillings()}, cages...))
	lc.solveFile(t, "../solver/testdata/kenken-hard.txt", func(n int) bool { return puzzles[n] })
	lc.wantFound(t, append([]*Strategy{LineCageFillings()}, cages...)...)
	if lc.checked[TwoLineCageFillings().name] == 0 {
		t.Errorf("%s: no state checked after a state without a step: want some", TwoLineCageFillings().name)
	}
	t.Logf("states checked: %v; steps found after a state without: %v", lc.checked, lc.found)
}
