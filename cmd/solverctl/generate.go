package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/flagvalue"
	"github.com/sudokuwise/solver/internal/protoconv"
	"github.com/sudokuwise/solver/service"
)

var (
	generateModeNames = []choice[sudokuv1.GenerateMode]{
		{"new", sudokuv1.GenerateMode_GENERATE_MODE_NEW},
		{"base", sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP},
		{"start", sudokuv1.GenerateMode_GENERATE_MODE_START_FROM},
	}
	levelNames = []choice[sudokuv1.DifficultyLevel]{
		{"any", sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED},
		{"easy", sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EASY},
		{"medium", sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_MEDIUM},
		{"hard", sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_HARD},
		{"unfair", sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNFAIR},
		{"extreme", sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME},
	}
	symmetryNames = []choice[sudokuv1.Symmetry]{
		{"none", sudokuv1.Symmetry_SYMMETRY_NONE},
		{"rotational", sudokuv1.Symmetry_SYMMETRY_ROTATIONAL},
		{"mirror", sudokuv1.Symmetry_SYMMETRY_MIRROR},
	}
)

// runGenerate is the generate command: one Generate call, printing the
// puzzle, then its solution (on request), grade and seed.
func runGenerate(ctx context.Context, e *env, cmd *command, args []string) error {
	f := &solveFlags{command: cmd.name}
	req := &sudokuv1.GenerateRequest{}
	to := "auto"
	fs := newFlagSet("solverctl " + cmd.name)
	fs.Var(&enumValue[sudokuv1.GenerateMode]{&req.Mode, generateModeNames}, "mode", "`mode`: "+names(generateModeNames)+", new by default (new: a fresh puzzle; base: complete PUZZLE's map and derive one; start: remove clues from PUZZLE)")
	fs.Var((*flagvalue.Uint32)(&req.Size), "size", "`size` of a new puzzle: 4..32 (3..32 for KenKen and jigsaw variants, 4..16 for Str8ts, 4..12 for Str8ts B and BX, 9 alone for killer X; variants with boxes, KenDoku among them, a size that has them, not a prime); 0 means 9, or 6 for KenKen and KenDoku")
	fs.Var(&enumValue[sudokuv1.Variant]{&req.Variant, variantNames}, "variant", "`variant` of a new puzzle (or of PUZZLE's text when it names none): "+names(variantNames))
	fs.Var(&enumValue[sudokuv1.DifficultyLevel]{&req.Level, levelNames}, "level", "difficulty `level` asked for: "+names(levelNames))
	fs.BoolVar(&req.NoGuessing, "no-guessing", false, "require a puzzle solvable without guessing")
	fs.Var(&enumValue[sudokuv1.Symmetry]{&req.Symmetry, symmetryNames}, "symmetry", "`symmetry` of the clues: "+names(symmetryNames)+", none by default")
	fs.BoolVar(&req.NonMinimal, "non-minimal", false, "allow clues that could be removed (by default a puzzle is minimal unless no minimal one meets a --level below extreme: it then keeps the clues the level needs)")
	fs.BoolVar(&req.MinimalOnly, "minimal-only", false, "never keep clues for the --level: when no minimal puzzle meets it, return the closest minimal one")
	fs.Var((*flagvalue.Uint32)(&req.CageSize), "cage-size", "`cells` of every cage of a new killer (2 up to its size less one; the cells left over are cages of one cell), which then has no clues; 0 draws cages of 2 to 5 cells and adds clues where needed")
	fs.Uint64Var(&req.Seed, "seed", 0, "random `seed`; 0 draws one (printed, it reproduces the puzzle)")
	fs.Var((*flagvalue.Word)(&to), "to", "`format` of the puzzle: auto (the variant's 2.0 string, else plain), "+names(convertFormats)+" or a 2.0 header (s9b, l9b, k6c, …)")
	fs.BoolVar(&req.IncludeSolution, "solution", false, "also print the solution")
	// The connection, puzzle and strategy flags of solve and steps.
	f.conn.register(fs)
	f.share(fs, "json", "format", "charset", "map", "strategies")
	fs.DurationVar(&f.timeout, "timeout", 30*time.Second, "deadline of the call: when it passes, the closest puzzle found comes back (level met: no); 0 means none: in-process, where no cap ends the retries, a level no puzzle meets is then looked for until interrupted, while a solverd applies its -default-timeout (30s unless set)")
	pos, err := parseCommand(cmd, e, fs, &f.conn, args)
	if err != nil {
		return helpIsNil(err)
	}
	var header string
	var asJSON bool
	if req.Format, header, asJSON, err = generateFormat(to); err != nil {
		return err
	}
	if _, err := strategyKeys(f.strategies); err != nil {
		return usageErrorf("%s: %v", cmd.name, err)
	}
	req.Strategies = f.options().GetStrategies()
	if err := flagError(service.CheckSolveOptions(&sudokuv1.SolveOptions{Strategies: req.Strategies})); err != nil {
		return usageErrorf("%s: %v", cmd.name, err)
	}
	isNew := req.Mode == sudokuv1.GenerateMode_GENERATE_MODE_UNSPECIFIED || req.Mode == sudokuv1.GenerateMode_GENERATE_MODE_NEW
	if err := service.CheckGenerateOptions(req); err != nil {
		return usageErrorf("%s: %v", cmd.name, generateFlagError(req, err))
	}
	switch {
	case len(pos) > 1:
		return usageErrorf("%s: want at most one puzzle, got %d arguments (quote a puzzle that has spaces)", cmd.name, len(pos))
	case len(pos) == 1 && isNew:
		return usageErrorf("%s: a puzzle is only read with --mode base or start", cmd.name)
	case f.regionMap != "" && isNew:
		// A new puzzle draws its own regions: the map would be ignored.
		return usageErrorf("%s: -map is read with --mode base (a puzzle derived on that map), not for a new puzzle, which draws its own regions (-variant jigsaw)", cmd.name)
	case len(pos) == 0 && req.Mode == sudokuv1.GenerateMode_GENERATE_MODE_START_FROM:
		return usageErrorf("%s: --mode start needs a puzzle", cmd.name)
	case !isNew:
		// Base mode may have a map alone: the service takes an empty
		// board of its size.
		text := ""
		if len(pos) == 1 {
			if text, err = readArg(ctx, e.stdin, pos[0], true); err != nil {
				return err
			}
			if text == "" {
				// A blank argument (a file or standard input with no
				// puzzle is readArg's error). Read as no puzzle, it
				// would derive one on an empty board: the person named
				// one.
				return fmt.Errorf("%s: the argument is blank: it holds no puzzle", cmd.name)
			}
		}
		if req.Puzzle, err = f.puzzle(ctx, e, text); err != nil {
			return err
		}
		if err := checkVariantFlag(cmd.name, text, f.format, req.Variant, f.charset, ""); err != nil {
			return err
		}
	case f.charset != "":
		// A new puzzle reads no text, but its charset names the symbols
		// of the answer's text in the forms that use one (plain, nxn),
		// as it does those of the solution line.
		req.Puzzle = &sudokuv1.Puzzle{Charset: f.charset}
		if err := service.CheckGenerateOptions(req); err != nil {
			return usageErrorf("%s: %v", cmd.name, generateFlagError(req, err))
		}
	}
	// After the checks of the command line above: a puzzle given without
	// --mode base|start is the mistake to name, not the header that a new
	// puzzle, which it was not meant to be, would have.
	if want, size, ok := service.NewPuzzleHeader(req); header != "" && isNew {
		// Known before the call: the puzzle would be made, then refused.
		switch {
		case !ok:
			// A variant of no 2.0 string (killer X): the service refuses
			// format v2, naming a field this command line never set.
			return usageErrorf("%s: -to %s cannot apply: a new %s puzzle has no 2.0 string (its variant has no header); leave -to out for its default form", cmd.name, header, protoconv.VariantFromProto[req.Variant])
		case want != header:
			return usageErrorf("%s: -to %s cannot apply: a new %s puzzle of size %d is written %s (the variant and size decide the header); use -to %s or -to v2", cmd.name, header, protoconv.VariantFromProto[req.Variant], size, want, strings.ToLower(want))
		}
	}

	ctx, client, done, err := f.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	resp, err := client.Generate(ctx, req)
	if err != nil {
		return err
	}
	if got := resp.GetText()[:min(3, len(resp.GetText()))]; header != "" && !strings.EqualFold(got, header) {
		return service.InvalidField("to", "the puzzle's 2.0 header is %s, not %s (the variant and size decide it)", strings.ToUpper(got), header)
	}
	if f.json {
		return printJSON(e.stdout, resp)
	}
	first := strings.TrimRight(resp.GetText(), "\n")
	if asJSON {
		b, err := protojson.Marshal(resp.GetBoard())
		if err != nil {
			return err
		}
		first = string(b)
	}
	// The level is met trivially when none was asked: say nothing of it.
	levelAsked := req.Level != sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED || req.NoGuessing
	if err := printGenerated(e.stdout, first, resp, f.charset, levelAsked); err != nil {
		return err
	}
	if note := levelNote(req, resp); note != "" {
		fmt.Fprintln(e.stderr, "solverctl: note: "+note)
	}
	// A killer v1 string flags no clue: say so, as convert does.
	if note := progressLost(req.Format, resp.GetBoard(), resp.GetText()); note != "" {
		fmt.Fprintln(e.stderr, "solverctl: note: "+note)
	}
	return nil
}

