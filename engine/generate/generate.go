// Package generate makes new puzzles with exactly one solution: fresh
// puzzles of any size and variant (random solution grids, jigsaw region
// layouts, killer and KenKen cages), puzzles derived from a given map, and
// puzzles continued from a given puzzle (the N×N seed's three modes). Clues
// are removed in symmetric orbits while the exact search proves the puzzle
// unique, the result is proved minimal, and the logic solver grades it;
// attempts are repeated until the grade is the level asked for or the
// context ends. Every random choice comes from the seed, so a seed gives
// the same puzzle.
package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// Mode is the way a generation starts (the seed's three modes).
type Mode uint8

// The modes.
const (
	// New makes a fresh puzzle of Config.Size and Config.Variant.
	New Mode = iota
	// BaseOnMap completes Config.Base (its regions, cages and any digits)
	// with a random solution and derives a new puzzle from it.
	BaseOnMap
	// StartFrom keeps removing clues from Config.Base while it stays
	// unique.
	StartFrom
)

var modeNames = [...]string{New: "new", BaseOnMap: "base on map", StartFrom: "start from"}

// String returns the mode's name.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// Symmetry is the symmetry of the clue pattern.
type Symmetry uint8

// The symmetries.
const (
	// NoSymmetry removes clues one by one.
	NoSymmetry Symmetry = iota
	// Rotational keeps the pattern unchanged by a half turn.
	Rotational
	// Mirror keeps the pattern unchanged by a reflection about the
	// vertical axis.
	Mirror
)

var symmetryNames = [...]string{NoSymmetry: "none", Rotational: "rotational", Mirror: "mirror"}

// String returns the symmetry's name.
func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", s)
}

// DefaultMaxNodes bounds the search nodes of one uniqueness check, and the
// guesses of one grading solve, when Config.MaxNodes is 0 (a twentieth of
// it above 16×16). A check that spends it settles nothing: the clue stays,
// or the cage layout is dropped.
const DefaultMaxNodes = 200_000

// Config describes the puzzle to make. The zero value asks for a classic
// 9×9 puzzle of any grade with a random seed.
type Config struct {
	// Mode is how the generation starts.
	Mode Mode
	// Size is the side of a New puzzle; 0 means 9, or 6 for KenKen and
	// KenDoku.
	Size int
	// Variant is the rule set of a New puzzle. Jigsaw variants get a
	// random region layout, cage variants random cages.
	Variant grid.Variant
	// Base is the board of BaseOnMap and StartFrom: its layout counts, and
	// so do its digits (every placed digit is a clue of StartFrom).
	Base *grid.Board
	// Level is the grade asked for; Unrated takes any.
	Level strategy.Level
	// NoGuessing asks for a puzzle the grader solves without guessing.
	NoGuessing bool
	// Symmetry is the symmetry of the clue pattern. StartFrom removes
	// clues in symmetric orbits, which keeps a symmetric start symmetric.
	Symmetry Symmetry
	// NonMinimal allows clues that could be removed. With a Level below
	// Extreme it also keeps the clues whose removal would make the puzzle
	// harder than asked.
	NonMinimal bool
	// MinimalOnly never keeps clues for the level (see
	// Result.KeptForLevel): when no minimal puzzle meets the Level, the
	// closest minimal one found is returned. It cannot go with NonMinimal.
	MinimalOnly bool
	// Seed drives every random choice; 0 draws one.
	Seed uint64
	// Strategies are those the grader may use; nil allows all.
	Strategies []*strategy.Strategy
	// MaxNodes bounds one uniqueness check and the guesses of one grading
	// solve; 0 means DefaultMaxNodes.
	MaxNodes int64
	// CageSize, for killer variants of New, gives every cage exactly this
	// many cells (2 to Size-1), the cells left over (Size² mod CageSize)
	// being cages of one cell, and asks for a puzzle without clues (the
	// attempt is dropped when the cages alone do not make it unique); 0
	// draws cages of 2 to 5 cells and adds clues where needed.
	CageSize int
	// CagesAlone, for cage variants of New, asks for puzzles without
	// clues, as CageSize does, with cages of 2 to 5 cells: for texts that
	// hold the cages alone (SudoCue's, the one text of killer X). An
	// attempt whose cages are not unique alone is dropped.
	CagesAlone bool
	// MaxAttempts bounds the attempts; 0 means no bound, so that without
	// one and without a deadline on the context an unattainable level is
	// looked for forever.
	MaxAttempts int
}

