package service

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// decodedPuzzle is a request's puzzle made ready to solve.
type decodedPuzzle struct {
	board   *grid.Board
	symbols string // to render answers with, blank first
}

// names returns the notation of the puzzle's explanations: digits named
// by its symbols, to match its plain text.
func (p *decodedPuzzle) names() grid.Notation {
	return grid.Notation{Layout: p.board.Layout(), Symbols: p.symbols}
}

// decodePuzzle validates a request's puzzle and builds its board. field is
// the proto path of the puzzle in the request. Its strings are checked
// first (CheckPuzzleText), whatever transport carried them.
func decodePuzzle(field string, p *sudokuv1.Puzzle) (*decodedPuzzle, error) {
	return decodeSized(field, p, nil)
}

// decodeSized is decodePuzzle, calling sized, when it is not nil, with
// the side of the board once the text or board is read and before the
// board is built, which it refuses when sized fails: a call counted by
// its board's weight (see weigh) is refused before it builds a layout of
// its own, 854 KiB for a 32×32.
func decodeSized(field string, p *sudokuv1.Puzzle, sized func(n int) error) (*decodedPuzzle, error) {
	if p == nil {
		return nil, grid.FieldErrorf(field, "a puzzle is required")
	}
	if err := CheckPuzzleText(field, p); err != nil {
		return nil, err
	}
	variant, ok := protoconv.VariantFromProto[p.GetVariant()]
	if !ok {
		return nil, grid.FieldErrorf(field+".variant", "unknown variant %d", p.GetVariant())
	}
	var (
		cp       *codec.Puzzle
		detected = codec.FormatAuto
		err      error
	)
	switch src := p.GetSource().(type) {
	case *sudokuv1.Puzzle_Board:
		if cp, err = boardPuzzle(field, p, src.Board); err != nil {
			return nil, err
		}
	case *sudokuv1.Puzzle_Text:
		cp, detected, err = decodeText(field, p, p.GetTolerant())
		if err != nil {
			return nil, err
		}
	default:
		return nil, grid.FieldErrorf(field, "set either board or text")
	}
	if err := checkVariant(field, p, cp, detected); err != nil {
		return nil, err
	}
	if p.GetText() != "" && variant.HasCages() && len(cp.Cages) == 0 && !cp.VariantSet {
		// The variant asks for cages the form cannot carry: the variant is
		// what the caller would change (the text may be right).
		return nil, grid.FieldErrorf(field+".variant", "%s needs cages, which %s does not carry: give the puzzle in a form that carries cages (SudokuWiki's killer v1 string, a 2.0 string such as L9B or K6C, the killer arrow form, or a board with cages), or leave variant unset", p.GetVariant(), detected.Noun())
	}
	if sized != nil {
		if err := sized(cp.Size); err != nil {
			return nil, err
		}
	}
	board := cp.TextBoard
	if p.GetBoard() != nil {
		board = cp.Board
	}
	b, err := board(variant)
	if err != nil {
		if p.GetBoard() != nil {
			return nil, inField(field+".board", puzzleBoard, err)
		}
		return nil, inField(field, puzzleText, err)
	}
	return &decodedPuzzle{board: b, symbols: codec.Symbols(cp.Charset, b.Layout().N)}, nil
}

// decodeText decodes a text puzzle, tolerantly when asked (see
// codec.DecodeOptions), and returns it with the format it was read as.
// The caller has checked the puzzle's strings with CheckPuzzleText.
func decodeText(field string, p *sudokuv1.Puzzle, tolerant bool) (*codec.Puzzle, codec.Format, error) {
	if len(p.GetCharset()) > grid.MaxSize+1 {
		return nil, 0, grid.FieldErrorf(field+".charset", "charset has %d symbols, more than %d", len(p.GetCharset()), grid.MaxSize+1)
	}
	format, ok := protoconv.FormatFromProto[p.GetFormat()]
	if !ok {
		return nil, 0, grid.FieldErrorf(field+".format", "unknown format %d", p.GetFormat())
	}
	o := codec.DecodeOptions{Format: format, Charset: p.GetCharset(), RegionMap: p.GetRegionMap(), Tolerant: tolerant}
	cp, detected, err := codec.Decode(p.GetText(), o)
	if err != nil {
		return nil, 0, inField(field, puzzleText, err)
	}
	switch detected {
	case codec.FormatV2:
		if err := checkV2Fields(field, p, cp); err != nil {
			return nil, 0, err
		}
	case codec.FormatPlain, codec.FormatGrid, codec.FormatNxN:
		// The forms that read a region map.
	default:
		// The other forms fix their layout (a v1 or killer v1 string's
		// boxes, a URL's page or jigmap, a jigsaw v1 string's jigmap):
		// their decoders do not read a region map, which would be
		// dropped without a word and the board solved under other
		// regions than asked.
		if p.GetRegionMap() != "" {
			return nil, 0, grid.FieldErrorf(field+".region_map", "cannot apply: the puzzle is %s, which fixes its own regions; leave region_map empty (a region map is read with plain, grid or N×N text)", detected.Noun())
		}
	}
	return cp, detected, nil
}

