// Package protoconv converts between the API's messages (gen/sudoku/v1)
// and the engine's types: variants, cage operators, formats, boards,
// steps and results. It is the one such conversion, used by the service
// and by the CLI's terminal viewer alike.
package protoconv

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// VariantFromProto maps each API variant to the engine's; VARIANT_UNSPECIFIED is
// classic. A variant not in it is one the engine does not know.
var VariantFromProto = map[sudokuv1.Variant]grid.Variant{
	sudokuv1.Variant_VARIANT_UNSPECIFIED:   grid.Classic,
	sudokuv1.Variant_VARIANT_CLASSIC:       grid.Classic,
	sudokuv1.Variant_VARIANT_X:             grid.X,
	sudokuv1.Variant_VARIANT_WINDOKU:       grid.Windoku,
	sudokuv1.Variant_VARIANT_COLOUR:        grid.Colour,
	sudokuv1.Variant_VARIANT_JIGSAW:        grid.Jigsaw,
	sudokuv1.Variant_VARIANT_KILLER:        grid.Killer,
	sudokuv1.Variant_VARIANT_KILLER_JIGSAW: grid.KillerJigsaw,
	sudokuv1.Variant_VARIANT_KENKEN:        grid.KenKen,
	sudokuv1.Variant_VARIANT_KENDOKU:       grid.KenDoku,
	sudokuv1.Variant_VARIANT_STR8TS:        grid.Str8ts,
	sudokuv1.Variant_VARIANT_STR8TS_X:      grid.Str8tsX,
	sudokuv1.Variant_VARIANT_STR8TS_B:      grid.Str8tsB,
	sudokuv1.Variant_VARIANT_STR8TS_BX:     grid.Str8tsBX,
	sudokuv1.Variant_VARIANT_KILLER_X:      grid.KillerX,
}

// VariantToProto maps each engine variant to the API's.
var VariantToProto = invert(VariantFromProto, sudokuv1.Variant_VARIANT_UNSPECIFIED)

// OpFromProto maps the API's cage operators to the engine's; UNSPECIFIED
// is left out, as its meaning depends on the cage (see PuzzleFromBoard).
var OpFromProto = map[sudokuv1.CageOperator]grid.Op{
	sudokuv1.CageOperator_CAGE_OPERATOR_NONE:     grid.OpNone,
	sudokuv1.CageOperator_CAGE_OPERATOR_ADD:      grid.OpAdd,
	sudokuv1.CageOperator_CAGE_OPERATOR_SUBTRACT: grid.OpSub,
	sudokuv1.CageOperator_CAGE_OPERATOR_MULTIPLY: grid.OpMul,
	sudokuv1.CageOperator_CAGE_OPERATOR_DIVIDE:   grid.OpDiv,
	sudokuv1.CageOperator_CAGE_OPERATOR_DISTINCT: grid.OpDistinct,
}

// OpToProto maps the engine's cage operators to the API's.
var OpToProto = invert(OpFromProto, sudokuv1.CageOperator_CAGE_OPERATOR_UNSPECIFIED)

// invert returns the inverse of a one-to-one mapping, leaving out skip
// (an UNSPECIFIED value that aliases a default).
func invert[K, V comparable](m map[K]V, skip K) map[V]K {
	out := make(map[V]K, len(m))
	for k, v := range m {
		if k != skip {
			out[v] = k
		}
	}
	return out
}

// FormatFromProto maps the API's puzzle formats to the codec's;
// UNSPECIFIED detects the format.
var FormatFromProto = map[sudokuv1.Format]codec.Format{
	sudokuv1.Format_FORMAT_UNSPECIFIED:   codec.FormatAuto,
	sudokuv1.Format_FORMAT_PLAIN:         codec.FormatPlain,
	sudokuv1.Format_FORMAT_NXN:           codec.FormatNxN,
	sudokuv1.Format_FORMAT_V1:            codec.FormatV1,
	sudokuv1.Format_FORMAT_KILLER_V1:     codec.FormatKillerV1,
	sudokuv1.Format_FORMAT_JIGSAW_V1:     codec.FormatJigsawV1,
	sudokuv1.Format_FORMAT_V2:            codec.FormatV2,
	sudokuv1.Format_FORMAT_GRID:          codec.FormatGrid,
	sudokuv1.Format_FORMAT_URL:           codec.FormatURL,
	sudokuv1.Format_FORMAT_KILLER_ARROWS: codec.FormatKillerArrows,
	sudokuv1.Format_FORMAT_SUDOCUE:       codec.FormatSudoCue,
}

