package service

import (
	"fmt"
	"strings"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protovariant"
)

var variantFromProto = protovariant.FromProto

var variantToProto = invert(variantFromProto, sudokuv1.Variant_VARIANT_UNSPECIFIED)

var opFromProto = map[sudokuv1.CageOperator]grid.Op{
	sudokuv1.CageOperator_CAGE_OPERATOR_NONE:     grid.OpNone,
	sudokuv1.CageOperator_CAGE_OPERATOR_ADD:      grid.OpAdd,
	sudokuv1.CageOperator_CAGE_OPERATOR_SUBTRACT: grid.OpSub,
	sudokuv1.CageOperator_CAGE_OPERATOR_MULTIPLY: grid.OpMul,
	sudokuv1.CageOperator_CAGE_OPERATOR_DIVIDE:   grid.OpDiv,
}

var opToProto = invert(opFromProto, sudokuv1.CageOperator_CAGE_OPERATOR_UNSPECIFIED)

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

// decodedPuzzle is a request's puzzle made ready to solve.
type decodedPuzzle struct {
	board   *grid.Board
	symbols string // to render answers with, blank first
}

// names returns the notation of the puzzle's explanations: digits named
// by its symbols, to match its plain text.
func (p *decodedPuzzle) names() grid.Notation {
	return grid.Notation{Layout: p.board.L, Symbols: p.symbols}
}

// decodePuzzle validates a request's puzzle and builds its board. field is
// the proto path of the puzzle in the request. Its strings are checked
// first (CheckPuzzleText), whatever transport carried them.
func decodePuzzle(field string, p *sudokuv1.Puzzle) (*decodedPuzzle, error) {
	if p == nil {
		return nil, grid.FieldErrorf(field, "a puzzle is required")
	}
	if err := CheckPuzzleText(field, p); err != nil {
		return nil, err
	}
	variant, ok := variantFromProto[p.GetVariant()]
	if !ok {
		return nil, grid.FieldErrorf(field+".variant", "unknown variant %d", p.GetVariant())
	}
	var (
		cp  *codec.Puzzle
		err error
	)
	switch src := p.GetSource().(type) {
	case *sudokuv1.Puzzle_Board:
		cp, err = puzzleFromBoard(field+".board", src.Board)
		if err != nil {
			return nil, err
		}
	case *sudokuv1.Puzzle_Text:
		cp, _, err = decodeText(field, p, p.GetTolerant())
		if err != nil {
			return nil, err
		}
	default:
		return nil, grid.FieldErrorf(field, "set either board or text")
	}
	b, err := cp.Board(variant)
	if err != nil {
		if p.GetBoard() != nil {
			return nil, inField(field+".board", puzzleBoard, err)
		}
		return nil, inField(field, puzzleText, err)
	}
	return &decodedPuzzle{board: b, symbols: codec.Symbols(cp.Charset, b.L.N)}, nil
}

// decodeText decodes a text puzzle, tolerantly when asked (see
// codec.DecodeOptions), and returns it with the format it was read as.
// The caller has checked the puzzle's strings with CheckPuzzleText.
func decodeText(field string, p *sudokuv1.Puzzle, tolerant bool) (*codec.Puzzle, codec.Format, error) {
	if len(p.GetCharset()) > grid.MaxSize+1 {
		return nil, 0, grid.FieldErrorf(field+".charset", "charset has %d symbols, more than %d", len(p.GetCharset()), grid.MaxSize+1)
	}
	format, ok := formatFromProto[p.GetFormat()]
	if !ok {
		return nil, 0, grid.FieldErrorf(field+".format", "unknown format %d", p.GetFormat())
	}
	o := codec.DecodeOptions{Format: format, Charset: p.GetCharset(), RegionMap: p.GetRegionMap(), Tolerant: tolerant}
	cp, detected, err := codec.Decode(p.GetText(), o)
	if err != nil {
		return nil, 0, inField(field, puzzleText, err)
	}
	if detected == codec.FormatV2 {
		if err := checkV2Fields(field, p, cp); err != nil {
			return nil, 0, err
		}
	}
	return cp, detected, nil
}

