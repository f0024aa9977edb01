package strategy

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// fishStrategies are the strategies of genfish.go and templates.go, and
// the finned fish, whose Siamese fish come from the general search.
var fishStrategies = []*Strategy{FrankenFish(), MutantFish(), FinnedFish(), Templates()}

// fishCheckSteps checks every step of sink against a solution of b: it
// must place only true digits in empty cells and eliminate only false
// candidates, be explained, and a fish must show its base candidates.
func fishCheckSteps(t *testing.T, b *grid.Board, solution []uint8, sink *Sink, seen map[string]int) {
	t.Helper()
	n := grid.Notation{Layout: b.Layout()}
	for i := range sink.Steps() {
		s := &sink.Steps()[i]
		if s.Digits == 0 || len(s.Eliminations)+len(s.Placements) == 0 || s.Technique != templateSet && s.Technique != templateDelete && len(s.Cells) == 0 {
			t.Fatalf("%s: malformed step %+v", s.Name(), s)
		}
		for _, p := range s.Placements {
			if b.Value(p.Cell) != 0 || solution[p.Cell] != uint8(p.Digit) {
				t.Fatalf("%s places %s=%d, the solution has %d: %s", s.Name(), b.Layout().CellName(p.Cell), p.Digit, solution[p.Cell], s.Explain(n))
			}
		}
		for _, e := range s.Eliminations {
			if !b.Cands(e.Cell).Has(e.Digit) {
				t.Fatalf("%s eliminates %d from %s, not a candidate: %s", s.Name(), e.Digit, b.Layout().CellName(e.Cell), s.Explain(n))
			}
			if solution[e.Cell] == uint8(e.Digit) {
				t.Fatalf("%s eliminates the true %s=%d: %s", s.Name(), b.Layout().CellName(e.Cell), e.Digit, s.Explain(n))
			}
		}
		if seen[s.Name()] < 100 && s.Explain(n) == "" {
			t.Fatalf("%s: empty explanation", s.Name())
		}
		seen[s.Name()]++
	}
}

// fishSolveChecked solves b with singles, intersections, subsets and basic
// fish, and where they are stuck, with the fish of fishStrategies; at each
// such state it asks each of fishStrategies for all its steps (Mutant fish
// of sizes 2 and 3 only, for time) and checks them.
func fishSolveChecked(t *testing.T, b *grid.Board, solution []uint8, seen map[string]int) {
	t.Helper()
	cheap := []*Strategy{NakedSingle(), HiddenSingle(), LockedRegions(), LockedCandidates(), NakedSubsets(), HiddenSubsets(), BasicFish()}
	dear := []*Strategy{FinnedFish(), FrankenFish(), Templates(), MutantFish()}
	var sink Sink
	first := func(order []*Strategy) bool {
		for _, st := range order {
			sink.Reset()
			sink.All, sink.Form = false, AllForms()
			if st == MutantFish() {
				sink.Form = OfSize(3)
			}
			st.Find(b, &sink)
			if len(sink.Steps()) > 0 {
				sink.Steps()[0].Apply(b)
				return true
			}
		}
		return false
	}
	for step := 0; step < 4*b.Layout().Cells && !b.Solved(); step++ {
		if first(cheap) {
			continue
		}
		for _, st := range fishStrategies {
			for _, size := range []int{0, 2, 3} {
				if (st == MutantFish()) != (size != 0) {
					continue
				}
				sink.Reset()
				sink.All, sink.Form = true, OfSize(size)
				st.Find(b, &sink)
				fishCheckSteps(t, b, solution, &sink, seen)
			}
		}
		if !first(dear) {
			return
		}
	}
}

func TestGeneralFishSoundOnSharedSets(t *testing.T) {
	if quick() {
		t.Skip("long: runs in full without -short and -race")
	}
	seen := soundOnSharedSets(t, fishSolveChecked, sharedSet{"testdata/puzzles/se_rated_top1465.txt", 60})
	// Floors about half of what the finders found when they were set.
	atLeast(t, seen, map[string]int{
		"Finned X-Wing": 10, "Sashimi X-Wing": 5, "Finned Franken Swordfish": 200, "Finned Mutant Swordfish": 1000,
		"Siamese Finned Franken Jellyfish": 150, "Template Delete": 10,
	})
}

// TestGeneralFishKinds: HoDoKu names a fish by the kinds of its sets.
func TestGeneralFishKinds(t *testing.T) {
	tests := []struct {
		base, cover uint8
		want        fishKind
	}{
		{fishRow, fishCol, basicFish},
		{fishCol, fishRow, basicFish},
		{fishRow | fishBox, fishCol, frankenFish},
		{fishRow, fishCol | fishBox, frankenFish},
		{fishCol | fishBox, fishRow | fishBox, frankenFish},
		{fishBox, fishCol, mutantFish},
		{fishRow, fishBox, mutantFish},
		{fishRow | fishCol, fishCol, mutantFish},
		{fishRow, fishRow | fishCol, mutantFish},
	}
	for _, tt := range tests {
		if got := fishKindOf(tt.base, tt.cover); got != tt.want {
			t.Errorf("fishKindOf(%b, %b) = %d, want %d", tt.base, tt.cover, got, tt.want)
		}
	}
}

