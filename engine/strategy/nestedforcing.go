package strategy

import (
	"fmt"
	"math"
	"math/bits"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var nestedForcingNetContradiction = &Technique{name: "Nested Forcing Net Contradiction", level: Extreme, score: 900, se: 95, seChain: true}

var nestedForcingNetStrategy = &Strategy{
	name: "Nested Forcing Net", class: Elimination,
	technique:  nestedForcingNetContradiction,
	techniques: []*Technique{nestedForcingNetContradiction},
	explain:    explainNestedForcing,
	describe:   describeNestedForcing,
	find:       findNestedForcingNets,
}

// NestedForcingNet (R2) is a forcing net contradiction whose net may use
// lemmas (Sudoku Explainer's nested forcing chains, trial and error of
// depth two): assume a candidate; a candidate still open then is false
// when assuming it as well makes the net reach a contradiction; with the
// lemmas so found the premise's net reaches a contradiction, so the
// premise is false. The step draws the premise's net, its lemmas among
// its premises, and names each lemma with the contradiction that proves
// it. It is what finishes the 16×16 and 25×25 boards (Sudoku X above
// all) where every single-premise net fails: there no wrong candidate
// leads to a contradiction through singles alone.
//
// It leaves boards with cages (killer, KenKen) to Cage Contradiction:
// there each lemma tried closes a net through the cage rules afresh, and
// a search that finds nothing spends its whole budget for little (one
// step, then stuck, on a tarek killer, for 0.5 s of CPU).
//
// Premises are tried in the order of the size of their nets, largest
// first (an assumption that implies much is the likeliest to fail), and
// lemmas first among the cells the premise's net has narrowed, then
// among every open cell. The search is bounded by nestedBudget. Within a
// solve (a sink reused from step to step) a search first tries the
// premises from the one the last search refuted down, then the rest; on
// boards of side 16 or more it does not try again a premise an earlier
// search found to hold when the board has since lost only candidates its
// net with lemmas implied false (the same steps, see heldMemo).
func NestedForcingNet() *Strategy { return nestedForcingNetStrategy }

// nestedScale is how many times a single-premise search's work budget
// (budgetFor) one nested search may spend: 30-300 ms of CPU on a 25×25.
const nestedScale = 16

// nestedBudget returns the work budget of a nested search on layout l
// for sink (see Sink.Thrift).
func nestedBudget(l *grid.Layout, sink *Sink) int {
	return nestedScale * budgetFor(l) / max(sink.Thrift, 1)
}

// nestedState is the working state of a nested search, kept with the
// forcing state it uses.
type nestedState struct {
	order    []nestedPremise
	refuted  []bool  // by index in order (find-all mode)
	held     []bool  // by index in order: refute found no contradiction with narrow lemmas
	wideHeld []bool  // by index in order: nor with wide lemmas (the wide probe)
	premises []int32 // the premise, then the lemmas found for it (false literals)
	needed   []bool  // by index in premises: what the contradiction rests on
	// clashes are, by index in premises, the contradictions of the
	// lemmas' own nets as reportNested closed them (see lemmaClash).
	clashes []lemmaClash
	// holds are the candidates a lemma trial of refute would not refute
	// under the premises as they are: each candidate implied true where a
	// trial reached no contradiction (see refute), a plane per digit as
	// implications.on, but for those the premises' net implies true,
	// whose cells have no other candidate left to try.
	holds []uint64
	// trials are the nets of those trials, each as the number of
	// literals it added to the premises' net and those literals (its
	// queue; see keepTrials).
	trials []int32
	// vouched are, for the narrow passes of a search and for its wide
	// pass, the candidates implied true by the net with lemmas of a
	// premise that held in such a pass, a plane per digit: these premises
	// hold as well (see nestedPass).
	vouched, wideVouched []uint64
	// shortcuts is nestedShortcuts of the board searched.
	shortcuts bool
	// wideShortcuts is whether the wide passes take the shortcuts too
	// (see wideFirst).
	wideShortcuts bool
	// saveHeld and saveVouched keep a pass's held and vouched as they
	// were before it, for the pass again without skipping (nestedPass).
	saveHeld    []bool
	saveVouched []uint64
	// log and logOn are what a pass skipping premises tried and skipped,
	// with the nets (their "true" planes) of those it tried (see
	// replayPass).
	log   []passEntry
	logOn []uint64
	// sizes remembers the net sizes nestedOrder found (see orderMemo).
	sizes orderMemo
	// kept remembers the premises earlier searches found to hold (see
	// heldMemo).
	kept heldMemo
	// seq is the order of a pass: indices in order, from the pass's first
	// on, those not late first (see passOrder).
	seq []int32
	// keys are nestedOrder's sort keys (premiseKey).
	keys []uint64
}

// heldMemo keeps, from one nested search to the next on boards of side 16
// or more without cage or compartment rules, the premises found to hold,
// narrow and wide, each with the candidates its net with lemmas implied
// false and the work its search counted. A premise that held on a board
// holds on any board that has since lost only candidates its net with
// lemmas implied false: closing its premises there comes to the same net,
// and every lemma trial the search made in that net holds in the smaller
// nets a new search makes on the way (see nestedPass). A premise that held
// with wide lemmas holds with narrow ones too.
type heldMemo struct {
	layout *grid.Layout
	board  []uint64 // the candidates of the board when last checked, a plane per digit
	lost   []uint64 // the candidates the board has lost since
	// row is, by candidate number and kind (narrow 0, wide 1), the row
	// of off holding its net's false literals, or -1 where the premise is
	// not known to hold; off has f.words words a row.
	row  [2][]int32
	off  []uint64
	work [2][]int32 // by candidate number and kind: the work counted
	free []int32    // rows no longer in use
	// skipped counts the premises taken as holding (tests count them).
	skipped int
}

// heldCharge is how many times the work its last search counted a
// premise skipped as held (heldMemo) counts toward a pass's budget. A
// pass must end where the pass trying every premise would: it stops
// counting the real work of the premises skipped, and the work of such a
// premise on the smaller board was 0.24 to 1.24 times what it was (327
// premises that could be skipped on x16-extreme line 6, tried). Charged
// more than that, a pass that finds its step within the budget would have
// found it trying them all; one that spends its budget is replayed
// exactly (replayPass).
const heldCharge = 3 // halves: 1.5 times

// maxHeldBytes bounds the nets a heldMemo keeps (its off rows), so that a
// pooled forcing state stays small on the largest boards (a 25×25 net is
// 1,960 bytes, a 32×32 one 4 KiB); a premise that finds no room is not
// kept and is tried again, as without the memo.
const maxHeldBytes = 4 << 20

// orderMemo keeps, from one nested search to the next, the size of each
// premise's net (nestedOrder) with what the closure read of the board:
// the cells of its literals (whose candidates it read) and, by unit and
// digit, the places it counted (a unit's count of places of the digit,
// which every literal false there takes down). A board that has only lost
// candidates since leaves a net as it was unless one of them is in a cell
// it read or is a place of a unit and digit it counted: the closure then
// does the same work and reaches the same size. Boards with cage or
// compartment rules, whose closures read more, keep no memo.
type orderMemo struct {
	layout     *grid.Layout
	cands      []grid.Digits // the board's candidates when last checked
	size       []int32       // by candidate number: its net's size, or -1
	known      []int32       // the candidates whose size is kept
	cells      []uint64      // by candidate number: the cells its net read, a plane (cw words)
	counts     []uint64      // by candidate number: the unit and digit counts it read (countWords words)
	countWords int
	kept       int // sizes taken from the memo (tests count them)
}

// maxOrderMemo bounds the words of an orderMemo's tables (about 4 MiB);
// larger boards (25×25) keep none.
const maxOrderMemo = 1 << 19

// lemmaClash is the contradiction a lemma's own net reached (its bad and
// badAt) and the work its closure counted.
type lemmaClash struct {
	bad   uint8
	badAt int32
	work  int
}

// nestedPremise is a candidate to assume and the size of its net.
type nestedPremise struct {
	cand, size int32
}

func findNestedForcingNets(b *grid.Board, sink *Sink) {
	if len(b.Layout().Cages()) > 0 {
		// The nets through cage rules close each lemma afresh, tens of
		// times dearer; Cage Contradiction is the trial of killers.
		return
	}
	f := forcingPool.Get().(*forcing)
	defer forcingPool.Put(f)
	f.findNested(b, sink)
}

// findNested is findNestedForcingNets with forcing state f, whose memos
// (orderMemo, heldMemo) carry over from its last search.
func (f *forcing) findNested(b *grid.Board, sink *Sink) {
	f.sink, f.polls = sink, 0
	defer func() { f.sink, f.cancelled = nil, nil }() // the pool keeps no sink
	f.setup(b, true, false)
	f.limit = math.MaxInt32
	f.work, f.budget = 0, nestedBudget(b.Layout(), sink)
	f.nestedOrder()
	ns := &f.nested
	ns.shortcuts = nestedShortcuts(b.Layout())
	ns.wideShortcuts = wideFirst(b.Layout(), sink)
	f.readyHeldMemo()
	ns.refuted = slices.Grow(ns.refuted[:0], len(ns.order))[:len(ns.order)]
	clear(ns.refuted)
	ns.held = slices.Grow(ns.held[:0], len(ns.order))[:len(ns.order)]
	clear(ns.held)
	ns.wideHeld = slices.Grow(ns.wideHeld[:0], len(ns.order))[:len(ns.order)]
	clear(ns.wideHeld)
	ns.vouched = slices.Grow(ns.vouched[:0], f.words)[:f.words]
	clear(ns.vouched)
	ns.wideVouched = slices.Grow(ns.wideVouched[:0], f.words)[:f.words]
	clear(ns.wideVouched)
	// After a step that needed wide lemmas, on a 16×16 first a wide pass
	// from the top with a quarter of the budget (see nestedShortcuts).
	if sink.nestedWide && ns.shortcuts {
		f.budget /= wideProbeShare
		f.nestedPass(sink, 0, true)
		f.work, f.budget = 0, nestedBudget(b.Layout(), sink)
	}
	// On a 25×25 searched with the whole budget, after a step that needed
	// wide lemmas, first a wide pass from that step's premise down (see
	// wideFirst).
	ownWide := ns.wideShortcuts
	if ownWide && sink.nestedWide {
		if from := f.nestedStart(sink.nestedFrom); from > 0 && !sink.Done() {
			f.nestedPass(sink, from, true)
			f.work, f.budget = 0, nestedBudget(b.Layout(), sink)
		}
	}
	// First the premises from the net size of the one the last search of
	// the solve refuted down, with a quarter of the budget: those above
	// it were tried then and held, and one step seldom changes that. On a
	// 25×25 the refuted premises move down the order step by step, and
	// starting at the top each search spent most of its budget failing
	// again on the same premises (25x25-published line 1: about 2,100
	// premises tried and held against 30 refuted). Then, when that finds
	// nothing, every premise from the top with the whole budget, as a
	// search without a last one, less those already found to hold: a
	// premise above may have turned false since, and a search that found
	// it from the top before must find it still (x16-extreme lines 3 and
	// 6 guessed when the quarter went round to the top instead).
	if from := f.nestedStart(sink.nestedFrom); from > 0 && !sink.Done() {
		f.budget /= 4
		f.nestedPass(sink, from, false)
		f.work, f.budget = 0, nestedBudget(b.Layout(), sink)
	}
	// Lemmas in the cells the premise narrowed first: a contradiction
	// seldom needs the others, and they are most of the board.
	f.nestedPass(sink, 0, false)
	if ownWide && !sink.Done() {
		f.work, f.budget = 0, nestedBudget(b.Layout(), sink)
	}
	f.nestedPass(sink, 0, true)
	f.keepLate(sink)
	f.b, f.l = nil, nil
}

// keepLate keeps in sink the premises this search found to hold, which
// the next search on sink tries late (see passOrder).
func (f *forcing) keepLate(sink *Sink) {
	ns := &f.nested
	if ns.kept.layout == nil {
		sink.nestedHeld, sink.nestedWideHeld = sink.nestedHeld[:0], sink.nestedWideHeld[:0]
		return
	}
	words := f.words
	sink.nestedHeld = slices.Grow(sink.nestedHeld[:0], words)[:words]
	sink.nestedWideHeld = slices.Grow(sink.nestedWideHeld[:0], words)[:words]
	clear(sink.nestedHeld)
	clear(sink.nestedWideHeld)
	for i, p := range ns.order {
		bit := uint64(1) << (p.cand & 63)
		if ns.wideHeld[i] {
			sink.nestedWideHeld[p.cand>>6] |= bit
			sink.nestedHeld[p.cand>>6] |= bit
		} else if ns.held[i] {
			sink.nestedHeld[p.cand>>6] |= bit
		}
	}
}

// passOrder sets f.nested.seq to the order of a pass on sink from index
// from of f.nested.order: the premises not late in order, then the late
// ones in order. The late premises are those the last search on sink found
// to hold with narrow (wide, for a wide pass) lemmas (Sink.nestedHeld,
// kept by keepLate), on boards of side 16 or more without rules (where
// heldMemo is kept). It reports false, leaving seq as it is, where there
// are none: the pass then takes the order itself.
//
// A premise that held at the last search most often holds again: the
// steps since removed a few candidates, seldom in its net. Of the premises
// the wide probe of x16-extreme line 6 tried, half the work went to such
// premises (31 of 58 million), half of it to ones not provably holding
// (heldMemo), and the premise refuted was most often below them.
// Trying the others first reaches it sooner; the steps found may differ
// from those of the order by net size alone.
func (f *forcing) passOrder(sink *Sink, from int, wide bool) bool {
	ns := &f.nested
	late := sink.nestedHeld
	if wide {
		late = sink.nestedWideHeld
	}
	if ns.kept.layout == nil || len(late) != f.words {
		return false
	}
	ns.seq = ns.seq[:0]
	for pass := range 2 {
		for i := from; i < len(ns.order); i++ {
			c := ns.order[i].cand
			if (late[c>>6]&(1<<(c&63)) != 0) == (pass == 1) {
				ns.seq = append(ns.seq, int32(i))
			}
		}
	}
	return true
}

// wideFrom is the side from which a nested search with the whole budget
// gives its wide passes a budget of their own (see wideFirst).
const wideFrom = 25

// wideFirst reports whether the nested searches on layout l for sink give
// the wide lemmas their own budget: on boards of side wideFrom or more
// searched with the whole budget (Sink.Thrift 1, logic-only solving).
// There the wide pass from the top gets a budget of its own rather than
// what the narrow passes left, and after a step that needed wide lemmas
// (Sink.nestedWide) a search first tries, with wide lemmas, the premises
// from the net size of that step's down.
//
// Past their first hundred steps every Nested Forcing Net step of the
// published 25×25s needs wide lemmas (at line 1's stuck board on main, 39
// premises are refuted with wide lemmas, none with narrow ones), and a
// narrow pass over the board's 1,600 premises spends the whole budget, so
// the wide pass never ran and logic stopped. A premise that holds with
// wide lemmas costs about 200,000 implications, ten times a narrow one;
// the refuted ones move down the order from step to step, as the narrow
// ones do (see the quarter pass). The wide passes also take the
// shortcuts of 16×16 boards, vouching and lemmas in premise order (see
// nestedPass), which take a wide pass over every premise of line 1's
// stuck board from 452 to 269 million implications (the steps differ:
// lines 1 and 3 finish in 1,007 and 1,059 steps instead of 914 and
// 1,013). A thrifty search (mixed solving) keeps the passes as they were:
// with an eighth of the budget the wide passes find nothing more and cost
// CPU before the solve guesses (published lines 1-3 with solverctl solve
// defaults: 1.9-3.1 s instead of 1.1-1.8 s, the same guesses).
func wideFirst(l *grid.Layout, sink *Sink) bool {
	return l.N >= wideFrom && sink.Thrift <= 1
}

// wideProbeShare is the share of its budget (one in so many) a search
// spends on its first, wide pass when the last step needed wide lemmas
// (see nestedShortcuts). Lemma-trial work of x16-extreme lines 3, 6 and
// 9 (the lines with wide steps) with shares of 1, 2, 4, 8, 16 and 32:
// 159, 159, 147, 188, 206 and 252 million implications, line 6 taking
// 561, 561, 516, 535, 535 and 535 steps, lines 3 and 9 548 and 536 but
// with 32 (475 and 536), no guess with any.
const wideProbeShare = 4

// nestedShortcuts reports whether the searches on layout l take the
// shortcuts measured on 16×16 boards (session 11): on boards of side 16
// up to 24.
//
//   - Vouching and lemmas in premise order (see nestedPass): the same
//     steps for less work. On the published 25×25s, where the Thrift
//     budget binds, a premise costing less work let the searches reach
//     other premises, and line 3 took 496 steps instead of 487 for 20%
//     more CPU (the same 26 guesses); 25×25 and larger boards keep their
//     steps.
//   - The wide probe: a search whose last step needed lemmas outside the
//     cells its premise narrowed (Sink.nestedWide) first tries every
//     premise from the top with wide lemmas, on a share of its budget
//     (wideProbeShare), before the narrow passes. There a step that needs
//     wide lemmas most often comes after one that did, with no premise
//     refuted by narrow lemmas left but far down the order, and each such
//     search failed its narrow passes over the premises first, for 10 to
//     40 times the work of the wide step (x16-extreme line 3: about 20 of
//     its searches, 2.5 million implications each). The step found may
//     differ from the narrow one a search without the probe would find.
//
// 9×9 boards keep their steps (and the step records theirs).
func nestedShortcuts(l *grid.Layout) bool { return l.N >= 16 && l.N < 25 }

// nestedPass tries the premises of f.nested.order from index from on,
// reporting each one refuted, with lemmas in the cells the premise's net
// narrowed or, when wide, in every open cell (see refute); a narrow pass
// skips the premises an earlier one of the search found to hold, and a
// wide pass those the wide probe found to hold (see nestedShortcuts).
//
// A premise its pass finds to hold vouches for those its net with lemmas
// implies true, which are then not tried: such a premise's net lies
// within that net, and so does, one by one, each lemma trial of it that
// would reach a contradiction (the candidate tried is open in the larger
// net, in a cell it narrowed too, and its trial there held), so its net
// with lemmas reaches none either. On 16×16 X boards a sixth of the
// premises a pass tries are so vouched for (where the search takes
// shortcuts, nestedShortcuts).
//
// Which premises hold does not depend on the order lemmas are tried in
// (a lemma stays one when more are known, so the lemmas of a premise, or
// its contradiction, are the same whichever order finds them): a premise
// is tried with lemmas in the order of f.nested.order (tryPremise), whose
// larger nets vouch for more of the candidates left to try, and only the
// one refuted is tried again in the order of the cells, whose lemmas the
// step reports (not on boards where heldMemo is kept: see tryPremise).
//
// Where f.nested.kept is kept (heldMemo), the pass first skips the
// premises it knows to hold, counting for each heldCharge halves of the
// work its last search counted. While a skipped premise's work now is at
// most that (measured: 0.24 to 1.24 times its last), a pass that finds its
// step within the budget so finds the one the pass trying them all finds;
// one that spends its budget is replayed (replayPass) and goes on as that
// pass would, exactly.
func (f *forcing) nestedPass(sink *Sink, from int, wide bool) {
	ns := &f.nested
	var seq []int32 // the pass's order, or nil for f.nested.order's
	if f.passOrder(sink, from, wide) {
		seq, from = ns.seq, 0
	}
	if ns.kept.layout == nil {
		f.nestedPassFrom(sink, seq, from, wide, false)
		return
	}
	// First skipping the premises known to hold (heldMemo); when that
	// spends the budget, the pass as it was, replayed from what the first
	// one found (see replayPass).
	work := f.work
	held, vouched := ns.held, ns.vouched
	if wide {
		held, vouched = ns.wideHeld, ns.wideVouched
	}
	ns.saveHeld = append(ns.saveHeld[:0], held...)
	ns.saveVouched = append(ns.saveVouched[:0], vouched...)
	ns.log, ns.logOn = ns.log[:0], ns.logOn[:0]
	if !f.nestedPassFrom(sink, seq, from, wide, true) || sink.Done() || sink.Cancelled() {
		return
	}
	copy(held, ns.saveHeld)
	copy(vouched, ns.saveVouched)
	f.work = work
	if next, ok := f.replayPass(seq, from, wide); ok {
		f.nestedPassFrom(sink, seq, next, wide, false)
	}
}

// passEntry is a premise a pass skipping those known to hold tried to the
// end, or skipped, in the order it did (see replayPass).
type passEntry struct {
	at      int32 // place in the pass's order (see nestedPassFrom)
	work    int32 // the work its search counted, when tried
	skipped bool
}

// replayPass brings held, vouched and the work counted to what the pass
// that skips no premise would have at the point where the one that
// skipped some (f.nested.log) spent its budget, held and vouched being
// back as they were before it: the premises that one tried count their
// work again and vouch with their nets kept, those it skipped are tried.
// It reports the place in the pass's order seq (nil for f.nested.order
// itself) from which the pass goes on, and false when the
// pass would have spent its budget before. The premises that pass took as
// vouched for are vouched for here too: a premise skipped vouches for at
// least as much on being tried.
func (f *forcing) replayPass(seq []int32, from int, wide bool) (int, bool) {
	ns := &f.nested
	vouched, held := ns.vouched, ns.held
	if wide {
		vouched, held = ns.wideVouched, ns.wideHeld
	}
	shortcuts := ns.shortcuts || wide && ns.wideShortcuts
	next, words := from, f.words
	tried := 0 // the nets of the premises tried so far in ns.logOn
	for _, e := range ns.log {
		i := int(e.at)
		next = i + 1
		if seq != nil {
			i = int(seq[i])
		}
		p := ns.order[i]
		if f.spent() {
			return 0, false
		}
		on := ns.logOn[:0]
		if !e.skipped {
			on = ns.logOn[tried*words : tried*words+words]
			tried++
		}
		if shortcuts && vouched[p.cand>>6]&(1<<(p.cand&63)) != 0 {
			held[i] = true
			continue
		}
		if e.skipped {
			work := f.work
			if f.tryPremise(p.cand<<1|1, wide, shortcuts) {
				// Cannot happen (see heldMemo); should it, the memo is
				// dropped and the pass ends without a step rather than
				// take one the pass trying every premise might not.
				f.nested.kept.layout = nil
				return 0, false
			}
			if f.spent() {
				return 0, false
			}
			on = f.a.on
			f.keepHeld(p.cand, wide, f.work-work)
		} else if f.work += int(e.work); f.spent() {
			return 0, false
		}
		for j, w := range on {
			vouched[j] |= w
		}
		held[i] = true
	}
	return next, !f.spent()
}

// nestedPassFrom is nestedPass over the premises of seq (indices in
// f.nested.order; nil for the order itself) from place from on, skipping
// the premises known to hold when skip is set (see heldMemo) and then
// logging what it tried and skipped (see replayPass); it reports whether
// it spent its budget.
func (f *forcing) nestedPassFrom(sink *Sink, seq []int32, from int, wide, skip bool) bool {
	ns := &f.nested
	vouched, held := ns.vouched, ns.held
	if wide {
		vouched, held = ns.wideVouched, ns.wideHeld
	}
	shortcuts := ns.shortcuts || wide && ns.wideShortcuts
	end := len(ns.order)
	if seq != nil {
		end = len(seq)
	}
	for k := from; k < end && !f.spent() && !sink.Done(); k++ {
		i := k
		if seq != nil {
			i = int(seq[k])
		}
		p := ns.order[i]
		if ns.refuted[i] || held[i] {
			continue
		}
		if shortcuts && vouched[p.cand>>6]&(1<<(p.cand&63)) != 0 {
			held[i] = true
			continue
		}
		if skip {
			if w := f.heldWork(p.cand, wide); w >= 0 {
				// Not vouching: its net on this board may imply less.
				f.work += w * heldCharge / 2
				ns.kept.skipped++
				held[i] = true
				ns.log = append(ns.log, passEntry{at: int32(k), skipped: true})
				continue
			}
		}
		work := f.work
		switch {
		case f.tryPremise(p.cand<<1|1, wide, shortcuts):
			ns.refuted[i] = true
			sink.nestedFrom = p.size
			sink.nestedWide = wide
			f.reportNested(sink)
		case !f.spent():
			for j, w := range f.a.on {
				vouched[j] |= w
			}
			held[i] = true // the same again in this search
			if ns.kept.layout != nil {
				f.keepHeld(p.cand, wide, f.work-work)
			}
			if skip {
				ns.log = append(ns.log, passEntry{at: int32(k), work: int32(min(f.work-work, math.MaxInt32))})
				ns.logOn = append(ns.logOn, f.a.on...)
			}
		}
	}
	return f.spent()
}

// tryPremise reports whether premise p (a true literal) is refuted with
// lemmas (see refute), trying lemmas in the order of f.nested.order when
// the pass takes shortcuts (nestedShortcuts, or a wide pass under
// wideFirst). When it is refuted, f.nested.premises holds the lemmas and
// f.a the net the step reports: on boards of side 16 or more without rules
// (where heldMemo is kept) those of that search; elsewhere those of a
// second search with lemmas in the order of the cells, not counted toward
// the budget. When p holds, f.a is its net with lemmas.
func (f *forcing) tryPremise(p int32, wide, shortcuts bool) bool {
	if f.rules || !shortcuts {
		return f.refute(p, wide, false)
	}
	if !f.refute(p, wide, true) {
		return false
	}
	if f.nested.kept.layout != nil {
		// On boards of side 16 or more without rules the step reports the
		// lemmas found in premise order: the search again in the order of
		// the cells, only for the step's text, cost x16-extreme line 6
		// 8.6% of its instructions.
		return true
	}
	work, budget := f.work, f.budget
	f.budget = math.MaxInt
	refuted := f.refute(p, wide, false)
	f.work, f.budget = work, budget
	return refuted
}

// nestedStart returns the index in f.nested.order of the first premise
// whose net is no larger than size, or 0 when size is 0 (no search of
// the solve has refuted one yet) or no premise's is.
func (f *forcing) nestedStart(size int32) int {
	ns := &f.nested
	if size == 0 {
		return 0
	}
	i, _ := slices.BinarySearchFunc(ns.order, size, func(p nestedPremise, size int32) int { return int(size - p.size) })
	if i == len(ns.order) {
		return 0
	}
	return i
}

// nestedOrder lists the open candidates of the board in f.nested.order,
// those whose "true" net implies most first.
//
// A size kept from an earlier search (orderMemo) is taken as it is, its
// closure's work counted as when closed.
func (f *forcing) nestedOrder() {
	ns := &f.nested
	ns.order = ns.order[:0]
	m := &ns.sizes
	memo := f.readyOrderMemo()
	for cell, ds := range f.b.Candidates() {
		if ds.Count() < 2 {
			continue
		}
		for ; ds != 0; ds &= ds - 1 {
			c := f.cand(cell, bits.TrailingZeros32(uint32(ds)))
			if memo && m.size[c] >= 0 {
				m.kept++
				f.work += int(m.size[c]) + f.closeWork
				ns.order = append(ns.order, nestedPremise{cand: c, size: m.size[c]})
				continue
			}
			f.a.bare = true
			f.close(&f.a, c<<1|1)
			f.a.bare = false
			size := int32(len(f.a.queue))
			if memo {
				f.noteOrderReads(c, size)
			}
			ns.order = append(ns.order, nestedPremise{cand: c, size: size})
		}
	}
	// Largest first, in the order listed (by cell, then digit) among
	// nets of one size: the order of a stable sort by size, which costs
	// more (its merges) than sorting by both keys. The keys are numbers
	// (premiseKey), which sort without calling a comparison (a third of
	// the sort's instructions on x16-extreme line 3).
	ns.keys = ns.keys[:0]
	for i, p := range ns.order {
		ns.keys = append(ns.keys, premiseKey(p, i))
	}
	slices.Sort(ns.keys)
	for i, k := range ns.keys {
		ns.order[i] = nestedPremise{cand: int32(k & 0xffff), size: math.MaxInt32 - int32(k>>32)}
	}
}

// premiseKey returns a number that orders premise p, listed at index i,
// as nestedOrder sorts: by size, largest first, then by i; premise p is
// in its lowest 16 bits (a candidate number and an index are below
// 2^15, the candidates of a 32×32 board).
func premiseKey(p nestedPremise, i int) uint64 {
	return uint64(math.MaxInt32-p.size)<<32 | uint64(i)<<16 | uint64(p.cand)
}

// readyOrderMemo readies f.nested.sizes for the board searched, reporting
// whether nestedOrder is to use it: it forgets the sizes of the nets the
// candidates the board lost since read, or every size when the board is
// not the last one less some candidates.
func (f *forcing) readyOrderMemo() bool {
	m := &f.nested.sizes
	l := f.l
	countWords := (len(l.Units())*f.n + 63) / 64
	if f.rules || f.cands*(f.cw+countWords) > maxOrderMemo {
		m.layout = nil
		return false
	}
	fresh := m.layout != l || len(m.size) != f.cands
	if !fresh {
		for cell, ds := range f.b.Candidates() {
			if ds&^m.cands[cell] != 0 {
				fresh = true
				break
			}
		}
	}
	if fresh {
		m.layout, m.countWords = l, countWords
		m.size = slices.Grow(m.size[:0], f.cands)[:f.cands]
		for i := range m.size {
			m.size[i] = -1
		}
		m.cells = slices.Grow(m.cells[:0], f.cands*f.cw)[:f.cands*f.cw]
		m.counts = slices.Grow(m.counts[:0], f.cands*countWords)[:f.cands*countWords]
		m.known = m.known[:0]
		m.cands = f.b.AppendCandidates(m.cands[:0])
		return true
	}
	for cell, ds := range f.b.Candidates() {
		for gone := m.cands[cell] &^ ds; gone != 0; gone &= gone - 1 {
			f.forgetOrderReads(cell, bits.TrailingZeros32(uint32(gone)))
		}
		m.cands[cell] = ds
	}
	return true
}

// forgetOrderReads forgets the sizes of the nets that read candidate
// di+1 of cell: those with a literal in the cell, or that counted the
// digit's places in one of its units.
func (f *forcing) forgetOrderReads(cell, di int) {
	m := &f.nested.sizes
	cw, n, cwc := f.cw, f.n, m.countWords
	w, bit := cell>>6, uint64(1)<<(cell&63)
	units := f.l.CellUnit(cell)
	kept := m.known[:0]
	for _, p := range m.known {
		read := m.cells[int(p)*cw+w]&bit != 0
		counts := m.counts[int(p)*cwc : int(p)*cwc+cwc]
		for _, u := range units {
			k := u*n + di
			read = read || counts[k>>6]&(1<<(k&63)) != 0
		}
		if read {
			m.size[p] = -1
			continue
		}
		kept = append(kept, p)
	}
	m.known = kept
}

// noteOrderReads keeps size, the size of candidate c's net (in f.a),
// with what the net read of the board (see orderMemo): every literal of
// a net without rules is in its queue.
func (f *forcing) noteOrderReads(c, size int32) {
	m := &f.nested.sizes
	cw, cwc := f.cw, m.countWords
	cells := m.cells[int(c)*cw : int(c)*cw+cw]
	counts := m.counts[int(c)*cwc : int(c)*cwc+cwc]
	clear(cells)
	clear(counts)
	if t := f.t16; t != nil && len(cells) == 4 {
		noteReads16(t, (*[4]uint64)(cells), counts, f.a.queue)
		m.size[c] = size
		m.known = append(m.known, c)
		return
	}
	for _, lit := range f.a.queue {
		cell, di := f.split(lit >> 1)
		cells[cell>>6] |= 1 << (cell & 63)
		if lit&1 != 0 {
			continue
		}
		for _, ref := range f.cellRefs[cell] {
			k := int(ref.base) + di
			counts[k>>6] |= 1 << (k & 63)
		}
	}
	m.size[c] = size
	m.known = append(m.known, c)
}

// noteReads16 is noteOrderReads' loop on a board of side 16 (tables16):
// the cells of the literals of queue, and the unit and digit counts its
// false literals took down.
func noteReads16(t *tables16, cells *[4]uint64, counts []uint64, queue []int32) {
	for _, lit := range queue {
		u := uint32(lit)
		cell, di := int(u>>1)&cellMask16, int(u>>(1+plane16Bits))&(side16-1)
		cells[cell>>6&3] |= 1 << (cell & 63)
		if u&1 != 0 {
			continue
		}
		r := &t.refs[cell]
		k := int(r.base[0]) + di
		counts[k>>6] |= 1 << (k & 63)
		k = int(r.base[1]) + di
		counts[k>>6] |= 1 << (k & 63)
		k = int(r.base[2]) + di
		counts[k>>6] |= 1 << (k & 63)
		if r.fourth() {
			k = int(r.base[3]) + di
			counts[k>>6] |= 1 << (k & 63)
		}
	}
}

// refute looks for lemmas under premise p (a true literal) until its net
// reaches a contradiction, reporting whether it did; f.nested.premises
// then holds p and its lemmas, f.a the contradiction. Lemmas are sought
// in the cells p's net narrowed, or, when wide, in every open cell; they
// are tried cell by cell or, when ranked, in the order of f.nested.order
// (see nestedPass).
//
// A trial of a candidate q that reaches no contradiction shows that no
// candidate q's net implies true reaches one either, under the same
// premises: the net of such a candidate lies within q's (a net is the
// least set closed under its rules, and its rules only add), so those
// are not tried (holds), while the lemmas found since are all implied
// false by q's net (see keepTrials). On boards with cage or compartment
// rules, whose nets are closed afresh, every candidate is tried.
func (f *forcing) refute(p int32, wide, ranked bool) bool {
	ns := &f.nested
	ns.premises = append(ns.premises[:0], p)
	if f.close(&f.a, p) {
		return true
	}
	ns.holds = slices.Grow(ns.holds[:0], f.words)[:f.words]
	clear(ns.holds)
	ns.trials = ns.trials[:0]
	for progress := true; progress; {
		progress = false
		if ranked {
			for _, o := range ns.order {
				// Open in the premises' net, in a cell with another left
				// (a test of the lowest bit, not a count) and, unless
				// wide, narrowed by it.
				cell, di := f.split(o.cand)
				alive := f.a.alive[cell]
				if alive&(1<<di) == 0 || alive&(alive-1) == 0 || alive == f.b.Cands(cell) && !wide {
					continue
				}
				lemma, bad := f.tryLemma(o.cand)
				if bad {
					return true
				}
				if f.spent() {
					return false
				}
				progress = progress || lemma
			}
			continue
		}
	cells:
		for cell, ds := range f.b.Candidates() {
			alive := f.a.alive[cell]
			if alive&(alive-1) == 0 || alive == ds && !wide {
				continue
			}
			for ; alive != 0; alive &= alive - 1 {
				lemma, bad := f.tryLemma(f.cand(cell, bits.TrailingZeros32(uint32(alive))))
				if bad {
					return true
				}
				if f.spent() {
					return false
				}
				if lemma {
					progress = true
					continue cells // the cell's candidates have changed
				}
			}
		}
	}
	return false
}

// tryLemma tries candidate q, open in the net of f.nested.premises (f.a),
// as a lemma: unless the trials that held vouch for it (holds), it closes
// the net with q assumed as well; when that reaches a contradiction, q's
// being false is a lemma, added to the premises and to f.a. It reports
// whether q is a lemma and whether f.a then reaches a contradiction. It
// tries nothing once the budget is spent.
func (f *forcing) tryLemma(q int32) (lemma, bad bool) {
	ns := &f.nested
	if f.spent() || ns.holds[q>>6]&(1<<(q&63)) != 0 {
		return false, false
	}
	f.c.bare = true
	held := !f.assume(&f.c, q<<1|1)
	f.c.bare = false
	if held {
		if !f.rules {
			// What the trial added: the candidates the premises' net
			// implies true are never tried (their cells have one left).
			added := f.c.queue
			switch c := &f.c; {
			case c.b16 != nil && f.t16 != nil:
				grown := [1]uint64{c.b16.grown}
				vouchGrown(ns.holds, grown[:], c.on, f.a.on, q)
			case c.b25 != nil && f.t25 != nil:
				grown := c.b25.grown
				vouchGrown(ns.holds, grown[:], c.on, f.a.on, q)
			default:
				vouch(ns.holds, added)
			}
			ns.trials = append(append(ns.trials, int32(len(added))), added...)
		}
		return false, false
	}
	f.keepTrials(q)
	bad = f.assume(&f.a, q<<1)
	ns.premises = append(ns.premises, q<<1)
	return true, bad
}

// keepTrials keeps, of the lemma trials that held (f.nested.trials), those
// whose nets imply candidate q false, now that it is a lemma, and marks
// anew what they vouch for in f.nested.holds. A net that implied the lemma
// is the same with it among the premises, so its trial still holds; any
// other may not. A net implies q false when its trial did: q is open in
// the premises' net, which has only grown since.
func (f *forcing) keepTrials(q int32) {
	ns := &f.nested
	clear(ns.holds)
	kept := 0
	for t := 0; t < len(ns.trials); {
		net := ns.trials[t : t+1+int(ns.trials[t])]
		t += len(net)
		if !hasLiteral(net[1:], q<<1) {
			continue
		}
		vouch(ns.holds, net[1:])
		kept += copy(ns.trials[kept:], net)
	}
	ns.trials = ns.trials[:kept]
}

// hasLiteral reports whether lits holds lit: slices.Contains four at a
// time, for fewer instructions (keepTrials scans every trial's net for
// each lemma found: 3% of the Nested Forcing Net's on x16-extreme line 6).
func hasLiteral(lits []int32, lit int32) bool {
	for ; len(lits) >= 4; lits = lits[4:] {
		if lits[0] == lit || lits[1] == lit || lits[2] == lit || lits[3] == lit {
			return true
		}
	}
	for _, x := range lits {
		if x == lit {
			return true
		}
	}
	return false
}

// vouchGrown does what vouch does for a bare trial of candidate q on a
// board of side 16 or 25, whose closure noted the words of on it grew
// (bare16.grown, bare25.grown): a literal the trial found true is one of
// on's, not of base's (the premises' net), in those words or q's.
func vouchGrown(holds, grown, on, base []uint64, q int32) {
	grown[q>>12] |= 1 << (q >> 6 & 63)
	for i, g := range grown {
		for ; g != 0; g &= g - 1 {
			w := i<<6 | bits.TrailingZeros64(g)
			holds[w] |= on[w] &^ base[w]
		}
	}
}

// vouch marks in holds (a plane per digit) the candidates of the true
// literals among lits.
func vouch(holds []uint64, lits []int32) {
	for _, x := range lits {
		// Most are false: a test costs less than a store to each one's
		// word, one after the other.
		if x&1 != 0 {
			c := x >> 1
			holds[c>>6] |= 1 << (c & 63)
		}
	}
}

// assume closes into im (f.a or f.c) the net of f.nested.premises with
// lit assumed as well, reporting whether it reaches a contradiction. It
// goes on from f.a, which holds the premises' net, so that each lemma
// tried costs only what it adds; on boards with cage or compartment
// rules, whose closures keep what each cage last allowed, it closes the
// net afresh.
func (f *forcing) assume(im *implications, lit int32) bool {
	ns := &f.nested
	if f.rules {
		ns.premises = append(ns.premises, lit)
		bad := f.close(im, ns.premises...)
		ns.premises = ns.premises[:len(ns.premises)-1]
		return bad
	}
	if a := &f.a; im != a {
		im.loadFrom(a)
	}
	im.queue = im.queue[:0]
	im.bad = badNone
	im.set(lit, predPremise, 0)
	return f.follow(im)
}

// reportNested reports the step of f.nested.premises, whose net f.a
// holds with its contradiction: only the lemmas the contradiction rests
// on, each with the one its own contradiction rests on.
func (f *forcing) reportNested(sink *Sink) {
	ns := &f.nested
	k := len(ns.premises)
	ns.needed = slices.Grow(ns.needed[:0], k)[:k]
	clear(ns.needed)
	ns.needed[0] = true
	ns.clashes = slices.Grow(ns.clashes[:0], k)[:k]
	f.markNeeded(&f.a, k)
	for i := k - 1; i > 0; i-- {
		if !ns.needed[i] {
			continue
		}
		// The lemma's own net: the premise, the lemmas before it, its
		// opposite assumed.
		ns.premises[i] ^= 1
		work := f.work
		f.close(&f.c, ns.premises[:i+1]...)
		ns.premises[i] ^= 1
		ns.clashes[i] = lemmaClash{f.c.bad, f.c.badAt, f.work - work}
		f.markNeeded(&f.c, i)
	}
	// same is how many of the premises, from the first, are all needed:
	// the lemmas among them have the same premises before them kept as
	// when closed above, and so the same net and contradiction.
	// (Not on boards with rules, whose closures keep what each cage
	// last allowed: there each is closed again.)
	same := slices.Index(ns.needed, false)
	if same < 0 {
		same = k
	}
	if f.rules {
		same = 0
	}
	kept := ns.premises[:0]
	for i, lit := range ns.premises {
		if ns.needed[i] {
			kept = append(kept, lit)
		}
	}
	ns.premises = kept
	n := grid.Notation{Layout: f.l}
	s := sink.Add()
	s.Technique = nestedForcingNetContradiction
	cell, di := f.split(kept[0] >> 1)
	s.Digits = grid.Bit(di + 1)
	s.Eliminations = append(s.Eliminations, CellDigit{cell, di + 1})
	s.Cells = append(s.Cells, cell)
	f.ruleNodes = f.ruleNodes[:0]
	im := &f.c
	f.close(im, kept...)
	f.addClash(s, im)
	clash := f.clashText(im, n)
	for i, nd := range s.Nodes {
		if nd.Kind == CandidateNode && nd.Cells[0] == cell && nd.Digit == di+1 && s.Marks[i].Role == RoleOn {
			s.Nodes[i].Origin = clash
		}
	}
	// The lemmas, in the order found, each named by its contradiction:
	// the closure is bare, as its wording reads only the contradiction.
	im.bare = true
	for i := 1; i < len(kept); i++ {
		c := ns.clashes[i]
		if i >= same {
			kept[i] ^= 1
			f.close(im, kept[:i+1]...)
			kept[i] ^= 1
			c.bad, c.badAt = im.bad, im.badAt
		} else {
			f.work += c.work // as closing it again would count
		}
		lc, ld := f.split(kept[i] >> 1)
		addCandidateNode(s, lc, ld+1)
		s.Nodes[len(s.Nodes)-1].Origin = n.CellName(lc) + "=" + n.DigitName(ld+1) + " => " + f.clashWords(c.bad, c.badAt, n)
		s.Marks = append(s.Marks, Mark{Cell: lc, Digit: ld + 1, Role: RoleOff})
	}
	im.bare = false
	s.Marks = append(s.Marks, Mark{Cell: cell, Digit: di + 1, Role: RoleTarget})
	f.placeRuleNodes(s)
}

// markNeeded sets f.nested.needed for the lemmas among the first k
// premises that im's contradiction rests on.
func (f *forcing) markNeeded(im *implications, k int) {
	ns := &f.nested
	f.reach(im, f.clashTargets(nil, im))
	for i := 1; i < k; i++ {
		if f.mark[ns.premises[i]] == f.gen {
			ns.needed[i] = true
		}
	}
}

// clashText words the contradiction im reached, e.g. "r3c4=5 and
// r3c4<>5" or "no place for 7 in row 3", digits by number: a lemma's
// node keeps it in Origin, which explainNestedForcing renders in the
// caller's symbols (symbolic).
func (f *forcing) clashText(im *implications, n grid.Notation) string {
	return f.clashWords(im.bad, im.badAt, n)
}

// clashWords is clashText for the contradiction bad at badAt
// (implications.bad, badAt).
func (f *forcing) clashWords(bad uint8, badAt int32, n grid.Notation) string {
	lit := func(x int32) string {
		cell, di := f.split(x >> 1)
		op := "<>"
		if x&1 != 0 {
			op = "="
		}
		return n.CellName(cell) + op + n.DigitName(di+1)
	}
	switch bad {
	case badLiteral:
		return lit(badAt|1) + " and " + lit(badAt&^1)
	case badCell:
		return n.CellName(int(badAt)) + " has no candidate left"
	case badUnit:
		u, di := int(badAt)/f.n, int(badAt)%f.n
		return "no place for " + n.DigitName(di+1) + " in " + f.l.Unit(u).Name()
	case badRule:
		r := int(badAt)
		switch {
		case f.isSum(r):
			v := f.sumOf(r)
			return fmt.Sprintf("%s (%s) can no longer sum to %d", cellSum(n, v.cells), v.from(n), v.target)
		case r < len(f.l.Cages()):
			return grid.CageConflict(r).Describe(n)
		default:
			return grid.UnitConflict(r-len(f.l.Cages()), 0).Describe(n)
		}
	}
	return "a contradiction"
}

// digitAfter matches a digit by number where a clash text (clashText)
// names one: after "=", "<>" or "no place for ".
var digitAfter = regexp.MustCompile(`(=|<>|no place for )([0-9]+)`)

// symbolic renders the digits of a clash text, worded by number when
// found, in n's symbols.
func symbolic(text string, n grid.Notation) string {
	if n.Symbols == "" {
		return text
	}
	return digitAfter.ReplaceAllStringFunc(text, func(m string) string {
		sub := digitAfter.FindStringSubmatch(m)
		d, err := strconv.Atoi(sub[2])
		if err != nil {
			return m
		}
		return sub[1] + n.DigitName(d)
	})
}

// explainNestedForcing renders a nested forcing net, e.g. "Nested Forcing
// Net Contradiction: r2c1=11 => r8c8=2 and r8c8<>2, given r3c4<>5
// (r3c4=5 => no place for 7 in row 3); so r2c1<>11"; each lemma's net
// assumes the premise and the lemmas named before it.
func explainNestedForcing(s *Step, n grid.Notation) string {
	w, ok := nestedForcingText(s, n)
	if !ok {
		return s.Name() + ": " + describeChanges(s, n)
	}
	return w.line()
}

// describeNestedForcing explains a nested forcing net and lays it out: the
// premise and its clash, each lemma on a line, and the conclusion; no
// outline for a net of no lemmas, whose explanation is a line.
func describeNestedForcing(s *Step, n grid.Notation) (string, []OutlineLine) {
	w, ok := nestedForcingText(s, n)
	if !ok {
		return s.Name() + ": " + describeChanges(s, n), nil
	}
	if len(w.lemmas) == 0 {
		return w.line(), nil
	}
	out := []OutlineLine{{Depth: 0, Text: w.net + ", given:"}}
	for _, l := range w.lemmas {
		out = append(out, OutlineLine{Depth: 1, Text: l.removed + ", since " + l.net})
	}
	return w.line(), append(out, OutlineLine{Depth: 0, Text: w.conclusion})
}

// line renders the net in one line.
func (w *nestedForcingWords) line() string {
	var sb strings.Builder
	sb.WriteString(w.net)
	for i, l := range w.lemmas {
		if i == 0 {
			sb.WriteString(", given ")
		} else {
			sb.WriteString(", ")
		}
		sb.WriteString(l.removed + " (" + l.net + ")")
	}
	sb.WriteString("; " + w.conclusion)
	return sb.String()
}

// nestedForcingWords are the parts of a nested forcing net's explanation:
// the premise's net and its clash ("Nested Forcing Net Contradiction:
// r2c1=11 => r8c8=2 and r8c8<>2"), the lemmas it is given, and the
// conclusion ("so r2c1<>11 (by ...)").
type nestedForcingWords struct {
	net        string
	lemmas     []lemmaWords
	conclusion string
}

// lemmaWords are a lemma of a nested forcing net: the candidate it
// removes ("r3c4<>5") and the net that removes it ("r3c4=5 => no place
// for 7 in row 3").
type lemmaWords struct {
	removed, net string
}

// nestedForcingText returns the words of a nested forcing net; false for
// a step that removes nothing.
func nestedForcingText(s *Step, n grid.Notation) (nestedForcingWords, bool) {
	if len(s.Eliminations) == 0 {
		return nestedForcingWords{}, false
	}
	e := s.Eliminations[0]
	var w nestedForcingWords
	var clash string
	for i, nd := range s.Nodes {
		if nd.Kind != CandidateNode || nd.Origin == "" || i >= len(s.Marks) {
			continue
		}
		if s.Marks[i].Role == RoleOn {
			clash = nd.Origin
			continue
		}
		w.lemmas = append(w.lemmas, lemmaWords{n.CellName(nd.Cells[0]) + "<>" + n.DigitName(nd.Digit), symbolic(nd.Origin, n)})
	}
	w.net = fmt.Sprintf("%s: %s=%s => %s", s.Name(), n.CellName(e.Cell), n.DigitName(e.Digit), symbolic(clash, n))
	w.conclusion = fmt.Sprintf("so %s<>%s", n.CellName(e.Cell), n.DigitName(e.Digit))
	if rules := forcingRules(s, n); rules != "" {
		w.conclusion += " (by " + rules + ")"
	}
	return w, true
}

// readyHeldMemo readies f.nested.kept for the board searched: it forgets
// the premises whose nets did not imply false every candidate the board
// has lost since, or every premise when the board is not the last one
// less some candidates; boards below 16×16 (the classic path, left as
// it was), or with rules, keep none.
func (f *forcing) readyHeldMemo() {
	m := &f.nested.kept
	if f.l.N < 16 || f.rules {
		m.layout = nil
		return
	}
	words := f.words
	m.lost = slices.Grow(m.lost[:0], words)[:words]
	f.heldBoard(m.lost) // the board now, for a moment
	fresh := m.layout != f.l || len(m.board) != words || len(m.row[0]) != f.cands
	for i := 0; i < words && !fresh; i++ {
		fresh = m.lost[i]&^m.board[i] != 0
	}
	m.board, m.lost = m.lost, m.board
	if fresh {
		m.layout = f.l
		for k := range m.row {
			m.row[k] = slices.Grow(m.row[k][:0], f.cands)[:f.cands]
			for i := range m.row[k] {
				m.row[k][i] = -1
			}
			m.work[k] = slices.Grow(m.work[k][:0], f.cands)[:f.cands]
		}
		m.off = m.off[:0]
		m.free = m.free[:0]
		return
	}
	for i, w := range m.board {
		m.lost[i] &^= w // the old board less the new
	}
	for k := range m.row {
		for c, row := range m.row[k] {
			if row < 0 {
				continue
			}
			r := int(row) * words
			off := m.off[r : r+words]
			for i, w := range m.lost {
				if w&^off[i] != 0 {
					m.free = append(m.free, row)
					m.row[k][c] = -1
					break
				}
			}
		}
	}
}

// heldBoard sets plane to the candidates of the board searched.
func (f *forcing) heldBoard(plane []uint64) {
	clear(plane)
	for cell, ds := range f.b.Candidates() {
		for ; ds != 0; ds &= ds - 1 {
			c := f.cand(cell, bits.TrailingZeros32(uint32(ds)))
			plane[c>>6] |= 1 << (c & 63)
		}
	}
}

// heldWork returns the work counted by the last search of candidate c's
// premise if it is known to hold (see heldMemo) with narrow or, when
// wide, wide lemmas, or -1.
func (f *forcing) heldWork(c int32, wide bool) int {
	m := &f.nested.kept
	if m.row[1][c] >= 0 {
		return int(m.work[1][c])
	}
	if !wide && m.row[0][c] >= 0 {
		return int(m.work[0][c])
	}
	return -1
}

// keepHeld keeps candidate c's premise, which has just held with narrow
// or, when wide, wide lemmas, with its net with lemmas (f.a) and the
// work its search counted.
func (f *forcing) keepHeld(c int32, wide bool, work int) {
	m := &f.nested.kept
	k := 0
	if wide {
		k = 1
	}
	r := m.row[k][c]
	if r < 0 {
		if n := len(m.free); n > 0 {
			r, m.free = m.free[n-1], m.free[:n-1]
		} else {
			if (len(m.off)+f.words)*8 > maxHeldBytes {
				return // not kept: the premise is tried again
			}
			r = int32(len(m.off) / f.words)
			m.off = append(m.off, f.a.off...)
		}
		m.row[k][c] = r
	}
	copy(m.off[int(r)*f.words:], f.a.off)
	m.work[k][c] = int32(min(work, math.MaxInt32))
}
