package service

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// The examples of the N×N seed (../shared/seeds/sudoku-solver-generator-nxn.txt).
const (
	seedEasy = "000000000070040010301506408000000000060010040105709803000000000030070020204805709"
	seedHard = "000105000009060400060000070400010003050402010600030004020000050003090800000206000"
	// seedS9B is seedHard as a 2.0 string.
	// simpleStr8ts is a published Str8ts in the simple form: the clues,
	// then the black cells.
	simpleStr8ts    = "508000030079020040000300206000080400064000010013400000000000000401000600000000097 110001100000110000001000000100000100110010011001000001000000100000011000001100011"
	seedS9B         = "S9Bepepepepepepepepepep07epep04epep01ep03ep0105ep0604ep08epepepepepepepepepep06epep01epep04ep01ep0507ep0908ep03epepepepepepepepepep03epep07epep02ep02ep0408ep0507ep09"
	seedJigsaw      = "300000004002060100010908020005000600020000010009000800080304060004010900500000007"
	seedJigsawMap   = "000122222000111222033331112003444411333345555664444577866655557888666777888886777"
	seedDisconn     = "000000000706000190035070000200400000309000040050001420004035000080090000000302700"
	seedDisconnMap  = "000000000123456781123456782123456783123456784123456785123456786123456787123456788"
	seedSmall       = "#A#B\n####\nC#D#\n####"
	seedSmallMap    = "##AA\n##AA\nBBCC\nBBCC"
	seedSmallCharst = "#ABCD"
	// twoSolutions is seedEasy's solution without the four cells of a deadly
	// rectangle (r1c1, r1c7, r3c1, r3c7 hold 4 and 3 either way round).
	twoSolutions = ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739"
)

func newClient(t *testing.T, cfg Config) sudokuv1.SudokuServiceClient {
	t.Helper()
	conn := dial(t, cfg)
	return sudokuv1.NewSudokuServiceClient(conn)
}

func dial(t *testing.T, cfg Config, extra ...grpc.ServerOption) *grpc.ClientConn {
	t.Helper()
	lis := bufconn.Listen(1 << 20)
	g := NewGRPC(New(cfg), slog.New(slog.NewTextHandler(io.Discard, nil)), extra...)
	go g.Server.Serve(lis)
	t.Cleanup(g.Server.Stop)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func textPuzzle(text string) *sudokuv1.Puzzle {
	return &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: text}}
}

// checkSolution verifies a solved board: every unit of its layout holds
// every digit, and the givens are kept.
func checkSolution(t *testing.T, puzzle *sudokuv1.Puzzle, got *sudokuv1.Board) {
	t.Helper()
	dp, err := decodePuzzle("puzzle", puzzle)
	if err != nil {
		t.Fatal(err)
	}
	l := dp.board.Layout()
	if int(got.GetSize()) != l.N || len(got.GetCells()) != l.Cells {
		t.Fatalf("board size %d with %d cells, want %d", got.GetSize(), len(got.GetCells()), l.N)
	}
	for cell := range dp.board.Layout().Cells {
		v := dp.board.Value(cell)
		if dp.board.Given(cell) && uint32(v) != got.Cells[cell].GetValue() {
			t.Errorf("given %s=%d changed to %d", l.CellName(cell), v, got.Cells[cell].GetValue())
		}
	}
	for _, u := range l.Units() {
		var seen grid.Digits
		for _, cell := range u.Cells {
			seen |= grid.Bit(int(got.Cells[cell].GetValue()))
		}
		if seen != grid.AllDigits(l.N) {
			t.Errorf("%s holds %v, want every digit", u.Name(), seen)
		}
	}
}

// cellNameRE matches the names of cells in explanations.
var cellNameRE = regexp.MustCompile(`r\d+c\d+`)