// FormatToProto maps the codec's formats to the API's.
var FormatToProto = invert(FormatFromProto, -1)

// PuzzleFromBoard converts a structured board; field is its proto path,
// which errors (*grid.FieldError) name. A cage without an operator sums,
// except a single cell of an arithmetic (KenKen) board, which is given.
func PuzzleFromBoard(field string, pb *sudokuv1.Board) (*codec.Puzzle, error) {
	n := int(pb.GetSize())
	if n < 2 || n > grid.MaxSize {
		return nil, grid.FieldErrorf(field+".size", "size %d is out of range 2..%d", n, grid.MaxSize)
	}
	if len(pb.GetCells()) != n*n {
		return nil, grid.FieldErrorf(field+".cells", "%d cells given, a size-%d board has %d", len(pb.GetCells()), n, n*n)
	}
	variant, ok := VariantFromProto[pb.GetVariant()]
	if !ok {
		return nil, grid.FieldErrorf(field+".variant", "unknown variant %d", pb.GetVariant())
	}
	p := &codec.Puzzle{
		Size: n, Variant: variant, Cells: make([]grid.CellState, n*n),
		VariantSet: pb.GetVariant() != sudokuv1.Variant_VARIANT_UNSPECIFIED,
	}
	for i, c := range pb.GetCells() {
		if c.GetValue() > uint32(n) {
			return nil, grid.FieldErrorf(fmt.Sprintf("%s.cells[%d].value", field, i), "value %d is out of range 0..%d", c.GetValue(), n)
		}
		// A black cell holds a clue or nothing: its digit is a clue.
		cs := grid.CellState{Value: int(c.GetValue()), Given: (c.GetGiven() || c.GetBlack()) && c.GetValue() != 0}
		if c.GetGiven() && c.GetValue() == 0 && !c.GetBlack() {
			// A clue without its digit: the client's board lost it, and a
			// solve of the cell left empty would not be of its puzzle.
			return nil, grid.FieldErrorf(fmt.Sprintf("%s.cells[%d].given", field, i), "the cell is empty (value 0): only a cell with a digit is a clue")
		}
		cf := fmt.Sprintf("%s.cells[%d].candidates", field, i)
		if c.GetValue() != 0 && len(c.GetCandidates()) > 0 {
			// Marks beside a digit would be dropped: say so rather than
			// solve a board other than the one the client holds.
			return nil, grid.FieldErrorf(cf, "the cell holds %d: only an empty cell has candidates", c.GetValue())
		}
		if c.GetBlack() && len(c.GetCandidates()) > 0 {
			return nil, grid.FieldErrorf(cf, "the cell is black: only a white cell has candidates")
		}
		prev := uint32(0)
		for _, d := range c.GetCandidates() {
			if d < 1 || d > uint32(n) {
				return nil, grid.FieldErrorf(cf, "candidate %d is out of range 1..%d", d, n)
			}
			if d <= prev {
				return nil, grid.FieldErrorf(cf, "candidate %d after %d: candidates are ascending, each once", d, prev)
			}
			prev = d
			cs.Cand |= grid.Bit(int(d))
		}
		p.Cells[i] = cs
		if c.GetBlack() {
			if p.Black == nil {
				p.Black = make([]bool, n*n)
			}
			p.Black[i] = true
		}
	}
	if len(pb.GetRegions()) > 0 {
		p.Regions = make([]int, len(pb.GetRegions()))
		for i, r := range pb.GetRegions() {
			p.Regions[i] = int(r)
		}
	}
	for k, c := range pb.GetCages() {
		cf := fmt.Sprintf("%s.cages[%d]", field, k)
		if len(c.GetCells()) > n*n {
			return nil, grid.FieldErrorf(cf+".cells", "%d cells, more than the board has", len(c.GetCells()))
		}
		op, ok := OpFromProto[c.GetOperator()]
		if !ok && c.GetOperator() != sudokuv1.CageOperator_CAGE_OPERATOR_UNSPECIFIED {
			return nil, grid.FieldErrorf(cf+".operator", "unknown operator %d", c.GetOperator())
		}
		if !ok {
			op = grid.OpAdd
			if variant.Arithmetic() && len(c.GetCells()) > 1 {
				return nil, grid.FieldErrorf(cf+".operator", "a KenKen cage of %d cells needs an operator", len(c.GetCells()))
			}
			if len(c.GetCells()) == 1 && variant.Arithmetic() {
				op = grid.OpNone
			}
		}
		cells := make([]int, len(c.GetCells()))
		for i, cell := range c.GetCells() {
			if cell >= uint32(n*n) {
				return nil, grid.FieldErrorf(cf+".cells", "cell %d is outside the %d cells of the board", cell, n*n)
			}
			cells[i] = int(cell)
		}
		p.Cages = append(p.Cages, grid.Cage{Cells: cells, Target: int(c.GetTarget()), Op: op})
	}
	return p, nil
}

