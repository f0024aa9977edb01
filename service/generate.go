package service

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/generate"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

var generateModes = map[sudokuv1.GenerateMode]generate.Mode{
	sudokuv1.GenerateMode_GENERATE_MODE_UNSPECIFIED: generate.New,
	sudokuv1.GenerateMode_GENERATE_MODE_NEW:         generate.New,
	sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP: generate.BaseOnMap,
	sudokuv1.GenerateMode_GENERATE_MODE_START_FROM:  generate.StartFrom,
}

var symmetries = map[sudokuv1.Symmetry]generate.Symmetry{
	sudokuv1.Symmetry_SYMMETRY_UNSPECIFIED: generate.NoSymmetry,
	sudokuv1.Symmetry_SYMMETRY_NONE:        generate.NoSymmetry,
	sudokuv1.Symmetry_SYMMETRY_ROTATIONAL:  generate.Rotational,
	sudokuv1.Symmetry_SYMMETRY_MIRROR:      generate.Mirror,
}

// Generate makes a new puzzle with exactly one solution, at the level
// asked for when it can before the deadline (the closest found otherwise).
func (s *Server) Generate(ctx context.Context, req *sudokuv1.GenerateRequest) (_ *sudokuv1.GenerateResponse, err error) {
	ctx, end := s.bound(ctx)
	defer end(&err)
	cfg, format, err := s.generateConfig(req)
	if err != nil {
		return nil, toStatus(err)
	}
	// A generation solves puzzles by the hundred: it takes a solving slot
	// as a solve does, so that -max-concurrent bounds it too.
	// Its board weighs as a solve's does: the base's size when it starts
	// from a puzzle, whose size cfg.Size does not carry.
	size := generate.NewSize(cfg.Variant, cfg.Size)
	if cfg.Base != nil {
		size = cfg.Base.Layout().N
	}
	sl, err := s.admitBoard(ctx, size)
	if err != nil {
		return nil, toStatus(err)
	}
	defer sl.release()
	res, err := generate.Generate(ctx, cfg)
	if err != nil {
		return nil, toStatus(generateError(req, err))
	}
	text, err := encodeGenerated(res.Puzzle, format, req.GetPuzzle().GetCharset(), req.GetFormat() == sudokuv1.Format_FORMAT_UNSPECIFIED)
	if err != nil {
		return nil, toStatus(err)
	}
	board := protoconv.BoardToProto(res.Puzzle)
	for _, c := range board.GetCells() {
		c.Candidates = nil // a fresh puzzle has no pencil marks
	}
	resp := &sudokuv1.GenerateResponse{
		Text:                  text,
		Board:                 board,
		LevelMet:              res.LevelMet,
		SolvedWithoutGuessing: res.Graded && res.Grade.Status == solver.Solved && res.Grade.Guesses == 0,
		Clues:                 uint32(res.Clues),
		Seed:                  res.Seed,
		Attempts:              uint32(res.Attempts),
		AttemptsMade:          uint32(res.Made),
		Minimal:               res.Minimal,
		KeptForLevel:          res.KeptForLevel,
	}
	if req.GetIncludeSolution() {
		resp.Solution = protoconv.BoardToProto(res.Solution)
	}
	if res.Graded {
		resp.Difficulty = protoconv.DifficultyToProto(res.Grade.Rating)
	}
	return resp, nil
}

// CheckGenerateOptions refuses the options of a Generate request that
// contradict each other or that no puzzle could meet, before its puzzle
// is read: an unknown mode or variant, a cage size outside mode NEW, and
// in mode NEW a variant, size or cage size that cannot be generated
// (generate.CheckNew), a puzzle that it would ignore (a text, board,
// region map, variant, format or tolerant) and a charset (puzzle.charset)
// that cannot name the new puzzle's symbols. The error is a
// *grid.FieldError on the field at fault; solverctl applies the same
// check to its flags before any call.
func CheckGenerateOptions(req *sudokuv1.GenerateRequest) error {
	_, err := checkGenerateOptions(req)
	return err
}