func TestSolveSeedExamples(t *testing.T) {
	// The seed's own methods: A, B, C (guessing) with the elimination
	// logic of D-G; the later strategies bring letters of their own
	// (lower case once the capitals ran out).
	const allLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	seedOnly := &sudokuv1.SolveOptions{Strategies: []string{"A", "B", "C"}}
	tests := []struct {
		name        string
		puzzle      *sudokuv1.Puzzle
		options     *sudokuv1.SolveOptions
		onlyMethods string
	}{
		{"easy needs only A", textPuzzle(seedEasy), nil, "A"},
		{"hard", textPuzzle(seedHard), nil, allLetters},
		{"hard with the seed's singles and guessing", textPuzzle(seedHard), seedOnly, "ABC"},
		{"jigsaw map", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: seedJigsawMap}, nil, allLetters},
		{"jigsaw map, singles and guessing", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: seedJigsawMap}, seedOnly, "ABC"},
		{"disconnected regions", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedDisconn}, RegionMap: seedDisconnMap}, nil, allLetters},
		{"disconnected regions, singles and guessing", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedDisconn}, RegionMap: seedDisconnMap}, seedOnly, "ABC"},
		{"4x4 charset", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedSmall}, RegionMap: seedSmallMap, Charset: seedSmallCharst}, nil, "ABC"},
	}
	client := newClient(t, Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			steps, result := solveSteps(t, client, &sudokuv1.SolveStepsRequest{Puzzle: tt.puzzle, Options: tt.options})
			if result.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
				t.Fatalf("status = %v, want solved", result.GetStatus())
			}
			if result.GetSolutionCount() != 1 || !result.GetCountComplete() {
				t.Errorf("solution count = %d (complete %v), want exactly 1", result.GetSolutionCount(), result.GetCountComplete())
			}
			checkSolution(t, tt.puzzle, result.GetBoard())
			if len(steps) == 0 || int(result.GetStepCount()) != len(steps) {
				t.Fatalf("%d steps streamed, result says %d", len(steps), result.GetStepCount())
			}
			for i, st := range steps {
				if int(st.GetIndex()) != i+1 {
					t.Errorf("step %d has index %d", i+1, st.GetIndex())
				}
				if !strings.Contains(tt.onlyMethods, st.GetMethod()) {
					t.Errorf("step %d uses method %s, want one of %s", i+1, st.GetMethod(), tt.onlyMethods)
				}
				if st.GetExplanation() == "" || st.GetStrategy() == "" {
					t.Errorf("step %d lacks a name or explanation: %v", i+1, st)
				}
				if len(st.GetPlacements())+len(st.GetEliminations()) == 0 {
					t.Errorf("step %d changes nothing", i+1)
				}
				// With a charset, explanations name digits by its symbols:
				// past the cell names, no decimal digit is left.
				if cs := tt.puzzle.GetCharset(); cs != "" {
					if rest := cellNameRE.ReplaceAllString(st.GetExplanation(), ""); strings.ContainsAny(rest, "0123456789") {
						t.Errorf("step %d of a %q puzzle explains with numbers: %q", i+1, cs, st.GetExplanation())
					}
				}
			}
			last := steps[len(steps)-1].GetBoard()
			if last != result.GetPacked() || last == "" {
				t.Errorf("last step board %q != result packed %q", last, result.GetPacked())
			}
			p, err := codec.DecodeV2(last)
			if err != nil {
				t.Fatalf("step board %q does not decode: %v", last, err)
			}
			if got := p.Cells[0].Value; got != int(result.GetBoard().GetCells()[0].GetValue()) {
				t.Errorf("packed board r1c1 = %d, result board %d", got, result.GetBoard().GetCells()[0].GetValue())
			}
		})
	}
}

// TestSolveStepsTooLarge: a Solve whose steps outgrow the largest answer
// is refused as soon as they do, not when the solve ends (a long solve's
// steps, each with its board, took a gigabyte before).
func TestSolveStepsTooLarge(t *testing.T) {
	req := &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedHard), IncludeSteps: true}
	full, err := newClient(t, Config{}).Solve(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	_, err = newClient(t, Config{MaxSendMsgSize: 8 << 10}).Solve(context.Background(), req)
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("err = %v, want ResourceExhausted", err)
	}
	msg := status.Convert(err).Message()
	m := regexp.MustCompile(`first (\d+) steps`).FindStringSubmatch(msg)
	if m == nil {
		t.Fatalf("message %q names no step count", msg)
	}
	first, _ := strconv.Atoi(m[1])
	if total := len(full.GetSteps()); first == 0 || first >= total {
		t.Errorf("refused at step %d of %d, want as soon as the answer outgrew the limit", first, total)
	}
}

func TestSolveUnary(t *testing.T) {
	client := newClient(t, Config{})
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), IncludeSteps: true})
	if err != nil {
		t.Fatal(err)
	}
	r := resp.GetResult()
	if r.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
		t.Fatalf("status = %v", r.GetStatus())
	}
	const want = "496187352578243916321596478783654291962318547145729863657932184839471625214865739"
	if r.GetPlain() != want {
		t.Errorf("plain = %s, want %s", r.GetPlain(), want)
	}
	if !strings.HasPrefix(r.GetPacked(), "S9B") || len(r.GetPacked()) != 165 {
		t.Errorf("packed = %q, want an S9B string", r.GetPacked())
	}
	if len(resp.GetSteps()) != int(r.GetStepCount()) || r.GetStepCount() == 0 {
		t.Errorf("%d steps returned, step count %d", len(resp.GetSteps()), r.GetStepCount())
	}
	d := r.GetDifficulty()
	if d.GetLevel() != sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EASY || d.GetStars() != 1 || d.GetHardestStrategy() != "Naked Single" {
		t.Errorf("difficulty = %v, want easy, 1 star, naked single", d)
	}
	// The charset of the request renders the answer.
	resp, err = client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{
		Source: &sudokuv1.Puzzle_Text{Text: seedSmall}, RegionMap: seedSmallMap, Charset: seedSmallCharst}})
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.GetResult().GetPlain(); got != "DACBBCADCBDAADBC" {
		t.Errorf("plain = %q, want DACBBCADCBDAADBC in the charset's letters", got)
	}
}

func TestMultipleSolutions(t *testing.T) {
	client := newClient(t, Config{})
	tests := []struct {
		name      string
		options   *sudokuv1.SolveOptions
		want      sudokuv1.SolveStatus
		wantCount uint32
	}{
		{"check multiple by default", nil, sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS, 2},
		{"check multiple on", &sudokuv1.SolveOptions{CheckMultiple: proto.Bool(true), MaxSolutions: 10}, sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS, 2},
		{"check multiple off", &sudokuv1.SolveOptions{CheckMultiple: proto.Bool(false)}, sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(twoSolutions), Options: tt.options})
			if err != nil {
				t.Fatal(err)
			}
			r := resp.GetResult()
			if r.GetStatus() != tt.want || r.GetSolutionCount() != tt.wantCount {
				t.Fatalf("status %v count %d, want %v count %d", r.GetStatus(), r.GetSolutionCount(), tt.want, tt.wantCount)
			}
			if tt.want == sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS {
				if len(r.GetOtherSolutions()) != 1 || r.GetOtherSolutions()[0] == r.GetPlain() {
					t.Errorf("other solutions = %q, want one different from %s", r.GetOtherSolutions(), r.GetPlain())
				}
				if tt.options.GetMaxSolutions() == 10 && !r.GetCountComplete() {
					t.Error("count of 2 under a limit of 10 should be complete")
				}
			}
			if tt.want == sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED && r.GetCountComplete() {
				t.Error("an unchecked solve that guessed cannot claim a complete count")
			}
		})
	}
}

