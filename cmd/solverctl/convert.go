package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
	"github.com/sudokuwise/solver/service"
)

// convertFormats are the names of the formats convert writes, besides the
// 2.0 headers (s9b, l9b, k6c, …) and json.
var convertFormats = []choice[sudokuv1.Format]{
	{"plain", sudokuv1.Format_FORMAT_PLAIN},
	{"v1", sudokuv1.Format_FORMAT_V1},
	{"killer-v1", sudokuv1.Format_FORMAT_KILLER_V1},
	{"jigsaw-v1", sudokuv1.Format_FORMAT_JIGSAW_V1},
	{"grid", sudokuv1.Format_FORMAT_GRID},
	{"nxn", sudokuv1.Format_FORMAT_NXN},
	{"v2", sudokuv1.Format_FORMAT_V2},
	{"url", sudokuv1.Format_FORMAT_URL},
	{"killer-arrows", sudokuv1.Format_FORMAT_KILLER_ARROWS},
	{"sudocue", sudokuv1.Format_FORMAT_SUDOCUE},
}

// v2Letters are the type letters of SudokuWiki 2.0 headers.
const v2Letters = "SXWCJLMKDTUBV"

// target is what convert is asked to print.
type target struct {
	format sudokuv1.Format
	header string // the 2.0 header asked for, upper case; "" for none
	json   bool   // print the structured board instead of the text
}

// parseTarget reads the name of a --to format: a format name, a 2.0
// header (case-insensitive) or json.
func parseTarget(name string) (target, error) {
	if strings.EqualFold(name, "json") {
		// Any format will do: the board comes beside the text. None
		// asks for the one that carries every variant (see ConvertRequest).
		return target{format: sudokuv1.Format_FORMAT_UNSPECIFIED, json: true}, nil
	}
	for _, c := range convertFormats {
		if strings.EqualFold(name, c.name) {
			return target{format: c.value}, nil
		}
	}
	// A header's size code is 2..32 in base 36 and its version B (C for
	// K and D strings, and B their withdrawn one): other words of three
	// letters ("jsn" for json) are no header, and were sent as one, to
	// be refused after the call as the header of another board.
	h := strings.ToUpper(name)
	if len(h) == 3 && strings.IndexByte(v2Letters, h[0]) >= 0 && isBase36Digit(h[1]) && h[1] >= '2' && h[1] <= 'W' && (h[2] == 'B' || h[2] == 'C') {
		return target{format: sudokuv1.Format_FORMAT_V2, header: h}, nil
	}
	if name == "" {
		return target{}, usageErrorf("convert: --to is required: %s, json or a 2.0 header such as s9b or k6c", names(convertFormats))
	}
	return target{}, usageErrorf("convert: unknown format %q: want %s, json or a 2.0 header such as s9b or k6c", name, names(convertFormats))
}

func isBase36Digit(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' }

// runConvert is the convert command: one Convert call, printing the
// converted text alone (or the board as protojson for --to json).
func runConvert(ctx context.Context, e *env, cmd *command, args []string) error {
	f := &solveFlags{command: cmd.name}
	var to string
	var tolerant bool
	fs := newFlagSet("solverctl " + cmd.name)
	fs.StringVar(&to, "to", "", "`format` to write: "+names(convertFormats)+", json (the decoded board as protojson) or a 2.0 header (s9b, x9b, j9b, l9b, m9b, k6c, …)")
	fs.BoolVar(&tolerant, "tolerant", false, "accept strings with known defects (str8ts.com's off-by-one, K6B, interim base-32 2.0 strings)")
	f.conn.register(fs)
	f.share(fs, "timeout", "format", "variant", "charset", "map")
	pos, err := parseCommand(cmd, e, fs, &f.conn, args)
	if err != nil {
		return helpIsNil(err)
	}
	tg, err := parseTarget(to)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErrorf("%s: want one puzzle, got %d arguments (quote a puzzle that has spaces)", cmd.name, len(pos))
	}
	text, err := readArg(ctx, e.stdin, pos[0], true)
	if err != nil {
		return err
	}
	puzzle, err := f.puzzle(ctx, e, text)
	if err != nil {
		return err
	}
	puzzle.Tolerant = tolerant // converting checks strings: no live Str8ts reading unasked

	ctx, client, done, err := f.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	resp, err := client.Convert(ctx, &sudokuv1.ConvertRequest{Puzzle: puzzle, To: tg.format, Tolerant: tolerant})
	if err != nil {
		return err
	}
	if tg.json {
		return printJSON(e.stdout, resp.GetBoard())
	}
	out := resp.GetText()
	if tg.header != "" && !strings.EqualFold(out[:min(3, len(out))], tg.header) {
		b := resp.GetBoard()
		// Refused as the service refuses a format that cannot carry the
		// board: InvalidArgument on the field "to", one style for both.
		return service.InvalidField("to", "the board is a %d×%d %s board, whose 2.0 header is %s, not %s",
			b.GetSize(), b.GetSize(), protoconv.VariantFromProto[b.GetVariant()], strings.ToUpper(out[:min(3, len(out))]), tg.header)
	}
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	if _, err := io.WriteString(e.stdout, out); err != nil {
		return err
	}
	if note := progressLost(tg.format, resp.GetBoard(), out); note != "" {
		fmt.Fprintf(e.stderr, "solverctl: note: %s\n", note)
	}
	return nil
}