// Result is a generated puzzle.
type Result struct {
	// Puzzle holds the clues (Given set) on the layout of the puzzle,
	// cages and regions included.
	Puzzle *grid.Board
	// Solution is the only solution, its clue cells marked Given.
	Solution *grid.Board
	// Grade is the grader's solve of the puzzle: Status, Guesses and the
	// Rating whose Level is the puzzle's real grade.
	Grade *solver.Result
	// Graded reports whether the grader finished; when the deadline or
	// its budget came first, Grade is empty (Status 0, Unrated).
	Graded bool
	// LevelMet reports whether the puzzle meets the Level and NoGuessing
	// asked for; false when the context ended first and this is the
	// closest found.
	LevelMet bool
	// Minimal reports whether no clue can be removed without losing
	// uniqueness, as proved by the exact search. With a Symmetry it is
	// the clues of an orbit (a clue and its image) that cannot be
	// removed together: few symmetric puzzles are minimal clue by clue.
	// False means not proved: digging or the proof was cut short (by the
	// deadline, or a check that spent its node budget, common above
	// 16×16), or NonMinimal asked for no proof and digging alone did not
	// make one (a clue kept only to hold the level, say). The puzzle may
	// then keep clues that could be removed.
	Minimal bool
	// KeptForLevel reports whether the puzzle keeps clues whose removal
	// would make it harder than the Level asked (as with NonMinimal): no
	// minimal puzzle of that level came within keepLevelAfter attempts or
	// half the time to the deadline (so that, when attempts are slow,
	// which attempt turned to keeping clues depends on the machine's
	// speed). Minimal is then false unless digging proved every clue
	// needed. A puzzle without clues (its cages alone) keeps none.
	// MinimalOnly turns it off.
	KeptForLevel bool
	// Clues is the number of clues.
	Clues int
	// Seed reproduces the puzzle: the same Config with this seed makes it
	// at the first attempt (with NonMinimal when KeptForLevel: a kept
	// attempt digs as NonMinimal does), given time enough: under a
	// deadline, a first attempt's digging stops at a share of it.
	Seed uint64
	// Attempts is the number of attempts made before the one that made
	// the puzzle.
	Attempts int
	// Made is the number of attempts made in all, this one included:
	// more than Attempts+1 when later ones came no closer to the level.
	Made int

	// partial marks a grading stopped once the puzzle was sure to be too
	// hard: Grade holds the grade so far, a lower bound.
	partial bool
	// unsettled marks a puzzle not proved minimal though digging ran to
	// its end: some check spent its node budget (see maxUnsettled).
	unsettled bool
}

// maxUnsettled is the number of attempts whose digging ran to its end
// without proving the puzzle minimal (a check spent its node budget)
// after which Generate takes a puzzle that meets the level as it is, not
// proved minimal. Without a deadline it would otherwise try forever where
// no attempt settles every check: a 25×25 Colour board leaves about 28
// clues of 207 unsettled within 10,000 conflicts each (23 within 30,000),
// a minute of CPU an attempt. A 25×25 X's second attempt was the first
// minimal one on seed 2.
const maxUnsettled = 2

// maxFailed is the number of attempts in a row that made no puzzle after
// which Generate gives up when it has none: without a deadline it would
// otherwise try forever where no attempt can succeed, as when MaxNodes is
// too small for the fill (a 9×9 with 20 nodes fails every attempt in a few
// microseconds). Attempts that fail for want of luck seldom come near it:
// killers whose cages all have five or six cells, on 6×6 to 12×12
// boards, took 1 to 54 attempts where they made a puzzle within 30 s.
const maxFailed = 10_000

// ErrNoPuzzle is returned, wrapped, when the attempts end without a
// puzzle: MaxAttempts of them, or maxFailed in a row.
var ErrNoPuzzle = errors.New("no attempt made a puzzle")

// Errors about the base board of BaseOnMap and StartFrom.
var (
	// ErrNoSolution: the base board cannot be completed.
	ErrNoSolution = errors.New("the puzzle has no solution")
	// ErrNotUnique: the StartFrom puzzle has more than one solution.
	ErrNotUnique = errors.New("the puzzle has more than one solution")
)

