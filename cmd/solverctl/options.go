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
//     refuses elimination strategies (D, E, …);
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
// rule refers to, and flagWords rewords its reasons in the command line's
// terms.
var (
	optionFlags = map[string]string{
		"options.strategies":   "-strategies",
		"options.solving_type": "-type",
		"options.on_guess":     "-on-guess",
		"options.guess_order":  "-order",
		"options.count_weight": "-weight",
		"options.random_seed":  "-seed",
	}
	flagWords = strings.NewReplacer(
		"solving_type SOLVING_TYPE_LOGIC_ONLY", "-type logic",
		"solving_type SOLVING_TYPE_GUESSING_ONLY", "-type guess",
		"but strategies lists", "but -strategies lists",
		"on_guess tunes", "-on-guess tunes",
		"guess_order tunes", "-order tunes",
		"count_weight tunes", "-weight tunes",
		"random_seed tunes", "-seed tunes",
		"; leave it unset", "",
		"random_seed drives guess_order GUESS_ORDER_RANDOM only; set that order or leave random_seed 0", "-seed drives -order random only; add -order random or drop -seed",
	)
)

// flagError words an error of service.CheckSolveOptions for the command
// line: the flag at fault, and where a strategy is unknown, where to find
// the names.
func flagError(err error) error {
	field, reason, ok := service.FieldOf(err)
	if !ok {
		return err
	}
	if i := strings.IndexByte(field, '['); i >= 0 {
		field = field[:i]
	}
	flagName, known := optionFlags[field]
	if !known {
		return err
	}
	reason = flagWords.Replace(reason)
	if strings.HasPrefix(reason, "unknown strategy") {
		return fmt.Errorf("%s: %s; solverctl strategies lists them", flagName, reason)
	}
	if strings.HasPrefix(reason, "-") {
		return errors.New(reason) // it names its flags
	}
	return fmt.Errorf("%s: %s", flagName, reason)
}

// flagsSet returns the names of the flags fs found on the command line.
func flagsSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}
