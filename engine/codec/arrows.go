package codec

import (
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The killer "arrow" form of the enjoysudoku forum (thread "understandable
// snarfable killer cages"; sigh's Interactive Sudoku Solver reads and
// writes it) is 81 characters, one a cell, row-major, for a 9×9 killer. A
// cell is either the head of its cage, written as the cage's sum ('0'-'9'
// for 0-9, 'A'-'Z' for 10-35, 'a'-'j' for 36-45), or a pointer to a
// neighbour in the same cage:
//
//	` ^ '    up-left, up, up-right
//	< · >    left, right
//	, v .    down-left, down, down-right
//
// Following the pointers from any cell must reach a head; the cells that
// reach one make its cage. A head of sum 0 marks a cage drawn without its
// total (grid.OpDistinct: its digits differ), or, alone, a cell in no
// cage, as sigh's Interactive Sudoku Solver reads it.
// Since pointers may go diagonally, the cells of a cage may touch at
// corners only, which SudokuWiki's strings cannot express. The form has no
// clues and no progress.
//
// The encoder writes each cage's first cell in row-major order as its
// head, and every other cell as a pointer to its parent in a breadth-first
// tree from the head: orthogonal steps as far as they go, and diagonal
// steps only to cells they cannot reach (taken from the cells of the tree
// in the order reached, after which orthogonal steps go on); a cage without
// a total has the head 0. Each cell in no cage is a head 0 of its own.
// This gives back the forum's published strings character for character.

const (
	arrowsLen = 81
	// arrowPointers are the pointer characters; arrowSteps[i] is where
	// arrowPointers[i] points, as (row, column) offsets.
	arrowPointers = "<>^v`',."
	// arrowMaxSum is the largest sum the form writes ('j').
	arrowMaxSum = 45
)

var arrowSteps = [len(arrowPointers)][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// arrowTreeSteps is the order in which the encoder's breadth-first trees
// try a cell's neighbours: the orthogonal ones (up, left, right, down)
// first, then the diagonal ones (up-left, up-right, down-left, down-right).
var arrowTreeSteps = [...][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// arrowSum returns the sum a head character stands for, or ok false when
// c is no head.
func arrowSum(c byte) (sum int, ok bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10, true
	case c >= 'a' && c <= 'j':
		return int(c-'a') + 36, true
	}
	return 0, false
}

// arrowSumChar returns the head character of a sum 0..45.
func arrowSumChar(sum int) byte {
	switch {
	case sum < 10:
		return byte('0' + sum)
	case sum < 36:
		return byte('A' + sum - 10)
	}
	return byte('a' + sum - 36)
}

// isArrowChar reports whether c is a head or a pointer character.
func isArrowChar(c byte) bool {
	_, head := arrowSum(c)
	return head || strings.IndexByte(arrowPointers, c) >= 0
}

// looksKillerArrows reports whether s is made of the characters of the
// arrow form and has a pointer other than '.', which plain text uses for
// blanks; isKillerArrows adds the length.
func looksKillerArrows(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isArrowChar(s[i]) {
			return false
		}
	}
	return strings.ContainsAny(s, "<>^v`',")
}

// isKillerArrows reports whether s has the shape of a killer arrow string:
// 81 characters of the form, at least one a pointer other than '.'; or 81
// characters with a pointer no other format writes ('<', '>', '^', '`'),
// where one character of another kind is a typo the arrow form's decoder
// names (plain text would name the first pointer instead).
func isKillerArrows(s string) bool {
	return len(s) == arrowsLen && (looksKillerArrows(s) || strings.ContainsAny(s, "<>^`"))
}

// DecodeKillerArrows decodes a killer arrow string: 81 characters, each a
// cage sum (the cage's head) or a pointer to another cell of its cage (see
// the description of the form above). Errors name the cell at fault: a
// character of neither kind, a pointer off the board, or pointers that go
// round a loop without reaching a head.
func DecodeKillerArrows(s string) (*Puzzle, error) {
	s = strings.TrimSpace(s)
	if len(s) != arrowsLen {
		return nil, grid.FieldErrorf("text", "a killer arrow string has %d characters, one a cell, got %d", arrowsLen, len(s))
	}
	const n = 9
	next := make([]int, arrowsLen) // the cell each cell points to; itself for a head
	for cell := range arrowsLen {
		c := s[cell]
		if _, ok := arrowSum(c); ok {
			next[cell] = cell
			continue
		}
		i := strings.IndexByte(arrowPointers, c)
		if i < 0 {
			return nil, grid.FieldErrorf("text", "cell %s: %q at position %d is neither a cage sum (0-9, A-Z, a-j) nor a pointer (one of %s)", cellName(n, cell), c, cell+1, arrowPointers)
		}
		r, col := cell/n+arrowSteps[i][0], cell%n+arrowSteps[i][1]
		if r < 0 || r >= n || col < 0 || col >= n {
			return nil, grid.FieldErrorf("text", "cell %s: %q at position %d points off the board", cellName(n, cell), c, cell+1)
		}
		next[cell] = r*n + col
	}

	// Follow the pointers from every cell, marking the cells of the walk
	// so that a walk that comes back to itself is a loop.
	head := make([]int, arrowsLen)
	for i := range head {
		head[i] = -1
	}
	onWalk := make([]bool, arrowsLen)
	var walk []int
	for start := range arrowsLen {
		walk = walk[:0]
		cell := start
		for head[cell] < 0 && next[cell] != cell {
			if onWalk[cell] {
				loop := walk[slices.Index(walk, cell):]
				names := make([]string, 0, len(loop)+1)
				for _, c := range loop {
					names = append(names, cellName(n, c))
				}
				names = append(names, cellName(n, cell))
				return nil, grid.FieldErrorf("text", "cell %s: the pointers from it go round a loop (%s) that reaches no cage sum", cellName(n, cell), strings.Join(names, " → "))
			}
			onWalk[cell] = true
			walk = append(walk, cell)
			cell = next[cell]
		}
		h := head[cell]
		if h < 0 {
			h = cell
		}
		for _, c := range walk {
			head[c], onWalk[c] = h, false
		}
		head[cell] = h
	}

	// A cage for every head of a sum, its cells ascending; the cages in
	// the order of their first cells.
	p := &Puzzle{Size: n, Variant: grid.Killer, VariantSet: true, Cells: make([]grid.CellState, arrowsLen)}
	cageOf := make(map[int]int) // head → index in p.Cages
	size := make(map[int]int)   // head → cells
	for _, h := range head {
		size[h]++
	}
	for cell, h := range head {
		sum, _ := arrowSum(s[h])
		if sum == 0 && size[h] == 1 {
			continue // a cell in no cage
		}
		k, ok := cageOf[h]
		if !ok {
			k = len(p.Cages)
			cageOf[h] = k
			cg := grid.Cage{Target: sum, Op: grid.OpAdd}
			if sum == 0 {
				cg.Op = grid.OpDistinct
			}
			p.Cages = append(p.Cages, cg)
		}
		p.Cages[k].Cells = append(p.Cages[k].Cells, cell)
	}
	return p, nil
}

// EncodeKillerArrows renders a 9×9 killer as a killer arrow string. The
// puzzle must be its cages alone, with no clues or progress (a cage of one
// cell may hold its sum as a solved cell, as SudokuWiki's strings have
// it), sums at most 45, and cages whose cells touch, at least at corners.
func EncodeKillerArrows(p *Puzzle) (string, error) {
	const format = "killer arrow strings"
	cage, err := freshKiller9Cages(p, format, false, true)
	if err != nil {
		return "", err
	}
	const n = 9
	for k, cg := range p.Cages {
		if !touching(n, cg.Cells, cage, k) {
			return "", grid.FieldErrorf("board", "cage %d at %s falls apart into pieces that do not touch, not even at corners, which %s cannot express", k+1, cellName(n, slices.Min(cg.Cells)), format)
		}
	}
	out := make([]byte, arrowsLen)
	var tree []int
	for start := range arrowsLen {
		if out[start] != 0 {
			continue
		}
		// The first cell of its cage in row-major order: the cells before
		// it are written. A cell in no cage is a head of its own.
		sum := 0
		if k := cage[start]; k >= 0 {
			sum = p.Cages[k].Target
		}
		out[start] = arrowSumChar(sum)
		if cage[start] < 0 {
			continue
		}
		tree = append(tree[:0], start)
		// attach adds the cells of the group that steps from a cell of
		// the tree reach to the tree, pointing back at that cell.
		attach := func(cell int, steps [][2]int) bool {
			grown := false
			for _, step := range steps {
				r, c := cell/n+step[0], cell%n+step[1]
				if r < 0 || r >= n || c < 0 || c >= n {
					continue
				}
				nb := r*n + c
				if out[nb] != 0 || cage[nb] != cage[start] {
					continue
				}
				out[nb] = arrowPointers[slices.Index(arrowSteps[:], [2]int{-step[0], -step[1]})]
				tree = append(tree, nb)
				grown = true
			}
			return grown
		}
		for next, grown := 0, true; grown; {
			// Orthogonal steps, breadth first, as far as they go; then
			// diagonal steps from the cells in the order reached.
			for ; next < len(tree); next++ {
				attach(tree[next], arrowTreeSteps[:4])
			}
			grown = false
			for _, cell := range tree[:next] {
				grown = attach(cell, arrowTreeSteps[4:]) || grown
			}
		}
	}
	return string(out), nil
}

// touching reports whether cells, all of cage k (cage gives every cell's
// cage), are connected through their eight neighbours.
func touching(n int, cells, cage []int, k int) bool {
	seen := map[int]bool{cells[0]: true}
	stack := []int{cells[0]}
	for len(stack) > 0 {
		cell := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, step := range arrowTreeSteps {
			r, c := cell/n+step[0], cell%n+step[1]
			if r < 0 || r >= n || c < 0 || c >= n {
				continue
			}
			if nb := r*n + c; cage[nb] == k && !seen[nb] {
				seen[nb] = true
				stack = append(stack, nb)
			}
		}
	}
	return len(seen) == len(cells)
}

// freshKiller9Cages checks that p is a 9×9 killer that a string named
// format can hold, one of the forms that carry cages alone: no jigsaw
// regions, no clues and no progress (but for the sum of a cage of one cell
// written as a solved cell), sums 1..45 and no cell in two cages; a killer
// X only when the form has the diagonals, cages without a total only when
// it has bare cages. It returns the index in p.Cages of every cell's cage,
// -1 for none.
func freshKiller9Cages(p *Puzzle, format string, diagonals, bare bool) ([]int, error) {
	if err := checkPuzzle(p); err != nil {
		return nil, err
	}
	switch v := killerVariant(p); {
	case v == grid.KillerJigsaw || p.Regions != nil && !grid.IsRegular(p.Size, p.Regions):
		return nil, grid.FieldErrorf("board", "%s have no jigsaw regions", format)
	case v != grid.Killer && (v != grid.KillerX || !diagonals):
		return nil, grid.FieldErrorf("board", "%s hold killers, not %s boards", format, v)
	case p.Size != 9:
		return nil, grid.FieldErrorf("board", "%s hold 9×9 boards, not %d×%d", format, p.Size, p.Size)
	}
	const n = 9
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	for k, cg := range p.Cages {
		if len(cg.Cells) == 0 {
			return nil, grid.FieldErrorf("board", "cage %d has no cells", k+1)
		}
		first := slices.Min(cg.Cells)
		for _, cell := range cg.Cells {
			if cell < 0 || cell >= n*n {
				return nil, grid.FieldErrorf("board", "cage %d: cell %d is outside the %d cells of the board", k+1, cell, n*n)
			}
			if j := cage[cell]; j >= 0 {
				return nil, grid.FieldErrorf("board", "cell %s is in two cages: cage %d at %s and cage %d at %s", cellName(n, cell),
					j+1, cellName(n, slices.Min(p.Cages[j].Cells)), k+1, cellName(n, first))
			}
			cage[cell] = k
		}
		if cg.Op == grid.OpDistinct {
			if !bare {
				return nil, bareCageError(n, first, format)
			}
			continue
		}
		if cg.Op != grid.OpAdd && cg.Op != grid.OpNone {
			return nil, grid.FieldErrorf("board", "cage at %s has operator %s; %s hold sums only", cellName(n, first), cg.Op, format)
		}
		if cg.Target < 1 || cg.Target > arrowMaxSum {
			return nil, grid.FieldErrorf("board", "cage at %s has sum %d; %s hold 1..%d", cellName(n, first), cg.Target, format, arrowMaxSum)
		}
	}
	all := grid.AllDigits(n)
	for cell, c := range p.Cells {
		if c.Value != 0 {
			if k := cage[cell]; k >= 0 && len(p.Cages[k].Cells) == 1 && p.Cages[k].Target == c.Value {
				continue // the sum of a cage of one cell, written as solved
			}
			what := "a solved cell"
			if c.Given {
				what = "a clue"
			}
			return nil, grid.FieldErrorf("board", "cell %s holds %d, %s; %s hold the cages alone, no clues or progress", cellName(n, cell), c.Value, what, format)
		}
		switch {
		case c.Cand == 0 && p.Marks:
			return nil, grid.FieldErrorf("board", "cell %s has no candidates left; %s hold the cages alone, no clues or progress", cellName(n, cell), format)
		case c.Cand != 0 && c.Cand != all:
			return nil, grid.FieldErrorf("board", "cell %s has pencil marks %v; %s hold the cages alone, no clues or progress", cellName(n, cell), c.Cand, format)
		}
	}
	return cage, nil
}

// killerVariant returns the variant of p, a killer when it names none and
// has cages.
func killerVariant(p *Puzzle) grid.Variant {
	if !p.VariantSet && len(p.Cages) > 0 {
		return p.EffectiveVariant(grid.Killer)
	}
	return p.EffectiveVariant(grid.Classic)
}