// Generate makes a puzzle as cfg asks. It repeats attempts, each from a
// seed derived from the previous one, until a puzzle meets the level (and
// NoGuessing) and is proved minimal (unless NonMinimal), then returns it;
// after maxUnsettled attempts whose checks spent their node budget, one
// that meets the level will do unproved. When ctx nears its deadline or
// MaxAttempts is spent it returns the closest puzzle found, with LevelMet
// false. The first attempt always returns a puzzle if it can: when time
// runs short it stops digging (the puzzle is unique but may not be
// minimal; a deadline before it took out any clue leaves the full grid,
// no puzzle) or grading (Graded is false). Generate returns ctx's error
// only when no puzzle was made at all. A Config field that is wrong gets a
// *grid.FieldError naming it ("size", "variant", "base", ...).
func Generate(ctx context.Context, cfg Config) (*Result, error) {
	g, err := newGenerator(cfg)
	if err != nil {
		return nil, err
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = rand.Uint64() | 1
	}
	started := time.Now()
	stop, firstDig, answer, cancel := deadlines(ctx, g.digShare())
	defer cancel()
	halfTime := func() bool {
		end, ok := stop.Deadline()
		return ok && time.Since(started) > end.Sub(started)/2
	}
	var best *Result
	made := 0      // attempts started
	unsettled := 0 // attempts not proved minimal though digging ran to its end
	failed := 0    // attempts in a row that made no puzzle
	for attempt := 0; cfg.MaxAttempts == 0 || attempt < cfg.MaxAttempts; attempt++ {
		if stop.Err() != nil {
			break
		}
		first, dig := best == nil, stop
		if first {
			dig = firstDig
		}
		made++
		res, err := g.attempt(stop, dig, seed, first)
		if errors.Is(err, errRetry) {
			failed++
		} else {
			failed = 0
		}
		switch {
		case errors.Is(err, errNothingDug):
			// Later attempts would have no more time to dig than this one.
			return nil, fmt.Errorf("generating a puzzle: %w (a larger deadline makes one): %w", err, context.DeadlineExceeded)
		case errors.Is(err, errRetry) && best == nil && failed >= maxFailed:
			return nil, fmt.Errorf("generating a puzzle: %d attempts in a row made none (each search was bounded by %d nodes; a larger bound may help): %w", failed, g.maxNodes, ErrNoPuzzle)
		case err == nil:
			res.Seed, res.Attempts = seed, attempt
			if best == nil || closer(g, res, best) {
				best = res
			}
			best.Made = made
			if res.unsettled {
				unsettled++
			}
			if best.LevelMet && (best.Minimal || cfg.NonMinimal || best.KeptForLevel || unsettled >= maxUnsettled) {
				return best, nil
			}
			if !g.keepLevel && g.mayKeepLevel() && !best.LevelMet && g.tooHard(best) && keepLevelAfter > 0 && (made >= keepLevelAfter || halfTime()) {
				g.keepLevel = true
			}
		case errors.Is(err, errRetry):
		case stop.Err() != nil && errors.Is(err, stop.Err()):
			// Cut short by the deadline.
		default:
			return nil, err
		}
		seed = nextSeed(seed)
	}
	if best != nil {
		best.Made = made
		return g.finish(answer, best), nil
	}
	err = ctx.Err()
	if err == nil && stop.Err() != nil {
		err = context.DeadlineExceeded
	}
	if err != nil {
		if cfg.CageSize > 0 && errors.Is(err, context.DeadlineExceeded) {
			// The larger the cages and the board, the likelier a layout
			// is to leave other solutions or counts past their bound
			// (docs/generating.md, session 39): say so, as more time
			// may not help.
			hint := "smaller cages, or no cage size, make one sooner"
			if made < 3 {
				// The deadline left no room to try: time would help.
				hint = "a longer deadline gives it more; smaller cages, or no cage size, make one sooner"
			}
			return nil, fmt.Errorf("generating a puzzle: no layout of %d-cell cages without clues was proved unique in %s (%s): %w", cfg.CageSize, attempts(made), hint, err)
		}
		return nil, fmt.Errorf("generating a puzzle: %w", err)
	}
	return nil, fmt.Errorf("generating a puzzle: %w (%s)", ErrNoPuzzle, attempts(cfg.MaxAttempts))
}

// attempts words a number of attempts.
func attempts(n int) string {
	if n == 1 {
		return "1 attempt"
	}
	return fmt.Sprintf("%d attempts", n)
}

// finish completes the grade of a closest puzzle whose grading stopped
// early, leaving it ungraded if ctx ends first (Generate's answer
// context, which ends before the call's deadline: a 16×16 X asked for at
// Hard grades Extreme on every attempt, and its full grade can take longer
// than the time left).
func (g *generator) finish(ctx context.Context, r *Result) *Result {
	if !r.partial {
		return r
	}
	graded, _, err := g.grade(ctx, r.Puzzle, r.Solution.Values(), false)
	if err != nil {
		graded, r.Graded = &solver.Result{}, false
	}
	r.Grade, r.partial = graded, false
	return r
}

// deadlines returns the contexts of a generation under ctx: stop ends the
// attempts a margin before ctx's deadline; answer ends half that margin
// before it, so that completing the closest puzzle's grade (finish) still
// leaves time to answer; firstDig ends the digging of the first attempt
// earlier, after share (a fraction) of the time, leaving the rest to
// grade.
func deadlines(ctx context.Context, share float64) (stop, firstDig, answer context.Context, cancel context.CancelFunc) {
	deadline, ok := ctx.Deadline()
	if !ok {
		stop, cancel = context.WithCancel(ctx)
		return stop, stop, ctx, cancel
	}
	now := time.Now()
	left := deadline.Sub(now)
	// A tenth, at least 50 ms: on a busy machine the answer of a short
	// deadline (2 s, 4×4 at a level out of reach) came past it with a
	// twentieth (20 ms at least).
	margin := min(max(left/10, 50*time.Millisecond), time.Second)
	answer, cancelAnswer := context.WithDeadline(ctx, deadline.Add(-margin/2))
	stop, cancelStop := context.WithDeadline(answer, deadline.Add(-margin))
	firstDig, cancelDig := context.WithDeadline(stop, now.Add(time.Duration(float64(left-margin)*share)))
	return stop, firstDig, answer, func() { cancelDig(); cancelStop(); cancelAnswer() }
}

// digShare is the part of the time to the deadline that the first attempt
// may spend digging (see deadlines). When a level or no guessing is asked
// for, the grade decides whether the puzzle will do: three fifths, the
// rest to grade. Otherwise the grade only informs, and a minimal puzzle
// matters more: nine tenths. A 25×25 takes 2–31 s to dig on two cores
// (seeds 1–8 and 10, median 5 s) and took under a second to grade when
// this was set; the 25×25 puzzles that logic now finishes take 8–30 s of
// CPU to grade (docs/generating.md), which the last tenth of a 30 s
// deadline may not cover: the puzzle is then returned ungraded.
func (g *generator) digShare() float64 {
	if g.cfg.NoGuessing || g.cfg.Level != strategy.Unrated {
		return 3.0 / 5
	}
	return 9.0 / 10
}

