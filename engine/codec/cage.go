package codec

import (
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// Killer and KenKen strings do not list cages: they give every cell a
// colour, and a cage is a maximal orthogonally connected area of one
// colour. A killer sum, or a KenKen target, sits in one cell of its cage
// (encoders use the cage's first cell in row-major order); a KenKen
// operator sits in the cell right of the target when that cell is in the
// cage, else in the cell below. So orthogonally adjacent cages must have
// different colours; encoders keep the colours a puzzle was decoded with
// when they still tell its cages apart, and colour the cages anew
// otherwise.
//
// Cells in no cage are allowed in killers: an area without a sum is cells
// in no cage.

// kenKenOps maps KenKen operator codes to operators.
var kenKenOps = [...]grid.Op{1: grid.OpAdd, 2: grid.OpSub, 3: grid.OpMul, 4: grid.OpDiv}

func kenKenCode(op grid.Op) int64 {
	for code, o := range kenKenOps {
		if code > 0 && o == op {
			return int64(code)
		}
	}
	return 0
}

// neighbours appends the orthogonal neighbours of a cell of a board of
// size n to buf.
func neighbours(n, cell int, buf []int) []int {
	r, c := cell/n, cell%n
	if r > 0 {
		buf = append(buf, cell-n)
	}
	if c > 0 {
		buf = append(buf, cell-1)
	}
	if c < n-1 {
		buf = append(buf, cell+1)
	}
	if r < n-1 {
		buf = append(buf, cell+n)
	}
	return buf
}

// areas splits a board of size n into the maximal orthogonally connected
// areas of cells with equal keys. It returns the area of every cell and
// the cells of every area, ascending; areas are numbered by first cell.
func areas(n int, key []int) (areaOf []int, cells [][]int) {
	areaOf = make([]int, n*n)
	for i := range areaOf {
		areaOf[i] = -1
	}
	var stack, buf []int
	for start := range areaOf {
		if areaOf[start] >= 0 {
			continue
		}
		k := len(cells)
		areaOf[start] = k
		members := []int{}
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			cell := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			members = append(members, cell)
			for _, nb := range neighbours(n, cell, buf[:0]) {
				if areaOf[nb] < 0 && key[nb] == key[cell] {
					areaOf[nb] = k
					stack = append(stack, nb)
				}
			}
		}
		slices.Sort(members)
		cells = append(cells, members)
	}
	return areaOf, cells
}

// killerCages returns the cages of a killer string: one for every area of
// one colour with a sum. format names the string in errors.
func killerCages(format string, n int, colour []int, sum []int64) ([]grid.Cage, error) {
	_, list := areas(n, colour)
	var cages []grid.Cage
	for _, cells := range list {
		at := -1
		for _, cell := range cells {
			if sum[cell] == 0 {
				continue
			}
			if at >= 0 {
				return nil, grid.FieldErrorf("text", "%s cage at %s has two sums: %d at %s and %d at %s",
					format, cellName(n, cells[0]), sum[at], cellName(n, at), sum[cell], cellName(n, cell))
			}
			at = cell
		}
		if at >= 0 {
			cages = append(cages, grid.Cage{Cells: cells, Target: int(sum[at]), Op: grid.OpAdd})
		}
	}
	return cages, nil
}

// kenKenCages returns the cages of a KenKen string: in row-major order,
// every cell with content that is not an operator is a target; its
// operator is in the cell right of it when that cell is in the cage, else
// in the cell below when that one is; a cage of one cell has none.
func kenKenCages(format string, n int, colour []int, content []int64) ([]grid.Cage, error) {
	areaOf, list := areas(n, colour)
	target := make([]int, len(list)) // cell of each area's target, -1 when none
	for i := range target {
		target[i] = -1
	}
	ops := make([]grid.Op, len(list))
	consumed := make([]bool, n*n)
	for cell, x := range content {
		if x == 0 || consumed[cell] {
			continue
		}
		k := areaOf[cell]
		if at := target[k]; at >= 0 {
			return nil, grid.FieldErrorf("text", "%s cage at %s has two targets: %d at %s and %d at %s",
				format, cellName(n, list[k][0]), content[at], cellName(n, at), x, cellName(n, cell))
		}
		target[k] = cell
		opCell := -1
		switch {
		case cell%n < n-1 && areaOf[cell+1] == k:
			opCell = cell + 1
		case cell+n < n*n && areaOf[cell+n] == k:
			opCell = cell + n
		}
		if opCell < 0 {
			continue
		}
		code := content[opCell]
		if code < 1 || code > 4 {
			return nil, grid.FieldErrorf("text", "%s cage at %s: operator code %d at %s is not 1-4 (+ - × ÷)",
				format, cellName(n, list[k][0]), code, cellName(n, opCell))
		}
		consumed[opCell] = true
		ops[k] = kenKenOps[code]
	}
	cages := make([]grid.Cage, len(list))
	for k, cells := range list {
		if target[k] < 0 {
			return nil, grid.FieldErrorf("text", "%s cage at %s has no target", format, cellName(n, cells[0]))
		}
		if len(cells) > 1 && ops[k] == grid.OpNone {
			return nil, grid.FieldErrorf("text", "%s cage at %s has %d cells but no operator (the target at %s has no cell of its cage right of or below it)",
				format, cellName(n, cells[0]), len(cells), cellName(n, target[k]))
		}
		cages[k] = grid.Cage{Cells: cells, Target: int(content[target[k]]), Op: ops[k]}
	}
	return cages, nil
}