// PuzzleToProto converts a decoded puzzle, keeping the pencil marks as the
// text gave them (an empty list where it gave none) and the black cells
// of a Str8ts board.
func PuzzleToProto(p *codec.Puzzle) *sudokuv1.Board {
	pb := &sudokuv1.Board{Size: uint32(p.Size), Variant: VariantToProto[p.Variant], Cells: make([]*sudokuv1.Cell, len(p.Cells))}
	var buf []int
	for i, c := range p.Cells {
		cell := &sudokuv1.Cell{Value: uint32(c.Value), Given: c.Given && c.Value != 0}
		if c.Value == 0 {
			buf = c.Cand.List(buf[:0])
			for _, d := range buf {
				cell.Candidates = append(cell.Candidates, uint32(d))
			}
		}
		cell.Black = p.Black != nil && p.Black[i]
		pb.Cells[i] = cell
	}
	// A jigsaw's regions are written even when they are the regular
	// boxes: a jigsaw board without them is refused.
	if p.Regions != nil && (!grid.IsRegular(p.Size, p.Regions) || p.EffectiveVariant(p.Variant).Irregular()) {
		pb.Regions = uint32s(p.Regions)
	}
	// A cage's cells in reading order, as the layout keeps them and every
	// board the service writes from a layout lists them.
	pb.Cages = CagesToProto(p.Cages)
	for _, cg := range pb.Cages {
		slices.Sort(cg.Cells)
	}
	return pb
}

// BoardToProto converts a board.
func BoardToProto(b *grid.Board) *sudokuv1.Board {
	l := b.Layout()
	pb := &sudokuv1.Board{Size: uint32(l.N), Variant: VariantToProto[l.Variant], Cells: make([]*sudokuv1.Cell, l.Cells)}
	var buf []int
	cells := make([]sudokuv1.Cell, l.Cells) // one allocation for all: a batch answers thousands a second
	for i := range pb.Cells {
		c := &cells[i]
		c.Value, c.Given, c.Black = uint32(b.Value(i)), b.Given(i), l.IsBlack(i)
		if b.Value(i) == 0 && !c.Black {
			buf = b.Cands(i).List(buf[:0])
			c.Candidates = make([]uint32, len(buf))
			for j, d := range buf {
				c.Candidates[j] = uint32(d)
			}
		}
		pb.Cells[i] = c
	}
	// A jigsaw's regions are written even when they are the regular
	// boxes: a jigsaw board without them is refused.
	if l.Regions() != nil && (l.BoxRows == 0 || l.Variant.Irregular()) {
		pb.Regions = uint32s(l.Regions())
	}
	// In the order the board was given, which the steps' cage indexes
	// follow too (the layout keeps the cages without a total last).
	pb.Cages = CagesToProto(l.InputCages())
	return pb
}

// uint32s converts a slice of ints, none negative, to uint32s.
func uint32s(v []int) []uint32 {
	out := make([]uint32, len(v))
	for i, x := range v {
		out[i] = uint32(x)
	}
	return out
}

// CagesToProto converts cages; nil when there are none.
func CagesToProto(cages []grid.Cage) []*sudokuv1.Cage {
	var out []*sudokuv1.Cage
	for _, cg := range cages {
		out = append(out, &sudokuv1.Cage{Target: uint32(cg.Target), Operator: OpToProto[cg.Op], Cells: uint32s(cg.Cells)})
	}
	return out
}

// KindToProto maps the kinds of steps to the API's.
var KindToProto = map[strategy.Kind]sudokuv1.StepKind{
	strategy.Deduction: sudokuv1.StepKind_STEP_KIND_DEDUCTION,
	strategy.Guess:     sudokuv1.StepKind_STEP_KIND_GUESS,
	strategy.Backtrack: sudokuv1.StepKind_STEP_KIND_BACKTRACK,
}