// levelNote returns advice when a minimal puzzle came back harder than
// the level asked (or ungraded), else "". Minimal puzzles of large boards
// are seldom easy: a 16×16 jigsaw asked for at level easy runs to the
// deadline minimal and too hard (or too hard to grade in time), and comes
// in a second with --non-minimal.
func levelNote(req *sudokuv1.GenerateRequest, resp *sudokuv1.GenerateResponse) string {
	asked, got := req.GetLevel(), resp.GetDifficulty().GetLevel()
	if asked == sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED || resp.GetLevelMet() || !resp.GetMinimal() || resp.GetKeptForLevel() {
		return ""
	}
	if got != sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED && got <= asked {
		return ""
	}
	if req.GetMinimalOnly() {
		return "no minimal puzzle as easy as that came in time; without --minimal-only, clues the level needs are kept once minimal puzzles keep missing it"
	}
	return "no minimal puzzle as easy as that came in time; --non-minimal keeps the clues an easier level needs"
}

// generateFormat reads the name of a --to format: auto, a format name, a
// 2.0 header, returned too (upper case) to check the answer against, or
// json, the board as protojson (asJSON).
func generateFormat(name string) (f sudokuv1.Format, header string, asJSON bool, err error) {
	if name == "" || strings.EqualFold(name, "auto") {
		return sudokuv1.Format_FORMAT_UNSPECIFIED, "", false, nil
	}
	t, err := parseTarget(name)
	if err != nil {
		return 0, "", false, usageErrorf("generate: unknown format %q: want auto, %s, json or a 2.0 header such as s9b or k6c", name, names(convertFormats))
	}
	if t.json {
		return sudokuv1.Format_FORMAT_UNSPECIFIED, "", true, nil
	}
	return t.format, t.header, false, nil
}