func TestNoSolution(t *testing.T) {
	client := newClient(t, Config{})
	// r1c1 can hold nothing: 1-8 in its row, 9 in its column.
	puzzle := ".12345678" + "9........" + strings.Repeat(".", 63)
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(puzzle)})
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.GetResult().GetStatus(); got != sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION {
		t.Fatalf("status = %v, want no solution", got)
	}
}

func TestInvalidArgument(t *testing.T) {
	client := newClient(t, Config{})
	board := func(size uint32, cells int) *sudokuv1.Puzzle {
		b := &sudokuv1.Board{Size: size}
		for range cells {
			b.Cells = append(b.Cells, &sudokuv1.Cell{})
		}
		return &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: b}}
	}
	badCand := board(4, 16)
	badCand.GetBoard().Cells[3].Candidates = []uint32{5}
	unsorted := board(4, 16)
	unsorted.GetBoard().Cells[0].Candidates = []uint32{3, 2}
	repeated := board(4, 16)
	repeated.GetBoard().Cells[1].Candidates = []uint32{2, 2}
	marked := board(4, 16)
	marked.GetBoard().Cells[2].Value, marked.GetBoard().Cells[2].Candidates = 1, []uint32{2, 3}
	clash25 := board(25, 625) // a structured board's digits are numbers
	for _, c := range clash25.GetBoard().Cells[:2] {
		c.Value, c.Given = 24, true
	}
	// Digits entered (not clues) that repeat one in a killer cage, in no
	// row, column or box together: refused as a clash of clues is, not
	// answered NO_SOLUTION (sudoku.proto's SOLVE_STATUS_NO_SOLUTION).
	cageClash := board(4, 16)
	cageClash.GetBoard().Variant = sudokuv1.Variant_VARIANT_KILLER
	cageClash.GetBoard().Cages = []*sudokuv1.Cage{{Cells: []uint32{4, 5, 8}, Target: 9}}
	cageClash.GetBoard().Cells[5].Value, cageClash.GetBoard().Cells[8].Value = 2, 2
	emptyClue := board(4, 16)
	emptyClue.GetBoard().Cells[6].Given = true
	blackMarked := board(4, 16)
	blackMarked.GetBoard().Variant = sudokuv1.Variant_VARIANT_STR8TS
	blackMarked.GetBoard().Cells[5].Black, blackMarked.GetBoard().Cells[5].Candidates = true, []uint32{2, 3}
	tests := []struct {
		name      string
		req       *sudokuv1.SolveRequest
		wantField string
		wantText  string
	}{
		{"no puzzle", &sudokuv1.SolveRequest{}, "puzzle", "required"},
		{"wrong length", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy[:80])}, "puzzle.text", "found 80 cells"},
		{"bad character", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy[:40] + "x?" + seedEasy[42:])}, "puzzle.text", "unexpected character '?'"},
		{"contradictory givens", &sudokuv1.SolveRequest{Puzzle: textPuzzle("11" + seedEasy[2:])}, "puzzle.text", "r1c1 and r1c2 both hold 1"},
		{"contradictory givens named as written", &sudokuv1.SolveRequest{Puzzle: textPuzzle("OO" + strings.Repeat(".", 623))}, "puzzle.text", "r1c1 and r1c2 both hold O"},
		{"contradictory givens named as written, charset", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "XX" + strings.Repeat(".", 623)}, Charset: ".ABCDEFGHIJKLMNOPQRSTUVWXY"}}, "puzzle.text", "r1c1 and r1c2 both hold X"},
		{"contradictory givens of a board", &sudokuv1.SolveRequest{Puzzle: clash25}, "puzzle.board.cells", "r1c1 and r1c2 both hold 24"},
		{"entered digits repeated in a cage", &sudokuv1.SolveRequest{Puzzle: cageClash}, "puzzle.board.cells", "r2c2 and r3c1 both hold 2"},
		{"region map does not tile", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: "1" + seedJigsawMap[1:]}}, "puzzle.region_map", "covers"},
		{"region map short", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: seedJigsawMap[:70]}}, "puzzle.region_map", "has 70 cells"},
		{"board size", &sudokuv1.SolveRequest{Puzzle: board(99, 0)}, "puzzle.board.size", "out of range"},
		{"board cells", &sudokuv1.SolveRequest{Puzzle: board(9, 80)}, "puzzle.board.cells", "80 cells"},
		{"board candidate", &sudokuv1.SolveRequest{Puzzle: badCand}, "puzzle.board.cells[3].candidates", "out of range"},
		{"candidates unsorted", &sudokuv1.SolveRequest{Puzzle: unsorted}, "puzzle.board.cells[0].candidates", "candidate 2 after 3: candidates are ascending, each once"},
		{"candidate repeated", &sudokuv1.SolveRequest{Puzzle: repeated}, "puzzle.board.cells[1].candidates", "candidate 2 after 2"},
		{"candidates beside a digit", &sudokuv1.SolveRequest{Puzzle: marked}, "puzzle.board.cells[2].candidates", "the cell holds 1: only an empty cell has candidates"},
		{"a clue without a digit", &sudokuv1.SolveRequest{Puzzle: emptyClue}, "puzzle.board.cells[6].given", "the cell is empty (value 0): only a cell with a digit is a clue"},
		{"candidates in a black cell", &sudokuv1.SolveRequest{Puzzle: blackMarked}, "puzzle.board.cells[5].candidates", "the cell is black: only a white cell has candidates"},
		{"prime size needs a map", &sudokuv1.SolveRequest{Puzzle: board(7, 49)}, "puzzle.board.regions", "no regular boxes"},
		{"unknown strategy", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{Strategies: []string{"A", "Z-Wing"}}}, "options.strategies[1]", "unknown strategy"},
		{"charset repeats", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedSmall}, Charset: "#ABCB"}}, "puzzle.charset", "repeats"},
		{"unsupported format", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedEasy}, Format: sudokuv1.Format_FORMAT_V1}}, "puzzle.format", "cannot be decoded"},
		{"killer without cages", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedEasy}, Variant: sudokuv1.Variant_VARIANT_KILLER}}, "puzzle.variant", "VARIANT_KILLER needs cages, which a plain text does not carry"},
		{"KenKen grid without cages", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "1 . . .\n. . . .\n. . . .\n. . . 4"}, Variant: sudokuv1.Variant_VARIANT_KENKEN}}, "puzzle.variant", "VARIANT_KENKEN needs cages, which"},
		// Strings are bounded, whatever the transport (see also TestInvalidUTF8).
		{"text too long", &sudokuv1.SolveRequest{Puzzle: textPuzzle(strings.Repeat(" ", MaxTextLen+1))}, "puzzle.text", "more than 65536"},
		// A 2.0 string's header fixes the variant and the layout.
		{"2.0 string with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedS9B}, RegionMap: seedJigsawMap}}, "puzzle.region_map", "a 2.0 string (S9B…), which carries its own regions"},
		{"2.0 string with another variant", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedS9B}, Variant: sudokuv1.Variant_VARIANT_X}}, "puzzle.variant", "VARIANT_X contradicts the puzzle, a 2.0 string whose header S9B fixes the variant: VARIANT_CLASSIC"},
		// The simple Str8ts form's black cells make a Str8ts board.
		{"simple Str8ts as an X", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: simpleStr8ts}, Variant: sudokuv1.Variant_VARIANT_X}}, "puzzle.variant", "VARIANT_X contradicts the puzzle, whose black cells only Str8ts boards have"},
		// So do the killer forms and a board whose variant is set.
		{"killer arrows with another variant", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: killerArrowsBare}, Variant: sudokuv1.Variant_VARIANT_KILLER_X}}, "puzzle.variant", "VARIANT_KILLER_X contradicts the puzzle, a killer in the arrow form, which fixes the variant: VARIANT_KILLER"},
		{"SudoCue killer X as a killer", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: sudoCueKillerX}, Variant: sudokuv1.Variant_VARIANT_KILLER}}, "puzzle.variant", "a SudoCue text, which fixes the variant: VARIANT_KILLER_X"},
		{"board with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: &sudokuv1.Board{Size: 9, Cells: make([]*sudokuv1.Cell, 81)}}, RegionMap: seedJigsawMap}}, "puzzle.region_map", "cannot apply to a board, whose regions are board.regions"},
		{"board with a format", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: &sudokuv1.Board{Size: 9, Cells: make([]*sudokuv1.Cell, 81)}}, Format: sudokuv1.Format_FORMAT_PLAIN}}, "puzzle.format", "FORMAT_PLAIN cannot apply to a board"},
		{"board of another variant", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: &sudokuv1.Board{Size: 4, Variant: sudokuv1.Variant_VARIANT_CLASSIC, Cells: make([]*sudokuv1.Cell, 16)}}, Variant: sudokuv1.Variant_VARIANT_X}}, "puzzle.variant", "a board whose variant is VARIANT_CLASSIC"},
		// So do the other forms but plain, grid and N×N text: their
		// decoders read no region map, which was dropped silently.
		{"URL with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "https://www.sudokuwiki.org/sudoku.htm?bd=" + seedS9B}, RegionMap: seedJigsawMap}}, "puzzle.region_map", "the puzzle is a SudokuWiki URL, which fixes its own regions"},
		{"URL as format url with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "https://www.sudokuwiki.org/sudoku.htm?bd=" + seedS9B}, Format: sudokuv1.Format_FORMAT_URL, RegionMap: seedJigsawMap}}, "puzzle.region_map", "fixes its own regions"},
		{"v1 string with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: v1TestStrings}, RegionMap: seedJigsawMap}}, "puzzle.region_map", "fixes its own regions"},
		{"killer v1 string with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: killerUnpacked}, RegionMap: seedJigsawMap}}, "puzzle.region_map", "fixes its own regions"},
		{"killer arrows with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: killerArrowsBare}, RegionMap: seedJigsawMap}}, "puzzle.region_map", "fixes its own regions"},
		{"SudoCue string with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: sudoCueKillerX}, RegionMap: seedJigsawMap}}, "puzzle.region_map", "fixes its own regions"},
		{"2.0 string as format v2 with a region map", &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedS9B}, Format: sudokuv1.Format_FORMAT_V2, RegionMap: seedJigsawMap}}, "puzzle.region_map", "carries its own regions"},
		// Options that contradict each other, refused as solverctl refuses its flags.
		{"logic only with guessing", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY, Strategies: []string{"A", "B", "C"}}}, "options.strategies[2]", "SOLVING_TYPE_LOGIC_ONLY never guesses, but strategies lists C (Guessing), a guessing method"},
		{"guessing only with eliminations", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY, Strategies: []string{"A", "C", "D"}}}, "options.strategies[2]", "uses singles and guessing only, but strategies lists D ("},
		{"on_guess with logic only", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY, OnGuess: sudokuv1.OnGuess_ON_GUESS_BACKTRACK}}, "options.on_guess", "on_guess tunes guessing, but solving_type SOLVING_TYPE_LOGIC_ONLY never guesses"},
		{"guess_order without C", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{Strategies: []string{"A", "B"}, GuessOrder: sudokuv1.GuessOrder_GUESS_ORDER_DESCENDING}}, "options.guess_order", "strategies lists no guessing method (C)"},
		{"count_weight with logic only", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY, CountWeight: sudokuv1.CountWeight_COUNT_WEIGHT_NONE}}, "options.count_weight", "tunes guessing"},
		{"random_seed with logic only", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY, RandomSeed: 7}}, "options.random_seed", "tunes guessing"},
		// Strategies none of which runs on the puzzle's variant.
		{"singles that do not run on Str8ts", &sudokuv1.SolveRequest{Puzzle: textPuzzle(simpleStr8ts), Options: &sudokuv1.SolveOptions{Strategies: []string{"B"}}}, "options.strategies", "none of the strategies listed runs on a Str8ts board (Hidden Single); ListStrategies (solverctl strategies --long) gives the variants each runs on"},
		{"KenKen line rules on a killer", &sudokuv1.SolveRequest{Puzzle: textPuzzle(killerArrowsBare), Options: &sudokuv1.SolveOptions{Strategies: []string{"Line Rules"}}}, "options.strategies", "runs on a killer board (Line Rules)"},
		{"random_seed without random order", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{RandomSeed: 7, GuessOrder: sudokuv1.GuessOrder_GUESS_ORDER_ASCENDING}}, "options.random_seed", "drives guess_order GUESS_ORDER_RANDOM only"},
		// What SolveOptions' comment says: a seed with the default (guided)
		// order, and each guessing tuning with strategies that never guess.
		{"random_seed with the default order", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{RandomSeed: 7}}, "options.random_seed", "drives guess_order GUESS_ORDER_RANDOM only"},
		{"on_guess without C", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{Strategies: []string{"A", "B"}, OnGuess: sudokuv1.OnGuess_ON_GUESS_BACKTRACK}}, "options.on_guess", "lists no guessing method (C)"},
		{"deep_looks without C", &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{Strategies: []string{"A", "B"}, DeepLooks: 1000}}, "options.deep_looks", "lists no guessing method (C)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := client.Solve(context.Background(), tt.req)
			checkViolation(t, err, tt.wantField, tt.wantText)
		})
	}
}

