package generate

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// patternFrom is the least side whose Colour and Windoku grids come from
// patternGrid rather than the random fill. Above 16×16 the fill gives up
// within its budget on Colour boards of most sizes (20, 21, 24, 25, 27,
// 28, 30 and 32 on seeds 1 and 2) and on every 25×25 Windoku, so that
// generation ran to its deadline; below it the fill takes milliseconds.
const patternFrom = 17

// patterned reports whether the solution grids of variant v on boards of
// side n come from patternGrid.
func patterned(v grid.Variant, n int) bool {
	return n >= patternFrom && (v == grid.Colour || v == grid.Windoku)
}

// windoku25 is a solution of the 25×25 Windoku, its digits as the letters
// A–Y, a row a line. Neither the random fill nor the exact search finds
// one within a generation's budget (the search not within 2,000,000
// nodes), and no grid of the pattern kind (a digit linear in the row and
// column) keeps the windows; this one is CaDiCaL's solution of the
// layout's clauses (search.newSAT's encoding), found once in 8.5 s.
//
//go:embed windoku25.txt
var windoku25 string

// patternGrid returns a solution of layout l (a Colour or a Windoku board,
// see patterned) made without search: a base solution moved at random
// (see shuffleGrid). The base of a Windoku is windoku25; that of a Colour
// board the pattern whose digit at row r, column c is
// (bc·(r mod br) + ⌊r/br⌋ + c) mod n, br×bc its boxes, which every row,
// column, box and colour group of any box shape takes once.
func patternGrid(l *grid.Layout, rng *rand.Rand) ([]uint8, error) {
	n := l.N
	sol := make([]uint8, l.Cells)
	switch {
	case l.Variant == grid.Windoku && n == 25:
		rows := strings.Fields(windoku25)
		for r, row := range rows {
			for c, ch := range row {
				sol[r*n+c] = uint8(ch-'A') + 1
			}
		}
	case l.BoxRows > 0 && l.BoxCols > 0:
		br, bc := l.BoxRows, l.BoxCols
		for r := range n {
			for c := range n {
				sol[r*n+c] = uint8((bc*(r%br)+r/br+c)%n) + 1
			}
		}
	}
	if !solves(l, sol) {
		// The base is data of this package: a failure is a bug.
		return nil, fmt.Errorf("no base solution of the %d×%d %s layout", n, n, l.Variant)
	}
	shuffleGrid(l, sol, rng)
	return sol, nil
}

// shuffleMoves is the number of moves shuffleGrid tries for each row of
// the board.
const shuffleMoves = 40

// shuffleGrid moves solution sol of layout l at random, keeping it a
// solution: it tries shuffleMoves·N moves of the kinds that keep a
// classic grid one (two rows of a band swapped, two bands, the same two
// rows in every band, the same for columns, the rows or the columns in
// reverse order, the grid transposed), keeping each that leaves every
// unit of l with each digit once (a Windoku keeps the swaps of rows a
// window holds alike, a Colour board the swaps made in every band), then
// relabels the digits at random. A move of the eighth kind swaps two
// digits on part of the grid (see swapDigits), a change no relabelling or
// move of lines makes.
func shuffleGrid(l *grid.Layout, sol []uint8, rng *rand.Rand) {
	n := l.N
	br, bc := max(l.BoxRows, 1), max(l.BoxCols, 1)
	next := make([]uint8, len(sol))
	perm := make([]int, n) // line i of next is line perm[i] of sol
	in := make([]bool, len(sol))
	var queue []int
	for range shuffleMoves * n {
		kind := rng.IntN(8)
		if kind == 7 {
			cell := rng.IntN(len(sol))
			other := uint8(rng.IntN(n-1)) + 1
			if other >= sol[cell] {
				other++
			}
			queue = swapDigits(l, sol, cell, other, in, queue)
			continue
		}
		for i := range perm {
			perm[i] = i
		}
		// Even kinds move rows, odd ones columns; h is the height of a
		// band, or the width of a stack.
		rows, h := kind%2 == 0, br
		if !rows {
			h = bc
		}
		transpose := false
		switch kind {
		case 0, 1: // two lines of one band (stack)
			band, i, j := rng.IntN(n/h), rng.IntN(h), rng.IntN(h)
			perm[band*h+i], perm[band*h+j] = band*h+j, band*h+i
		case 2, 3: // two bands (stacks)
			a, b := rng.IntN(n/h), rng.IntN(n/h)
			for k := range h {
				perm[a*h+k], perm[b*h+k] = b*h+k, a*h+k
			}
		case 4, 5: // the same two lines in every band (stack)
			i, j := rng.IntN(h), rng.IntN(h)
			for band := range n / h {
				perm[band*h+i], perm[band*h+j] = band*h+j, band*h+i
			}
		case 6: // the rows or the columns in reverse order, or the grid transposed
			switch k := rng.IntN(3); k {
			case 0, 1:
				rows = k == 0
				for i := range perm {
					perm[i] = n - 1 - i
				}
			default:
				transpose = true
			}
		}
		for r := range n {
			for c := range n {
				switch {
				case transpose:
					next[r*n+c] = sol[c*n+r]
				case rows:
					next[r*n+c] = sol[perm[r]*n+c]
				default:
					next[r*n+c] = sol[r*n+perm[c]]
				}
			}
		}
		if solves(l, next) {
			copy(sol, next)
		}
	}
	for i, d := range rng.Perm(n) {
		perm[i] = d + 1
	}
	for i, v := range sol {
		sol[i] = uint8(perm[v-1])
	}
}

