package service

import (
	"bufio"
	"context"
	"fmt"
	"math/bits"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// nthLine returns line n (from 1) of a file of engine/search/testdata.
func nthLine(t *testing.T, file string, n int) string {
	t.Helper()
	f, err := os.Open("../engine/search/testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for i := 0; i < n; i++ {
		if !sc.Scan() {
			t.Fatalf("%s has fewer than %d lines", file, n)
		}
	}
	return sc.Text()
}

// TestSolveStepsStreamsKillerNodes solves a killer (tarek line 30) whose
// logic takes cage steps and forcing nets through cages and through the
// rule of 45, once, and checks what the stream carries for a viewer in
// two subtests: cage nodes and sum nodes.
func TestSolveStepsStreamsKillerNodes(t *testing.T) {
	// The race detector makes this killer's logic solve (a hundred steps,
	// many of them nets) take longer than the default 30 s deadline.
	client := newClient(t, Config{DefaultTimeout: 5 * time.Minute})
	puzzle := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: nthLine(t, "killer9-tarek.txt", 30)}}
	conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: puzzle})
	if err != nil {
		t.Fatal(err)
	}
	steps, result := solveSteps(t, client, &sudokuv1.SolveStepsRequest{
		Puzzle:  puzzle,
		Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY},
	})
	plain := result.GetPlain()
	if result.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || len(plain) != 81 {
		t.Fatalf("status %v, board %q; want solved", result.GetStatus(), plain)
	}
	t.Run("cage", func(t *testing.T) { checkCageNodes(t, steps, conv.GetBoard().GetCages()) })
	t.Run("sum", func(t *testing.T) { checkSumNodes(t, steps, plain) })
}

// checkCageNodes checks the stream's NODE_KIND_CAGE nodes: their cage's
// index, target and operator, the cage's cells, combinations that meet the
// target, in a net links from false candidates of the cage into them, and
// explanations that name the cage and the combinations it kept.
func checkCageNodes(t *testing.T, steps []*sudokuv1.Step, cages []*sudokuv1.Cage) {
	nets := 0
	for _, s := range steps {
		for i, nd := range s.GetNodes() {
			if nd.GetKind() != sudokuv1.NodeKind_NODE_KIND_CAGE {
				continue
			}
			cells := nd.GetCells()
			if k := nd.GetCage(); int(k) >= len(cages) || !slices.Equal(cages[k].GetCells(), cells) || cages[k].GetTarget() != nd.GetTarget() {
				t.Fatalf("step %d node %d: cage %d of %d is not the node's", s.GetIndex(), i, k, len(cages))
			}
			if len(cells) == 0 || nd.GetDigit() != 0 || nd.GetTarget() == 0 || nd.GetOperator() != sudokuv1.CageOperator_CAGE_OPERATOR_ADD {
				t.Fatalf("step %d node %d: %v", s.GetIndex(), i, nd)
			}
			if !slices.Contains(s.GetCages(), nd.GetCage()) {
				t.Errorf("step %d: cages %v lack the node's cage %d", s.GetIndex(), s.GetCages(), nd.GetCage())
			}
			// The explanation names the cage by target and first cell,
			// and each combination it kept.
			name := fmt.Sprintf("cage %d+ at r%dc%d", nd.GetTarget(), cells[0]/9+1, cells[0]%9+1)
			if !strings.Contains(s.GetExplanation(), name) {
				t.Errorf("step %d: %q does not name %s", s.GetIndex(), s.GetExplanation(), name)
			}
			for _, m := range nd.GetCombinations() {
				var digits []string
				sum := 0
				for r := m; r != 0; r &= r - 1 {
					d := bits.TrailingZeros32(r) + 1
					sum += d
					digits = append(digits, fmt.Sprint(d))
				}
				if bits.OnesCount32(m) != len(cells) || uint32(sum) != nd.GetTarget() {
					t.Errorf("step %d: combination %b of %s", s.GetIndex(), m, name)
				}
				if combo := "{" + strings.Join(digits, ",") + "}"; !strings.Contains(s.GetExplanation(), combo) {
					t.Errorf("step %d: %q does not list %s", s.GetIndex(), s.GetExplanation(), combo)
				}
			}
			if s.GetMethod() != "s" {
				continue // a cage step draws its cage alone
			}
			if s.GetTechnique() == "Cage Forcing Net" && len(nd.GetCombinations()) == 1 {
				continue // a combination assumed: a premise
			}
			nets++
			checkPremiseLinks(t, s, i, name)
		}
	}
	if nets < 3 {
		t.Errorf("%d cage nodes of forcing nets in the stream, want at least 3", nets)
	}
}

