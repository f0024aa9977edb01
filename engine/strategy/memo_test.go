package strategy

import (
	"fmt"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// perDigitStrategies are the per-digit strategies of the default plan.
func perDigitStrategies() []*Strategy {
	var out []*Strategy
	for _, st := range All() {
		if st.PerDigit() && !st.OptIn() {
			out = append(out, st)
		}
	}
	return out
}

// stepKey renders what a step finds and shows, to compare steps.
func stepKey(s *Step) string {
	return fmt.Sprintf("%s %v %v %v %v %v", s.Name(), s.Digits, s.Placements, s.Eliminations, s.Cells, s.Units)
}

// digitSteps returns the keys of the steps st finds on b in find-all mode
// when asked for digits only.
func digitSteps(st *Strategy, b *grid.Board, digits grid.Digits) []string {
	sink := Sink{All: true, Digits: digits}
	st.Find(b, &sink)
	var out []string
	for i := range sink.Steps() {
		out = append(out, stepKey(&sink.Steps()[i]))
	}
	return out
}

// TestPerDigitFinders checks what DigitMemo relies on, along top1465
// solves: a per-digit finder asked for one digit reports exactly the steps
// on that digit it reports when asked for all, and the same steps again
// when other digits lose candidates.
func TestPerDigitFinders(t *testing.T) {
	strategies := perDigitStrategies()
	if len(strategies) < 10 {
		t.Fatalf("%d per-digit strategies, want the fish, single-digit patterns, colours and X-Chain", len(strategies))
	}
	states, steps := 0, 0
	eachLogicState(t, top1465, 12, func(b *grid.Board, _ string, _ *Step) {
		states++
		if states%3 != 0 {
			return
		}
		// other is b with a candidate of another digit gone from every
		// cell of three or more, for each digit in turn.
		other := b.Clone()
		for _, st := range strategies {
			all := Sink{All: true}
			st.Find(b, &all)
			byDigit := map[int][]string{}
			for i := range all.Steps() {
				s := &all.Steps()[i]
				d := s.Digits.Single()
				if d == 0 {
					t.Fatalf("%s: a step on %v, not one digit", st.name, s.Digits)
				}
				byDigit[d] = append(byDigit[d], stepKey(s))
				steps++
			}
			for d := 1; d <= b.Layout().N; d++ {
				got := digitSteps(st, b, grid.Bit(d))
				if fmt.Sprint(got) != fmt.Sprint(byDigit[d]) {
					t.Fatalf("%s on digit %d alone:\n got %v\nwant %v", st.name, d, got, byDigit[d])
				}
				other.CopyFrom(b)
				for c := range other.Candidates() {
					if x := other.Cands(c) &^ grid.Bit(d); b.Value(c) == 0 && other.Cands(c).Count() >= 3 {
						other.SetCands(c, other.Cands(c)&^(grid.Bit(x.Max())))
					}
				}
				if got := digitSteps(st, other, grid.Bit(d)); fmt.Sprint(got) != fmt.Sprint(byDigit[d]) {
					t.Fatalf("%s on digit %d with other digits changed:\n got %v\nwant %v", st.name, d, got, byDigit[d])
				}
			}
		}
	})
	if steps == 0 {
		t.Fatal("no per-digit steps along the solves")
	}
	t.Logf("%d states, %d per-digit steps", states/3, steps)
}

func TestDigitMemo(t *testing.T) {
	b := board(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	st := FinnedFish()
	var m DigitMemo
	m.Load(b)
	if got, want := m.Digits(st, OfSize(2)), grid.AllDigits(9); got != want {
		t.Fatalf("fresh memo: digits %v, want %v", got, want)
	}
	m.Nothing(st, OfSize(2), grid.AllDigits(9)&^grid.Bit(9))
	if got, want := m.Digits(st, OfSize(2)), grid.Bit(9); got != want {
		t.Fatalf("after nothing on 1-8: digits %v, want %v", got, want)
	}
	if got, want := m.Digits(st, OfSize(3)), grid.AllDigits(9); got != want {
		t.Fatalf("another size: digits %v, want %v", got, want)
	}
	// A candidate of 6 gone moves 6; a placement of 2 moves 2 and the
	// digits leaving its cell.
	empty := 1
	for b.Value(empty) != 0 {
		empty++
	}
	next := b.Clone()
	next.Eliminate(nextCand(next, 6, empty), 6)
	m.Load(next)
	if got, want := m.Digits(st, OfSize(2)), grid.Bit(6)|grid.Bit(9); got != want {
		t.Fatalf("after a 6 is gone: digits %v, want %v", got, want)
	}
	m.Load(b)
	if got, want := m.Digits(st, OfSize(2)), grid.Bit(9); got != want {
		t.Fatalf("back to the first board: digits %v, want %v", got, want)
	}
}

// nextCand returns the first empty cell from cell on holding candidate d.
func nextCand(b *grid.Board, d, cell int) int {
	for b.Value(cell) != 0 || !b.Cands(cell).Has(d) {
		cell++
	}
	return cell
}

// TestLocalFinders checks what CellMemo relies on, along top1465 solves:
// where a local finder found nothing on a state, its first step on a
// later state is the one it finds through the cells changed since.
func TestLocalFinders(t *testing.T) {
	var locals []*Strategy
	for _, st := range All() {
		if st.Local() && !killerOnly[st] && !kenkenOnly[st] {
			locals = append(locals, st)
		}
	}
	if len(locals) == 0 {
		t.Fatal("no local strategies")
	}
	lc := newLocalCheck(locals)
	puzzle := ""
	eachLogicState(t, top1465, 60, func(b *grid.Board, line string, _ *Step) {
		if line != puzzle {
			puzzle = line
			lc.newPuzzle()
		}
		lc.state(t, b, line)
	})
	lc.wantFound(t, locals...)
	t.Logf("states checked: %v; steps found after a state without: %v", lc.checked, lc.found)
}

// localCheck checks what CellMemo relies on for local strategies along the
// states of logic solves: where a strategy found nothing on an earlier
// state of the puzzle, its steps on a later state must be the ones it
// finds through the cells changed since.
type localCheck struct {
	strategies []*Strategy
	last       map[*Strategy]*grid.Board // the last state of the puzzle where it found nothing
	checked    map[string]int            // states checked after a state without a step, by strategy
	found      map[string]int            // steps found on those states, by strategy
}

// newLocalCheck returns a localCheck of the strategies.
func newLocalCheck(strategies []*Strategy) *localCheck {
	return &localCheck{strategies: strategies, last: map[*Strategy]*grid.Board{}, checked: map[string]int{}, found: map[string]int{}}
}

// newPuzzle forgets the states of the puzzle before.
func (lc *localCheck) newPuzzle() { clear(lc.last) }

// state checks every strategy on b, the next state of the puzzle, named by
// label in a failure.
func (lc *localCheck) state(t *testing.T, b *grid.Board, label string) {
	t.Helper()
	for _, st := range lc.strategies {
		whole := Sink{}
		st.Find(b, &whole)
		if prev := lc.last[st]; prev != nil {
			var m CellMemo
			m.Load(prev)
			m.Nothing(st, AllForms())
			m.Load(b)
			changed, run := m.Changed(st, AllForms())
			through := Sink{Changed: changed}
			if run {
				st.Find(b, &through)
			}
			if got, want := stepKeys(through.Steps()), stepKeys(whole.Steps()); got != want {
				t.Fatalf("%s, %s: through the changed cells %s, whole %s", label, st.name, got, want)
			}
			lc.checked[st.name]++
			lc.found[st.name] += len(whole.Steps())
		}
		if len(whole.Steps()) == 0 {
			lc.last[st] = b.Clone()
		} else {
			delete(lc.last, st)
		}
	}
}

// wantFound fails for each of the strategies that found no step on a state
// checked after a state without.
func (lc *localCheck) wantFound(t *testing.T, strategies ...*Strategy) {
	t.Helper()
	for _, st := range strategies {
		if lc.found[st.name] == 0 {
			t.Errorf("%s: no step found after a state without: want some", st.name)
		}
	}
}

// stepKeys renders steps with stepKey, to compare lists.
func stepKeys(steps []Step) string {
	var out []string
	for i := range steps {
		out = append(out, stepKey(&steps[i]))
	}
	return fmt.Sprint(out)
}

func TestCellMemo(t *testing.T) {
	b := board(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	st := WXYZWing()
	var m CellMemo
	m.Load(b)
	if set, run := m.Changed(st, AllForms()); set != nil || !run {
		t.Fatalf("fresh memo: %v %v, want every cell", set, run)
	}
	m.Nothing(st, AllForms())
	if set, run := m.Changed(st, AllForms()); run || set == nil {
		t.Fatalf("same board: %v %v, want no cell and no run", set, run)
	}
	cell := nextCand(b, 6, 1)
	next := b.Clone()
	next.Eliminate(cell, 6)
	m.Load(next)
	set, run := m.Changed(st, AllForms())
	if !run || set == nil || !set.Has(cell) || set.Count() != 1 {
		t.Fatalf("a 6 gone from cell %d: %v %v, want that cell", cell, set, run)
	}
	m.Nothing(st, AllForms())
	m.Load(b) // a candidate back: not a later state
	if set, run := m.Changed(st, AllForms()); set != nil || !run {
		t.Fatalf("a candidate back: %v %v, want every cell", set, run)
	}
}
