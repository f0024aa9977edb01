package strategy

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

var updateKiller = flag.Bool("update-killer", false, "rewrite testdata/killersteps.txt from the killer finders")

// killerStepsFile records the logic solves of the killer and KenKen test
// sets and the steps of the cage finders along them: one line a puzzle
// and probe, its key, the steps and a digest of them. It was written
// before the cage finders were made faster, so TestKillerStepsRecorded
// holds them to the same steps, byte for byte.
const killerStepsFile = "testdata/killersteps.txt"

// killerStepSet is a file of puzzles whose logic solves are recorded.
type killerStepSet struct {
	name, path string
	variant    grid.Variant
}

// killerStepSets are the recorded sets: the killers and KenKen the cage
// finders were profiled on, and the killers of the solver's golden logs
// (killer9-cagesize.txt holds those of three; killer-sum-chain is
// killerSumChain).
var killerStepSets = []killerStepSet{
	{"tarek", "../search/testdata/killer9-tarek.txt", grid.Killer},
	{"hard5", "../search/testdata/killer9-hard5.txt", grid.Killer},
	{"cagesize", "../solver/testdata/killer9-cagesize.txt", grid.Killer},
	{"hard", "../solver/testdata/killer9-hard.txt", grid.Killer},
	{"kenken", "../solver/testdata/kenken-hard.txt", grid.KenKen},
	{"sumchain", "", grid.Killer},
}

// killerSumChain is the puzzle of the solver's killer-sum-chain golden log.
const killerSumChain = "L9B3axd2tjl2tjl4idt484148410ikx00ep328h2tjl1no11ez5366p1lap1ez500ep00ep2tjl09w100ep00ep2tjl1ez54nwx484148411mvl1mvl330x1q1d1ez5093l1qtt48410h011ez51ez52tjl4hld484100ep1ez533td00ep1ez50du900ep48411hch34lt1ez52tjl00ep00ep37rl00ep2ya91ez52tjl0du900ep3axd1no12tjl1ogh2tjl093l00ep1us100ep2tjl1ez52tjl1ez51ez500ep1ez51ez51ez52tjl2tjl"

// killerProbes are the cage finders asked along the recorded solves, for
// their first step, and for all where that is cheap.
var killerProbes = []fishProbe{
	{"N2/first", CageContradiction(), false, AllForms()},
	{"cageblock/first", CageBlock(), false, AllForms()},
	{"intersection/first", CageIntersection(), false, AllForms()},
	{"virtual/first", VirtualCages(), false, AllForms()},
	{"innie/first", InnieOutieDifference(), false, AllForms()},
	{"innie/all", InnieOutieDifference(), true, AllForms()},
	{"crossover/first", CombinationCrossover(), false, AllForms()},
	{"crossover/all", CombinationCrossover(), true, AllForms()},
}

// killerProbeEvery is how often along a solve the cage finders are asked:
// at every fourth position (the solve's own steps are all recorded).
const killerProbeEvery = 4

// killerStepsSampled reports whether puzzle i (from 0) of a set is
// recorded and checked: every eighth, and under -short the
// first of the cagesize, KenKen and sum-chain sets alone.
func killerStepsSampled(set string, i int) bool {
	if quick() && !*updateKiller {
		return i == 0 && (set == "cagesize" || set == "kenken" || set == "sumchain")
	}
	return i%8 == 0
}

