package codec

import (
	"bufio"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// Killers of tarek's list of pathological killers in the forum's arrow
// form, and a SudoCue killer, with their solutions.
const (
	arrowsTarek    = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
	arrowsTarekSol = "432851769786239415159467823263974581971583642548612397397148256614725938825396174"
	arrowsZeroHead = "B<7<JF<B<^T<<^V<<^A^L<^R<^8^^^^^^^^^G<<M0^C<<AS>^OF<SB^^^^^^^^^H^<<^>>^E^<9<^8<>^"
	arrowsZeroSol  = "735286941189435276462971583623718495547629318891354762274863159316597824958142637"
	arrowsDiagonal = "ORH9GOCG<I```````^I````N```8``````9`I````DA``K`O`OL```C```L````I``3`````^<```````"
	// The Interactive Sudoku Solver's "Killer sudoku [0 cage, hard]": two
	// heads 0 over six cells each, cages without a total.
	arrowsBare        = "Z<<<<W<<<^0<<>^X<T>^j>>>^>^c^^<<>>^T^<<<^>>>^^S<<^<<0^>^L<<<^^<^>^U<>>^Q>>>^>>>>^"
	arrowsBareSol     = "458723196936185274271496583392547618867931452514268739783612945645379821129854367"
	sudoCueExample    = "3x3::k:3595:3595:3844:3844:3090:3336:3336:2575:2575:3595:4620:4620:3348:3090:5:5648:5648:2575:3350:4620:4620:3348:3090:23:5648:5648:3841:3350:2581:24:3348:25:26:27:2579:3841:28:2581:29:30:4625:4625:4625:2579:31:3843:2581:32:33:34:35:36:2579:3335:3843:4878:4878:37:38:39:4618:4618:3335:3341:4878:4878:40:41:42:4618:4618:3593:3341:3341:3334:3334:43:3842:3842:3593:3593:"
	sudoCueExampleSol = "279648531581739426463251798956483217128975643734162859812597364697324185345816972"
)

// checkSolutionFits checks that a solution keeps the cages of p: the sum
// of each that has a total, no digit twice in one.
func checkSolutionFits(t *testing.T, p *Puzzle, solution string) {
	t.Helper()
	for _, cg := range p.Cages {
		sum, seen := 0, map[byte]bool{}
		for _, cell := range cg.Cells {
			d := solution[cell]
			if seen[d] {
				t.Errorf("cage at %s: %c twice", cellName(9, cg.Cells[0]), d)
			}
			seen[d] = true
			sum += int(d - '0')
		}
		if cg.Op != grid.OpDistinct && sum != cg.Target {
			t.Errorf("cage at %s: the solution sums to %d, want %d", cellName(9, cg.Cells[0]), sum, cg.Target)
		}
	}
}

// orthogonal reports whether every cage of p is orthogonally connected.
func orthogonal(p *Puzzle) bool {
	node := make([]int, p.Size*p.Size)
	for i := range node {
		node[i] = -1
	}
	for k, cg := range p.Cages {
		for _, c := range cg.Cells {
			node[c] = k
		}
	}
	for k, cg := range p.Cages {
		if !connected(p.Size, cg.Cells, node, k) {
			return false
		}
	}
	return true
}

func TestDecodeKillerForms(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		format     Format
		cages      int
		bare       int  // cages without a total, of cages
		uncaged    int  // cells in no cage
		orthogonal bool // every cage orthogonally connected
		solution   string
		sameText   bool // the encoder gives the text back
	}{
		{"arrows", arrowsTarek, FormatKillerArrows, 24, 0, 0, true, arrowsTarekSol, true},
		{"arrows with a 0 head", arrowsZeroHead, FormatKillerArrows, 24, 0, 1, true, arrowsZeroSol, true},
		{"arrows with diagonal cages", arrowsDiagonal, FormatKillerArrows, 24, 0, 0, false, "", true},
		{"arrows with spaces around", "  " + arrowsTarek + "\n", FormatKillerArrows, 24, 0, 0, true, arrowsTarekSol, false},
		{"arrows with cages without a total", arrowsBare, FormatKillerArrows, 13, 2, 0, true, arrowsBareSol, true},
		{"SudoCue", sudoCueExample, FormatSudoCue, 21, 0, 22, true, sudoCueExampleSol, false},
		{"SudoCue without the trailing colon", strings.TrimSuffix(sudoCueExample, ":"), FormatSudoCue, 21, 0, 22, true, sudoCueExampleSol, false},
		{"SudoCue upper case", strings.ToUpper(sudoCueExample), FormatSudoCue, 21, 0, 22, true, sudoCueExampleSol, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, f, err := Decode(tt.in, DecodeOptions{})
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if f != tt.format {
				t.Errorf("format = %v, want %v", f, tt.format)
			}
			if p.Size != 9 || p.Variant != grid.Killer || !p.VariantSet {
				t.Errorf("size %d variant %v (set %v), want a 9×9 killer", p.Size, p.Variant, p.VariantSet)
			}
			if len(p.Cages) != tt.cages {
				t.Errorf("%d cages, want %d", len(p.Cages), tt.cages)
			}
			caged, bare := 0, 0
			for _, cg := range p.Cages {
				caged += len(cg.Cells)
				if cg.Op == grid.OpDistinct && cg.Target == 0 {
					bare++
				} else if cg.Op != grid.OpAdd {
					t.Errorf("cage %+v: neither a sum nor without a total", cg)
				}
				if !slices.IsSorted(cg.Cells) {
					t.Errorf("cage %+v: cells not ascending", cg)
				}
			}
			if bare != tt.bare {
				t.Errorf("%d cages without a total, want %d", bare, tt.bare)
			}
			if got := 81 - caged; got != tt.uncaged {
				t.Errorf("%d cells in no cage, want %d", got, tt.uncaged)
			}
			if got := orthogonal(p); got != tt.orthogonal {
				t.Errorf("orthogonal = %v, want %v", got, tt.orthogonal)
			}
			if _, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: p.Cages}); err != nil {
				t.Errorf("NewLayout: %v", err)
			}
			if tt.solution != "" {
				checkSolutionFits(t, p, tt.solution)
			}
			s, err := Encode(p, tt.format)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if tt.sameText && s != tt.in {
				t.Errorf("Encode = %s, want the text back", s)
			}
			p2, _, err := Decode(s, DecodeOptions{Format: tt.format})
			if err != nil {
				t.Fatalf("Decode(%s): %v", s, err)
			}
			if !sameState(p2, p) {
				t.Errorf("round trip through %s changed the cages", s)
			}
		})
	}
}

