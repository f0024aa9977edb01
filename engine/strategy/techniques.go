package strategy

import "fmt"

//go:generate go test -run ^TestStrategiesDoc$ -update .

// The technique table is the one list of the passes of the order of play,
// cheapest first: each row a run of one strategy's finder, for one form
// of its pattern (naked pairs long before naked quads), with the facts of
// that pass. The facts of a kind of step (its HoDoKu code, level and
// score, its SE rating) are its Technique's, declared with the strategy
// that reports it, and its one-line description is in descriptions, by
// name (a new technique adds one there); everything else the solver, the service and the docs
// know about a strategy is read from here: its method letter, its place
// in the order (All, Select, Plan), its cost class (Strategy.Cost),
// whether it is opt-in (Strategy.OptIn), and the strategy that covers it.
//
// Adding a technique is one file (its strategy, finder and techniques)
// plus its row, at its place in Order: HoDoKu's number where HoDoKu has
// the technique (../shared/docs/strategies.md), else a free number
// between its neighbours; a new strategy takes the next free letter (see
// the scheme in catalogue.go). docs/strategies.md's table is generated
// from these rows (go generate; TestStrategiesDoc fails when it is out of
// date).
var table = [...]Pass{
	{Order: 200, Letter: "A", Strategy: NakedSingle(), Name: "Naked Single", Cost: Cheap},
	// HoDoKu plays Full House first (100); here it follows A, so that the
	// seed's examples keep A.
	{Order: 210, Letter: "H", Strategy: FullHouse(), Name: "Full House", Cost: Cheap},
	{Order: 300, Letter: "B", Strategy: HiddenSingle(), Name: "Hidden Single", Cost: Cheap},
	{Order: 310, Letter: "x", Strategy: CompartmentRange(), Name: "Compartment Range", Cost: Cheap},
	{Order: 320, Letter: "y", Strategy: SureDigits(), Name: "Sure Digits", Cost: Cheap},
	{Order: 330, Letter: "z", Strategy: MindTheGap(), Name: "Mind the Gap", Cost: Cheap},
	{Order: 340, Letter: "A2", Strategy: HighLowStranding(), Name: "High/Low Stranding", Cost: Dear},
	{Order: 350, Letter: "I2", Strategy: LineFillings(), Name: "Str8ts Line Fillings", Cost: Dear},
	{Order: 900, Letter: "X", Strategy: CageCombinations(), Name: "Cage Combinations", Cost: Cheap},
	{Order: 950, Letter: "Y", Strategy: CagePermutations(), Name: "Cage Permutations", Cost: Cheap},
	{Order: 1000, Letter: "I", Strategy: LockedSubsets(), Form: OfSize(2), Name: "Locked Pair", Cost: Cheap},
	{Order: 1050, Letter: "a", Strategy: InniesOutiesStrategy(), Form: UpToCells(1), Name: "Innies and Outies", Cost: Cheap},
	{Order: 1060, Letter: "c", Strategy: LineRules(), Name: "Line Rules", Cost: Cheap},
	{Order: 1100, Letter: "I", Strategy: LockedSubsets(), Form: OfSize(3), Name: "Locked Triple", Cost: Cheap},
	{Order: 1200, Letter: "D", Strategy: LockedRegions(), Name: "Locked Candidates Type 1 (Pointing)", Cost: Cheap},
	{Order: 1210, Letter: "G", Strategy: LockedCandidates(), Name: "Locked Candidates Type 2 (Claiming)", Cost: Cheap},
	{Order: 1250, Letter: "Z", Strategy: CageOverlap(), Name: "Cage/Unit Overlap", Cost: Cheap},
	{Order: 1300, Letter: "F", Strategy: NakedSubsets(), Form: OfSize(2), Name: "Naked Pair", Cost: Cheap},
	{Order: 1400, Letter: "F", Strategy: NakedSubsets(), Form: OfSize(3), Name: "Naked Triple", Cost: Cheap},
	{Order: 1500, Letter: "E", Strategy: HiddenSubsets(), Form: OfSize(2), Name: "Hidden Pair", Cost: Cheap},
	{Order: 1600, Letter: "E", Strategy: HiddenSubsets(), Form: OfSize(3), Name: "Hidden Triple", Cost: Cheap},
	{Order: 1610, Letter: "B2", Strategy: CompartmentSubsets(), Form: OfSize(2), Name: "Compartment Hidden Pair", Cost: Dear},
	{Order: 1620, Letter: "B2", Strategy: CompartmentSubsets(), Form: OfSize(3), Name: "Compartment Hidden Triple", Cost: Dear},
	{Order: 2000, Letter: "F", Strategy: NakedSubsets(), Form: OfSize(4), Name: "Naked Quadruple", Cost: Cheap},
	{Order: 2050, Letter: "a", Strategy: InniesOutiesStrategy(), Form: UpToCells(4), Name: "Multi-cell Innies and Outies", Cost: Cheap},
	{Order: 2100, Letter: "E", Strategy: HiddenSubsets(), Form: OfSize(4), Name: "Hidden Quadruple", Cost: Cheap},
	{Order: 2110, Letter: "U2", Strategy: LawOfLeftovers(), Name: "Law of Leftovers", Cost: Dear},
	{Order: 2150, Letter: "b", Strategy: CageSplitting(), Name: "Cage Splitting", Cost: Cheap},
	{Order: 2160, Letter: "w", Strategy: KillerSubsets(), Name: "Killer Subsets", Cost: Dear},
	{Order: 2170, Letter: "F2", Strategy: VirtualCages(), Name: "Virtual Cage", Cost: Dear},
	{Order: 2180, Letter: "G2", Strategy: CombinationCrossover(), Name: "Combination Crossover", Cost: Dear},
	{Order: 2190, Letter: "H2", Strategy: CageIntersection(), Name: "Cage Intersection", Cost: Dear},
	{Order: 2192, Letter: "J2", Strategy: InnieOutieDifference(), Name: "Innie-Outie Difference", Cost: Dear},
	{Order: 2194, Letter: "K2", Strategy: CageBlock(), Name: "Cage Block", Cost: Dear},
	{Order: 2196, Letter: "L2", Strategy: LineCageFillings(), Name: "Line Cage Fillings", Cost: Dear},
	{Order: 2198, Letter: "M2", Strategy: TwoLineCageFillings(), Name: "Two-Line Cage Fillings", Cost: Dear},
	{Order: 2200, Letter: "J", Strategy: BasicFish(), Form: OfSize(2), Name: "X-Wing", Cost: Dear},
	{Order: 2300, Letter: "J", Strategy: BasicFish(), Form: OfSize(3), Name: "Swordfish", Cost: Dear},
	{Order: 2310, Letter: "C2", Strategy: Str8tsFish(), Form: OfSize(2), Name: "Str8ts X-Wing", Cost: Dear},
	{Order: 2320, Letter: "C2", Strategy: Str8tsFish(), Form: OfSize(3), Name: "Str8ts Swordfish", Cost: Dear},
	{Order: 2330, Letter: "D2", Strategy: Settis(), Name: "Settis", Cost: Dear},
	{Order: 2400, Letter: "J", Strategy: BasicFish(), Form: OfSize(4), Name: "Jellyfish", Cost: Dear},
	{Order: 2410, Letter: "C2", Strategy: Str8tsFish(), Form: OfSize(4), Name: "Str8ts Jellyfish", Cost: Dear},
	{Order: 2800, Letter: "S", Strategy: RemotePair(), Name: "Remote Pair", Cost: Dear},
	{Order: 2900, Letter: "W", Strategy: BUGPlusOne(), Name: "Bivalue Universal Grave + 1", Cost: Dear},
	{Order: 3000, Letter: "L", Strategy: Skyscraper(), Name: "Skyscraper", Cost: Dear},
	{Order: 3100, Letter: "M", Strategy: TwoStringKite(), Name: "2-String Kite", Cost: Dear},
	{Order: 3110, Letter: "p", Strategy: DualTwoStringKite(), Name: "Dual 2-String Kite", Cost: Dear},
	{Order: 3120, Letter: "N", Strategy: TurbotFish(), Name: "Turbot Fish", Cost: Dear},
	{Order: 3170, Letter: "O", Strategy: EmptyRectangle(), Name: "Empty Rectangle", Cost: Dear},
	{Order: 3180, Letter: "q", Strategy: DualEmptyRectangle(), Name: "Dual Empty Rectangle", Cost: Dear},
	{Order: 3200, Letter: "R", Strategy: WWing(), Name: "W-Wing", Cost: Dear},
	{Order: 3300, Letter: "P", Strategy: XYWing(), Name: "XY-Wing", Cost: Dear},
	{Order: 3400, Letter: "Q", Strategy: XYZWing(), Name: "XYZ-Wing", Cost: Dear},
	{Order: 3450, Letter: "o", Strategy: WXYZWing(), Name: "WXYZ-Wing", Cost: Dear},
	{Order: 3490, Letter: "E2", Strategy: Str8tsUniqueRectangle(), Name: "Str8ts Unique Rectangle", Cost: Dear},
	{Order: 3500, Letter: "U", Strategy: UniqueRectangles(), Form: OfType(1), Name: "Uniqueness Test 1", Cost: Dear},
	{Order: 3600, Letter: "U", Strategy: UniqueRectangles(), Form: OfType(2), Name: "Uniqueness Test 2", Cost: Dear},
	{Order: 3700, Letter: "U", Strategy: UniqueRectangles(), Form: OfType(3), Name: "Uniqueness Test 3", Cost: Dear},
	{Order: 3800, Letter: "U", Strategy: UniqueRectangles(), Form: OfType(4), Name: "Uniqueness Test 4", Cost: Dear},
	{Order: 3900, Letter: "U", Strategy: UniqueRectangles(), Form: OfType(5), Name: "Uniqueness Test 5", Cost: Dear},
	{Order: 4000, Letter: "U", Strategy: UniqueRectangles(), Form: OfType(6), Name: "Uniqueness Test 6", Cost: Dear},
	{Order: 4010, Letter: "U", Strategy: UniqueRectangles(), Form: OfType(7), Name: "Hidden Rectangle", Cost: Dear},
	{Order: 4020, Letter: "V", Strategy: AvoidableRectangles(), Form: OfType(1), Name: "Avoidable Rectangle Type 1", Cost: Dear},
	{Order: 4030, Letter: "V", Strategy: AvoidableRectangles(), Form: OfType(2), Name: "Avoidable Rectangle Type 2", Cost: Dear},
	{Order: 4100, Letter: "K", Strategy: FinnedFish(), Form: OfSize(2), Name: "Finned/Sashimi X-Wing", Cost: Dear},
	{Order: 4300, Letter: "K", Strategy: FinnedFish(), Form: OfSize(3), Name: "Finned/Sashimi Swordfish", Cost: Dear},
	{Order: 4500, Letter: "K", Strategy: FinnedFish(), Form: OfSize(4), Name: "Finned/Sashimi Jellyfish", Cost: Dear},
	{Order: 5300, Letter: "l", Strategy: SueDeCoq(), Name: "Sue de Coq", Cost: Dear},
	{Order: 5330, Letter: "T", Strategy: SimpleColours(), Name: "Simple Colours", Cost: Dear},
	{Order: 5360, Letter: "m", Strategy: MultiColours(), Name: "Multi Colours", Cost: Dear},
	{Order: 5370, Letter: "n", Strategy: Medusa(), Name: "3D Medusa", Cost: Dear},
	{Order: 5400, Letter: "d", Strategy: XChain(), Name: "X-Chain", Cost: Dear},
	{Order: 5500, Letter: "e", Strategy: XYChain(), Name: "XY-Chain", Cost: Dear},
	{Order: 5600, Letter: "f", Strategy: NiceLoop(), Name: "Nice Loop/AIC", Cost: Dear},
	{Order: 5650, Letter: "g", Strategy: GroupedNiceLoop(), Name: "Grouped Nice Loop/AIC", Cost: Dear},
	// Grouped Nice Loop/AIC searches chains through almost locked sets:
	// an ALS-XZ is the chain (z)A = (x)A - (x)B = (z)B, its double link
	// the continuous loop through both sets, an ALS-XY-Wing or ALS chain a
	// longer chain of the same links. Their finders stay for callers who
	// select them without it (and for FindSteps).
	{Order: 5700, Letter: "h", Strategy: ALSXZ(), Name: "ALS-XZ", Cost: Dear, CoveredBy: GroupedNiceLoop()},
	{Order: 5800, Letter: "i", Strategy: ALSXYWing(), Name: "ALS-XY-Wing", Cost: Dear, CoveredBy: GroupedNiceLoop()},
	{Order: 5900, Letter: "j", Strategy: ALSChain(), Name: "ALS Chain", Cost: Dear, CoveredBy: GroupedNiceLoop()},
	{Order: 6000, Letter: "k", Strategy: DeathBlossom(), Name: "Death Blossom", Cost: Dear},
	// HoDoKu has Franken X-Wings and Swordfish among its default steps,
	// but here a search for them where the solve gets stuck (before the
	// forcing chains) made logic-only solving of top1465 over three times
	// slower; HoDoKu leaves Mutant fish and templates out of its defaults.
	{Order: 6100, Letter: "t", Strategy: FrankenFish(), Form: OfSize(2), Name: "(Finned) Franken X-Wing", Cost: Dear, OptIn: true},
	{Order: 6200, Letter: "t", Strategy: FrankenFish(), Form: OfSize(3), Name: "(Finned) Franken Swordfish", Cost: Dear, OptIn: true},
	{Order: 6300, Letter: "t", Strategy: FrankenFish(), Form: OfSize(4), Name: "(Finned) Franken Jellyfish", Cost: Dear, OptIn: true},
	{Order: 7300, Letter: "u", Strategy: MutantFish(), Form: OfSize(2), Name: "(Finned) Mutant X-Wing", Cost: Dear, OptIn: true},
	{Order: 7400, Letter: "u", Strategy: MutantFish(), Form: OfSize(3), Name: "(Finned) Mutant Swordfish", Cost: Dear, OptIn: true},
	{Order: 7500, Letter: "u", Strategy: MutantFish(), Form: OfSize(4), Name: "(Finned) Mutant Jellyfish", Cost: Dear, OptIn: true},
	// The Str8ts trial comes before the nets: it branches on a
	// compartment's straights, which finishes boards the single-premise
	// nets leave stuck, and on the stuck Str8ts sets a solve took about a
	// third of the CPU it took with the trial after the nets.
	{Order: 8450, Letter: "T2", Strategy: CompartmentTrial(), Name: "Compartment Trial", Cost: Dear},
	{Order: 8500, Letter: "r", Strategy: ForcingChain(), Name: "Forcing Chain", Cost: Dear},
	{Order: 8600, Letter: "s", Strategy: ForcingNet(), Name: "Forcing Net", Cost: Dear},
	// The Str8ts trial through the patterns, after the nets: its search
	// is the dearest on a Str8ts board, and it runs only where the nets
	// and Compartment Trial found nothing.
	{Order: 8610, Letter: "S2", Strategy: PatternTrial(), Name: "Str8ts Pattern Trial", Cost: Dear},
	// The killer walkthroughs' contradiction move, after the nets (whose
	// steps through cages the killer goldens and stream tests keep; before
	// them a killer solve takes about half the CPU): a trial through the
	// fillings of every cage and rule-of-45 sum.
	{Order: 8650, Letter: "N2", Strategy: CageContradiction(), Name: "Cage Contradiction", Cost: Dear},
	{Order: 8660, Letter: "O2", Strategy: NestedContradiction(), Name: "Nested Cage Contradiction", Cost: Dear},
	// Nets with lemmas, where the single-premise nets and the trials
	// through cages find nothing: the dearest search of all.
	{Order: 8670, Letter: "R2", Strategy: NestedForcingNet(), Name: "Nested Forcing Net", Cost: Dear},
	// Nested Forcing Net with pointing, claiming and pairs inside its trials, on
	// boards of side 16 or more without cages, where R2 finds nothing.
	{Order: 8675, Letter: "X2", Strategy: LockedNestedTrial(), Name: "Locked Nested Trial", Cost: Dear},
	// Nested Cage Contradiction's search over the whole board, where
	// every other pass finds nothing: its search that finds nothing is
	// the dearest of a killer solve.
	{Order: 8680, Letter: "P2", Strategy: LongNestedContradiction(), Name: "Long Nested Cage Contradiction", Cost: Deep},
	// Nested Cage Contradiction with subsets and unit combinations in its
	// trials at both levels, where the longer plain search finds nothing:
	// before it, it took every step Long Nested Cage Contradiction takes
	// on tarek's killer 18 (its golden and tests), and a search that
	// finds nothing costs seconds either way.
	{Order: 8690, Letter: "Q2", Strategy: StrongNestedContradiction(), Name: "Strong Nested Cage Contradiction", Cost: Deep},
	// Cage Contradiction's search with Strong Nested Cage Contradiction's
	// trial (subsets and unit combinations), one assumption deep, with a
	// small budget: the last logic a mixed solve tries before it guesses
	// (it finishes tarek's killer 18 there). After the Deep passes, so
	// that a logic-only solve takes their steps first, as before it.
	{Order: 8695, Letter: "V2", Strategy: StrongCageContradiction(), Name: "Strong Cage Contradiction", Cost: Dear},
	// A forcing verity over the fillings of a cage or virtual cage, each
	// followed by Strong Cage Contradiction's trial: where that trial
	// refutes no candidate, after it. Opt-in: a search that finds nothing
	// costs seconds, and it finishes one stuck killer of the measured sets
	// (docs/variant-techniques.md, session 13).
	{Order: 8697, Letter: "W2", Strategy: CageFillingVerity(), Name: "Cage Filling Verity", Cost: Dear, OptIn: true},
	// HoDoKu's Template Set (8700) and Template Delete (8800) in one pass.
	{Order: 8700, Letter: "v", Strategy: Templates(), Name: "Templates", Cost: Dear, OptIn: true},
	// HoDoKu's Brute Force: the solver guesses when no pass has a step.
	{Order: 8900, Letter: "C", Strategy: Guessing(), Name: "Guessing", Cost: Cheap},
}

