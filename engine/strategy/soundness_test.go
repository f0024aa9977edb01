package strategy

import (
	"math/rand/v2"
	"path"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestSoundOnLayouts checks each family of strategies, by its solve
// function, on random puzzles of several layouts (see soundOnLayouts).
func TestSoundOnLayouts(t *testing.T) {
	// The 9×9 layouts most families are checked on.
	classic := grid.Config{Size: 9}
	jigsaw := grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}
	x := grid.Config{Size: 9, Variant: grid.X}
	windoku := grid.Config{Size: 9, Variant: grid.Windoku}
	killer := grid.Config{Size: 9, Variant: grid.Killer}
	tests := []struct {
		name    string
		seed    [2]uint64
		every   int // puzzles a random solution serves
		layouts []layoutCase
		solve   solveChecked
		// done, when not nil, checks each layout's steps (see soundOnLayouts).
		done func(t *testing.T, seen map[string]int)
		// want names the techniques a full run must have checked steps of.
		want []string
	}{
		{
			name: "patterns", seed: [2]uint64{4, 17}, every: 10, solve: patSolveChecked,
			layouts: []layoutCase{
				{"classic", classic, 200, 0.35},
				{"jigsaw", jigsaw, 200, 0.35},
				{"X", x, 200, 0.3},
				{"Windoku", windoku, 200, 0.3},
				{"Colour", grid.Config{Size: 9, Variant: grid.Colour}, 100, 0.3},
				{"6x6", grid.Config{Size: 6}, 60, 0.3},
				{"8x8", grid.Config{Size: 8}, 60, 0.3},
				{"KenKen 7x7, no regions", grid.Config{Size: 7, Variant: grid.KenKen}, 40, 0.3},
				{"16x16", grid.Config{Size: 16}, 30, 0.45},
				{"killer", killer, 100, 0.3},
			},
		},
		{
			name: "colours", seed: [2]uint64{13, 5}, every: 10,
			solve: func(t *testing.T, b *grid.Board, sol []uint8, seen map[string]int) {
				colourSolveChecked(t, b, sol, false, seen)
			},
			layouts: []layoutCase{
				{"jigsaw", jigsaw, 100, 0.3},
				{"X", x, 100, 0.3},
				{"Windoku", windoku, 100, 0.3},
				{"6x6", grid.Config{Size: 6}, 60, 0.25},
				{"16x16", grid.Config{Size: 16}, 20, 0.45},
			},
		},
		{
			name: "misc patterns", seed: [2]uint64{13, 2}, every: 10, solve: miscSolveChecked,
			layouts: []layoutCase{
				{"classic", classic, 150, 0.3},
				{"jigsaw", jigsaw, 100, 0.3},
				{"X", x, 60, 0.3},
				{"Windoku", windoku, 60, 0.3},
				{"6x6", grid.Config{Size: 6}, 60, 0.25},
				{"8x8", grid.Config{Size: 8}, 40, 0.3},
				{"16x16", grid.Config{Size: 16}, 6, 0.5},
				{"killer", killer, 40, 0.3},
			},
			// A sample may miss some, but each must have been checked.
			want: strategyNames(miscStrategies),
		},
		{
			name: "ALS", seed: [2]uint64{5, 23}, every: 10, solve: alsSolveChecked,
			layouts: []layoutCase{
				{"classic", classic, 40, 0.3},
				{"jigsaw", jigsaw, 30, 0.3},
				{"X", x, 30, 0.28},
				{"Windoku", windoku, 30, 0.28},
				{"6x6", grid.Config{Size: 6}, 60, 0.3},
				{"12x12", grid.Config{Size: 12}, 10, 0.4},
				{"16x16", grid.Config{Size: 16}, 6, 0.5},
				{"killer", killer, 40, 0.3},
			},
		},
		{
			name: "general fish", seed: [2]uint64{16, 2}, every: 10, solve: fishSolveChecked,
			layouts: []layoutCase{
				{"classic", classic, 25, 0.3},
				{"jigsaw", jigsaw, 6, 0.3},
				{"X", x, 8, 0.3},
				{"Windoku", windoku, 6, 0.3},
				{"6x6", grid.Config{Size: 6}, 40, 0.25},
				{"8x8", grid.Config{Size: 8}, 10, 0.3},
				{"16x16", grid.Config{Size: 16}, 3, 0.45},
				{"killer", killer, 10, 0.3},
				{"KenKen", grid.Config{Size: 6, Variant: grid.KenKen}, 20, 0.1},
			},
			done: generalFishFloor,
			want: []string{"Finned Franken X-Wing", "Franken Swordfish", "Finned Mutant X-Wing", "Template Set", "Template Delete"},
		},
		{
			name: "forcing", seed: [2]uint64{13, 1}, every: 5, solve: forcingSolveChecked,
			layouts: []layoutCase{
				{"classic", classic, 30, 0.3},
				{"jigsaw", jigsaw, 30, 0.3},
				{"X", x, 20, 0.27},
				{"6x6", grid.Config{Size: 6}, 30, 0.25},
				{"killer", killer, 20, 0.25},
				{"16x16", grid.Config{Size: 16}, 3, 0.45},
			},
			done: forcingFloor,
		},
		{
			// Singles and Nested Forcing Net alone, on boards with few
			// givens, so that the nets need lemmas.
			name: "nested forcing", seed: [2]uint64{13, 3}, every: 5, solve: nestedSolveChecked,
			layouts: []layoutCase{
				{"X", x, 4, 0.22},
				{"jigsaw", jigsaw, 3, 0.25},
				{"X 16x16", grid.Config{Size: 16, Variant: grid.X}, 2, 0.37},
			},
			done: nestedFloor,
		},
		{
			// Its own run, so that -short (fewer puzzles on the layouts
			// above) draws the same two boards.
			name: "forcing 25x25", seed: [2]uint64{13, 1}, every: 5, solve: forcingSolveChecked,
			layouts: []layoutCase{
				{"X 25x25", grid.Config{Size: 25, Variant: grid.X}, 2, 0.52},
			},
			done: forcingFloor,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if race && tt.name == "forcing 25x25" {
				t.Skip("skipped under -race: a minute of 25×25 nets; CI runs it without")
			}
			if race && tt.name == "nested forcing" {
				t.Skip("skipped under -race: ten seconds of nested nets; CI runs it without")
			}
			total := soundOnLayouts(t, rand.New(rand.NewPCG(tt.seed[0], tt.seed[1])), tt.every, tt.layouts, tt.solve, tt.done)
			if quick() || t.Failed() {
				return
			}
			for _, name := range tt.want {
				if total[name] == 0 {
					t.Errorf("no %s step checked", name)
				}
			}
		})
	}
}

