// Package strategy holds the human solving strategies: each a method with
// a name, a difficulty and a finder that turns a board into steps
// (placements, eliminations, and the cells and units that justify them),
// and the catalogue that gives them their method letters and their order
// of play.
package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// Level is a difficulty grade (HoDoKu's levels); its value is the seed's
// number of stars.
type Level uint8

// The difficulty levels, easiest first.
const (
	Unrated Level = iota
	Easy
	Medium
	Hard
	Unfair
	Extreme
)

var levelNames = [...]string{"Unrated", "Easy", "Medium", "Hard", "Unfair", "Extreme"}

// String returns the level's name.
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", l)
}

// MaxScore is the highest total score a puzzle of the level may have before
// it is graded one level up (HoDoKu's defaults); Extreme has no bound.
func (l Level) MaxScore() int {
	switch l {
	case Easy:
		return 800
	case Medium:
		return 1000
	case Hard:
		return 1600
	case Unfair:
		return 1800
	}
	return int(^uint(0) >> 1)
}

// Class sorts strategies the way the seed's solving types do.
type Class uint8

// The classes of strategy.
const (
	// Solution methods place digits (singles); every solving type uses them.
	Solution Class = iota
	// Elimination logic removes candidates; guessing-only solving skips it.
	Elimination
	// Search tries a digit and backtracks on contradiction (guessing);
	// logic-only solving skips it.
	Search
)

// Kind tells what a step does.
type Kind uint8

// The kinds of step.
const (
	Deduction Kind = iota
	Guess
	Backtrack
)

// Technique is a named, rated kind of step. A strategy may take steps of
// several techniques (naked subsets: pairs, triples, quads).
//
// A technique is fixed when it is declared and read through its methods:
// the solver's plans and ratings, computed once, depend on it.
type Technique struct {
	name  string
	code  string // the HoDoKu regression library code, e.g. "0100"
	level Level
	score int // base score of each step (HoDoKu's)
	// se is the technique's rating on Sudoku Explainer's scale (see
	// SERating), before any length bonus; seChain adds SE's length bonus
	// for the nodes of the step's chain (Step.Nodes, SELengthBonus).
	se      SERating
	seChain bool
}

// Name returns the technique's traditional name, e.g. "X-Wing".
func (t *Technique) Name() string { return t.name }

// Code returns the technique's HoDoKu regression library code, e.g.
// "0100", or "" when HoDoKu has none.
func (t *Technique) Code() string { return t.code }

// Level returns the difficulty level of the technique.
func (t *Technique) Level() Level { return t.level }

// Score returns the base score of each step of the technique (HoDoKu's).
func (t *Technique) Score() int { return t.score }

// SE returns the technique's rating on Sudoku Explainer's scale, before
// any length bonus (see SERating).
func (t *Technique) SE() SERating { return t.se }

// SEChain reports whether a step of the technique takes SE's length bonus
// for the nodes of its chain (Step.Nodes, SELengthBonus).
func (t *Technique) SEChain() bool { return t.seChain }

// CellDigit is a digit in a cell: a placement or an elimination.
type CellDigit struct {
	Cell  int
	Digit int
}

