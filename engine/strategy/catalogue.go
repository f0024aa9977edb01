package strategy

import (
	"fmt"
	"slices"
	"strings"
)

// Method letters. A letter names a strategy for good: clients keep them
// (a step's method, the strategies a request allows), so a letter is never
// changed or given to another strategy. Letters are case-sensitive ("b" is
// Cage Splitting, "B" Hidden Single); names are not. A–G are the N×N
// seed's methods: A naked single, B hidden single, C guessing, D locked
// regions (pointing), E hidden subsets, F naked subsets, G locked
// candidates (claiming). A new strategy takes the next free letter when it
// joins, whatever its place in the order of play, in the sequence A…Z,
// a…z; after z a letter is two characters, a letter then a digit, in the
// same sequence: A2…Z2, a2…z2, A3, …, z9 (416 more). The letters d–s went
// to the chains, loops, ALS, colouring and forcing strategies; t, u and v
// are Franken and Mutant fish and templates, opt-in (Strategy.OptIn); x,
// y, z and A2–E2 are the Str8ts strategies (str8ts.go); w is Killer
// Subsets; F2, G2 and H2 are Virtual Cage, Combination Crossover and
// Cage Intersection (virtualcages.go, cagecross.go,
// cageintersection.go); I2 is Str8ts Line Fillings (str8tslines.go); J2
// and K2 are Innie-Outie Difference and Cage Block (inniediff.go,
// cageblock.go); L2 and M2 are Line Cage Fillings and Two-Line Cage Fillings
// (kenkenlines.go); N2 is Cage Contradiction (cagecontradiction.go); O2
// is Nested Cage Contradiction (nestedtrial.go); R2 is Nested Forcing Net
// (nestedforcing.go); T2 and U2 are Compartment Trial and Law of
// Leftovers (str8tstrial.go, leftovers.go); S2 is Str8ts Pattern Trial
// (str8tspatterntrial.go); P2 is Long Nested Cage Contradiction
// (longnested.go); Q2 is Strong Nested Cage Contradiction
// (strongnested.go). The letters are given in the technique table (techniques.go).

// strategies are the strategies of the technique table in solving order,
// and rows the row of each's first pass.
var strategies, rows = index(table[:])

// index returns the strategies of passes in the order of their first
// pass, and those first passes.
func index(passes []Pass) ([]*Strategy, []*Pass) {
	var list []*Strategy
	var first []*Pass
	for i := range passes {
		if !slices.Contains(list, passes[i].Strategy) {
			list = append(list, passes[i].Strategy)
			first = append(first, &passes[i])
		}
	}
	return list, first
}

// row returns the first row of the strategy in the technique table, or
// nil for a strategy the table does not hold.
func (s *Strategy) row() *Pass {
	if i := slices.Index(strategies, s); i >= 0 {
		return rows[i]
	}
	return nil
}

// Letter returns the strategy's method letter, or "" for a strategy the
// technique table does not hold.
func (s *Strategy) Letter() string {
	if r := s.row(); r != nil {
		return r.Letter
	}
	return ""
}

// Cost returns the strategy's cost class; a strategy the technique table
// does not hold is Dear.
func (s *Strategy) Cost() Cost {
	if r := s.row(); r != nil {
		return r.Cost
	}
	return Dear
}

// OptIn reports whether the strategy is too dear for the default order of
// play (HoDoKu leaves it out of its default steps too): a solve runs it
// only when its options name it.
func (s *Strategy) OptIn() bool {
	r := s.row()
	return r != nil && r.OptIn
}

// All returns every strategy of the technique table in solving order.
func All() []*Strategy { return slices.Clone(strategies) }

// Plan returns the passes of the order of play whose strategies have
// finders and are allowed, less those covered by an earlier pass
// (Pass.CoveredBy): a solve runs a pass only where every earlier one found
// nothing, so a covered pass would find nothing either.
func Plan(allowed func(*Strategy) bool) []Pass {
	var passes []Pass
	for _, p := range table {
		if !p.Strategy.HasFinder() || !allowed(p.Strategy) {
			continue
		}
		if c := p.CoveredBy; c != nil && slices.ContainsFunc(passes, func(q Pass) bool { return q.Strategy == c }) {
			continue
		}
		passes = append(passes, p)
	}
	return passes
}

// Lookup finds a strategy by its letter (case matters: "b" and "B" are
// different strategies) or its name (case does not matter).
func Lookup(key string) (*Strategy, bool) {
	key = strings.TrimSpace(key)
	for i, r := range rows {
		if r.Letter == key {
			return strategies[i], true
		}
	}
	for _, s := range strategies {
		if strings.EqualFold(s.name, key) {
			return s, true
		}
	}
	return nil, false
}

// Select resolves letters and names to strategies in solving order; an
// empty list selects them all. A key that names no strategy is an
// *UnknownStrategyError. Select is the one resolution of strategy names:
// the service and the CLI resolve theirs through it.
func Select(keys []string) ([]*Strategy, error) {
	if len(keys) == 0 {
		return All(), nil
	}
	chosen := make([]bool, len(strategies))
	for i, k := range keys {
		s, ok := Lookup(k)
		if !ok {
			e := &UnknownStrategyError{Index: i, Key: k}
			if other, ok := Lookup(swapCase(k)); ok && swapCase(k) != k {
				e.Other = other
			} else {
				e.Owner = techniqueOwner(k)
			}
			return nil, e
		}
		chosen[slices.Index(strategies, s)] = true
	}
	var out []*Strategy
	for i, s := range strategies {
		if chosen[i] {
			out = append(out, s)
		}
	}
	return out, nil
}

// UnknownStrategyError is a key of a list given to Select that names no
// strategy.
type UnknownStrategyError struct {
	Index int       // the key's place in the list
	Key   string    // the key as given
	Other *Strategy // the strategy of the key with its case swapped, if any: letters are case-sensitive
	Owner *Strategy // the strategy of the technique the key names, if any ("X-Wing": Basic Fish)
}

// techniqueOwner returns the strategy one of whose techniques is named
// key (case does not matter), or nil.
func techniqueOwner(key string) *Strategy {
	key = strings.TrimSpace(key)
	for _, s := range strategies {
		for _, t := range s.AllTechniques() {
			if strings.EqualFold(t.Name(), key) {
				return s
			}
		}
	}
	return nil
}

func (e *UnknownStrategyError) Error() string {
	if e.Other != nil {
		return fmt.Sprintf("unknown strategy %q: method letters are case-sensitive, and %q is %s", e.Key, swapCase(e.Key), e.Other.name)
	}
	if e.Owner != nil {
		return fmt.Sprintf("unknown strategy %q: it is a technique of the strategy %s (letter %q); list the strategy", e.Key, e.Owner.name, e.Owner.Letter())
	}
	return fmt.Sprintf("unknown strategy %q: neither a method letter (they are case-sensitive) nor a strategy name", e.Key)
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