// TestInvalidUTF8 checks that every RPC that decodes a puzzle refuses a
// string that is not UTF-8 with InvalidArgument naming its field. A gRPC
// client cannot marshal one, so the methods are called directly, as an
// in-process caller (or a transport that does not check) would.
func TestInvalidUTF8(t *testing.T) {
	s := New(Config{})
	ctx := context.Background()
	board := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: &sudokuv1.Board{Size: 4, Cells: make([]*sudokuv1.Cell, 16)}}, RegionMap: "\x80"}
	tests := []struct {
		name      string
		call      func() error
		wantField string
	}{
		{"solve text", func() error {
			_, err := s.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy[:80] + "\xff")})
			return err
		}, "puzzle.text"},
		{"solve charset", func() error {
			_, err := s.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedSmall}, Charset: "#AB\xc3"}})
			return err
		}, "puzzle.charset"},
		{"solve board's region map", func() error {
			_, err := s.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: board})
			return err
		}, "puzzle.region_map"},
		{"rate", func() error {
			_, err := s.Rate(ctx, &sudokuv1.RateRequest{Puzzle: textPuzzle("\xfe" + seedEasy)})
			return err
		}, "puzzle.text"},
		{"find steps", func() error {
			_, err := s.FindSteps(ctx, &sudokuv1.FindStepsRequest{Puzzle: textPuzzle("\xfe" + seedEasy)})
			return err
		}, "puzzle.text"},
		{"convert", func() error {
			_, err := s.Convert(ctx, &sudokuv1.ConvertRequest{Puzzle: textPuzzle(seedEasy + "\xc0\xaf")})
			return err
		}, "puzzle.text"},
		{"convert board's charset", func() error {
			_, err := s.Convert(ctx, &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: board.Source, Charset: "\xff"}})
			return err
		}, "puzzle.charset"},
		{"generate new's charset", func() error {
			_, err := s.Generate(ctx, &sudokuv1.GenerateRequest{Puzzle: &sudokuv1.Puzzle{Charset: ".12345678\xff"}})
			return err
		}, "puzzle.charset"},
		{"generate start", func() error {
			_, err := s.Generate(ctx, &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_START_FROM, Puzzle: textPuzzle(seedHard + "\xff")})
			return err
		}, "puzzle.text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkViolation(t, tt.call(), tt.wantField, "not valid UTF-8")
		})
	}
}