// Pass is one row of the technique table: a run of a strategy's finder in
// the order of play, and the facts of it.
type Pass struct {
	// Order is the pass's place in the order of play: HoDoKu's number for
	// the technique where HoDoKu has it, else one between its neighbours'.
	Order    int
	Letter   string // the strategy's method letter
	Strategy *Strategy
	// Form is the form of the strategy's pattern the pass asks its finder
	// for (Sink.Form); the zero Form asks for every form it knows.
	Form Form
	Name string // the pass's name, its technique's or its techniques'
	// Cost is the strategy's cost class; every row of a strategy has the
	// same.
	Cost Cost
	// OptIn marks a strategy too dear for the default order of play; every
	// row of a strategy has the same (Strategy.OptIn).
	OptIn bool
	// CoveredBy is a strategy earlier in the order of play that finds a
	// step on every board where this one finds one; a plan holding it
	// leaves this pass out (Plan).
	CoveredBy *Strategy
}

// Cost is the cost class of a strategy: how dear its finder is to run
// when it finds nothing, which is most of the time on a large board.
type Cost uint8

// The cost classes.
const (
	// Cheap strategies sweep the units and their intersections: singles,
	// intersections (pointing, claiming, locked subsets), naked and hidden
	// subsets, the cage and line rules, and the Str8ts compartment checks
	// (range, sure digits, mind the gap). A pass of all of them costs
	// about 0.1 ms on a 25×25 board.
	Cheap Cost = iota
	// Dear strategies search patterns across the board: fish, single-digit
	// patterns, wings, uniqueness, colouring, chains, almost locked sets,
	// forcing chains and nets. A pass of all of them on a stuck board
	// costs about 1 ms on a 9×9 board, 10 ms on a 16×16 and 30 ms on a
	// 25×25, every time logic is stuck before a guess.
	Dear
	// Deep strategies search so far that one that finds nothing costs
	// seconds (Long Nested Cage Contradiction: 5-25 s on a stuck
	// Mathemagic killer). They run in logic-only solves, where there is
	// nothing to hand over to, and where a solve names them
	// (Options.Strategies); a mixed solve guesses instead, unless its
	// options ask for them where it would guess first (solver.Options
	// OneDeepSearch or DeepLooks, as the service's default solve does).
	Deep
)

