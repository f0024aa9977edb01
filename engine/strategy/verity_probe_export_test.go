package strategy

import (
	"fmt"
	"slices"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/cputime"
)

// VerityKind is what one branching kind of the verity probe found.
type VerityKind struct {
	Name     string
	Sets     int // branching sets followed
	Branches int // branches followed (trials)
	Broken   int // branches that broke a rule
	Elims    []CellDigit
	Looks    int
	CPU      time.Duration
}

// VerityProbe follows, from b's candidates with every rule followed (the
// base), the branching sets of b: every open candidate (cells, and the
// places of a digit in a row, column, box or cage), and the combinations
// of every cage and virtual cage of at most maxCombos of them, with the
// strong trial or the plain one, and returns, for each kind, the base
// candidates no surviving branch keeps. baseCut counts the board's
// candidates the base itself removes.
func VerityProbe(b *grid.Board, strong bool, maxCombos int) (kinds []VerityKind, baseCut int) {
	t := new(trial)
	ok := t.start
	if strong {
		ok = t.startStrong
	}
	if !ok(b) {
		return nil, 0
	}
	l := t.l
	base := slices.Clone(t.base)
	for c := range l.Cells {
		if b.Value(c) == 0 { // a placed cell's base holds its digit
			baseCut += b.Cands(c).Count() - base[c].Count()
		}
	}
	open := func(c int) bool { return b.Value(c) == 0 && base[c].Count() > 1 }

	// One trial per open candidate.
	c0, w0 := cputime.Used(), t.work
	after := map[int][]grid.Digits{}
	trials, broken := 0, 0
	for c := range l.Cells {
		if !open(c) {
			continue
		}
		for ds := base[c]; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			trials++
			if t.try(base, c, d, false) {
				broken++
				after[c*16+d] = nil
				continue
			}
			after[c*16+d] = slices.Clone(t.cand)
		}
	}
	candCPU, candLooks := cputime.Used()-c0, t.work-w0

	union := make([]grid.Digits, l.Cells)
	elims := func(branches [][]grid.Digits, into map[int]bool) {
		clear(union)
		alive := 0
		for _, a := range branches {
			if a == nil {
				continue
			}
			alive++
			for x := range union {
				union[x] |= a[x]
			}
		}
		if alive == 0 {
			return
		}
		for x := range union {
			if !open(x) {
				continue
			}
			for ds := base[x] &^ union[x]; ds != 0; ds &= ds - 1 {
				into[x*16+ds.Min()] = true
			}
		}
	}
	// branch follows the n branches of one set of kind k, try(i) reporting
	// whether branch i breaks, and adds its verities to got.
	branch := func(k *VerityKind, got map[int]bool, n int, try func(i int) bool) {
		k.Sets++
		var br [][]grid.Digits
		for i := range n {
			k.Branches++
			if try(i) {
				k.Broken++
				br = append(br, nil)
				continue
			}
			br = append(br, slices.Clone(t.cand))
		}
		elims(br, got)
	}
	list := func(m map[int]bool) []CellDigit {
		var out []CellDigit
		for k := range m {
			out = append(out, CellDigit{k / 16, k % 16})
		}
		slices.SortFunc(out, func(x, y CellDigit) int { return (x.Cell*16 + x.Digit) - (y.Cell*16 + y.Digit) })
		return out
	}

	cellKind := VerityKind{Name: "cell", Looks: candLooks, CPU: candCPU, Branches: trials, Broken: broken}
	got := map[int]bool{}
	for c := range l.Cells {
		if !open(c) {
			continue
		}
		var br [][]grid.Digits
		for ds := base[c]; ds != 0; ds &= ds - 1 {
			br = append(br, after[c*16+ds.Min()])
		}
		cellKind.Sets++
		elims(br, got)
	}
	cellKind.Elims = list(got)

	unitKind := VerityKind{Name: "unit", Looks: candLooks, CPU: candCPU, Branches: trials, Broken: broken}
	got = map[int]bool{}
	placesOf := func(cells []int, d int) [][]grid.Digits {
		var br [][]grid.Digits
		for _, c := range cells {
			if int(b.Value(c)) == d {
				return nil
			}
			if open(c) && base[c].Has(d) {
				br = append(br, after[c*16+d])
			}
		}
		if len(br) < 2 {
			return nil
		}
		return br
	}
	for u := range l.Units() {
		unit := l.Unit(u)
		if unit.Partial || len(unit.Cells) != l.N {
			continue
		}
		for d := 1; d <= l.N; d++ {
			if br := placesOf(unit.Cells, d); br != nil {
				unitKind.Sets++
				elims(br, got)
			}
		}
	}
	unitKind.Elims = list(got)

	// A cage's places of a digit every combination holds.
	cageUnit := VerityKind{Name: "cage digit", Looks: candLooks, CPU: candCPU, Branches: trials, Broken: broken}
	got = map[int]bool{}
	type groupCombos struct {
		g      int
		combos []grid.Digits
	}
	var gcs []groupCombos
	walk := new(distinctWalk)
	for g := range t.groups {
		grp := &t.groups[g]
		if !grp.distinct {
			continue
		}
		opts := make([]grid.Digits, len(grp.cells))
		nopen := 0
		for i, c := range grp.cells {
			opts[i] = base[c]
			if open(c) {
				nopen++
			}
		}
		if nopen < 2 {
			continue
		}
		walk.fill(opts, grp.target)
		var combos []grid.Digits
		all := grid.AllDigits(l.N)
		for m := 0; m < 512; m++ {
			if walk.back[len(opts)][m] {
				combos = append(combos, grid.Digits(m))
				all &= grid.Digits(m)
			}
		}
		gcs = append(gcs, groupCombos{g, combos})
		if grp.cage < 0 {
			continue
		}
		for ds := all; ds != 0; ds &= ds - 1 {
			if br := placesOf(grp.cells, ds.Min()); br != nil {
				cageUnit.Sets++
				elims(br, got)
			}
		}
	}
	cageUnit.Elims = list(got)

	comboKind := VerityKind{Name: "combos"}
	got = map[int]bool{}
	c0, w0 = cputime.Used(), t.work
	for _, gc := range gcs {
		if len(gc.combos) < 2 || len(gc.combos) > maxCombos {
			continue
		}
		grp := &t.groups[gc.g]
		branch(&comboKind, got, len(gc.combos), func(i int) bool { return t.tryCombo(base, grp.cells, gc.combos[i]) })
	}
	comboKind.Elims = list(got)
	comboKind.CPU, comboKind.Looks = cputime.Used()-c0, t.work-w0

	fillKind := VerityKind{Name: "fillings"}
	got = map[int]bool{}
	c0, w0 = cputime.Used(), t.work
	for g := range t.groups {
		grp := &t.groups[g]
		fills := groupFillings(grp, base, maxCombos)
		if len(fills) < 2 {
			continue
		}
		branch(&fillKind, got, len(fills), func(i int) bool {
			f8 := make([]uint8, len(fills[i]))
			for j, d := range fills[i] {
				f8[j] = uint8(d)
			}
			return t.tryFilling(base, grp.cells, f8)
		})
	}
	fillKind.Elims = list(got)
	fillKind.CPU, fillKind.Looks = cputime.Used()-c0, t.work-w0
	return []VerityKind{cellKind, unitKind, cageUnit, comboKind, fillKind}, baseCut
}

