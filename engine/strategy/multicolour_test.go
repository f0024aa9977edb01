package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// checkColourDrawing checks that a colouring step can be drawn: candidate
// nodes in its cells, strong links between nodes of the same digit or
// cell, a colour mark for every node, and a target mark for every
// elimination.
func checkColourDrawing(t *testing.T, l *grid.Layout, s *Step) {
	t.Helper()
	if len(s.Nodes) == 0 || len(s.Marks) < len(s.Nodes) || len(s.Links) == 0 {
		t.Fatalf("%d nodes, %d marks, %d links: %s", len(s.Nodes), len(s.Marks), len(s.Links), s.Explain(grid.Notation{Layout: l}))
	}
	for i, nd := range s.Nodes {
		if nd.Kind != CandidateNode || len(nd.Cells) != 1 || !slices.Contains(s.Cells, nd.Cells[0]) {
			t.Errorf("node %d %+v is not a candidate of the step's cells %v", i, nd, s.Cells)
		}
		if m := s.Marks[i]; m.Cell != nd.Cells[0] || m.Digit != nd.Digit || m.Role != RoleOn && m.Role != RoleOff && m.Role != RoleTarget {
			t.Errorf("node %d %+v has mark %+v", i, nd, m)
		}
	}
	strong := 0
	for _, lk := range s.Links {
		if lk.From < 0 || lk.To < 0 || lk.From >= len(s.Nodes) || lk.To >= len(s.Nodes) || lk.From == lk.To {
			t.Fatalf("link %+v out of range", lk)
		}
		a, c := s.Nodes[lk.From], s.Nodes[lk.To]
		if lk.Kind == Strong {
			strong++
			if a.Digit != c.Digit && a.Cells[0] != c.Cells[0] || a.Digit == c.Digit && !l.Sees(a.Cells[0], c.Cells[0]) {
				t.Errorf("strong link %+v joins %+v and %+v", lk, a, c)
			}
		} else if a.Digit != c.Digit || !l.Sees(a.Cells[0], c.Cells[0]) {
			t.Errorf("weak link %+v joins %+v and %+v", lk, a, c)
		}
	}
	if strong == 0 {
		t.Errorf("no strong link: %s", s.Explain(grid.Notation{Layout: l}))
	}
	for _, e := range s.Eliminations {
		if !slices.Contains(s.Marks, Mark{Cell: e.Cell, Digit: e.Digit, Role: RoleTarget}) {
			t.Errorf("elimination %v is not marked as a target", e)
		}
	}
}

// colourCase is a hand-built board of any layout and a step that a
// colouring strategy must find on it, among others.
type colourCase struct {
	name    string
	cfg     grid.Config
	only    []patOnly
	cands   map[string]string
	code    string // the technique code, or "" for none
	rule    int    // Medusa's rule, or 0
	elims   string // "d@r1c1 ..."; "" when the strategy may find no step
	explain string // the step's explanation, when checked
}

// runColourCases checks that st finds, in find-all mode, exactly one step
// of each case's code (and rule) with the case's eliminations, every step
// well drawn, and in first-step mode one step.
func runColourCases(t *testing.T, st *Strategy, tests []colourCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := caseLayout(t, tt.cfg)
			b := testBoard(t, l, tt.only, tt.cands)
			steps := findAllSteps(t, st, b)
			if tt.elims == "" {
				noStepsWanted(t, l, steps)
				return
			}
			want := effectsNamed(t, l, tt.elims)
			found := 0
			for i := range steps {
				s := &steps[i]
				if s.Strategy != st || len(s.Cells) == 0 || len(s.Units) == 0 {
					t.Errorf("malformed step %+v", s)
				}
				checkColourDrawing(t, l, s)
				if s.Technique.code != tt.code || tt.rule != 0 && medusaRuleOf(s, l) != tt.rule {
					continue
				}
				if !slices.Equal(sortedEffects(s.Eliminations), want) {
					continue // another step of the technique
				}
				found++
				if tt.explain != "" && s.Explain(grid.Notation{Layout: l}) != tt.explain {
					t.Errorf("explanation\n%q, want\n%q", s.Explain(grid.Notation{Layout: l}), tt.explain)
				}
			}
			if found != 1 {
				for _, s := range steps {
					t.Log(s.Explain(grid.Notation{Layout: l}))
				}
				t.Errorf("found %d matching steps among %d, want 1", found, len(steps))
			}
			firstStepFindsOne(t, st, b)
		})
	}
}