// UnitKindToProto maps the kinds of units to the API's.
var UnitKindToProto = map[grid.UnitKind]sudokuv1.UnitKind{
	grid.Row:         sudokuv1.UnitKind_UNIT_KIND_ROW,
	grid.Column:      sudokuv1.UnitKind_UNIT_KIND_COLUMN,
	grid.Region:      sudokuv1.UnitKind_UNIT_KIND_REGION,
	grid.Diagonal:    sudokuv1.UnitKind_UNIT_KIND_DIAGONAL,
	grid.Window:      sudokuv1.UnitKind_UNIT_KIND_WINDOW,
	grid.ColourGroup: sudokuv1.UnitKind_UNIT_KIND_COLOUR,
	grid.Compartment: sudokuv1.UnitKind_UNIT_KIND_COMPARTMENT,
}

// StepToProto converts a step, explained in notation n; packed is the
// board after the step.
func StepToProto(index int, s *strategy.Step, n grid.Notation, packed string) *sudokuv1.Step {
	explanation, outline := s.Describe(n)
	ps := &sudokuv1.Step{
		Index:       uint32(index),
		Method:      s.Strategy.Letter(),
		Strategy:    s.Name(),
		Kind:        KindToProto[s.Kind],
		Explanation: explanation,
		Board:       packed,
		Depth:       uint32(s.Depth),
	}
	ps.Placements = placementsToProto(s.Placements)
	ps.Eliminations = eliminationsToProto(s.Eliminations)
	for _, c := range s.Cells {
		ps.Cells = append(ps.Cells, uint32(c))
	}
	for _, u := range s.Units {
		unit := n.Layout.Unit(u)
		pu := &sudokuv1.Unit{Kind: UnitKindToProto[unit.Kind], Index: uint32(unit.Index), Name: unit.Name()}
		if unit.Kind == grid.Compartment {
			pu.Cells = uint32s(unit.Cells)
		}
		ps.Units = append(ps.Units, pu)
	}
	if t := s.Technique; t != nil {
		ps.Technique, ps.TechniqueCode = t.Name(), t.Code()
		// A backtrack adds nothing to the difficulty's score (see
		// solver.Rating.Add), so its step scores nothing either: the
		// steps' scores add up to the difficulty's.
		if s.Kind != strategy.Backtrack {
			ps.Score = uint32(t.Score())
		}
	}
	for _, k := range s.Cages {
		ps.Cages = append(ps.Cages, uint32(n.Layout.InputCageIndex(k)))
	}
	if len(outline) > 0 {
		lines := make([]sudokuv1.ExplanationLine, len(outline))
		ps.Outline = make([]*sudokuv1.ExplanationLine, len(outline))
		for i, ln := range outline {
			lines[i].Depth, lines[i].Text = uint32(ln.Depth), ln.Text
			ps.Outline[i] = &lines[i]
		}
	}
	chainToProto(ps, s, n.Layout)
	return ps
}

// placementsToProto converts placements, nil when there are none. The
// messages are allocated together, as are the other lists' of a step:
// a killer's trials run to thousands of them.
func placementsToProto(cds []strategy.CellDigit) []*sudokuv1.Placement {
	if len(cds) == 0 {
		return nil
	}
	msgs, out := make([]sudokuv1.Placement, len(cds)), make([]*sudokuv1.Placement, len(cds))
	for i, cd := range cds {
		msgs[i].Cell, msgs[i].Digit = uint32(cd.Cell), uint32(cd.Digit)
		out[i] = &msgs[i]
	}
	return out
}

// eliminationsToProto converts eliminations, nil when there are none.
func eliminationsToProto(cds []strategy.CellDigit) []*sudokuv1.Elimination {
	if len(cds) == 0 {
		return nil
	}
	msgs, out := make([]sudokuv1.Elimination, len(cds)), make([]*sudokuv1.Elimination, len(cds))
	for i, cd := range cds {
		msgs[i].Cell, msgs[i].Digit = uint32(cd.Cell), uint32(cd.Digit)
		out[i] = &msgs[i]
	}
	return out
}