// checkV2Fields refuses the fields of a puzzle that contradict its text,
// a 2.0 string cp was decoded from: the string's header fixes the layout,
// so a region_map cannot apply (rather than being ignored). Its variant
// is checkVariant's.
func checkV2Fields(field string, p *sudokuv1.Puzzle, cp *codec.Puzzle) error {
	if p.GetRegionMap() != "" {
		return grid.FieldErrorf(field+".region_map", "cannot apply: the puzzle is a 2.0 string (%s…), which carries its own regions; leave region_map empty", v2Header(p.GetText()))
	}
	return nil
}

// boardPuzzle reads the board of p, the puzzle at the proto path field,
// with the charset beside it: the board's digits are numbers, and the
// charset names them in the answer (plain text, explanations, a text
// converted to).
func boardPuzzle(field string, p *sudokuv1.Puzzle, b *sudokuv1.Board) (*codec.Puzzle, error) {
	if err := checkBoardFields(field, p); err != nil {
		return nil, err
	}
	cp, err := protoconv.PuzzleFromBoard(field+".board", b)
	if err != nil {
		return nil, err
	}
	if cs := p.GetCharset(); cs != "" {
		if cp.Charset, err = codec.CheckCharset(cs, cp.Size); err != nil {
			return nil, inField(field, puzzleText, err)
		}
	}
	return cp, nil
}

// checkBoardFields refuses the fields of a puzzle given as a board that
// only a text reads: a region_map (the board's regions are
// board.regions) and a format. They would be ignored, the board read
// with other regions than sent.
func checkBoardFields(field string, p *sudokuv1.Puzzle) error {
	switch {
	case p.GetRegionMap() != "":
		return grid.FieldErrorf(field+".region_map", "cannot apply to a board, whose regions are board.regions; leave region_map empty")
	case p.GetFormat() != sudokuv1.Format_FORMAT_UNSPECIFIED:
		return grid.FieldErrorf(field+".format", "%s cannot apply to a board, which is read as it is; leave format unset", p.GetFormat())
	}
	return nil
}

// checkVariant refuses a puzzle's variant that contradicts the puzzle cp
// read from it, when that fixes its variant (read as format detected, or
// from a board, FormatAuto): a 2.0 string's header, a SudokuWiki URL, the
// killer forms (killer v1, arrows, SudoCue: killer, or killer X for
// SudoCue's d flag) and a board whose variant is set; and a variant
// outside the Str8ts family for a text with black cells (the simple Str8ts
// form), which makes a Str8ts board. Such a variant would be ignored, and
// the board solved under other rules than asked.
func checkVariant(field string, p *sudokuv1.Puzzle, cp *codec.Puzzle, detected codec.Format) error {
	v := p.GetVariant()
	if v != sudokuv1.Variant_VARIANT_UNSPECIFIED && !cp.VariantSet && cp.Black != nil && !protoconv.VariantFromProto[v].IsStr8ts() {
		// The simple Str8ts form names no variant, but its black cells
		// make a Str8ts board whatever variant is asked.
		return grid.FieldErrorf(field+".variant", "%s contradicts the puzzle, whose black cells only Str8ts boards have; leave variant unset (Str8ts) or set it to another of the Str8ts variants (VARIANT_STR8TS_X for Str8ts X)", v)
	}
	if v == sudokuv1.Variant_VARIANT_UNSPECIFIED || !cp.VariantSet || protoconv.VariantFromProto[v] == cp.Variant {
		return nil
	}
	if protoconv.VariantFromProto[v] == cp.EffectiveVariant(cp.Variant) {
		// A classic or killer board with irregular regions is its
		// jigsaw form, which the puzzle may name.
		return nil
	}
	fixed := protoconv.VariantToProto[cp.Variant]
	if p.GetBoard() != nil {
		return grid.FieldErrorf(field+".variant", "%s contradicts the puzzle, a board whose variant is %s; leave variant unset or set it to that", v, fixed)
	}
	what := detected.Noun() + ", which fixes the variant"
	if detected == codec.FormatV2 {
		what = fmt.Sprintf("a 2.0 string whose header %s fixes the variant", v2Header(p.GetText()))
	}
	return grid.FieldErrorf(field+".variant", "%s contradicts the puzzle, %s: %s; leave variant unset or set it to that", v, what, fixed)
}

