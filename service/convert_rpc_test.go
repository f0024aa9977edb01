package service

import (
	"context"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/codec"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// Strings of ../shared/docs/formats.md (Test_Strings, the KenKen "Very
// Easy 1", the Killer_String_Definitions example).
const (
	v1TestStrings  = "41051g02g1211g9009io22gq05c011mic0iij881ha08400hn205j29850dcg0cmc0he21h603g021110409810g41980hdci0e6c0he18h63g095g8130027kg13krg32pi4130053o183g0570500h09g0700381"
	k6cVeryEasy    = "K6C02ff00cr5oaz01jf5r2j00uj5nijb9l75mmj00cr5mmj005n5mmjb8p7b8ln00235mbvbbkb5mbvgvgrgv63guvfb8lnb8wb018r005n5o3v5mmj5mbv00qz0023bfpnb8wbb8ln0023005n"
	killerUnpacked = "212112111212112223213331443231221241134412231124133132322122212344411312111411312," +
		"171510200026110000000000000000000011000011000017160000001101060000090016110017000900000900001800160800040010160000001100002100001800001800140000080000000000000000"
	// A killer of tarek's list in the forum's arrow form, its cages joined
	// diagonally.
	killerArrowsDiagonal = "ORH9GOCG<I```````^I````N```8``````9`I````DA``K`O`OL```C```L````I``3`````^<```````"
	// A killer X in SudoCue's form (flag d), the first of the forum's
	// "human-solvable zero" killers (engine/solver/testdata/killer-hs.txt).
	// The Interactive Sudoku Solver's "Killer sudoku [0 cage, hard]": two
	// heads 0 over six cells each, cages without a total.
	killerArrowsBare = "Z<<<<W<<<^0<<>^X<T>^j>>>^>^c^^<<>>^T^<<<^>>>^^S<<^<<0^>^L<<<^^<^>^U<>>^Q>>>^>>>>^"
	sudoCueKillerX   = "3x3:d:k:3841:7705:7705:7705:7705:7705:26:3847:3847:3841:27:3846:3846:3846:7705:4361:3847:3848:3841:3843:4621:4876:28:4361:4361:4619:3848:29:3843:4621:4876:4876:5395:5395:4619:3848:3844:3843:4621:4114:4114:5395:4619:30:3850:3844:4878:4880:31:4114:3605:3605:3850:3850:3844:4878:4880:4880:4372:3350:3605:4632:32:4367:4878:33:4625:4372:3350:3350:4632:4632:4367:4367:4625:4625:4372:34:4375:4375:4375:"
)

func convertRequest(text string, to sudokuv1.Format) *sudokuv1.ConvertRequest {
	return &sudokuv1.ConvertRequest{Puzzle: textPuzzle(text), To: to}
}

// convert converts a text puzzle through client, failing t on an error.
func convert(t *testing.T, client sudokuv1.SudokuServiceClient, text string, to sudokuv1.Format) *sudokuv1.ConvertResponse {
	t.Helper()
	resp, err := client.Convert(context.Background(), convertRequest(text, to))
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestConvert(t *testing.T) {
	client := newClient(t, Config{})
	ctx := context.Background()

	// v1 to S9B and back: the v1 state survives (its single notes were
	// solved cells already).
	s9b := convert(t, client, v1TestStrings, sudokuv1.Format_FORMAT_V2)
	if got := s9b.GetText(); !strings.HasPrefix(got, "S9B") || len(got) != 165 {
		t.Fatalf("text = %q, want an S9B string", got)
	}
	if got, want := s9b.GetDetected(), sudokuv1.Format_FORMAT_V1; got != want {
		t.Errorf("detected = %v, want %v", got, want)
	}
	back := convert(t, client, s9b.GetText(), sudokuv1.Format_FORMAT_V1)
	if got := back.GetText(); got != v1TestStrings {
		t.Errorf("back to v1 = %s, want %s", got, v1TestStrings)
	}

	// hashLetters writes digits in the charset "#ABCDEFGHI".
	hashLetters := strings.NewReplacer("0", "#", "1", "A", "2", "B", "3", "C", "4", "D", "5", "E", "6", "F", "7", "G", "8", "H", "9", "I")
	tests := []struct {
		name         string
		req          *sudokuv1.ConvertRequest
		wantText     string // prefix
		wantDetected sudokuv1.Format
		wantVariant  sudokuv1.Variant
		wantCages    int
	}{
		{
			name: "K6C to itself", req: convertRequest(k6cVeryEasy, sudokuv1.Format_FORMAT_V2),
			wantText: k6cVeryEasy, wantDetected: sudokuv1.Format_FORMAT_V2, wantVariant: sudokuv1.Variant_VARIANT_KENKEN, wantCages: 13,
		},
		{
			name: "unspecified means V2", req: convertRequest(killerUnpacked, sudokuv1.Format_FORMAT_UNSPECIFIED),
			wantText: "L9B", wantDetected: sudokuv1.Format_FORMAT_KILLER_V1, wantVariant: sudokuv1.Variant_VARIANT_KILLER, wantCages: 31,
		},
		{
			name: "killer v1 to itself", req: convertRequest(killerUnpacked, sudokuv1.Format_FORMAT_KILLER_V1),
			wantText: killerUnpacked, wantDetected: sudokuv1.Format_FORMAT_KILLER_V1, wantVariant: sudokuv1.Variant_VARIANT_KILLER, wantCages: 31,
		},
		{
			name: "killer v1 to killer arrows", req: convertRequest(killerUnpacked, sudokuv1.Format_FORMAT_KILLER_ARROWS),
			wantText: "HFAK<QB<<", wantDetected: sudokuv1.Format_FORMAT_KILLER_V1, wantVariant: sudokuv1.Variant_VARIANT_KILLER, wantCages: 31,
		},
		{
			name: "killer arrows to SudoCue", req: convertRequest(killerArrowsDiagonal, sudokuv1.Format_FORMAT_SUDOCUE),
			wantText: "3x3::k:6145:6914:4355:", wantDetected: sudokuv1.Format_FORMAT_KILLER_ARROWS, wantVariant: sudokuv1.Variant_VARIANT_KILLER, wantCages: 24,
		},
		{
			name: "killer X unspecified", req: convertRequest(sudoCueKillerX, sudokuv1.Format_FORMAT_UNSPECIFIED),
			wantText: "3x3:d:k:", wantDetected: sudokuv1.Format_FORMAT_SUDOCUE, wantVariant: sudokuv1.Variant_VARIANT_KILLER_X, wantCages: 23,
		},
		{
			name: "killer X to SudoCue", req: convertRequest(sudoCueKillerX, sudokuv1.Format_FORMAT_SUDOCUE),
			wantText: "3x3:d:k:", wantDetected: sudokuv1.Format_FORMAT_SUDOCUE, wantVariant: sudokuv1.Variant_VARIANT_KILLER_X, wantCages: 23,
		},
		{
			name: "URL page decides", req: convertRequest("https://www.sudokuwiki.org/SudokuX.aspx?bd="+seedEasy, sudokuv1.Format_FORMAT_V2),
			wantText: "X9B", wantDetected: sudokuv1.Format_FORMAT_URL, wantVariant: sudokuv1.Variant_VARIANT_X,
		},
		{
			name: "request variant", req: &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedEasy}, Variant: sudokuv1.Variant_VARIANT_WINDOKU}},
			wantText: "W9B", wantDetected: sudokuv1.Format_FORMAT_PLAIN, wantVariant: sudokuv1.Variant_VARIANT_WINDOKU,
		},
		{
			name: "to plain", req: convertRequest("S9B"+strings.Repeat("ep", 80)+"01", sudokuv1.Format_FORMAT_PLAIN),
			wantText: strings.Repeat("0", 80) + "1", wantDetected: sudokuv1.Format_FORMAT_V2, wantVariant: sudokuv1.Variant_VARIANT_CLASSIC,
		},
		{
			name: "jigsaw to N×N", req: &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: seedJigsawMap}, To: sudokuv1.Format_FORMAT_NXN},
			wantText: "0123456789\n\n300000004\n", wantDetected: sudokuv1.Format_FORMAT_PLAIN, wantVariant: sudokuv1.Variant_VARIANT_JIGSAW,
		},
		// An N×N document (what Convert writes to FORMAT_NXN) is read as
		// that form, its charset line and map included: detected said
		// FORMAT_PLAIN, so a client writing it back as detected lost both.
		{
			name: "N×N document detected", req: convertRequest("#ABCDEFGHI\n\n"+hashLetters.Replace(seedJigsaw)+"\n\n### Map\n\n"+hashLetters.Replace(seedJigsawMap), sudokuv1.Format_FORMAT_NXN),
			wantText: "#ABCDEFGHI\n\n", wantDetected: sudokuv1.Format_FORMAT_NXN, wantVariant: sudokuv1.Variant_VARIANT_JIGSAW,
		},
		{
			name: "N×N document without a map detected", req: convertRequest("#ABCD\n\n#A#B\n####\nC#D#\n####\n", sudokuv1.Format_FORMAT_V2),
			wantText: "S4B", wantDetected: sudokuv1.Format_FORMAT_NXN, wantVariant: sudokuv1.Variant_VARIANT_CLASSIC,
		},
		{
			name: "digits with a map detected", req: convertRequest(seedJigsaw+"\n### Map\n"+seedJigsawMap, sudokuv1.Format_FORMAT_V2),
			wantText: "J9B", wantDetected: sudokuv1.Format_FORMAT_NXN, wantVariant: sudokuv1.Variant_VARIANT_JIGSAW,
		},
		{
			name: "Str8ts live, tolerant", req: &sudokuv1.ConvertRequest{Puzzle: textPuzzle("T9B0g03" + strings.Repeat("f0", 79)), Tolerant: true},
			wantText: "T9B0g03ez", wantDetected: sudokuv1.Format_FORMAT_V2, wantVariant: sudokuv1.Variant_VARIANT_STR8TS,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Convert(ctx, tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(resp.GetText(), tt.wantText) {
				t.Errorf("text = %q, want prefix %q", resp.GetText(), tt.wantText)
			}
			if resp.GetDetected() != tt.wantDetected {
				t.Errorf("detected = %v, want %v", resp.GetDetected(), tt.wantDetected)
			}
			b := resp.GetBoard()
			if b.GetVariant() != tt.wantVariant || len(b.GetCages()) != tt.wantCages {
				t.Errorf("board variant %v with %d cages, want %v with %d", b.GetVariant(), len(b.GetCages()), tt.wantVariant, tt.wantCages)
			}
			if n := int(b.GetSize()); n == 0 || len(b.GetCells()) != n*n {
				t.Errorf("board of size %d has %d cells", n, len(b.GetCells()))
			}
		})
	}
}