// NodeKindToProto maps the kinds of chain nodes to the API's.
var NodeKindToProto = map[strategy.NodeKind]sudokuv1.NodeKind{
	strategy.CandidateNode:   sudokuv1.NodeKind_NODE_KIND_CANDIDATE,
	strategy.GroupNode:       sudokuv1.NodeKind_NODE_KIND_GROUP,
	strategy.ALSNode:         sudokuv1.NodeKind_NODE_KIND_ALS,
	strategy.CageNode:        sudokuv1.NodeKind_NODE_KIND_CAGE,
	strategy.CompartmentNode: sudokuv1.NodeKind_NODE_KIND_COMPARTMENT,
	strategy.SumNode:         sudokuv1.NodeKind_NODE_KIND_SUM,
}

// LinkKindToProto maps the kinds of chain links to the API's.
var LinkKindToProto = map[strategy.LinkKind]sudokuv1.LinkKind{
	strategy.Weak:   sudokuv1.LinkKind_LINK_KIND_WEAK,
	strategy.Strong: sudokuv1.LinkKind_LINK_KIND_STRONG,
	strategy.Then:   sudokuv1.LinkKind_LINK_KIND_THEN,
}

// RoleToProto maps the roles of highlighted candidates to the API's.
var RoleToProto = map[strategy.Role]sudokuv1.CandidateRole{
	strategy.RolePattern: sudokuv1.CandidateRole_CANDIDATE_ROLE_PATTERN,
	strategy.RoleFin:     sudokuv1.CandidateRole_CANDIDATE_ROLE_FIN,
	strategy.RoleALS:     sudokuv1.CandidateRole_CANDIDATE_ROLE_ALS,
	strategy.RoleTarget:  sudokuv1.CandidateRole_CANDIDATE_ROLE_TARGET,
	strategy.RoleOn:      sudokuv1.CandidateRole_CANDIDATE_ROLE_ON,
	strategy.RoleOff:     sudokuv1.CandidateRole_CANDIDATE_ROLE_OFF,
}

// The maps of the kinds of chain nodes, links, highlights and cage
// operators as tables, for the many of a step's drawing (a map look-up
// hashes its key); the maps are fixed.
var (
	nodeKinds = enumTable(NodeKindToProto)
	linkKinds = enumTable(LinkKindToProto)
	roles     = enumTable(RoleToProto)
	ops       = enumTable(OpToProto)
)

// enumTable returns the values of m by key.
func enumTable[K ~uint8, V any](m map[K]V) []V {
	n := 0
	for k := range m {
		n = max(n, int(k)+1)
	}
	t := make([]V, n)
	for k, v := range m {
		t[k] = v
	}
	return t
}

// lookup returns the value of key k in table t, the zero value (as of a
// map without it) when t has none.
func lookup[K ~uint8, V any](t []V, k K) V {
	if int(k) < len(t) {
		return t[k]
	}
	var zero V
	return zero
}

// chainToProto copies the drawing of a chain step: its nodes, links and
// highlighted candidates.
func chainToProto(ps *sudokuv1.Step, s *strategy.Step, l *grid.Layout) {
	if len(s.Nodes) > 0 {
		// The nodes' cells and the candidates they removed, each kind in
		// one slice for the step.
		ncells, nremoved := 0, 0
		var room comboRoom
		for i := range s.Nodes {
			n := &s.Nodes[i]
			ncells += len(n.Cells)
			nremoved += len(n.Removed)
			room.count(n)
		}
		room.alloc()
		cells := make([]uint32, ncells)
		var removed []sudokuv1.Elimination
		var removedPtrs []*sudokuv1.Elimination
		if nremoved > 0 {
			removed, removedPtrs = make([]sudokuv1.Elimination, nremoved), make([]*sudokuv1.Elimination, nremoved)
		}
		nodes := make([]sudokuv1.ChainNode, len(s.Nodes))
		ps.Nodes = make([]*sudokuv1.ChainNode, len(s.Nodes))
		for i := range s.Nodes {
			n := &s.Nodes[i]
			pn := &nodes[i]
			k := len(n.Cells)
			pn.Cells, cells = cells[:k:k], cells[k:]
			for j, c := range n.Cells {
				pn.Cells[j] = uint32(c)
			}
			// The API lists a node's cells ascending, as the layout keeps
			// a cage's.
			slices.Sort(pn.Cells)
			if k := len(n.Removed); k > 0 {
				pn.Removed, removedPtrs = removedPtrs[:k:k], removedPtrs[k:]
				for j, r := range n.Removed {
					removed[j].Cell, removed[j].Digit = uint32(r.Cell), uint32(r.Digit)
					pn.Removed[j] = &removed[j]
				}
				removed = removed[k:]
			}
			chainNodeToProto(pn, n, l, &room)
			ps.Nodes[i] = pn
		}
	}
	if len(s.Links) > 0 {
		links := make([]sudokuv1.ChainLink, len(s.Links))
		ps.Links = make([]*sudokuv1.ChainLink, len(s.Links))
		for i, k := range s.Links {
			pk := &links[i]
			pk.From, pk.To, pk.Kind = uint32(k.From), uint32(k.To), lookup(linkKinds, k.Kind)
			ps.Links[i] = pk
		}
	}
	if len(s.Marks) > 0 {
		marks := make([]sudokuv1.Highlight, len(s.Marks))
		ps.Highlights = make([]*sudokuv1.Highlight, len(s.Marks))
		for i, m := range s.Marks {
			pm := &marks[i]
			pm.Cell, pm.Digit, pm.Role = uint32(m.Cell), uint32(m.Digit), lookup(roles, m.Role)
			ps.Highlights[i] = pm
		}
	}
}

