package strategy

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

var updateFish = flag.Bool("update-fish", false, "rewrite testdata/fishsteps.txt from the fish finders")

// fishStepsFile records the steps of the fish finders along logic solves:
// one line a puzzle and probe, its key, the steps found and a digest of
// them. It was written by the three fish searches the fish engine replaced
// (the line engine, the finned fish's and genfish.go's general search), so
// TestFishStepsRecorded holds the engine to their steps, byte for byte.
const fishStepsFile = "testdata/fishsteps.txt"

// fishProbe is one question asked of a fish finder at each position.
type fishProbe struct {
	name string
	st   *Strategy
	all  bool
	form Form
}

// The probes of the top1465 solves (every position), of their first
// puzzles (Franken and Mutant fish, every position) and of the generated
// layouts (every position of a fish solve).
var (
	fishLineProbes = []fishProbe{
		{"basic/first", BasicFish(), false, AllForms()},
		{"basic/all", BasicFish(), true, AllForms()},
		{"basic/all/5", BasicFish(), true, OfSize(5)},
		{"finned/first", FinnedFish(), false, AllForms()},
		{"finned/all", FinnedFish(), true, AllForms()},
		{"finned/all/5", FinnedFish(), true, OfSize(5)},
	}
	fishGeneralProbes = []fishProbe{
		{"franken/first", FrankenFish(), false, AllForms()},
		{"franken/all", FrankenFish(), true, AllForms()},
		{"mutant/first/3", MutantFish(), false, OfSize(3)},
		{"mutant/all/2", MutantFish(), true, OfSize(2)},
	}
	fishLayoutProbes = append(append([]fishProbe(nil), fishLineProbes...), fishGeneralProbes...)
)

// fishRecorder hashes the steps of each probe over the positions of one
// puzzle.
type fishRecorder struct {
	sink   Sink
	digest map[string]*fishDigest
	order  []string
	steps  int // steps hashed in all
}

type fishDigest struct {
	steps int
	h     [32]byte
}

// probe asks every probe for its steps on b and folds them into the
// digests of the puzzle named key.
func (r *fishRecorder) probe(key string, b *grid.Board, probes []fishProbe) {
	n := grid.Notation{Layout: b.Layout()}
	for _, p := range probes {
		r.sink.Reset()
		r.sink.All, r.sink.Form = p.all, p.form
		p.st.Find(b, &r.sink)
		k := key + " " + p.name
		d := r.digest[k]
		if d == nil {
			d = &fishDigest{}
			r.digest[k] = d
			r.order = append(r.order, k)
		}
		h := sha256.New()
		h.Write(d.h[:])
		for i := range r.sink.Steps() {
			s := &r.sink.Steps()[i]
			fmt.Fprintf(h, "%s|%v|%v|%v|%v|%v|%v|%s\n", s.Name(), s.Digits, s.Units, s.Cells, s.Eliminations, s.Placements, s.Marks, s.Explain(n))
			d.steps++
			r.steps++
		}
		// A position without steps still counts: it ends with a mark.
		h.Write([]byte{'.'})
		copy(d.h[:], h.Sum(nil))
	}
}

