package strategy

import (
	"fmt"
	"slices"
	"strings"
)

// The catalogue is the one list of the strategies: every pass of the order
// of play, cheapest first, each with its strategy's method letter. A
// strategy of several sizes has a pass per size at its own place (naked
// pairs long before naked quads); its first pass places the strategy
// itself in the solving order (All, Select). The number at the start of
// each comment is HoDoKu's order (../shared/docs/strategies.md), kept to
// place new passes. Adding a strategy is adding its row (a row per size).
//
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
// Subsets; F2 is the next free letter.
var catalogue = [...]Pass{
	{"A", NakedSingle, 0},            // 200
	{"H", FullHouse, 0},              // 210 (HoDoKu 100: after A, so that the seed's examples keep A)
	{"B", HiddenSingle, 0},           // 300
	{"x", CompartmentRange, 0},       // 310 Str8ts: range and stranded digits
	{"y", SureDigits, 0},             // 320 Str8ts: sure (required) digits
	{"z", MindTheGap, 0},             // 330 Str8ts: split compartments, mind the gap
	{"A2", HighLowStranding, 0},      // 340 Str8ts: high/low stranding across a line
	{"X", CageCombinations, 0},       // 900
	{"Y", CagePermutations, 0},       // 950
	{"I", LockedSubsets, 2},          // 1000 Locked Pair
	{"a", InniesOutiesStrategy, 1},   // 1050 single-cell innies and outies
	{"c", LineRules, 0},              // 1060
	{"I", LockedSubsets, 3},          // 1100 Locked Triple
	{"D", LockedRegions, 0},          // 1200 pointing
	{"G", LockedCandidates, 0},       // 1210 claiming
	{"Z", CageOverlap, 0},            // 1250
	{"F", NakedSubsets, 2},           // 1300 Naked Pair
	{"F", NakedSubsets, 3},           // 1400 Naked Triple
	{"E", HiddenSubsets, 2},          // 1500 Hidden Pair
	{"E", HiddenSubsets, 3},          // 1600 Hidden Triple
	{"B2", CompartmentSubsets, 2},    // 1610 Str8ts: hidden pair of a compartment
	{"B2", CompartmentSubsets, 3},    // 1620 Str8ts: hidden triple of a compartment
	{"F", NakedSubsets, 4},           // 2000 Naked Quadruple
	{"a", InniesOutiesStrategy, 4},   // 2050 multi-cell innies and outies
	{"E", HiddenSubsets, 4},          // 2100 Hidden Quadruple
	{"b", CageSplitting, 0},          // 2150
	{"w", KillerSubsets, 0},          // 2160 naked and hidden killer pairs and triples
	{"J", BasicFish, 2},              // 2200 X-Wing
	{"J", BasicFish, 3},              // 2300 Swordfish
	{"C2", Str8tsFish, 2},            // 2310 Str8ts X-Wing on sure digits
	{"C2", Str8tsFish, 3},            // 2320 Str8ts Swordfish on sure digits
	{"D2", Settis, 0},                // 2330 Str8ts: counting a digit over rows and columns
	{"J", BasicFish, 4},              // 2400 Jellyfish
	{"S", RemotePair, 0},             // 2800
	{"W", BUGPlusOne, 0},             // 2900
	{"L", Skyscraper, 0},             // 3000
	{"M", TwoStringKite, 0},          // 3100
	{"p", DualTwoStringKite, 0},      // 3110
	{"N", TurbotFish, 0},             // 3120
	{"O", EmptyRectangle, 0},         // 3170
	{"q", DualEmptyRectangle, 0},     // 3180
	{"R", WWing, 0},                  // 3200
	{"P", XYWing, 0},                 // 3300
	{"Q", XYZWing, 0},                // 3400
	{"o", WXYZWing, 0},               // 3450
	{"E2", Str8tsUniqueRectangle, 0}, // 3490 Str8ts: unique rectangle on compartments
	{"U", UniqueRectangles, 1},       // 3500 Uniqueness Test 1
	{"U", UniqueRectangles, 2},       // 3600 Uniqueness Test 2
	{"U", UniqueRectangles, 3},       // 3700 Uniqueness Test 3
	{"U", UniqueRectangles, 4},       // 3800 Uniqueness Test 4
	{"U", UniqueRectangles, 5},       // 3900 Uniqueness Test 5
	{"U", UniqueRectangles, 6},       // 4000 Uniqueness Test 6
	{"U", UniqueRectangles, 7},       // 4010 Hidden Rectangle
	{"V", AvoidableRectangles, 1},    // 4020 Avoidable Rectangle Type 1
	{"V", AvoidableRectangles, 2},    // 4030 Avoidable Rectangle Type 2
	{"K", FinnedFish, 2},             // 4100 Finned/Sashimi X-Wing
	{"K", FinnedFish, 3},             // 4300 Finned/Sashimi Swordfish
	{"K", FinnedFish, 4},             // 4500 Finned/Sashimi Jellyfish
	{"l", SueDeCoq, 0},               // 5300
	{"T", SimpleColours, 0},          // 5330
	{"m", MultiColours, 0},           // 5360
	{"n", Medusa, 0},                 // 5370
	{"d", XChain, 0},                 // 5400
	{"e", XYChain, 0},                // 5500
	{"f", NiceLoop, 0},               // 5600
	{"g", GroupedNiceLoop, 0},        // 5650
	{"h", ALSXZ, 0},                  // 5700
	{"i", ALSXYWing, 0},              // 5800
	{"j", ALSChain, 0},               // 5900
	{"k", DeathBlossom, 0},           // 6000
	{"t", FrankenFish, 2},            // 6100 (Finned) Franken X-Wing; opt-in
	{"t", FrankenFish, 3},            // 6200 (Finned) Franken Swordfish; opt-in
	{"t", FrankenFish, 4},            // 6300 (Finned) Franken Jellyfish; opt-in
	{"u", MutantFish, 2},             // 7300 (Finned) Mutant X-Wing; opt-in
	{"u", MutantFish, 3},             // 7400 (Finned) Mutant Swordfish; opt-in
	{"u", MutantFish, 4},             // 7500 (Finned) Mutant Jellyfish; opt-in
	{"r", ForcingChain, 0},           // 8500
	{"s", ForcingNet, 0},             // 8600
	{"v", Templates, 0},              // 8700 Template Set, 8800 Template Delete; opt-in
	{"C", Guessing, 0},               // 8900 Brute Force: the solver guesses when no pass has a step
}

