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
	forms := map[*Strategy]map[Form]bool{}
	first := map[*Strategy]Pass{}
	passNames := map[string]bool{}
	for i, p := range table {
		if p.Strategy == nil {
			t.Fatalf("pass %d has no strategy", i)
		}
		if i > 0 && p.Order <= table[i-1].Order {
			t.Errorf("pass %d (%s): order %d does not follow %d", i, p.Name, p.Order, table[i-1].Order)
		}
		if p.Name == "" || passNames[p.Name] {
			t.Errorf("pass %d: name %q is empty or taken", i, p.Name)
		}
		passNames[p.Name] = true
		if !letterPattern.MatchString(p.Letter) {
			t.Errorf("pass %d: letter %q does not follow the scheme", i, p.Letter)
		}
		if l, ok := letterOf[p.Strategy]; ok && l != p.Letter {
			t.Errorf("%s has letters %q and %q", p.Strategy.name, l, p.Letter)
		}
		if s, ok := strategyOf[p.Letter]; ok && s != p.Strategy {
			t.Errorf("letter %q names %s and %s", p.Letter, s.name, p.Strategy.name)
		}
		letterOf[p.Strategy], strategyOf[p.Letter] = p.Letter, p.Strategy
		// The facts of a strategy agree across its rows.
		if f, ok := first[p.Strategy]; !ok {
			first[p.Strategy] = p
		} else if f.Cost != p.Cost || f.OptIn != p.OptIn || f.CoveredBy != p.CoveredBy {
			t.Errorf("%s: pass %q has cost %s, opt-in %v, covered by %v; pass %q %s, %v, %v", p.Strategy.name, f.Name, f.Cost, f.OptIn, f.CoveredBy, p.Name, p.Cost, p.OptIn, p.CoveredBy)
		}
		if c := p.CoveredBy; c != nil && (c == p.Strategy || c.Letter() == "" || slices.IndexFunc(table[:], func(q Pass) bool { return q.Strategy == c }) > i) {
			t.Errorf("%s is covered by %s, not an earlier strategy of the table", p.Name, c.name)
		}
		if forms[p.Strategy] == nil {
			forms[p.Strategy] = map[Form]bool{}
		}
		if forms[p.Strategy][p.Form] || p.Form == AllForms() && len(forms[p.Strategy]) > 0 || forms[p.Strategy][AllForms()] {
			t.Errorf("%s runs twice for form %s", p.Strategy.name, p.Form)
		}
		forms[p.Strategy][p.Form] = true
		if k := p.Form.Kind(); k != AnyForm && k != first[p.Strategy].Form.Kind() {
			t.Errorf("%s: pass %q asks for a %s, pass %q for a %s", p.Strategy.name, first[p.Strategy].Name, first[p.Strategy].Form, p.Name, p.Form)
		}
	}
	names := map[string]bool{}
	for _, s := range All() {
		name := strings.ToLower(s.name)
		if names[name] {
			t.Errorf("two strategies are named %q", s.name)
		}
		names[name] = true
		if _, ok := strategyOf[s.name]; ok {
			t.Errorf("the name %q is also a letter", s.name)
		}
		if got, ok := Lookup(s.Letter()); !ok || got != s {
			t.Errorf("Lookup(%q) = %v, want %s", s.Letter(), got, s.name)
		}
	}
	// The seed's letters keep their meaning.
	seed := map[string]*Strategy{"A": NakedSingle(), "B": HiddenSingle(), "C": Guessing(), "D": LockedRegions(), "E": HiddenSubsets(), "F": NakedSubsets(), "G": LockedCandidates()}
	for letter, want := range seed {
		if got := strategyOf[letter]; got != want {
			t.Errorf("letter %s is %v, want %s", letter, got, want.name)
		}
	}
	if got := (&Strategy{name: "Not Catalogued"}).Letter(); got != "" {
		t.Errorf("a strategy outside the catalogue has letter %q", got)
	}
}

func TestPlan(t *testing.T) {
	all := Plan(func(*Strategy) bool { return true })
	var last int
	for _, p := range all {
		if !p.Strategy.HasFinder() {
			t.Errorf("plan holds %s, which has no finder", p.Strategy.name)
		}
		if p.Strategy == NakedSubsets() {
			last = p.Form.Size()
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

// coveredBy maps each strategy of the table covered by another
// (Pass.CoveredBy) to the strategy covering it.
func coveredBy() map[*Strategy]*Strategy {
	m := map[*Strategy]*Strategy{}
	for _, p := range table {
		if p.CoveredBy != nil {
			m[p.Strategy] = p.CoveredBy
		}
	}
	return m
}

// TestCoveredFindNothing backs Pass.CoveredBy: along the logic solves of hard
// puzzles, wherever the covering strategy finds nothing, the strategies it
// covers find nothing either.
func TestCoveredFindNothing(t *testing.T) {
	max := 250
	if quick() {
		max = 25
	}
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() })
	checked := map[*Strategy]int{}
	covering := coveredBy()
	if len(covering) == 0 {
		t.Fatal("the table covers no strategy")
	}
	var other Sink
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, step *Step) {
		for covered, by := range covering {
			if step == nil || planIndex(passes, by) < planIndex(passes, step.Strategy) {
				other.Reset()
				covered.Find(b, &other)
				if len(other.Steps()) > 0 {
					t.Errorf("%s: %s finds %s where %s found nothing", line, covered.name, other.Steps()[0].Explain(grid.Notation{Layout: b.Layout()}), by.name)
				}
				checked[covered]++
			}
		}
	})
	for covered := range covering {
		if checked[covered] == 0 {
			t.Errorf("%s was never checked", covered.name)
		}
	}
	for covered, k := range checked {
		t.Logf("%s: checked on %d states", covered.name, k)
	}
}

