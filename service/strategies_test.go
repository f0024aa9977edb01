package service

import (
	"context"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
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
			if r := tq.GetSeRating(); r < 1 || r > 12 {
				t.Errorf("%s: technique %s has SE rating %v, want 1.0 to 12", st.GetName(), tq.GetName(), r)
			}
		}
	}
	for l := range seed {
		if !letters[l] {
			t.Errorf("seed letter %s missing", l)
		}
	}
}