// TestOptionsChangeBehaviour checks that each of the seed's options changes
// what the solver does, on a puzzle that needs guessing.
func TestOptionsChangeBehaviour(t *testing.T) {
	client := newClient(t, Config{})
	const hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
	firstGuess := func(t *testing.T, o *sudokuv1.SolveOptions) (*sudokuv1.Step, *sudokuv1.SolveResponse) {
		t.Helper()
		// The seed's methods only: forcing nets leave the other options
		// little guessing to steer.
		o.Strategies = []string{"A", "B", "C"}
		resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(hard), Options: o, IncludeSteps: true})
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
			t.Fatalf("status = %v", resp.GetResult().GetStatus())
		}
		for _, s := range resp.GetSteps() {
			if s.GetKind() == sudokuv1.StepKind_STEP_KIND_GUESS {
				return s, resp
			}
		}
		t.Fatal("no guess")
		return nil, nil
	}
	asc, _ := firstGuess(t, &sudokuv1.SolveOptions{GuessOrder: sudokuv1.GuessOrder_GUESS_ORDER_ASCENDING})
	desc, _ := firstGuess(t, &sudokuv1.SolveOptions{GuessOrder: sudokuv1.GuessOrder_GUESS_ORDER_DESCENDING})
	if asc.GetPlacements()[0].GetCell() != desc.GetPlacements()[0].GetCell() || asc.GetPlacements()[0].GetDigit() >= desc.GetPlacements()[0].GetDigit() {
		t.Errorf("ascending guessed %v, descending %v: want the same cell, a larger digit", asc.GetPlacements(), desc.GetPlacements())
	}
	guessedCells := func(r *sudokuv1.SolveResponse) []uint32 {
		var cells []uint32
		for _, s := range r.GetSteps() {
			if s.GetKind() == sudokuv1.StepKind_STEP_KIND_GUESS {
				cells = append(cells, s.GetPlacements()[0].GetCell())
			}
		}
		return cells
	}
	weights := map[string][]uint32{}
	for name, w := range map[string]sudokuv1.CountWeight{"none": sudokuv1.CountWeight_COUNT_WEIGHT_NONE, "single": sudokuv1.CountWeight_COUNT_WEIGHT_SINGLE, "weighted": sudokuv1.CountWeight_COUNT_WEIGHT_WEIGHTED} {
		_, r := firstGuess(t, &sudokuv1.SolveOptions{CountWeight: w, Strategies: []string{"A", "B", "C"}})
		weights[name] = guessedCells(r)
	}
	if slices.Equal(weights["none"], weights["weighted"]) || slices.Equal(weights["single"], weights["weighted"]) || slices.Equal(weights["none"], weights["single"]) {
		t.Errorf("count weights guessed the same cells: %v", weights)
	}
	_, r1 := firstGuess(t, &sudokuv1.SolveOptions{GuessOrder: sudokuv1.GuessOrder_GUESS_ORDER_RANDOM, RandomSeed: 7})
	_, r2 := firstGuess(t, &sudokuv1.SolveOptions{GuessOrder: sudokuv1.GuessOrder_GUESS_ORDER_RANDOM, RandomSeed: 7})
	if r1.GetResult().GetRandomSeed() != 7 || !proto.Equal(r1, r2) {
		t.Error("the same random seed gave different solves")
	}
	_, r3 := firstGuess(t, &sudokuv1.SolveOptions{GuessOrder: sudokuv1.GuessOrder_GUESS_ORDER_RANDOM})
	if r3.GetResult().GetRandomSeed() == 0 {
		t.Error("a drawn random seed was not returned")
	}
	// Ascending guesses fail and are undone; the default, guided by the
	// solution, never is (TestGuidedGuessesHold).
	ascending := sudokuv1.GuessOrder_GUESS_ORDER_ASCENDING
	_, safe := firstGuess(t, &sudokuv1.SolveOptions{OnGuess: sudokuv1.OnGuess_ON_GUESS_STORE_SAFE_COPY, GuessOrder: ascending})
	_, back := firstGuess(t, &sudokuv1.SolveOptions{OnGuess: sudokuv1.OnGuess_ON_GUESS_BACKTRACK, GuessOrder: ascending})
	if len(safe.GetSteps()) != len(back.GetSteps()) || safe.GetResult().GetPlain() != back.GetResult().GetPlain() {
		t.Fatal("safe copies and backtracking took different paths")
	}
	// The default order follows the solution: its guesses hold.
	_, guided := firstGuess(t, &sudokuv1.SolveOptions{})
	for i, s := range guided.GetSteps() {
		if s.GetKind() == sudokuv1.StepKind_STEP_KIND_BACKTRACK {
			t.Fatalf("step %d: the default, guided order undid a guess", i+1)
		}
	}
	if len(guided.GetSteps()) >= len(safe.GetSteps()) {
		t.Errorf("guided solve took %d steps, ascending %d: want fewer", len(guided.GetSteps()), len(safe.GetSteps()))
	}
	var sawSafe, sawUndo bool
	for i, s := range back.GetSteps() {
		if s.GetKind() == sudokuv1.StepKind_STEP_KIND_BACKTRACK {
			sawUndo = sawUndo || strings.Contains(s.GetExplanation(), "undid")
			sawSafe = sawSafe || strings.Contains(safe.GetSteps()[i].GetExplanation(), "safe copy")
			if s.GetBoard() != safe.GetSteps()[i].GetBoard() {
				t.Fatalf("step %d: boards differ after backtracking", i+1)
			}
		}
	}
	if !sawSafe || !sawUndo {
		t.Error("backtrack steps do not say how the guess was undone")
	}

	// Logic only never guesses and, with the seed's methods, gets stuck on
	// this puzzle (the nested nets finish it); guessing only uses no
	// elimination logic.
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(hard), IncludeSteps: true,
		Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY, Strategies: []string{"A", "B", "D", "E", "F", "G"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.GetResult().GetStatus(); got != sudokuv1.SolveStatus_SOLVE_STATUS_STUCK {
		t.Errorf("logic only: status %v, want stuck", got)
	}
	if resp.GetResult().GetSolutionCount() != 1 {
		t.Errorf("logic only: solution count %d, want 1 (checked by search)", resp.GetResult().GetSolutionCount())
	}
	for _, s := range resp.GetSteps() {
		if s.GetMethod() == "C" {
			t.Fatalf("logic only guessed: %v", s)
		}
	}
	// Strategies can be restricted: without hidden singles, B never appears.
	resp, err = client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedHard), IncludeSteps: true,
		Options: &sudokuv1.SolveOptions{Strategies: []string{"naked single", "C"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range resp.GetSteps() {
		if s.GetMethod() == "B" {
			t.Fatalf("hidden single used though not allowed: %v", s)
		}
	}
}

func TestDeadlineAndLimits(t *testing.T) {
	const guessOnly = sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY
	empty25 := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: strings.Repeat(".", 625)}}
	tests := []struct {
		name    string
		cfg     Config
		timeout time.Duration
		opts    *sudokuv1.SolveOptions
		want    codes.Code
	}{
		// The client reads nothing until its deadline has passed: the solver
		// is blocked by flow control and must give up when the call ends.
		{"caller deadline", Config{}, 100 * time.Millisecond, nil, codes.DeadlineExceeded},
		// The default deadline has passed before the solver starts.
		{"server default deadline", Config{DefaultTimeout: time.Nanosecond}, 0, nil, codes.DeadlineExceeded},
		// Guessing only: the limits count steps, and an empty 25×25's
		// chains and nets before its first guess would count CPU (seconds
		// under -race on a busy machine).
		{"step limit", Config{}, 10 * time.Second, &sudokuv1.SolveOptions{MaxSteps: 10, SolvingType: guessOnly}, codes.ResourceExhausted},
		{"server step cap", Config{MaxSteps: 10}, 10 * time.Second, &sudokuv1.SolveOptions{MaxSteps: 1000000, SolvingType: guessOnly}, codes.ResourceExhausted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client := newClient(t, tt.cfg)
			ctx := context.Background()
			if tt.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.timeout)
				defer cancel()
			}
			start := time.Now()
			stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: empty25, Options: tt.opts})
			if tt.timeout > 0 && tt.timeout < time.Second {
				<-ctx.Done()
			}
			steps, results := 0, 0
			if err == nil {
				for err == nil {
					var msg *sudokuv1.SolveStepsResponse
					if msg, err = stream.Recv(); err == nil && msg.GetResult() != nil {
						results++
					} else if err == nil {
						steps++
					}
				}
			}
			if got := status.Code(err); got != tt.want {
				t.Fatalf("code = %v (%v), want %v", got, err, tt.want)
			}
			// A solve that fails ends the stream with its error after the
			// steps taken, and without a result (sudoku.proto's SolveSteps).
			if results != 0 {
				t.Errorf("%d results before the error, want none", results)
			}
			if tt.opts.GetMaxSteps() != 0 && steps != 10 {
				t.Errorf("%d steps before the step limit of 10, want 10", steps)
			}
			if elapsed := time.Since(start); elapsed > 5*time.Second {
				t.Errorf("took %v to stop", elapsed)
			}
		})
	}
}

