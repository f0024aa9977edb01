package service

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestCombinationDigitsRepeat solves a KenKen (a line of
// engine/solver/testdata/kenken-hard.txt whose L-shaped cage 8+ keeps
// {1,1,6}) by logic and checks the combination_digits of its nodes: set
// wherever combinations is, each list ascending and the lists ascending,
// each list's digits a set of combinations and every set listed, the
// masks of combinations in the order their lists read, the
// repeats of a cage meeting its target, and the explanation of a cage
// step writing the lists as they are, repeats included.
func TestCombinationDigitsRepeat(t *testing.T) {
	data, err := os.ReadFile("../engine/solver/testdata/kenken-hard.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	client := newClient(t, Config{DefaultTimeout: 5 * time.Minute})
	steps, _ := solveSteps(t, client, &sudokuv1.SolveStepsRequest{
		Puzzle:  &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: lines[3]}},
		Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY},
	})
	repeats, texts := 0, 0
	for _, s := range steps {
		for i, nd := range s.GetNodes() {
			masks, lists := nd.GetCombinations(), nd.GetCombinationDigits()
			if len(masks) == 0 {
				if len(lists) != 0 {
					t.Errorf("step %d node %d: combination_digits %v without combinations", s.GetIndex(), i, lists)
				}
				continue
			}
			var prev []uint32
			var names []string
			seen := map[uint32]bool{}
			for _, c := range lists {
				ds := c.GetDigits()
				if !slices.IsSorted(ds) {
					t.Errorf("step %d node %d: digits %v not ascending", s.GetIndex(), i, ds)
				}
				if prev != nil && slices.Compare(prev, ds) >= 0 {
					t.Errorf("step %d node %d: %v after %v", s.GetIndex(), i, ds, prev)
				}
				prev = ds
				names = append(names, "{"+strings.Join(digitNames(ds), ",")+"}")
				var mask uint32
				sum, prod := uint32(0), uint32(1)
				for _, d := range ds {
					mask |= 1 << (d - 1)
					sum, prod = sum+d, prod*d
				}
				if !slices.Contains(masks, mask) {
					t.Errorf("step %d node %d: digits %v are of no mask of %v", s.GetIndex(), i, ds, masks)
				}
				seen[mask] = true
				if len(slices.Compact(slices.Clone(ds))) < len(ds) {
					repeats++
					if nd.GetKind() == sudokuv1.NodeKind_NODE_KIND_CAGE && len(ds) == len(nd.GetCells()) {
						op := nd.GetOperator()
						if op == sudokuv1.CageOperator_CAGE_OPERATOR_ADD && sum != nd.GetTarget() || op == sudokuv1.CageOperator_CAGE_OPERATOR_MULTIPLY && prod != nd.GetTarget() {
							t.Errorf("step %d node %d: %v does not make %d %v", s.GetIndex(), i, ds, nd.GetTarget(), op)
						}
					}
				}
			}
			if len(seen) != len(masks) {
				t.Errorf("step %d node %d: combination_digits %v do not list every mask of %v", s.GetIndex(), i, lists, masks)
			}
			// combinations lists its masks in the order their digit
			// lists read: that of the first list of each.
			var order []uint32
			for _, c := range lists {
				var mask uint32
				for _, d := range c.GetDigits() {
					mask |= 1 << (d - 1)
				}
				if !slices.Contains(order, mask) {
					order = append(order, mask)
				}
			}
			if !slices.Equal(order, masks) {
				t.Errorf("step %d node %d: combinations %v are not in the order of their digit lists %v", s.GetIndex(), i, masks, lists)
			}
			if nd.GetKind() == sudokuv1.NodeKind_NODE_KIND_CAGE && strings.HasPrefix(s.GetTechnique(), "Cage Combinations") {
				texts++
				if want := " keeps " + strings.Join(names, ",") + ":"; !strings.Contains(s.GetExplanation(), want) {
					t.Errorf("step %d: %q does not say%s", s.GetIndex(), s.GetExplanation(), want)
				}
			}
		}
	}
	if repeats == 0 || texts == 0 {
		t.Errorf("%d combinations repeat a digit, %d Cage Combinations steps; want some of each", repeats, texts)
	}
}

// digitNames names digits in decimal.
func digitNames(ds []uint32) []string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = strconv.Itoa(int(d))
	}
	return names
}