// Step is one move: what it places and eliminates, and what justifies it.
type Step struct {
	Strategy  *Strategy
	Technique *Technique // the traditional name and rating of the step
	Kind      Kind
	// Digits are the digits the pattern is built on (the fish digit, the
	// subset's digits, the rectangle's digits...); a guess's are the
	// candidates of its cell.
	Digits       grid.Digits
	Placements   []CellDigit
	Eliminations []CellDigit
	Cells        []int // cells that justify the step
	Units        []int // units (indexes into Layout.Units) that justify it
	Cages        []int // cages (indexes into Layout.Cages) whose rules justify it
	// Conflict is the contradiction a backtrack undoes its guess for.
	Conflict grid.Conflict
	// Undone is how a backtrack undid its guess: the number of changes
	// undone, or SafeCopy when it returned to a copy of the board.
	Undone int
	// Target and Op are the target of the pseudo-cage (cells of a known
	// sum or product) a cage step reasons on.
	Target int
	Op     grid.Op
	// Depth is the number of guesses in force after the step, set by the
	// solver that takes it.
	Depth int
	// Nodes and Links draw the chain, loop or implication net of a chain
	// step: Links join nodes by index. A simple chain lists its nodes in
	// order with Links[i] joining Nodes[i] and Nodes[i+1]; a net may branch.
	Nodes []Node
	Links []Link
	// Marks give highlighted candidates their role in the pattern.
	Marks []Mark

	// cellBuf and comboBuf hold the Cells and Combos of nodes made by
	// addNode, storage the step owns and reuses when it is reset (see
	// addNode).
	cellBuf  []int
	comboBuf []grid.Digits
	// redraw tells what Redraw finds the step again as, and from what: a
	// forcing chain or net from forcing; a trial's contradiction from its
	// premise, the candidate it eliminates, and cuts, the candidates its
	// inner trials ruled out, in order.
	redraw  redrawKind
	forcing forcingFind
	cuts    []CellDigit
	// counted holds a Settis step's counts for its text: the lines of one
	// direction sure to hold its digit, then those of the other that can
	// (bit i stands for line i).
	counted [2]uint64
	// sole holds, for the text of a Cage Permutations step, the digits
	// every filling of its cage uses that have one place left in the cage,
	// at that place, where the step removes the other candidates.
	sole []CellDigit
}

// redrawKind tells how Redraw finds a step again.
type redrawKind uint8

const (
	redrawNone         redrawKind = iota
	redrawForcingChain            // a forcing chain (forcing.go)
	redrawForcingNet              // a forcing net
	redrawCage                    // a Cage Contradiction's trial
	redrawStrongCage              // the same, of a strong trial (strongnested.go)
	redrawNested                  // a nested trial, with cuts
	redrawStrongNested            // a strong nested trial, with cuts
	redrawLocked                  // a Locked Nested Trial, with cuts (its lemmas)
)

// DrawnOn reports whether every candidate node of the step's drawing (of
// a digit) is a candidate of b or its cell's digit, and every candidate a
// node's rule took out in a trial (Node.Removed) a candidate of an open
// cell of b: whether a person shown b can follow it.
func (s *Step) DrawnOn(b *grid.Board) bool {
	for _, nd := range s.Nodes {
		for _, e := range nd.Removed {
			if b.Value(e.Cell) != 0 || !b.Cands(e.Cell).Has(e.Digit) {
				return false
			}
		}
		if nd.Kind != CandidateNode || nd.Digit == 0 || len(nd.Cells) != 1 {
			continue
		}
		c := nd.Cells[0]
		if v := int(b.Value(c)); v != nd.Digit && (v != 0 || !b.Cands(c).Has(nd.Digit)) {
			return false
		}
	}
	return true
}

// NodeKind tells what a chain node stands for.
type NodeKind uint8