// progressLost words what text, board written in format f, leaves out of
// it: the plain, grid and N×N forms carry digits alone, so an entered
// digit is written as a clue and pencil marks are left out, but by a
// pencil-mark grid (what the grid becomes when the marks say more than
// the digits and can be written), which writes an empty cell of one mark
// as a digit, a clue too; a v1 string (and a jigsaw's URL, which holds
// one) writes an empty cell of one mark as a solved digit, and a killer
// v1 string (a killer jigsaw's jigsaw v1 string holds one) flags no clue.
// Empty when nothing is.
func progressLost(f sudokuv1.Format, board *sudokuv1.Board, text string) string {
	switch f {
	case sudokuv1.Format_FORMAT_PLAIN, sudokuv1.Format_FORMAT_GRID, sudokuv1.Format_FORMAT_NXN:
	case sudokuv1.Format_FORMAT_V1:
		return v1MarksLost(board)
	case sudokuv1.Format_FORMAT_JIGSAW_V1:
		if len(board.GetCages()) > 0 { // a killer jigsaw: its bd is a killer v1 string
			return joinNotes(killerV1CluesLost(board), v1MarksLost(board))
		}
		return v1MarksLost(board)
	case sudokuv1.Format_FORMAT_KILLER_V1:
		return joinNotes(killerV1CluesLost(board), v1MarksLost(board))
	case sudokuv1.Format_FORMAT_URL:
		if strings.Contains(text, "?shape=") { // a jigsaw's URL holds a v1 string
			return v1MarksLost(board)
		}
		return ""
	default:
		return ""
	}
	entered := 0
	for _, c := range board.GetCells() {
		if c.GetValue() != 0 && !c.GetGiven() {
			entered++
		}
	}
	pencil := f == sudokuv1.Format_FORMAT_GRID && strings.HasPrefix(text, ".-")
	marked, single := 0, 0
	if pencil {
		single = singleMarks(board)
	} else {
		marked = marksBeyondDigits(board)
	}
	var lost []string
	if entered > 0 {
		lost = append(lost, fmt.Sprintf("%d entered digit%s written as clue%s", entered, plural(entered), plural(entered)))
	}
	if single > 0 {
		lost = append(lost, fmt.Sprintf("%d empty cell%s of one pencil mark written as clue%s", single, plural(single), plural(single)))
	}
	if marked > 0 {
		lost = append(lost, fmt.Sprintf("the pencil marks of %d cell%s left out", marked, plural(marked)))
	}
	if len(lost) == 0 {
		return ""
	}
	if pencil {
		return fmt.Sprintf("a pencil-mark grid tells no clue from a digit found: %s (v2 or --to json keep them)", strings.Join(lost, ", "))
	}
	name := strings.ToLower(strings.TrimPrefix(f.String(), "FORMAT_"))
	return fmt.Sprintf("%s carries digits alone: %s (v2 or --to json keep them)", name, strings.Join(lost, ", "))
}

// v1MarksLost words what a v1 packed string (v1, jigsaw v1, killer v1)
// leaves out of board: it writes an empty cell of one pencil mark as that
// digit solved, the format's flaw. Empty when board has no such cell.
func v1MarksLost(board *sudokuv1.Board) string {
	n := 0
	for _, c := range board.GetCells() {
		if c.GetValue() == 0 && len(c.GetCandidates()) == 1 {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("a v1 string tells no single pencil mark from a digit found: %d empty cell%s of one pencil mark written as solved digit%s (v2 or --to json keep them)", n, plural(n), plural(n))
}

// killerV1CluesLost words what a killer v1 string leaves out of board's
// clues: it flags no cell as given ("unlike Sudoku the solved cells don't
// need to be flagged"), so its clues read back as digits found. Empty when
// board has no clue.
func killerV1CluesLost(board *sudokuv1.Board) string {
	n := 0
	for _, c := range board.GetCells() {
		if c.GetValue() != 0 && c.GetGiven() {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("a killer v1 string tells no clue from a digit found: %d clue%s written as solved digit%s (v2 or --to json keep them)", n, plural(n), plural(n))
}

// joinNotes joins the notes that are not empty, "; " between them.
func joinNotes(notes ...string) string {
	return strings.Join(slices.DeleteFunc(notes, func(s string) bool { return s == "" }), "; ")
}

// singleMarks counts the empty cells of board left one pencil mark, which
// a pencil-mark grid writes as a digit.
func singleMarks(board *sudokuv1.Board) int {
	b, err := protoconv.BoardFromProto("board", board)
	if err != nil {
		return 0
	}
	n := 0
	for cell := range b.Layout().Cells {
		if b.Value(cell) == 0 && b.Cands(cell).Count() == 1 {
			n++
		}
	}
	return n
}

// marksBeyondDigits counts the empty cells of board whose pencil marks
// say more than its digits do (see codec.Puzzle.MarksBeyondDigits).
func marksBeyondDigits(board *sudokuv1.Board) int {
	p, err := protoconv.PuzzleFromBoard("board", board)
	if err != nil {
		return 0
	}
	return p.MarksBeyondDigits(p.Variant)
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
