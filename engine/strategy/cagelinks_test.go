package strategy

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// hasStrong reports whether g holds a strong link of kind between the
// nodes of candidates a and b (digit d).
func hasStrong(g *chainGraph, d, a, b int, kind uint8) bool {
	n := g.l.N
	from, to := g.candNode[a*n+d-1], g.candNode[b*n+d-1]
	if from < 0 || to < 0 {
		return false
	}
	for _, e := range g.strong[from] {
		if e.to == to && e.kind == kind {
			return true
		}
	}
	return false
}

// cageLinkCount counts the strong cage links checked against a solution:
// all of them, those with a multi-cell node at an end (groups inside a
// cage), and the combination links of virtual cages.
type cageLinkCount struct{ all, grouped, virtual int }

// checkCageLinks checks every strong cage link of g (and, once its ALS
// nodes are in, every combination link of an almost locked cage) against
// the solution sol: one of its two nodes must hold. It counts the links
// checked (each once) into k.
func checkCageLinks(t *testing.T, g *chainGraph, sol []uint8, k *cageLinkCount) {
	t.Helper()
	holds := func(id int32) bool {
		for _, c := range g.cellsOf(id) {
			if int32(sol[c]) == g.nodes[id].digit {
				return true
			}
		}
		return false
	}
	for from, es := range g.strong {
		for _, e := range es {
			if e.kind&(strongCage|strongALC) == 0 || e.to < int32(from) {
				continue
			}
			k.all++
			if g.nodes[from].n > 1 || g.nodes[e.to].n > 1 {
				k.grouped++
			}
			if e.kind == strongALC && g.alc[e.als&^alsCage].virt != nil {
				k.virtual++
			}
			if !holds(int32(from)) && !holds(e.to) {
				t.Errorf("cage link (kind %d) between (%d)%v and (%d)%v: neither holds", e.kind, g.nodes[from].digit, g.cellsOf(int32(from)), g.nodes[e.to].digit, g.cellsOf(e.to))
			}
		}
	}
}

// hasStrongNodes reports whether g holds a strong link of kind between the
// nodes of digit d on cells a and on cells c (ascending).
func hasStrongNodes(g *chainGraph, d int, a, c []int, kind uint8) bool {
	node := func(cells []int) int32 {
		if len(cells) == 1 {
			return g.candNode[cells[0]*g.l.N+d-1]
		}
		s := make(CellSet, g.w)
		for _, x := range cells {
			s.Add(x)
		}
		return g.findMulti(d, cells[0], s)
	}
	from, to := node(a), node(c)
	if from < 0 || to < 0 {
		return false
	}
	for _, e := range g.strong[from] {
		if e.to == to && e.kind == kind {
			return true
		}
	}
	return false
}

// TestCageGroupLinks: cage 10+ on r1c2 r1c3 r1c4 r2c4 holds 1, 2, 3 and 4,
// and 1 has three places in it: r1c2 and r1c4 (row 1, two boxes: a group
// of the cage's in one unit, which no box/line intersection makes) and
// r2c4. The group and r2c4 are strongly linked, and the group joins row
// 1's links: with 1 in row 1 only at r1c2, r1c4 and r1c8, the group and
// r1c8 are strongly linked.
func TestCageGroupLinks(t *testing.T) {
	killer := testLayout(t, grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{1, 2, 3, 12}, Target: 10, Op: grid.OpAdd}}})
	cands := map[string]string{"r1c2": "12", "r1c3": "23", "r1c4": "134", "r2c4": "14",
		"r1c1": "56789", "r1c5": "56789", "r1c6": "56789", "r1c7": "56789", "r1c8": "15", "r1c9": "56789"}
	b := testBoard(t, killer, nil, cands)
	g := getChainGraph(b)
	defer chainGraphs.Put(g)
	group := []int{cellNamed(t, killer, "r1c2"), cellNamed(t, killer, "r1c4")}
	if !hasStrongNodes(g, 1, group, []int{cellNamed(t, killer, "r2c4")}, strongCage) {
		t.Errorf("no strong cage link (1)r1c24=(1)r2c4")
	}
	if !hasStrongNodes(g, 1, group, []int{cellNamed(t, killer, "r1c8")}, strongUnit) {
		t.Errorf("no strong unit link (1)r1c24=(1)r1c8")
	}
	// The other splits of 1's places: r1c2 against the group r1c4+r2c4
	// of box 2 and column 4.
	if !hasStrongNodes(g, 1, group[:1], []int{cellNamed(t, killer, "r1c4"), cellNamed(t, killer, "r2c4")}, strongCage) {
		t.Errorf("no strong cage link (1)r1c2=(1)r12c4")
	}
}

