package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// resultView is how a solve result prints.
type resultView struct {
	// size is the board's, 0 when the puzzle did not read: steps then
	// take it from their packed boards.
	size int
	// charset holds the symbols of the N×N form, blank first; the grid
	// draws its digits with them when they cover the board's size.
	charset string
	// notCounted tells that the solve was asked not to count the
	// solutions (--check-multiple=false).
	notCounted bool
}

// resultView returns the view of a result of a solve of puzzle under the
// flags: the puzzle's size and symbols (the request's charset, else an
// N×N text's own).
func (f *solveFlags) resultView(puzzle *sudokuv1.Puzzle) resultView {
	size, charset := protoconv.PuzzleShape(puzzle)
	return resultView{size: size, charset: charset, notCounted: f.checkMultipleSet && !f.checkMultiple}
}

// printResult prints a solve result in text form: the status, the board as
// a grid, then one "name: value" line per figure.
func printResult(w io.Writer, r *sudokuv1.SolveResult, v resultView) error {
	var b strings.Builder
	fmt.Fprintf(&b, "status: %s\n", enumText(r.GetStatus().String(), "SOLVE_STATUS_"))
	if c := r.GetConflict(); c.GetDescription() != "" {
		fmt.Fprintf(&b, "why: %s\n", c.GetDescription())
	}
	b.WriteString(protoconv.GridText(r.GetBoard(), v.charset))
	if v.notCounted && r.GetStatus() == sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED && !r.GetCountComplete() {
		// The count stopped at the first solution: say so rather than
		// claim it is the only one.
		b.WriteString("solutions: not counted (--check-multiple=false): one found, not proved unique\n")
	} else {
		fmt.Fprintf(&b, "solutions: %d\n", r.GetSolutionCount())
	}
	fmt.Fprintf(&b, "count complete: %s\n", yesNo(r.GetCountComplete()))
	fmt.Fprintf(&b, "steps: %d\n", r.GetStepCount())
	fmt.Fprintf(&b, "guesses: %d\n", r.GetGuessCount())
	fmt.Fprintf(&b, "difficulty: %s\n", resultDifficultyText(r))
	if r.GetLogicShareSpent() {
		b.WriteString("cut short: logic ran out of its half of --timeout and the solve guessed where logic might have gone on: the steps, guesses and difficulty are this run's, not the puzzle's own\n")
	}
	if seed := r.GetRandomSeed(); seed != 0 {
		fmt.Fprintf(&b, "seed: %d\n", seed)
	}
	fmt.Fprintf(&b, "plain: %s\n", r.GetPlain())
	if packed := r.GetPacked(); packed != "" { // none where no 2.0 string carries the board
		fmt.Fprintf(&b, "packed: %s\n", packed)
	}
	// A board logic left unfinished has no solution of its own: the one
	// the count found is the solution, not another.
	label := "other solution"
	if r.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED && r.GetSolutionCount() == 1 {
		label = "solution"
	}
	for _, s := range r.GetOtherSolutions() {
		fmt.Fprintf(&b, "%s: %s\n", label, s)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// enumText turns an enum value name into words: "SOLVE_STATUS_NO_SOLUTION"
// with prefix "SOLVE_STATUS_" → "no solution".
func enumText(name, prefix string) string {
	return strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(name, prefix), "_", " "))
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// resultDifficultyText renders the rating of a solve result (see
// difficultyText). A puzzle without a solution has no difficulty, which
// the service leaves unset: the line says "none (no solution)" rather
// than "unrated", which reads as a rating left out (a solve that took no
// step), and it does so whatever an older server sends.
func resultDifficultyText(r *sudokuv1.SolveResult) string {
	if r.GetStatus() == sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION {
		return "none (no solution)"
	}
	return difficultyText(r.GetDifficulty(), r.GetStatus() == sudokuv1.SolveStatus_SOLVE_STATUS_STUCK)
}

// difficultyText renders a rating: "Hard (3 stars, score 420, SE ER 4.2
// EP 1.2 ED 1.2, hardest: XY-Wing)", HoDoKu's level and score then the
// Sudoku Explainer ratings (left out when the server sends none). A solve
// that logic left stuck grades Extreme for that, not for its steps, so
// its text says so and names the hardest step it found, not the hardest
// the puzzle needs: "Extreme as logic got stuck (5 stars, score 4, ...,
// hardest step found: Naked Single)", or "no step found" when it stuck
// before its first. A rating marked logic_stuck reads so whatever stuck
// says (a generated puzzle's grade has no status).
func difficultyText(d *sudokuv1.Difficulty, stuck bool) string {
	stuck = stuck || d.GetLogicStuck()
	if d.GetLevel() == sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED {
		return "unrated"
	}
	level := capitalize(enumText(d.GetLevel().String(), "DIFFICULTY_LEVEL_"))
	stars := "stars"
	if d.GetStars() == 1 {
		stars = "star"
	}
	// The service's own estimate on SE's scale, labelled so that it is not
	// taken for Sudoku Explainer's rating (rate, explainer_rating).
	se := ""
	if d.GetSeRating() > 0 {
		se = fmt.Sprintf(", SE-style ER %.1f EP %.1f ED %.1f", d.GetSeRating(), d.GetSePearl(), d.GetSeDiamond())
	}
	h := d.GetHardestStrategy()
	if stuck {
		found := "no step found"
		if h != "" {
			found = "hardest step found: " + h
		}
		why := " as logic got stuck"
		if d.GetLevel() != sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME {
			why = ", logic stuck"
		}
		return fmt.Sprintf("%s%s (%d %s, score %d%s, %s)", level, why, d.GetStars(), stars, d.GetScore(), se, found)
	}
	hardest := "none"
	if h != "" {
		hardest = h
	}
	return fmt.Sprintf("%s (%d %s, score %d%s, hardest: %s)", level, d.GetStars(), stars, d.GetScore(), se, hardest)
}

// stepPrinter prints steps one a line, a long trial's explanation laid
// out under it (Step.outline) unless oneLine. It names cells by the board
// size, read from each step's packed board, 9 until one is known, and
// digits by the symbols of the charset for that size (as the service does
// in its explanations and plain text).
type stepPrinter struct {
	w       io.Writer
	size    int
	charset string
	oneLine bool
}

// newStepPrinter returns a printer of steps of a solve whose result v
// views: cells named on its board's size, digits by its symbols; with
// oneLine each step's explanation stays on its line.
func newStepPrinter(w io.Writer, v resultView, oneLine bool) *stepPrinter {
	size := v.size
	if size == 0 {
		size = 9 // until a step's packed board tells
	}
	return &stepPrinter{w: w, size: size, charset: v.charset, oneLine: oneLine}
}

// outlineIndent is the indentation of an outline's lines of depth 0 under
// their step's line: past its index.
const outlineIndent = "      "

// digit names digit d by its symbol.
func (p *stepPrinter) digit(d uint32) string {
	if symbols := protoconv.Symbols(p.charset, p.size); d > 0 && int(d) < len(symbols) {
		return symbols[d : d+1]
	}
	return strconv.Itoa(int(d))
}

// print prints s as one line: index, method letter, strategy, what it
// placed (r3c4=5) and eliminated (r3c4-5), and the explanation; a step
// with an outline has its lines under it instead, indented by depth.
func (p *stepPrinter) print(s *sudokuv1.Step) error {
	if n, ok := packedSize(s.GetBoard()); ok {
		p.size = n
	}
	var changes []string
	if pl := s.GetPlacements(); len(pl) > 0 {
		names := make([]string, len(pl))
		for i, x := range pl {
			names[i] = cellName(x.GetCell(), p.size) + "=" + p.digit(x.GetDigit())
		}
		changes = append(changes, strings.Join(names, ","))
	}
	if el := s.GetEliminations(); len(el) > 0 {
		names := make([]string, len(el))
		for i, x := range el {
			names[i] = cellName(x.GetCell(), p.size) + "-" + p.digit(x.GetDigit())
		}
		changes = append(changes, strings.Join(names, ","))
	}
	outline := s.GetOutline()
	explanation := s.GetExplanation()
	if p.oneLine {
		outline = nil
	}
	if len(outline) > 0 {
		explanation = ""
	}
	var sb strings.Builder
	line := fmt.Sprintf("%4d  %-2s %s%s%s", s.GetIndex(), s.GetMethod(), column(s.GetStrategy(), 17),
		column(strings.Join(changes, " "), 17), explanation)
	sb.WriteString(strings.TrimRight(line, " ") + "\n")
	for _, ln := range outline {
		sb.WriteString(outlineIndent + strings.Repeat("  ", int(min(ln.GetDepth(), 64))) + ln.GetText() + "\n")
	}
	_, err := io.WriteString(p.w, sb.String())
	return err
}

// column returns s padded to width and the space after it, with a second
// space where s fills the width or runs past it, so that the next column
// stays apart from it ("Locked Candidates Type 1 (Pointing)  r1c6-2 ...").
func column(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return s + strings.Repeat(" ", width-n+1)
	}
	return s + "  "
}

// packedSize reads the board size from the header of a packed SudokuWiki
// 2.0 string: its second character, in base 36 ("S9B" → 9, "SGB" → 16).
func packedSize(packed string) (int, bool) {
	if len(packed) < 2 {
		return 0, false
	}
	n, err := strconv.ParseUint(packed[1:2], 36, 8)
	if err != nil || n < 2 {
		return 0, false
	}
	return int(n), true
}

// cellName names a cell of a board of size n: r<row>c<column>, 1-based.
func cellName(cell uint32, n int) string {
	return "r" + strconv.Itoa(int(cell)/n+1) + "c" + strconv.Itoa(int(cell)%n+1)
}
