package main

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// Strings of ../shared/docs/formats.md §9: a v1 162-character string (its
// 81-character partner holds its clues and solved cells) and the KenKen
// "Very Easy 1" as K6C.
const (
	v1Pair      = "03c848csc4cs1121g10hg005481020024881c8112002c0g1040h485848g0210h4481140350200gs403c4k81448050281k0091120k00gc80h4811s4cck80320g1c810c820020hc805210503cos0cok8s811"
	v1Pair81    = "100000569492056108056109240009640801064010000218035604040500016905061402621000005"
	k6cVeryEasy = "K6C02ff00cr5oaz01jf5r2j00uj5nijb9l75mmj00cr5mmj005n5mmjb8p7b8ln00235mbvbbkb5mbvgvgrgv63guvfb8lnb8wb018r005n5o3v5mmj5mbv00qz0023bfpnb8wbb8ln0023005n"
)

func TestConvertV1AndBack(t *testing.T) {
	out, _, err := runCLI(t, "", "convert", "--to", "s9b", v1Pair)
	if err != nil {
		t.Fatal(err)
	}
	s9b := strings.TrimSuffix(out, "\n")
	if !strings.HasPrefix(s9b, "S9B") || len(s9b) != 165 || strings.Count(out, "\n") != 1 {
		t.Fatalf("output = %q, want one S9B string alone", out)
	}
	back, _, err := runCLI(t, "", "convert", s9b, "--to", "V1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := back, v1Pair+"\n"; got != want {
		t.Errorf("back to v1 = %q, want %q", got, want)
	}
	plain, _, err := runCLI(t, "", "convert", "--to", "plain", s9b)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := plain, v1Pair81+"\n"; got != want {
		t.Errorf("plain = %q, want %q", got, want)
	}
}

func TestConvertJSON(t *testing.T) {
	out, _, err := runCLI(t, "", "convert", "--to", "json", k6cVeryEasy)
	if err != nil {
		t.Fatal(err)
	}
	var b sudokuv1.Board
	if err := protojson.Unmarshal([]byte(out), &b); err != nil {
		t.Fatalf("output is not a protojson Board: %v\n%s", err, out)
	}
	if b.GetSize() != 6 || b.GetVariant() != sudokuv1.Variant_VARIANT_KENKEN || len(b.GetCells()) != 36 {
		t.Errorf("board = size %d, %v, %d cells, want size 6, KenKen, 36 cells", b.GetSize(), b.GetVariant(), len(b.GetCells()))
	}
	if len(b.GetCages()) != 13 {
		t.Fatalf("%d cages, want 13", len(b.GetCages()))
	}
	if cg := b.GetCages()[0]; !slices.Equal(cg.GetCells(), []uint32{0, 1}) || cg.GetTarget() != 24 || cg.GetOperator() != sudokuv1.CageOperator_CAGE_OPERATOR_MULTIPLY {
		t.Errorf("first cage = %v, want cells [0 1], 24 ×", cg)
	}
	if got := b.GetCells()[0].GetCandidates(); !slices.Equal(got, []uint32{1, 2, 3, 4, 5, 6}) {
		t.Errorf("r1c1 candidates = %v, want 1..6", got)
	}
}

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "puzzle.txt")
	if err := os.WriteFile(file, []byte(k6cVeryEasy+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{name: "header, any case", args: []string{"convert", "--to", "K6c", k6cVeryEasy}, want: k6cVeryEasy + "\n"},
		{name: "file", args: []string{"convert", "--to", "v2", "@" + file}, want: k6cVeryEasy + "\n"},
		{name: "stdin", stdin: k6cVeryEasy, args: []string{"convert", "--to", "k6c", "-"}, want: k6cVeryEasy + "\n"},
		{name: "variant flag", args: []string{"convert", "--to", "x9b", "--variant", "x", seedPuzzle}, want: "X9Bepepepepepepepepepep07"},
		{name: "URL", args: []string{"convert", "--to", "x9b", "https://www.sudokuwiki.org/SudokuX.aspx?bd=" + seedPuzzle}, want: "X9Bepepepepepepepepepep07"},
		{name: "grid", args: []string{"convert", "--to", "grid", seedPuzzle}, want: ". . . | . . . | . . .\n. 7 . | . 4 . | . 1 .\n3 . 1 | 5 . 6 | 4 . 8\n------+-------+------\n"},
		{name: "N×N with charset", args: []string{"convert", "--to", "nxn", "--charset", smallCharset, "--map", smallMap, smallPuzzle}, want: "#ABCD\n\n#A#B\n####\nC#D#\n####\n\n### Map\n\n##AA\n##AA\nBBCC\nBBCC\n"},
		{name: "tolerant", args: []string{"convert", "--to", "t9b", "--tolerant", "T9B0g" + strings.Repeat("f0", 80)}, want: "T9B0g" + strings.Repeat("ez", 80) + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runCLI(t, tt.stdin, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(out, tt.want) {
				t.Errorf("output =\n%s\nwant it to start with\n%s", out, tt.want)
			}
		})
	}
}

