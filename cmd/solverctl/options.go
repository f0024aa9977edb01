package main

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// guessFlags are the flags that tune guessing; they mean nothing where the
// solve may not guess.
var guessFlags = []string{"on-guess", "order", "weight", "seed"}

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

// lookupStrategies resolves the -strategies list: method letters, which
// are case-sensitive ("b" is Cage Splitting, "B" Hidden Single), or names,
// which are not. It refuses a key the catalogue built into solverctl does
// not hold, saying so for a letter whose other case exists.
func lookupStrategies(keys []string) ([]*strategy.Strategy, error) {
	var list []*strategy.Strategy
	for _, k := range keys {
		st, ok := strategy.Lookup(k)
		if ok {
			list = append(list, st)
			continue
		}
		if swapped := swapCase(k); swapped != k {
			if other, ok := strategy.Lookup(swapped); ok {
				return nil, fmt.Errorf("-strategies: unknown strategy %q: method letters are case-sensitive, and %q is %s; solverctl strategies lists them", k, swapped, other.Name)
			}
		}
		return nil, fmt.Errorf("-strategies: unknown strategy %q: neither a method letter (they are case-sensitive) nor a strategy name; solverctl strategies lists them", k)
	}
	return list, nil
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

// swapCase returns s with upper and lower case swapped, for a method
// letter ("d" ↔ "D", "a2" ↔ "A2").
func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, s)
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
	chosen, err := lookupStrategies(f.options().GetStrategies())
	if err != nil {
		return err
	}
	var guessing, elimination []string
	for _, st := range chosen {
		switch st.Class {
		case strategy.Search:
			guessing = append(guessing, st.Letter()+" ("+st.Name+")")
		case strategy.Elimination:
			elimination = append(elimination, st.Letter()+" ("+st.Name+")")
		}
	}
	noGuessing := ""
	switch {
	case f.solvingType == sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY && len(guessing) > 0:
		return fmt.Errorf("-type logic never guesses, but -strategies lists %s, a guessing method", strings.Join(guessing, ", "))
	case f.solvingType == sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY && len(elimination) > 0:
		return fmt.Errorf("-type guess uses singles and guessing only, but -strategies lists %s, elimination logic", strings.Join(elimination, ", "))
	case f.solvingType == sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY:
		noGuessing = "-type logic never guesses"
	case len(chosen) > 0 && len(guessing) == 0:
		noGuessing = "-strategies lists no guessing method (C), so the solve never guesses"
	}
	for _, name := range guessFlags {
		if set[name] && noGuessing != "" {
			return fmt.Errorf("-%s tunes guessing, but %s", name, noGuessing)
		}
	}
	if set["seed"] && f.order != sudokuv1.GuessOrder_GUESS_ORDER_RANDOM {
		return fmt.Errorf("-seed drives -order random only; add -order random or drop -seed")
	}
	return nil
}

// flagsSet returns the names of the flags fs found on the command line.
func flagsSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}