// SizeRange returns the sizes of the new puzzles of variant v Generate
// makes: 4..32 (grid.MaxSize), from 3 for arithmetic and jigsaw variants,
// up to 16 for Str8ts (12 for Str8ts B and BX, with boxes), and 9 alone
// for killer X, whose one text form (SudoCue's) is 9×9.
func SizeRange(v grid.Variant) (minSize, maxSize int) {
	if v == grid.KillerX {
		return 9, 9
	}
	minSize, maxSize = 4, grid.MaxSize
	if v.Arithmetic() || v.Irregular() {
		minSize = 3
	}
	if v.IsStr8ts() {
		// Above 16×16 (12×12 with boxes) random black layouts seldom
		// admit a solution the search finds quickly: a generation would
		// spend its deadline looking for one.
		maxSize = maxStr8tsSize
		if v.HasBoxes() {
			maxSize = maxBoxedStr8tsSize
		}
	}
	return minSize, maxSize
}

// boxedSizesHint says what to ask for instead of a size without the regular
// boxes variant v needs: the sizes in v's range that have them (square ones
// for Windoku), and the variant of v's family without boxes, if any.
func boxedSizesHint(v grid.Variant) string {
	minSize, maxSize := SizeRange(v)
	var sizes []string
	for n := minSize; n <= maxSize; n++ {
		br, bc, ok := grid.BoxShape(n)
		if !ok || v == grid.Windoku && br != bc {
			continue
		}
		if len(sizes) == 7 {
			sizes = append(sizes, "...")
			break
		}
		sizes = append(sizes, strconv.Itoa(n))
	}
	hint := "choose a size that has them (" + strings.Join(sizes, ", ") + ")"
	alt := map[grid.Variant]grid.Variant{
		grid.Classic: grid.Jigsaw, grid.X: grid.Jigsaw, grid.Windoku: grid.Jigsaw,
		grid.Colour: grid.Jigsaw, grid.Killer: grid.KillerJigsaw, grid.KenDoku: grid.KenKen,
		grid.Str8tsB: grid.Str8ts, grid.Str8tsBX: grid.Str8tsX,
	}
	if a, ok := alt[v]; ok {
		hint += " or " + a.WithArticle() + " puzzle"
	}
	return hint
}

// nextSeed derives the seed of the next attempt (SplitMix64).
func nextSeed(s uint64) uint64 {
	s += 0x9e3779b97f4a7c15
	z := s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	if z == 0 {
		z = 1
	}
	return z
}

// newRand returns the random source of an attempt.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc909))
}

// errRetry ends an attempt that made no puzzle (a region or cage layout
// without the properties needed); the next attempt starts afresh.
var errRetry = errors.New("attempt made no puzzle")

// errNothingDug ends a first attempt whose digging the deadline stopped
// before it took out a clue: its board is the full grid, no puzzle.
var errNothingDug = errors.New("the time ran out before the first attempt took out a clue")

// generator is the state shared by the attempts of one generation.
type generator struct {
	cfg      Config
	n        int
	variant  grid.Variant
	maxNodes int64
	searcher search.Searcher
	// base is the layout of every attempt when it does not change (all
	// but jigsaw and cage variants of New).
	base *grid.Layout
	// start is the clue values of StartFrom and BaseOnMap, solution the
	// only solution of StartFrom.
	start    []uint8
	solution []uint8
	// keepLevel makes an attempt dig as NonMinimal does with a level,
	// keeping the clues whose removal would make the puzzle harder than
	// asked: set once minimal puzzles have missed the level for long (see
	// keepLevelAfter).
	keepLevel bool
}

// keepLevelAfter is the number of attempts whose minimal puzzles all came
// out harder than a level below Extreme after which later attempts keep
// the clues the level needs (as do those past half the time to the
// deadline): minimal 9×9 jigsaws are about one in 3,200 easy, so that
// an easy jigsaw asked for ran 25 s to its deadline and came back harder,
// where one with a clue or two more comes in milliseconds. Minimal
// classic puzzles are easy one in three; a minimal easy Windoku came
// after 454 attempts on a seed, kept with 256 (an easy X after 1,113 is
// kept still). A variable, so that a test of a level out of reach can
// turn keeping off (0).
var keepLevelAfter = 512

// mayKeepLevel reports whether attempts may turn to keeping the clues a
// level needs: a level below Extreme is asked for (none is harder than
// Extreme) and a minimal puzzle, which NonMinimal gives up already and
// MinimalOnly insists on.
func (g *generator) mayKeepLevel() bool {
	return !g.cfg.NonMinimal && !g.cfg.MinimalOnly && g.cfg.Level != strategy.Unrated && g.cfg.Level < strategy.Extreme
}

// tooHard reports whether r is harder than the level asked (or is not
// solved without guessing when that is asked), which keeping clues can
// mend; a puzzle too easy it cannot.
func (g *generator) tooHard(r *Result) bool {
	if r.partial || r.Grade.Status != solver.Solved || g.cfg.NoGuessing && r.Grade.Guesses > 0 {
		return true
	}
	return r.Grade.Rating.Level > g.cfg.Level
}

func newGenerator(cfg Config) (*generator, error) {
	g := &generator{cfg: cfg}
	if err := g.init(); err != nil {
		return nil, err
	}
	g.maxNodes = cfg.MaxNodes
	if g.maxNodes == 0 {
		g.maxNodes = DefaultMaxNodes
		if g.n > 16 {
			// A node of a larger board costs far more, and its checks
			// that need many settle little: keep them short.
			g.maxNodes /= 20
		}
	}
	g.searcher.MaxNodes = g.maxNodes
	return g, nil
}