// The kinds of chain node.
const (
	// CandidateNode is one candidate: Digit in the one cell of Cells. Of
	// Digit 0, it is the end of a trial's contradiction: the cell left
	// with no candidate.
	CandidateNode NodeKind = iota
	// GroupNode is Digit in every cell of Cells, cells of one unit that also
	// share a second unit (a box/line intersection): true when one of them
	// holds Digit. A GroupNode of Digit 0 is a deduction over Cells that
	// Origin words, such as a naked or hidden subset (Combos its digits)
	// or a unit's combination of cage fillings met in a trial, or a
	// filling a verity tried.
	GroupNode
	// ALSNode is an almost locked set: Cells hold one more candidate than
	// cells; the node stands for Digit being locked out of Cells (the
	// set's other digits then locked in).
	ALSNode
	// CageNode is the rule of a cage where a forcing net follows it: the
	// fillings of cage Cage (an index into Layout.Cages) left by the
	// candidates linked into the node, which rule out the candidates it
	// links to (or none: a contradiction). Cells are the cage's cells,
	// Combos the sets of digits its fillings keep; Digit is 0.
	CageNode
	// CompartmentNode is the rule of a Str8ts compartment where a forcing
	// net follows it: the straights still open to compartment Unit (an
	// index into Layout.Units) given the candidates linked into the node.
	// Cells are the compartment's cells, Combos the digits of each open
	// straight; Digit is 0.
	CompartmentNode
	// SumNode is the rule of 45 where a forcing net on a killer follows
	// it: Cells, a virtual cage (the innies or outies of a union of units,
	// less a cage or another virtual cage), sum to Target, and the
	// candidates linked into the node leave them no filling but those that
	// rule out the candidates it links to (or none: a contradiction).
	// Origin words where the sum comes from; Digit is 0.
	SumNode
)

// Node is one node of a chain: a digit in one cell or a group of cells,
// or the rule of a cage or compartment.
type Node struct {
	Kind  NodeKind
	Digit int
	Cells []int
	// Cage and Unit name the cage of a CageNode and the compartment of a
	// CompartmentNode; Combos are the digit sets the rule keeps, in
	// the order their digit lists read (empty when too many to list).
	// An ALSNode of an almost locked cage has Combos too, and Cage is its
	// cage, or -1 for a virtual cage (a group of cells whose sum the rule
	// of 45 gives).
	Cage, Unit int
	Combos     []grid.Digits
	// Target is the sum of a SumNode's cells, and Origin where the rule of
	// 45 gives it, e.g. "the innies of rows 1-3 less cage 12+ at r2c2".
	// On the CompartmentNode of a straight a Compartment Trial tried,
	// Origin words where it ran out ("leaves r4c2 no candidate"), empty
	// when it did not.
	Target int
	Origin string
	// Removed is what the rule of a group took out in a trial where it
	// lists no combinations (cells that may repeat a digit), or where it
	// keeps the combinations an earlier deduction of the same group in its
	// explanation kept: candidates of its cells, or of their peers when it
	// confines a digit to some of them; so that the deduction can be
	// checked. Where it lists new combinations, it is what they take out
	// of cells outside the group (see firstGives).
	Removed []CellDigit
	// firstGives marks the Removed of a trial's group that lists its
	// combinations for the first time: what they take out of cells outside
	// the group (a digit every one of them uses leaves the cells that see
	// all its places), which a reader would not see in the combinations
	// alone ("keep {5,6,7,8},{4,5,8,9}, which gives r3c3<>8"). Without it,
	// Removed beside combinations is what combinations kept before take
	// out now ("which now gives").
	firstGives bool
}

// LinkKind is the kind of inference between two chain nodes.
type LinkKind uint8

// The kinds of link.
const (
	// Weak: if the first node is true, the second is false.
	Weak LinkKind = iota
	// Strong: if the first node is false, the second is true.
	Strong
	// Then: under the step's premise, the second node is deduced from the
	// first and the nodes before it (a trial's course). A candidate the
	// trial ruled out, marked RoleOff, links on to the premise of the
	// inner trial that ruled it out: the same candidate, assumed.
	Then
)

// Link is an inference from node From to node To (indexes into
// Step.Nodes).
type Link struct {
	From, To int
	Kind     LinkKind
}

// Role is what a highlighted candidate is in a step's pattern.
type Role uint8

// The roles of highlighted candidates.
const (
	// RolePattern marks a candidate of the pattern itself (a fish's base,
	// a subset's digits, a chain's candidate).
	RolePattern Role = iota
	// RoleFin marks a fin or endo-fin of a fish.
	RoleFin
	// RoleALS marks a candidate of an almost locked set.
	RoleALS
	// RoleTarget marks a candidate the step eliminates.
	RoleTarget
	// RoleOn and RoleOff mark the two colours of a colouring or chain:
	// candidates true together, and those false then.
	RoleOn
	RoleOff
)