// planIndex returns the index of st's first pass in passes, or -1.
func planIndex(passes []Pass, st *Strategy) int {
	return slices.IndexFunc(passes, func(p Pass) bool { return p.Strategy == st })
}

// TestSelectUnknown: Select names the first key that holds no strategy,
// and the strategy of its other case when it is a letter in the wrong one.
func TestSelectUnknown(t *testing.T) {
	_, err := Select([]string{"A", "d", "w9"})
	var unknown *UnknownStrategyError
	if !errors.As(err, &unknown) || unknown.Index != 2 || unknown.Other != nil {
		t.Errorf("Select(A, d, w9) = %v, want unknown entry 2", err)
	}
	_, err = Select([]string{"A", "a2"})
	if !errors.As(err, &unknown) || unknown.Index != 1 || unknown.Other == nil || !strings.Contains(err.Error(), `"A2" is `+unknown.Other.name) {
		t.Errorf("Select(A, a2) = %v, want entry 1, naming A2", err)
	}
}

// TestSelectTechniqueName: a key that names a technique rather than a
// strategy is refused with the strategy that holds the technique.
func TestSelectTechniqueName(t *testing.T) {
	for _, tc := range []struct {
		key, owner string // owner "": no technique of that name
	}{
		{"X-Wing", "Basic Fish"},
		{"x-wing", "Basic Fish"},
		{"Uniqueness Test 2", "Unique Rectangles"},
		{"w9", ""},
	} {
		_, err := Select([]string{tc.key})
		var unknown *UnknownStrategyError
		if !errors.As(err, &unknown) {
			t.Errorf("Select(%q) = %v, want an *UnknownStrategyError", tc.key, err)
			continue
		}
		switch {
		case tc.owner == "" && unknown.Owner != nil:
			t.Errorf("Select(%q): owner %s, want none", tc.key, unknown.Owner.name)
		case tc.owner != "" && (unknown.Owner == nil || unknown.Owner.name != tc.owner || !strings.Contains(err.Error(), tc.owner)):
			t.Errorf("Select(%q) = %v, want it to name the strategy %s", tc.key, err, tc.owner)
		}
	}
}

func TestSwapCase(t *testing.T) {
	for in, want := range map[string]string{"d": "D", "D": "d", "a2": "A2", "Z9": "z9", "?": "?"} {
		if got := swapCase(in); got != want {
			t.Errorf("swapCase(%q) = %q, want %q", in, got, want)
		}
	}
}

// testFamilies are the hand-kept lists of strategies the finder and
// soundness tests check family by family, each named after its test.
func testFamilies() map[string][]*Strategy {
	return map[string][]*Strategy{
		"patterns": patternStrategies, "colours": colourStrategies, "misc": miscStrategies,
		"ALS": alsStrategies, "chains": chainStrategies, "forcing": forcingStrategies,
		"fish": fishStrategies, "uniqueness": uqStrategies, "nested": {NestedForcingNet()},
	}
}

// checkedInWholeSolves are the Dear strategies with no family of their
// own: their steps are checked along whole solves (TestLogicSoundTop1465,
// TestStr8tsStepsSound, TestCompartmentTrialSound, TestPatternTrialSound, TestKillerGolden, TestNestedContradictionSound, TestStrongCageContradictionSound, TestCageFillingVeritySound, TestLockedNestedTrial, TestX16Published, TestKenKenLineFillingsSound and the finder tests of
// engine/solver), as the Cheap ones are.
var checkedInWholeSolves = []*Strategy{HighLowStranding(), LineFillings(), CompartmentSubsets(), KillerSubsets(), VirtualCages(), CombinationCrossover(), CageIntersection(), InnieOutieDifference(), CageBlock(), CageContradiction(), NestedContradiction(), LongNestedContradiction(), StrongNestedContradiction(), StrongCageContradiction(), CageFillingVerity(), LineCageFillings(), TwoLineCageFillings(), BasicFish(), Str8tsFish(), Settis(), Str8tsUniqueRectangle(), CompartmentTrial(), PatternTrial(), LawOfLeftovers(), LockedNestedTrial()}

