package strategy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// joinedNodeText is trialNodeText as it was written before it built its
// words in one buffer: of the text helpers, joined. TestTrialNodeText
// holds the buffer to it.
func joinedNodeText(nd *Node, n grid.Notation) string {
	switch nd.Kind {
	case CandidateNode:
		return n.CellName(nd.Cells[0]) + "=" + n.DigitName(nd.Digit)
	case GroupNode:
		if nd.Digit == 0 && (nd.Origin == nakedPairOrigin || nd.Origin == hiddenPairOrigin) && len(nd.Combos) == 1 {
			return nd.Origin + " {" + n.DigitList(nd.Combos[0], ",") + "} in " + strings.Join(cellNames(n, nd.Cells), ",") + " (" + n.Layout.Unit(nd.Unit).Name() + ")"
		}
		if nd.Digit == 0 {
			return nd.Origin
		}
		return n.DigitName(nd.Digit) + " locked in " + cellSum(n, nd.Cells)
	}
	s := trialGroupName(nd, n)
	if len(nd.Combos) > 0 && nd.firstGives {
		return s + groupVerb(nd, " keeps ", " keep ") + nodeCombos(n, nd) + ", which gives" + removedText(n, nd.Removed)
	}
	if len(nd.Combos) > 0 && len(nd.Removed) > 0 {
		return s + groupVerb(nd, " keeps ", " keep ") + nodeCombos(n, nd) + ", which now gives" + removedText(n, nd.Removed)
	}
	if len(nd.Combos) > 0 {
		return s + groupVerb(nd, " keeps ", " keep ") + nodeCombos(n, nd)
	}
	if len(nd.Removed) > 0 {
		return s + groupVerb(nd, " gives", " give") + removedText(n, nd.Removed)
	}
	return s + groupVerb(nd, " rules out what no filling puts in its cells", " rule out what no filling puts in their cells")
}