// v2Header returns the header of a 2.0 string (S9B, …), upper case.
func v2Header(text string) string {
	t := strings.TrimSpace(text)
	return strings.ToUpper(t[:min(3, len(t))])
}

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
	if err := CheckSolveOptions(o); err != nil {
		return opts, err
	}
	if len(o.GetStrategies()) > 0 {
		opts.Strategies, _ = strategy.Select(o.GetStrategies()) // checked above
	}
	opts.MaxSolutions = int(capped(uint64(o.GetMaxSolutions()), 2, uint64(s.cfg.MaxSolutions)))
	opts.MaxNodes = nodeLimit(capped(o.GetMaxNodes(), s.cfg.MaxNodes, s.cfg.MaxNodes))
	opts.MaxSteps = int(capped(uint64(o.GetMaxSteps()), uint64(s.cfg.MaxSteps), uint64(s.cfg.MaxSteps)))
	opts.DeepLooks = int(min(o.GetDeepLooks(), maxDeepLooks))
	// Without deep_looks, a mixed solve of a killer still tries Long
	// Nested Cage Contradiction once before its first guess, and Cage
	// Filling Verity after the nested searches (a logic-only one where it
	// would be stuck).
	opts.OneDeepSearch = opts.DeepLooks == 0
	return opts, nil
}

// CheckSolveOptions refuses options that name unknown strategies or
// contradict each other: the one rule, which the service applies to every
// request and solverctl to its flags before any call. The error is a
// *grid.FieldError on the field at fault ("options.strategies[2]"; see
// FieldOf) for an unknown strategy, and an *OptionConflict, which
// unwraps to one, for options that contradict each other.
func CheckSolveOptions(o *sudokuv1.SolveOptions) error {
	if _, err := selectStrategies("options.strategies", o.GetStrategies()); err != nil {
		return err
	}
	return checkGuessing(o)
}

// selectStrategies resolves a request's strategy names with
// strategy.Select, the one resolution of names, and names the entry of
// field at fault when one is unknown.
func selectStrategies(field string, names []string) ([]*strategy.Strategy, error) {
	chosen, err := strategy.Select(names)
	var unknown *strategy.UnknownStrategyError
	if errors.As(err, &unknown) {
		return nil, grid.FieldErrorf(fmt.Sprintf("%s[%d]", field, unknown.Index), "%v", err)
	}
	return chosen, err
}

// checkRunnable refuses a list of strategies of which none runs on a board
// of layout l by the solver's rule (solver.Options.Allows, read as
// solver.Variants reads it: any solving type, the puzzle unique): a solve
// with them would end stuck, and a search for their steps find none, only
// because of the board (Hidden Single and Full House do not run on
// Str8ts, the killer strategies not on KenKen). A list of which one runs
// is taken: a solve stops where its strategies do. An empty list is every
// strategy.
func checkRunnable(field string, chosen []*strategy.Strategy, l *grid.Layout) error {
	if len(chosen) == 0 {
		return nil
	}
	rule := solver.Options{Type: solver.Mixed, Unique: true, Strategies: chosen}
	names := make([]string, len(chosen))
	for i, st := range chosen {
		if rule.Allows(st, l) {
			return nil
		}
		names[i] = st.Name()
	}
	return grid.FieldErrorf(field, "none of the strategies listed runs on %s board (%s); ListStrategies (solverctl strategies --long) gives the variants each runs on", l.Variant.WithArticle(), strings.Join(names, ", "))
}