// TestConvertBoard checks the structured board of a Convert: pencil marks
// as the text gave them, cages with their operators, black cells.
// TestConvertCharset checks that Convert says which symbols it read the
// puzzle with: the request's charset, or an N×N text's own first line.
func TestConvertCharset(t *testing.T) {
	client := newClient(t, Config{})
	tests := []struct {
		name string
		p    *sudokuv1.Puzzle
		want string
	}{
		{"request's", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "#A#B####C#D#####"}, Charset: "#ABCD"}, "#ABCD"},
		{"the text's own", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "#ABCD\n\n#A#B\n####\nC#D#\n####\n\n### Map\n\n##AA\n##AA\nBBCC\nBBCC\n"}}, "#ABCD"},
		{"digits", textPuzzle(seedEasy), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: tt.p})
			if err != nil {
				t.Fatal(err)
			}
			if got := resp.GetCharset(); got != tt.want {
				t.Errorf("charset = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestConvertBoard(t *testing.T) {
	client := newClient(t, Config{})
	ctx := context.Background()

	k := convert(t, client, k6cVeryEasy, sudokuv1.Format_FORMAT_V2)
	cage := k.GetBoard().GetCages()[0]
	if !slices.Equal(cage.GetCells(), []uint32{0, 1}) || cage.GetTarget() != 24 || cage.GetOperator() != sudokuv1.CageOperator_CAGE_OPERATOR_MULTIPLY {
		t.Errorf("first cage = %v, want cells [0 1], 24 ×", cage)
	}
	if got := k.GetBoard().GetCells()[0].GetCandidates(); !slices.Equal(got, []uint32{1, 2, 3, 4, 5, 6}) {
		t.Errorf("r1c1 candidates = %v, want 1..6", got)
	}

	// A single note stays a note in a 2.0 string (v1 would solve it).
	s := convert(t, client, "S9B0j"+strings.Repeat("00", 80), sudokuv1.Format_FORMAT_V2)
	c := s.GetBoard().GetCells()[0]
	if c.GetValue() != 0 || !slices.Equal(c.GetCandidates(), []uint32{1}) {
		t.Errorf("r1c1 = %v, want the single note 1", c)
	}

	str8ts := convert(t, client, "T9B0g0a"+strings.Repeat("00", 79), sudokuv1.Format_FORMAT_V2)
	cells := str8ts.GetBoard().GetCells()
	if !cells[0].GetBlack() || cells[0].GetValue() != 6 || !cells[0].GetGiven() || !cells[1].GetBlack() || cells[1].GetValue() != 0 || cells[2].GetBlack() {
		t.Errorf("cells = %v %v %v, want black clue 6, black, white", cells[0], cells[1], cells[2])
	}

	// A structured board converts too, black cells included.
	in := str8ts.GetBoard()
	out, err := client.Convert(ctx, &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: in}}, To: sudokuv1.Format_FORMAT_V2})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := out.GetText(), "T9B0g0a"+strings.Repeat("ez", 79); got != want {
		t.Errorf("text = %s, want %s", got, want)
	}
	if out.GetDetected() != sudokuv1.Format_FORMAT_UNSPECIFIED {
		t.Errorf("detected = %v for a structured board, want unspecified", out.GetDetected())
	}
}

