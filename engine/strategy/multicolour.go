package strategy

import (
	"github.com/sudokuwise/solver/engine/grid"
)

// The techniques of MultiColours, numbered as HoDoKu's Multi Colors.
var (
	multiColour = &Technique{name: "Multi Colours 1", code: "0502", level: Hard, score: 200, se: 70, seChain: true}
	multiWrap   = &Technique{name: "Multi Colours 2", code: "0503", level: Hard, score: 200, se: 70, seChain: true}
)

var multiColours = &Strategy{
	name: "Multi Colours", class: Elimination,
	technique:  multiColour,
	techniques: []*Technique{multiColour, multiWrap},
	explain:    explainColours,
	perDigit:   true,
	find:       findMultiColours,
}

// MultiColours (m) colours the cells of a digit joined by strong links in
// clusters of two colours, as SimpleColours does, and looks at two clusters
// at once. Type 1: a colour of one cluster sees a colour of the other, so
// they are not both true and one of their opposites is; a cell seeing both
// opposites cannot hold the digit. Type 2: a colour sees both colours of
// the other cluster, one of which is true, so it is false.
func MultiColours() *Strategy { return multiColours }

// multiScratch is the working storage of a Multi Colours search.
type multiScratch struct {
	cc colourClusters
	// sees[cell] tells which colours of the two clusters at hand the cell
	// sees: bit i for the first's colour k0+i, bit 2+j for the second's
	// m0+j; valid when stamp[cell] is gen.
	sees  [grid.MaxSize * grid.MaxSize]uint8
	stamp [grid.MaxSize * grid.MaxSize]uint32
	gen   uint32
}

func findMultiColours(b *grid.Board, sink *Sink) {
	var ms multiScratch
	for d := 1; d <= b.Layout().N; d++ {
		if !sink.wants(d) {
			continue
		}
		ms.cc.build(b, d)
		if ms.cc.n >= 2 && ms.pairs(b, sink, d) {
			return
		}
	}
}

// mark records in sees the colours of clusters k0 and m0 that each cell
// sees.
func (ms *multiScratch) mark(l *grid.Layout, k0, m0 int32, ck, cm []int32) {
	ms.gen++
	for _, cells := range [2][]int32{ck, cm} {
		for _, cell := range cells {
			var bit uint8
			switch v := ms.cc.colour[cell]; v {
			case k0, k0 + 1:
				bit = 1 << (v - k0)
			default:
				bit = 4 << (v - m0)
			}
			for _, p := range l.Peers(int(cell)) {
				if ms.stamp[p] != ms.gen {
					ms.stamp[p], ms.sees[p] = ms.gen, 0
				}
				ms.sees[p] |= bit
			}
		}
	}
}

// seen returns the colours that cell sees (see sees).
func (ms *multiScratch) seen(cell int) uint8 {
	if ms.stamp[cell] != ms.gen {
		return 0
	}
	return ms.sees[cell]
}

// pairs reports the multi-colour steps of d between every two clusters;
// it reports whether the finder may stop.
func (ms *multiScratch) pairs(b *grid.Board, sink *Sink, d int) bool {
	l := b.Layout()
	cc := &ms.cc
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
			ms.mark(l, k0, m0, ck, cm)
			// link[i][j]: a cell of colour k0+i sees one of colour m0+j.
			var link [2][2]bool
			any := false
			for _, cell := range ck {
				i, seen := cc.colour[cell]-k0, ms.seen(int(cell))
				for j := 0; j < 2; j++ {
					if seen&(4<<j) != 0 {
						link[i][j], any = true, true
					}
				}
			}
			if !any {
				continue
			}
			// Type 2, both ways: a colour seeing both colours of the other
			// cluster is false.
			for i := int32(0); i < 2; i++ {
				if link[i][0] && link[i][1] && multiWrapStep(l, sink, d, cc, k0+i, ck, m0, cm) {
					return true
				}
				if link[0][i] && link[1][i] && multiWrapStep(l, sink, d, cc, m0+i, cm, k0, ck) {
					return true
				}
			}
			if ms.trap(b, sink, d, &link, k0, m0, ck, cm) {
				return true
			}
		}
	}
	return false
}

