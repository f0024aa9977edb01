package strategy

import (
	"fmt"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The techniques of SimpleColours.
var (
	colourTrap = &Technique{name: "Simple Colours Trap", code: "0500", level: Hard, score: 150, se: 66}
	colourWrap = &Technique{name: "Simple Colours Wrap", code: "0501", level: Hard, score: 150, se: 65}
)

var simpleColours = &Strategy{
	name: "Simple Colours", class: Elimination,
	technique:  colourTrap,
	techniques: []*Technique{colourTrap, colourWrap},
	explain:    explainColours,
	perDigit:   true,
	find:       findColours,
}

// SimpleColours (T) colours the cells of a digit joined by strong links
// (units where the digit has two places) in two alternating colours: one
// colour holds the digit, the other not. Wrap: two cells of one colour see
// each other, so that colour is false. Trap: a cell seeing both colours
// cannot hold the digit. (MultiColours joins two such clusters.)
func SimpleColours() *Strategy { return simpleColours }

// colourClusters holds the colour clusters of one digit. Cell colours are
// numbered across digits so that they need no clearing: cluster g (counted
// over the whole search) has colours 2g+1 and 2g+2, and a colour below
// first belongs to an earlier digit.
type colourClusters struct {
	colour [grid.MaxSize * grid.MaxSize]int32
	cells  [grid.MaxSize * grid.MaxSize]int32 // the cells of the clusters, one cluster after the other
	start  [maxPatLinks + 1]int32             // cluster k's cells are cells[start[k]:start[k+1]]
	broken [maxPatLinks]bool                  // the cluster has two adjacent cells of one colour
	links  patLinks                           // the strong links the clusters come from
	n      int                                // clusters of this digit
	first  int32                              // the first colour of this digit
	next   int32                              // the next free cluster number
}

// build colours the clusters of digit d from its strong links.
func (cc *colourClusters) build(b *grid.Board, d int) {
	links := &cc.links
	links.collect(b, d, patAll)
	cc.n = 0
	cc.first = 2*cc.next + 1
	total := int32(0)
	cc.start[0] = 0
	for i := 0; i < links.n; i++ {
		seed := links.link[i].a
		if cc.colour[seed] >= cc.first {
			continue
		}
		g := cc.next
		cc.next++
		k := cc.n
		cc.n++
		cc.broken[k] = false
		cc.colour[seed] = 2*g + 1
		cc.cells[total] = int32(seed)
		end := total + 1
		for q := total; q < end; q++ {
			cell := int(cc.cells[q])
			c := cc.colour[cell]
			opposite := 4*g + 3 - c
			for j := 0; j < links.n; j++ {
				lk := links.link[j]
				var o int
				switch cell {
				case lk.a:
					o = lk.b
				case lk.b:
					o = lk.a
				default:
					continue
				}
				switch cc.colour[o] {
				case opposite:
				case c:
					cc.broken[k] = true
				default:
					cc.colour[o] = opposite
					cc.cells[end] = int32(o)
					end++
				}
			}
		}
		total = end
		cc.start[k+1] = total
	}
}

// cluster returns the cells of cluster k and its first colour.
func (cc *colourClusters) cluster(k int) ([]int32, int32) {
	cells := cc.cells[cc.start[k]:cc.start[k+1]]
	return cells, (cc.colour[cells[0]]-1)/2*2 + 1
}

// sees reports whether cell sees a cell of colour c.
func (cc *colourClusters) sees(l *grid.Layout, cell int, c int32) bool {
	for _, p := range l.Peers(cell) {
		if cc.colour[p] == c {
			return true
		}
	}
	return false
}

func findColours(b *grid.Board, sink *Sink) {
	l := b.Layout()
	var cc colourClusters
	for d := 1; d <= l.N; d++ {
		if !sink.wants(d) {
			continue
		}
		cc.build(b, d)
		for k := 0; k < cc.n; k++ {
			if cc.broken[k] {
				continue
			}
			cells, c0 := cc.cluster(k)
			// Wrap: a colour with two cells that see each other is false.
			for c := c0; c <= c0+1; c++ {
				wrapped := false
				for _, cell := range cells {
					if cc.colour[cell] == c && cc.sees(l, int(cell), c) {
						wrapped = true
						break
					}
				}
				if wrapped {
					s := sink.Add()
					s.Technique = colourWrap
					s.Digits = grid.Bit(d)
					for _, cell := range cells {
						if cc.colour[cell] == c {
							s.Eliminations = append(s.Eliminations, CellDigit{int(cell), d})
						}
					}
					patSortElims(s)
					cc.addCells(s, cells)
					if sink.Done() {
						return
					}
				}
			}
			// Trap: a cell outside the cluster that sees both colours.
			if colourTrapStep(b, sink, d, &cc, c0, cells) {
				return
			}
		}
	}
}

// colourTrapStep eliminates d from the cells outside the cluster (of
// colours c0 and c0+1) that see both colours; it reports whether the finder
// may stop.
func colourTrapStep(b *grid.Board, sink *Sink, d int, cc *colourClusters, c0 int32, cells []int32) bool {
	l := b.Layout()
	var s *Step
	bit := grid.Bit(d)
	for cell := 0; cell < l.Cells; cell++ {
		if b.Cands(cell)&bit == 0 {
			continue
		}
		if v := cc.colour[cell]; v == c0 || v == c0+1 || !cc.sees(l, cell, c0) || !cc.sees(l, cell, c0+1) {
			continue
		}
		if s == nil {
			s = sink.Add()
			s.Technique = colourTrap
			s.Digits = bit
		}
		s.Eliminations = append(s.Eliminations, CellDigit{cell, d})
	}
	if s == nil {
		return false
	}
	cc.addCells(s, cells)
	return sink.Done()
}

// addCells appends the cells of a cluster to the step's cells, and the
// units of its strong links to the step's units.
func (cc *colourClusters) addCells(s *Step, cells []int32) {
	for _, cell := range cells {
		s.Cells = append(s.Cells, int(cell))
	}
	c0 := (cc.colour[cells[0]]-1)/2*2 + 1
	for i := 0; i < cc.links.n; i++ {
		if lk := cc.links.link[i]; cc.colour[lk.a] == c0 || cc.colour[lk.a] == c0+1 {
			patAddUnit(s, lk.unit)
		}
	}
}

func explainColours(s *Step, n grid.Notation) string {
	l := n.Layout
	d := s.Digits.Min()
	colours := colourClasses(s, l)
	var b strings.Builder
	for i, c := range colours {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s against %s", cellList(n, c[0]), cellList(n, c[1]))
	}
	var why string
	switch s.Technique {
	case colourWrap:
		why = "two cells of one colour see each other, so that colour is false"
	case colourTrap:
		why = "one colour is true, so a cell seeing both cannot be " + n.DigitName(d)
	case multiColour:
		why = "a colour of one cluster sees a colour of the other, so one of their opposites is true"
	case multiWrap:
		why = "a colour sees both colours of the other cluster, so it is false"
	}
	return fmt.Sprintf("%s on %s, colours %s: %s; remove %s from %s",
		s.Name(), n.DigitName(d), b.String(), why, n.DigitName(d), patCellNames(s.Eliminations, n))
}

// colourClasses splits the cells of a colouring (or remote pair) step into
// its clusters and their two colours. The step's units are its links, each
// holding exactly two of its cells, of opposite colours.
func colourClasses(s *Step, l *grid.Layout) [][2][]int {
	index := map[int]int{}
	for i, c := range s.Cells {
		index[c] = i
	}
	adj := make([][]int, len(s.Cells))
	for _, u := range s.Units {
		var ends []int
		for _, c := range l.Unit(u).Cells {
			if i, ok := index[c]; ok {
				ends = append(ends, i)
			}
		}
		if len(ends) == 2 {
			adj[ends[0]] = append(adj[ends[0]], ends[1])
			adj[ends[1]] = append(adj[ends[1]], ends[0])
		}
	}
	colour := make([]int, len(s.Cells)) // 0 unseen, 1 or 2
	var out [][2][]int
	for start := range s.Cells {
		if colour[start] != 0 {
			continue
		}
		var cls [2][]int
		colour[start] = 1
		queue := []int{start}
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			cls[colour[i]-1] = append(cls[colour[i]-1], s.Cells[i])
			for _, j := range adj[i] {
				if colour[j] == 0 {
					colour[j] = 3 - colour[i]
					queue = append(queue, j)
				}
			}
		}
		out = append(out, cls)
	}
	return out
}