// Mark is a highlighted candidate and its role.
type Mark struct {
	Cell  int
	Digit int
	Role  Role
}

// Name returns the traditional name of the step, e.g. "Naked Pair".
func (s *Step) Name() string {
	if s.Technique != nil {
		return s.Technique.name
	}
	if s.Strategy != nil {
		return s.Strategy.name
	}
	return ""
}

// SafeCopy is Step.Undone of a backtrack that returned to a copy of the
// board kept before its guess.
const SafeCopy = -1

// Explain returns a one-line human explanation of the step, naming cells
// and digits in notation n.
func (s *Step) Explain(n grid.Notation) string {
	if s.Strategy != nil {
		return s.Strategy.Explain(s, n)
	}
	return describeChanges(s, n)
}

// Apply makes the step's placements and eliminations on b.
func (s *Step) Apply(b *grid.Board) {
	for _, p := range s.Placements {
		if b.Value(p.Cell) == 0 {
			b.Place(p.Cell, p.Digit)
		}
	}
	for _, e := range s.Eliminations {
		b.Eliminate(e.Cell, e.Digit)
	}
}

// Changes reports whether applying the step would change b: it places a
// digit in an open cell or eliminates a candidate b still has.
func (s *Step) Changes(b *grid.Board) bool {
	for _, p := range s.Placements {
		if b.Value(p.Cell) == 0 {
			return true
		}
	}
	for _, e := range s.Eliminations {
		if b.Cands(e.Cell).Has(e.Digit) {
			return true
		}
	}
	return false
}

func (s *Step) reset(st *Strategy) {
	*s = Step{
		Strategy:     st,
		Technique:    st.technique,
		Placements:   s.Placements[:0],
		Eliminations: s.Eliminations[:0],
		Cells:        s.Cells[:0],
		Units:        s.Units[:0],
		Cages:        s.Cages[:0],
		Nodes:        s.Nodes[:0],
		Links:        s.Links[:0],
		Marks:        s.Marks[:0],
		cellBuf:      s.cellBuf[:0],
		comboBuf:     s.comboBuf[:0],
		cuts:         s.cuts[:0],
		sole:         s.sole[:0],
	}
}

// addNode appends to s a node of kind and digit over a copy of cells, and
// returns it for the caller to complete. The copy lives in storage the
// step owns (see ownCells and ownCombos), reused without allocating when
// the sink reuses the step. A finder never writes into the Cells or
// Combos of a node it finds on a reused step: a sink's steps pass from
// finder to finder, and another finder's node may share its cells with
// that finder's scratch, the step's Cells or another node.
func (s *Step) addNode(kind NodeKind, digit int, cells ...int) *Node {
	s.Nodes = append(s.Nodes, Node{Kind: kind, Digit: digit, Cells: s.ownCells(cells...)})
	return &s.Nodes[len(s.Nodes)-1]
}

// ownCells returns a copy of cells in the step's cell storage. The copy's
// capacity ends at its length, so that an append to it copies rather
// than writing over the next node's cells.
func (s *Step) ownCells(cells ...int) []int {
	o := len(s.cellBuf)
	s.cellBuf = append(s.cellBuf, cells...)
	return s.cellBuf[o:len(s.cellBuf):len(s.cellBuf)]
}

// ownCombos returns a copy of combos in the step's storage of digit sets,
// as ownCells does cells.
func (s *Step) ownCombos(combos ...grid.Digits) []grid.Digits {
	return s.combosFrom(len(s.comboBuf), combos...)
}

// combosFrom appends combos to the step's storage of digit sets and
// returns the sets stored from offset o on, where a finder appended
// others first (o = len(s.comboBuf) before it did).
func (s *Step) combosFrom(o int, combos ...grid.Digits) []grid.Digits {
	s.comboBuf = append(s.comboBuf, combos...)
	return s.comboBuf[o:len(s.comboBuf):len(s.comboBuf)]
}