// listsCombos reports whether the message of node n lists the digit
// sets it keeps (see chainNodeToProto).
func listsCombos(n *strategy.Node) bool {
	switch n.Kind {
	case strategy.CageNode, strategy.CompartmentNode, strategy.SumNode:
		return true
	case strategy.GroupNode:
		return n.Digit == 0
	}
	return false
}

// comboRoom holds the combinations of a step's nodes, a slice of each
// kind of element for them all, which chainNodeToProto takes from.
type comboRoom struct {
	sets, digits int // the room to allocate
	masks        []uint32
	lists        []*sudokuv1.Combination
	combos       []sudokuv1.Combination
	digitsOf     []uint32
}

// count adds the room of the combinations of node n as its sets' digits
// list them (a cage whose digits repeat takes its own).
func (r *comboRoom) count(n *strategy.Node) {
	if listsCombos(n) {
		r.sets += len(n.Combos)
		for _, c := range n.Combos {
			r.digits += c.Count()
		}
	}
}

// alloc makes the room counted.
func (r *comboRoom) alloc() {
	if r.sets > 0 {
		r.masks, r.lists = make([]uint32, r.sets), make([]*sudokuv1.Combination, r.sets)
		r.combos, r.digitsOf = make([]sudokuv1.Combination, r.sets), make([]uint32, r.digits)
	}
}

// setLists reports whether the digit lists of the combinations of node n
// (not an ALS) on layout l are its sets' digits, in the order of its
// Combos: Node.ComboDigits lists them so but for a cage node's cage whose
// cells do not all see each other, a KenKen cage's, whose fillings may
// repeat a digit.
func setLists(n *strategy.Node, l *grid.Layout) bool {
	if n.Kind != strategy.CageNode || n.Cage >= len(l.Cages()) {
		return true
	}
	cells := l.Cage(n.Cage).Cells
	for i, a := range cells {
		for _, c := range cells[i+1:] {
			if !l.Sees(a, c) {
				return false
			}
		}
	}
	return true
}

