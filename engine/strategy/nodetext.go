package strategy

import (
	"strconv"

	"github.com/sudokuwise/solver/engine/grid"
)

// trialNodeText words one deduction of a trial: "r3c9=9", or a group and
// the combinations it keeps.
func trialNodeText(nd *Node, n grid.Notation) string {
	// The words of a node run to a few hundred bytes (a group and the
	// candidates it takes out): built in one buffer, on the stack unless
	// longer, they cost one allocation, where joining the names and
	// lists of the text helpers cost one a cell name.
	var buf [320]byte
	return string(appendTrialNodeText(buf[:0], nd, n))
}

// appendTrialNodeText appends trialNodeText(nd, n) to b.
func appendTrialNodeText(b []byte, nd *Node, n grid.Notation) []byte {
	switch nd.Kind {
	case CandidateNode:
		b = n.AppendCellName(b, nd.Cells[0])
		b = append(b, '=')
		return n.AppendDigitName(b, nd.Digit)
	case GroupNode:
		if nd.Digit == 0 && (nd.Origin == nakedPairOrigin || nd.Origin == hiddenPairOrigin) && len(nd.Combos) == 1 {
			// A Locked Nested Trial pair.
			b = append(b, nd.Origin...)
			b = append(b, " {"...)
			b = n.AppendDigitList(b, nd.Combos[0], ",")
			b = append(b, "} in "...)
			b = appendCellNames(b, n, nd.Cells, ',')
			b = append(b, " ("...)
			b = append(b, n.Layout.Unit(nd.Unit).Name()...)
			return append(b, ')')
		}
		if nd.Digit == 0 { // a Strong Nested Cage Contradiction rule
			return append(b, nd.Origin...)
		}
		b = n.AppendDigitName(b, nd.Digit)
		b = append(b, " locked in "...)
		return appendCellNames(b, n, nd.Cells, '+')
	}
	b = appendGroupName(b, nd, n)
	switch {
	case len(nd.Combos) > 0 && nd.firstGives:
		// New combinations and what they take out beyond the group.
		b = append(b, groupVerb(nd, " keeps ", " keep ")...)
		b = appendNodeCombos(b, n, nd)
		b = append(b, ", which gives"...)
		return appendRemoved(b, n, nd.Removed)
	case len(nd.Combos) > 0 && len(nd.Removed) > 0:
		// The combinations kept before: what the rule takes out now.
		b = append(b, groupVerb(nd, " keeps ", " keep ")...)
		b = appendNodeCombos(b, n, nd)
		b = append(b, ", which now gives"...)
		return appendRemoved(b, n, nd.Removed)
	case len(nd.Combos) > 0:
		b = append(b, groupVerb(nd, " keeps ", " keep ")...)
		return appendNodeCombos(b, n, nd)
	case len(nd.Removed) > 0:
		b = append(b, groupVerb(nd, " gives", " give")...)
		return appendRemoved(b, n, nd.Removed)
	}
	return append(b, groupVerb(nd, " rules out what no filling puts in its cells", " rule out what no filling puts in their cells")...)
}

// appendGroupName appends trialGroupName(nd, n) to b.
func appendGroupName(b []byte, nd *Node, n grid.Notation) []byte {
	switch nd.Kind {
	case CageNode:
		// cageName's "cage 16+ at r3c9".
		cg := n.Layout.Cage(nd.Cage)
		b = append(b, "cage "...)
		b = strconv.AppendInt(b, int64(cg.Target), 10)
		b = append(b, cg.Op.String()...)
		b = append(b, " at "...)
		return n.AppendCellName(b, cg.Cells[0])
	case CompartmentNode:
		return append(b, n.Layout.Unit(nd.Unit).Name()...)
	}
	b = append(b, nd.Origin...)
	b = append(b, " ("...)
	b = appendCellNames(b, n, nd.Cells, '+')
	b = append(b, '=')
	b = strconv.AppendInt(b, int64(nd.Target), 10)
	return append(b, ')')
}

// appendNodeCombos appends nodeCombos(n, nd) to b.
func appendNodeCombos(b []byte, n grid.Notation, nd *Node) []byte {
	if nd.Kind == CompartmentNode {
		return append(b, straightList(n, nd.Combos)...)
	}
	if nd.Kind == CageNode || nd.Kind == ALSNode && nd.Cage >= 0 {
		if k := nd.Cage; k < len(n.Layout.Cages()) && !allSee(n.Layout, n.Layout.Cage(k).Cells) {
			// A cage whose digits may repeat: its fillings, as
			// Node.ComboDigits lists them.
			return append(b, digitLists(n, nd.ComboDigits(n.Layout))...)
		}
	}
	// Each set's digits ascending, the sets in the order of Combos
	// (cageComboDigits of no cage, or of one whose digits differ).
	for i, c := range nd.Combos {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		b = n.AppendDigitList(b, c, ",")
		b = append(b, '}')
	}
	return b
}

// appendRemoved appends removedText(n, removed) to b: " r1c2<>4,
// r4c2<>124", the digits of each run of one cell's candidates together.
func appendRemoved(b []byte, n grid.Notation, removed []CellDigit) []byte {
	for i := 0; i < len(removed); {
		c, ds := removed[i].Cell, grid.Digits(0)
		for ; i < len(removed) && removed[i].Cell == c; i++ {
			ds |= grid.Bit(removed[i].Digit)
		}
		b = append(b, ' ')
		b = n.AppendCellName(b, c)
		b = append(b, "<>"...)
		b = n.AppendDigitList(b, ds, "")
		if i < len(removed) {
			b = append(b, ',')
		}
	}
	return b
}

// appendCellNames appends the names of cells, sep between them (cellSum's
// "r1c1+r2c2" for '+').
func appendCellNames(b []byte, n grid.Notation, cells []int, sep byte) []byte {
	for i, c := range cells {
		if i > 0 {
			b = append(b, sep)
		}
		b = n.AppendCellName(b, c)
	}
	return b
}
