package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

// checkTimeout refuses a negative -timeout among the flags fs parsed.
func checkTimeout(fs *flag.FlagSet) error {
	fl := fs.Lookup("timeout")
	if fl == nil {
		return nil
	}
	if d, ok := fl.Value.(flag.Getter).Get().(time.Duration); ok && d < 0 {
		return fmt.Errorf("-timeout %v is negative; 0 means no deadline", d)
	}
	return nil
}

// strategyKeys splits a -strategies list at its commas. An empty list
// allows every strategy, but an empty entry ("A,,B", ",") is refused: a
// list that names none would otherwise allow all.
func strategyKeys(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var keys []string
	for i, k := range strings.Split(list, ",") {
		k = strings.TrimSpace(k)
		if k == "" {
			return nil, fmt.Errorf("-strategies %q: entry %d is empty; name strategies by letter or name, separated by commas, or leave -strategies out to allow all", list, i+1)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// check refuses options that contradict each other or cannot apply; set
// holds the names of the flags on the command line. The rules:
//
//   - every -strategies entry is a strategy of the catalogue, and none is
//     empty ("," would otherwise mean all of them);
//   - -type logic never guesses, so it refuses C (Guessing) in
//     -strategies; -type guess uses singles and guessing only, so it
//     refuses elimination strategies (D, E, …) and a list without C;
//   - -on-guess, -order, -weight and -seed tune guessing: they are refused
//     where the solve may not guess (-type logic, or a -strategies list
//     without C);
//   - -seed drives -order random only.
func (f *solveFlags) check(set map[string]bool) error {
	if _, err := strategyKeys(f.strategies); err != nil {
		return err
	}
	o := f.options()
	// A flag left off the command line means its default, whatever value
	// it holds: only those given are checked.
	if !set["on-guess"] {
		o.OnGuess = sudokuv1.OnGuess_ON_GUESS_UNSPECIFIED
	}
	if !set["order"] {
		o.GuessOrder = sudokuv1.GuessOrder_GUESS_ORDER_UNSPECIFIED
	}
	if !set["weight"] {
		o.CountWeight = sudokuv1.CountWeight_COUNT_WEIGHT_UNSPECIFIED
	}
	if !set["seed"] {
		o.RandomSeed = 0
	} else if o.RandomSeed == 0 {
		o.RandomSeed = 1 // -seed 0 given still names -seed
	}
	return flagError(service.CheckSolveOptions(o))
}

// optionFlags names the flag of each field of SolveOptions the service's
// rule refers to.
var optionFlags = map[string]string{
	"strategies":    "-strategies",
	"solving_type":  "-type",
	"on_guess":      "-on-guess",
	"guess_order":   "-order",
	"count_weight":  "-weight",
	"random_seed":   "-seed",
	"deep_looks":    "-deep-looks",
	"max_solutions": "-max-solutions",
}

// typeFlags gives the -type value of each solving type a rule names.
var typeFlags = map[sudokuv1.SolvingType]string{
	sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY:    "-type logic",
	sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY: "-type guess",
}

// flagError words an error of service.CheckSolveOptions for the command
// line: the flags at fault, and where a strategy is unknown, where to find
// the names.
func flagError(err error) error {
	var c *service.OptionConflict
	if errors.As(err, &c) {
		return errors.New(conflictWords(c))
	}
	field, reason, ok := service.FieldOf(err)
	if !ok {
		return err
	}
	field, _, _ = strings.Cut(strings.TrimPrefix(field, "options."), "[")
	flagName, known := optionFlags[field]
	if !known {
		return err
	}
	if strings.HasPrefix(reason, "unknown strategy") {
		return fmt.Errorf("%s: %s; solverctl strategies lists them", flagName, reason)
	}
	return fmt.Errorf("%s: %s", flagName, reason)
}

// conflictWords words a contradiction between options in flag terms.
func conflictWords(c *service.OptionConflict) string {
	switch c.Rule {
	case service.LogicListsGuessing:
		return fmt.Sprintf("%s never guesses, but -strategies lists %s, a guessing method", typeFlags[c.Type], strings.Join(c.Strategies, ", "))
	case service.GuessingListsElimination:
		return fmt.Sprintf("%s uses singles and guessing only, but -strategies lists %s, elimination logic", typeFlags[c.Type], strings.Join(c.Strategies, ", "))
	case service.GuessingListsNoGuessing:
		return fmt.Sprintf("%s guesses, but -strategies lists no guessing method (C): add it, or drop -strategies", typeFlags[c.Type])
	case service.TuningLogicOnly:
		return fmt.Sprintf("%s tunes guessing, but %s never guesses", optionFlags[c.Field], typeFlags[c.Type])
	case service.TuningWithoutGuessing:
		return fmt.Sprintf("%s tunes guessing, but -strategies lists no guessing method (C), so the solve never guesses", optionFlags[c.Field])
	case service.SeedWithoutRandom:
		return "-seed drives -order random only; add -order random or drop -seed"
	case service.DeepLooksGuessingOnly:
		return fmt.Sprintf("-deep-looks bounds the deep strategies a mixed solve tries before it guesses, but %s uses singles and guessing only", typeFlags[c.Type])
	case service.CountWithoutCheck:
		return "-max-solutions bounds the count of solutions, but -check-multiple=false counts none; drop one of them"
	}
	return c.Error()
}

// flagsSet returns the names of the flags fs found on the command line.
func flagsSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}
