package strategy_test

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

func TestZZMeasure(t *testing.T) {
	spec := os.Getenv("ZZ")
	if spec == "" {
		t.Skip()
	}
	budgets := []int{150_000, 600_000}
	if v := os.Getenv("ZZB"); v != "" {
		n, _ := strconv.Atoi(v)
		budgets = []int{n}
	}
	modes := []bool{false, true}
	if os.Getenv("ZZS") != "" {
		modes = []bool{true}
	}
	for _, item := range strings.Fields(spec) {
		set, ln, _ := strings.Cut(item, ":")
		line, _ := strconv.Atoi(ln)
		b := boardAt(t, "../search/testdata/killer9-"+set+".txt", line)
		sol := onlySolution(t, b)
		// the stuck board before Q2/P2
		before := b.Clone()
		stop := errors.New("stop")
		_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(i int, s *strategy.Step, after *grid.Board) error {
			if s.Strategy == strategy.StrongNestedContradiction() || s.Strategy == strategy.LongNestedContradiction() {
				return stop
			}
			before.CopyFrom(after)
			return nil
		})
		if err != nil && !errors.Is(err, stop) {
			t.Fatal(err)
		}
		for _, bud := range budgets {
			for _, strong := range modes {
				el, looks, as, cpu := strategy.MeasureNested(before, strong, bud)
				wrong := 0
				for _, e := range el {
					if sol[e.Cell] == uint8(e.Digit) {
						wrong++
					}
				}
				t.Logf("%s %d budget %d strong=%v: %d refuted (%d wrong), %d looks, %d assumed, cpu %.2fs", set, line, bud, strong, len(el), wrong, looks, as, cpu.Seconds())
			}
		}
	}
}