// String returns the cost class's name: "cheap", "dear" or "deep".
func (c Cost) String() string {
	switch c {
	case Cheap:
		return "cheap"
	case Dear:
		return "dear"
	}
	return "deep"
}

// FormKind tells what the number of a Form counts.
type FormKind uint8

// The kinds of form.
const (
	// AnyForm asks a finder for every form it knows.
	AnyForm FormKind = iota
	// SizeForm is the size of a subset or fish: its cells, digits or base
	// sets.
	SizeForm
	// TypeForm is the type of a unique or avoidable rectangle (7 a hidden
	// rectangle).
	TypeForm
	// CellsForm is the most cells an innie or outie group may have.
	CellsForm
)

// Form narrows a pass of a strategy whose finder knows patterns of several
// forms to one of them: a size of subset or fish, a type of rectangle, a
// number of cells. The zero Form asks for every form.
type Form struct {
	kind FormKind
	n    int
}

var allForms Form

// AllForms asks a finder for every form it knows.
func AllForms() Form { return allForms }

// OfSize returns the form of subsets or fish of size n; OfSize(0) is
// AllForms.
func OfSize(n int) Form { return form(SizeForm, n) }

// OfType returns the form of rectangles of type n; OfType(0) is AllForms.
func OfType(n int) Form { return form(TypeForm, n) }

