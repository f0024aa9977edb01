package strategy

import "github.com/sudokuwise/solver/engine/grid"

// ProbeResult is what the probe found for one open candidate.
type ProbeResult struct {
	Cell, Digit int
	Reach       int  // candidates its outer trial removes
	Depth1      bool // its own trial breaks a rule
	Nested      bool // its nested trial breaks a rule
	Looks       int  // looks its nested trial took
}

// Probe follows every open candidate of b: its trial, then its nested
// trial (inner trials of at most nestedCandidateBudget looks), strong
// or plain.
func Probe(b *grid.Board, strong, nested bool) []ProbeResult {
	t := new(trial)
	ok := t.start
	if strong {
		ok = t.startStrong
	}
	if !ok(b) {
		return nil
	}
	var out []ProbeResult
	cells := t.l.Cells
	for _, c := range t.order {
		for ds := t.base[c]; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			r := ProbeResult{Cell: c, Digit: d}
			if t.tryKept(0, t.base, c, d, false) {
				r.Depth1 = true
				out = append(out, r)
				continue
			}
			for x := range t.base {
				r.Reach += t.base[x].Count() - t.cand[x].Count()
			}
			if nested {
				xs := append([]grid.Digits(nil), t.cand[:cells]...)
				w := t.work
				r.Nested, _ = t.nested(1+c*16+d, xs, nil)
				r.Looks = t.work - w
			}
			out = append(out, r)
		}
	}
	return out
}

// StrongScan runs Strong Cage Contradiction's search on b with budget,
// for every step, and returns the steps and the looks it took.
func StrongScan(b *grid.Board, budget int) (steps []Step, looks int) {
	sink := Sink{strategy: strongContradictionStrategy, All: true}
	t := new(trial)
	if !t.startStrong(b) {
		return nil, 0
	}
	t.findStrong(&sink, strongPicks(b, nil), budget)
	return sink.Steps(), t.work
}