// checkSumNodes checks the stream's NODE_KIND_SUM nodes: their cells, a sum
// the solution's digits there make, the add operator and where the sum
// comes from, named in the explanation, and, in a forcing net, links from
// false candidates of its cells into them (a Combination Crossover's
// virtual cages have no links).
func checkSumNodes(t *testing.T, steps []*sudokuv1.Step, plain string) {
	sums := 0
	for _, s := range steps {
		for i, nd := range s.GetNodes() {
			if nd.GetKind() != sudokuv1.NodeKind_NODE_KIND_SUM {
				continue
			}
			sums++
			cells := nd.GetCells()
			if len(cells) == 0 || !slices.IsSorted(cells) || nd.GetDigit() != 0 || nd.GetOperator() != sudokuv1.CageOperator_CAGE_OPERATOR_ADD || nd.GetOrigin() == "" {
				t.Fatalf("step %d node %d: %v", s.GetIndex(), i, nd)
			}
			sum := 0
			for _, c := range cells {
				sum += int(plain[c] - '0')
			}
			if uint32(sum) != nd.GetTarget() {
				t.Errorf("step %d node %d: the solution's digits of %v sum to %d, the node says %d", s.GetIndex(), i, cells, sum, nd.GetTarget())
			}
			if !strings.Contains(s.GetExplanation(), nd.GetOrigin()) {
				t.Errorf("step %d (%s): %q does not name %q", s.GetIndex(), s.GetMethod(), s.GetExplanation(), nd.GetOrigin())
			}
			if s.GetMethod() == "G2" {
				continue // a Combination Crossover's virtual cage, which no chain runs through
			}
			if s.GetMethod() != "s" {
				t.Errorf("step %d (%s): a sum node outside a forcing net or a Combination Crossover", s.GetIndex(), s.GetMethod())
			}
			checkPremiseLinks(t, s, i, fmt.Sprintf("sum node %d", i))
		}
	}
	if sums < 3 {
		t.Errorf("%d sum nodes in the stream, want at least 3", sums)
	}
}

// checkPremiseLinks checks that node i of step s, a group of cells, has at
// least one link into it and that each is a strong link from a candidate of
// one of its cells (the candidate false, so the group's premise).
func checkPremiseLinks(t *testing.T, s *sudokuv1.Step, i int, name string) {
	t.Helper()
	nodes := s.GetNodes()
	cells := nodes[i].GetCells()
	premises := 0
	for _, k := range s.GetLinks() {
		if k.GetTo() != uint32(i) {
			continue
		}
		from := nodes[k.GetFrom()]
		if from.GetKind() != sudokuv1.NodeKind_NODE_KIND_CANDIDATE || !slices.Contains(cells, from.GetCells()[0]) || k.GetKind() != sudokuv1.LinkKind_LINK_KIND_STRONG {
			t.Errorf("step %d: link %v into %s", s.GetIndex(), k, name)
		}
		premises++
	}
	if premises == 0 {
		t.Errorf("step %d: no premise links into %s", s.GetIndex(), name)
	}
}

// TestCageOrderDoesNotMatter solves a killer sent as a board whose cages,
// and each cage's cells, are listed backwards: its steps and rating are
// those of the text (the strategies met the cages in the order listed,
// and a KenKen board with its cages shuffled took 90 steps, not 85), and
// every step's cages and cage nodes index the request's own list.
func TestCageOrderDoesNotMatter(t *testing.T) {
	client := newClient(t, Config{})
	text := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: nthLine(t, "killer9.txt", 1)}}
	conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: text})
	if err != nil {
		t.Fatal(err)
	}
	board := conv.GetBoard()
	slices.Reverse(board.Cages)
	for _, cg := range board.GetCages() {
		slices.Reverse(cg.Cells)
	}
	opts := &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY}
	want, wantResult := solveSteps(t, client, &sudokuv1.SolveStepsRequest{Puzzle: text, Options: opts})
	got, gotResult := solveSteps(t, client, &sudokuv1.SolveStepsRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: board}}, Options: opts})
	if len(got) != len(want) || gotResult.GetDifficulty().GetScore() != wantResult.GetDifficulty().GetScore() {
		t.Fatalf("cages listed backwards: %d steps, score %d; the text: %d steps, score %d",
			len(got), gotResult.GetDifficulty().GetScore(), len(want), wantResult.GetDifficulty().GetScore())
	}
	cageSteps := 0
	for i, s := range got {
		if s.GetExplanation() != want[i].GetExplanation() {
			t.Fatalf("step %d: %q; the text's: %q", i+1, s.GetExplanation(), want[i].GetExplanation())
		}
		for _, k := range s.GetCages() {
			cageSteps++
			if cg := board.GetCages()[k]; !strings.Contains(s.GetExplanation(), fmt.Sprintf("%d+", cg.GetTarget())) {
				t.Errorf("step %d names cage %d (%d+ of %v), which its text %q does not", i+1, k, cg.GetTarget(), cg.GetCells(), s.GetExplanation())
			}
		}
		for _, nd := range s.GetNodes() {
			if nd.GetKind() != sudokuv1.NodeKind_NODE_KIND_CAGE {
				continue
			}
			cells := slices.Clone(board.GetCages()[nd.GetCage()].GetCells())
			slices.Sort(cells)
			if !slices.Equal(cells, nd.GetCells()) {
				t.Errorf("step %d: a cage node of %v names cage %d of %v", i+1, nd.GetCells(), nd.GetCage(), cells)
			}
		}
	}
	if cageSteps == 0 {
		t.Fatal("no step names a cage: the test proves nothing")
	}
}
