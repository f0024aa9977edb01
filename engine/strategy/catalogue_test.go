package strategy

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// letterPattern is the scheme of method letters (see catalogue).
var letterPattern = regexp.MustCompile(`^[A-Za-z][2-9]?$`)

func TestCatalogue(t *testing.T) {
	letterOf := map[*Strategy]string{}
	strategyOf := map[string]*Strategy{}
	sizes := map[*Strategy]map[int]bool{}
	for i, p := range catalogue {
		if p.Strategy == nil {
			t.Fatalf("pass %d has no strategy", i)
		}
		if !letterPattern.MatchString(p.Letter) {
			t.Errorf("pass %d: letter %q does not follow the scheme", i, p.Letter)
		}
		if l, ok := letterOf[p.Strategy]; ok && l != p.Letter {
			t.Errorf("%s has letters %q and %q", p.Strategy.Name, l, p.Letter)
		}
		if s, ok := strategyOf[p.Letter]; ok && s != p.Strategy {
			t.Errorf("letter %q names %s and %s", p.Letter, s.Name, p.Strategy.Name)
		}
		letterOf[p.Strategy], strategyOf[p.Letter] = p.Letter, p.Strategy
		if sizes[p.Strategy] == nil {
			sizes[p.Strategy] = map[int]bool{}
		}
		if sizes[p.Strategy][p.Size] || p.Size == 0 && len(sizes[p.Strategy]) > 0 {
			t.Errorf("%s runs twice for size %d", p.Strategy.Name, p.Size)
		}
		sizes[p.Strategy][p.Size] = true
	}
	names := map[string]bool{}
	for _, s := range All() {
		name := strings.ToLower(s.Name)
		if names[name] {
			t.Errorf("two strategies are named %q", s.Name)
		}
		names[name] = true
		if _, ok := strategyOf[s.Name]; ok {
			t.Errorf("the name %q is also a letter", s.Name)
		}
		if got, ok := Lookup(s.Letter()); !ok || got != s {
			t.Errorf("Lookup(%q) = %v, want %s", s.Letter(), got, s.Name)
		}
	}
	// The seed's letters keep their meaning.
	seed := map[string]*Strategy{"A": NakedSingle, "B": HiddenSingle, "C": Guessing, "D": LockedRegions, "E": HiddenSubsets, "F": NakedSubsets, "G": LockedCandidates}
	for letter, want := range seed {
		if got := strategyOf[letter]; got != want {
			t.Errorf("letter %s is %v, want %s", letter, got, want.Name)
		}
	}
	if got := (&Strategy{Name: "Not Catalogued"}).Letter(); got != "" {
		t.Errorf("a strategy outside the catalogue has letter %q", got)
	}
}

func TestPlan(t *testing.T) {
	all := Plan(func(*Strategy) bool { return true })
	var last int
	for _, p := range all {
		if !p.Strategy.HasFinder() {
			t.Errorf("plan holds %s, which has no finder", p.Strategy.Name)
		}
		if p.Strategy == NakedSubsets {
			last = p.Size
		}
	}
	if last != 4 {
		t.Errorf("the last naked subset pass is of size %d, want 4", last)
	}
	singles := Plan(func(s *Strategy) bool { return s.Class() == Solution })
	if len(singles) != 3 {
		t.Errorf("plan of the solution methods has %d passes, want 3 (A, H, B)", len(singles))
	}
}

// TestCoveredFindNothing backs coveredBy: along the logic solves of hard
// puzzles, wherever the covering strategy finds nothing, the strategies it
// covers find nothing either.
func TestCoveredFindNothing(t *testing.T) {
	max := 250
	if quick() {
		max = 25
	}
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() })
	checked := map[*Strategy]int{}
	var other Sink
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, step *Step) {
		for covered, by := range coveredBy {
			if step == nil || planIndex(passes, by) < planIndex(passes, step.Strategy) {
				other.Reset()
				covered.Find(b, &other)
				if len(other.Steps()) > 0 {
					t.Errorf("%s: %s finds %s where %s found nothing", line, covered.Name, other.Steps()[0].Explain(grid.Notation{Layout: b.L}), by.Name)
				}
				checked[covered]++
			}
		}
	})
	for covered := range coveredBy {
		if checked[covered] == 0 {
			t.Errorf("%s was never checked", covered.Name)
		}
	}
	for covered, k := range checked {
		t.Logf("%s: checked on %d states", covered.Name, k)
	}
}

// planIndex returns the index of st's first pass in passes, or -1.
func planIndex(passes []Pass, st *Strategy) int {
	return slices.IndexFunc(passes, func(p Pass) bool { return p.Strategy == st })
}

// TestSelectUnknown: Select names the first key that holds no strategy,
// and the strategy of its other case when it is a letter in the wrong one.
func TestSelectUnknown(t *testing.T) {
	_, err := Select([]string{"A", "d", "w2"})
	var unknown *UnknownStrategyError
	if !errors.As(err, &unknown) || unknown.Index != 2 || unknown.Other != nil {
		t.Errorf("Select(A, d, w2) = %v, want unknown entry 2", err)
	}
	_, err = Select([]string{"A", "a2"})
	if !errors.As(err, &unknown) || unknown.Index != 1 || unknown.Other == nil || !strings.Contains(err.Error(), `"A2" is `+unknown.Other.Name) {
		t.Errorf("Select(A, a2) = %v, want entry 1, naming A2", err)
	}
}

func TestSwapCase(t *testing.T) {
	for in, want := range map[string]string{"d": "D", "D": "d", "a2": "A2", "Z9": "z9", "?": "?"} {
		if got := swapCase(in); got != want {
			t.Errorf("swapCase(%q) = %q, want %q", in, got, want)
		}
	}
}