// generateOptions is what CheckGenerateOptions read from a request.
type generateOptions struct {
	mode       generate.Mode
	variant    grid.Variant
	strategies []*strategy.Strategy // nil when the request lists none
}

// checkGenerateOptions is CheckGenerateOptions, returning what it read.
func checkGenerateOptions(req *sudokuv1.GenerateRequest) (generateOptions, error) {
	var o generateOptions
	var ok bool
	if req.GetMinimalOnly() && req.GetNonMinimal() {
		return o, grid.FieldErrorf("minimal_only", "a minimal puzzle only cannot go with non_minimal, which allows clues that could be removed")
	}
	if o.mode, ok = generateModes[req.GetMode()]; !ok {
		return o, grid.FieldErrorf("mode", "unknown mode %d", req.GetMode())
	}
	if o.variant, ok = protoconv.VariantFromProto[req.GetVariant()]; !ok {
		return o, grid.FieldErrorf("variant", "unknown variant %d", req.GetVariant())
	}
	if len(req.GetStrategies()) > 0 {
		var err error
		if o.strategies, err = selectStrategies("strategies", req.GetStrategies()); err != nil {
			return o, err
		}
		// A new puzzle's variant is the request's (classic when it names
		// none); a puzzle read may name its own, checked once it is read.
		level, noGuessing := strategy.Level(req.GetLevel()), req.GetNoGuessing()
		if o.mode == generate.New || req.GetVariant() != sudokuv1.Variant_VARIANT_UNSPECIFIED {
			err = checkReachable(o.strategies, o.variant, level, noGuessing)
		} else {
			// Before the puzzle is read, a list no variant's puzzle
			// could meet (no single at all, say) is refused at once,
			// as solverctl refuses a flag.
			err = reachableOnSome(o.strategies, level, noGuessing)
		}
		if err != nil {
			return o, err
		}
	}
	if o.mode != generate.New {
		if req.GetCageSize() != 0 {
			return o, grid.FieldErrorf("cage_size", "a cage size applies to new puzzles (mode GENERATE_MODE_NEW), not to mode %s", req.GetMode())
		}
		return o, nil
	}
	if err := generate.CheckNew(o.variant, int(req.GetSize()), int(req.GetCageSize())); err != nil {
		return o, err
	}
	// A puzzle read or named (text, board, map, variant, ...) is the
	// mistake to name before its charset: a client that forgot mode
	// BASE_ON_MAP or START_FROM sends a charset for its puzzle's size.
	if err := checkNewPuzzle(req.GetPuzzle()); err != nil {
		return o, err
	}
	// The charset names the symbols of the answer's text: one that cannot
	// name the new puzzle's would be dropped for 0-9 without a word. Its
	// bytes are checked first (not UTF-8, too long), as for any puzzle.
	if err := CheckPuzzleText("puzzle", req.GetPuzzle()); err != nil {
		return o, err
	}
	return o, checkGenerateCharset(req.GetPuzzle().GetCharset(), generate.NewSize(o.variant, int(req.GetSize())))
}