// tryCombo assumes the cells hold the digits of set in a copy of base
// and reports whether it leads to a contradiction.
func (t *trial) tryCombo(base []grid.Digits, cells []int, set grid.Digits) bool {
	t.begin(base)
	t.events = append(t.events, trialEvent{group: -1, cell: cells[0], unit: -1})
	ok := true
	for _, c := range cells {
		for ds := t.cand[c] &^ set; ok && ds != 0; ds &= ds - 1 {
			ok = t.remove(c, ds.Min(), 0)
		}
	}
	ok = ok && t.run()
	t.drain()
	return !ok
}

// groupFillings returns the fillings of grp from candidates cand, a digit
// a cell, nil when there are more than most.
func groupFillings(grp *trialGroup, cand []grid.Digits, most int) [][]int {
	var out [][]int
	digits := make([]int, len(grp.cells))
	var walk func(i, sum int) bool
	walk = func(i, sum int) bool {
		if i == len(grp.cells) {
			if sum == grp.target {
				if len(out) == most {
					return false
				}
				out = append(out, slices.Clone(digits))
			}
			return true
		}
		for ds := cand[grp.cells[i]]; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			if sum+d > grp.target {
				break
			}
			clash := false
			for j := range i {
				if grp.sees[i]&(1<<j) != 0 && digits[j] == d {
					clash = true
				}
			}
			if clash {
				continue
			}
			digits[i] = d
			if !walk(i+1, sum+d) {
				return false
			}
		}
		return true
	}
	if !walk(0, 0) {
		return nil
	}
	return out
}