// describeChanges renders placements and eliminations, e.g.
// "r3c4=5, r1c1-7".
func describeChanges(s *Step, n grid.Notation) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, n.CellName(p.Cell)+"="+n.DigitName(p.Digit))
	}
	for _, e := range s.Eliminations {
		parts = append(parts, n.CellName(e.Cell)+"-"+n.DigitName(e.Digit))
	}
	return strings.Join(parts, ", ")
}

// changeList renders a step's changes as describeChanges does, but its
// eliminations as HoDoKu writes them ("r3c2<>9"): for texts that name
// Str8ts compartments ("r3c2-3") and straights ("1-2"), where "r3c2-9"
// reads as one more of them.
func changeList(s *Step, n grid.Notation) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, n.CellName(p.Cell)+"="+n.DigitName(p.Digit))
	}
	if len(s.Eliminations) > 0 {
		parts = append(parts, eliminationList(n, s.Eliminations))
	}
	return strings.Join(parts, ", ")
}

// eliminationList renders eliminations as HoDoKu's explanations end, e.g.
// "r1c1<>7, r2c3<>8".
func eliminationList(n grid.Notation, es []CellDigit) string {
	var sb strings.Builder
	for i, e := range es {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(n.CellName(e.Cell) + "<>" + n.DigitName(e.Digit))
	}
	return sb.String()
}

// Sink collects the steps a finder reports. It reuses its storage between
// uses, so a solver that resets one sink per step does not allocate.
type Sink struct {
	// All asks finders for every step they can find, not just the first.
	All bool
	// Limit, when above 0, is the most steps wanted with All: once the
	// sink holds that many, Done reports true and finders stop. On an
	// open board a fish or ALS search in find-all mode finds a million
	// steps (gigabytes), so a caller that shows a few sets it.
	Limit int
	// Form asks a finder of patterns of several forms (subsets and fish
	// of several sizes, rectangles of several types) for one form only;
	// the zero Form (AllForms) asks for every form it knows.
	Form Form
	// Digits, when not empty, asks a per-digit finder (Strategy.PerDigit)
	// for the patterns of these digits only.
	Digits grid.Digits
	// Changed, when not nil, asks a local finder (Strategy.Local) for the
	// patterns standing on one of these cells at least.
	Changed CellSet
	// Cancel, when not nil, is closed (it is a context's Done channel) to
	// ask finders to stop: long ones poll Cancelled every so many
	// iterations and return early, with the steps found so far or none,
	// which the caller is to discard.
	Cancel <-chan struct{}
	// Thrift, when above 1, divides the work budget of each Nested
	// Forcing Net search: a solve that can guess where logic is stuck
	// sets it on boards where a search that finds nothing costs more than
	// the guesses it could save (solver.Thrift).
	Thrift int
	// DeepLooks, when above 0, bounds each Long or Strong Nested Cage
	// Contradiction search where its own budget is larger: Long Nested's
	// to DeepLooks looks at fillings (the first 150,000 repeat Nested
	// Cage Contradiction's search, from the trial cache), Strong Nested's
	// to a tenth of it (a strong look costs about ten plain ones). A
	// mixed solve runs them so before its first guess when asked to
	// (solver.Options.DeepLooks).
	DeepLooks int
	// DeepStall, when above 0, stops a Nested, Long or Strong Nested
	// Cage Contradiction search once DeepStall looks at fillings have
	// passed without a step, since its start or its last step; within
	// its budget, one that keeps finding steps goes on. A mixed solve's
	// one deep search sets it (solver.Options.OneDeepSearch).
	DeepStall int
	// WideStall, when above 0, stops a Locked Nested Trial search whose
	// wide pass (lemmas from every open cell, after the narrow pass found
	// nothing) has followed WideStall eliminations without a step. A
	// mixed solve sets it (2 million): there a search that finds nothing
	// hands the board to guessing, and the wide passes that find a step
	// find their first soon after they start.
	WideStall int
	// VerityLooks is set by a Cage Filling Verity search to the looks at
	// fillings it took, so that a solve can bound its searches' total
	// (solver.Options.OneDeepSearch).
	VerityLooks int
	// Chain, with All, lets Nested Cage Contradiction take steps it has
	// found as given for the steps it finds after them, which then rest
	// on them: the steps are to be applied in order, as a solve takes
	// its batches (solver.Batches).
	Chain bool
	// nestedFrom is the net size of the premise the Nested Forcing Net
	// last refuted on this sink (0 before any): a solve reuses its sink
	// from step to step, and the next search starts among premises of
	// that size, past those that failed (see findNestedForcingNets).
	nestedFrom int32
	// nestedWide is whether the Nested Forcing Net step last found on
	// this sink needed lemmas outside the cells its premise's net
	// narrowed (see findNestedForcingNets).
	nestedWide bool
	// nestedHeld and nestedWideHeld are the candidates whose premises the
	// last Nested Forcing Net search on this sink found to hold, with
	// narrow and with wide lemmas, a plane per digit, on boards of side
	// 16 or more: the next search of the solve tries them after the
	// others (see findNested). They are the sink's, so that a solve's
	// steps do not depend on another solve's.
	nestedHeld, nestedWideHeld []uint64
	// lockedNarrow is the candidates of the board on which the last
	// Locked Nested Trial search on this sink took its steps from its
	// narrow pass, 0 when that search found none or found them wide: the
	// next search skips its narrow pass while the board has lost fewer
	// than a side of candidates since (see lockedTrial.find).
	lockedNarrow int
	// verityAfter is the group (of the trial's groups, plus one; 0 for
	// none) of the Cage Filling Verity step last found on this sink: the
	// groups before it found nothing then and most often find nothing
	// again, so the next search of the solve starts after it and comes
	// round to them last (see findVerities).
	verityAfter int
	steps       []Step
	strategy    *Strategy // the strategy finding (see Strategy.Find)
}

