package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// transcriptCases are command lines whose whole output, as a user sees
// it (standard output, standard error with the error reported, exit
// status), is kept in testdata/transcripts/<name>.golden; go test -update
// rewrites them. (protojson's errors vary from run to run on purpose, so
// a bad JSON board is tested in TestJSONErrors instead.)
var transcriptCases = []struct {
	name  string
	stdin string
	args  []string
}{
	{"usage", "", []string{"-h"}},
	{"help-solve", "", []string{"help", "solve"}},
	{"help-batch", "", []string{"batch", "-h"}},
	{"help-strategies", "", []string{"strategies", "-h"}},
	{"logic-with-guessing", "", []string{"solve", "--type", "logic", "--strategies", "A,B,C"}},
	{"guess-with-elimination", "", []string{"solve", "--type", "guess", "--strategies", "A,B,C,D"}},
	{"negative-timeout", "", []string{"solve", "--timeout", "-3s"}},
	{"unknown-letter", "", []string{"steps", "--strategies", "A,B,a2"}},
	{"order-with-logic", "", []string{"solve", "--type", "logic", "--order", "desc"}},
	{"seed-without-random", "", []string{"solve", "--seed", "7"}},
	{"json-diagonal-killer", diagonalKiller(11), []string{"solve", "-"}},
	{"v1-mistyped-as-header", "", []string{"convert", "--to", "plain", "s9b" + v1Pair[3:161]}},
	{"s9b-typed-as-l9b", "", []string{"convert", "--to", "plain", "L9B" + strings.Repeat("ep", 81)}},
	{"non-ascii-charset", "", []string{"solve", "--charset", "#αBCD", smallPuzzle}},
	{"cage-error", "", []string{"solve", "2" + strings.Repeat("1", 80) + ",12" + strings.Repeat("0", 160)}},
	{"batch-long-line", "", []string{"batch", "-"}},
	// Exit statuses: 3 no solution, 4 multiple solutions, 5 stuck.
	{"exit-no-solution", "", []string{"steps", "1200003000000000"}},
	{"exit-multiple", "", []string{"solve", "0000000000000000"}},
	{"exit-stuck", "", []string{"solve", "--type", "logic", "--strategies", "A", hardPuzzle}},
	{"check-multiple-false", "", []string{"solve", "--check-multiple=false", "0000000000000000"}},
	// A limit reached names its flag.
	{"max-steps-reached", "", []string{"solve", "--max-steps", "5", hardPuzzle}},
	{"charset-grid", "", []string{"steps", "--charset", "#ABCD", "--map", "##AA ##AA BBCC BBCC", "#A#B #### C#D# ####"}},
	// Texts no format reads: the formats tried, and why each failed.
	{"format-xyz", "", []string{"solve", "xyz"}},
	{"format-sudoku", "", []string{"solve", "SUDOKU"}},
	{"format-one-digit", "", []string{"solve", "1"}},
	{"format-v2-with-charset", "", []string{"solve", "--charset", ".123456789", "S9B" + strings.Repeat("0a", 81)}},
	{"format-str8ts-colour", "", []string{"solve", strings.Repeat("1", 16) + " " + strings.Repeat("0", 15) + "2"}},
	{"format-sudocue-4x4", "", []string{"solve", "2x2::k:1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16"}},
	// Flags that contradict a 2.0 string, and an empty -strategies entry.
	{"v2-variant-contradiction", "", []string{"solve", "--variant", "x", seedS9B}},
	// The simple Str8ts form names no variant, but its black cells do.
	{"str8ts-simple-variant-contradiction", "", []string{"solve", "--variant", "x", "508000030079020040000300206000080400064000010013400000000000000401000600000000097 110001100000110000001000000100000100110010011001000001000000100000011000001100011"}},
	{"v2-variant-agrees", "", []string{"solve", "--variant", "classic", seedS9B}},
	// An interim base-32 string, read strictly in base 36, has no solution;
	// the note names -tolerant, which reads it in base 32.
	{"v2-interim-no-solution", "", []string{"solve", s9bInterim}},
	{"v2-interim-tolerant", "", []string{"solve", "--tolerant", s9bInterim}},
	{"v2-map", "", []string{"steps", "--map", "000122222000111222033331112003444411333345555664444577866655557888666777888886777", seedS9B}},
	{"v2-charset", "", []string{"solve", "--charset", ".123456789", seedS9B}},
	{"v2-charset-format-v2", "", []string{"solve", "--format", "v2", "--charset", ".ABCDEFGHI", seedS9B}},
	{"generate-v2-variant", "", []string{"generate", "--mode", "start", "--variant", "killer", seedS9B}},
	{"strategies-empty-entry", "", []string{"solve", "--strategies", ","}},
	// convert's refusals, client- and server-side, in one style.
	{"convert-header-mismatch", "", []string{"convert", "--to", "s6b", seedPuzzle}},
	{"convert-cannot-carry", "", []string{"convert", "--to", "killer-v1", seedPuzzle}},
	// Killer X: SudoCue's flag d, which no 2.0 header names.
	{"killer-x-solve", "", []string{"solve", sudoCueKillerX}},
	// The killer forms fix their variant as a 2.0 header does: SudoCue's
	// killer X is no killer, and an arrow string no killer X.
	{"killer-x-as-killer", "", []string{"solve", "--variant", "killer", sudoCueKillerX}},
	{"killer-x-as-killer-agrees", "", []string{"solve", "--variant", "killer-x", "--type", "logic", "--strategies", "A", sudoCueKillerX}},
	{"killer-x-v2", "", []string{"convert", "--to", "v2", sudoCueKillerX}},
	{"generate-killer-x", "", []string{"generate", "--variant", "killer-x", "--seed", "1"}},
	{"format-document-no-blank-line", "#ABCD\n#A#B\n####\nC#D#\n####\n### Map\n##AA\n##AA\nBBCC\nBBCC\n", []string{"solve", "-"}},
	// Steps name digits by the document's own charset, as its plain text
	// does, and cells by the board's size where no step carries a packed
	// board (a killer whose cages touch only at corners).
	{"format-document-steps", "#ABCD\n#A#B\n####\nC#D#\n####\n### Map\n##AA\n##AA\nBBCC\nBBCC\n", []string{"steps", "-"}},
	{"killer-corner-cages-steps", killerCornerCages, []string{"steps", "-"}},
	// Plain text carries digits alone: convert says what it left out.
	// A 2.0 string lists every open cell's candidates: none beyond what
	// its digits leave, nothing to say.
	{"convert-v2-plain", "", []string{"convert", "--to", "plain", seedS9B}},
	{"convert-progress-plain", `{"size":4,"cells":[{"value":1,"given":true},{"value":2},{},{},{},{},{"candidates":[1,2]},{},{},{},{},{},{},{},{},{}]}`, []string{"convert", "--to", "plain", "-"}},
	// The grid keeps pencil marks that say more than the digits, as a
	// pencil-mark grid, which reads back the same.
	{"convert-progress-grid", `{"size":4,"cells":[{"value":1,"given":true},{"value":2},{},{},{},{},{"candidates":[1,2]},{},{},{},{},{},{},{},{},{}]}`, []string{"convert", "--to", "grid", "-"}},
	{"convert-pencil-grid", pencilGrid, []string{"convert", "--to", "grid", "-"}},
	{"solve-pencil-grid", pencilGrid, []string{"steps", "--max-steps", "3", "-"}},
}