func TestCancelStopsStream(t *testing.T) {
	// The first step of an empty 25×25 board takes 8 to 16 s under -race
	// on a loaded 2-core machine, more under a heavier load: the server's
	// default deadline (30 s) must not end the stream before the test
	// cancels it.
	client := newClient(t, Config{DefaultTimeout: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(strings.Repeat(".", 625))})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatal(err)
	}
	cancel()
	for err == nil {
		_, err = stream.Recv()
	}
	if status.Code(err) != codes.Canceled {
		t.Fatalf("err = %v, want Canceled", err)
	}
}

func TestHealthAndReflection(t *testing.T) {
	conn := dial(t, Config{})
	hc, err := healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	if err != nil || hc.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health = %v, %v; want SERVING", hc, err)
	}
	rc, err := reflectionpb.NewServerReflectionClient(conn).ServerReflectionInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := rc.Send(&reflectionpb.ServerReflectionRequest{MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{}}); err != nil {
		t.Fatal(err)
	}
	resp, err := rc.Recv()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range resp.GetListServicesResponse().GetService() {
		names = append(names, s.GetName())
	}
	if !strings.Contains(strings.Join(names, " "), "sudoku.v1.SudokuService") {
		t.Errorf("reflection lists %v, want sudoku.v1.SudokuService", names)
	}
}