// init checks the config and sets up what the mode needs.
func (g *generator) init() error {
	cfg := g.cfg
	if int(cfg.Symmetry) >= len(symmetryNames) {
		return grid.FieldErrorf("symmetry", "unknown symmetry %d", cfg.Symmetry)
	}
	if cfg.Level > strategy.Extreme {
		return grid.FieldErrorf("level", "unknown level %d", cfg.Level)
	}
	if cfg.MaxAttempts < 0 {
		return grid.FieldErrorf("max_attempts", "max attempts %d is negative; 0 means no bound", cfg.MaxAttempts)
	}
	if cfg.MaxNodes < 0 {
		return grid.FieldErrorf("max_nodes", "max nodes %d is negative; 0 means the default", cfg.MaxNodes)
	}
	if cfg.MinimalOnly && cfg.NonMinimal {
		return grid.FieldErrorf("minimal_only", "a minimal puzzle only cannot go with non_minimal, which allows clues that could be removed")
	}
	if err := g.initMode(); err != nil {
		return err
	}
	return g.levelAttainable()
}

// levelAttainable refuses a level no puzzle of the board can meet, which
// attempts would otherwise look for until the deadline: above Easy on a
// 4×4 classic, X, Colour or Windoku board graded with every strategy,
// where every puzzle with one solution grades Easy, solved by singles
// (TestSmallBoardsEasy grades them all).
func (g *generator) levelAttainable() error {
	if g.cfg.Level <= strategy.Easy || g.n != 4 || g.cfg.Strategies != nil {
		return nil
	}
	switch g.variant {
	case grid.Classic, grid.X, grid.Colour, grid.Windoku:
		return grid.FieldErrorf("level", "no 4×4 %s puzzle is harder than %s: singles solve every one with one solution; ask for %s, no level, or another size or variant",
			g.variant, strategy.Easy, strategy.Easy)
	}
	return nil
}

// initMode sets up what the mode needs.
func (g *generator) initMode() error {
	cfg := g.cfg
	switch cfg.Mode {
	case New:
		return g.initNew()
	case BaseOnMap, StartFrom:
		if cfg.Base == nil {
			return grid.FieldErrorf("base", "mode %s needs a base board", cfg.Mode)
		}
		b := cfg.Base
		if b.Layout() == nil || len(b.Values()) != b.Layout().Cells {
			return grid.FieldErrorf("base", "the base board is malformed")
		}
		g.base, g.n, g.variant = b.Layout(), b.Layout().N, b.Layout().Variant
		g.start = make([]uint8, len(b.Values()))
		for i := range b.Layout().Cells {
			v := b.Value(i)
			if int(v) > g.n {
				return grid.FieldErrorf("base", "%s holds %d, outside 1..%d", b.Layout().CellName(i), v, g.n)
			}
			g.start[i] = v
		}
		if c, dup := b.Duplicate(); dup {
			return grid.FieldErrorf("base", "%s", c.Describe(grid.Notation{Layout: b.Layout()}))
		}
		if cfg.Mode == StartFrom {
			return g.startSymmetric()
		}
		return nil
	}
	return grid.FieldErrorf("mode", "unknown mode %d", cfg.Mode)
}

// startSymmetric refuses a StartFrom puzzle whose clues lack the symmetry
// asked for: digging removes clues orbit by orbit, so the puzzle would come
// back without it, proved minimal only for the removals the symmetry allows.
func (g *generator) startSymmetric() error {
	for cell, v := range g.start {
		m := mate(g.n, cell, g.cfg.Symmetry)
		if v == 0 || g.start[m] != 0 {
			continue
		}
		return grid.FieldErrorf("symmetry", "the puzzle's clues are not %s-symmetric: %s holds a clue, %s none",
			g.cfg.Symmetry, g.base.CellName(cell), g.base.CellName(m))
	}
	return nil
}

// DefaultSize returns the size of a New puzzle of the variant when
// Config.Size is 0: 6 for KenKen and KenDoku, else 9.
func DefaultSize(v grid.Variant) int {
	if v.Arithmetic() {
		return 6
	}
	return 9
}

// NewSize returns the size of a New puzzle of variant v whose
// Config.Size is size: size, or DefaultSize(v) when it is 0.
func NewSize(v grid.Variant, size int) int {
	if size == 0 {
		return DefaultSize(v)
	}
	return size
}

// CheckNew checks the variant, size (0 for DefaultSize) and cage size (0
// for none) of a New puzzle as Generate does before its first attempt:
// an error is a *grid.FieldError on variant, size or cage_size.
func CheckNew(v grid.Variant, size, cageSize int) error {
	g := &generator{cfg: Config{Mode: New, Variant: v, Size: size, CageSize: cageSize}}
	return g.initNew()
}