// pencilGrid is a position of the web viewer's classic example at its
// seventh step, as its Copy grid writes it.
const pencilGrid = `.---------------------.-----------------------.----------------------.
| 4      19    7      | 139    2369    269    | 8      1239   5      |
| 2689   3     125689 | 14589  24569   245689 | 12679  1249   124679 |
| 2689   1589  125689 | 7      234569  245689 | 12369  12349  123469 |
:---------------------+-----------------------+----------------------:
| 3789   2     1589   | 3459   34579   4579   | 13579  6      13789  |
| 3679   159   1569   | 359    8       25679  | 4      12359  12379  |
| 36789  4     5689   | 359    1       25679  | 23579  23589  23789  |
:---------------------+-----------------------+----------------------:
| 289    89    289    | 6      45      3      | 15     7      14     |
| 5      67    3      | 2      479     1      | 69     489    4689   |
| 1      67    4      | 589    579     5789   | 23569  23589  23689  |
'---------------------'-----------------------'----------------------'
`

// killerCornerCages is a 4×4 killer whose two cages are diagonal pairs
// of cells, which no 2.0 string carries.
const killerCornerCages = `{"size":4,"cells":[{},{"value":2,"given":true},{"value":3,"given":true},{"value":4,"given":true},{"value":3,"given":true},{},{"value":1,"given":true},{"value":2,"given":true},{"value":2,"given":true},{"value":1,"given":true},{},{"value":3,"given":true},{"value":4,"given":true},{"value":3,"given":true},{"value":2,"given":true},{}],"variant":"VARIANT_KILLER","cages":[{"cells":[0,5],"target":5,"operator":"CAGE_OPERATOR_ADD"},{"cells":[10,15],"target":5,"operator":"CAGE_OPERATOR_ADD"}]}`