func TestRecoveryTurnsPanicIntoInternal(t *testing.T) {
	panicky := grpc.ChainUnaryInterceptor(func(context.Context, any, *grpc.UnaryServerInfo, grpc.UnaryHandler) (any, error) {
		panic("boom")
	})
	conn := dial(t, Config{}, panicky)
	_, err := sudokuv1.NewSudokuServiceClient(conn).Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
	if status.Code(err) != codes.Internal {
		t.Fatalf("err = %v, want Internal", err)
	}
	if err := toStatus(errors.New("boom")); status.Code(err) != codes.Internal {
		t.Fatalf("unknown error maps to %v, want Internal", status.Code(err))
	}
}

// checkViolation fails t unless err is InvalidArgument with one field
// violation, of field and with a description containing text.
func checkViolation(t *testing.T, err error, field, text string) {
	t.Helper()
	st := status.Convert(err)
	if st.Code() != codes.InvalidArgument {
		t.Fatalf("code = %v (%v), want InvalidArgument", st.Code(), err)
	}
	var br *errdetails.BadRequest
	for _, d := range st.Details() {
		if b, ok := d.(*errdetails.BadRequest); ok {
			br = b
		}
	}
	if br == nil || len(br.GetFieldViolations()) != 1 {
		t.Fatalf("details = %v, want one BadRequest field violation", st.Details())
	}
	v := br.GetFieldViolations()[0]
	if v.GetField() != field || !strings.Contains(v.GetDescription(), text) {
		t.Errorf("violation = %s: %s, want %s containing %q", v.GetField(), v.GetDescription(), field, text)
	}
}