// initNew checks the size and variant of a New puzzle and builds the
// layout shared by every attempt, when there is one.
func (g *generator) initNew() error {
	v, n := g.cfg.Variant, NewSize(g.cfg.Variant, g.cfg.Size)
	g.n, g.variant = n, v
	if int(v) > int(grid.KillerX) {
		return grid.FieldErrorf("variant", "cannot generate %s puzzles", v)
	}
	if minSize, maxSize := SizeRange(v); n < minSize || n > maxSize {
		return grid.FieldErrorf("size", "size %d is out of range %d..%d for %s puzzles", n, minSize, maxSize, v)
	}
	// The layout the solution grid is drawn on: cage variants without
	// their cages, jigsaw variants with rows for regions (only a check
	// here; each attempt draws its own regions).
	l, err := g.fillLayout(nil)
	if err != nil {
		var fe *grid.FieldError
		if errors.As(err, &fe) {
			switch fe.Field {
			case "size":
				return grid.FieldErrorf("size", "%s", fe.Reason)
			case "regions":
				// A generated puzzle cannot take a region map: the size
				// is what is wrong.
				return grid.FieldErrorf("size", "size %d has no regular boxes for %s puzzles; %s", n, v, boxedSizesHint(v))
			}
			return grid.FieldErrorf("variant", "%s", fe.Reason)
		}
		return fmt.Errorf("building the %s layout: %w", v, err)
	}
	if !v.Irregular() && !v.HasCages() && !v.IsStr8ts() {
		g.base = l
	}
	if c := g.cfg.CageSize; c != 0 {
		if !v.HasCages() || v.Arithmetic() {
			return grid.FieldErrorf("cage_size", "a cage size applies to killer puzzles, not %s", v)
		}
		switch {
		case c == n:
			// Any relabelling of the digits of a solution keeps every
			// cage's sum: no such puzzle is unique.
			return grid.FieldErrorf("cage_size", "cage size %d: every cage would hold all %d digits and sum to %d, so the cages alone could never tell the digits apart; at most %d", c, n, n*(n+1)/2, n-1)
		case c < 2 || c > n:
			return grid.FieldErrorf("cage_size", "cage size %d is out of range 2..%d", c, n-1)
		}
	}
	return nil
}

// fillLayout returns the layout a solution grid of a New puzzle is drawn
// on: the variant's own, without cages (KenKen keeps rows and columns by
// one sum cage per row, which every Latin row meets), with regions (rows
// when nil) for jigsaw variants.
func (g *generator) fillLayout(regions []int) (*grid.Layout, error) {
	n := g.n
	c := grid.Config{Size: n, Variant: g.variant}
	if g.variant.Irregular() {
		c.Variant = grid.Jigsaw
		if regions == nil {
			regions = make([]int, n*n)
			for i := range regions {
				regions[i] = i / n
			}
		}
		c.Regions = regions
	}
	switch g.variant {
	case grid.Killer:
		c.Variant = grid.Classic
	case grid.KillerX:
		c.Variant = grid.X
	case grid.KenKen, grid.KenDoku:
		for r := 0; r < n; r++ {
			cells := make([]int, n)
			for i := range cells {
				cells[i] = r*n + i
			}
			c.Cages = append(c.Cages, grid.Cage{Cells: cells, Target: n * (n + 1) / 2, Op: grid.OpAdd})
		}
	}
	return grid.NewLayout(c)
}

// attempt makes one puzzle from seed, or fails with errRetry. Digging
// runs under dig, the rest under ctx. When a context ends, the first
// attempt returns what it has (the puzzle dug so far, ungraded if need
// be); the others fail with the context's error.
func (g *generator) attempt(ctx, dig context.Context, seed uint64, first bool) (*Result, error) {
	rng := newRand(seed)
	var (
		l        *grid.Layout
		solution []uint8
		clues    []uint8
		err      error
	)
	switch g.cfg.Mode {
	case New:
		l, solution, err = g.newGrid(ctx, rng)
		if err != nil {
			return nil, err
		}
		clues = solution
	case BaseOnMap:
		l = g.base
		solution, err = g.complete(ctx, rng, l, g.start)
		if err != nil {
			return nil, err
		}
		clues = solution
	case StartFrom:
		l = g.base
		if solution, err = g.startSolution(ctx); err != nil {
			return nil, err
		}
		clues = g.start
	}
	switch {
	case g.variant.HasCages() && g.cfg.Mode == New:
		if l, clues, err = g.cageLayout(ctx, rng, l, solution); err != nil {
			return nil, err
		}
	case len(l.Cages()) > 0:
		// Clues only where the cages alone do not make the puzzle unique.
		if g.cagesUnique(ctx, l) {
			clues = make([]uint8, l.Cells)
		}
	}
	d := newDigger(g, l, solution)
	dug, minimal, err := d.dig(dig, rng, clues)
	cut := false // digging stopped by its deadline
	if err != nil && first && dig.Err() != nil && ctx.Err() == nil && errors.Is(err, dig.Err()) {
		dug, minimal, err, cut = d.clues, false, nil, true
		if !slices.Contains(dug, 0) {
			return nil, errNothingDug
		}
	}
	if err != nil {
		return nil, err
	}
	if d.checker != nil {
		// The checker's answers rest on the clues it holds fixed; a fresh
		// search confirms the one solution (a 25×25's count takes 10-25
		// ms, a hundredth of its digging). A puzzle it refutes is an
		// attempt that made none.
		unique, err := d.confirmUnique(ctx, dug)
		if err != nil {
			return nil, err
		}
		if !unique {
			return nil, errRetry
		}
	}
	res, err := g.result(ctx, l, dug, solution, minimal, first)
	if err == nil {
		res.unsettled = !minimal && !cut && !g.cfg.NonMinimal && !g.keepLevel
		// A puzzle of cages alone has no clue to keep.
		res.KeptForLevel = g.keepLevel && res.Clues > 0
	}
	return res, err
}