// Cancelled reports whether Cancel is closed (false for a nil sink). It
// does not block or allocate; finders call it every cancelEvery iterations of their inner
// loops or so.
func (k *Sink) Cancelled() bool {
	if k == nil || k.Cancel == nil {
		return false
	}
	select {
	case <-k.Cancel:
		return true
	default:
		return false
	}
}

// cancelEvery is how many iterations of an inner loop a finder runs
// between two polls of Sink.Cancelled: a poll costs a few nanoseconds,
// and the iterations a microsecond or less, so a finder stops within a
// millisecond or so of a cancellation. A power of two.
const cancelEvery = 1 << 10

// Reset empties the sink, keeping its storage.
func (k *Sink) Reset() { k.steps = k.steps[:0] }

// Add appends a cleared step of the strategy finding (a finder's, called
// by Strategy.Find) and returns it to fill in.
func (k *Sink) Add() *Step {
	if len(k.steps) < cap(k.steps) {
		k.steps = k.steps[:len(k.steps)+1]
	} else {
		k.steps = append(k.steps, Step{})
	}
	s := &k.steps[len(k.steps)-1]
	s.reset(k.strategy)
	return s
}

// through reports whether a local finder is to look at patterns whose
// standing depends on cells (those of a unit, say): every one unless
// Changed, else those with a changed cell.
func (k *Sink) through(cells []int) bool {
	if k.Changed == nil {
		return true
	}
	for _, c := range cells {
		if k.Changed.Has(c) {
			return true
		}
	}
	return false
}

// wants reports whether a per-digit finder is to look at digit d.
func (k *Sink) wants(d int) bool { return k.Digits == 0 || k.Digits.Has(d) }