// sudoCueKillerX is a killer X (the forum's first "human-solvable zero",
// engine/solver/testdata/killer-hs.txt) in SudoCue's form.
const sudoCueKillerX = "3x3:d:k:3841:7705:7705:7705:7705:7705:26:3847:3847:3841:27:3846:3846:3846:7705:4361:3847:3848:3841:3843:4621:4876:28:4361:4361:4619:3848:29:3843:4621:4876:4876:5395:5395:4619:3848:3844:3843:4621:4114:4114:5395:4619:30:3850:3844:4878:4880:31:4114:3605:3605:3850:3850:3844:4878:4880:4880:4372:3350:3605:4632:32:4367:4878:33:4625:4372:3350:3350:4632:4632:4367:4367:4625:4625:4372:34:4375:4375:4375:"

// seedS9B is seedPuzzle as a 2.0 string.
const seedS9B = "S9Bepepepepepepepepepep07epep04epep01ep03ep0105ep0604ep08epepepepepepepepepep06epep01epep04ep01ep0507ep0908ep03epepepepepepepepepep03epep07epep02ep02ep0408ep0507ep09"

// hardPuzzle needs more than singles: with --strategies A, logic is stuck.
const hardPuzzle = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"

// durations matches what varies from run to run in a summary line.
var durations = regexp.MustCompile(`in [0-9.]+[mµn]?s \(([0-9]+ answered, )?[0-9]+/s\)`)

func TestTranscriptsGolden(t *testing.T) {
	for _, tc := range transcriptCases {
		t.Run(tc.name, func(t *testing.T) {
			stdin := tc.stdin
			if tc.name == "batch-long-line" {
				stdin = strings.Join([]string{seedPuzzle, strings.Repeat("0", maxInput+1), "# comment", seedPuzzle}, "\n")
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			var out, errOut bytes.Buffer
			code := 0
			if err := run(ctx, tc.args, strings.NewReader(stdin), &out, &errOut); err != nil {
				code = report(&errOut, err)
			}
			stdout := out.String()
			if tc.args[0] == "batch" {
				// Lines come in the order answered.
				lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
				slices.Sort(lines)
				stdout = strings.Join(lines, "\n") + "\n"
			}
			got := fmt.Sprintf("$ solverctl %s\n%s--- stderr\n%s--- exit status %d\n", strings.Join(tc.args, " "), stdout,
				durations.ReplaceAllString(errOut.String(), "in T (R/s)"), code)
			checkGolden(t, filepath.Join("testdata", "transcripts", tc.name+".golden"), got)
		})
	}
}

// checkGolden fails t unless got equals the golden file at path; with
// -update it writes got there instead.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\n%s", path, got)
	}
}

// s9bInterim is an interim base-32 S9B string (the shared SudokuWiki
// vectors' s9b-interim-base32).
const s9bInterim = "S9B030e0h0906070q0s013j049j030e029i089i1i029i0a4i0qae07a21l071p120d1i6209641t8j9l0807032a1t2405ci9i0b019i7q1q030k0f04078m05010mci090j050d0m0h021m07080c0g0602018i0e04"
