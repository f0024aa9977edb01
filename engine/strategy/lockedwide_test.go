package strategy

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/internal/shared"
)

// lockedStuckBoards reads testdata/locked-nested.txt: boards where Nested
// Forcing Net is stuck and Locked Nested Trial finds steps.
func lockedStuckBoards(t *testing.T) []*grid.Board {
	t.Helper()
	var boards []*grid.Board
	for _, line := range shared.Lines(t, filepath.Join("testdata", "locked-nested.txt")) {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, _, err := codec.Decode(line, codec.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := p.Board(p.Variant)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	return boards
}

// lockedLeft counts the candidates of b as lockedTrial.find does (a
// placed cell's digit among them).
func lockedLeft(b *grid.Board) int {
	left := 0
	for c := range b.Layout().Cells {
		if b.Value(c) != 0 {
			left++
		} else {
			left += b.Cands(c).Count()
		}
	}
	return left
}

// TestLockedWideFirst holds a Locked Nested Trial search that starts wide
// (the last search on its sink took its steps narrow, Sink.lockedNarrow)
// to the plain search on the same board (narrow, then wide). On each board
// of testdata/locked-nested.txt: every step of both removes no digit of
// the board's one solution; where the plain search took its steps from
// the wide pass, the wide-first search's steps begin with them, in order
// (the same premises in the same order from the same board, with the
// narrow pass's eliminations left in its budget), and it finds at least
// as many; where the plain search took them narrow, the wide-first
// search takes those its budget reaches among others, and on the board they
// leave the plain search's steps come from the wide pass (compared as
// above); with a wide pass stopped at once (Sink.WideStall), a search
// whose plain narrow pass finds steps still finds some. Floors: steps on
// every board, and more steps wide-first than plain in all.
func TestLockedWideFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: nested searches of seconds")
	}
	var srch search.Searcher
	plainSteps, firstSteps, compared, kept := 0, 0, 0, 0
	for i, b := range lockedStuckBoards(t) {
		n := grid.Notation{Layout: b.Layout()}
		counted, err := srch.Count(context.Background(), b, 2)
		if err != nil || len(counted.Solutions) != 1 {
			t.Fatalf("board %d: %d solutions, %v; want one", i, len(counted.Solutions), err)
		}
		sol := counted.Solutions[0]
		// texts returns the steps' explanations, checking them.
		texts := func(name string, sink *Sink) []string {
			var out []string
			for _, s := range sink.Steps() {
				out = append(out, s.Explain(n))
				if len(s.Eliminations) != 1 {
					t.Errorf("board %d, %s: a step of %d eliminations", i, name, len(s.Eliminations))
				}
				for _, e := range s.Eliminations {
					if sol[e.Cell] == uint8(e.Digit) {
						t.Errorf("board %d, %s: removes the solution's %d from %s", i, name, e.Digit, n.CellName(e.Cell))
					}
				}
			}
			return out
		}
		left := lockedLeft(b)
		plain := Sink{All: true}
		LockedNestedTrial().Find(b, &plain)
		first := Sink{All: true, lockedNarrow: left}
		LockedNestedTrial().Find(b, &first)
		p, f := texts("plain", &plain), texts("wide first", &first)
		t.Logf("board %d: %d steps plain (narrow: %v), %d wide first", i, len(p), plain.lockedNarrow > 0, len(f))
		if len(p) == 0 || len(f) == 0 {
			t.Errorf("board %d: %d steps plain, %d wide first; want some", i, len(p), len(f))
		}
		if first.lockedNarrow != 0 && len(f) > 0 {
			t.Errorf("board %d: the wide-first search's steps are marked narrow", i)
		}
		// A premise the narrow pass refutes, the wide pass refutes too,
		// if its budget reaches it (on board 0 it stops before the
		// second).
		for _, s := range plain.Steps() {
			e := s.Eliminations[0]
			if slices.ContainsFunc(first.Steps(), func(x Step) bool { return x.Eliminations[0] == e }) {
				kept++
			} else {
				t.Logf("board %d: the plain search removes %d from %s, the wide-first search does not", i, e.Digit, n.CellName(e.Cell))
			}
		}
		plainSteps += len(p)
		firstSteps += len(f)

		// The board the plain steps leave, where a plain search's narrow
		// pass finds nothing.
		after := b.Clone()
		for _, s := range plain.Steps() {
			for _, e := range s.Eliminations {
				after.Eliminate(e.Cell, e.Digit)
			}
		}
		plain2 := Sink{All: true}
		LockedNestedTrial().Find(after, &plain2)
		first2 := Sink{All: true, lockedNarrow: lockedLeft(after)}
		LockedNestedTrial().Find(after, &first2)
		p2, f2 := texts("plain, after", &plain2), texts("wide first, after", &first2)
		t.Logf("board %d after the plain steps: %d steps plain (narrow: %v), %d wide first", i, len(p2), plain2.lockedNarrow > 0, len(f2))
		if plain2.lockedNarrow == 0 && len(p2) > 0 {
			compared++
			if len(f2) < len(p2) || !slices.Equal(f2[:len(p2)], p2) {
				t.Errorf("board %d after the plain steps: the wide-first steps do not begin with the plain search's %d", i, len(p2))
			}
		}
		plainSteps += len(p2)
		firstSteps += len(f2)

		stalled := Sink{All: true, WideStall: 1}
		LockedNestedTrial().Find(b, &stalled)
		firstStalled := Sink{All: true, WideStall: 1, lockedNarrow: left}
		LockedNestedTrial().Find(b, &firstStalled)
		ps, fs := texts("plain, stalled", &stalled), texts("wide first, stalled", &firstStalled)
		t.Logf("board %d, wide passes stalled: %d steps plain (narrow: %v), %d wide first", i, len(ps), stalled.lockedNarrow > 0, len(fs))
		if len(ps) > 0 && len(fs) == 0 {
			t.Errorf("board %d, wide passes stalled: %d steps plain, none wide first", i, len(ps))
		}
	}
	if compared == 0 || firstSteps <= plainSteps || kept == 0 {
		t.Errorf("%d boards compared, %d steps wide first against %d plain, %d narrow steps found wide first; want some, more, and some", compared, firstSteps, plainSteps, kept)
	}
}

// TestLockedSkipsNarrow: a search starts wide only after a search that
// took its steps narrow, on a board that has lost less than a side of
// candidates since.
func TestLockedSkipsNarrow(t *testing.T) {
	l := lockedStuckBoards(t)[0].Layout()
	tests := []struct {
		narrow, left int
		want         bool
	}{
		{0, 2000, false},   // the last search found none narrow
		{2000, 2000, true}, // nothing lost since
		{2015, 2000, true}, // less than a side lost
		{2016, 2000, false},
		{2500, 2000, false},
	}
	for _, tt := range tests {
		if got := lockedSkipsNarrow(l, tt.narrow, tt.left); got != tt.want {
			t.Errorf("lockedSkipsNarrow(16×16, %d, %d) = %v, want %v", tt.narrow, tt.left, got, tt.want)
		}
	}
}
