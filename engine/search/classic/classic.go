// Package classic is the exact solver for classic 9×9 Sudoku: a
// backtracking search over bitboards that solves a puzzle, counts its
// solutions up to a limit and returns them, without allocating.
package classic

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// Grid holds the 81 cells of a board row by row: 1–9 for a digit, 0 for an
// empty cell.
type Grid [81]uint8

// String renders the grid as 81 characters, '.' for an empty cell.
func (g *Grid) String() string {
	var b [81]byte
	for i, v := range g {
		b[i] = '.'
		if v != 0 {
			b[i] = '0' + v
		}
	}
	return string(b[:])
}

// Puzzle is a board to search: its clues and, optionally, the candidates
// left in its empty cells.
type Puzzle struct {
	Grid Grid
	// Marks, when not nil, holds the candidates of every empty cell as a bit
	// set (bit d-1 for digit d); the search only places candidates. Entries
	// of filled cells are ignored.
	Marks *[81]uint16
}

// Parse reads a puzzle of 81 cells: '1'–'9' are clues, '.' and '0' empty
// cells, and the other blanks a one-line 9×9 of plain text may have ('_',
// '*', and '-', 'x' and 'X' as Sudoku Explainer writes them), so that a
// line the codec reads as a classic 9×9 reads here too.
func Parse(s string) (Puzzle, error) {
	var p Puzzle
	if len(s) != 81 {
		return p, fmt.Errorf("classic puzzle has %d characters, want 81", len(s))
	}
	for i := range 81 {
		c := s[i]
		if d := c - '0'; d <= 9 {
			p.Grid[i] = d
		} else if strings.IndexByte(blanks, c) < 0 {
			return p, fmt.Errorf("classic puzzle: character %q at cell %d", c, i+1)
		}
	}
	return p, nil
}

// blanks are the characters Parse reads as an empty cell besides '0'.
const blanks = "._*-xX"

// ErrNodeLimit is returned when a search spends its node budget.
var ErrNodeLimit = errors.New("search node budget exhausted")

// NodeLimitError is ErrNodeLimit wrapped with the budget spent, n
// guesses.
func NodeLimitError[N ~int | ~int64](n N) error {
	if n == 1 {
		return fmt.Errorf("%w after 1 guess", ErrNodeLimit)
	}
	return fmt.Errorf("%w after %d guesses", ErrNodeLimit, n)
}

// Result is the outcome of a search.
type Result struct {
	// Count is the number of solutions found, at most the limit.
	Count int
	// Complete reports whether the search covered the whole tree, so that
	// Count is exact.
	Complete bool
	// Guesses is the number of guesses: tentative placements, each undone
	// when the search backtracks.
	Guesses int64
}

// ctxEvery is how many guesses pass between context checks: a guess with its
// propagation costs at most a few microseconds, so the context is checked
// several times a millisecond.
const ctxEvery = 128

// Solver searches classic puzzles. The zero value is ready to use; a solver
// reused for many puzzles does not allocate. It is not safe for concurrent
// use.
type Solver struct {
	// MaxNodes bounds the guesses of one search; 0 means no bound.
	MaxNodes int64

	// stack holds the state of every depth of the search: a guess places
	// a digit, so there are at most 81 guesses in force.
	stack   [82]state
	scratch Grid
	limit   int
	// leaves is the number of unsolved cells at or below which the search
	// neither claims nor scores its guesses: nearLeaves, or all the cells
	// for a puzzle with few empty cells (see fewEmpty).
	leaves int
	// flat is set for the searches that propagate with propagateFlat:
	// those not near the leaves from their root (see fewEmpty). Counting
	// to 2 with propagatePEXTFlat, cachegrind's instructions grow 12-14%
	// on every shared set while its mispredicted branches fall 23-31% on
	// top1465, 1106 and 17-clue but 3.6% on serg, whose puzzles are
	// mostly searched near the leaves from their root.
	flat bool
	res  Result
	sols []Grid
	each func(*Grid)
	ctx  context.Context
	done <-chan struct{}
	err  error
}

// Count searches p for up to limit solutions (limit ≥ 1) and stores the
// first len(sols) of them in sols. The error is the context's error when it
// ends first, or ErrNodeLimit; the result then counts what was found.
func (s *Solver) Count(ctx context.Context, p *Puzzle, limit int, sols []Grid) (Result, error) {
	return s.run(ctx, p, limit, sols, nil)
}