// checkReachable refuses a list of strategies for the grade of a
// generated puzzle of variant v that no puzzle could meet: one that places
// no digit on v's boards (Hidden Single and Full House do not run on
// Str8ts), a list that places digits by guessing alone with no_guessing,
// and a level above what singles alone can grade (their score: a step a
// cell, scaled to 81 cells). Strategies that do not run on v count for
// nothing.
func checkReachable(chosen []*strategy.Strategy, v grid.Variant, level strategy.Level, noGuessing bool) error {
	places, guesses, singlesOnly := false, false, true
	hardest, score := strategy.Easy, 0
	var idle []string // singles listed that do not run on v
	for _, s := range chosen {
		if !slices.Contains(solver.Variants(s), v) {
			if s.Class() == strategy.Solution {
				idle = append(idle, s.Name())
			}
			continue
		}
		switch s.Class() {
		case strategy.Solution:
			places = true
		case strategy.Search:
			guesses = true
			if noGuessing {
				continue // guessing cannot grade a puzzle asked without it
			}
		}
		if s.Class() != strategy.Solution {
			singlesOnly = false
		}
		for _, t := range s.AllTechniques() {
			hardest, score = max(hardest, t.Level()), max(score, t.Score())
		}
	}
	// The singles to suggest are those that run on v, and a list's
	// singles that do not are named.
	single, why := "a single such as A or B", ""
	if hs, ok := strategy.Lookup("B"); ok && !slices.Contains(solver.Variants(hs), v) {
		single = "Naked Single, A, the one single that runs on " + v.WithArticle() + " board"
	}
	if len(idle) > 0 {
		verb := "does"
		if len(idle) > 1 {
			verb = "do"
		}
		why = fmt.Sprintf(" on %s board (%s %s not run there)", v.WithArticle(), strings.Join(idle, " and "), verb)
	}
	switch {
	case !places && !guesses && len(idle) > 0:
		return grid.FieldErrorf("strategies", "none of the strategies listed places a digit%s; Naked Single, A, or guessing, C, does): no puzzle could be solved with them", strings.TrimSuffix(why, ")"))
	case !places && !guesses:
		return grid.FieldErrorf("strategies", "none of the strategies listed places a digit (%s, or guessing, C): no puzzle could be solved with them", single)
	case !places && noGuessing:
		return grid.FieldErrorf("no_guessing", "the strategies listed place digits by guessing alone (C)%s: no puzzle is solved with them without guessing; list %s", why, single)
	case singlesOnly && level > strategy.Easy && level <= strategy.Extreme:
		reach := hardest
		for reach < strategy.Extreme && 81*score > reach.MaxScore() {
			reach++
		}
		if level > reach {
			return grid.FieldErrorf("level", "the strategies listed, singles alone, grade a puzzle %s at most%s (a score of %d at most, a step a cell), not %s: list harder strategies or ask a lower level", reach, why, 81*score, level)
		}
	}
	return nil
}

// reachableOnSome is checkReachable for a puzzle of a variant not yet
// known: nil when some variant's puzzle could meet the list, else the
// error of a classic one (every single runs there: its error names no
// variant).
func reachableOnSome(chosen []*strategy.Strategy, level strategy.Level, noGuessing bool) error {
	for _, v := range grid.Variants() {
		if checkReachable(chosen, v, level, noGuessing) == nil {
			return nil
		}
	}
	return checkReachable(chosen, grid.Classic, level, noGuessing)
}