// Done reports whether a finder may stop: it has a step and not all are
// wanted, or it has as many as Limit.
func (k *Sink) Done() bool {
	return len(k.steps) > 0 && (!k.All || k.Limit > 0 && len(k.steps) >= k.Limit)
}

// Steps returns the steps collected.
func (k *Sink) Steps() []Step { return k.steps }

// Str8tsUse tells whether a strategy runs on Str8ts boards, whose rows and
// columns hold each digit at most once, not exactly once.
type Str8tsUse uint8

// The uses on Str8ts boards.
const (
	// NotOnStr8ts: the strategy reasons that a digit must appear in a unit
	// (hidden singles, fish, strong links), which a Str8ts row need not.
	NotOnStr8ts Str8tsUse = iota
	// AlsoOnStr8ts: the strategy only needs the cells of a unit to be all
	// different (naked singles and subsets, XY-Wings), and is sound on
	// Str8ts boards too.
	AlsoOnStr8ts
	// OnlyOnStr8ts: a Str8ts strategy, reasoning on compartments.
	OnlyOnStr8ts
)

// Strategy is one solving method. The technique table (techniques.go)
// gives it its method letter, its places in the order of play, its cost
// class and whether it is opt-in.
//
// A strategy is fixed when it is declared and read through its methods:
// the solver's plans, computed once, depend on it.
type Strategy struct {
	name string // e.g. "Naked Single"
	// technique is the default technique of the strategy's steps; finders
	// of several techniques set each step's own, from techniques.
	technique   *Technique
	techniques  []*Technique
	class       Class
	needsUnique bool
	// swapsPlaced marks a uniqueness strategy whose patterns take in
	// digits placed on the board (see SwapsPlaced).
	swapsPlaced bool
	str8ts      Str8tsUse
	perDigit    bool
	local       bool
	cages       bool
	// suits, when set, is the variants whose boards the finder reads (see
	// Suits).
	suits func(grid.Variant) bool
	// find reports the strategy's steps (see Find); guessing has none: the
	// solver drives it.
	find func(b *grid.Board, sink *Sink)
	// explain renders a step of the strategy in one line; nil describes
	// its changes.
	explain func(s *Step, n grid.Notation) string
	// describe renders a step of the strategy in one line, as explain
	// does, and laid out a deduction a line (see Step.Outline), from one
	// build of its words; nil for a strategy whose steps read in one line.
	describe func(s *Step, n grid.Notation) (string, []OutlineLine)
}

// Name returns the strategy's name, e.g. "Naked Single".
func (s *Strategy) Name() string { return s.name }

// Technique returns the default technique of the strategy's steps; a
// finder of several techniques gives each step its own (see Techniques).
func (s *Strategy) Technique() *Technique { return s.technique }

// Explain renders step st of the strategy in one line, naming cells and
// digits in notation n.
func (s *Strategy) Explain(st *Step, n grid.Notation) string {
	if s.explain == nil {
		return describeChanges(st, n)
	}
	return s.explain(st, n)
}

// Techniques returns the techniques of a strategy of several, nil for a
// strategy of one (see AllTechniques).
func (s *Strategy) Techniques() []*Technique { return s.techniques }

// Class returns the kind of the strategy's steps.
func (s *Strategy) Class() Class { return s.class }

// NeedsUnique reports whether the strategy is only sound when the puzzle
// has exactly one solution (uniqueness strategies).
func (s *Strategy) NeedsUnique() bool { return s.needsUnique }

// SwapsPlaced reports whether the strategy is a uniqueness strategy whose
// deadly patterns take in digits placed on the board, not only candidates
// (Avoidable Rectangles): swapping them gives another solution of the
// clues, not of the board, so it is sound only when the puzzle of the
// clues alone has one solution. A board holding digits that are not clues
// (progress entered with the puzzle) may have one solution where its
// clues have many.
func (s *Strategy) SwapsPlaced() bool { return s.swapsPlaced }