// checkGuessing refuses options that contradict each other (the
// strategies are known to exist):
//
//   - SOLVING_TYPE_LOGIC_ONLY never guesses, so it refuses C (Guessing) in
//     strategies; SOLVING_TYPE_GUESSING_ONLY uses singles and guessing
//     only, so it refuses elimination strategies, and a list without a
//     guessing method (it would never guess);
//   - on_guess, guess_order, count_weight and random_seed tune guessing:
//     set (not zero), they are refused where the solve may not guess
//     (logic only, or strategies without C);
//   - random_seed drives GUESS_ORDER_RANDOM only;
//   - max_solutions bounds the count check_multiple false leaves out.
//
// The error is an *OptionConflict.
func checkGuessing(o *sudokuv1.SolveOptions) error {
	var guessing, elimination []string
	firstGuessing, firstElimination := 0, 0 // indexes in strategies, to name
	for i, name := range o.GetStrategies() {
		st, _ := strategy.Lookup(name)
		entry := st.Letter() + " (" + st.Name() + ")"
		switch st.Class() {
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
	t := o.GetSolvingType()
	switch {
	case t == sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY && len(guessing) > 0:
		return &OptionConflict{Rule: LogicListsGuessing, Field: "strategies", Index: firstGuessing, Type: t, Strategies: guessing}
	case t == sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY && len(elimination) > 0:
		return &OptionConflict{Rule: GuessingListsElimination, Field: "strategies", Index: firstElimination, Type: t, Strategies: elimination}
	case t == sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY && len(o.GetStrategies()) > 0 && len(guessing) == 0:
		return &OptionConflict{Rule: GuessingListsNoGuessing, Field: "strategies", Index: -1, Type: t}
	}
	rule := OptionRule(0)
	switch {
	case t == sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY:
		rule = TuningLogicOnly
	case len(o.GetStrategies()) > 0 && len(guessing) == 0:
		rule = TuningWithoutGuessing
	}
	tuning := []struct {
		name string
		set  bool
	}{
		{"on_guess", o.GetOnGuess() != sudokuv1.OnGuess_ON_GUESS_UNSPECIFIED},
		{"guess_order", o.GetGuessOrder() != sudokuv1.GuessOrder_GUESS_ORDER_UNSPECIFIED},
		{"count_weight", o.GetCountWeight() != sudokuv1.CountWeight_COUNT_WEIGHT_UNSPECIFIED},
		{"random_seed", o.GetRandomSeed() != 0},
		{"deep_looks", o.GetDeepLooks() != 0},
	}
	for _, f := range tuning {
		if f.set && rule != 0 {
			return &OptionConflict{Rule: rule, Field: f.name, Index: -1, Type: t}
		}
	}
	if o.GetDeepLooks() != 0 && t == sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY {
		return &OptionConflict{Rule: DeepLooksGuessingOnly, Field: "deep_looks", Index: -1, Type: t}
	}
	if o.GetRandomSeed() != 0 && o.GetGuessOrder() != sudokuv1.GuessOrder_GUESS_ORDER_RANDOM {
		return &OptionConflict{Rule: SeedWithoutRandom, Field: "random_seed", Index: -1, Type: t}
	}
	if o.GetMaxSolutions() != 0 && o.CheckMultiple != nil && !o.GetCheckMultiple() {
		return &OptionConflict{Rule: CountWithoutCheck, Field: "max_solutions", Index: -1, Type: t}
	}
	return nil
}

// OptionRule names the rule of CheckSolveOptions that a request breaks.
type OptionRule uint8

// The rules.
const (
	// LogicListsGuessing: SOLVING_TYPE_LOGIC_ONLY with a guessing method
	// among the strategies.
	LogicListsGuessing OptionRule = iota + 1
	// GuessingListsElimination: SOLVING_TYPE_GUESSING_ONLY with
	// elimination strategies.
	GuessingListsElimination
	// GuessingListsNoGuessing: SOLVING_TYPE_GUESSING_ONLY with strategies
	// that list no guessing method.
	GuessingListsNoGuessing
	// TuningLogicOnly: a guessing option set on a logic-only solve.
	TuningLogicOnly
	// TuningWithoutGuessing: a guessing option set while the strategies
	// list no guessing method.
	TuningWithoutGuessing
	// SeedWithoutRandom: random_seed set with a guess order other than
	// GUESS_ORDER_RANDOM.
	SeedWithoutRandom
	// DeepLooksGuessingOnly: deep_looks set on a solve that uses singles
	// and guessing only.
	DeepLooksGuessingOnly
	// CountWithoutCheck: max_solutions set with check_multiple false,
	// which counts no solutions.
	CountWithoutCheck
)

// OptionConflict is a contradiction between the fields of SolveOptions,
// found by CheckSolveOptions: the facts of it, so that a client can word
// it in its own terms (solverctl names its flags). Its error text names
// the proto fields.
type OptionConflict struct {
	Rule OptionRule
	// Field is the SolveOptions field at fault ("strategies",
	// "on_guess", "random_seed"), and Index the entry of strategies at
	// fault, -1 for another field.
	Field string
	Index int
	// Type is the request's solving type.
	Type sudokuv1.SolvingType
	// Strategies are the listed strategies that break the rule, as
	// "C (Guessing)", for LogicListsGuessing and GuessingListsElimination.
	Strategies []string
}

// Path returns the field at fault as a request path: "options.on_guess",
// "options.strategies[2]".
func (c *OptionConflict) Path() string {
	if c.Index >= 0 {
		return fmt.Sprintf("options.%s[%d]", c.Field, c.Index)
	}
	return "options." + c.Field
}

// Reason words the conflict in the proto's terms.
func (c *OptionConflict) Reason() string {
	switch c.Rule {
	case LogicListsGuessing:
		return fmt.Sprintf("solving_type %s never guesses, but strategies lists %s, a guessing method", c.Type, strings.Join(c.Strategies, ", "))
	case GuessingListsElimination:
		return fmt.Sprintf("solving_type %s uses singles and guessing only, but strategies lists %s, elimination logic", c.Type, strings.Join(c.Strategies, ", "))
	case GuessingListsNoGuessing:
		return fmt.Sprintf("solving_type %s guesses, but strategies lists no guessing method (C): add it, or leave strategies empty", c.Type)
	case TuningLogicOnly:
		return fmt.Sprintf("%s tunes guessing, but solving_type %s never guesses; leave it unset", c.Field, c.Type)
	case TuningWithoutGuessing:
		return fmt.Sprintf("%s tunes guessing, but strategies lists no guessing method (C), so the solve never guesses; leave it unset", c.Field)
	case SeedWithoutRandom:
		return "random_seed drives guess_order GUESS_ORDER_RANDOM only; set that order or leave random_seed 0"
	case DeepLooksGuessingOnly:
		return fmt.Sprintf("deep_looks bounds the deep strategies a mixed solve tries before it guesses, but solving_type %s uses singles and guessing only; leave it 0", c.Type)
	case CountWithoutCheck:
		return "max_solutions bounds the count of solutions, but check_multiple false counts none; leave it 0"
	}
	return fmt.Sprintf("options rule %d broken", c.Rule)
}

func (c *OptionConflict) Error() string { return c.Path() + ": " + c.Reason() }

// Unwrap gives the conflict as a *grid.FieldError, which the service maps
// to InvalidArgument with a BadRequest violation (and FieldOf reads).
func (c *OptionConflict) Unwrap() error { return &grid.FieldError{Field: c.Path(), Reason: c.Reason()} }

// maxDeepLooks caps SolveOptions.deep_looks: at it one deep search on a
// 9×9 killer takes seconds of CPU, and a solve may run several.
const maxDeepLooks = 4_000_000

// nodeLimit returns a bound of search nodes as the solver takes it: an
// int64, which it reads as no bound when not positive, so that 2⁶³ and
// more, which would wrap to a negative number, are math.MaxInt64.
func nodeLimit(n uint64) int64 {
	return int64(min(n, math.MaxInt64))
}

// capped returns v, or def when v is 0, and never more than limit.
func capped(v, def, limit uint64) uint64 {
	if v == 0 {
		v = def
	}
	return min(v, limit)
}
