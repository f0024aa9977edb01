package codec

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// vector is one line of shared/testdata/formats/sudokuwiki_vectors.jsonl.
type vector struct {
	ID     string `json:"id"`
	Format string `json:"format"`
	Input  string `json:"input"`
	Expect *struct {
		Givens      string       `json:"givens"`
		Values      string       `json:"values"`
		Cands       []string     `json:"cands"`
		Boxes       string       `json:"boxes"`
		Colours     string       `json:"colours"`
		Cages       []vectorCage `json:"cages"`
		CageContent []int64      `json:"cage_content"`
		Cells       string       `json:"cells"` // Str8ts: "B6 . 3 BE …" rows split by " / "
		Solution    string       `json:"solution"`
	} `json:"expect"`
	Paired81 string `json:"paired_81"`
}

type vectorCage struct {
	Cells []int  `json:"cells"`
	Sum   int    `json:"sum"`
	Clue  string `json:"clue"` // KenKen: target and operator, e.g. "24x"
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	return shared.ReadJSONLines[vector](t, "testdata/formats/sudokuwiki_vectors.jsonl")
}

// vectorFormat returns the format a vector's format field names.
func vectorFormat(name string) Format {
	switch {
	case name == "v1-162":
		return FormatV1
	case strings.HasPrefix(name, "jigsaw-v1"):
		return FormatJigsawV1
	case strings.HasPrefix(name, "killer-v1"):
		return FormatKillerV1
	}
	return FormatV2
}

// vectorVariant returns the variant a vector's format stands for.
func vectorVariant(v vector) grid.Variant {
	switch vectorFormat(v.Format) {
	case FormatV1:
		return grid.Classic
	case FormatJigsawV1:
		return grid.Jigsaw
	case FormatKillerV1:
		return grid.Killer
	}
	t, _ := v2TypeByLetter(v.Format[0])
	return t.variant
}

