package strategy

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

var (
	templateSet    = &Technique{name: "Template Set", code: "1201", level: Extreme, score: 10000, se: 75}
	templateDelete = &Technique{name: "Template Delete", code: "1202", level: Extreme, score: 10000, se: 75}

	templates = &Strategy{
		name: "Templates", class: Elimination,
		techniques: []*Technique{templateSet, templateDelete},
		explain:    explainTemplates,
		find:       findTemplates,
	}
)

// Templates (v, the pattern overlay method): a template of a digit is
// one way to place it N times, once in every unit, on cells that hold
// it or may. A cell in every template of a digit holds it (Template
// Set); a candidate in no template is false (Template Delete). As
// HoDoKu does, a template is dropped when it takes a cell that every
// template of another digit takes, until no more drop. Boards up to
// 9×9 only (the templates of larger boards are too many), and only
// when chosen (OptIn): enumerating the templates is dear.
func Templates() *Strategy { return templates }

// templateMaxSize is the largest board side templates are enumerated on.
const templateMaxSize = 9

// tmplBits is a set of cells of a board of at most 128 cells.
type tmplBits [2]uint64

func (s *tmplBits) add(c int)              { s[c>>6] |= 1 << (c & 63) }
func (s tmplBits) has(c int) bool          { return s[c>>6]&(1<<(c&63)) != 0 }
func (s tmplBits) and(t tmplBits) tmplBits { return tmplBits{s[0] & t[0], s[1] & t[1]} }
func (s tmplBits) or(t tmplBits) tmplBits  { return tmplBits{s[0] | t[0], s[1] | t[1]} }
func (s tmplBits) not(t tmplBits) tmplBits { return tmplBits{s[0] &^ t[0], s[1] &^ t[1]} }

// templateSearch is the scratch of the template enumeration on one board.
type templateSearch struct {
	n      int
	peers  [templateMaxSize * templateMaxSize]tmplBits
	extra  [4 * templateMaxSize]tmplBits // units beyond rows, columns and regions
	nExtra int
	rows   [templateMaxSize]tmplBits // cells of each row the digit may take
	// The union and intersection of the templates found, and their count.
	union, common tmplBits
	count         int
	// Per digit: the cells it may take, and the union and intersection of
	// its templates.
	allowed       [templateMaxSize + 1]tmplBits
	unions, sures [templateMaxSize + 1]tmplBits
}

var templatePool = sync.Pool{New: func() any { return new(templateSearch) }}

func findTemplates(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if l.N > templateMaxSize {
		return
	}
	t := templatePool.Get().(*templateSearch)
	defer templatePool.Put(t)
	if !t.load(b) {
		return // a digit has no template: the board has no solution
	}
	// Every Template Set comes before every Template Delete.
	for _, tech := range []*Technique{templateSet, templateDelete} {
		for d := 1; d <= l.N; d++ {
			var s *Step
			for c := range l.Cells {
				if !t.concludes(b, tech, c, d) {
					continue
				}
				if s == nil {
					s = sink.Add()
					s.Technique, s.Digits = tech, grid.Bit(d)
				}
				if tech == templateSet {
					s.Placements = append(s.Placements, CellDigit{c, d})
					s.Marks = append(s.Marks, Mark{c, d, RolePattern})
				} else {
					s.Eliminations = append(s.Eliminations, CellDigit{c, d})
					s.Marks = append(s.Marks, Mark{c, d, RoleTarget})
				}
			}
			if s != nil && sink.Done() {
				return
			}
		}
	}
}

// concludes reports whether tech applies to digit d in cell c: a Template
// Set places d in an empty cell every template of d takes, a Template
// Delete removes the candidate d from a cell no template of d takes.
func (t *templateSearch) concludes(b *grid.Board, tech *Technique, c, d int) bool {
	if tech == templateSet {
		return b.Value(c) == 0 && t.sures[d].has(c)
	}
	return b.Cands(c).Has(d) && !t.unions[d].has(c)
}

// load enumerates the templates of every digit of b, dropping those that
// take a cell sure for another digit until none drops; it reports false
// when a digit is left without a template.
func (t *templateSearch) load(b *grid.Board) bool {
	l := b.Layout()
	n := l.N
	t.n = n
	for c := range l.Cells {
		t.peers[c] = tmplBits{}
		for _, p := range l.Peers(c) {
			t.peers[c].add(p)
		}
	}
	t.nExtra = 0
	for u := range l.Units() {
		switch l.Unit(u).Kind {
		case grid.Row, grid.Column, grid.Region:
			continue // one per row and no two peers: one per column and region
		}
		t.extra[t.nExtra] = tmplBits{}
		for _, c := range l.Unit(u).Cells {
			t.extra[t.nExtra].add(c)
		}
		t.nExtra++
	}
	for d := 1; d <= n; d++ {
		t.allowed[d] = tmplBits{}
		for c := range l.Cells {
			if int(b.Value(c)) == d || b.Cands(c).Has(d) {
				t.allowed[d].add(c)
			}
		}
		if !t.enumerate(d, tmplBits{}) {
			return false
		}
	}
	for changed := true; changed; {
		changed = false
		for d := 1; d <= n; d++ {
			var taken tmplBits
			for e := 1; e <= n; e++ {
				if e != d {
					taken = taken.or(t.sures[e])
				}
			}
			if taken.and(t.unions[d]) == (tmplBits{}) {
				continue // no template of d takes such a cell
			}
			before := t.sures[d]
			if !t.enumerate(d, taken) {
				return false
			}
			changed = changed || t.sures[d] != before
		}
	}
	return true
}

// enumerate finds the templates of digit d that avoid the cells banned,
// setting its union and intersection; it reports false when there is none.
func (t *templateSearch) enumerate(d int, banned tmplBits) bool {
	may := t.allowed[d].not(banned)
	for r := 0; r < t.n; r++ {
		t.rows[r] = tmplBits{}
		for c := r * t.n; c < (r+1)*t.n; c++ {
			if may.has(c) {
				t.rows[r].add(c)
			}
		}
	}
	t.union, t.common, t.count = tmplBits{}, tmplBits{^uint64(0), ^uint64(0)}, 0
	t.walk(0, tmplBits{}, tmplBits{})
	t.unions[d], t.sures[d] = t.union, t.common
	return t.count > 0
}

// walk places the digit in row r and the rows below, on cells seeing none
// of chosen (forbid holds their peers).
func (t *templateSearch) walk(r int, forbid, chosen tmplBits) {
	if r == t.n {
		for i := 0; i < t.nExtra; i++ {
			if chosen.and(t.extra[i]) == (tmplBits{}) {
				return
			}
		}
		t.union = t.union.or(chosen)
		t.common = t.common.and(chosen)
		t.count++
		return
	}
	free := t.rows[r].not(forbid)
	for w := range free {
		for x := free[w]; x != 0; x &= x - 1 {
			c := w<<6 + bits.TrailingZeros64(x)
			next := chosen
			next.add(c)
			t.walk(r+1, forbid.or(t.peers[c]), next)
		}
	}
}

func explainTemplates(s *Step, n grid.Notation) string {
	d := n.DigitName(s.Digits.Min())
	if s.Technique == templateSet {
		return fmt.Sprintf("%s: every placement of %s in all units takes %s", s.Name(), d, describeChanges(s, n))
	}
	return fmt.Sprintf("%s: no placement of %s in all units takes %s", s.Name(), d, cellList(n, eliminationCells(s)))
}