// cageFields are the per-cell cage data of a killer or KenKen string.
type cageFields struct {
	colour []int   // 1..
	clue   []int64 // sum or target in a cage's first cell, KenKen operator code in its second
	single []int   // killer: the target of a one-cell cage, written as a solved cell; else 0
}

// cageFieldsOf lays out the cages of p for a string named format: colours
// up to maxColours, clues up to clueMax.
func cageFieldsOf(p *Puzzle, format string, arithmetic bool, maxColours int, clueMax int64) (*cageFields, error) {
	n := p.Size
	cells := n * n
	node := make([]int, cells)
	for i := range node {
		node[i] = -1
	}
	for k, cg := range p.Cages {
		if len(cg.Cells) == 0 {
			return nil, grid.FieldErrorf("board", "cage %d has no cells", k+1)
		}
		for _, cell := range cg.Cells {
			if cell < 0 || cell >= cells {
				return nil, grid.FieldErrorf("board", "cage %d: cell %d is outside the %d cells of the board", k+1, cell, cells)
			}
			if node[cell] >= 0 {
				return nil, grid.FieldErrorf("board", "cell %s is in two cages: cage %d at %s and cage %d at %s", cellName(n, cell),
					node[cell]+1, cellName(n, slices.Min(p.Cages[node[cell]].Cells)), k+1, cellName(n, slices.Min(cg.Cells)))
			}
			node[cell] = k
		}
	}
	for k, cg := range p.Cages {
		if !connected(n, cg.Cells, node, k) {
			return nil, grid.FieldErrorf("board", "cage %d at %s is not orthogonally connected, which %s cannot express", k+1, cellName(n, slices.Min(cg.Cells)), format)
		}
	}
	// Cells in no cage form areas of their own, split by their colours
	// when the puzzle has some.
	colours := p.Colours
	if len(colours) != cells {
		colours = make([]int, cells)
	}
	count := len(p.Cages)
	var stack, buf []int
	for start := range node {
		if node[start] >= 0 {
			continue
		}
		if arithmetic {
			return nil, grid.FieldErrorf("board", "cell %s is in no cage; every KenKen cell needs one", cellName(n, start))
		}
		node[start] = count
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			cell := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, nb := range neighbours(n, cell, buf[:0]) {
				if node[nb] < 0 && colours[nb] == colours[cell] {
					node[nb] = count
					stack = append(stack, nb)
				}
			}
		}
		count++
	}

	f := &cageFields{colour: p.Colours, clue: make([]int64, cells), single: make([]int, cells)}
	if !coloursFit(n, p.Colours, node, maxColours) {
		var err error
		if f.colour, err = colourAreas(n, node, count, maxColours); err != nil {
			return nil, err
		}
	}
	for k, cg := range p.Cages {
		first := slices.Min(cg.Cells)
		if cg.Op == grid.OpDistinct {
			return nil, bareCageError(n, first, format)
		}
		if cg.Target < 1 || int64(cg.Target) > clueMax {
			return nil, grid.FieldErrorf("board", "cage at %s has target %d; %s holds 1..%d", cellName(n, first), cg.Target, format, clueMax)
		}
		f.clue[first] = int64(cg.Target)
		switch {
		case arithmetic && len(cg.Cells) > 1:
			code := kenKenCode(cg.Op)
			if code == 0 {
				return nil, grid.FieldErrorf("board", "cage at %s has %d cells but no operator", cellName(n, first), len(cg.Cells))
			}
			second := first + n
			if first%n < n-1 && node[first+1] == k {
				second = first + 1
			}
			f.clue[second] = code
		case !arithmetic && cg.Op != grid.OpAdd && cg.Op != grid.OpNone:
			return nil, grid.FieldErrorf("board", "cage at %s has operator %s; %s holds sums only", cellName(n, first), cg.Op, format)
		case !arithmetic && len(cg.Cells) == 1 && cg.Target <= n:
			f.single[first] = cg.Target
		}
	}
	return f, nil
}

// bareCageError is the refusal of a form named format that has no way to
// write the cage at first, drawn without a total.
func bareCageError(n, first int, format string) error {
	return grid.FieldErrorf("board", "cage at %s has no total, which %s cannot hold (the killer arrow form can)", cellName(n, first), format)
}