// Each searches p for up to limit solutions (limit ≥ 1), calling fn with
// each as it is found; the grid is only valid during the call. Errors are
// those of Count.
func (s *Solver) Each(ctx context.Context, p *Puzzle, limit int, fn func(*Grid)) (Result, error) {
	return s.run(ctx, p, limit, nil, fn)
}

func (s *Solver) run(ctx context.Context, p *Puzzle, limit int, sols []Grid, each func(*Grid)) (Result, error) {
	s.limit, s.res, s.sols, s.each, s.ctx, s.done, s.err = max(limit, 1), Result{}, sols, each, ctx, ctx.Done(), nil
	if err := s.stack[0].load(p); err != nil {
		return s.res, err
	}
	s.leaves, s.flat = nearLeaves, true
	if s.stack[0].unsolvedCount() <= fewEmpty {
		s.leaves, s.flat = 81, false
	}
	s.search(0)
	res, err := s.res, s.err
	res.Complete = err == nil && res.Count < s.limit
	s.sols, s.each, s.ctx, s.done = nil, nil, nil, nil
	return res, err
}

// state is the search state: where each digit can still go.
type state struct {
	// cand[3*d+b] is the word of band b for digit d+1; entries 27–31 are
	// unused, so that an index masked with 31 needs no bounds check.
	cand [32]uint32
	// unsolved holds the cells of each band not yet placed; the fourth
	// entry is unused, so that a band index masked with 3 needs no bounds
	// check.
	unsolved [4]uint32
	// pairs holds the cells of each band with exactly two candidates, as
	// of the last search for naked singles.
	pairs [3]uint32
	// dirty holds the words changed since they were last propagated.
	dirty uint32
	// touched holds the words changed since their band was last searched
	// for naked singles, and unclaimed those changed since their digit
	// was last searched for claims: the bands and digits without such a
	// word have nothing new to find.
	touched, unclaimed uint32
}

// load sets the state to the puzzle's clues and marks, all words dirty;
// propagation then finds the consequences. It builds every word at once
// from the clues of its digit: the cells of the clues go from every
// digit, and each clue takes its row, box and column from its own digit.
// Two equal clues in a unit need no check here: they leave the unit too
// few cells for the other digits, and propagation finds a digit without a
// place.
func (st *state) load(p *Puzzle) error {
	t := tab
	// clues[3*d+b] holds the clues of digit d+1 in band b.
	var clues [32]uint32
	g := &p.Grid
	// The filled cells, found eight at a time: cells 0–63 in lo, 64–80 in hi.
	var lo uint64
	for k := 0; k < 64; k += 8 {
		lo |= uint64(nonZero(binary.LittleEndian.Uint64(g[k:]))) << k
	}
	hi := nonZero(binary.LittleEndian.Uint64(g[64:])) | nonZero(binary.LittleEndian.Uint64(g[72:]))<<8
	if g[80] != 0 {
		hi |= 1 << 16
	}
	given := [3]uint32{uint32(lo) & all27, uint32(lo>>27) & all27, uint32(lo>>54) | hi<<10}
	for b := range 3 {
		for x := given[b]; x != 0; x &= x - 1 {
			pos := bits.TrailingZeros32(x)
			v := g[27*b+pos]
			if v > 9 {
				return fmt.Errorf("classic puzzle: cell %d holds %d", 27*b+pos+1, v)
			}
			clues[(3*int(v-1)+b)&31] |= 1 << pos
		}
	}
	for d0 := 0; d0 < 27; d0 += 3 {
		c0, c1, c2 := clues[d0&31], clues[(d0+1)&31], clues[(d0+2)&31]
		// The columns of the digit's clues, in the three rows of a band.
		cols := (c0 | c0>>9 | c0>>18 | c1 | c1>>9 | c1>>18 | c2 | c2>>9 | c2>>18) & low9
		cols |= cols<<9 | cols<<18
		for b, c := range [3]uint32{c0, c1, c2} {
			r0, r1, r2 := c&low9, c>>9&low9, c>>18&low9
			// (r+low9)>>9 is 1 when row r holds a clue.
			rows := ((r0+low9)>>9 | (r1+low9)>>9<<9 | (r2+low9)>>9<<18) * low9
			boxes := boxCells[(t.rowBoxes[r0]|t.rowBoxes[r1]|t.rowBoxes[r2])&7]
			st.cand[(d0+b)&31] = all27&^given[b]&^cols&^rows&^boxes | c
		}
	}
	for b := range 3 {
		st.unsolved[b] = all27 &^ given[b]
	}
	st.unsolved[3] = 0
	st.dirty = all27
	if m := p.Marks; m != nil {
		for cell, c := range m {
			if p.Grid[cell] != 0 {
				continue
			}
			b, bit := cell/27, uint32(1)<<(cell%27)
			for gone := ^uint32(c) & 0x1ff; gone != 0; gone &= gone - 1 {
				st.cand[(3*bits.TrailingZeros32(gone)+b)&31] &^= bit
			}
		}
	}
	return nil
}

