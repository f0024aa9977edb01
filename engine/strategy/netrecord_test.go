package strategy

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"hash"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

var updateNets = flag.Bool("update-nets", false, "rewrite testdata/netsteps.txt from the logic solves of the killer sets")

// netStepsFile records the logic solves of the killer sets: a line
// naming the strategies of the solves, then one line a puzzle, its key,
// the steps taken and a digest of them. It was written before the forcing
// nets' cage propagation went to combination tables (cagetables.go), so
// TestNetStepsRecorded holds the nets to the steps of the enumeration,
// byte for byte.
const netStepsFile = "testdata/netsteps.txt"

// netStepSets are the killer files whose logic solves are recorded,
// and the puzzles (numbered from 1) a quick run (-short) takes:
// tarek 23 takes forcing nets, cagesize 4 Cage Contradiction.
var netStepSets = []struct {
	name, path string
	quick      []int
}{
	{"tarek", "../search/testdata/killer9-tarek.txt", []int{23}},
	{"hard5", "../search/testdata/killer9-hard5.txt", nil},
	{"killer9", "../search/testdata/killer9.txt", []int{7}},
	{"cagesize", "../solver/testdata/killer9-cagesize.txt", []int{4}},
	{"hard", "../solver/testdata/killer9-hard.txt", []int{9}},
}

// netStepDigest hashes a step with everything a solve shows of it:
// its name, pattern, changes, drawing and explanation.
func netStepDigest(h hash.Hash, s *Step, n grid.Notation) {
	fmt.Fprintf(h, "%s|%v|%v|%v|%v|%v|%v|%v|%v|%v|%v|%s\n", s.Name(), s.Digits, s.Units, s.Cells, s.Cages,
		s.Eliminations, s.Placements, s.Marks, s.Nodes, s.Links, s.Conflict, s.Explain(n))
}

// TestNetStepsRecorded solves the killers of netStepSets by logic,
// first step by first step with the strategies netStepsFile names (so a
// technique added since does not change the record), and compares a
// digest of every step with the record; it also compares the forcing
// nets' steps, first and all, on the packed killer of the solver's
// Cage Forcing Net test. The full run takes minutes; quick runs take
// four puzzles.
func TestNetStepsRecorded(t *testing.T) {
	if race {
		t.Skip("a record of one goroutine's steps: the race detector adds nothing but a tenfold cost; go test ./engine/... checks it")
	}
	// An update keeps the recorded strategies: a technique added since
	// joins the record only by editing the file's strategies line.
	names, want := readNetSteps(t)
	passes := Plan(func(st *Strategy) bool { return slices.Contains(names, st.Name()) })
	if len(passes) != len(names) {
		t.Fatalf("%d of the %d recorded strategies are in the plan", len(passes), len(names))
	}
	var keys []string
	got := map[string]string{}
	total := 0
	record := func(key string, steps int, h hash.Hash) {
		keys = append(keys, key)
		got[key] = fmt.Sprintf("%d %x", steps, h.Sum(nil)[:8])
		total += steps
	}
	for _, set := range netStepSets {
		i := 0
		for _, line := range shared.Lines(t, set.path) {
			line = strings.TrimSpace(line)
			if line == "" || line[0] == '#' {
				continue
			}
			i++
			if quick() && !slices.Contains(set.quick, i) {
				continue
			}
			b := netBoard(t, line)
			n := grid.Notation{Layout: b.Layout()}
			h, steps := sha256.New(), 0
			solveByFirstSteps(b, passes, func(_ *grid.Board, s *Step) {
				if s == nil {
					h.Write([]byte("stuck\n"))
					return
				}
				netStepDigest(h, s, n)
				steps++
			})
			record(fmt.Sprintf("%s/%d", set.name, i), steps, h)
		}
	}
	b := netCageForcingBoard(t)
	var sink Sink
	for _, all := range []bool{false, true} {
		sink.Reset()
		sink.All = all
		ForcingNet().Find(b, &sink)
		h := sha256.New()
		for i := range sink.Steps() {
			netStepDigest(h, &sink.Steps()[i], grid.Notation{Layout: b.Layout()})
		}
		record(fmt.Sprintf("cage-forcing/all=%v", all), len(sink.Steps()), h)
	}
	if *updateNets {
		writeNetSteps(t, names, keys, got)
		return
	}
	for _, k := range keys {
		if want[k] != got[k] {
			t.Errorf("%s: steps and digest %s, recorded %q", k, got[k], want[k])
		}
	}
	floor := 10000
	if quick() {
		floor = 300
	}
	if total < floor {
		t.Errorf("%d steps compared, want at least %d", total, floor)
	}
	t.Logf("%d steps compared in %d records", total, len(keys))
}

// netBoard decodes a killer's text.
func netBoard(t *testing.T, text string) *grid.Board {
	t.Helper()
	p, _, err := codec.Decode(text, codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatalf("%.40s: %v", text, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("%.40s: %v", text, err)
	}
	return b
}

// netCageForcingBoard returns the killer, with its candidates, of the
// solver's Cage Forcing Net test (engine/solver/testdata).
func netCageForcingBoard(t *testing.T) *grid.Board {
	t.Helper()
	const path = "../solver/testdata/killer-cage-forcing.txt"
	packed, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	p, err := codec.DecodeV2(strings.TrimSpace(string(packed)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b, err := p.Board(grid.Killer)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// writeNetSteps rewrites netStepsFile.
func writeNetSteps(t *testing.T, names, keys []string, got map[string]string) {
	var out strings.Builder
	out.WriteString("# The logic solves of the killer sets (TestNetStepsRecorded): the\n# strategies, then puzzle, steps, digest. Written with -update-nets.\n")
	fmt.Fprintf(&out, "strategies %s\n", strings.Join(names, ","))
	for _, k := range keys {
		fmt.Fprintf(&out, "%s %s\n", k, got[k])
	}
	if err := os.WriteFile(netStepsFile, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d records", len(keys))
}

// readNetSteps reads netStepsFile: the strategies, and a record's
// "steps digest" by its key.
func readNetSteps(t *testing.T) ([]string, map[string]string) {
	f, err := os.Open(netStepsFile)
	if err != nil {
		t.Fatalf("reading the recorded net steps: %v", err)
	}
	defer f.Close()
	var names []string
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "strategies "); ok {
			names = strings.Split(rest, ",")
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			t.Fatalf("%s: malformed record %q", netStepsFile, line)
		}
		want[fields[0]] = fields[1] + " " + fields[2]
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading the recorded net steps: %v", err)
	}
	if len(names) == 0 {
		t.Fatalf("%s names no strategies", netStepsFile)
	}
	return names, want
}
