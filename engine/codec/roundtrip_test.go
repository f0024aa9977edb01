package codec

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// allFormats are the formats Encode writes.
var allFormats = []Format{FormatPlain, FormatNxN, FormatGrid, FormatV1, FormatKillerV1, FormatJigsawV1, FormatV2, FormatURL, FormatKillerArrows, FormatSudoCue}

// checkStable checks that every format p encodes in either refuses it with
// a *grid.FieldError or gives a text that decodes, in that format, to a puzzle that
// encodes to the same text.
func checkStable(t *testing.T, p *Puzzle) {
	t.Helper()
	for _, f := range allFormats {
		s, err := Encode(p, f)
		if err != nil {
			var e *grid.FieldError
			if !errors.As(err, &e) {
				t.Fatalf("Encode(%v) error %v is %T, not *grid.FieldError", f, err, err)
			}
			continue
		}
		p2, _, err := Decode(s, DecodeOptions{Format: f})
		if err != nil {
			t.Fatalf("Decode(Encode(p, %v)) of\n%s\n%v", f, s, err)
		}
		s2, err := Encode(p2, f)
		if err != nil {
			t.Fatalf("Encode(Decode(Encode(p, %v))): %v", f, err)
		}
		if s2 != s {
			t.Fatalf("%v is not stable:\n%s\n%s", f, s, s2)
		}
	}
}

// randomPuzzle returns a random state of a variant and size as a 2.0
// string decodes it: cages normalized (sorted, killer cages of one cell
// solved), regions labelled 1..n.
func randomPuzzle(r *rand.Rand, v grid.Variant, n int) *Puzzle {
	cells := n * n
	p := &Puzzle{Size: n, Variant: v, VariantSet: true, Cells: make([]grid.CellState, cells), Marks: true}
	all := grid.AllDigits(n)
	for i := range p.Cells {
		c := &p.Cells[i]
		switch x := r.IntN(10); {
		case x < 2:
			c.Value, c.Given = 1+r.IntN(n), true
		case x < 4:
			c.Value = 1 + r.IntN(n)
		case x < 8:
			c.Cand = grid.Digits(1 + r.Uint64N(uint64(all)))
		case x < 9:
			c.Cand = all
		}
	}
	if v.IsStr8ts() {
		p.Black = make([]bool, cells)
		for i := range p.Black {
			if r.IntN(5) == 0 {
				p.Black[i] = true
				p.Cells[i] = grid.CellState{}
				if r.IntN(2) == 0 {
					p.Cells[i] = grid.CellState{Value: 1 + r.IntN(n), Given: true}
				}
			}
		}
	}
	if v.Irregular() {
		p.Regions = make([]int, 0, cells)
		for k := 1; k <= n; k++ {
			for range n {
				p.Regions = append(p.Regions, k)
			}
		}
		r.Shuffle(cells, func(i, j int) { p.Regions[i], p.Regions[j] = p.Regions[j], p.Regions[i] })
	}
	if v.HasCages() {
		p.Cages = randomCages(r, p)
	}
	return p
}

// randomCages partitions a board into random connected cages with random
// targets (killers leave some cells out).
func randomCages(r *rand.Rand, p *Puzzle) []grid.Cage {
	n, v := p.Size, p.Variant
	owner := make([]bool, n*n)
	var cages []grid.Cage
	for _, start := range r.Perm(n * n) {
		if owner[start] {
			continue
		}
		owner[start] = true
		if !v.Arithmetic() && r.IntN(8) == 0 {
			continue // a cell in no cage
		}
		cage := growCage(r, owner, start, 1+r.IntN(min(n, 5)), func(cell int, buf []int) []int { return neighbours(n, cell, buf) })
		cg := grid.Cage{Cells: cage, Op: grid.OpAdd}
		if v.Arithmetic() {
			cg.Target = 1 + r.IntN(int(kenKenContentMax(n)))
			cg.Op = kenKenOps[1+r.IntN(4)]
			if len(cage) == 1 {
				cg.Op = grid.OpNone
			}
		} else {
			cg.Target = 1 + r.IntN(int(killerSumMax(n)))
			if len(cage) == 1 && cg.Target <= n {
				p.Cells[cage[0]] = grid.CellState{Value: cg.Target}
			}
		}
		cages = append(cages, cg)
	}
	slices.SortFunc(cages, func(a, b grid.Cage) int { return a.Cells[0] - b.Cells[0] })
	return cages
}

// growCage grows a cage from start to at most size cells, taking at
// random, one at a time, a cell not yet owned that near gives for a cell of
// the cage; it marks the cells it takes in owner and returns the cage's
// cells in order.
func growCage(r *rand.Rand, owner []bool, start, size int, near func(cell int, buf []int) []int) []int {
	cage := []int{start}
	var buf, free []int
	for len(cage) < size {
		free = free[:0]
		for _, cell := range cage {
			buf = near(cell, buf[:0])
			for _, nb := range buf {
				if !owner[nb] {
					free = append(free, nb)
				}
			}
		}
		if len(free) == 0 {
			break
		}
		nb := free[r.IntN(len(free))]
		owner[nb] = true
		cage = append(cage, nb)
	}
	slices.Sort(cage)
	return cage
}