// nonZero returns the bytes of x that are not 0 as a bit set, bit i for
// byte i (little-endian).
func nonZero(x uint64) uint32 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	// The top bit of each byte: set when the byte is not 0.
	top := ((x & low7) + low7 | x) &^ low7
	// Gather the eight top bits into the high byte of the product.
	return uint32((top >> 7) * 0x0102040810204080 >> 56)
}

// and keeps only mask of word j, marking it dirty when it changes.
func (st *state) and(j int, mask uint32) {
	j &= 31
	old := st.cand[j]
	w := old & mask
	st.cand[j] = w
	// old^w is below 2^27, so adding all27 carries into bit 27 exactly
	// when it is not zero.
	st.dirty |= ((old ^ w) + all27) >> 27 << j
}

// propagateGeneric applies the constraints of every dirty word until none
// is dirty, reporting false on a contradiction. For the word of a digit in a
// band it keeps the cells of the minirows that some placement of the digit
// in the band can use (bandKeep), takes from the two other bands every
// column that a box of this band confines the digit to (otherBands), and
// places the digit in every row left with one cell, removing that cell from
// the other digits. It is state.propagate where no assembly version exists,
// and the reference the assembly is tested against.
func (st *state) propagateGeneric() bool {
	t := tab
	// The dirty set lives in a register here. (x+all27)>>27 is 1 when x, a
	// band word, is not 0: adding all27 to a value below 2^27 carries into
	// bit 27 exactly then; it marks changed words without a branch.
	//
	// Words are taken in rounds: the choice of the next word of a round does
	// not wait for the work on this one, so the processor can overlap them.
	dirty := st.dirty
	var touched uint32
	for round := dirty; round != 0; round = dirty {
		touched |= round
		for ; round != 0; round &= round - 1 {
			i := bits.TrailingZeros32(round) & 31
			dirty &^= 1 << i
			w := st.cand[i]
			m := t.rowBoxes[w&low9] | t.rowBoxes[w>>9&low9]<<3 | t.rowBoxes[w>>18&low9]<<6
			w &= t.bandKeep[m&low9]
			if w == 0 {
				return false
			}
			st.cand[i] = w
			nb := neighbours[i]
			o1, o2, b := nb&31, nb>>8&31, nb>>16&3
			keep := t.otherBands[(w|w>>9|w>>18)&low9]
			x1, x2 := st.cand[o1], st.cand[o2]
			st.cand[o1], st.cand[o2] = x1&keep, x2&keep
			dirty |= (x1&^keep+all27)>>27<<o1 | (x2&^keep+all27)>>27<<o2
			placed := t.rowSingle[w&low9] | t.rowSingle[w>>9&low9]<<9 | t.rowSingle[w>>18&low9]<<18
			if fresh := placed & st.unsolved[b]; fresh != 0 {
				st.unsolved[b] &^= fresh
				// Clear the placed cells from every digit of the band, this
				// one included (restored below): cheaper than skipping it.
				// c[3*k] is the word of digit k+1 in the band: indexed from
				// one base, at fixed offsets.
				c := (*[25]uint32)(st.cand[b:])
				var ch uint32
				x0, x1, x2 := c[0], c[3], c[6]
				x3, x4, x5 := c[9], c[12], c[15]
				x6, x7, x8 := c[18], c[21], c[24]
				ch = (x0&fresh+all27)>>27 | (x1&fresh+all27)>>27<<3 | (x2&fresh+all27)>>27<<6 |
					(x3&fresh+all27)>>27<<9 | (x4&fresh+all27)>>27<<12 | (x5&fresh+all27)>>27<<15 |
					(x6&fresh+all27)>>27<<18 | (x7&fresh+all27)>>27<<21 | (x8&fresh+all27)>>27<<24
				c[0], c[3], c[6] = x0&^fresh, x1&^fresh, x2&^fresh
				c[9], c[12], c[15] = x3&^fresh, x4&^fresh, x5&^fresh
				c[18], c[21], c[24] = x6&^fresh, x7&^fresh, x8&^fresh
				st.cand[i] = w
				dirty |= ch << b &^ (1 << i)
			}
		}
	}
	st.dirty = 0
	st.touched |= touched
	st.unclaimed |= touched
	return true
}

