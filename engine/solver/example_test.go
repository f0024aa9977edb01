package solver_test

import (
	"context"
	"fmt"
	"log"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// Decode a puzzle, solve it by logic, print its first steps and the
// solution.
func Example() {
	p, _, err := codec.Decode("000105000009060400060000070400010003050402010600030004020000050003090800000206000", codec.DecodeOptions{})
	if err != nil {
		log.Fatal(err)
	}
	start, err := p.Board(grid.Classic) // the variant when the text names none
	if err != nil {
		log.Fatal(err)
	}
	n := grid.Notation{Layout: start.Layout()}
	res, err := solver.Solve(context.Background(), start, solver.Options{CheckMultiple: true},
		func(i int, s *strategy.Step, _ *grid.Board) error {
			if i <= 3 {
				fmt.Printf("%d. %s: %s\n", i, s.Name(), s.Explain(n))
			}
			return nil
		})
	if err != nil {
		log.Fatal(err)
	}
	solution, err := codec.Encode(codec.FromBoard(res.Board), codec.FormatPlain)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Status, "with", res.Count, "solution in", res.Steps, "steps,", res.Guesses, "guesses")
	fmt.Println(solution)
	// Output:
	// 1. Hidden Single: r5c1 is the only place for 3 in row 5
	// 2. Hidden Single: r7c3 is the only place for 6 in column 3
	// 3. Hidden Single: r4c4 is the only place for 6 in column 4
	// solved with 1 solution in 65 steps, 0 guesses
	// 734125698219867435865943271472619583358472916691538724926384157543791862187256349
}