// UpToCells returns the form of patterns of at most n cells; UpToCells(0)
// is AllForms.
func UpToCells(n int) Form { return form(CellsForm, n) }

// form returns the form of kind k and number n, AllForms for n ≤ 0.
func form(k FormKind, n int) Form {
	if n <= 0 {
		return AllForms()
	}
	return Form{k, n}
}

// Kind returns what the form's number counts.
func (f Form) Kind() FormKind { return f.kind }

// Size returns the subset or fish size the form asks for, 0 for any.
func (f Form) Size() int { return f.number(SizeForm) }

// Type returns the rectangle type the form asks for, 0 for any.
func (f Form) Type() int { return f.number(TypeForm) }

// Cells returns the most cells the form allows, 0 for any number.
func (f Form) Cells() int { return f.number(CellsForm) }

func (f Form) number(k FormKind) int {
	if f.kind != k {
		return 0
	}
	return f.n
}

// String renders the form, e.g. "size 3", "type 2", "up to 4 cells", or
// "any" for AllForms.
func (f Form) String() string {
	switch f.kind {
	case SizeForm:
		return fmt.Sprintf("size %d", f.n)
	case TypeForm:
		return fmt.Sprintf("type %d", f.n)
	case CellsForm:
		return fmt.Sprintf("up to %d cells", f.n)
	}
	return "any"
}