// TestKillerStepsRecorded follows the logic solves (solveByFirstSteps) of
// the killerStepSets puzzles that killerStepsSampled picks, and checks
// against killerStepsFile every step they take and, at every fourth
// position, the steps each cage finder finds (killerProbes).
func TestKillerStepsRecorded(t *testing.T) {
	if race {
		t.Skip("a record of one goroutine's steps: the race detector adds nothing but a tenfold cost; go test ./engine/... checks it")
	}
	r := &fishRecorder{digest: map[string]*fishDigest{}}
	// The record predates the nested trials and Strong Cage
	// Contradiction, which go on where the recorded solves of stuck
	// killers stopped.
	passes := Plan(func(st *Strategy) bool {
		return !st.OptIn() && st != NestedContradiction() && st != LongNestedContradiction() && st != StrongNestedContradiction() && st != StrongCageContradiction() && st != NestedForcingNet()
	})
	for _, set := range killerStepSets {
		texts := []string{killerSumChain}
		if set.path != "" {
			texts = texts[:0]
			for _, line := range shared.Lines(t, set.path) {
				if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
					texts = append(texts, strings.Fields(line)[0])
				}
			}
		}
		for i, text := range texts {
			if !killerStepsSampled(set.name, i) {
				continue
			}
			p, _, err := codec.Decode(text, codec.DecodeOptions{Tolerant: true})
			if err != nil {
				t.Fatalf("%s puzzle %d: %v", set.name, i+1, err)
			}
			b, err := p.Board(set.variant)
			if err != nil {
				t.Fatalf("%s puzzle %d: %v", set.name, i+1, err)
			}
			key := fmt.Sprintf("%s/%d", set.name, i+1)
			pos := 0
			solveByFirstSteps(b, passes, func(b *grid.Board, step *Step) {
				if pos%killerProbeEvery == 0 {
					r.probe(key, b, killerProbes)
				}
				pos++
				r.taken(key, b, step)
			})
		}
	}
	if *updateKiller {
		writeStepRecords(t, r, killerStepsFile, "# The logic solves of the killer and KenKen sets and the cage finders' steps along\n# them (TestKillerStepsRecorded): puzzle probe, steps, digest. Written with -update-killer.\n")
		return
	}
	want := readStepRecords(t, killerStepsFile)
	for _, k := range r.order {
		got := fmt.Sprintf("%d %x", r.digest[k].steps, r.digest[k].h[:8])
		if want[k] != got {
			t.Errorf("%s: steps and digest %s, recorded %q", k, got, want[k])
		}
	}
	floor := 40000 // 48 152 recorded
	if quick() {
		floor = 5000 // 6 758
	}
	if r.steps < floor {
		t.Errorf("%d steps compared, want at least %d", r.steps, floor)
	}
	t.Logf("%d steps compared in %d records", r.steps, len(r.order))
}

// taken folds the step a solve took on b (nil where it stopped) into the
// digest of the puzzle named key's solve.
func (r *fishRecorder) taken(key string, b *grid.Board, s *Step) {
	k := key + " solve"
	d := r.digest[k]
	if d == nil {
		d = &fishDigest{}
		r.digest[k] = d
		r.order = append(r.order, k)
	}
	h := sha256.New()
	h.Write(d.h[:])
	if s == nil {
		h.Write([]byte("stuck"))
	} else {
		n := grid.Notation{Layout: b.Layout()}
		fmt.Fprintf(h, "%s|%v|%v|%v|%v|%v|%v|%s\n", s.Name(), s.Digits, s.Units, s.Cells, s.Eliminations, s.Placements, s.Marks, s.Explain(n))
		d.steps++
		r.steps++
	}
	copy(d.h[:], h.Sum(nil))
}

// writeStepRecords rewrites the record file path from r, under header.
func writeStepRecords(t *testing.T, r *fishRecorder, path, header string) {
	var out strings.Builder
	out.WriteString(header)
	for _, k := range r.order {
		fmt.Fprintf(&out, "%s %d %x\n", k, r.digest[k].steps, r.digest[k].h[:8])
	}
	if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d records, %d steps", len(r.order), r.steps)
}

// readStepRecords reads the record file path: a record's "steps digest"
// by its key (puzzle and probe).
func readStepRecords(t *testing.T, path string) map[string]string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading the recorded steps: %v", err)
	}
	want := map[string]string{}
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 4 {
			t.Fatalf("%s: malformed record %q", path, line)
		}
		want[fields[0]+" "+fields[1]] = fields[2] + " " + fields[3]
	}
	return want
}
