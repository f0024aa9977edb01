package service

import (
	"fmt"
	"strings"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// xChainGivens is HoDoKu's regression case 0701 (X-Chain on 7, eliminating
// 7 from r4c2) as its library gives it.
const xChainGivens = "3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5"

// eureka draws a chain step from its nodes and links in Eureka notation,
// as a client would: (7)r1c2=(7)r1c7-...
func eureka(t *testing.T, s *sudokuv1.Step) string {
	t.Helper()
	nodes, links := s.GetNodes(), s.GetLinks()
	if len(nodes) == 0 || len(links) != len(nodes)-1 {
		t.Fatalf("%d nodes, %d links: not a simple chain", len(nodes), len(links))
	}
	var b strings.Builder
	for i, n := range nodes {
		if i > 0 {
			k := links[i-1]
			if k.GetFrom() != uint32(i-1) || k.GetTo() != uint32(i) {
				t.Fatalf("link %d joins %d and %d", i-1, k.GetFrom(), k.GetTo())
			}
			switch k.GetKind() {
			case sudokuv1.LinkKind_LINK_KIND_STRONG:
				b.WriteByte('=')
			case sudokuv1.LinkKind_LINK_KIND_WEAK:
				b.WriteByte('-')
			default:
				t.Fatalf("link %d has kind %v", i-1, k.GetKind())
			}
		}
		fmt.Fprintf(&b, "(%d)", n.GetDigit())
		for j, c := range n.GetCells() {
			if j == 0 {
				fmt.Fprintf(&b, "r%dc%d", c/9+1, c%9+1)
			} else {
				fmt.Fprintf(&b, "c%d", c%9+1)
			}
		}
	}
	return b.String()
}

func TestSolveStepsStreamsChain(t *testing.T) {
	client := newClient(t, Config{})
	steps, _ := solveSteps(t, client, &sudokuv1.SolveStepsRequest{
		Puzzle:  reglibPuzzle(xChainGivens),
		Options: &sudokuv1.SolveOptions{Strategies: []string{"A", "B", "H", "d"}},
	})
	for _, s := range steps {
		if s.GetMethod() != "d" {
			continue
		}
		// 7 has two places in row 1 (r1c2, r1c9), column 8 (r2c8, r7c8)
		// and row 7 (r7c8, r7c3): r1c2 or r4c3 holds 7, and r4c2 sees both.
		const want = "(7)r1c2=(7)r1c9-(7)r2c8=(7)r7c8-(7)r7c3=(7)r4c3"
		if got := eureka(t, s); got != want {
			t.Errorf("chain drawn from the stream: %s, want %s", got, want)
		}
		if !strings.Contains(s.GetExplanation(), want) {
			t.Errorf("explanation %q does not show the chain", s.GetExplanation())
		}
		if s.GetTechnique() != "X-Chain" || s.GetTechniqueCode() != "0701" || s.GetScore() != 260 {
			t.Errorf("technique %q %q %d", s.GetTechnique(), s.GetTechniqueCode(), s.GetScore())
		}
		if e := s.GetEliminations(); len(e) != 1 || e[0].GetCell() != 3*9+1 || e[0].GetDigit() != 7 {
			t.Errorf("eliminations %v, want 7 from r4c2", e)
		}
		var targets int
		for _, h := range s.GetHighlights() {
			if h.GetRole() == sudokuv1.CandidateRole_CANDIDATE_ROLE_TARGET {
				targets++
			}
		}
		if targets == 0 {
			t.Error("no highlighted target")
		}
		return
	}
	t.Fatal("no X-Chain step streamed")
}