func TestConvertErrors(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		want      string
		wantUsage bool
	}{
		{name: "no --to", args: []string{"convert", seedPuzzle}, want: "--to is required", wantUsage: true},
		{name: "unknown format", args: []string{"convert", "--to", "x99", seedPuzzle}, want: `unknown format "x99"`, wantUsage: true},
		// Three letters that are no 2.0 header (a size code out of
		// 2..32, a version other than B or C): a mistyped format, refused
		// before the call, not "whose 2.0 header is S9B, not JSN".
		{name: "json mistyped", args: []string{"convert", "--to", "jsn", seedPuzzle}, want: `unknown format "jsn"`, wantUsage: true},
		{name: "version letter no 2.0 string has", args: []string{"convert", "--to", "s9z", seedPuzzle}, want: `unknown format "s9z"`, wantUsage: true},
		{name: "size code 1", args: []string{"convert", "--to", "s1b", seedPuzzle}, want: `unknown format "s1b"`, wantUsage: true},
		{name: "size code above 32", args: []string{"convert", "--to", "sxb", seedPuzzle}, want: `unknown format "sxb"`, wantUsage: true},
		{name: "header of another version", args: []string{"convert", "--to", "s9c", seedPuzzle}, want: "whose 2.0 header is S9B, not S9C"},
		{name: "header of size 32", args: []string{"convert", "--to", "swb", seedPuzzle}, want: "whose 2.0 header is S9B, not SWB"},
		{name: "no puzzle", args: []string{"convert", "--to", "v1"}, want: "want one puzzle, got 0 arguments", wantUsage: true},
		{name: "header of another variant", args: []string{"convert", "--to", "l9b", k6cVeryEasy}, want: "the board is a 6×6 KenKen board, whose 2.0 header is K6C, not L9B"},
		{name: "header of another size", args: []string{"convert", "--to", "s6b", seedPuzzle}, want: "whose 2.0 header is S9B, not S6B"},
		{name: "format that cannot carry cages", args: []string{"convert", "--to", "plain", k6cVeryEasy}, want: "InvalidArgument"},
		{name: "strict Str8ts", args: []string{"convert", "--to", "t9b", "T9B0g" + strings.Repeat("f0", 80)}, want: "value 540 exceeds 539"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runCLI(t, "", tt.args...)
			if err == nil {
				t.Fatalf("no error; output %q", out)
			}
			var msg strings.Builder
			code := report(&msg, err)
			if !strings.Contains(msg.String(), tt.want) {
				t.Errorf("error = %q, want it to contain %q", msg.String(), tt.want)
			}
			if isUsage := errors.As(err, new(*usageError)); isUsage != tt.wantUsage || (code == 2) != tt.wantUsage {
				t.Errorf("usage error = %v (exit %d), want %v", isUsage, code, tt.wantUsage)
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
		})
	}
}