// printGenerated prints a generated puzzle: first, the puzzle, on the
// first line, then one "name: value" line per figure, the solution first
// when given; "level met" only when levelAsked.
func printGenerated(w io.Writer, first string, r *sudokuv1.GenerateResponse, charset string, levelAsked bool) error {
	var b strings.Builder
	b.WriteString(first)
	b.WriteByte('\n')
	if sol := r.GetSolution(); sol != nil {
		fmt.Fprintf(&b, "solution: %s\n", plainText(sol, charset))
	}
	difficulty := difficultyText(r.GetDifficulty(), false)
	if r.GetDifficulty().GetLevel() == sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED {
		// Generate grades every puzzle it returns unless its deadline
		// came first.
		difficulty += " (its grading did not finish before the deadline; a longer --timeout, or solverctl solve, grades it)"
	}
	fmt.Fprintf(&b, "difficulty: %s\n", difficulty)
	if levelAsked {
		fmt.Fprintf(&b, "level met: %s\n", yesNo(r.GetLevelMet()))
	}
	fmt.Fprintf(&b, "solved without guessing: %s\n", yesNo(r.GetSolvedWithoutGuessing()))
	fmt.Fprintf(&b, "clues: %d\n", r.GetClues())
	minimal := yesNo(r.GetMinimal())
	if r.GetKeptForLevel() && !r.GetMinimal() {
		minimal += " (no minimal puzzle came at the level asked, so this one keeps the clues it needs)"
	}
	fmt.Fprintf(&b, "minimal: %s\n", minimal)
	seed := fmt.Sprint(r.GetSeed())
	if r.GetKeptForLevel() {
		seed += " (with --non-minimal and the same options it makes this puzzle again, given time enough)"
	}
	fmt.Fprintf(&b, "seed: %s\n", seed)
	// The closest puzzle may be the first of many attempts.
	fmt.Fprintf(&b, "attempts: %d (this puzzle came from attempt %d)\n", max(r.GetAttemptsMade(), r.GetAttempts()+1), r.GetAttempts()+1)
	_, err := io.WriteString(w, b.String())
	return err
}