// descriptions say in one line what each technique does, in plain words,
// by technique name (Technique.Description); the fish families, whose
// names a size and a kind make, are added by fishDescriptions.
// TestDescriptions checks that every technique has one, one line each,
// none repeated, and that every entry names a technique.
var descriptions = func() map[string]string {
	m := map[string]string{
		"Naked Single":                        "An open cell with one candidate left takes that digit.",
		"Full House":                          "The last open cell of a unit takes the one digit the unit still lacks.",
		"Hidden Single":                       "A digit with one place left in a unit goes there, whatever else the cell could hold.",
		"Compartment Range":                   "A Str8ts compartment of k cells holds k consecutive digits, so a candidate no straight within reach of its cells can use goes.",
		"Sure Digits":                         "A digit every straight still open to a Str8ts compartment contains is sure to be in it: it leaves the cells that see all its places there.",
		"Mind the Gap":                        "A candidate goes when no way of filling its Str8ts compartment with a straight, one distinct candidate per cell, puts it in its cell.",
		"High/Low Stranding":                  "Compartments of a Str8ts line share no digit: a straight leaving another compartment of the line no straight is out, with the candidates only it used.",
		"Str8ts Line Fillings":                "The straights of all compartments of a Str8ts row or column are chosen together; a candidate no such choice places goes.",
		"Cage Combinations":                   "A digit that no combination reaching a cage's target from its cells' candidates uses leaves every cell of the cage.",
		"Cage Permutations":                   "A digit that no filling of a cage puts in a given cell of it leaves that cell.",
		"Locked Pair":                         "Two cells of a box and line with the same two candidates lock them, clearing both units of those digits.",
		"Locked Triple":                       "Three cells of a box and line holding three digits between them lock them, clearing both units of those digits.",
		"Innies and Outies":                   "A group of units sums to 45 each (on 9×9), so the whole cages in or across it fix the digit of a single cell poking into or out of it.",
		"Multi-cell Innies and Outies":        "The rule of 45 over units and cages gives the sum of a group of up to four cells sticking in or out, limiting their candidates.",
		"Line Rules":                          "A KenKen line holds every digit once: its cells outside its whole + cages take the rest of its sum, those outside its whole × cages the rest of its product.",
		"Locked Candidates Type 1 (Pointing)": "When a digit's candidates in a box all lie on one line, the digit leaves the rest of that line.",
		"Locked Candidates Type 2 (Claiming)": "When a digit's candidates in a line all lie in one box, the digit leaves the rest of that box.",
		"Cage/Unit Overlap":                   "A digit a cage must hold, whose places in the cage lie in one unit, leaves the rest of that unit; and the reverse.",
		"Naked Pair":                          "Two cells of a unit with the same two candidates hold those digits, so the unit's other cells lose them.",
		"Naked Triple":                        "Three cells of a unit with three candidates between them hold those digits; the unit's other cells lose them.",
		"Naked Quadruple":                     "Four cells of a unit with four candidates between them hold those digits; the unit's other cells lose them.",
		"Hidden Pair":                         "Two digits that fit only the same two cells of a unit fill them, so those cells lose their other candidates.",
		"Hidden Triple":                       "Three digits confined to the same three cells of a unit fill them; those cells lose their other candidates.",
		"Hidden Quadruple":                    "Four digits confined to the same four cells of a unit fill them; those cells lose their other candidates.",
		"Compartment Hidden Pair":             "Two sure digits of a Str8ts compartment that fit only two of its cells fill them, clearing their other candidates.",
		"Compartment Hidden Triple":           "Three sure digits of a Str8ts compartment that fit only three of its cells fill them, clearing their other candidates.",
		"Law of Leftovers":                    "k whole rows (or columns) and k jigsaw regions, less their shared cells, leave two groups of the same digits: a digit one group cannot hold leaves the other.",
		"Cage Splitting":                      "When a cage straddling a group of units is the group's only unknown, the rule of 45 gives the sum of its part inside; both parts then act as smaller cages.",
		"Naked Killer Pair":                   "Two members of a unit (cells or whole cages) whose every filling holds one of two digits keep those digits from the rest of the unit.",
		"Naked Killer Triple":                 "Three members of a unit (cells or whole cages) whose every filling holds one of three digits keep those digits from the rest of the unit.",
		"Hidden Killer Pair":                  "Two digits of a unit found only in two members (cells or whole cages), neither able to hold both, go one in each: a cell keeps only them; a cage needs one.",
		"Hidden Killer Triple":                "Three digits of a unit found only in three members (cells or whole cages), none able to hold two, go one in each: a cell keeps only them; a cage needs one.",
		"Virtual Cage":                        "A group of cells whose sum the rule of 45 gives is treated as a cage of its own, and its combinations trim its candidates.",
		"Combination Crossover":               "Cages lying wholly in a unit take different digits and its other cells the rest; a cage combination no choice of the others completes goes.",
		"Cage Intersection":                   "A rule-of-45 group and a real cage that overlap must both make their sums at once; digits no joint filling uses go.",
		"Innie-Outie Difference":              "The rule of 45 gives a sum of innies less outies; a digit no solution of that equation puts in a cell leaves it.",
		"Cage Block":                          "A rule-of-45 equation, or a unit, is filled together with the cages its cells lie in, each making its sum; a digit no joint filling puts in a cell goes.",
		"Line Cage Fillings":                  "The cages through a KenKen line take fillings that use each digit of the line once; fillings no such choice can use go.",
		"Two-Line Cage Fillings":              "Line Cage Fillings over two lines at once: a cage across both takes one filling for both, so each line limits the other.",
		"Settis":                              "A digit is in as many Str8ts rows as columns: if as many rows must hold it as columns can, each such column does, at its lone place or by a straight of its compartment; the same with rows and columns swapped.",
		"Remote Pair":                         "Cells with the same two candidates, chained each seeing the next, alternate them: a cell seeing two chain cells an odd number of steps apart loses both.",
		"Bivalue Universal Grave + 1":         "When every open cell but one has two candidates and that one three, it takes the digit appearing three times in its units, else the board is a deadly BUG.",
		"Skyscraper":                          "Two parallel lines each with a digit in two places, one end of each on the same cross line: one other end holds it, so cells seeing both lose it.",
		"2-String Kite":                       "A row and a column each with a digit in two places, linked in one box, leave the digit out of the cell seeing both free ends.",
		"Dual 2-String Kite":                  "Two 2-String Kites sharing a box, found together, with the eliminations of both.",
		"Turbot Fish":                         "Two strong links on one digit, an end of one seeing an end of the other: one of the far ends holds the digit, so cells seeing both lose it.",
		"Empty Rectangle":                     "A box's places for a digit lie on one row and one column of it, and a strong link in a column has an end on that row outside the box: the digit leaves where the other end's row crosses the box's column; the same with rows and columns swapped.",
		"Dual Empty Rectangle":                "Two Empty Rectangles in one box on the same digit, found together, with the eliminations of both.",
		"W-Wing":                              "Two cells holding only x and y, and a strong link on x whose ends each see one of them: one cell is y, so cells seeing both lose y.",
		"XY-Wing":                             "A cell with candidates XY and two wings XZ and YZ it sees: one wing holds Z, so cells seeing both wings lose Z.",
		"XYZ-Wing":                            "A cell with XYZ and wings XZ and YZ: one of the three holds Z, so cells seeing all three lose Z.",
		"WXYZ-Wing":                           "Four cells hold four digits between them, all but one confined to cells that see each other: cells seeing every holder of that one lose it.",
		"Str8ts Unique Rectangle":             "Four Str8ts rectangle corners, each side in one compartment, could swap two digits: for a unique solution, when three hold only those two, the fourth loses both.",
		"Uniqueness Test 1":                   "Three corners of a rectangle over two boxes hold only the same two digits; the fourth corner loses both, or the puzzle would have two solutions.",
		"Uniqueness Test 2":                   "Two corners on one side of a unique rectangle have the same single extra candidate: one of them holds it, so cells seeing both lose it.",
		"Uniqueness Test 3":                   "The extra candidates of a rectangle's two corners act as one cell in a naked subset with other cells of their unit.",
		"Uniqueness Test 4":                   "When one rectangle digit is locked into two corners of a unit, the other digit leaves both, or the rectangle would be deadly.",
		"Uniqueness Test 5":                   "Two diagonal corners, or three, of a unique rectangle have the same single extra candidate: one holds it, so cells seeing all of them lose it.",
		"Uniqueness Test 6":                   "With extra candidates in two diagonal corners, a rectangle digit confined to the rectangle in both its rows (or both columns) leaves those two corners.",
		"Hidden Rectangle":                    "When one rectangle digit is strongly linked along the row and column of the corner opposite a bivalue corner, that corner loses the other digit.",
		"Avoidable Rectangle Type 1":          "Three corners of a rectangle over two boxes were solved, not given, with two digits; the fourth loses the digit that would let them swap.",
		"Avoidable Rectangle Type 2":          "Two corners of a rectangle solved, not given; the other two hold the digits completing it and one same extra, so cells seeing both lose the extra.",
		"Sue de Coq":                          "Box-line intersection cells with two or more candidates beyond their count split their digits with a line set and a box set: each side's digits leave its unit.",
		"Simple Colours Trap":                 "Colour a digit's conjugate pairs in two colours; a cell seeing both colours loses the digit.",
		"Simple Colours Wrap":                 "Colour a digit's conjugate pairs in two colours; a colour that meets itself in a unit is false everywhere.",
		"Multi Colours 1":                     "Two colour clusters of one digit linked by a weak link: a cell seeing the opposite colours of both loses the digit.",
		"Multi Colours 2":                     "A colour that sees both colours of another cluster of the same digit is false everywhere.",
		"3D Medusa":                           "Colour candidates of all digits through bivalue cells and conjugate pairs; contradictions show which colour is false.",
		"X-Chain":                             "An alternating chain of strong and weak links on one digit, strong at both ends: one end holds it, so cells seeing both ends lose it.",
		"XY-Chain":                            "A chain of bivalue cells, each seeing the next, each cell's two digits serving its two links: when both ends' free digit is z, cells seeing both ends lose z.",
		"AIC":                                 "An alternating chain of strong and weak inferences over any digits, strong at both ends: one end is true, so a candidate seeing both ends goes.",
		"Continuous Nice Loop":                "A closed alternating loop: every weak link in it becomes strong, which removes candidates along its units and cells.",
		"Discontinuous Nice Loop":             "A loop that breaks at one candidate proves it true or false, by two strong or two weak links meeting there.",
		"Grouped AIC":                         "An alternating inference chain whose nodes may be groups of cells in a box and line, or almost locked sets.",
		"Grouped Continuous Nice Loop":        "A closed alternating loop through grouped nodes or almost locked sets, turning its weak links strong.",
		"Grouped Discontinuous Nice Loop":     "A loop through grouped nodes or almost locked sets that breaks at one candidate, proving it true or false.",
		"ALS-XZ":                              "Two almost locked sets sharing a restricted digit X: a digit Z in both leaves cells that see every Z of both sets.",
		"ALS-XY-Wing":                         "Three almost locked sets linked by two restricted digits, like an XY-Wing: the shared digit of the wings leaves their common peers.",
		"ALS Chain":                           "A chain of almost locked sets linked by restricted digits: a digit of both end sets leaves cells seeing it in both.",
		"Death Blossom":                       "A stem cell whose every candidate locks a petal almost locked set: a digit common to the petals leaves their common peers.",
		"Compartment Trial":                   "Each straight a Str8ts compartment may hold is tried with the cheap rules; a candidate no surviving straight keeps goes.",
		"Str8ts Pattern Trial":                "A Str8ts candidate is assumed and the Str8ts rules applied until a cell, compartment or line runs out; then the candidate goes.",
		"Cage Contradiction":                  "Assume a candidate and follow singles and the fillings of cages and rule-of-45 sums: if a cage, sum, cell or unit is left with nothing, the candidate goes.",
		"Nested Cage Contradiction":           "Cage Contradiction whose trials may use conclusions proved by inner trials of the same kind.",
		"Locked Nested Trial":                 "A Nested Forcing Net whose trials also apply pointing, claiming and pairs, for large boards.",
		"Long Nested Cage Contradiction":      "Nested Cage Contradiction searched over the whole board at length: the dearest killer search.",
		"Strong Nested Cage Contradiction":    "Nested Cage Contradiction whose trials also use subsets and unit combinations at both levels.",
		"Strong Cage Contradiction":           "Cage Contradiction one assumption deep, whose trial applies subsets and unit combinations, with a small budget.",
		"Cage Filling Verity":                 "Each filling of a cage is tried in turn; a conclusion every filling reaches is true.",
		"Guessing":                            "No logic applies: try a candidate, and undo it when it leads to a contradiction.",
		"Forcing Chain Contradiction":         "Assuming a candidate leads, by one line of consequences, to a contradiction, so the candidate is false.",
		"Forcing Chain Verity":                "Every candidate of a cell or every place of a digit in a unit leads by a chain to the same result, which is then true.",
		"Forcing Net Contradiction":           "Assuming a candidate leads, through consequences that branch and join, to a contradiction, so the candidate is false.",
		"Forcing Net Verity":                  "Every choice for a cell or a unit leads, through branching consequences, to the same result, which is then true.",
		"Cage Forcing Net":                    "A forcing net that also follows the rules of cages and of rule-of-45 sums from one consequence to the next.",
		"Nested Forcing Net Contradiction":    "A forcing net to a contradiction whose steps may use facts proved by inner forcing nets (lemmas).",
		"Str8ts Nested Trial":                 "Str8ts Pattern Trial that also runs Compartment Trial inside each of its trials.",
		"Template Set":                        "Each way to place a digit once in every unit is listed; a cell that every such template uses holds the digit.",
		"Template Delete":                     "Each way to place a digit once in every unit is listed; a candidate that no such template uses goes.",
		"Str8ts X-Wing":                       "A digit sure in a Str8ts compartment of each of two rows, with its places in two columns, leaves the rest of those columns; the same with rows and columns swapped.",
		"Str8ts Swordfish":                    "A digit sure in a Str8ts compartment of each of three rows, with its places in three columns, leaves the rest of those columns; the same with rows and columns swapped.",
		"Str8ts Jellyfish":                    "A digit sure in a Str8ts compartment of each of four rows, with its places in four columns, leaves the rest of those columns; the same with rows and columns swapped.",
	}
	fishDescriptions(m)
	return m
}()