// nakedSinglesGeneric places every cell left with one candidate and
// records the cells with two, in the bands changed since their last search
// (see state.touched). It reports whether it placed any, and false for ok
// on a cell without candidates. It is state.nakedSingles where no assembly
// version runs, and the reference the assembly is tested against.
func (st *state) nakedSinglesGeneric() (found, ok bool) {
	for b := range 3 {
		if st.touched&(bandWords<<b) == 0 {
			continue
		}
		// one, two, three: cells with at least 1, 2, 3 candidates. c[3*k]
		// is the word of digit k+1 in the band.
		c := (*[25]uint32)(st.cand[b:])
		one, two, three := c[0], uint32(0), uint32(0)
		one, two, three = tally(one, two, three, c[3])
		one, two, three = tally(one, two, three, c[6])
		one, two, three = tally(one, two, three, c[9])
		one, two, three = tally(one, two, three, c[12])
		one, two, three = tally(one, two, three, c[15])
		one, two, three = tally(one, two, three, c[18])
		one, two, three = tally(one, two, three, c[21])
		one, two, three = tally(one, two, three, c[24])
		if one != all27 {
			return false, false
		}
		st.pairs[b] = two &^ three
		st.touched &^= bandWords << b
		singles := one &^ two & st.unsolved[b]
		if singles == 0 {
			continue
		}
		found = true
		// The digit of a single, k, read off the words whose digit index
		// has bit 0, 1, 2 or 3 set: no search, whose end the processor
		// could not predict.
		k0 := c[3] | c[9] | c[15] | c[21]
		k1 := c[6] | c[9] | c[18] | c[21]
		k2 := c[12] | c[15] | c[18] | c[21]
		k3 := c[24]
		for ; singles != 0; singles &= singles - 1 {
			pos := bits.TrailingZeros32(singles) & 31
			k := k0>>pos&1 | k1>>pos&1<<1 | k2>>pos&1<<2 | k3>>pos&1<<3
			j := int(3*k) + b
			// An earlier single in the same row may have taken the cell
			// from the digit.
			if x := uint32(1) << pos; st.cand[j&31]&x != 0 {
				st.and(j, ^rowMask[pos]|x)
			}
		}
	}
	return found, true
}

// tally adds the cells of w to one, two and three, the cells counted at
// least once, twice and three times. Written out for the nine digits, the
// tallies cost fewer instructions than a loop over them.
func tally(one, two, three, w uint32) (uint32, uint32, uint32) {
	return one | w, two | one&w, three | two&w
}

// claimGeneric applies, for every digit changed since its last search (see
// state.unclaimed), what bandKeep does for rows to the columns of each stack:
// the digit sits once in each box of the stack and once in each of its
// columns, so the columns it can use in the three boxes must hold a
// permutation, and a column of a box outside every permutation that fits
// is dead. This covers claiming (a column where the digit can only sit in
// one box) and more. It reports whether it changed anything. It is
// state.claim where no assembly version runs, and the reference the
// assembly is tested against.
func (st *state) claimGeneric() bool {
	t := tab
	before := st.dirty
	// Bit 3k of digits is set when digit k+1 has a word unclaimed: the
	// loop takes those alone, without a test per digit that the processor
	// could not predict.
	u := st.unclaimed
	digits := (u | u>>1 | u>>2) & bandWords
	st.unclaimed = 0
	for ; digits != 0; digits &= digits - 1 {
		d0 := bits.TrailingZeros32(digits)
		w0, w1, w2 := st.cand[d0&31], st.cand[(d0+1)&31], st.cand[(d0+2)&31]
		c0 := (w0 | w0>>9 | w0>>18) & low9
		c1 := (w1 | w1>>9 | w1>>18) & low9
		c2 := (w2 | w2>>9 | w2>>18) & low9
		// live[m] for the minicolumn matrix of a stack (bit 3*b+c: band b
		// may use the stack's column c) keeps its live minicolumns.
		l0 := t.live[(c0&7|(c1&7)<<3|(c2&7)<<6)&low9]
		l1 := t.live[(c0>>3&7|(c1>>3&7)<<3|(c2>>3&7)<<6)&low9]
		l2 := t.live[(c0>>6&7|(c1>>6&7)<<3|(c2>>6&7)<<6)&low9]
		k0 := l0&7 | (l1&7)<<3 | (l2&7)<<6
		k1 := l0>>3&7 | (l1>>3&7)<<3 | (l2>>3&7)<<6
		k2 := l0>>6&7 | (l1>>6&7)<<3 | (l2>>6&7)<<6
		st.and(d0, k0|k0<<9|k0<<18)
		st.and(d0+1, k1|k1<<9|k1<<18)
		st.and(d0+2, k2|k2<<9|k2<<18)
	}
	return st.dirty != before
}