// TestVectors decodes every vector of the shared file with auto-detection,
// compares the state with its expect, and re-encodes it in its format.
func TestVectors(t *testing.T) {
	vectors := loadVectors(t)
	if len(vectors) < 31 {
		t.Fatalf("%d vectors, want at least 31", len(vectors))
	}
	for _, v := range vectors {
		t.Run(v.ID, func(t *testing.T) {
			live := strings.Contains(v.ID, "live")
			interim := strings.Contains(v.ID, "interim")
			p, f, err := Decode(v.Input, DecodeOptions{Tolerant: live || interim})
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if want := vectorFormat(v.Format); f != want {
				t.Errorf("detected %v, want %v", f, want)
			}
			if got, want := p.EffectiveVariant(grid.Classic), vectorVariant(v); got != want {
				t.Errorf("variant = %v, want %v", got, want)
			}
			if v.Expect != nil {
				checkExpect(t, v, p)
			}
			if live {
				if _, err := DecodeV2(v.Input); err == nil || !strings.Contains(err.Error(), "value 540 exceeds 539") {
					t.Errorf("strict DecodeV2 err = %v, want value 540 exceeds 539", err)
				}
			}

			got, err := Encode(p, f)
			if err != nil {
				t.Fatalf("Encode(%v): %v", f, err)
			}
			want := v.Input
			if f == FormatV2 {
				want = strings.ToUpper(want[:3]) + strings.ToLower(want[3:])
			}
			if interim || live || v.Expect == nil {
				// Written anew in base 36, with the documented offsets, or
				// without meaningless clue flags: only the state must
				// survive.
				p2, _, err := Decode(got, DecodeOptions{})
				if err != nil {
					t.Fatalf("Decode(Encode): %v", err)
				}
				if !reflect.DeepEqual(p2, p) {
					t.Errorf("Decode(Encode(p)) differs from p:\n%+v\n%+v", p2, p)
				}
				return
			}
			if got != want {
				t.Errorf("Encode =\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// checkExpect compares a decoded puzzle with a vector's expected state.
func checkExpect(t *testing.T, v vector, p *Puzzle) {
	t.Helper()
	e := v.Expect
	if p.Size != 9 && e.Solution != "" && len(e.Solution) != p.Size*p.Size {
		t.Fatalf("size = %d, solution has %d cells", p.Size, len(e.Solution))
	}
	if e.Givens != "" {
		if got := digits(p, func(c grid.CellState) int { return given(c) }); got != e.Givens {
			t.Errorf("givens = %s, want %s", got, e.Givens)
		}
	}
	if e.Values != "" {
		if got := digits(p, func(c grid.CellState) int { return c.Value }); got != e.Values {
			t.Errorf("values = %s, want %s", got, e.Values)
		}
	}
	if v.Paired81 != "" {
		if got := digits(p, func(c grid.CellState) int { return c.Value }); got != v.Paired81 {
			t.Errorf("values = %s, want the paired 81 %s", got, v.Paired81)
		}
	}
	if e.Cands != nil {
		if len(e.Cands) != len(p.Cells) {
			t.Fatalf("%d expected candidate sets for %d cells", len(e.Cands), len(p.Cells))
		}
		for i, c := range p.Cells {
			if got := candString(c.Cand); got != e.Cands[i] {
				t.Errorf("cell %s candidates = %q, want %q", cellName(p.Size, i), got, e.Cands[i])
			}
		}
	}
	if e.Boxes != "" {
		if got := intsString(p.Regions); got != e.Boxes {
			t.Errorf("boxes = %s, want %s", got, e.Boxes)
		}
	}
	if e.Colours != "" {
		if got := intsString(p.Colours); got != e.Colours {
			t.Errorf("colours = %s, want %s", got, e.Colours)
		}
	}
	if e.Cages != nil {
		var got []vectorCage
		for _, cg := range p.Cages {
			vc := vectorCage{Cells: cg.Cells}
			if p.Variant.Arithmetic() {
				vc.Clue = fmt.Sprint(cg.Target) + map[grid.Op]string{grid.OpAdd: "+", grid.OpSub: "-", grid.OpMul: "x", grid.OpDiv: "/"}[cg.Op]
			} else {
				vc.Sum = cg.Target
			}
			got = append(got, vc)
		}
		if !reflect.DeepEqual(got, e.Cages) {
			t.Errorf("cages =\n%v\nwant\n%v", got, e.Cages)
		}
	}
	if e.CageContent != nil {
		f, err := cageFieldsOf(p, "test", true, maxV2Colours, kenKenContentMax(p.Size))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(f.clue, e.CageContent) {
			t.Errorf("cage content = %v, want %v", f.clue, e.CageContent)
		}
	}
	if e.Cells != "" {
		if got := str8tsCells(p); got != e.Cells {
			t.Errorf("cells =\n%s\nwant\n%s", got, e.Cells)
		}
	}
	if !p.Variant.IsStr8ts() {
		if _, err := p.Layout(grid.Classic); err != nil {
			t.Errorf("Layout: %v", err)
		}
	}
}

func given(c grid.CellState) int {
	if c.Given {
		return c.Value
	}
	return 0
}

func digits(p *Puzzle, f func(grid.CellState) int) string {
	var b strings.Builder
	for _, c := range p.Cells {
		b.WriteByte(DefaultCharset[f(c)])
	}
	return b.String()
}

func candString(d grid.Digits) string {
	var b strings.Builder
	for _, x := range d.List(nil) {
		b.WriteByte(DefaultCharset[x])
	}
	return b.String()
}

func intsString(v []int) string {
	var b strings.Builder
	for _, x := range v {
		b.WriteByte(DefaultCharset[x])
	}
	return b.String()
}

// str8tsCells renders a Str8ts board as the vectors do: B<d> a black clue,
// BE a black empty cell, '.' a white cell with every candidate, d a white
// clue; rows separated by " / ".
func str8tsCells(p *Puzzle) string {
	n := p.Size
	rows := make([]string, n)
	for r := range n {
		cells := make([]string, n)
		for c := range n {
			cell := p.Cells[r*n+c]
			black := p.Black[r*n+c]
			switch {
			case black && cell.Value == 0:
				cells[c] = "BE"
			case black:
				cells[c] = fmt.Sprintf("B%d", cell.Value)
			case cell.Value != 0 && cell.Given:
				cells[c] = fmt.Sprint(cell.Value)
			case cell.Cand == grid.AllDigits(n):
				cells[c] = "."
			default:
				cells[c] = "?" + candString(cell.Cand)
			}
		}
		rows[r] = strings.Join(cells, " ")
	}
	return strings.Join(rows, " / ")
}