// trap eliminates d, for every pair of colours k0+i and m0+j of two
// clusters with link[i][j] set, from the cells that see both opposite
// colours; it reports whether the finder may stop.
func (ms *multiScratch) trap(b *grid.Board, sink *Sink, d int, link *[2][2]bool, k0, m0 int32, ck, cm []int32) bool {
	l := b.Layout()
	cc := &ms.cc
	bit := grid.Bit(d)
	var s *Step
	for cell := 0; cell < l.Cells; cell++ {
		seen := ms.seen(cell)
		if seen == 0 || b.Cands(cell)&bit == 0 {
			continue
		}
		v := cc.colour[cell]
		hit := false
		for i := int32(0); i < 2 && !hit; i++ {
			for j := int32(0); j < 2 && !hit; j++ {
				// The opposites of k0+i and m0+j.
				ka, mb := k0+1-i, m0+1-j
				hit = link[i][j] && v != ka && v != mb && seen&(1<<(1-i)) != 0 && seen&(4<<(1-j)) != 0
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
	// The first pair of colours that see each other is drawn as the weak
	// link; their opposites, one of which is true, are on.
	i, j := int32(0), int32(0)
	for !link[i][j] {
		if j++; j == 2 {
			i, j = i+1, 0
		}
	}
	multiColourDraw(l, s, d, cc, ck, cm, k0+1-i, m0+1-j)
	multiWeakLink(l, s, cc, k0+i, m0+j)
	colourMarkTargets(s)
	return sink.Done()
}

// multiWrapStep eliminates d from the cells of colour c (in cluster cells,
// which sees both colours m0 and m0+1 of cluster other); it reports whether
// the finder may stop.
func multiWrapStep(l *grid.Layout, sink *Sink, d int, cc *colourClusters, c int32, cells []int32, m0 int32, other []int32) bool {
	s := sink.Add()
	s.Technique = multiWrap
	s.Digits = grid.Bit(d)
	for _, cell := range cells {
		if cc.colour[cell] == c {
			s.Eliminations = append(s.Eliminations, CellDigit{int(cell), d})
		}
	}
	patSortElims(s)
	k0 := (c-1)/2*2 + 1
	multiColourDraw(l, s, d, cc, cells, other, 2*k0+1-c, m0)
	multiWeakLink(l, s, cc, c, m0)
	multiWeakLink(l, s, cc, c, m0+1)
	colourMarkTargets(s)
	return sink.Done()
}

// multiColourDraw fills the cells, units, nodes, strong links and colour
// marks of a step over two clusters of digit d: colours onK and onM are
// marked on, their opposites off. The nodes are the cells of ck, then those
// of cm.
func multiColourDraw(l *grid.Layout, s *Step, d int, cc *colourClusters, ck, cm []int32, onK, onM int32) {
	cc.addCells(s, ck)
	cc.addCells(s, cm)
	clusters, ons := [2][]int32{ck, cm}, [2]int32{onK, onM}
	for k, cells := range clusters {
		on := ons[k]
		for _, cell := range cells {
			colourNode(s, d, int(cell))
			role := RoleOff
			if cc.colour[cell] == on {
				role = RoleOn
			}
			s.Marks = append(s.Marks, Mark{Cell: int(cell), Digit: d, Role: role})
		}
	}
	for i := 0; i < cc.links.n; i++ {
		lk := cc.links.link[i]
		from, to := colourNodeIndex(s, lk.a), colourNodeIndex(s, lk.b)
		if from >= 0 && to >= 0 {
			s.Links = append(s.Links, Link{From: from, To: to, Kind: Strong})
		}
	}
}

// multiWeakLink adds to a step drawn by multiColourDraw a weak link from a
// cell of colour a to a cell of colour c that it sees, if there is one.
func multiWeakLink(l *grid.Layout, s *Step, cc *colourClusters, a, c int32) {
	for i := range s.Nodes {
		from := s.Nodes[i].Cells[0]
		if cc.colour[from] != a {
			continue
		}
		for _, p := range l.Peers(from) {
			if cc.colour[p] == c {
				s.Links = append(s.Links, Link{From: i, To: colourNodeIndex(s, p), Kind: Weak})
				return
			}
		}
	}
}

// colourNode appends to the step's nodes the candidate d in cell and
// returns its index.
func colourNode(s *Step, d, cell int) int {
	s.addNode(CandidateNode, d, cell)
	return len(s.Nodes) - 1
}

// colourNodeIndex returns the index of the step's node on cell (steps of
// one digit), or -1.
func colourNodeIndex(s *Step, cell int) int {
	for i := range s.Nodes {
		if s.Nodes[i].Cells[0] == cell {
			return i
		}
	}
	return -1
}

// colourMarkTargets marks the step's eliminations as targets: a candidate
// already marked (with its colour) takes the target role instead, so that
// every candidate has one mark.
func colourMarkTargets(s *Step) {
	for _, e := range s.Eliminations {
		found := false
		for i := range s.Marks {
			if m := &s.Marks[i]; m.Cell == e.Cell && m.Digit == e.Digit {
				m.Role, found = RoleTarget, true
				break
			}
		}
		if !found {
			s.Marks = append(s.Marks, Mark{Cell: e.Cell, Digit: e.Digit, Role: RoleTarget})
		}
	}
}