// chainNodeToProto fills pn, which holds n's cells and removed
// candidates converted, with the rest of chain node n: its kind, digit
// and origin text; a cage node also names its cage, target and operator
// on layout l, a sum node its sum, and a rule node (or a subset's group
// node of digit 0) lists the digit sets it kept, as masks and as digits,
// taken from room.
func chainNodeToProto(pn *sudokuv1.ChainNode, n *strategy.Node, l *grid.Layout, room *comboRoom) {
	pn.Kind, pn.Digit, pn.Origin = lookup(nodeKinds, n.Kind), uint32(n.Digit), n.Origin
	switch n.Kind {
	case strategy.CageNode:
		pn.Cage = uint32(n.Cage)
		if n.Cage < len(l.AllCages()) {
			pn.Cage = uint32(l.InputCageIndex(n.Cage))
		}
		if n.Cage < len(l.Cages()) {
			cg := l.Cage(n.Cage)
			pn.Target, pn.Operator = uint32(cg.Target), lookup(ops, cg.Op)
		}
	case strategy.CompartmentNode:
	case strategy.SumNode:
		pn.Target, pn.Operator = uint32(n.Target), sudokuv1.CageOperator_CAGE_OPERATOR_ADD
	case strategy.GroupNode:
		if n.Digit != 0 {
			return
		}
	default:
		return
	}
	if len(n.Combos) == 0 {
		return
	}
	if setLists(n, l) {
		// Each set's digits ascending, its mask the set; a mask listed
		// once.
		k := len(n.Combos)
		pn.Combinations, room.masks = room.masks[:0:k], room.masks[k:]
		pn.CombinationDigits, room.lists = room.lists[:k:k], room.lists[k:]
		for i, c := range n.Combos {
			d := c.Count()
			ds := room.digitsOf[:d:d]
			room.digitsOf = room.digitsOf[d:]
			j := 0
			for m := c; m != 0; m &= m - 1 {
				ds[j] = uint32(m.Min())
				j++
			}
			room.combos[i].Digits = ds
			pn.CombinationDigits[i] = &room.combos[i]
			if !slices.Contains(pn.Combinations, uint32(c)) {
				pn.Combinations = append(pn.Combinations, uint32(c))
			}
		}
		room.combos = room.combos[k:]
		return
	}
	// The digits too: a mask drops a KenKen cage's repeats. The masks
	// follow the lists, in the order the first list of each reads: the
	// lists of a cage with repeats are sorted as they read ({1,4,5,6},
	// {2,2,5,6},{2,3,4,5}), not in the order of Combos.
	lists := n.ComboDigits(l)
	ndigits := 0
	for _, f := range lists {
		ndigits += len(f)
	}
	digits, combos := make([]uint32, ndigits), make([]sudokuv1.Combination, len(lists))
	pn.Combinations = make([]uint32, 0, len(n.Combos))
	pn.CombinationDigits = make([]*sudokuv1.Combination, len(lists))
	for i, f := range lists {
		ds := digits[:len(f):len(f)]
		digits = digits[len(f):]
		var mask uint32
		for j, d := range f {
			ds[j] = uint32(d)
			mask |= 1 << (d - 1)
		}
		combos[i].Digits = ds
		pn.CombinationDigits[i] = &combos[i]
		if !slices.Contains(pn.Combinations, mask) {
			pn.Combinations = append(pn.Combinations, mask)
		}
	}
	for _, c := range n.Combos {
		if !slices.Contains(pn.Combinations, uint32(c)) {
			pn.Combinations = append(pn.Combinations, uint32(c)) // listed by none (none are)
		}
	}
}

// StatusToProto maps the outcomes of a solve to the API's.
var StatusToProto = map[solver.Status]sudokuv1.SolveStatus{
	solver.Solved:            sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED,
	solver.NoSolution:        sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION,
	solver.MultipleSolutions: sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS,
	solver.Stuck:             sudokuv1.SolveStatus_SOLVE_STATUS_STUCK,
}

// ResultToProto converts a solve's outcome; symbols render plain text. A
// basic result leaves out the board and the packed string. A result of
// status NO_SOLUTION has no difficulty: a puzzle without a solution has
// none, whatever steps the solve took before its contradiction.
func ResultToProto(res *solver.Result, symbols string, basic bool) *sudokuv1.SolveResult {
	b := res.Board
	pr := &sudokuv1.SolveResult{
		Status:        StatusToProto[res.Status],
		Plain:         codec.EncodePlain(b, symbols),
		SolutionCount: uint32(res.Count),
		CountComplete: res.CountComplete,
		StepCount:     uint32(res.Steps),
		GuessCount:    uint32(res.Guesses),
		RandomSeed:    res.Seed,
		// Small and about the rating: in the basic view too.
		LogicShareSpent: res.LogicShareSpent,
	}
	if !basic {
		pr.Board = BoardToProto(b)
		pr.Packed = Pack(b)
	}
	for _, sol := range res.Others {
		pr.OtherSolutions = append(pr.OtherSolutions, codec.EncodePlainValues(b.Layout(), sol, symbols))
	}
	if res.Status == solver.NoSolution {
		// The steps before the contradiction rate nothing: the result
		// says why there is no solution instead.
		pr.Conflict = ConflictToProto(res.Conflict, b, symbols)
		if len(res.WrongProgress) > 0 {
			pr.Conflict = progressConflict(res.WrongProgress, b, symbols)
		}
	} else {
		pr.Difficulty = DifficultyToProto(res.Rating)
	}
	return pr
}