func TestConvertErrors(t *testing.T) {
	client := newClient(t, Config{})
	tests := []struct {
		name      string
		req       *sudokuv1.ConvertRequest
		wantField string
		wantText  string
	}{
		{"no puzzle", &sudokuv1.ConvertRequest{}, "puzzle", "a puzzle is required"},
		{"short S9B", convertRequest("S9B"+strings.Repeat("ep", 80)+"e", sudokuv1.Format_FORMAT_V2), "puzzle.text", "expected 165 characters for S9B, got 164"},
		{"cell value", convertRequest("S9B"+strings.Repeat("ep", 33)+"gz"+strings.Repeat("ep", 47), sudokuv1.Format_FORMAT_V2), "puzzle.text", "cell r4c7: value 611 exceeds 529"},
		{"Str8ts live, strict", convertRequest("T9B"+strings.Repeat("f0", 81), sudokuv1.Format_FORMAT_V2), "puzzle.text", "value 540 exceeds 539"},
		{"killer to plain", convertRequest(killerUnpacked, sudokuv1.Format_FORMAT_PLAIN), "to", "cannot carry the cages"},
		{"KenKen to v1", convertRequest(k6cVeryEasy, sudokuv1.Format_FORMAT_V1), "to", "cannot carry the cages"},
		{"diagonal cages to L9B", convertRequest(killerArrowsDiagonal, sudokuv1.Format_FORMAT_V2), "to", "not orthogonally connected"},
		{"KenKen to SudoCue", convertRequest(k6cVeryEasy, sudokuv1.Format_FORMAT_SUDOCUE), "to", "SudoCue strings hold killers, not KenKen boards"},
		{"arrows loop", convertRequest("><"+killerArrowsDiagonal[2:], sudokuv1.Format_FORMAT_V2), "puzzle.text", "go round a loop (r1c1 → r1c2 → r1c1)"},
		{"killer X to V2", convertRequest(sudoCueKillerX, sudokuv1.Format_FORMAT_V2), "to", "no 2.0 encoding for killer X boards"},
		{"killer X to arrows", convertRequest(sudoCueKillerX, sudokuv1.Format_FORMAT_KILLER_ARROWS), "to", "killer arrow strings hold killers, not killer X boards"},
		{"no total to SudoCue", convertRequest(killerArrowsBare, sudokuv1.Format_FORMAT_SUDOCUE), "to", "cage at r2c2 has no total, which SudoCue strings cannot hold (the killer arrow form can)"},
		{"no total with a target", boardRequest(bareBoard(3)), "puzzle.board.cages[1]", "a cage without a total has target 0, not 3"},
		{"unknown format", convertRequest(seedEasy, sudokuv1.Format(99)), "to", "unknown format 99"},
		{"explicit format mismatch", &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedEasy}, Format: sudokuv1.Format_FORMAT_V1}}, "puzzle.format", "cannot be decoded as v1"},
		{"jigsaw map does not tile", &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: "1" + seedJigsawMap[1:]}}, "puzzle.region_map", "covers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := client.Convert(context.Background(), tt.req)
			checkViolation(t, err, tt.wantField, tt.wantText)
		})
	}
}