// plainText renders the values of a board one symbol a cell: from the
// charset when it covers the size, else 1-9 then A, B, … A Str8ts board
// (one with black cells) is written in the simple form, as the service
// writes plain text (codec.EncodePlainValues): '.' for a cell without a
// digit, black or white, then a space and the colours, 1 black, 0 white.
func plainText(b *sudokuv1.Board, charset string) string {
	out := make([]byte, len(b.GetCells()), 2*len(b.GetCells())+1)
	colours := make([]byte, 0, len(b.GetCells()))
	for i, c := range b.GetCells() {
		if v := int(c.GetValue()); len(charset) > int(b.GetSize()) && v < len(charset) {
			out[i] = charset[v]
		} else if v == 0 {
			out[i] = '.' // '#', CellSymbol's black cell, is no clue of the simple form
		} else {
			out[i] = protoconv.CellSymbol(c)
		}
		colours = append(colours, '0')
		if c.GetBlack() {
			colours[i] = '1'
		}
	}
	if protoconv.VariantFromProto[b.GetVariant()].IsStr8ts() {
		out = append(append(out, ' '), colours...)
	}
	return string(out)
}

// generateFlags are the flags of generate's options, by field of the
// GenerateRequest.
var generateFlags = map[string]string{"mode": "-mode", "variant": "-variant", "size": "-size", "cage_size": "-cage-size", "strategies": "-strategies", "no_guessing": "-no-guessing", "level": "-level", "puzzle.charset": "-charset"}

// generateFlagError words an error of service.CheckGenerateOptions on
// req in flag terms.
func generateFlagError(req *sudokuv1.GenerateRequest, err error) error {
	field, reason, ok := service.FieldOf(err)
	if ok && field == "minimal_only" {
		return errors.New("-minimal-only cannot go with -non-minimal, which allows clues that could be removed")
	}
	if !ok || generateFlags[field] == "" {
		return err
	}
	if field == "cage_size" && req.GetCageSize() != 0 && req.GetMode() != sudokuv1.GenerateMode_GENERATE_MODE_UNSPECIFIED && req.GetMode() != sudokuv1.GenerateMode_GENERATE_MODE_NEW {
		mode := (&enumValue[sudokuv1.GenerateMode]{&req.Mode, generateModeNames}).String()
		return fmt.Errorf("-cage-size applies to new puzzles (-mode new), not to -mode %s", mode)
	}
	return fmt.Errorf("%s: %s", generateFlags[field], reason)
}