// TestGeneralFishSteps checks a step of each kind in full: its technique,
// sets, fins and eliminations, on cases of HoDoKu's library.
func TestGeneralFishSteps(t *testing.T) {
	tests := []struct {
		name, line  string
		st          *Strategy
		explanation string
	}{
		{"Franken Swordfish", ":0331:8:52...617.174.536..6.9271..5..5.2...6.9.76..1...6.3...4..759236135261.9.79613.7.5.:814 819 928 842 844 944 856 861 964 866 867 868:872::",
			FrankenFish(), "Franken Swordfish on 8: base row 2, row 3, row 6; cover column 2, column 4, box 3; remove 8 from r7c2"},
		{"Finned Franken Jellyfish with an endo fin", ":0342:6:.5+7....8..+3....7+5.+84..57.314.3..2+5.89+8...+54....58+4....+32.+5.4+8+97+5.8739.+42+7+9+42..3.+5:619 123 924 625 655 658 161 267 667:687::",
			FrankenFish(), ""},
		{"Finned Mutant Jellyfish", ":0362:4:.7+6+1.95..1..+6.5...+98+5+72.16.+7...1+6.......97.3.6+9.2+5.+7188.7.6..5...9+5..3.....+9...4.:211 319 425 227 228 229 443 449 172 272 376 476 885 286 486 289 895 396:419::",
			MutantFish(), "Finned Mutant Jellyfish on 4: base row 3, row 6, column 1, column 5; cover row 1, row 8, column 6, box 4; fins r3c9; remove 4 from r1c9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := parseReglibLine(t, tt.line)
			b, err := reglibBoard(c)
			if err != nil {
				t.Fatal(err)
			}
			sink := Sink{All: true, Form: OfSize(reglibFishSize(c.code))}
			tt.st.Find(b, &sink)
			n := grid.Notation{Layout: b.Layout()}
			for _, s := range sink.Steps() {
				if s.Technique.code != c.code || !slices.Equal(sortedEffects(s.Eliminations), sortedEffects(c.elims)) {
					continue
				}
				got := s.Explain(n)
				if tt.explanation != "" && got != tt.explanation {
					t.Errorf("explanation\n%q, want\n%q", got, tt.explanation)
				}
				k := reglibFishSize(c.code)
				if len(s.Units) != 2*k {
					t.Errorf("%d units, want %d base and %d cover sets", len(s.Units), k, k)
				}
				roles := map[Role]int{}
				for _, m := range s.Marks {
					roles[m.Role]++
				}
				if roles[RolePattern] == 0 || roles[RoleTarget] != len(s.Eliminations) || (roles[RoleFin] > 0) != strings.HasPrefix(s.Name(), "Finned") {
					t.Errorf("roles %v of %s", roles, got)
				}
				return
			}
			t.Fatalf("no %s step with the case's eliminations among %d steps", c.code, len(sink.Steps()))
		})
	}
}

// parseReglibLine parses one line of HoDoKu's library.
func parseReglibLine(t *testing.T, line string) reglibCase {
	t.Helper()
	parts := strings.Split(line, ":")
	c := reglibCase{code: parts[1], digits: parts[2], givens: parts[3], original: line}
	var err error
	if c.deleted, err = parseTriples(parts[4]); err != nil {
		t.Fatal(err)
	}
	if c.elims, err = parseTriples(parts[5]); err != nil {
		t.Fatal(err)
	}
	if c.places, err = parseTriples(parts[6]); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestTemplatesSkipLargeBoards: templates are enumerated up to 9×9 only.
func TestTemplatesSkipLargeBoards(t *testing.T) {
	b := grid.NewBoard(testLayout(t, grid.Config{Size: 16}))
	sink := Sink{All: true}
	Templates().Find(b, &sink)
	if len(sink.Steps()) != 0 {
		t.Errorf("%d template steps on a 16×16 board", len(sink.Steps()))
	}
}

func TestGeneralFishFindersDoNotAllocate(t *testing.T) {
	pauseGC(t)
	findersDoNotAllocate(t, patStuckBoards(t, 4), []*Strategy{FrankenFish(), Templates()}, 1, false, true)
}

func BenchmarkGeneralFish(b *testing.B) {
	boards := patStuckBoards(b, 100)
	for _, st := range []*Strategy{FrankenFish(), MutantFish()} {
		for size := 2; size <= 4; size++ {
			b.Run(fmt.Sprintf("%s/%d", st.name, size), func(b *testing.B) {
				sink := Sink{Form: OfSize(size)}
				for i := 0; i < b.N; i++ {
					sink.Reset()
					st.Find(boards[i%len(boards)], &sink)
				}
			})
		}
	}
	benchFinders(b, boards, []*Strategy{Templates()})
}