// newGrid draws the layout (regions for jigsaw variants) and a random
// solution grid of a New puzzle.
func (g *generator) newGrid(ctx context.Context, rng *rand.Rand) (*grid.Layout, []uint8, error) {
	if g.variant.IsStr8ts() {
		return g.newStr8tsGrid(ctx, rng)
	}
	if !g.variant.Irregular() {
		l := g.base
		if l == nil {
			var err error
			if l, err = g.fillLayout(nil); err != nil {
				// init built it: a failure now is a bug, not bad input.
				return nil, nil, fmt.Errorf("building the %s layout: %v", g.variant, err)
			}
		}
		if patterned(g.variant, l.N) {
			sol, err := patternGrid(l, rng)
			return l, sol, err
		}
		sol, err := g.complete(ctx, rng, l, nil)
		return l, sol, err
	}
	if _, _, boxed := grid.BoxShape(g.n); boxed && g.n > maxDrawnRegions {
		return g.solvedJigsaw(ctx, rng)
	}
	for range maxRegionTries {
		regions := randomRegions(g.n, rng)
		l, err := g.fillLayout(regions)
		if err != nil {
			// Regions drawn here that fail are a bug, not bad input.
			return nil, nil, fmt.Errorf("building a jigsaw layout: %v", err)
		}
		var sol []uint8
		if g.n > 12 {
			sol, err = g.searchFill(ctx, rng, l)
		} else {
			sol, err = fillRandom(ctx, boardOf(l, nil, nil), rng, min(g.maxNodes, drawnFillNodes))
		}
		if err == nil {
			return l, sol, nil
		}
		if !errors.Is(err, errRetry) && !errors.Is(err, ErrNoSolution) {
			return nil, nil, err
		}
	}
	return nil, nil, errRetry
}

// drawnFillNodes bounds the random fill of a region layout drawn up to
// 12×12, after which another is drawn: of 9×9 layouts, those filled took
// a median of 180 nodes, 3,053 at the 90th percentile and 127,134 at
// most, while 1.7 % of layouts spent the whole 200,000 (DefaultMaxNodes)
// and failed, over half of an easy jigsaw's time. At 12×12 it fills 35
// of 60 drawn layouts (49 with 200,000), in 64 ms a layout filled rather
// than 204: fewer filled, sooner.
const drawnFillNodes = 20_000

// maxDrawnRegions is the largest size whose jigsaw layouts are drawn
// first and filled after (randomRegions, then the fill or searchFill).
// Above it, boards with boxes get their regions moved around a solution
// (solvedJigsaw): 20×20, 21×21, 24×24 and 25×25 jigsaws drawn first never
// made a puzzle within 30 s, and 18×18 ones took 12 s of CPU.
const maxDrawnRegions = 16

// solvedJigsaw returns a jigsaw layout of a board with boxes and a solution
// of it: a random solution of the regular boxes, whose regions solvedRegions
// then moves.
func (g *generator) solvedJigsaw(ctx context.Context, rng *rand.Rand) (*grid.Layout, []uint8, error) {
	l, err := g.fillLayout(boxRegions(g.n))
	if err != nil {
		return nil, nil, fmt.Errorf("building the boxes' layout: %v", err)
	}
	sol, err := g.complete(ctx, rng, l, nil)
	if err != nil {
		return nil, nil, err
	}
	regions, err := solvedRegions(ctx, g.n, sol, rng)
	if err != nil {
		return nil, nil, err
	}
	if grid.IsRegular(g.n, regions) {
		// Its moves ran out before leaving the boxes: never seen.
		return nil, nil, errRetry
	}
	if l, err = g.fillLayout(regions); err != nil {
		// The trades keep every region connected and whole: a failure
		// is a bug, not bad input.
		return nil, nil, fmt.Errorf("building a jigsaw layout: %v", err)
	}
	return l, sol, nil
}

// maxRegionTries is the number of region layouts an attempt draws before
// giving up on finding one that admits a solution.
const maxRegionTries = 20

// searchNodes bounds searchFill's search of one region layout.
const searchNodes = 30_000

// searchFill returns a solution of the empty board of layout l (a jigsaw
// layout without clues) found by the exact search, its digits relabelled
// at random: errRetry when the search finds none within searchNodes.
//
// Above 12×12 the random fill (see fillRandom) spends its whole budget on
// nine layouts in ten, which all have solutions: the exact search, with
// clause learning, finds one of each in 20,000–220,000 nodes, heavy-tailed,
// so a layout it does not settle in searchNodes gives way to a new one.
// 16×16 jigsaws took 21–57 s (seeds 1–4), 4–22 s with this and the
// clause-learning checker (docs/generating.md). Larger boards with boxes
// do not come here (see solvedJigsaw). Relabelling keeps a
// solution (jigsaw rules treat every digit alike) and hides the search's
// order of digits.
func (g *generator) searchFill(ctx context.Context, rng *rand.Rand, l *grid.Layout) ([]uint8, error) {
	sol, err := g.firstSolution(ctx, grid.NewBoard(l), searchNodes)
	if err != nil {
		return nil, err
	}
	perm := rng.Perm(l.N)
	for i, v := range sol {
		sol[i] = uint8(perm[v-1] + 1)
	}
	return sol, nil
}