// search explores the state, reporting true when the search must stop
// (enough solutions, or an error in s.err).
func (s *Solver) search(depth int) bool {
	st := &s.stack[depth]
	for {
		if s.flat {
			if !st.propagateFlat() {
				return false
			}
		} else if !st.propagate() {
			return false
		}
		if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
			return s.found(st)
		}
		found, ok := st.nakedSingles()
		if !ok {
			return false
		}
		// Near the leaves claims pay less than they cost (see nearLeaves).
		if found || st.unsolvedCount() > s.leaves && st.claim() {
			continue
		}
		j, k, x := st.guessCell(s.leaves)
		// Place the first candidate in a copy; when that is exhausted, rule
		// it out here and go on with the cell's other candidates.
		row := ^rowMask[bits.TrailingZeros32(x)&31] | x
		child := &s.stack[depth+1]
		*child = *st
		child.and(j, row)
		if s.guess() || s.search(depth+1) {
			return true
		}
		st.and(j, ^x)
		// A cell of two candidates is left with one: place it now rather
		// than wait for the next search for naked singles to find it.
		if k >= 0 {
			st.and(k, row)
		}
	}
}

// nearLeaves is the number of unsolved cells at or below which the search
// neither claims nor scores its guesses: it takes the first cell with two
// candidates. Counting to 2 on the shared sets, 32 cuts the instructions
// of serg's multi-solution puzzles by a tenth and leaves the others within
// ±2%.
const nearLeaves = 32

// fewEmpty is the number of empty cells (before any propagation) at or
// below which a puzzle is searched as if near the leaves from its root. A
// puzzle with 34 clues or more that still needs guesses is mostly one with
// many solutions, like those of serg's benchmark, where any choice soon
// finds two. Counting to 2, it cuts the instructions of serg's set by 29%
// and leaves the other shared sets within ±0.1%.
const fewEmpty = 47

// unsolvedCount returns the number of cells not yet placed.
func (st *state) unsolvedCount() int {
	return bits.OnesCount32(st.unsolved[0]) + bits.OnesCount32(st.unsolved[1]) + bits.OnesCount32(st.unsolved[2])
}

// guessCell chooses the guess: bit x of band word j, a digit in a cell. The
// cell has two candidates when there is one, else the fewest. k is the word
// of the cell's other candidate when it has two, else -1.
func (st *state) guessCell(leaves int) (j, k int, x uint32) {
	// Near the leaves the choice matters less than its cost: with at most
	// leaves cells left, take the first cell with two candidates.
	if st.unsolvedCount() <= leaves {
		for b := range 3 {
			if p := st.pairs[b]; p != 0 {
				x = p & -p
				for j = b; st.cand[j&31]&x == 0; j += 3 {
				}
				for k = j + 3; st.cand[k&31]&x == 0; k += 3 {
				}
				return j, k, x
			}
		}
	}
	best, j, x := st.scorePairs()
	if best >= 0 {
		// Guess first the digit that reaches more candidates (the second
		// on a tie).
		for st.cand[j&31]&x == 0 {
			j += 3
		}
		k := j + 3
		for st.cand[k&31]&x == 0 {
			k += 3
		}
		if st.reach(j, x) <= st.reach(k, x) {
			j, k = k, j
		}
		return j, k, x
	}
	// No cell has two candidates: take one with the fewest.
	fewest := 10
	for b := range 3 {
		for u := st.unsolved[b]; u != 0; u &= u - 1 {
			y := u & -u
			n := 0
			for k := b; k < 27; k += 3 {
				if st.cand[k]&y != 0 {
					n++
				}
			}
			if n < fewest {
				fewest, x = n, y
				for j = b; st.cand[j]&y == 0; j += 3 {
				}
			}
		}
	}
	return j, -1, x
}