// generateConfig validates a Generate request and converts it, with the
// format of the answer's text.
func (s *Server) generateConfig(req *sudokuv1.GenerateRequest) (generate.Config, codec.Format, error) {
	var cfg generate.Config
	var ok bool
	opts, err := checkGenerateOptions(req)
	if err != nil {
		return cfg, 0, err
	}
	cfg.Mode, cfg.Strategies = opts.mode, opts.strategies
	variant := opts.variant
	if cfg.Symmetry, ok = symmetries[req.GetSymmetry()]; !ok {
		return cfg, 0, grid.FieldErrorf("symmetry", "unknown symmetry %d", req.GetSymmetry())
	}
	level := req.GetLevel()
	if level < sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED || level > sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME {
		return cfg, 0, grid.FieldErrorf("level", "unknown level %d", level)
	}
	cfg.Level = strategy.Level(level)
	format, ok := protoconv.FormatFromProto[req.GetFormat()]
	if !ok {
		return cfg, 0, grid.FieldErrorf("format", "unknown format %d", req.GetFormat())
	}
	cfg.NoGuessing, cfg.NonMinimal, cfg.MinimalOnly, cfg.Seed = req.GetNoGuessing(), req.GetNonMinimal(), req.GetMinimalOnly(), req.GetSeed()
	if s.cfg.MaxNodes < generate.DefaultMaxNodes {
		cfg.MaxNodes = int64(s.cfg.MaxNodes)
	}
	if err := CheckPuzzleText("puzzle", req.GetPuzzle()); err != nil {
		return cfg, 0, err
	}
	var probe *codec.Puzzle
	if cfg.Mode == generate.New {
		// checkGenerateOptions refused a puzzle mode NEW would ignore.
		cfg.Size, cfg.Variant, cfg.CageSize = int(req.GetSize()), variant, int(req.GetCageSize())
		probe = probePuzzle(cfg)
	} else {
		base, err := generateBase(req)
		if err != nil {
			return cfg, 0, err
		}
		cfg.Base = base
		if opts.strategies != nil && req.GetVariant() == sudokuv1.Variant_VARIANT_UNSPECIFIED {
			if err := checkReachable(opts.strategies, base.Layout().Variant, cfg.Level, cfg.NoGuessing); err != nil {
				return cfg, 0, err
			}
		}
		probe = codec.FromBoard(grid.NewBoard(base.Layout()))
		probe.Marks = false
		probe.Cells = make([]grid.CellState, base.Layout().Cells)
	}
	probe.Charset = req.GetPuzzle().GetCharset()
	if format != codec.FormatAuto {
		if _, err := codec.Encode(probe, format); err != nil {
			return cfg, 0, grid.FieldErrorf("format", "%s cannot carry this puzzle: %v", format, reason(err))
		}
	}
	if cfg.Mode == generate.New && cfg.Variant.HasCages() && !carriesClues(probe, format) {
		// Killer X's text (SudoCue's) holds cages alone: a clue the cages
		// need would leave the puzzle without a text.
		cfg.CagesAlone = true
	}
	return cfg, format, nil
}

// NewPuzzleHeader returns the 2.0 header of the text of the puzzle a
// GENERATE_MODE_NEW request makes with FORMAT_V2, and its size: its
// variant's (classic when unset) at its size (generate.DefaultSize when
// 0), so that a client that asks for a header can refuse another before
// the call. ok is false for the other modes, whose size and variant are
// the puzzle's, and for a variant or size that has no header.
func NewPuzzleHeader(req *sudokuv1.GenerateRequest) (header string, size int, ok bool) {
	if m := req.GetMode(); m != sudokuv1.GenerateMode_GENERATE_MODE_UNSPECIFIED && m != sudokuv1.GenerateMode_GENERATE_MODE_NEW {
		return "", 0, false
	}
	v, ok := protoconv.VariantFromProto[req.GetVariant()]
	if !ok {
		return "", 0, false
	}
	size = generate.NewSize(v, int(req.GetSize()))
	header, ok = codec.V2Header(v, size)
	return header, size, ok
}

// checkNewPuzzle refuses the parts of a NEW request's puzzle that mode
// would ignore: a board, a text or a region map (only BASE_ON_MAP and
// START_FROM read one), and the variant, format and tolerance of reading
// one (a new puzzle's variant is the request's: a puzzle.variant of X
// made a classic puzzle without a word). Its charset alone may name the
// symbols of the answer's text.
func checkNewPuzzle(p *sudokuv1.Puzzle) error {
	switch {
	case p.GetBoard() != nil:
		return grid.FieldErrorf("puzzle.board", "a puzzle is only read with mode GENERATE_MODE_BASE_ON_MAP or GENERATE_MODE_START_FROM")
	case p.GetText() != "":
		return grid.FieldErrorf("puzzle.text", "a puzzle is only read with mode GENERATE_MODE_BASE_ON_MAP or GENERATE_MODE_START_FROM")
	case p.GetRegionMap() != "":
		return grid.FieldErrorf("puzzle.region_map", "a region map is only read with mode GENERATE_MODE_BASE_ON_MAP or GENERATE_MODE_START_FROM")
	case p.GetVariant() != sudokuv1.Variant_VARIANT_UNSPECIFIED:
		return grid.FieldErrorf("puzzle.variant", "a new puzzle's variant is the request's variant, not its puzzle's; set variant and leave puzzle.variant unset")
	case p.GetFormat() != sudokuv1.Format_FORMAT_UNSPECIFIED:
		return grid.FieldErrorf("puzzle.format", "a new puzzle reads no text; the format of the answer's text is the request's format: leave puzzle.format unset")
	case p.GetTolerant():
		return grid.FieldErrorf("puzzle.tolerant", "a new puzzle reads no text to tolerate; leave puzzle.tolerant unset")
	}
	return nil
}