// generalFishFloors are the fewest Franken and Mutant fish steps (finned
// and Siamese ones included) a full general fish run checks on each layout:
// about half of what it found when they were set. The 6×6 KenKen boards,
// without boxes, have none.
var generalFishFloors = map[string]int{
	"classic": 175, "jigsaw": 19000, "X": 1500, "Windoku": 500,
	"6x6": 120, "8x8": 40, "16x16": 450, "killer": 290,
}

// generalFishFloor fails the layout's test (named after the layout) when
// it checked fewer Franken and Mutant fish steps than its floor.
func generalFishFloor(t *testing.T, seen map[string]int) {
	t.Helper()
	if quick() {
		return // a tenth of the puzzles: too few for the floors
	}
	n := 0
	for name, k := range seen {
		if strings.Contains(name, "Franken") || strings.Contains(name, "Mutant") {
			n += k
		}
	}
	layout := path.Base(t.Name())
	if floor, ok := generalFishFloors[layout]; ok && n < floor {
		t.Errorf("%d Franken and Mutant fish steps checked on %s, want at least %d", n, layout, floor)
	}
}

// forcingFloors are the fewest forcing steps a run checks on a layout:
// about half of what it found when they were set (the 25×25 X, whose
// searches have a larger budget, its two puzzles under -short too).
var forcingFloors = map[string]int{"X_25x25": 6000}

// forcingFloor fails the layout's test (named after the layout) when it
// checked no forcing step, or fewer than its floor.
func forcingFloor(t *testing.T, seen map[string]int) {
	t.Helper()
	n := 0
	for _, k := range seen {
		n += k
	}
	if n == 0 {
		t.Error("no forcing step met")
	}
	if floor := forcingFloors[path.Base(t.Name())]; n < floor {
		t.Errorf("%d forcing steps checked, want at least %d", n, floor)
	}
}

// strategyNames returns the names of strategies.
func strategyNames(strategies []*Strategy) []string {
	names := make([]string, len(strategies))
	for i, st := range strategies {
		names[i] = st.name
	}
	return names
}