// TestLiveStr8tsSolves: solve reads a live str8ts.com string (candidates
// off by one), which convert refuses without --tolerant.
func TestLiveStr8tsSolves(t *testing.T) {
	const live = "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a" // str8ts.com's "Easy 1", as published
	out, _, err := runCLI(t, "", "convert", "--to", "t9b", live)
	if err == nil {
		t.Fatalf("convert read the live string without --tolerant: %s", out)
	}
	out, _, err = runCLI(t, "", "solve", live)
	if err != nil || !strings.Contains(out, "status: solved") {
		t.Fatalf("solve: %v\n%s", err, out)
	}
}

// TestProgressLostPencilGrid: a pencil-mark grid writes an empty cell of
// one mark as a digit, which reads back as a clue: the note says so, as
// it does of entered digits, and does not claim the grid carries digits
// alone.
func TestProgressLostPencilGrid(t *testing.T) {
	tests := []struct {
		name, board, want string
	}{
		{"entered digit", `{"size":4,"cells":[{"value":1,"given":true},{"value":2},{},{},{},{},{"candidates":[1,2]},{},{},{},{},{},{},{},{},{}]}`,
			"a pencil-mark grid tells no clue from a digit found: 1 entered digit written as clue (v2 or --to json keep them)"},
		{"cells of one mark", `{"size":4,"cells":[{"value":1,"given":true},{"value":2},{"candidates":[3]},{"candidates":[4]},` +
			`{"candidates":[3,4]},{"candidates":[3,4]},{"candidates":[1,2]},{"candidates":[1,2]},` +
			`{"candidates":[2,4]},{"candidates":[1,3]},{"candidates":[1,4]},{"candidates":[1,3]},` +
			`{"candidates":[2,4]},{"candidates":[1,3]},{"candidates":[1,2]},{"candidates":[1,3]}]}`,
			"a pencil-mark grid tells no clue from a digit found: 1 entered digit written as clue, 2 empty cells of one pencil mark written as clues (v2 or --to json keep them)"},
	}
	for _, tt := range tests {
		var board sudokuv1.Board
		if err := protojson.Unmarshal([]byte(tt.board), &board); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var out, errOut strings.Builder
		if err := run(t.Context(), []string{"convert", "--to", "grid", tt.board}, strings.NewReader(""), &out, &errOut); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !strings.HasPrefix(out.String(), ".-") {
			t.Fatalf("%s: convert wrote no pencil-mark grid:\n%s", tt.name, out.String())
		}
		if got := progressLost(sudokuv1.Format_FORMAT_GRID, &board, out.String()); got != tt.want {
			t.Errorf("%s: progressLost = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestProgressLostV1: a v1 string writes an empty cell of one pencil mark
// as that digit solved (the format's flaw, which decoding keeps): convert
// says so for v1, jigsaw v1 and killer v1 strings and for a jigsaw's URL,
// whose bd is a v1 string, as it does of what plain text leaves out; a
// killer v1 string flags no clue, which it says too, and so does a killer
// jigsaw's jigsaw v1 string, whose bd is a killer v1 string.
func TestProgressLostV1(t *testing.T) {
	board := func(marks ...[]uint32) *sudokuv1.Board {
		b := &sudokuv1.Board{Size: 9, Cells: make([]*sudokuv1.Cell, 81)}
		for i := range b.Cells {
			b.Cells[i] = &sudokuv1.Cell{Candidates: []uint32{1, 2}}
			if i < len(marks) {
				b.Cells[i].Candidates = marks[i]
			}
		}
		b.Cells[80] = &sudokuv1.Cell{Value: 9, Given: true}
		return b
	}
	killer := func(b *sudokuv1.Board) *sudokuv1.Board {
		b.Variant = sudokuv1.Variant_VARIANT_KILLER_JIGSAW
		b.Cages = []*sudokuv1.Cage{{Target: 9, Cells: []uint32{80}}}
		return b
	}
	const one = "a v1 string tells no single pencil mark from a digit found: 1 empty cell of one pencil mark written as solved digit (v2 or --to json keep them)"
	tests := []struct {
		name  string
		f     sudokuv1.Format
		board *sudokuv1.Board
		text  string
		want  string
	}{
		{"v1", sudokuv1.Format_FORMAT_V1, board([]uint32{5}), "", one},
		{"jigsaw v1", sudokuv1.Format_FORMAT_JIGSAW_V1, board([]uint32{5}), "shape=33&bd=…", one},
		// A killer v1 string flags no clue either: r9c9's 9 reads back
		// as a digit found.
		{"killer v1", sudokuv1.Format_FORMAT_KILLER_V1, board([]uint32{5}, []uint32{6}), "",
			"a killer v1 string tells no clue from a digit found: 1 clue written as solved digit (v2 or --to json keep them); " +
				"a v1 string tells no single pencil mark from a digit found: 2 empty cells of one pencil mark written as solved digits (v2 or --to json keep them)"},
		{"killer v1, no single mark", sudokuv1.Format_FORMAT_KILLER_V1, board(), "",
			"a killer v1 string tells no clue from a digit found: 1 clue written as solved digit (v2 or --to json keep them)"},
		// A killer jigsaw's jigsaw v1 string holds a killer v1 string as
		// its bd, which flags no clue either.
		{"killer jigsaw v1", sudokuv1.Format_FORMAT_JIGSAW_V1, killer(board()), "shape=33&bd=…,…&jigmap=…",
			"a killer v1 string tells no clue from a digit found: 1 clue written as solved digit (v2 or --to json keep them)"},
		{"killer jigsaw v1, a single mark", sudokuv1.Format_FORMAT_JIGSAW_V1, killer(board([]uint32{5})), "shape=33&bd=…,…&jigmap=…",
			"a killer v1 string tells no clue from a digit found: 1 clue written as solved digit (v2 or --to json keep them); " + one},
		{"jigsaw URL", sudokuv1.Format_FORMAT_URL, board([]uint32{5}), "https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd=…", one},
		{"2.0 URL", sudokuv1.Format_FORMAT_URL, board([]uint32{5}), "https://www.sudokuwiki.org/sudoku.htm?bd=S9B…", ""},
		{"v1, no single mark", sudokuv1.Format_FORMAT_V1, board(), "", ""},
		{"v2", sudokuv1.Format_FORMAT_V2, board([]uint32{5}), "", ""},
	}
	for _, tt := range tests {
		if got := progressLost(tt.f, tt.board, tt.text); got != tt.want {
			t.Errorf("%s: progressLost = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFormatFlagReadsWhatConvertWrites: every format convert writes can be
// named with -format to read it back (-format url was refused as an
// invalid value, though the service decodes FORMAT_URL).
func TestFormatFlagReadsWhatConvertWrites(t *testing.T) {
	for _, c := range convertFormats {
		t.Run(c.name, func(t *testing.T) {
			i := slices.IndexFunc(formatNames, func(f choice[sudokuv1.Format]) bool { return f.name == c.name })
			if i < 0 {
				t.Fatalf("-format has no %q, which convert --to writes", c.name)
			}
			if formatNames[i].value != c.value {
				t.Errorf("-format %s is %v, convert --to %s %v", c.name, formatNames[i].value, c.name, c.value)
			}
		})
	}
	url, _, err := runCLI(t, "", "convert", "--to", "url", seedPuzzle)
	if err != nil {
		t.Fatalf("convert --to url: %v", err)
	}
	out, stderr, err := runCLI(t, "", "solve", "--format", "url", strings.TrimSpace(url))
	if err != nil {
		t.Fatalf("solve --format url: %v\n%s", err, stderr)
	}
	if !strings.HasPrefix(out, "status: solved") {
		t.Errorf("solve --format url printed:\n%s", out)
	}
}