// generateBase decodes the puzzle of a BASE_ON_MAP or START_FROM request,
// whose variant is the request's when the puzzle names none.
func generateBase(req *sudokuv1.GenerateRequest) (*grid.Board, error) {
	p := req.GetPuzzle()
	if req.GetMode() == sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP && p.GetBoard() == nil && strings.TrimSpace(p.GetText()) == "" {
		// A map alone: base on an empty board of the map's size. An empty
		// board has no cages, which a cage variant's base needs: its
		// decoding would blame a text the request never sent.
		v := req.GetVariant()
		if pv := p.GetVariant(); pv != sudokuv1.Variant_VARIANT_UNSPECIFIED {
			v = pv
		}
		if gv, ok := protoconv.VariantFromProto[v]; ok && gv.HasCages() {
			return nil, grid.FieldErrorf("puzzle", "mode %s of %s puzzle needs its cages: give them in a board or a text (mode %s draws new ones)",
				req.GetMode(), gv.WithArticle(), sudokuv1.GenerateMode_GENERATE_MODE_NEW)
		}
		text, err := emptyText(req)
		if err != nil {
			return nil, err
		}
		if p == nil {
			p = &sudokuv1.Puzzle{}
		} else {
			p = proto.CloneOf(p)
		}
		p.Source = &sudokuv1.Puzzle_Text{Text: text}
	}
	if p == nil {
		return nil, grid.FieldErrorf("puzzle", "mode %s needs a puzzle", req.GetMode())
	}
	lent := p.GetVariant() == sudokuv1.Variant_VARIANT_UNSPECIFIED && req.GetVariant() != sudokuv1.Variant_VARIANT_UNSPECIFIED
	if lent {
		p = proto.CloneOf(p)
		p.Variant = req.GetVariant()
	}
	dp, err := decodePuzzle("puzzle", p)
	var fe *grid.FieldError
	if lent && errors.As(err, &fe) && fe.Field == "puzzle.variant" {
		// The variant the puzzle contradicts is the request's.
		return nil, &grid.FieldError{Field: "variant", Reason: fe.Reason}
	}
	if err != nil {
		return nil, err
	}
	l := dp.board.Layout()
	if n := req.GetSize(); n != 0 && int(n) != l.N {
		return nil, grid.FieldErrorf("size", "size %d differs from the puzzle's, %d", n, l.N)
	}
	if v := req.GetVariant(); v != sudokuv1.Variant_VARIANT_UNSPECIFIED && !namesVariant(protoconv.VariantFromProto[v], l.Variant) {
		return nil, grid.FieldErrorf("variant", "variant %s differs from the puzzle's, %s", protoconv.VariantFromProto[v], l.Variant)
	}
	return dp.board, nil
}

// namesVariant reports whether a request's variant v names got, the
// variant of the puzzle read with it: the same, or classic or killer for
// their jigsaw forms, which irregular regions make of them (as Solve reads
// a classic text with an irregular region map; Generate refused it as
// "variant classic differs from the puzzle's, jigsaw").
func namesVariant(v, got grid.Variant) bool {
	return v == got || v == grid.Classic && got == grid.Jigsaw || v == grid.Killer && got == grid.KillerJigsaw
}