// TestFishStepsRecorded checks the steps of the fish finders, first step
// and find-all, along the logic solves of the first 120 top1465 puzzles
// (Franken and Mutant fish along the first 3) and fish
// solves of generated puzzles of the layouts the general fish soundness
// run uses, against fishStepsFile. Under -short it checks the
// basic and finned fish of the first 8 top1465 puzzles and every tenth
// generated puzzle.
func TestFishStepsRecorded(t *testing.T) {
	if race {
		t.Skip("a record of one goroutine's steps: the race detector adds nothing but a tenfold cost; go test ./engine/... checks it")
	}
	r := &fishRecorder{digest: map[string]*fishDigest{}}
	sampled := func(i int) bool { return !quick() || i%10 == 0 }
	max, general := 120, 3
	if quick() {
		max, general = 8, 0
	}
	i := 0
	var last string
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, _ *Step) {
		if line != last {
			if last != "" {
				i++
			}
			last = line
		}
		r.probe(fmt.Sprintf("top1465/%d", i), b, fishLineProbes)
		if i < general {
			r.probe(fmt.Sprintf("top1465/%d", i), b, fishGeneralProbes)
		}
	})
	fishLayoutsRecorded(t, r, sampled)
	if *updateFish {
		writeStepRecords(t, r, fishStepsFile, "# The fish finders' steps along logic solves (TestFishStepsRecorded):\n# puzzle probe, steps, digest. Written with -update-fish.\n")
		return
	}
	want := readStepRecords(t, fishStepsFile)
	for _, k := range r.order {
		got := fmt.Sprintf("%d %x", r.digest[k].steps, r.digest[k].h[:8])
		if want[k] != got {
			t.Errorf("%s: steps and digest %s, recorded %q", k, got, want[k])
		}
	}
	floor := 50000
	if quick() {
		floor = 2000
	}
	if r.steps < floor {
		t.Errorf("%d steps compared, want at least %d", r.steps, floor)
	}
	t.Logf("%d steps compared in %d records", r.steps, len(r.order))
}

// fishLayoutsRecorded probes the fish solves of random puzzles of the
// general fish soundness run's layouts (a fixed seed) into r, the puzzles
// sampled reports true for.
func fishLayoutsRecorded(t *testing.T, r *fishRecorder, sampled func(int) bool) {
	layouts := []layoutCase{
		{"classic", grid.Config{Size: 9}, 20, 0.3},
		{"jigsaw", grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}, 10, 0.3},
		{"X", grid.Config{Size: 9, Variant: grid.X}, 10, 0.3},
		{"Windoku", grid.Config{Size: 9, Variant: grid.Windoku}, 10, 0.3},
		{"6x6", grid.Config{Size: 6}, 20, 0.25},
		{"8x8", grid.Config{Size: 8}, 10, 0.3},
		{"16x16", grid.Config{Size: 16}, 2, 0.45},
		{"killer", grid.Config{Size: 9, Variant: grid.Killer}, 10, 0.3},
		{"KenKen", grid.Config{Size: 6, Variant: grid.KenKen}, 10, 0.1},
	}
	rng := rand.New(rand.NewPCG(16, 2))
	for _, lc := range layouts {
		cfg := lc.cfg
		sol := cagedSolution(t, &cfg, rng)
		l := testLayout(t, cfg)
		for i := 0; i < lc.puzzles; i++ {
			if sol == nil || i%10 == 0 && cfg.Cages == nil {
				_, sol = patRandomPuzzle(t, l, rng, 0)
			}
			b := patPuzzle(t, l, sol, rng, lc.keep)
			if sampled(i) {
				fishSolveRecorded(r, fmt.Sprintf("%s/%d", lc.name, i), b)
			}
		}
	}
}

// fishSolveRecorded solves b with singles, intersections and subsets and,
// where they are stuck, probes every fish finder and takes the first fish
// step (of the basic, finned, Franken, then Mutant fish).
func fishSolveRecorded(r *fishRecorder, key string, b *grid.Board) {
	cheap := []*Strategy{NakedSingle(), HiddenSingle(), LockedRegions(), LockedCandidates(), NakedSubsets(), HiddenSubsets()}
	fish := []*Strategy{BasicFish(), FinnedFish(), FrankenFish(), MutantFish()}
	var sink Sink
	first := func(order []*Strategy) bool {
		for _, st := range order {
			sink.Reset()
			st.Find(b, &sink)
			if len(sink.Steps()) > 0 {
				sink.Steps()[0].Apply(b)
				return true
			}
		}
		return false
	}
	for step := 0; step < 4*b.Layout().Cells && !b.Solved(); step++ {
		if first(cheap) {
			continue
		}
		r.probe(key, b, fishLayoutProbes)
		if !first(fish) {
			return
		}
	}
}