// checkV2Fields refuses the fields of a puzzle that contradict its text,
// a 2.0 string cp was decoded from: the string's header fixes the variant
// and the layout, so a region_map, or a variant other than the header's,
// cannot apply (rather than being ignored).
func checkV2Fields(field string, p *sudokuv1.Puzzle, cp *codec.Puzzle) error {
	t := strings.TrimSpace(p.GetText())
	header := strings.ToUpper(t[:min(3, len(t))])
	if p.GetRegionMap() != "" {
		return grid.FieldErrorf(field+".region_map", "cannot apply: the puzzle is a 2.0 string (%s…), which carries its own regions; leave region_map empty", header)
	}
	if v := p.GetVariant(); v != sudokuv1.Variant_VARIANT_UNSPECIFIED && cp.VariantSet && variantFromProto[v] != cp.Variant {
		return grid.FieldErrorf(field+".variant", "%s contradicts the puzzle, a 2.0 string whose header %s fixes the variant: %s; leave variant unset or set it to that", v, header, variantToProto[cp.Variant])
	}
	return nil
}

var formatFromProto = map[sudokuv1.Format]codec.Format{
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

var formatToProto = invert(formatFromProto, -1)

// BoardOf checks a puzzle as the service checks a request's and builds
// its board; an error is a *grid.FieldError whose field starts with
// "puzzle".
func BoardOf(p *sudokuv1.Puzzle) (*grid.Board, error) {
	d, err := decodePuzzle("puzzle", p)
	if err != nil {
		return nil, err
	}
	return d.board, nil
}

// puzzleFromBoard converts a structured board.
func puzzleFromBoard(field string, pb *sudokuv1.Board) (*codec.Puzzle, error) {
	n := int(pb.GetSize())
	if n < 2 || n > grid.MaxSize {
		return nil, grid.FieldErrorf(field+".size", "size %d is out of range 2..%d", n, grid.MaxSize)
	}
	if len(pb.GetCells()) != n*n {
		return nil, grid.FieldErrorf(field+".cells", "%d cells given, a size-%d board has %d", len(pb.GetCells()), n, n*n)
	}
	variant, ok := variantFromProto[pb.GetVariant()]
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
		for _, d := range c.GetCandidates() {
			if d < 1 || d > uint32(n) {
				return nil, grid.FieldErrorf(fmt.Sprintf("%s.cells[%d].candidates", field, i), "candidate %d is out of range 1..%d", d, n)
			}
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
		op, ok := opFromProto[c.GetOperator()]
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

// boardToProto converts a board.
func boardToProto(b *grid.Board) *sudokuv1.Board {
	l := b.L
	pb := &sudokuv1.Board{Size: uint32(l.N), Variant: variantToProto[l.Variant], Cells: make([]*sudokuv1.Cell, l.Cells)}
	var buf []int
	cells := make([]sudokuv1.Cell, l.Cells) // one allocation for all: a batch answers thousands a second
	for i := range pb.Cells {
		c := &cells[i]
		c.Value, c.Given, c.Black = uint32(b.Value[i]), b.Given(i), l.IsBlack(i)
		if b.Value[i] == 0 && !c.Black {
			buf = b.Cand[i].List(buf[:0])
			c.Candidates = make([]uint32, len(buf))
			for j, d := range buf {
				c.Candidates[j] = uint32(d)
			}
		}
		pb.Cells[i] = c
	}
	if l.Region != nil && l.BoxRows == 0 {
		pb.Regions = uint32s(l.Region)
	}
	pb.Cages = cagesToProto(l.Cages)
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

// cagesToProto converts cages; nil when there are none.
func cagesToProto(cages []grid.Cage) []*sudokuv1.Cage {
	var out []*sudokuv1.Cage
	for _, cg := range cages {
		out = append(out, &sudokuv1.Cage{Target: uint32(cg.Target), Operator: opToProto[cg.Op], Cells: uint32s(cg.Cells)})
	}
	return out
}

var (
	solvingTypes = map[sudokuv1.SolvingType]solver.SolvingType{
		sudokuv1.SolvingType_SOLVING_TYPE_UNSPECIFIED:   solver.Mixed,
		sudokuv1.SolvingType_SOLVING_TYPE_MIXED:         solver.Mixed,
		sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY:    solver.LogicOnly,
		sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY: solver.GuessingOnly,
	}
	onGuesses = map[sudokuv1.OnGuess]solver.OnGuess{
		sudokuv1.OnGuess_ON_GUESS_UNSPECIFIED:     solver.StoreSafeCopy,
		sudokuv1.OnGuess_ON_GUESS_STORE_SAFE_COPY: solver.StoreSafeCopy,
		sudokuv1.OnGuess_ON_GUESS_BACKTRACK:       solver.BacktrackChanges,
	}
	guessOrders = map[sudokuv1.GuessOrder]solver.Order{
		sudokuv1.GuessOrder_GUESS_ORDER_UNSPECIFIED: solver.Guided,
		sudokuv1.GuessOrder_GUESS_ORDER_ASCENDING:   solver.Ascending,
		sudokuv1.GuessOrder_GUESS_ORDER_DESCENDING:  solver.Descending,
		sudokuv1.GuessOrder_GUESS_ORDER_RANDOM:      solver.Random,
	}
	countWeights = map[sudokuv1.CountWeight]solver.CountWeight{
		sudokuv1.CountWeight_COUNT_WEIGHT_UNSPECIFIED: solver.Weighted,
		sudokuv1.CountWeight_COUNT_WEIGHT_WEIGHTED:    solver.Weighted,
		sudokuv1.CountWeight_COUNT_WEIGHT_NONE:        solver.WeightNone,
		sudokuv1.CountWeight_COUNT_WEIGHT_SINGLE:      solver.WeightSingle,
	}
)

// solveOptions converts options, capping them by the server's limits.
func (s *Server) solveOptions(o *sudokuv1.SolveOptions) (solver.Options, error) {
	var opts solver.Options
	var ok bool
	if opts.Type, ok = solvingTypes[o.GetSolvingType()]; !ok {
		return opts, grid.FieldErrorf("options.solving_type", "unknown solving type %d", o.GetSolvingType())
	}
	if opts.OnGuess, ok = onGuesses[o.GetOnGuess()]; !ok {
		return opts, grid.FieldErrorf("options.on_guess", "unknown value %d", o.GetOnGuess())
	}
	if opts.Order, ok = guessOrders[o.GetGuessOrder()]; !ok {
		return opts, grid.FieldErrorf("options.guess_order", "unknown value %d", o.GetGuessOrder())
	}
	if opts.Weight, ok = countWeights[o.GetCountWeight()]; !ok {
		return opts, grid.FieldErrorf("options.count_weight", "unknown value %d", o.GetCountWeight())
	}
	opts.Seed = o.GetRandomSeed()
	opts.Unique = o.GetUnique()
	opts.CheckMultiple = o == nil || o.CheckMultiple == nil || o.GetCheckMultiple()
	for i, name := range o.GetStrategies() {
		if _, ok := strategy.Lookup(name); !ok {
			return opts, grid.FieldErrorf(fmt.Sprintf("options.strategies[%d]", i), "unknown strategy %q; use a method letter or a name such as %q", name, strategy.HiddenSingle.Name)
		}
	}
	var err error
	if len(o.GetStrategies()) > 0 {
		if opts.Strategies, err = strategy.Select(o.GetStrategies()); err != nil {
			return opts, grid.FieldErrorf("options.strategies", "%v", err)
		}
	}
	if err := checkGuessing(o); err != nil {
		return opts, err
	}
	opts.MaxSolutions = int(capped(uint64(o.GetMaxSolutions()), 2, uint64(s.cfg.MaxSolutions)))
	opts.MaxNodes = int64(capped(o.GetMaxNodes(), s.cfg.MaxNodes, s.cfg.MaxNodes))
	opts.MaxSteps = int(capped(uint64(o.GetMaxSteps()), uint64(s.cfg.MaxSteps), uint64(s.cfg.MaxSteps)))
	return opts, nil
}

// checkGuessing refuses options that contradict each other, as solverctl
// refuses its flags (the strategies are known to exist):
//
//   - SOLVING_TYPE_LOGIC_ONLY never guesses, so it refuses C (Guessing) in
//     strategies; SOLVING_TYPE_GUESSING_ONLY uses singles and guessing
//     only, so it refuses elimination strategies;
//   - on_guess, guess_order, count_weight and random_seed tune guessing:
//     set (not zero), they are refused where the solve may not guess
//     (logic only, or strategies without C);
//   - random_seed drives GUESS_ORDER_RANDOM only.
func checkGuessing(o *sudokuv1.SolveOptions) error {
	var guessing, elimination []string
	firstGuessing, firstElimination := 0, 0 // indexes in strategies, to name
	for i, name := range o.GetStrategies() {
		st, _ := strategy.Lookup(name)
		entry := st.Letter() + " (" + st.Name + ")"
		switch st.Class {
		case strategy.Search:
			if len(guessing) == 0 {
				firstGuessing = i
			}
			guessing = append(guessing, entry)
		case strategy.Elimination:
			if len(elimination) == 0 {
				firstElimination = i
			}
			elimination = append(elimination, entry)
		}
	}
	noGuessing := ""
	switch t := o.GetSolvingType(); {
	case t == sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY && len(guessing) > 0:
		return grid.FieldErrorf(fmt.Sprintf("options.strategies[%d]", firstGuessing),
			"solving_type %s never guesses, but strategies lists %s, a guessing method", t, strings.Join(guessing, ", "))
	case t == sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY && len(elimination) > 0:
		return grid.FieldErrorf(fmt.Sprintf("options.strategies[%d]", firstElimination),
			"solving_type %s uses singles and guessing only, but strategies lists %s, elimination logic", t, strings.Join(elimination, ", "))
	case t == sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY:
		noGuessing = fmt.Sprintf("solving_type %s never guesses", t)
	case len(o.GetStrategies()) > 0 && len(guessing) == 0:
		noGuessing = "strategies lists no guessing method (C), so the solve never guesses"
	}
	tuning := []struct {
		name string
		set  bool
	}{
		{"on_guess", o.GetOnGuess() != sudokuv1.OnGuess_ON_GUESS_UNSPECIFIED},
		{"guess_order", o.GetGuessOrder() != sudokuv1.GuessOrder_GUESS_ORDER_UNSPECIFIED},
		{"count_weight", o.GetCountWeight() != sudokuv1.CountWeight_COUNT_WEIGHT_UNSPECIFIED},
		{"random_seed", o.GetRandomSeed() != 0},
	}
	for _, f := range tuning {
		if f.set && noGuessing != "" {
			return grid.FieldErrorf("options."+f.name, "%s tunes guessing, but %s; leave it unset", f.name, noGuessing)
		}
	}
	if o.GetRandomSeed() != 0 && o.GetGuessOrder() != sudokuv1.GuessOrder_GUESS_ORDER_RANDOM {
		return grid.FieldErrorf("options.random_seed", "random_seed drives guess_order GUESS_ORDER_RANDOM only; set that order or leave random_seed 0")
	}
	return nil
}

// capped returns v, or def when v is 0, and never more than limit.
func capped(v, def, limit uint64) uint64 {
	if v == 0 {
		v = def
	}
	return min(v, limit)
}

var kindToProto = map[strategy.Kind]sudokuv1.StepKind{
	strategy.Deduction: sudokuv1.StepKind_STEP_KIND_DEDUCTION,
	strategy.Guess:     sudokuv1.StepKind_STEP_KIND_GUESS,
	strategy.Backtrack: sudokuv1.StepKind_STEP_KIND_BACKTRACK,
}

var unitKindToProto = map[grid.UnitKind]sudokuv1.UnitKind{
	grid.Row:         sudokuv1.UnitKind_UNIT_KIND_ROW,
	grid.Column:      sudokuv1.UnitKind_UNIT_KIND_COLUMN,
	grid.Region:      sudokuv1.UnitKind_UNIT_KIND_REGION,
	grid.Diagonal:    sudokuv1.UnitKind_UNIT_KIND_DIAGONAL,
	grid.Window:      sudokuv1.UnitKind_UNIT_KIND_WINDOW,
	grid.ColourGroup: sudokuv1.UnitKind_UNIT_KIND_COLOUR,
	grid.Compartment: sudokuv1.UnitKind_UNIT_KIND_COMPARTMENT,
}

// stepToProto converts a step, explained in notation n; packed is the
// board after the step.
func stepToProto(index int, s *strategy.Step, n grid.Notation, packed string) *sudokuv1.Step {
	ps := &sudokuv1.Step{
		Index:       uint32(index),
		Method:      s.Strategy.Letter(),
		Strategy:    s.Name(),
		Kind:        kindToProto[s.Kind],
		Explanation: s.Explain(n),
		Board:       packed,
		Depth:       uint32(s.Depth),
	}
	for _, p := range s.Placements {
		ps.Placements = append(ps.Placements, &sudokuv1.Placement{Cell: uint32(p.Cell), Digit: uint32(p.Digit)})
	}
	for _, e := range s.Eliminations {
		ps.Eliminations = append(ps.Eliminations, &sudokuv1.Elimination{Cell: uint32(e.Cell), Digit: uint32(e.Digit)})
	}
	for _, c := range s.Cells {
		ps.Cells = append(ps.Cells, uint32(c))
	}
	for _, u := range s.Units {
		unit := &n.Layout.Units[u]
		pu := &sudokuv1.Unit{Kind: unitKindToProto[unit.Kind], Index: uint32(unit.Index), Name: unit.Name()}
		if unit.Kind == grid.Compartment {
			pu.Cells = uint32s(unit.Cells)
		}
		ps.Units = append(ps.Units, pu)
	}
	if t := s.Technique; t != nil {
		ps.Technique, ps.TechniqueCode, ps.Score = t.Name, t.Code, uint32(t.Score)
	}
	chainToProto(ps, s)
	return ps
}

var nodeKindToProto = map[strategy.NodeKind]sudokuv1.NodeKind{
	strategy.CandidateNode: sudokuv1.NodeKind_NODE_KIND_CANDIDATE,
	strategy.GroupNode:     sudokuv1.NodeKind_NODE_KIND_GROUP,
	strategy.ALSNode:       sudokuv1.NodeKind_NODE_KIND_ALS,
}

var linkKindToProto = map[strategy.LinkKind]sudokuv1.LinkKind{
	strategy.Weak:   sudokuv1.LinkKind_LINK_KIND_WEAK,
	strategy.Strong: sudokuv1.LinkKind_LINK_KIND_STRONG,
}

var roleToProto = map[strategy.Role]sudokuv1.CandidateRole{
	strategy.RolePattern: sudokuv1.CandidateRole_CANDIDATE_ROLE_PATTERN,
	strategy.RoleFin:     sudokuv1.CandidateRole_CANDIDATE_ROLE_FIN,
	strategy.RoleALS:     sudokuv1.CandidateRole_CANDIDATE_ROLE_ALS,
	strategy.RoleTarget:  sudokuv1.CandidateRole_CANDIDATE_ROLE_TARGET,
	strategy.RoleOn:      sudokuv1.CandidateRole_CANDIDATE_ROLE_ON,
	strategy.RoleOff:     sudokuv1.CandidateRole_CANDIDATE_ROLE_OFF,
}

// chainToProto copies the drawing of a chain step: its nodes, links and
// highlighted candidates.
func chainToProto(ps *sudokuv1.Step, s *strategy.Step) {
	if len(s.Nodes) > 0 {
		ps.Nodes = make([]*sudokuv1.ChainNode, len(s.Nodes))
		for i, n := range s.Nodes {
			cells := make([]uint32, len(n.Cells))
			for j, c := range n.Cells {
				cells[j] = uint32(c)
			}
			ps.Nodes[i] = &sudokuv1.ChainNode{Kind: nodeKindToProto[n.Kind], Digit: uint32(n.Digit), Cells: cells}
		}
	}
	if len(s.Links) > 0 {
		ps.Links = make([]*sudokuv1.ChainLink, len(s.Links))
		for i, k := range s.Links {
			ps.Links[i] = &sudokuv1.ChainLink{From: uint32(k.From), To: uint32(k.To), Kind: linkKindToProto[k.Kind]}
		}
	}
	if len(s.Marks) > 0 {
		ps.Highlights = make([]*sudokuv1.Highlight, len(s.Marks))
		for i, m := range s.Marks {
			ps.Highlights[i] = &sudokuv1.Highlight{Cell: uint32(m.Cell), Digit: uint32(m.Digit), Role: roleToProto[m.Role]}
		}
	}
}

var statusToProto = map[solver.Status]sudokuv1.SolveStatus{
	solver.Solved:            sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED,
	solver.NoSolution:        sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION,
	solver.MultipleSolutions: sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS,
	solver.Stuck:             sudokuv1.SolveStatus_SOLVE_STATUS_STUCK,
}

// resultToProto converts a solve's outcome; symbols render plain text. A
// basic result leaves out the board and the packed string.
func resultToProto(res *solver.Result, symbols string, basic bool) *sudokuv1.SolveResult {
	b := res.Board
	pr := &sudokuv1.SolveResult{
		Status:        statusToProto[res.Status],
		Plain:         codec.EncodePlain(b, symbols),
		SolutionCount: uint32(res.Count),
		CountComplete: res.CountComplete,
		StepCount:     uint32(res.Steps),
		GuessCount:    uint32(res.Guesses),
		RandomSeed:    res.Seed,
	}
	if !basic {
		pr.Board = boardToProto(b)
		pr.Packed = pack(b)
	}
	for _, sol := range res.Others {
		out := make([]byte, len(sol))
		for i, v := range sol {
			out[i] = symbols[v]
		}
		pr.OtherSolutions = append(pr.OtherSolutions, string(out))
	}
	pr.Difficulty = difficultyToProto(res.Rating)
	return pr
}

// difficultyToProto converts a rating: HoDoKu's level and score, and the
// Sudoku Explainer ratings (ER, EP, ED); nil for a solve that took no
// step.
func difficultyToProto(r solver.Rating) *sudokuv1.Difficulty {
	if r.Hardest == nil {
		return nil
	}
	return &sudokuv1.Difficulty{
		Level:           sudokuv1.DifficultyLevel(r.Level),
		Stars:           uint32(r.Level),
		Score:           uint32(r.Score),
		HardestStrategy: r.Hardest.Name,
		SeRating:        r.SE.Float(),
		SePearl:         r.SEPearl.Float(),
		SeDiamond:       r.SEDiamond.Float(),
	}
}

// pack renders a board as its 2.0 string, or "" for the boards that have
// none.
func pack(b *grid.Board) string {
	s, err := codec.PackBoard(b)
	if err != nil {
		return ""
	}
	return s
}
