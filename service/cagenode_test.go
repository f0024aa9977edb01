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

// TestSolveStepsStreamsCageNodes solves a killer whose logic takes cage
// steps and forcing nets through cages and checks what the stream carries
// for a viewer: NODE_KIND_CAGE nodes with their cage's index, target and
// operator, the cage's cells, combinations that meet the target, in a
// net links from false candidates of the cage into them, and explanations
// that name the cage and the combinations it kept.
func TestSolveStepsStreamsCageNodes(t *testing.T) {
	// The race detector makes this killer's logic solve (a hundred steps,
	// many of them nets) take longer than the default 30 s deadline.
	client := newClient(t, Config{DefaultTimeout: 5 * time.Minute})
	puzzle := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: nthLine(t, "killer9-tarek.txt", 30)}}
	conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: puzzle})
	if err != nil {
		t.Fatal(err)
	}
	cages := conv.GetBoard().GetCages()
	steps, _ := solveSteps(t, client, &sudokuv1.SolveStepsRequest{
		Puzzle:  puzzle,
		Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY},
	})
	nets := 0
	for _, s := range steps {
		nodes := s.GetNodes()
		for i, nd := range nodes {
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
	}
	if nets < 3 {
		t.Errorf("%d cage nodes of forcing nets in the stream, want at least 3", nets)
	}
}