// bareBoard is a structured killer with a cage of 3 at r1c1-2 and a cage
// without a total at r1c3-4 whose target is target (0 to be valid).
func bareBoard(target uint32) *sudokuv1.Board {
	return &sudokuv1.Board{Size: 9, Variant: sudokuv1.Variant_VARIANT_KILLER, Cells: make([]*sudokuv1.Cell, 81), Cages: []*sudokuv1.Cage{
		{Cells: []uint32{0, 1}, Target: 3},
		{Cells: []uint32{2, 3}, Target: target, Operator: sudokuv1.CageOperator_CAGE_OPERATOR_DISTINCT},
	}}
}

// boardRequest asks for a structured board in the automatic format.
func boardRequest(b *sudokuv1.Board) *sudokuv1.ConvertRequest {
	return &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: b}}}
}

// TestConvertBareCages reads cages without a total from the arrow form
// into the structured board, and writes a structured board's back in the
// arrow form, the automatic choice for them.
func TestConvertBareCages(t *testing.T) {
	client := newClient(t, Config{})
	resp := convert(t, client, killerArrowsBare, sudokuv1.Format_FORMAT_UNSPECIFIED)
	if resp.GetText() != killerArrowsBare {
		t.Errorf("text = %s, want the arrow string back", resp.GetText())
	}
	bare := 0
	for _, cg := range resp.GetBoard().GetCages() {
		if cg.GetOperator() == sudokuv1.CageOperator_CAGE_OPERATOR_DISTINCT {
			bare++
			if cg.GetTarget() != 0 || len(cg.GetCells()) != 6 {
				t.Errorf("cage without a total %v, want 6 cells and target 0", cg)
			}
		}
	}
	if bare != 2 || len(resp.GetBoard().GetCages()) != 13 {
		t.Errorf("%d cages, %d without a total, want 13 and 2", len(resp.GetBoard().GetCages()), bare)
	}
	out, err := client.Convert(context.Background(), boardRequest(bareBoard(0)))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := out.GetText(), "3<0<"; !strings.HasPrefix(got, want) {
		t.Errorf("text = %s, want the arrow form starting %s", got, want)
	}
}