// Pass is one run of a strategy's finder in the order of play.
type Pass struct {
	Letter   string // the strategy's method letter
	Strategy *Strategy
	Size     int // Sink.Size for the run: 0 for every size the finder knows
}

// strategies are the strategies of the catalogue in solving order, and
// letters their method letters.
var strategies, letters = index(catalogue[:])

// index returns the strategies of passes in the order of their first
// pass, and their letters.
func index(passes []Pass) ([]*Strategy, []string) {
	var list []*Strategy
	var names []string
	for _, p := range passes {
		if !slices.Contains(list, p.Strategy) {
			list = append(list, p.Strategy)
			names = append(names, p.Letter)
		}
	}
	return list, names
}

// Letter returns the strategy's method letter, or "" for a strategy the
// catalogue does not hold.
func (s *Strategy) Letter() string {
	if i := slices.Index(strategies, s); i >= 0 {
		return letters[i]
	}
	return ""
}

// All returns every strategy of the catalogue in solving order.
func All() []*Strategy { return slices.Clone(strategies) }

// Plan returns the passes of the order of play whose strategies have
// finders and are allowed, less those covered by an earlier pass (see
// coveredBy): a solve runs a pass only where every earlier one found
// nothing, so a covered pass would find nothing either.
func Plan(allowed func(*Strategy) bool) []Pass {
	var passes []Pass
	for _, p := range catalogue {
		if !p.Strategy.HasFinder() || !allowed(p.Strategy) {
			continue
		}
		if c := coveredBy[p.Strategy]; c != nil && slices.ContainsFunc(passes, func(q Pass) bool { return q.Strategy == c }) {
			continue
		}
		passes = append(passes, p)
	}
	return passes
}

// coveredBy maps a strategy to one earlier in the order of play that finds
// a step on every board where it finds one. Grouped Nice Loop/AIC searches
// chains through almost locked sets: an ALS-XZ is the chain (z)A = (x)A -
// (x)B = (z)B, its double link the continuous loop through both sets, an
// ALS-XY-Wing or ALS chain a longer chain of the same links. Their finders
// stay for callers who select them without it (and for FindSteps).
var coveredBy = map[*Strategy]*Strategy{
	ALSXZ:     GroupedNiceLoop,
	ALSXYWing: GroupedNiceLoop,
	ALSChain:  GroupedNiceLoop,
}

// Lookup finds a strategy by its letter (case matters: "b" and "B" are
// different strategies) or its name (case does not matter).
func Lookup(key string) (*Strategy, bool) {
	key = strings.TrimSpace(key)
	if i := slices.Index(letters, key); i >= 0 {
		return strategies[i], true
	}
	for _, s := range strategies {
		if strings.EqualFold(s.Name, key) {
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
}

func (e *UnknownStrategyError) Error() string {
	if e.Other != nil {
		return fmt.Sprintf("unknown strategy %q: method letters are case-sensitive, and %q is %s", e.Key, swapCase(e.Key), e.Other.Name)
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