// TestFamiliesFollowTable holds the test families to the technique table:
// each holds strategies of the table, once each, the families whose order
// the tests play (patterns, misc, chains) in the order of play; and every
// Dear strategy with a finder is in a family or in checkedInWholeSolves,
// so a new technique is not left out of the soundness runs unnoticed.
func TestFamiliesFollowTable(t *testing.T) {
	ordered := map[string]bool{"patterns": true, "misc": true, "chains": true}
	inFamily := map[*Strategy]bool{}
	for name, list := range testFamilies() {
		if len(list) == 0 {
			t.Errorf("family %s is empty", name)
		}
		last := -1
		for _, st := range list {
			i := slices.Index(strategies, st)
			switch {
			case i < 0:
				t.Errorf("family %s holds %s, which the technique table does not", name, st.name)
			case inFamily[st]:
				t.Errorf("%s is in two families (or twice in %s)", st.name, name)
			case ordered[name] && i < last:
				t.Errorf("family %s lists %s out of the order of play", name, st.name)
			}
			inFamily[st], last = true, i
		}
	}
	for _, st := range checkedInWholeSolves {
		if inFamily[st] || st.Cost() == Cheap {
			t.Errorf("%s is in checkedInWholeSolves but in a family or Cheap", st.name)
		}
		inFamily[st] = true
	}
	for _, st := range All() {
		if st.HasFinder() && st.Cost() != Cheap && !inFamily[st] {
			t.Errorf("%s (%s) is in no test family: add it to one, or to checkedInWholeSolves", st.name, st.Letter())
		}
	}
}

// TestFormsNameTheirSteps: a pass of a form (a size, a rectangle type)
// asks its finder for that form only: along the logic solves of hard
// puzzles, every step a pass finds in find-all mode is of the technique
// the pass names (its finned, sashimi or Siamese forms included).
func TestFormsNameTheirSteps(t *testing.T) {
	max := 30
	if quick() {
		max = 8
	}
	var passes []Pass
	for _, p := range table {
		// Opt-in passes (Franken and Mutant fish) are too dear to run on
		// every state; TestGeneralFish* check theirs.
		if k := p.Form.Kind(); (k == SizeForm || k == TypeForm) && p.Strategy.HasFinder() && !p.OptIn {
			passes = append(passes, p)
		}
	}
	// strip takes off the prefixes a pass's name shares with its finned,
	// sashimi and Siamese steps.
	strip := func(name string) string {
		for _, prefix := range []string{"Siamese ", "Finned/Sashimi ", "(Finned) ", "Finned ", "Sashimi "} {
			name = strings.TrimPrefix(name, prefix)
		}
		return name
	}
	found := map[string]int{}
	var sink Sink
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, _ *Step) {
		for _, p := range passes {
			sink.Reset()
			sink.All, sink.Form = true, p.Form
			p.Strategy.Find(b, &sink)
			for i := range sink.Steps() {
				s := &sink.Steps()[i]
				if strip(s.Name()) != strip(p.Name) {
					t.Fatalf("%s: pass %q (%s) found a %s step", line, p.Name, p.Form, s.Name())
				}
				found[p.Name]++
			}
		}
	})
	if len(found) < 8 {
		t.Errorf("steps of %d passes of a form found (%v), want at least 8", len(found), found)
	}
	t.Logf("steps found by pass: %v", found)
}

// TestDescriptions checks that every technique says what it does in one
// line: non-empty, no line break, no space at either end, no two the
// same; and that every description names a technique.
func TestDescriptions(t *testing.T) {
	seen := map[string]string{}
	names := map[string]bool{}
	for _, st := range All() {
		for _, tq := range st.AllTechniques() {
			names[tq.Name()] = true
			d := tq.Description()
			switch {
			case d == "":
				t.Errorf("%s (%s): no description", tq.Name(), st.Letter())
				continue
			case strings.ContainsAny(d, "\n\r"):
				t.Errorf("%s: description of more than one line: %q", tq.Name(), d)
			case strings.TrimSpace(d) != d:
				t.Errorf("%s: description with a space at an end: %q", tq.Name(), d)
			}
			if other, ok := seen[d]; ok && other != tq.Name() {
				t.Errorf("%s and %s have the same description %q", other, tq.Name(), d)
			}
			seen[d] = tq.Name()
		}
	}
	for name := range descriptions {
		if !names[name] {
			t.Errorf("description of %q, which no strategy's technique is called", name)
		}
	}
}

// TestDescriptionsBothWays checks that the descriptions of techniques
// whose finders look along rows and along columns alike say so, not
// one orientation alone: a reader of strategies --long met with a
// row's link or a Settis on columns should know it is the same
// technique.
func TestDescriptionsBothWays(t *testing.T) {
	tests := []struct {
		name string // the technique's name
		want string // what says the other orientation
	}{
		{"X-Wing", "(or the reverse)"},
		{"Empty Rectangle", "the same with rows and columns swapped"},
		{"Settis", "the same with rows and columns swapped"},
		{"Str8ts X-Wing", "the same with rows and columns swapped"},
		{"Str8ts Swordfish", "the same with rows and columns swapped"},
		{"Str8ts Jellyfish", "the same with rows and columns swapped"},
	}
	for _, tt := range tests {
		d, ok := descriptions[tt.name]
		if !ok {
			t.Errorf("%s: no description", tt.name)
			continue
		}
		if !strings.Contains(d, tt.want) {
			t.Errorf("%s: description %q describes one orientation, want it to say %q", tt.name, d, tt.want)
		}
	}
}