// firstSolution returns the first solution the exact search finds of b
// within budget nodes (and the generator's own bound), errRetry when it
// finds none within them or proves there is none: a new layout is then
// cheaper than a longer search.
func (g *generator) firstSolution(ctx context.Context, b *grid.Board, budget int64) ([]uint8, error) {
	g.searcher.MaxNodes = min(g.maxNodes, budget)
	res, err := g.searcher.Count(ctx, b, 1)
	if err != nil && !errors.Is(err, search.ErrNodeLimit) {
		return nil, err
	}
	if len(res.Solutions) == 0 {
		return nil, errRetry
	}
	return res.Solutions[0], nil
}

// complete returns a random solution of layout l that keeps the digits of
// start (nil for none): ErrNoSolution when there is none, errRetry when the
// search spent its budget. The digits are placed as a puzzle's clues are
// (boardOf): a Str8ts black cell's clue stays out of the count of empty
// cells, which placing it as a digit to find took it from a second time.
func (g *generator) complete(ctx context.Context, rng *rand.Rand, l *grid.Layout, start []uint8) ([]uint8, error) {
	if l.Variant.IsStr8ts() {
		return g.str8tsSolution(ctx, rng, l, start)
	}
	if len(l.Cages()) == 0 {
		return fillRandom(ctx, boardOf(l, start, nil), rng, g.maxNodes)
	}
	// The random fill reasons on no cage sum: on a hard killer's cages
	// (BaseOnMap) it spent its whole budget attempt after attempt. After
	// a short random fill, the exact search, which propagates the cages,
	// gives the first solution in its order.
	sol, err := fillRandom(ctx, boardOf(l, start, nil), rng, min(g.maxNodes, cageFillNodes))
	if !errors.Is(err, errRetry) {
		return sol, err
	}
	g.searcher.MaxNodes = g.maxNodes
	res, err := g.searcher.Count(ctx, boardOf(l, start, nil), 1)
	switch {
	case len(res.Solutions) > 0:
		return res.Solutions[0], nil
	case err == nil:
		return nil, ErrNoSolution
	case errors.Is(err, search.ErrNodeLimit):
		return nil, errRetry
	}
	return nil, err
}

// cageFillNodes is the budget of the random fill of a layout with cages
// before the exact search completes it (see complete).
const cageFillNodes = 100_000

// startSolution proves the StartFrom puzzle unique once and returns its
// solution.
func (g *generator) startSolution(ctx context.Context) ([]uint8, error) {
	if g.solution != nil {
		return g.solution, nil
	}
	b := boardOf(g.base, g.start, nil)
	g.searcher.MaxNodes = g.maxNodes
	res, err := g.searcher.Count(ctx, b, 2)
	if err != nil {
		return nil, fmt.Errorf("proving the puzzle unique: %w", err)
	}
	switch {
	case len(res.Solutions) == 0:
		return nil, ErrNoSolution
	case len(res.Solutions) > 1:
		return nil, ErrNotUnique
	}
	g.solution = res.Solutions[0]
	return g.solution, nil
}

// boardOf returns a board of layout l with the clues and entries placed
// (see grid.Board.Reset).
func boardOf(l *grid.Layout, clues, entries []uint8) *grid.Board {
	b := grid.NewBoard(l)
	b.Reset(clues, entries)
	return b
}

// singleCages returns the entries of the killer cages of one cell of l
// (cage-size puzzles have one, see Config.CageSize): each its digit of
// solution, as the puzzle's text gives it back (2.0 strings write such a
// cage as its cell solved), so that the puzzle is graded as its text is;
// nil when l has none.
func singleCages(l *grid.Layout, solution []uint8) []uint8 {
	var entries []uint8
	for _, cg := range l.Cages() {
		if len(cg.Cells) == 1 && cg.Op == grid.OpAdd {
			if entries == nil {
				entries = make([]uint8, l.Cells)
			}
			entries[cg.Cells[0]] = solution[cg.Cells[0]]
		}
	}
	return entries
}

// result grades a dug puzzle and builds its Result. A grading cut short
// ends the attempt, except the first, which returns the puzzle ungraded.
func (g *generator) result(ctx context.Context, l *grid.Layout, clues, solution []uint8, minimal, first bool) (*Result, error) {
	puzzle := boardOf(l, clues, singleCages(l, solution))
	graded, tooHard, err := g.grade(ctx, puzzle, solution, g.cuts())
	ungraded := err != nil && first && (errors.Is(err, errRetry) || ctx.Err() != nil && errors.Is(err, ctx.Err()))
	switch {
	case ungraded:
		graded = &solver.Result{}
	case err != nil:
		return nil, err
	}
	sol := boardOf(l, clues, solution)
	return &Result{
		Puzzle:   puzzle,
		Solution: sol,
		Grade:    graded,
		Graded:   !ungraded,
		LevelMet: !ungraded && !tooHard && g.meets(graded),
		partial:  tooHard,
		Minimal:  minimal,
		Clues:    puzzle.Clues(),
	}, nil
}