// VerityLog collects VerityScan's notes on the sets with steps.
var VerityLog []string

// VerityScan runs Cage Filling Verity's search on b with most fillings a
// group and budget looks, for every step, and returns the steps and the
// looks it took.
func VerityScan(b *grid.Board, most, budget int) (steps []Step, looks int) {
	sink := Sink{strategy: fillingVerityStrategy, All: true}
	t := new(trial)
	if !t.startStrong(b) {
		return nil, 0
	}
	v := new(verityState)
	v.collect(t, most)
	for i, s := range v.sets {
		if t.work > budget {
			break
		}
		w := t.work
		n := len(sink.steps)
		t.verity(&sink, v, s)
		if len(sink.steps) > n {
			VerityLog = append(VerityLog, fmt.Sprintf("set %d of %d: %d fillings, %d alive, looks %d (at %d)", i, len(v.sets), s.n, len(v.alive), t.work-w, t.work))
		}
	}
	return sink.Steps(), t.work
}

// SetVerityLimits sets Cage Filling Verity's most fillings a group and
// looks a search, returning a function that puts them back.
func SetVerityLimits(most, budget int) (undo func()) {
	m, b := verityFillings, verityBudget
	verityFillings, verityBudget = most, budget
	return func() { verityFillings, verityBudget = m, b }
}

// SetVerityCarry sets whether Cage Filling Verity carries its fillings'
// outcomes from one search to the next, returning what undoes it.
func SetVerityCarry(on bool) (undo func()) {
	was := verityCarry
	verityCarry = on
	return func() { verityCarry = was }
}

// VerityCarryCounts returns, and zeroes, the counts of the kept Cage
// Filling Verity state: the fillings whose outcome a search carried
// (broken, skipped; held, resumed) and those it followed afresh.
func VerityCarryCounts() (dead, resumed, fresh int) {
	v := verityPool.get()
	defer verityPool.put(v)
	k := &v.kept
	dead, resumed, fresh = k.dead, k.resumed, k.fresh
	k.dead, k.resumed, k.fresh = 0, 0, 0
	return dead, resumed, fresh
}

// SetVerityTurn sets whether a Cage Filling Verity search for one step
// starts after the group of the last step found on its sink, returning
// what undoes it.
func SetVerityTurn(on bool) (undo func()) {
	was := verityTurn
	verityTurn = on
	return func() { verityTurn = was }
}

// SetVerityStop sets whether a Cage Filling Verity trial may stop once
// it has removed every candidate no filling alive keeps yet, returning
// what undoes it.
func SetVerityStop(on bool) (undo func()) {
	was := verityStop
	verityStop = on
	return func() { verityStop = was }
}

// VerityStops returns, and zeroes, the count of Cage Filling Verity
// trials that stopped early.
func VerityStops() int {
	v := verityPool.get()
	defer verityPool.put(v)
	n := v.kept.stopped
	v.kept.stopped = 0
	return n
}