// medusaRuleOf returns the rule of a Medusa step.
func medusaRuleOf(s *Step, l *grid.Layout) int {
	rule, _, _ := medusaRule(s, l)
	return rule
}

// The clusters of the 9×9 multi-colour cases: A is 1 in r1c1 / r1c5; B is
// r2c2, r7c6 against r2c6, r7c1. r1c1 sees r2c2 (box 1) and r7c1 (column
// 1), r1c5 sees r2c6 (box 2).
var multiColourOnly = []patOnly{{1, "r1", "r1c1 r1c5"}, {1, "r2", "r2c2 r2c6"}, {1, "c6", "r2c6 r7c6"}, {1, "r7", "r7c6 r7c1"}}

func TestMultiColours(t *testing.T) {
	runColourCases(t, MultiColours(), []colourCase{
		{
			name: "type 2: r1c1 sees both colours of B",
			only: multiColourOnly, code: "0503", elims: "1@r1c1",
			explain: "Multi Colours 2 on 1, colours r1c1 against r1c5; r2c2, r7c6 against r2c6, r7c1: a colour sees both colours of the other cluster, so it is false; remove 1 from r1c1",
		},
		{
			name: "type 2: r2c6, r7c1 see both colours of A",
			only: multiColourOnly, code: "0503", elims: "1@r2c6 1@r7c1",
		},
		{
			// r1c1 sees r2c2: r1c5 or one of r2c6, r7c1 holds 1; r1c1 sees
			// r7c1: r1c5, r2c2 or r7c6; r1c5 sees r2c6: r1c1, r2c2 or r7c6.
			name: "type 1: cells seeing the opposites of colours that see each other",
			only: multiColourOnly, code: "0502",
			elims: "1@r1c1 1@r2c6 1@r3c1 1@r3c2 1@r3c3 1@r3c4 1@r3c5 1@r7c1 1@r8c5 1@r9c5",
		},
		{
			name: "one cluster only",
			only: []patOnly{{1, "r1", "r1c1 r1c5"}, {1, "c5", "r1c5 r6c5"}},
		},
		{
			name: "two clusters that do not see each other",
			only: []patOnly{{1, "r1", "r1c1 r1c2"}, {1, "r9", "r9c8 r9c9"}},
		},
		{
			// 6×6, 2×3 boxes: A is r1c1 / r1c4, B r3c1, r6c5 against r3c5,
			// r6c1; r1c1 sees r3c1 and r6c1 in column 1.
			name: "6x6, type 2",
			cfg:  grid.Config{Size: 6},
			only: []patOnly{{1, "r1", "r1c1 r1c4"}, {1, "r3", "r3c1 r3c5"}, {1, "c5", "r3c5 r6c5"}, {1, "r6", "r6c5 r6c1"}},
			code: "0503", elims: "1@r1c1",
		},
		{
			// The jigsaw region of label 0 is r1c1-r1c3, r2c1-r2c3, r3c1,
			// r4c1 and r4c2: r1c1 sees r4c2 through it alone.
			name: "jigsaw, type 2 through a region",
			cfg:  grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw},
			only: []patOnly{{1, "r1", "r1c1 r1c6"}, {1, "r4", "r4c2 r4c9"}, {1, "c9", "r4c9 r8c9"}, {1, "r8", "r8c9 r8c1"}},
			code: "0503", elims: "1@r1c1",
		},
	})
}

func TestMultiColoursDrawing(t *testing.T) {
	b := patTestBoard(t, multiColourOnly, nil)
	sink := Sink{All: true}
	MultiColours().Find(b, &sink)
	for i := range sink.Steps() {
		s := &sink.Steps()[i]
		if s.Technique != multiWrap || !slices.Equal(s.Eliminations, []CellDigit{{0, 1}}) {
			continue
		}
		// Nodes r1c1 r1c5 | r2c2 r2c6 r7c6 r7c1, links in unit order (rows
		// 1, 2, 7, column 6), then r1c1 sees r2c2 and r7c1.
		want := []Link{{0, 1, Strong}, {2, 3, Strong}, {5, 4, Strong}, {3, 4, Strong}, {0, 2, Weak}, {0, 5, Weak}}
		if !slices.Equal(s.Links, want) {
			t.Errorf("links %v, want %v", s.Links, want)
		}
		roles := []Role{RoleTarget, RoleOn, RoleOn, RoleOff, RoleOn, RoleOff}
		for i, r := range roles {
			if s.Marks[i].Role != r {
				t.Errorf("node %d has role %v, want %v", i, s.Marks[i].Role, r)
			}
		}
		return
	}
	t.Fatal("no step removes 1 from r1c1")
}
