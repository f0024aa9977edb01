package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
)

// TestNeedsCagesFindNothingWithoutCages: the strategies marked NeedsCages
// (which a solver leaves out on boards without cages) find no step on
// classic, X, Windoku and jigsaw boards, and find steps on a killer.
func TestNeedsCagesFindNothingWithoutCages(t *testing.T) {
	var marked []*Strategy
	for _, st := range All() {
		if st.NeedsCages() {
			marked = append(marked, st)
		}
	}
	if len(marked) < 15 {
		t.Fatalf("%d strategies need cages, want at least 15", len(marked))
	}
	p, _, err := codec.Decode("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", codec.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	classic, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	plain := map[string]*grid.Board{
		"classic": classic,
		"X":       fileBoard(t, "../solver/testdata/x9-extreme.txt", 1),
		"Windoku": fileBoard(t, "../solver/testdata/windoku9-extreme.txt", 1),
		"jigsaw":  fileBoard(t, "../solver/testdata/jigsaw9-extreme.txt", 1),
		"16×16 X": fileBoard(t, "../solver/testdata/x16-extreme.txt", 2),
	}
	for name, b := range plain {
		for _, st := range marked {
			sink := &Sink{All: true}
			st.Find(b, sink)
			if n := len(sink.Steps()); n > 0 {
				t.Errorf("%s on a %s board: %d steps, want none", st.Name(), name, n)
			}
		}
	}
	killer := fileBoard(t, "../search/testdata/killer9-tarek.txt", 1)
	found := 0
	for _, st := range marked {
		if found > 0 {
			break // the first that finds is enough; the trials are slow
		}
		sink := &Sink{All: true}
		st.Find(killer, sink)
		found += len(sink.Steps())
	}
	if found == 0 {
		t.Error("the cage strategies find no step on tarek line 1")
	}
}