// FuzzConvert feeds arbitrary request bytes to Convert: every request is
// converted or rejected with InvalidArgument, never a panic or another
// code.
func FuzzConvert(f *testing.F) {
	for _, req := range []*sudokuv1.ConvertRequest{
		convertRequest(v1TestStrings, sudokuv1.Format_FORMAT_V2),
		convertRequest(k6cVeryEasy, sudokuv1.Format_FORMAT_JIGSAW_V1),
		convertRequest(killerUnpacked, sudokuv1.Format_FORMAT_URL),
		convertRequest(killerArrowsDiagonal, sudokuv1.Format_FORMAT_SUDOCUE),
		convertRequest(killerArrowsBare, sudokuv1.Format_FORMAT_UNSPECIFIED),
		boardRequest(bareBoard(0)),
		{Puzzle: textPuzzle("T9B0g03" + strings.Repeat("f0", 79)), Tolerant: true, To: sudokuv1.Format_FORMAT_GRID},
	} {
		data, err := proto.Marshal(req)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	s := New(Config{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var req sudokuv1.ConvertRequest
		if proto.Unmarshal(data, &req) != nil {
			return
		}
		resp, err := s.Convert(context.Background(), &req)
		if err != nil {
			if code := status.Code(err); code != codes.InvalidArgument {
				t.Fatalf("code %v (%v), want InvalidArgument", code, err)
			}
			return
		}
		if b := resp.GetBoard(); int(b.GetSize())*int(b.GetSize()) != len(b.GetCells()) {
			t.Fatalf("board of size %d has %d cells", b.GetSize(), len(b.GetCells()))
		}
	})
}

// TestStepsPackCageBoards checks that the steps of a KenKen carry its
// packed 2.0 string, as every board's steps do.
func TestStepsPackCageBoards(t *testing.T) {
	client := newClient(t, Config{})
	steps, result := solveSteps(t, client, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(k6cVeryEasy)})
	if !strings.HasPrefix(result.GetPacked(), "K6C") {
		t.Errorf("result packed = %q, want a K6C string", result.GetPacked())
	}
	for i, st := range steps {
		board := st.GetBoard()
		if !strings.HasPrefix(board, "K6C") || len(board) != len(k6cVeryEasy) {
			t.Fatalf("step %d board = %q, want a K6C string", i+1, board)
		}
		p, err := codec.DecodeV2(board)
		if err != nil {
			t.Fatalf("step %d board does not decode: %v", i+1, err)
		}
		if len(p.Cages) != 13 {
			t.Fatalf("step %d board has %d cages, want 13", i+1, len(p.Cages))
		}
	}
	if len(steps) == 0 {
		t.Fatal("no steps")
	}
}