// emptyText returns an empty puzzle of the size of the request's region
// map, else of its size or the variant's default size.
func emptyText(req *sudokuv1.GenerateRequest) (string, error) {
	p := req.GetPuzzle()
	n := int(req.GetSize())
	if m := p.GetRegionMap(); m != "" {
		mp, err := codec.ParseText(m, p.GetCharset(), "")
		if err != nil {
			return "", grid.FieldErrorf("puzzle.region_map", "%s", reason(err))
		}
		n = mp.Size
	}
	n = generate.NewSize(protoconv.VariantFromProto[req.GetVariant()], n)
	if n > grid.MaxSize {
		return "", grid.FieldErrorf("size", "size %d is more than %d, the largest board", n, grid.MaxSize)
	}
	blank := "."
	// Checked first: its first byte alone may not be a character, and the
	// text made of it would be blamed.
	if err := checkGenerateCharset(p.GetCharset(), n); err != nil {
		return "", err
	}
	if cs := p.GetCharset(); cs != "" {
		blank = cs[:1]
	}
	return strings.Repeat(blank, n*n), nil
}

// checkGenerateCharset refuses charset cs (none when empty) of a puzzle
// of size n that it cannot write, on puzzle.charset.
func checkGenerateCharset(cs string, n int) error {
	if cs == "" {
		return nil
	}
	if _, err := codec.CheckCharset(cs, n); err != nil {
		return grid.FieldErrorf("puzzle.charset", "%s", reason(err))
	}
	return nil
}

// carriesClues reports whether format (auto: the variant's own) writes
// puzzles shaped like probe with a clue.
func carriesClues(probe *codec.Puzzle, format codec.Format) bool {
	p := *probe
	p.Cells = slices.Clone(probe.Cells)
	p.Cells[0] = grid.CellState{Value: 1, Given: true}
	_, err := codec.Encode(&p, format)
	return err == nil
}

// probePuzzle returns an empty puzzle shaped like those cfg makes (rows
// for jigsaw regions, one cage per row), to check that a format can carry
// them before generating.
func probePuzzle(cfg generate.Config) *codec.Puzzle {
	n := generate.NewSize(cfg.Variant, cfg.Size)
	p := &codec.Puzzle{Size: n, Variant: cfg.Variant, VariantSet: true, Cells: make([]grid.CellState, n*n)}
	if cfg.Variant.Irregular() {
		p.Regions = make([]int, n*n)
		for i := range p.Regions {
			p.Regions[i] = i/n + 1
		}
	}
	if cfg.Variant.HasCages() {
		for r := range n {
			cells := make([]int, n)
			for i := range cells {
				cells[i] = r*n + i
			}
			p.Cages = append(p.Cages, grid.Cage{Cells: cells, Target: n * (n + 1) / 2, Op: grid.OpAdd})
		}
	}
	return p
}

// encodeGenerated renders a generated puzzle in format f. With auto it is
// what codec.Encode writes for FormatAuto (the variant's 2.0 string, or
// SudoCue's form for a killer X), or plain text where the variant has
// neither.
// The puzzle's charset, when given, renders the formats that use one.
func encodeGenerated(b *grid.Board, f codec.Format, charset string, auto bool) (string, error) {
	p := codec.FromBoard(b)
	p.Marks, p.Charset = false, charset
	for i := range p.Cells {
		p.Cells[i].Cand = 0
	}
	text, err := codec.Encode(p, f)
	if err == nil {
		return text, nil
	}
	if !auto {
		return "", grid.FieldErrorf("format", "%s cannot carry this puzzle: %v", f, reason(err))
	}
	text, perr := codec.Encode(p, codec.FormatPlain)
	if perr != nil {
		return "", fmt.Errorf("encoding the puzzle: no format carries it: %w", err)
	}
	return text, nil
}

// generateError names the request field behind a generation error.
func generateError(req *sudokuv1.GenerateRequest, err error) error {
	if errors.Is(err, generate.ErrNoSolution) || errors.Is(err, generate.ErrNotUnique) {
		if v := req.GetVariant(); v != sudokuv1.Variant_VARIANT_UNSPECIFIED {
			// The variant may be the request's, lent to a text that has
			// none: a classic puzzle need not solve as Sudoku X.
			return grid.FieldErrorf("puzzle", "%v as variant %s", err, v)
		}
		return grid.FieldErrorf("puzzle", "%v", err)
	}
	return inField("", generateConfig, err)
}
