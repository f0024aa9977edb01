package classic

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/sudokuwise/solver/engine/search/internal/sets"
)

// TestAssemblyOffsets pins the offsets that propagate_amd64.s names.
func TestAssemblyOffsets(t *testing.T) {
	var st state
	var tb tables
	for _, tt := range []struct {
		name      string
		got, want uintptr
	}{
		{"state.cand", unsafe.Offsetof(st.cand), 0},
		{"state.unsolved", unsafe.Offsetof(st.unsolved), 128},
		{"state.pairs", unsafe.Offsetof(st.pairs), 144},
		{"state.dirty", unsafe.Offsetof(st.dirty), 156},
		{"state.touched", unsafe.Offsetof(st.touched), 160},
		{"state.unclaimed", unsafe.Offsetof(st.unclaimed), 164},
		{"tables.rowBoxes", unsafe.Offsetof(tb.rowBoxes), 0},
		{"tables.bandKeep", unsafe.Offsetof(tb.bandKeep), 2048},
		{"tables.rowSingle", unsafe.Offsetof(tb.rowSingle), 4096},
		{"tables.otherBands", unsafe.Offsetof(tb.otherBands), 6144},
		{"tables.live", unsafe.Offsetof(tb.live), 8192},
		{"tables.rowBoxes3", unsafe.Offsetof(tb.rowBoxes3), 10240},
		{"tables.rowBoxes6", unsafe.Offsetof(tb.rowBoxes6), 12288},
		{"tables.rowSingle9", unsafe.Offsetof(tb.rowSingle9), 14336},
		{"tables.rowSingle18", unsafe.Offsetof(tb.rowSingle18), 16384},
		{"tables.singleRows", unsafe.Offsetof(tb.singleRows), 18432},
	} {
		if tt.got != tt.want {
			t.Errorf("offset of %s is %d, the assembly uses %d", tt.name, tt.got, tt.want)
		}
	}
}

// randomStates calls fn with states loaded from 100 of the hardest
// puzzles, 50 from each, with up to most candidates taken away at random.
func randomStates(t *testing.T, seed uint64, most int, fn func(text string, st *state, rng *rand.Rand)) {
	t.Helper()
	puzzles := sets.Spread(sets.Read(t, sets.Hard1106, 0), 100)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for _, text := range puzzles {
		p := parse(t, text)
		for range 50 {
			var st state
			if err := st.load(p); err != nil {
				t.Fatal(err)
			}
			for range rng.IntN(most + 1) {
				st.cand[rng.IntN(27)] &^= 1 << rng.IntN(27)
			}
			fn(text, &st, rng)
		}
	}
}

// TestPropagateMatchesGeneric runs propagate and propagateGeneric on the
// same states, with random words marked dirty (propagation must only use
// what it is given), and wants the same states and answers. On platforms
// without an assembly version both are the same code.
func TestPropagateMatchesGeneric(t *testing.T) {
	// fails counts contradictions, changes states where propagation placed
	// digits.
	var fails, changes int
	randomStates(t, 1, 40, func(text string, a *state, rng *rand.Rand) {
		a.dirty = rng.Uint32() & all27
		a.touched, a.unclaimed = rng.Uint32()&all27, rng.Uint32()&all27
		b := *a
		before := a.unsolvedCount()
		okA, okB := a.propagate(), b.propagateGeneric()
		if okA != okB {
			t.Fatalf("%s: propagate reports %v, propagateGeneric %v", text, okA, okB)
		}
		if !okA {
			fails++
			return
		}
		if *a != b {
			t.Fatalf("%s: propagate left\n%+v\npropagateGeneric\n%+v", text, *a, b)
		}
		if a.unsolvedCount() < before {
			changes++
		}
	})
	// The states must cover both outcomes, or the test proves little.
	if fails == 0 || changes == 0 {
		t.Errorf("%d contradictions and %d states with placements: want both", fails, changes)
	}
}

// TestScorePairsMatchesGeneric compares scorePairs with scorePairsGeneric on
// propagated states, where many cells hold two candidates.
func TestScorePairsMatchesGeneric(t *testing.T) {
	var scored int
	randomStates(t, 3, 60, func(text string, st *state, _ *rand.Rand) {
		st.dirty = all27
		if !st.propagateGeneric() {
			return
		}
		st.touched = all27
		if _, ok := st.nakedSingles(); !ok {
			return
		}
		best, b, x := st.scorePairs()
		wantBest, wantB, wantX := st.scorePairsGeneric()
		if best != wantBest || best >= 0 && (b != wantB || x != wantX) {
			t.Fatalf("%s: scorePairs gives score %d at band %d bit %#x, scorePairsGeneric %d at band %d bit %#x",
				text, best, b, x, wantBest, wantB, wantX)
		}
		if best >= 0 {
			scored++
		}
	})
	if scored < 1000 {
		t.Errorf("only %d of 5000 states had cells with two candidates", scored)
	}
}

// TestGuessCellOther checks the other candidate guessCell names, which the
// search places once the guess is exhausted: on settled states (no naked
// single left), near the leaves and far from them, it must be the cell's
// other candidate when the cell has two, and -1 when it has more.
func TestGuessCellOther(t *testing.T) {
	counts := map[string]int{}
	randomStates(t, 5, 60, func(text string, st *state, _ *rand.Rand) {
		st.dirty = all27
		for {
			if !st.propagate() {
				return
			}
			found, ok := st.nakedSingles()
			if !ok {
				return
			}
			if !found {
				break
			}
		}
		if st.unsolvedCount() == 0 {
			return
		}
		for _, leaves := range []int{0, 81} {
			j, k, x := st.guessCell(leaves)
			b := j % 3
			var words []int
			for w := b; w < 27; w += 3 {
				if st.cand[w]&x != 0 {
					words = append(words, w)
				}
			}
			switch {
			case st.cand[j&31]&x == 0:
				t.Fatalf("%s: leaves %d: guess %#x of word %d is not a candidate", text, leaves, x, j)
			case len(words) == 2:
				counts["two"]++
				if k < 0 || k == j || k%3 != b || st.cand[k&31]&x == 0 {
					t.Fatalf("%s: leaves %d: cell %#x of band %d holds words %v; guess %d, other %d", text, leaves, x, b, words, j, k)
				}
			default:
				counts["more"]++
				if k != -1 {
					t.Fatalf("%s: leaves %d: cell %#x of band %d holds words %v; other %d, want -1", text, leaves, x, b, words, k)
				}
			}
		}
	})
	// Both kinds of cell must be met, or the test proves little.
	if counts["two"] < 1000 || counts["more"] == 0 {
		t.Errorf("guesses on cells of two candidates %d, of more %d: want at least 1000 and 1", counts["two"], counts["more"])
	}
}