// TestConvertBoardWithoutText checks that a board no text format carries
// (a killer X with a clue: SudoCue's form, the one text of a killer X,
// holds cages alone) converts with no format named, its board back and
// no text, while a format named still refuses it.
func TestConvertBoardWithoutText(t *testing.T) {
	client := newClient(t, Config{})
	ctx := context.Background()
	b := convert(t, client, sudoCueKillerX, sudokuv1.Format_FORMAT_SUDOCUE).GetBoard()
	b.Cells[0] = &sudokuv1.Cell{Value: 1, Given: true}
	p := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: b}}
	resp, err := client.Convert(ctx, &sudokuv1.ConvertRequest{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetText() != "" || resp.GetBoard().GetCells()[0].GetValue() != 1 || resp.GetBoard().GetVariant() != sudokuv1.Variant_VARIANT_KILLER_X {
		t.Errorf("text %q, board variant %v, r1c1 %v; want no text and the killer X with its clue", resp.GetText(), resp.GetBoard().GetVariant(), resp.GetBoard().GetCells()[0])
	}
	_, err = client.Convert(ctx, &sudokuv1.ConvertRequest{Puzzle: p, To: sudokuv1.Format_FORMAT_SUDOCUE})
	if got := status.Code(err); got != codes.InvalidArgument || !strings.Contains(err.Error(), "no clues or progress") {
		t.Errorf("to SudoCue: %v, want InvalidArgument naming the clues", err)
	}
}

// TestBoardIrregularRegionsJigsawForm checks that a structured board named
// classic or killer whose regions are not the regular boxes is its jigsaw
// form, as Board.variant says and as the same board without a variant
// is: Convert writes it so, and Law of Leftovers (jigsaws only) runs on
// it. The board was written back as classic and the strategy refused.
func TestBoardIrregularRegionsJigsawForm(t *testing.T) {
	client := newClient(t, Config{})
	jigsaw := func(v sudokuv1.Variant) *sudokuv1.Board {
		b := &sudokuv1.Board{Size: 4, Variant: v, Regions: []uint32{0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 3, 2, 3, 3, 3}}
		for range 16 {
			b.Cells = append(b.Cells, &sudokuv1.Cell{})
		}
		b.Cells[0].Value, b.Cells[0].Given = 1, true
		if v == sudokuv1.Variant_VARIANT_KILLER {
			b.Cages = []*sudokuv1.Cage{{Cells: []uint32{14, 15}, Target: 7}}
		}
		return b
	}
	tests := []struct {
		name   string
		p      *sudokuv1.Puzzle
		want   sudokuv1.Variant
		lawRun bool // Law of Leftovers runs on the board
	}{
		{"unset", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: jigsaw(sudokuv1.Variant_VARIANT_UNSPECIFIED)}}, sudokuv1.Variant_VARIANT_JIGSAW, true},
		{"classic", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: jigsaw(sudokuv1.Variant_VARIANT_CLASSIC)}}, sudokuv1.Variant_VARIANT_JIGSAW, true},
		{"classic, puzzle says classic", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: jigsaw(sudokuv1.Variant_VARIANT_CLASSIC)}, Variant: sudokuv1.Variant_VARIANT_CLASSIC}, sudokuv1.Variant_VARIANT_JIGSAW, true},
		{"classic, puzzle says jigsaw", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: jigsaw(sudokuv1.Variant_VARIANT_CLASSIC)}, Variant: sudokuv1.Variant_VARIANT_JIGSAW}, sudokuv1.Variant_VARIANT_JIGSAW, true},
		{"killer", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: jigsaw(sudokuv1.Variant_VARIANT_KILLER)}}, sudokuv1.Variant_VARIANT_KILLER_JIGSAW, true},
		{"X keeps its name", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: jigsaw(sudokuv1.Variant_VARIANT_X)}}, sudokuv1.Variant_VARIANT_X, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: tt.p})
			if err != nil {
				t.Fatal(err)
			}
			if got := resp.GetBoard().GetVariant(); got != tt.want {
				t.Errorf("Convert's board variant = %v, want %v", got, tt.want)
			}
			_, err = client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: tt.p, Strategies: []string{"U2"}})
			if (err == nil) != tt.lawRun {
				t.Errorf("FindSteps of Law of Leftovers: %v, want it to run: %v", err, tt.lawRun)
			}
		})
	}
}

// TestJigsawBoxRegionsWritten checks that a jigsaw board whose regions
// happen to be the regular boxes is written with them, by Convert and by
// Solve, so that the board the service writes reads back: it was written
// without regions, which a jigsaw board needs ("a jigsaw board needs a
// region map").
func TestJigsawBoxRegionsWritten(t *testing.T) {
	client := newClient(t, Config{})
	b := &sudokuv1.Board{Size: 4, Variant: sudokuv1.Variant_VARIANT_JIGSAW, Regions: []uint32{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}}
	for range 16 {
		b.Cells = append(b.Cells, &sudokuv1.Cell{})
	}
	b.Cells[0].Value, b.Cells[0].Given = 1, true
	p := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: b}}
	conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	solved, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: p})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		board *sudokuv1.Board
	}{
		{"Convert's board", conv.GetBoard()},
		{"Solve's board", solved.GetResult().GetBoard()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.board.GetRegions(); !slices.Equal(got, b.GetRegions()) {
				t.Errorf("regions = %v, want %v", got, b.GetRegions())
			}
			if _, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: tt.board}}}); err != nil {
				t.Errorf("the board written does not read back: %v", err)
			}
		})
	}
}