// Str8ts tells whether the strategy runs on Str8ts boards (see Str8tsUse).
func (s *Strategy) Str8ts() Str8tsUse { return s.str8ts }

// PerDigit reports whether the strategy's patterns each lie on one digit:
// what the finder reports for a digit depends only on the cells where that
// digit is a candidate and those where it is placed, and it honours
// Sink.Digits. A solver that remembers where a pass found nothing can skip
// the digits whose cells have not changed since (DigitMemo).
func (s *Strategy) PerDigit() bool { return s.perDigit }

// Local reports whether the strategy's patterns each stand on a few cells:
// whether there is one depends only on those cells' candidates, and its
// eliminations are candidates elsewhere, so a pattern found after
// candidates were only removed stands on a cell that lost some or was
// there before. The finder honours Sink.Changed, and a solver that
// remembers where a pass found nothing looks only through the cells
// changed since (CellMemo).
func (s *Strategy) Local() bool { return s.local }

// NeedsCages reports whether the strategy's patterns stand on cages
// (killer and KenKen strategies): on a board without cages it finds
// nothing, and a solver leaves it out.
func (s *Strategy) NeedsCages() bool { return s.cages }

// Suits reports whether the strategy's finder looks at boards of variant
// v at all. Some stand on one kind of cages or regions and return at once
// on any other board, and a solver leaves them out there:
// the killer ones (sums, the rule of 45) find nothing on KenKen, the
// KenKen line rules nothing on killers, the Law of Leftovers nothing
// without jigsaw regions, kites and empty rectangles nothing without
// boxes.
func (s *Strategy) Suits(v grid.Variant) bool { return s.suits == nil || s.suits(v) }

// onCages marks s as one that finds steps only on boards with cages.
func onCages(s *Strategy) *Strategy {
	s.cages = true
	return s
}

// newStrategy returns the strategy of one technique, named after it.
func newStrategy(class Class, t *Technique, find func(b *grid.Board, sink *Sink), explain func(s *Step, n grid.Notation) string) *Strategy {
	return &Strategy{name: t.name, technique: t, class: class, find: find, explain: explain}
}

// perDigit marks s as a per-digit strategy (Strategy.PerDigit).
func perDigit(s *Strategy) *Strategy {
	s.perDigit = true
	return s
}

// Find reports the strategy's steps on b into sink, stopping after the
// first unless sink.All, and early, with some steps or none, once
// sink.Cancel is closed. It does not change b. A strategy without a finder
// (see HasFinder) reports none.
func (s *Strategy) Find(b *grid.Board, sink *Sink) {
	if s.find == nil || sink.Cancelled() {
		return
	}
	sink.strategy = s
	n := len(sink.steps)
	s.find(b, sink)
	// A step that would change nothing on b is dropped: a solve taking it
	// would stay where it was and find it again, to its step limit. No
	// finder means to report one; this keeps an oversight on a board it
	// did not expect (a cell left with one candidate by a list of
	// strategies without the singles) from making a solve spin.
	kept := slices.DeleteFunc(sink.steps[n:], func(st Step) bool { return !st.Changes(b) })
	sink.steps = sink.steps[:n+len(kept)]
}

// HasFinder reports whether the strategy finds its own steps; guessing
// does not: the solver drives it.
func (s *Strategy) HasFinder() bool { return s.find != nil }

// Level returns the level of the strategy's easiest technique.
func (s *Strategy) Level() Level {
	level := Unrated
	for _, t := range s.AllTechniques() {
		if level == Unrated || t.level < level {
			level = t.level
		}
	}
	return level
}

// AllTechniques returns every technique the strategy's steps may carry.
func (s *Strategy) AllTechniques() []*Technique {
	if len(s.Techniques()) > 0 {
		return s.Techniques()
	}
	if s.technique != nil {
		return []*Technique{s.technique}
	}
	return nil
}