// TestSolveLogicProvesUnique: a 25×25 that logic finishes alone comes back
// solved with its uniqueness proved, even when the search could not count
// it within the call's node budget.
func TestSolveLogicProvesUnique(t *testing.T) {
	data, err := os.ReadFile("../engine/search/testdata/25x25.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Fields(string(data))[8]
	client := newClient(t, Config{})
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{
		Puzzle:  textPuzzle(text),
		Options: &sudokuv1.SolveOptions{CheckMultiple: proto.Bool(true), MaxNodes: 10},
	})
	if err != nil {
		t.Fatalf("Solve = %v, want a result", err)
	}
	r := resp.GetResult()
	if r.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || r.GetSolutionCount() != 1 || !r.GetCountComplete() {
		t.Errorf("status %v, count %d, complete %v; want solved, 1, complete", r.GetStatus(), r.GetSolutionCount(), r.GetCountComplete())
	}
}

// TestSolveBoardWithoutClues: a structured board whose digits come without
// their given flags is progress on a puzzle of no clues; it has one
// solution, and the solve must end with it. top1465's line 387 so
// ended "no solution" when Avoidable Rectangles swapped the entered
// digits, sound only when the clues alone have one solution.
func TestSolveBoardWithoutClues(t *testing.T) {
	const (
		puzzle = "1.46.5.8.8.62..................6.7..6....7.1...91..2...5.4....3...91...4..8.....2"
		want   = "124695387876231495935748621512369748643827519789154236251486973367912854498573162"
	)
	board := &sudokuv1.Board{Size: 9}
	for _, c := range puzzle {
		cell := &sudokuv1.Cell{}
		if c != '.' {
			cell.Value = uint32(c - '0') // no Given: an entry, not a clue
		}
		board.Cells = append(board.Cells, cell)
	}
	client := newClient(t, Config{})
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: board}}, IncludeSteps: true})
	if err != nil {
		t.Fatal(err)
	}
	r := resp.GetResult()
	if r.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || r.GetPlain() != want {
		t.Fatalf("status %v, %s; want solved, %s", r.GetStatus(), r.GetPlain(), want)
	}
	for _, st := range resp.GetSteps() {
		if strings.HasPrefix(st.GetStrategy(), "Avoidable") {
			t.Errorf("step %d: %s on a board without clues", st.GetIndex(), st.GetExplanation())
		}
	}
}

// TestBoardCharset: a charset beside a structured board names its digits
// in the answer, as beside a text; one that cannot name them is refused
// on puzzle.charset rather than ignored.
func TestBoardCharset(t *testing.T) {
	client := newClient(t, Config{})
	p, err := codec.ParseText(seedEasy, "", "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	board := protoconv.BoardToProto(b)
	solve := func(charset string) (*sudokuv1.SolveResponse, error) {
		return client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{
			Source: &sudokuv1.Puzzle_Board{Board: board}, Charset: charset}})
	}
	digits, err := solve("")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := solve(".abcdefghi")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Map(func(r rune) rune { return 'A' + r - '1' }, digits.GetResult().GetPlain())
	if got := resp.GetResult().GetPlain(); got != want || strings.ContainsAny(got, "0123456789") {
		t.Errorf("plain = %q, want %q in the charset's letters", got, want)
	}
	conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{
		Source: &sudokuv1.Puzzle_Board{Board: board}, Charset: ".abcdefghi"}, To: sudokuv1.Format_FORMAT_NXN})
	if err != nil {
		t.Fatal(err)
	}
	if conv.GetCharset() != ".ABCDEFGHI" || !strings.HasPrefix(conv.GetText(), ".ABCDEFGHI\n") || strings.ContainsAny(conv.GetText()[11:], "123456789") {
		t.Errorf("Convert of a board with a charset to N×N: charset %q, text %q; want the charset's letters", conv.GetCharset(), conv.GetText())
	}
	for _, tt := range []struct{ charset, want string }{
		{".abcdefgh", "has symbols for 1..8, the puzzle needs 1..9"},
		{".aacdefghi", "repeats"},
	} {
		_, err := solve(tt.charset)
		if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "puzzle.charset") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("charset %q: %v, want InvalidArgument on puzzle.charset, %q", tt.charset, err, tt.want)
		}
		_, err = client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{
			Source: &sudokuv1.Puzzle_Board{Board: board}, Charset: tt.charset}, To: sudokuv1.Format_FORMAT_NXN})
		if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "puzzle.charset") {
			t.Errorf("Convert with charset %q: %v, want InvalidArgument on puzzle.charset", tt.charset, err)
		}
	}
}