// scorePairsGeneric scores each cell with two candidates by how much
// placing either digit would eliminate: the peers holding the digit, and
// twice more those among them with two candidates, which a placement turns
// into naked singles. It returns the best score, -1 when no cell has two
// candidates, and its cell as bit x of band b; the first cell wins a tie.
// The best score leads to the most propagation. It is state.scorePairs
// where no assembly version runs, and the reference the assembly is
// tested against.
func (st *state) scorePairsGeneric() (best, b int, x uint32) {
	best = -1
	for band := range 3 {
		p := st.pairs[band]
		if p == 0 {
			continue
		}
		b1, b2 := next3[band], next3[band+1]
		p1, p2 := st.pairs[b1], st.pairs[b2]
		var score [32]uint8
		for d0 := 0; d0 < 27; d0 += 3 {
			w := st.cand[(d0+band)&31]
			q := w & p
			if q == 0 {
				continue
			}
			w1, w2 := st.cand[(d0+b1)&31], st.cand[(d0+b2)&31]
			for ; q != 0; q &= q - 1 {
				pos := bits.TrailingZeros32(q) & 31
				col := colMask[pos]
				// The band's peers in the low half; the column in the two
				// other bands in the high half, one shifted by a bit so
				// that they cannot overlap.
				peers := w & bandPeers[pos]
				c1, c2 := w1&col, w2&col
				all := uint64(peers) | uint64(c1|c2<<1)<<32
				two := uint64(peers&p) | uint64(c1&p1|(c2&p2)<<1)<<32
				score[pos] += uint8(bits.OnesCount64(all) + 2*bits.OnesCount64(two))
			}
		}
		for ; p != 0; p &= p - 1 {
			pos := bits.TrailingZeros32(p) & 31
			if int(score[pos]) > best {
				best, x, b = int(score[pos]), 1<<pos, band
			}
		}
	}
	return best, b, x
}

// reach counts the candidates of word j's digit that a placement at bit x
// removes: in the band's row, box and column, and the column in the other
// bands.
func (st *state) reach(j int, x uint32) int {
	nb := neighbours[j&31]
	pos := bits.TrailingZeros32(x) & 31
	col := colMask[pos]
	o1, o2 := st.cand[nb&31]&col, st.cand[nb>>8&31]&col
	return bits.OnesCount64(uint64(st.cand[j&31]&bandPeers[pos]) | uint64(o1|o2<<1)<<32)
}

// guess counts a guess, reporting true when the search must stop:
// the node budget is spent or the context has ended.
func (s *Solver) guess() bool {
	s.res.Guesses++
	if s.MaxNodes > 0 && s.res.Guesses > s.MaxNodes {
		s.err = NodeLimitError(s.MaxNodes)
		return true
	}
	if s.res.Guesses%ctxEvery == 0 && s.done != nil {
		select {
		case <-s.done:
			s.err = s.ctx.Err()
			return true
		default:
		}
	}
	return false
}

// found records a solution, reporting true when it is the last wanted.
func (s *Solver) found(st *state) bool {
	if s.res.Count < len(s.sols) {
		st.fill(&s.sols[s.res.Count])
	} else if s.each != nil {
		st.fill(&s.scratch)
		s.each(&s.scratch)
	}
	s.res.Count++
	return s.res.Count >= s.limit
}

// fill writes the placed digits of a solved state to g. In a solved state
// every band word has one cell in each of its three rows.
func (st *state) fill(g *Grid) {
	// Each band is written to a row of 32 so that an index masked with 31
	// needs no bounds check, then copied.
	var bands [3][32]uint8
	for b := range 3 {
		row := &bands[b]
		for d := range uint8(9) {
			w := st.cand[(3*int(d)+b)&31]
			row[bits.TrailingZeros32(w&low9)&31] = d + 1
			row[(9+bits.TrailingZeros32(w>>9&low9))&31] = d + 1
			row[(18+bits.TrailingZeros32(w>>18))&31] = d + 1
		}
	}
	copy(g[:27], bands[0][:27])
	copy(g[27:54], bands[1][:27])
	copy(g[54:], bands[2][:27])
}