func TestCageStrongLinks(t *testing.T) {
	// Cage 6+ on r1c3 r2c4 r3c5 holds 1, 2 and 3: 1 has two places in it,
	// r1c3 and r2c4, which share no unit.
	cands := map[string]string{"r1c3": "12", "r2c4": "13", "r3c5": "23"}
	killer := testLayout(t, grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{2, 12, 22}, Target: 6, Op: grid.OpAdd}}})
	classic := testLayout(t, grid.Config{Size: 9})
	tests := []struct {
		name string
		l    *grid.Layout
		want bool
	}{
		{"killer", killer, true},
		{"classic", classic, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := testBoard(t, tt.l, nil, cands)
			g := getChainGraph(b)
			defer chainGraphs.Put(g)
			a, c := cellNamed(t, tt.l, "r1c3"), cellNamed(t, tt.l, "r2c4")
			if got := hasStrong(g, 1, a, c, strongCage); got != tt.want {
				t.Errorf("strong cage link (1)r1c3=(1)r2c4: %v, want %v", got, tt.want)
			}
			if got := hasStrong(g, 2, a, cellNamed(t, tt.l, "r3c5"), strongCage); got != tt.want {
				t.Errorf("strong cage link (2)r1c3=(2)r3c5: %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCageLinksSoundOnKillers solves the tarek killers (no givens, cages
// of up to five cells) with singles, the cage strategies, the pattern
// strategies and the chains, checking every strong cage link of the graph
// and every chain step against the solution at each state; there must be
// cage links to check.
func TestCageLinksSoundOnKillers(t *testing.T) {
	data, err := os.ReadFile("../search/testdata/killer9-tarek.txt")
	if err != nil {
		t.Fatalf("reading the killers: %v", err)
	}
	puzzles := 12
	if quick() {
		puzzles = 3
	}
	seen := map[string]int{}
	var links cageLinkCount
	order := append(append([]*Strategy{NakedSingle(), HiddenSingle(), CageCombinations(), CageOverlap(), InniesOutiesStrategy()}, patternStrategies...), chainStrategies...)
	var s search.Searcher
	for i, line := range strings.Fields(string(data))[:puzzles] {
		p, _, err := codec.Decode(line, codec.DecodeOptions{})
		if err != nil {
			t.Fatalf("killer %d: %v", i+1, err)
		}
		b, err := p.Board(grid.Killer)
		if err != nil {
			t.Fatalf("killer %d: %v", i+1, err)
		}
		sol := uniqueSolution(t, &s, b, line)
		var sink Sink
		for step := 0; step < 4*b.Layout().Cells; step++ {
			g := getChainGraph(b)
			g.addALSNodes(b)
			checkCageLinks(t, g, sol, &links)
			chainGraphs.Put(g)
			progress := false
			for _, st := range order {
				sink.Reset()
				sink.All = slices.Contains(chainStrategies, st)
				st.Find(b, &sink)
				if len(sink.Steps()) == 0 {
					continue
				}
				if sink.All {
					patCheckSteps(t, b, sol, &sink, seen)
					chainCheckDrawing(t, b, &sink)
				}
				sink.Steps()[0].Apply(b)
				progress = true
				break
			}
			if !progress {
				break
			}
		}
	}
	t.Logf("cage links met: %+v; chain steps checked: %v", links, seen)
	if min := 2 * puzzles; links.all < min || links.grouped < min || links.virtual < min {
		t.Errorf("cage links checked over %d killers: %+v, want at least %d of each", puzzles, links, min)
	}
}

func TestCageSumWeakLinks(t *testing.T) {
	// Cage 5+ on r1c1 r1c2: 1 in r1c1 leaves r1c2 only 4.
	l := testLayout(t, grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Target: 5, Op: grid.OpAdd}}})
	b := testBoard(t, l, nil, map[string]string{"r1c1": "14", "r1c2": "1234"})
	g := getChainGraph(b)
	defer chainGraphs.Put(g)
	var got []int
	for _, e := range g.weak[g.candNode[0*9+1-1]] {
		if e.kind == weakSum {
			if c := g.nodes[e.to].cell; c != 1 {
				t.Errorf("sum link to cell %d, want r1c2 only", c)
			}
			got = append(got, int(g.nodes[e.to].digit))
		}
	}
	slices.Sort(got)
	if want := []int{2, 3}; !slices.Equal(got, want) {
		t.Errorf("sum links of (1)r1c1 to r1c2's digits %v, want %v", got, want)
	}
}