// swapDigits swaps the digit of cell and digit other in the smallest set
// of cells holding one of the two that holds cell and meets every unit in
// both or neither of its cells of the two (see swapSet), which keeps sol a
// solution of l; it leaves sol as it is when that set holds every cell of
// the two (the swap would only relabel them). in is scratch of len(sol),
// all false, and so left; queue is scratch too, returned for the next
// call.
func swapDigits(l *grid.Layout, sol []uint8, cell int, other uint8, in []bool, queue []int) []int {
	digit := sol[cell]
	queue = swapSet(sol, cell, other, in, queue, func(c int, want uint8, add func(int)) {
		for _, u := range l.CellUnit(c) {
			for _, p := range l.Unit(u).Cells {
				if sol[p] == want {
					add(p)
				}
			}
		}
	})
	if len(queue) < 2*l.N {
		swapIn(sol, queue, digit, other)
	}
	return queue
}

// swapSet returns, in queue, the smallest set of cells holding the digit
// of cell or other that holds cell and that every unit meets in both or
// neither of its cells of the two: partners(c, want, add) calls add with
// the cells of digit want in the units of c. in is scratch of len(sol),
// all false, and so left.
func swapSet(sol []uint8, cell int, other uint8, in []bool, queue []int, partners func(c int, want uint8, add func(int))) []int {
	digit := sol[cell]
	queue = append(queue[:0], cell)
	in[cell] = true
	add := func(p int) {
		if !in[p] {
			in[p] = true
			queue = append(queue, p)
		}
	}
	for i := 0; i < len(queue); i++ {
		c := queue[i]
		want := digit // the digit that c's units must give the set
		if sol[c] == digit {
			want = other
		}
		partners(c, want, add)
	}
	for _, c := range queue {
		in[c] = false
	}
	return queue
}

// swapIn swaps digit and other in the cells of set.
func swapIn(sol []uint8, set []int, digit, other uint8) {
	for _, c := range set {
		if sol[c] == digit {
			sol[c] = other
		} else {
			sol[c] = digit
		}
	}
}

// solves reports whether values, a digit 1..N in every cell, take each
// digit at most once in every unit of l. Board.Duplicate tells the same of
// a board, but loading the grid into one (Reset) for each of shuffleGrid's
// moves costs 74 µs on a 32×32 Colour board, against 5 µs here.
func solves(l *grid.Layout, values []uint8) bool {
	for _, v := range values {
		if v < 1 || int(v) > l.N {
			return false
		}
	}
	for _, u := range l.Units() {
		var seen uint64
		for _, c := range u.Cells {
			bit := uint64(1) << values[c]
			if seen&bit != 0 {
				return false
			}
			seen |= bit
		}
	}
	return true
}