// connected reports whether cells, all of node k, are orthogonally
// connected.
func connected(n int, cells, node []int, k int) bool {
	seen := map[int]bool{cells[0]: true}
	stack := []int{cells[0]}
	var buf []int
	for len(stack) > 0 {
		cell := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, nb := range neighbours(n, cell, buf[:0]) {
			if node[nb] == k && !seen[nb] {
				seen[nb] = true
				stack = append(stack, nb)
			}
		}
	}
	return len(seen) == len(cells)
}

// coloursFit reports whether colours, 1..max, give every node one colour
// and orthogonally adjacent nodes different ones, so that the areas of one
// colour are the nodes.
func coloursFit(n int, colours, node []int, max int) bool {
	if len(colours) != n*n {
		return false
	}
	for cell, c := range colours {
		if c < 1 || c > max {
			return false
		}
		if cell%n < n-1 && (node[cell+1] == node[cell]) != (colours[cell+1] == c) {
			return false
		}
		if cell+n < n*n && (node[cell+n] == node[cell]) != (colours[cell+n] == c) {
			return false
		}
	}
	return true
}

// colourAreas colours count nodes, given as the node of every cell, with
// colours 1..max (max ≥ 5) so that orthogonally adjacent nodes differ.
// Nodes are connected areas of the board, so their adjacency is planar: it
// takes the nodes off smallest degree first (each then has at most five
// neighbours left), and colours them back in reverse, each with the
// smallest colour its neighbours leave; when they leave none, it frees one
// by swapping the two colours of a Kempe chain, as in the proof of the
// five colour theorem. It returns every cell's colour.
func colourAreas(n int, node []int, count, max int) ([]int, error) {
	adj := make([][]int, count)
	for cell, k := range node {
		for _, nb := range []int{cell + 1, cell + n} {
			if nb == cell+1 && cell%n == n-1 || nb >= n*n || node[nb] == k {
				continue
			}
			j := node[nb]
			if !slices.Contains(adj[k], j) {
				adj[k] = append(adj[k], j)
				adj[j] = append(adj[j], k)
			}
		}
	}
	// The smallest-last order; ties go to the node met first in the
	// board, so that the colours read well.
	first := make([]int, 0, count)
	seen := make([]bool, count)
	for _, k := range node {
		if !seen[k] {
			seen[k] = true
			first = append(first, k)
		}
	}
	degree := make([]int, count)
	for k := range adj {
		degree[k] = len(adj[k])
	}
	removed := make([]bool, count)
	order := make([]int, 0, count)
	for range count {
		best := -1
		for _, k := range first {
			if !removed[k] && (best < 0 || degree[k] < degree[best]) {
				best = k
			}
		}
		removed[best] = true
		order = append(order, best)
		for _, j := range adj[best] {
			degree[j]--
		}
	}
	colour := make([]int, count)
	for i := len(order) - 1; i >= 0; i-- {
		k := order[i]
		c := freeColour(adj[k], colour, max)
		if c == 0 {
			c = kempeFree(adj, k, colour, max)
		}
		if c == 0 {
			return nil, grid.FieldErrorf("board", "could not colour the cages with %d colours so that adjacent cages differ", max)
		}
		colour[k] = c
	}
	out := make([]int, len(node))
	for cell, k := range node {
		out[cell] = colour[k]
	}
	return out, nil
}

// freeColour returns the smallest colour 1..max that no node of nbs has,
// or 0.
func freeColour(nbs, colour []int, max int) int {
next:
	for c := 1; c <= max; c++ {
		for _, j := range nbs {
			if colour[j] == c {
				continue next
			}
		}
		return c
	}
	return 0
}

// kempeFree frees a colour for node k, whose neighbours use every colour:
// for two neighbours a and b of colours ca and cb, when the chain of
// nodes coloured ca or cb connected to a does not reach b, swapping the
// two colours along it leaves ca to k. It returns the colour freed, or 0.
func kempeFree(adj [][]int, k int, colour []int, max int) int {
	for _, a := range adj[k] {
		for _, b := range adj[k] {
			ca, cb := colour[a], colour[b]
			if ca == 0 || cb == 0 || ca == cb {
				continue
			}
			chain := map[int]bool{a: true}
			stack := []int{a}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, y := range adj[x] {
					if !chain[y] && (colour[y] == ca || colour[y] == cb) {
						chain[y] = true
						stack = append(stack, y)
					}
				}
			}
			if chain[b] {
				continue
			}
			for x := range chain {
				if colour[x] == ca {
					colour[x] = cb
				} else {
					colour[x] = ca
				}
			}
			if c := freeColour(adj[k], colour, max); c != 0 {
				return c
			}
		}
	}
	return 0
}
