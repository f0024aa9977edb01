package strategy

import (
	"fmt"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The techniques of SimpleColours.
var (
	colourTrap  = &Technique{Name: "Simple Colours Trap", Code: "0500", Level: Hard, Score: 150}
	colourWrap  = &Technique{Name: "Simple Colours Wrap", Code: "0501", Level: Hard, Score: 150}
	multiColour = &Technique{Name: "Multi Colours 1", Code: "0502", Level: Hard, Score: 200}
	multiWrap   = &Technique{Name: "Multi Colours 2", Code: "0503", Level: Hard, Score: 200}
)

// SimpleColours (T) colours the cells of a digit joined by strong links
// (units where the digit has two places) in two alternating colours: one
// colour holds the digit, the other not. Wrap: two cells of one colour see
// each other, so that colour is false. Trap: a cell seeing both colours
// cannot hold the digit. Multi colours joins two such clusters: when a
// colour of one sees a colour of the other, one of their opposites is true
// (cells seeing both lose the digit), and a colour seeing both colours of
// the other cluster is false.
var SimpleColours = &Strategy{
	Name: "Simple Colours", Class: Elimination,
	Technique:  colourTrap,
	Techniques: []*Technique{colourTrap, colourWrap, multiColour, multiWrap},
	Explain:    explainColours,
	find:       findColours,
}

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
	for _, p := range l.Peers[cell] {
		if cc.colour[p] == c {
			return true
		}
	}
	return false
}

func findColours(b *grid.Board, sink *Sink) {
	l := b.L
	var cc colourClusters
	for d := 1; d <= l.N; d++ {
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
	// Multi colours come after every simple colouring, as in HoDoKu's
	// order.
	for d := 1; d <= l.N; d++ {
		cc.build(b, d)
		if findMultiColours(b, sink, d, &cc) {
			return
		}
	}
}

// colourTrapStep eliminates d from the cells outside the cluster (of
// colours c0 and c0+1) that see both colours; it reports whether the finder
// may stop.
func colourTrapStep(b *grid.Board, sink *Sink, d int, cc *colourClusters, c0 int32, cells []int32) bool {
	l := b.L
	var s *Step
	bit := grid.Bit(d)
	for cell := 0; cell < l.Cells; cell++ {
		if b.Cand[cell]&bit == 0 {
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

// findMultiColours reports the multi-colour steps of d between pairs of
// clusters; it reports whether the finder may stop.
func findMultiColours(b *grid.Board, sink *Sink, d int, cc *colourClusters) bool {
	l := b.L
	for k := 0; k < cc.n; k++ {
		if cc.broken[k] {
			continue
		}
		ck, k0 := cc.cluster(k)
		for m := k + 1; m < cc.n; m++ {
			if cc.broken[m] {
				continue
			}
			cm, m0 := cc.cluster(m)
			// link[i][j]: a cell of colour k0+i sees one of colour m0+j.
			var link [2][2]bool
			for _, cell := range ck {
				i := cc.colour[cell] - k0
				for _, p := range l.Peers[cell] {
					if v := cc.colour[p]; v == m0 || v == m0+1 {
						link[i][v-m0] = true
					}
				}
			}
			// Type 2: a colour seeing both colours of the other cluster is
			// false.
			for i := int32(0); i < 2; i++ {
				if link[i][0] && link[i][1] {
					if multiWrapStep(sink, d, cc, k0+i, ck, cm) {
						return true
					}
				}
				if link[0][i] && link[1][i] {
					if multiWrapStep(sink, d, cc, m0+i, cm, ck) {
						return true
					}
				}
			}
			// Type 1: colours that see each other cannot both be true, so
			// one of their opposites is.
			if multiTrapStep(b, sink, d, cc, &link, k0, m0, ck, cm) {
				return true
			}
		}
	}
	return false
}

// multiTrapStep eliminates d, for every pair of colours k0+i and m0+j of
// two clusters with link[i][j] set, from the cells that see both opposite
// colours; it reports whether the finder may stop.
func multiTrapStep(b *grid.Board, sink *Sink, d int, cc *colourClusters, link *[2][2]bool, k0, m0 int32, ck, cm []int32) bool {
	l := b.L
	bit := grid.Bit(d)
	var s *Step
	for cell := 0; cell < l.Cells; cell++ {
		if b.Cand[cell]&bit == 0 {
			continue
		}
		v := cc.colour[cell]
		hit := false
		for i := int32(0); i < 2 && !hit; i++ {
			for j := int32(0); j < 2 && !hit; j++ {
				ka, mb := k0+1-i, m0+1-j
				hit = link[i][j] && v != ka && v != mb && cc.sees(l, cell, ka) && cc.sees(l, cell, mb)
			}
		}
		if !hit {
			continue
		}
		if s == nil {
			s = sink.Add()
			s.Technique = multiColour
			s.Digits = bit
		}
		s.Eliminations = append(s.Eliminations, CellDigit{cell, d})
	}
	if s == nil {
		return false
	}
	cc.addCells(s, ck)
	cc.addCells(s, cm)
	return sink.Done()
}

// multiWrapStep eliminates d from the cells of colour c (in cluster cells,
// joined to cluster other); it reports whether the finder may stop.
func multiWrapStep(sink *Sink, d int, cc *colourClusters, c int32, cells, other []int32) bool {
	s := sink.Add()
	s.Technique = multiWrap
	s.Digits = grid.Bit(d)
	for _, cell := range cells {
		if cc.colour[cell] == c {
			s.Eliminations = append(s.Eliminations, CellDigit{int(cell), d})
		}
	}
	patSortElims(s)
	cc.addCells(s, cells)
	cc.addCells(s, other)
	return sink.Done()
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
		for _, c := range l.Units[u].Cells {
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