// progressConflict is the Conflict of a board whose progress (cells
// wrong, see solver.Result.WrongProgress) leaves it without the solution
// its clues have: "the clues have a solution, which the progress at r9c9
// (1 entered) contradicts".
func progressConflict(wrong []strategy.CellDigit, b *grid.Board, symbols string) *sudokuv1.Conflict {
	n := grid.Notation{Layout: b.Layout(), Symbols: symbols}
	pc := &sudokuv1.Conflict{}
	var parts []string
	for _, w := range wrong {
		what := "its candidates lack the solution's digit"
		if w.Digit != 0 {
			what = n.DigitName(w.Digit) + " entered"
		}
		parts = append(parts, n.CellName(w.Cell)+" ("+what+")")
		pc.Cells = append(pc.Cells, uint32(w.Cell))
	}
	pc.Description = "the clues have a solution, which the progress at " + strings.Join(parts, ", ") + " contradicts"
	return pc
}

// ConflictToProto converts a contradiction on board b, its digits named
// by symbols (blank first, as codec.Symbols gives them). The cells at
// fault are those of a digit held twice, else the cell named, else the
// unit's or the cage's cells. It returns nil for the zero Conflict.
func ConflictToProto(c grid.Conflict, b *grid.Board, symbols string) *sudokuv1.Conflict {
	n := grid.Notation{Layout: b.Layout(), Symbols: symbols}
	cell, atCell := c.Cell()
	unit, inUnit := c.Unit()
	cage, inCage := c.Cage()
	if !atCell && !inUnit && !inCage {
		return nil
	}
	pc := &sudokuv1.Conflict{Description: c.Describe(n), Digit: uint32(c.Digit())}
	switch {
	case atCell && inUnit && c.Digit() > 0:
		for _, i := range n.Layout.Unit(unit).Cells {
			if int(b.Value(i)) == c.Digit() {
				pc.Cells = append(pc.Cells, uint32(i))
			}
		}
	case atCell:
		pc.Cells = []uint32{uint32(cell)}
	case inUnit:
		pc.Cells = uint32s(n.Layout.Unit(unit).Cells)
	case inCage:
		pc.Cells = uint32s(n.Layout.Cage(cage).Cells)
	}
	if inUnit {
		u := n.Layout.Unit(unit)
		pc.Unit = &sudokuv1.Unit{Kind: UnitKindToProto[u.Kind], Index: uint32(u.Index), Name: u.Name()}
		if u.Kind == grid.Compartment {
			pc.Unit.Cells = uint32s(u.Cells)
		}
	}
	return pc
}

// DifficultyToProto converts a rating: HoDoKu's level and score, and the
// Sudoku Explainer ratings (ER, EP, ED); nil for a solve that took no
// step, unless logic left it unfinished: that grades Extreme, as the API
// says of status STUCK, even when it took no step.
func DifficultyToProto(r solver.Rating) *sudokuv1.Difficulty {
	if r.Hardest == nil && !r.Unfinished {
		return nil
	}
	var hardest string
	if r.Hardest != nil {
		hardest = r.Hardest.Name()
	}
	return &sudokuv1.Difficulty{
		Level:           sudokuv1.DifficultyLevel(r.Level),
		Stars:           uint32(r.Level),
		Score:           uint32(r.Score),
		HardestStrategy: hardest,
		SeRating:        r.SE.Float(),
		SePearl:         r.SEPearl.Float(),
		SeDiamond:       r.SEDiamond.Float(),
		LogicStuck:      r.Unfinished,
	}
}

// Pack renders a board as its 2.0 string, or "" for the boards that have
// none.
func Pack(b *grid.Board) string {
	s, err := codec.PackBoard(b)
	if err != nil {
		return ""
	}
	return s
}

// UnitKindFromProto maps the API's kinds of units to the engine's.
var UnitKindFromProto = invert(UnitKindToProto, ^grid.UnitKind(0)) // every kind maps back

// BoardFromProto builds the board of a structured board, as the service
// reads one; field is its proto path, which errors name.
func BoardFromProto(field string, pb *sudokuv1.Board) (*grid.Board, error) {
	p, err := PuzzleFromBoard(field, pb)
	if err != nil {
		return nil, err
	}
	b, err := p.Board(p.Variant)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", field, err)
	}
	return b, nil
}