// sameState reports whether two puzzles hold the same state, cage colours
// aside.
func sameState(a, b *Puzzle) bool {
	x, y := *a, *b
	x.Colours, y.Colours = nil, nil
	return reflect.DeepEqual(&x, &y)
}

// TestV2RoundTripAllTypes encodes random states of every 2.0 type and
// size and decodes them back.
func TestV2RoundTripAllTypes(t *testing.T) {
	sizes := map[grid.Variant][]int{
		grid.Classic: {4, 6, 8, 9, 12, 16, 25, 32}, grid.X: {4, 6, 9, 16}, grid.Windoku: {4, 9, 16, 25},
		grid.Colour: {6, 9, 16}, grid.Jigsaw: {5, 6, 7, 9, 16, 25, 32},
		grid.Killer: {4, 6, 8, 9, 16, 25}, grid.KillerJigsaw: {5, 6, 9, 16, 25, 32},
		grid.KenKen: {3, 4, 5, 6, 7, 8, 9, 16, 25, 32}, grid.KenDoku: {4, 6, 8, 9, 16},
		grid.Str8ts: {5, 6, 9, 16}, grid.Str8tsX: {6, 9}, grid.Str8tsB: {6, 9, 16}, grid.Str8tsBX: {9, 25},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, typ := range v2Types {
		for _, n := range sizes[typ.variant] {
			header, _ := V2Header(typ.variant, n)
			t.Run(header, func(t *testing.T) {
				for range 20 {
					p := randomPuzzle(r, typ.variant, n)
					s, err := EncodeV2(p)
					if err != nil {
						t.Fatalf("EncodeV2: %v", err)
					}
					if !strings.HasPrefix(s, header) {
						t.Fatalf("header = %s, want %s", s[:3], header)
					}
					p2, err := DecodeV2(s)
					if err != nil {
						t.Fatalf("DecodeV2(%s): %v", s, err)
					}
					if !sameState(p2, p) {
						t.Fatalf("round trip changed the puzzle:\ngot  %+v\nwant %+v", p2, p)
					}
					if s2, err := EncodeV2(p2); err != nil || s2 != s {
						t.Fatalf("re-encoding gave %v\n%s\nwant\n%s", err, s2, s)
					}
					checkColours(t, p2)
					checkStable(t, p2)
				}
			})
		}
	}
}

// checkColours checks that orthogonally adjacent cells of different cages
// have different colours.
func checkColours(t *testing.T, p *Puzzle) {
	t.Helper()
	if !p.Variant.HasCages() {
		return
	}
	n := p.Size
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	for k, cg := range p.Cages {
		for _, c := range cg.Cells {
			cage[c] = k
		}
	}
	for cell := range cage {
		for _, nb := range []int{cell + 1, cell + n} {
			if nb >= n*n || nb == cell+1 && cell%n == n-1 {
				continue
			}
			if cage[nb] != cage[cell] && cage[cell] >= 0 && cage[nb] >= 0 && p.Colours[nb] == p.Colours[cell] {
				t.Fatalf("cells %s and %s of different cages have colour %d", cellName(n, cell), cellName(n, nb), p.Colours[cell])
			}
		}
	}
}

// TestV1FormatsRoundTrip encodes random 9×9 states in the v1 formats and
// decodes them back, with the v1 flaw: a single candidate comes back as a
// solved cell (and killer v1 has no clues).
func TestV1FormatsRoundTrip(t *testing.T) {
	tests := []struct {
		variant grid.Variant
		format  Format
	}{
		{grid.Classic, FormatV1}, {grid.Killer, FormatKillerV1}, {grid.Jigsaw, FormatJigsawV1}, {grid.KillerJigsaw, FormatJigsawV1},
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, tt := range tests {
		t.Run(tt.variant.String(), func(t *testing.T) {
			for i := range 50 {
				p := randomPuzzle(r, tt.variant, 9)
				p.Marks = i%2 == 0
				for j, cg := range p.Cages {
					if cg.Target > maxKillerV1Sum {
						p.Cages[j].Target = maxKillerV1Sum
					}
				}
				want := *p
				want.Cells = slices.Clone(p.Cells)
				for j, c := range want.Cells {
					switch {
					case c.Cand.Single() != 0:
						want.Cells[j] = grid.CellState{Value: c.Cand.Single()}
					case c.Cand == 0 && c.Value == 0 && !p.Marks:
						want.Cells[j].Cand = grid.AllDigits(9)
					}
					if tt.variant.HasCages() {
						want.Cells[j].Given = false
					}
				}
				if tt.variant == grid.Classic {
					want.VariantSet = false
				}
				want.Marks = true
				s, err := Encode(p, tt.format)
				if err != nil {
					t.Fatalf("Encode: %v", err)
				}
				p2, f, err := Decode(s, DecodeOptions{})
				if err != nil || f != tt.format {
					t.Fatalf("Decode(%s) = %v, %v, want format %v", s, f, err, tt.format)
				}
				if !hasProgress(p) && tt.variant.HasCages() {
					// The unpacked form: cages only.
					for j := range want.Cells {
						want.Cells[j] = p2.Cells[j]
					}
					want.Marks = false
				}
				if !sameState(p2, &want) {
					t.Fatalf("round trip of %s changed the puzzle:\ngot  %+v\nwant %+v", s, p2, &want)
				}
				checkStable(t, p2)
			}
		})
	}
}

// TestEncodeRefuses checks that formats refuse what they cannot carry.
func TestEncodeRefuses(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	killer := randomPuzzle(r, grid.Killer, 9)
	jigsaw := randomPuzzle(r, grid.Jigsaw, 9)
	kenken := randomPuzzle(r, grid.KenKen, 6)
	str8ts := randomPuzzle(r, grid.Str8ts, 9)
	str8tsB := *str8ts
	str8tsB.Variant, str8tsB.VariantSet = grid.Str8tsB, true
	classic6 := randomPuzzle(r, grid.Classic, 6)
	x := randomPuzzle(r, grid.X, 9)
	windoku := randomPuzzle(r, grid.Windoku, 9)
	colour := randomPuzzle(r, grid.Colour, 9)
	// Cages the 2.0 strings cannot lay out: the error names the cage.
	cagey := func(cages ...grid.Cage) *Puzzle {
		return &Puzzle{Size: 9, Variant: grid.Killer, VariantSet: true, Cells: make([]grid.CellState, 81), Cages: cages}
	}
	diagonal := cagey(grid.Cage{Cells: []int{30}, Target: 5}, grid.Cage{Cells: []int{10, 0}, Target: 11, Op: grid.OpAdd})
	overlapping := cagey(grid.Cage{Cells: []int{3, 4}, Target: 5, Op: grid.OpAdd}, grid.Cage{Cells: []int{4, 13}, Target: 5, Op: grid.OpAdd})
	testRefusals(t, []refusal{
		{"diagonal cage", diagonal, FormatV2, "cage 2 at r1c1 is not orthogonally connected, which L9B cannot express"},
		{"overlapping cages", overlapping, FormatV2, "cell r1c5 is in two cages: cage 1 at r1c4 and cage 2 at r1c5"},
		{"killer to plain", killer, FormatPlain, "plain text cannot carry the cages"},
		{"killer to grid", killer, FormatGrid, "a grid cannot carry the cages"},
		{"killer to nxn", killer, FormatNxN, "cannot carry the cages"},
		{"killer to v1", killer, FormatV1, "v1 string cannot carry the cages"},
		{"killer to jigsaw v1", killer, FormatJigsawV1, "hold jigsaws, not killer"},
		{"jigsaw to v1", jigsaw, FormatV1, "cannot carry jigsaw regions; use jigsaw-v1"},
		{"jigsaw to plain", jigsaw, FormatPlain, "cannot carry jigsaw regions"},
		{"jigsaw to killer v1", jigsaw, FormatKillerV1, "no jigsaw regions"},
		{"kenken to killer v1", kenken, FormatKillerV1, "hold killers, not KenKen"},
		{"kenken to url", kenken, FormatURL, "no known solver page for KenKen"},
		// Plain text writes a Str8ts in the simple form, which cannot
		// name the B (boxes), X or BX variants.
		{"str8ts B to plain", &str8tsB, FormatPlain, "reads back as a Str8ts board, not a Str8ts B; use v2"},
		// Read back, the digits alone would be a classic board.
		{"X to plain", x, FormatPlain, "plain text cannot carry the diagonals of an X board; use v2"},
		{"X to grid", x, FormatGrid, "a grid cannot carry the diagonals"},
		{"X to nxn", x, FormatNxN, "the N×N form cannot carry the diagonals"},
		{"X to v1", x, FormatV1, "a v1 string cannot carry the diagonals"},
		{"Windoku to plain", windoku, FormatPlain, "cannot carry the windows of a Windoku board"},
		{"Colour to nxn", colour, FormatNxN, "cannot carry the colour groups of a Colour board"},
		{"6×6 to v1", classic6, FormatV1, "9×9 boards, not 6×6"},
		{"6×6 to url", classic6, FormatURL, "9×9 boards, not 6×6"},
	})
}

// refusal is a puzzle that a format must refuse to encode, with a part of
// the reason it must give.
type refusal struct {
	name   string
	p      *Puzzle
	format Format
	want   string
}

// testRefusals checks that every puzzle's encoding fails with a
// *grid.FieldError whose reason holds what the row wants.
func testRefusals(t *testing.T, tests []refusal) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Encode(tt.p, tt.format)
			var e *grid.FieldError
			if !errors.As(err, &e) || !strings.Contains(e.Reason, tt.want) {
				t.Fatalf("err = %v, want *grid.FieldError containing %q", err, tt.want)
			}
		})
	}
}