// TestTrialNodeText checks the words of each kind of trial node, on a
// killer, a 16×16 killer (two-digit rows and columns, lettered digits), a
// KenKen (a cage whose digits repeat) and a Str8ts board, against the
// words written out and against joinedNodeText.
func TestTrialNodeText(t *testing.T) {
	killer := tarekBoard(t, 18).Layout()
	k16, err := grid.NewLayout(grid.Config{Size: 16, Variant: grid.Killer, Cages: []grid.Cage{
		{Cells: []int{254, 255}, Target: 31, Op: grid.OpAdd}, // r16c15-16
		{Cells: []int{170, 186}, Target: 3, Op: grid.OpAdd},  // r11c11, r12c11
	}})
	if err != nil {
		t.Fatal(err)
	}
	kenCages := []grid.Cage{{Cells: []int{0, 1, 6}, Target: 54, Op: grid.OpMul}} // 3×3×6
	for c := 2; c < 36; c++ {
		if c != 6 {
			kenCages = append(kenCages, grid.Cage{Cells: []int{c}, Target: 1})
		}
	}
	ken, err := grid.NewLayout(grid.Config{Size: 6, Variant: grid.KenKen, Cages: kenCages})
	if err != nil {
		t.Fatal(err)
	}
	black := make([]bool, 36)
	black[3] = true
	str8ts, err := grid.NewLayout(grid.Config{Size: 6, Variant: grid.Str8ts, Black: black})
	if err != nil {
		t.Fatal(err)
	}
	comp := -1
	for u, unit := range str8ts.Units() {
		if unit.Kind == grid.Compartment && len(unit.Cells) == 3 && unit.Cells[0] == 0 {
			comp = u
		}
	}
	nk := grid.Notation{Layout: killer}
	n16 := grid.Notation{Layout: k16, Symbols: ".123456789ABCDEFG"}
	removed := []CellDigit{{9, 4}, {28, 1}, {28, 2}, {28, 4}, {80, 9}}
	tests := []struct {
		name string
		n    grid.Notation
		node Node
		want string
	}{
		{"candidate", nk, Node{Kind: CandidateNode, Cells: []int{26}, Digit: 9}, "r3c9=9"},
		{"candidate 16", n16, Node{Kind: CandidateNode, Cells: []int{255}, Digit: 16}, "r16c16=G"},
		{"candidate 16 numbered", grid.Notation{Layout: k16}, Node{Kind: CandidateNode, Cells: []int{170}, Digit: 12}, "r11c11=12"},
		{"naked pair", nk, Node{Kind: GroupNode, Origin: nakedPairOrigin, Unit: 0, Cells: []int{2, 5}, Combos: []grid.Digits{grid.Bit(3) | grid.Bit(7)}},
			"naked pair {3,7} in r1c3,r1c6 (row 1)"},
		{"hidden pair 16", n16, Node{Kind: GroupNode, Origin: hiddenPairOrigin, Unit: 15, Cells: []int{254, 255}, Combos: []grid.Digits{grid.Bit(10) | grid.Bit(16)}},
			"hidden pair {A,G} in r16c15,r16c16 (row 16)"},
		{"rule", nk, Node{Kind: GroupNode, Origin: "the innies of row 1 take 5"}, "the innies of row 1 take 5"},
		{"locked", nk, Node{Kind: GroupNode, Digit: 5, Cells: []int{0, 1, 2}}, "5 locked in r1c1+r1c2+r1c3"},
		{"cage gives", nk, Node{Kind: CageNode, Cage: killer.CellCage(0), Combos: []grid.Digits{0b1010, 0b1100}, Removed: removed, firstGives: true}, ""},
		{"cage now gives", nk, Node{Kind: CageNode, Cage: killer.CellCage(0), Combos: []grid.Digits{0b1010}, Removed: removed[:1]}, ""},
		{"cage keeps", nk, Node{Kind: CageNode, Cage: killer.CellCage(40), Combos: []grid.Digits{0b1110, 0b10110}}, ""},
		{"cage gives only", nk, Node{Kind: CageNode, Cage: killer.CellCage(80), Removed: removed[1:]}, ""},
		{"cage rules out", nk, Node{Kind: CageNode, Cage: killer.CellCage(80)}, ""},
		{"cage 16", n16, Node{Kind: CageNode, Cage: k16.CellCage(254), Combos: []grid.Digits{grid.Bit(15) | grid.Bit(16)}, Removed: []CellDigit{{254, 1}, {254, 10}, {255, 11}}, firstGives: true},
			"cage 31+ at r16c15 keeps {F,G}, which gives r16c15<>1A, r16c16<>B"},
		{"innies keep", nk, Node{Kind: SumNode, Origin: "the innies of rows 1-3", Cells: []int{0, 10}, Target: 14, Combos: []grid.Digits{grid.Bit(5) | grid.Bit(9), grid.Bit(7) | grid.Bit(8)}},
			"the innies of rows 1-3 (r1c1+r2c2=14) keep {5,9},{7,8}"},
		{"outies give", nk, Node{Kind: SumNode, Origin: "the outies of row 1", Cells: []int{9, 10}, Target: 3, Removed: removed[:2]},
			"the outies of row 1 (r2c1+r2c2=3) give r2c1<>4, r4c2<>1"},
		{"innies 16", n16, Node{Kind: SumNode, Origin: "the innies of rows 1-2", Cells: []int{0, 17, 255}, Target: 136},
			"the innies of rows 1-2 (r1c1+r2c2+r16c16=136) rule out what no filling puts in their cells"},
		{"less the outies", nk, Node{Kind: SumNode, Origin: "cage 12+ at r2c2 less the outies of row 1", Cells: []int{10}, Target: 12, Combos: []grid.Digits{grid.Bit(9)}},
			"cage 12+ at r2c2 less the outies of row 1 (r2c2=12) keeps {9}"},
		{"KenKen repeats", grid.Notation{Layout: ken}, Node{Kind: CageNode, Cage: ken.CellCage(0), Combos: []grid.Digits{grid.Bit(3) | grid.Bit(6)}},
			"cage 54× at r1c1 keeps {3,3,6}"},
		{"ALS of a KenKen cage", grid.Notation{Layout: ken}, Node{Kind: ALSNode, Cage: ken.CellCage(0), Origin: "an ALS", Cells: []int{0, 1, 6}, Target: 54, Combos: []grid.Digits{grid.Bit(3) | grid.Bit(6)}},
			"an ALS (r1c1+r1c2+r2c1=54) keeps {3,3,6}"},
		{"straights kept", grid.Notation{Layout: str8ts}, Node{Kind: CompartmentNode, Unit: comp, Cells: []int{0, 1, 2}, Combos: []grid.Digits{0b111, 0b1110}},
			"compartment r1c1-3 keeps 1-3, 2-4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, joined := trialNodeText(&tt.node, tt.n), joinedNodeText(&tt.node, tt.n)
			if got != joined {
				t.Errorf("got    %q\njoined %q", got, joined)
			}
			if tt.want != "" && got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestTrialNodeTextOfSearch checks the words of every node of the steps
// a find-all Nested Cage Contradiction search finds on tarek line 18
// against joinedNodeText, and that the search gives nodes of each kind
// it words.
func TestTrialNodeTextOfSearch(t *testing.T) {
	if testing.Short() || race {
		t.Skip("skipped under -short and -race: a find-all search on a killer")
	}
	b := tarekBoard(t, 18)
	n := grid.Notation{Layout: b.Layout()}
	sink := Sink{All: true, strategy: nestedContradictionStrategy}
	tr := new(trial)
	if tr.start(b) {
		tr.findNested(&sink, nestedContradictionBudget)
	}
	kinds := map[string]int{}
	for _, s := range sink.Steps() {
		for i := range s.Nodes {
			nd := &s.Nodes[i]
			got, joined := trialNodeText(nd, n), joinedNodeText(nd, n)
			if got != joined {
				t.Fatalf("step %q node %d:\ngot    %q\njoined %q", s.Explain(n), i, got, joined)
			}
			kinds[fmt.Sprintf("%v removed %t", nd.Kind, len(nd.Removed) > 0)]++
		}
	}
	t.Logf("%d steps, nodes %v", len(sink.Steps()), kinds)
	if len(kinds) < 3 {
		t.Errorf("nodes %v: too few kinds to check", kinds)
	}
}
