package service

import (
	"context"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

func TestListStrategies(t *testing.T) {
	client := newClient(t, Config{})
	resp, err := client.ListStrategies(context.Background(), &sudokuv1.ListStrategiesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	// The seed's letters keep their meaning.
	seed := map[string]string{
		"A": "Naked Single", "B": "Hidden Single", "C": "Guessing", "D": "Locked Regions",
		"E": "Hidden Subsets", "F": "Naked Subsets", "G": "Locked Candidates",
	}
	letters := map[string]bool{}
	for _, st := range resp.GetStrategies() {
		if letters[st.GetMethod()] {
			t.Errorf("letter %q listed twice", st.GetMethod())
		}
		letters[st.GetMethod()] = true
		if want, ok := seed[st.GetMethod()]; ok && st.GetName() != want {
			t.Errorf("letter %s is %q, want %q", st.GetMethod(), st.GetName(), want)
		}
		if st.GetClass() == "" {
			t.Errorf("%s: no class", st.GetName())
		}
		if st.GetClass() != "search" && len(st.GetTechniques()) == 0 {
			t.Errorf("%s: no technique", st.GetName())
		}
		for _, tq := range st.GetTechniques() {
			if tq.GetName() == "" || tq.GetLevel() == sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED {
				t.Errorf("%s: technique %v has no name or level", st.GetName(), tq)
			}
			if tq.GetDescription() == "" {
				t.Errorf("%s: technique %s has no description", st.GetName(), tq.GetName())
			}
			if r := tq.GetSeRating(); r < 1 || r > 12 {
				t.Errorf("%s: technique %s has SE rating %v, want 1.0 to 12", st.GetName(), tq.GetName(), r)
			}
		}
	}
	// The variants are the solver's (solver.Variants), in the enum's order.
	for _, st := range resp.GetStrategies() {
		s, ok := strategy.Lookup(st.GetMethod())
		if !ok {
			t.Fatalf("letter %s unknown", st.GetMethod())
		}
		var want []sudokuv1.Variant
		for _, v := range solver.Variants(s) {
			want = append(want, protoconv.VariantToProto[v])
		}
		if !slices.Equal(st.GetVariants(), want) {
			t.Errorf("%s: variants %v, want %v", st.GetName(), st.GetVariants(), want)
		}
		if len(want) == 0 {
			t.Errorf("%s: runs on no variant", st.GetName())
		}
	}
	names := func(st *sudokuv1.StrategyInfo) []string {
		var out []string
		for _, v := range st.GetVariants() {
			out = append(out, v.String())
		}
		return out
	}
	for _, st := range resp.GetStrategies() {
		switch st.GetMethod() {
		case "A":
			if len(st.GetVariants()) != len(protoconv.VariantToProto) {
				t.Errorf("Naked Single runs on %v, want every variant", names(st))
			}
		case "U":
			if slices.Contains(st.GetVariants(), sudokuv1.Variant_VARIANT_KILLER) || !slices.Contains(st.GetVariants(), sudokuv1.Variant_VARIANT_CLASSIC) {
				t.Errorf("Unique Rectangles runs on %v, want classic and no killer", names(st))
			}
		}
	}
	for l := range seed {
		if !letters[l] {
			t.Errorf("seed letter %s missing", l)
		}
	}
}