// fishDescriptions adds the descriptions of the fish families to m: a
// kind ("Finned", "Siamese Mutant", ...) before a size name ("X-Wing" for
// two lines up to "Leviathan" for seven).
func fishDescriptions(m map[string]string) {
	sizes := []string{"X-Wing", "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan"}
	counts := []string{"two", "three", "four", "five", "six", "seven"}
	kinds := []struct{ prefix, text string }{
		{"", "When a digit's candidates in %s rows lie in as many columns (or the reverse), the digit leaves the rest of those columns."},
		{"Finned ", "A fish of %s lines with extra candidates (fins) in one box: the digit leaves only cover cells that see the fins."},
		{"Sashimi ", "A finned fish of %s lines that without its fins would not be a fish at all: the digit leaves cover cells seeing the fins."},
		{"Siamese Finned ", "Two finned fish of %s lines on the same base lines, found as one step with the eliminations of both."},
		{"Siamese Sashimi ", "Two sashimi fish of %s lines on the same base lines, found as one step with the eliminations of both."},
		{"Franken ", "A fish of %s base and cover units where boxes stand in for some rows or columns."},
		{"Siamese Franken ", "Two Franken fish of %s units on the same base units, found as one step."},
		{"Finned Franken ", "A Franken fish of %s units with fins: the digit leaves only cover cells that see the fins."},
		{"Siamese Finned Franken ", "Two finned Franken fish of %s units on the same base units, found as one step."},
		{"Mutant ", "A fish of %s base and cover units mixing rows, columns and boxes freely."},
		{"Finned Mutant ", "A Mutant fish of %s units with fins: the digit leaves only cover cells that see the fins."},
		{"Siamese Finned Mutant ", "Two finned Mutant fish of %s units on the same base units, found as one step."},
		{"Siamese Mutant ", "Two Mutant fish of %s units on the same base units, found as one step."},
	}
	for i, size := range sizes {
		for _, k := range kinds {
			m[k.prefix+size] = fmt.Sprintf(k.text, counts[i])
		}
	}
}

// Description says in one line what the technique does, in plain words.
func (t *Technique) Description() string { return descriptions[t.name] }