// TestKillerArrowsSolve proves the first of tarek's killers unique with
// the exact search, from its arrow string.
func TestKillerArrowsSolve(t *testing.T) {
	p, err := DecodeKillerArrows(arrowsTarek)
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	var s search.Searcher
	res, err := s.Count(context.Background(), b, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Solutions) != 1 || !res.Complete {
		t.Fatalf("%d solutions (complete %v), want 1", len(res.Solutions), res.Complete)
	}
	got := make([]byte, 81)
	for i, v := range res.Solutions[0] {
		got[i] = '0' + v
	}
	if string(got) != arrowsTarekSol {
		t.Errorf("solution %s, want %s", got, arrowsTarekSol)
	}
}

func TestKillerFormErrors(t *testing.T) {
	with := func(s string, at int, c string) string { return s[:at] + c + s[at+1:] }
	fields := strings.Split(sudoCueExample, ":")
	sudoCue := func(change func([]string) []string) string {
		return strings.Join(change(slices.Clone(fields)), ":")
	}
	tests := []struct {
		name   string
		in     string
		format Format
		want   string
	}{
		{"loop", with(with(arrowsTarek, 0, ">"), 1, "<"), FormatAuto, "cell r1c1: the pointers from it go round a loop (r1c1 → r1c2 → r1c1) that reaches no cage sum"},
		{"longer loop", with(with(with(with(arrowsTarek, 0, ">"), 1, "v"), 10, "<"), 9, "^"), FormatAuto, "loop (r1c1 → r1c2 → r2c2 → r2c1 → r1c1)"},
		{"loop reached from outside", with(with(with(arrowsTarek, 1, ">"), 2, "<"), 0, ">"), FormatAuto, "cell r1c2: the pointers from it go round a loop (r1c2 → r1c3 → r1c2)"},
		{"off the top", with(arrowsTarek, 0, "^"), FormatAuto, "cell r1c1: '^' at position 1 points off the board"},
		{"off the right", with(arrowsTarek, 8, ">"), FormatAuto, "cell r1c9: '>' at position 9 points off the board"},
		{"off the left", with(arrowsTarek, 9, ","), FormatAuto, "cell r2c1: ',' at position 10 points off the board"},
		{"off the bottom", with(arrowsTarek, 80, "."), FormatAuto, "cell r9c9: '.' at position 81 points off the board"},
		{"bad character", with(arrowsTarek, 4, "k"), FormatKillerArrows, "cell r1c5: 'k' at position 5 is neither a cage sum (0-9, A-Z, a-j) nor a pointer"},
		{"bad character detected", with(arrowsTarek, 1, "z"), FormatAuto, "cell r1c2: 'z' at position 2 is neither a cage sum (0-9, A-Z, a-j) nor a pointer"},
		{"short arrows", arrowsTarek[1:], FormatKillerArrows, "has 81 characters, the text has 80"},
		{"short arrows detected", arrowsTarek[1:], FormatAuto, "looks like a killer arrow string, which has 81 characters, but has 80"},
		{"SudoCue too few", sudoCue(func(f []string) []string { return append(f[:5], f[6:]...) }), FormatAuto, "has 81 numbers after 3x3::k:, got 80"},
		{"SudoCue too many", sudoCue(func(f []string) []string { return append(f, "5", "") }), FormatAuto, "has 81 numbers after 3x3::k:, got 83"},
		{"SudoCue two flags", sudoCue(func(f []string) []string { f[1] = "dd"; return f }), FormatAuto, `unknown SudoCue flags "dd": the only flag is d`},
		{"SudoCue unknown flag", sudoCue(func(f []string) []string { f[1] = "q"; return f }), FormatAuto, `unknown SudoCue flags "q"`},
		{"SudoCue not a number", sudoCue(func(f []string) []string { f[4] = "38x4"; return f }), FormatAuto, `cell r1c2: "38x4" at position 13 is not a decimal number`},
		{"SudoCue empty number", sudoCue(func(f []string) []string { f[4] = ""; return f }), FormatAuto, `cell r1c2: "" at position 13 is not a decimal number`},
		{"SudoCue sign", sudoCue(func(f []string) []string { f[3] = "+3595"; return f }), FormatAuto, `cell r1c1: "+3595" at position 8 is not a decimal number`},
		{"SudoCue sum too big", sudoCue(func(f []string) []string { f[3] = "11777"; return f }), FormatAuto, "cell r1c1: 11777 at position 8 is sum 46 in cage 1; a killer sum is at most 45"},
		{"SudoCue number too long", sudoCue(func(f []string) []string { f[3] = "256011"; return f }), FormatAuto, `cell r1c1: "256011" at position 8 has 6 digits: a number is sum×256 + cage id, at most 5 digits (45×256 + 255 = 11775)`},
		{"SudoCue number far too long", sudoCue(func(f []string) []string { f[3] = "4294967295"; return f }), FormatAuto, `cell r1c1: "4294967295" at position 8 has 10 digits: a number is sum×256 + cage id`},
		{"SudoCue long and not a number", sudoCue(func(f []string) []string { f[3] = "3595x11"; return f }), FormatAuto, `cell r1c1: "3595x11" at position 8 is not a decimal number`},
		{"SudoCue two sums", sudoCue(func(f []string) []string { f[4] = "3851"; return f }), FormatAuto, "cell r1c2: 3851 at position 13 gives cage 11 sum 15, which has sum 14 at r1c1"},
		{"SudoCue not killer", sudoCue(func(f []string) []string { f[2] = "x"; return f }), FormatAuto, `its third field is "x", not k`},
		{"SudoCue wrong prefix", "4x4::k:1", FormatSudoCue, `a SudoCue string starts with "3x3:"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Decode(tt.in, DecodeOptions{Format: tt.format})
			var fe *grid.FieldError
			if !errors.As(err, &fe) || !strings.Contains(fe.Reason, tt.want) {
				t.Fatalf("err = %v, want *grid.FieldError containing %q", err, tt.want)
			}
			if fe.Field != "text" && fe.Field != "format" {
				t.Errorf("field %q, want text (or format for a text of the wrong shape)", fe.Field)
			}
		})
	}
}

func TestEncodeKillerFormsRefuse(t *testing.T) {
	killer := func(cages ...grid.Cage) *Puzzle {
		return &Puzzle{Size: 9, Variant: grid.Killer, VariantSet: true, Cells: make([]grid.CellState, 81), Cages: cages}
	}
	pair := grid.Cage{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd}
	bareCage := grid.Cage{Cells: []int{9, 10}, Op: grid.OpDistinct}
	withCell := func(p *Puzzle, cell int, c grid.CellState) *Puzzle { p.Cells[cell] = c; return p }
	apart := killer(grid.Cage{Cells: []int{0, 2}, Target: 3, Op: grid.OpAdd})
	sixes := &Puzzle{Size: 6, Variant: grid.Killer, VariantSet: true, Cells: make([]grid.CellState, 36), Cages: []grid.Cage{pair}}
	jigsaw := killer(pair)
	jigsaw.Variant = grid.KillerJigsaw
	killerX := killer(pair)
	killerX.Variant = grid.KillerX
	classic := &Puzzle{Size: 9, Cells: make([]grid.CellState, 81)}
	testRefusals(t, []refusal{
		{"clue", withCell(killer(pair), 5, grid.CellState{Value: 4, Given: true}), FormatKillerArrows, "cell r1c6 holds 4, a clue; killer arrow strings hold the cages alone"},
		{"solved cell", withCell(killer(pair), 0, grid.CellState{Value: 1}), FormatSudoCue, "cell r1c1 holds 1, a solved cell; SudoCue strings hold the cages alone"},
		{"pencil marks", withCell(killer(pair), 7, grid.CellState{Cand: grid.Bit(1) | grid.Bit(2)}), FormatKillerArrows, "cell r1c8 has pencil marks {1,2}"},
		{"sum too big", killer(grid.Cage{Cells: []int{0, 1}, Target: 46, Op: grid.OpAdd}), FormatKillerArrows, "cage at r1c1 has sum 46; killer arrow strings hold 1..45"},
		{"product", killer(grid.Cage{Cells: []int{0, 1}, Target: 6, Op: grid.OpMul}), FormatSudoCue, "hold sums only"},
		{"overlap", killer(pair, grid.Cage{Cells: []int{1, 2}, Target: 3, Op: grid.OpAdd}), FormatSudoCue, "cell r1c2 is in two cages"},
		{"cage in pieces", apart, FormatKillerArrows, "cage 1 at r1c1 falls apart into pieces that do not touch, not even at corners"},
		{"6×6", sixes, FormatKillerArrows, "killer arrow strings hold 9×9 boards, not 6×6"},
		{"killer jigsaw", jigsaw, FormatSudoCue, "SudoCue strings have no jigsaw regions"},
		{"classic", classic, FormatKillerArrows, "killer arrow strings hold killers, not classic boards"},
		{"killer X", killerX, FormatKillerArrows, "killer arrow strings hold killers, not killer X boards"},
		{"no total in SudoCue", killer(pair, bareCage), FormatSudoCue, "cage at r2c1 has no total, which SudoCue strings cannot hold (the killer arrow form can)"},
		{"no total in v2", killer(pair, bareCage), FormatV2, "cage at r2c1 has no total, which L9B cannot hold"},
		{"no total in killer v1", killer(pair, bareCage), FormatKillerV1, "cage at r2c1 has no total"},
	})
	// The automatic choice for a killer with a cage without a total is
	// the arrow form, which keeps it.
	if s, err := Encode(killer(pair, bareCage), FormatAuto); err != nil || s[9:11] != "0<" {
		t.Errorf("Encode(auto) of a cage without a total = %q, %v, want the arrow form with the head 0 at r2c1", s, err)
	}
	// A cage whose cells touch at corners only: no 2.0 string draws it,
	// so the automatic choice is the arrow form; with a clue, which that
	// form cannot hold, the 2.0 string's refusal stands.
	corner := killer(grid.Cage{Cells: []int{0, 10}, Target: 3, Op: grid.OpAdd})
	if s, err := Encode(corner, FormatAuto); err != nil || s[0] != '3' || s[10] != '`' {
		t.Errorf("Encode(auto) of a cage touching at a corner = %q, %v, want the arrow form, 3 at r1c1 and r2c2 pointing to it", s, err)
	}
	if _, err := Encode(withCell(corner, 5, grid.CellState{Value: 4, Given: true}), FormatAuto); err == nil || !strings.Contains(err.Error(), "not orthogonally connected, which L9B cannot express") {
		t.Errorf("Encode(auto) of a cage touching at a corner, with a clue: %v, want L9B's refusal", err)
	}
	// SudoCue writes a cage in pieces, and a one-cell cage's sum as a
	// solved cell is no progress.
	one := withCell(killer(grid.Cage{Cells: []int{40}, Target: 7, Op: grid.OpNone}), 40, grid.CellState{Value: 7})
	for _, p := range []*Puzzle{apart, one} {
		if _, err := EncodeSudoCue(p); err != nil {
			t.Errorf("EncodeSudoCue(%+v): %v", p.Cages, err)
		}
	}
	if s, err := EncodeKillerArrows(one); err != nil || s[40] != '7' {
		t.Errorf("EncodeKillerArrows of a one-cell cage = %q, %v, want 7 at r5c5", s, err)
	}
}

// TestEncodeSudoCue checks the numbering: cage ids from 1 in order of
// first cells, a fresh id for every cell in no cage.
func TestEncodeSudoCue(t *testing.T) {
	p := &Puzzle{Size: 9, Variant: grid.Killer, VariantSet: true, Cells: make([]grid.CellState, 81), Cages: []grid.Cage{
		{Cells: []int{2, 11}, Target: 10, Op: grid.OpAdd},
		{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd},
	}}
	s, err := EncodeSudoCue(p)
	if err != nil {
		t.Fatal(err)
	}
	// r1c1-2: cage id 1 sum 3 (769); r1c3: cage id 2 sum 10 (2562);
	// r1c4…r2c2: ids 3…10 with sum 0; r2c3: cage 2.
	want := "3x3::k:769:769:2562:3:4:5:6:7:8:9:10:2562:11:"
	if !strings.HasPrefix(s, want) || !strings.HasSuffix(s, ":79:") || strings.Count(s, ":") != 84 {
		t.Errorf("EncodeSudoCue = %s, want prefix %s, 81 numbers, ending :79:", s, want)
	}
}

// readKillers returns the killers of a search fixture, in any format.
func readKillers(t *testing.T, name string) []*Puzzle {
	t.Helper()
	f, err := os.Open("../search/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*Puzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, _, err := Decode(strings.Fields(line)[0], DecodeOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKillerFormsRoundTrip writes the killers of the search fixtures (L9B,
// and tarek's published arrow strings) in both forms and reads them back: the same cages, and the same text
// when written again.
func TestKillerFormsRoundTrip(t *testing.T) {
	var killers []*Puzzle
	for _, name := range []string{"killer9.txt", "killer9-tarek.txt"} {
		killers = append(killers, readKillers(t, name)...)
	}
	for i, p := range killers {
		for _, f := range []Format{FormatKillerArrows, FormatSudoCue} {
			s, err := Encode(p, f)
			if err != nil {
				t.Fatalf("killer %d: Encode(%v): %v", i+1, f, err)
			}
			p2, detected, err := Decode(s, DecodeOptions{})
			if err != nil || detected != f {
				t.Fatalf("killer %d: Decode(%s) = %v, %v, want format %v", i+1, s, detected, err, f)
			}
			if !slices.EqualFunc(p2.Cages, p.Cages, func(a, b grid.Cage) bool { return slices.Equal(a.Cells, b.Cells) && a.Target == b.Target }) {
				t.Fatalf("killer %d: %v changed the cages:\ngot  %v\nwant %v", i+1, f, p2.Cages, p.Cages)
			}
			if s2, err := Encode(p2, f); err != nil || s2 != s {
				t.Fatalf("killer %d: %v again = %s, %v, want %s", i+1, f, s2, err, s)
			}
		}
	}
}

// kingNeighbours appends to buf the cells of a 9×9 board that touch cell
// through a side or a corner.
func kingNeighbours(cell int, buf []int) []int {
	for _, step := range arrowTreeSteps {
		row, col := cell/9+step[0], cell%9+step[1]
		if row >= 0 && row < 9 && col >= 0 && col < 9 {
			buf = append(buf, row*9+col)
		}
	}
	return buf
}

// randomKingCages partitions a 9×9 board into random cages whose cells
// touch through sides or corners, leaving some cells in no cage.
func randomKingCages(r *rand.Rand) []grid.Cage {
	owner := make([]bool, 81)
	var cages []grid.Cage
	for _, start := range r.Perm(81) {
		if owner[start] {
			continue
		}
		owner[start] = true
		if r.IntN(8) == 0 {
			continue
		}
		cage := growCage(r, owner, start, 1+r.IntN(6), kingNeighbours)
		cages = append(cages, grid.Cage{Cells: cage, Target: 1 + r.IntN(45), Op: grid.OpAdd})
	}
	slices.SortFunc(cages, func(a, b grid.Cage) int { return a.Cells[0] - b.Cells[0] })
	return cages
}

// TestKillerFormsRandom writes random killers, cages joined diagonally
// included, in both forms and reads them back; then, some of their cages
// without a total, in the arrow form.
func TestKillerFormsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		p := &Puzzle{Size: 9, Variant: grid.Killer, VariantSet: true, Cells: make([]grid.CellState, 81), Cages: randomKingCages(r)}
		for _, f := range []Format{FormatKillerArrows, FormatSudoCue} {
			s, err := Encode(p, f)
			if err != nil {
				t.Fatalf("Encode(%v): %v", f, err)
			}
			p2, detected, err := Decode(s, DecodeOptions{})
			if err != nil || detected != f {
				t.Fatalf("Decode(%s) = %v, %v, want format %v", s, detected, err, f)
			}
			if !sameState(p2, p) {
				t.Fatalf("round trip through %s changed the puzzle:\ngot  %+v\nwant %+v", s, p2.Cages, p.Cages)
			}
			checkStable(t, p2)
		}
		// Cages without a total, in the arrow form alone.
		for k := range p.Cages {
			if len(p.Cages[k].Cells) > 1 && r.IntN(4) == 0 {
				p.Cages[k].Target, p.Cages[k].Op = 0, grid.OpDistinct
			}
		}
		s, err := Encode(p, FormatAuto)
		if err != nil {
			t.Fatalf("Encode(auto) with cages without a total: %v", err)
		}
		if p2, detected, err := Decode(s, DecodeOptions{}); err != nil || detected != FormatKillerArrows || !sameState(p2, p) {
			t.Fatalf("round trip through %s (%v, %v) changed the puzzle:\ngot  %+v\nwant %+v", s, detected, err, p2, p.Cages)
		}
	}
}

// sudoCueKillerX is the first of the forum's "human-solvable zero" killers
// (forum.enjoysudoku.com, t33357), a killer X, as the Interactive Sudoku
// Solver's data/collections.js holds it, with its solution.
const (
	sudoCueKillerX    = "3x3:d:k:3841:7705:7705:7705:7705:7705:26:3847:3847:3841:27:3846:3846:3846:7705:4361:3847:3848:3841:3843:4621:4876:28:4361:4361:4619:3848:29:3843:4621:4876:4876:5395:5395:4619:3848:3844:3843:4621:4114:4114:5395:4619:30:3850:3844:4878:4880:31:4114:3605:3605:3850:3850:3844:4878:4880:4880:4372:3350:3605:4632:32:4367:4878:33:4625:4372:3350:3350:4632:4632:4367:4367:4625:4625:4372:34:4375:4375:4375:"
	sudoCueKillerXSol = "875329146312674958469815372146298735253746819798153624687432591521987463934561287"
)

// TestSudoCueKillerX reads the flag d as a killer X, whose layout has the
// two diagonals as units and fits the published solution, and writes the
// flag back.
func TestSudoCueKillerX(t *testing.T) {
	p, f, err := Decode(sudoCueKillerX, DecodeOptions{})
	if err != nil || f != FormatSudoCue {
		t.Fatalf("Decode = format %v, %v; want SudoCue", f, err)
	}
	if p.Variant != grid.KillerX || !p.VariantSet {
		t.Fatalf("variant %v (set %v), want killer X", p.Variant, p.VariantSet)
	}
	l, err := p.Layout(grid.Classic)
	if err != nil {
		t.Fatalf("Layout: %v", err)
	}
	diagonals := 0
	for _, u := range l.Units() {
		if u.Kind == grid.Diagonal {
			diagonals++
		}
	}
	if diagonals != 2 || len(l.Cages()) != len(p.Cages) {
		t.Errorf("%d diagonal units and %d cages, want 2 and %d", diagonals, len(l.Cages()), len(p.Cages))
	}
	checkSolutionFits(t, p, sudoCueKillerXSol)
	s, err := Encode(p, FormatSudoCue)
	if err != nil || !strings.HasPrefix(s, "3x3:d:k:") {
		t.Fatalf("Encode = %.12s…, %v; want the flag d", s, err)
	}
	p2, _, err := Decode(s, DecodeOptions{})
	if err != nil || p2.Variant != grid.KillerX || !slices.EqualFunc(p2.Cages, p.Cages, func(a, b grid.Cage) bool { return slices.Equal(a.Cells, b.Cells) && a.Target == b.Target }) {
		t.Fatalf("Decode(Encode) = %v, %v; want the same killer X", p2, err)
	}
}
