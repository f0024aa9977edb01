package codec

import (
	"bufio"
	"encoding/json"
	"os"
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
		Givens   string   `json:"givens"`
		Values   string   `json:"values"`
		Cands    []string `json:"cands"`
		Boxes    string   `json:"boxes"`
		Solution string   `json:"solution"`
	} `json:"expect"`
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open(shared.Path(t, "testdata/formats/sudokuwiki_vectors.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

func TestV2Vectors(t *testing.T) {
	n := 0
	for _, v := range loadVectors(t) {
		if strings.Contains(v.Format, "interim") || v.Expect == nil {
			continue
		}
		switch v.Format {
		case "S9B", "X9B", "W9B", "C9B", "J9B":
		default:
			continue
		}
		n++
		t.Run(v.ID, func(t *testing.T) {
			p, err := DecodeV2(v.Input)
			if err != nil {
				t.Fatalf("DecodeV2: %v", err)
			}
			var givens, vals strings.Builder
			for i, c := range p.Cells {
				g, val := byte('0'), byte('0')
				if c.Value != 0 {
					val = byte('0' + c.Value)
					if c.Given {
						g = val
					}
				}
				givens.WriteByte(g)
				vals.WriteByte(val)
				var cands strings.Builder
				for _, d := range c.Cand.List(nil) {
					cands.WriteByte(byte('0' + d))
				}
				if got := cands.String(); got != v.Expect.Cands[i] {
					t.Errorf("cell %d candidates = %q, want %q", i, got, v.Expect.Cands[i])
				}
			}
			if got := givens.String(); got != v.Expect.Givens {
				t.Errorf("givens = %s, want %s", got, v.Expect.Givens)
			}
			if got := vals.String(); got != v.Expect.Values {
				t.Errorf("values = %s, want %s", got, v.Expect.Values)
			}
			if v.Expect.Boxes != "" {
				var boxes strings.Builder
				for _, r := range p.Regions {
					boxes.WriteByte(byte('0' + r))
				}
				if got := boxes.String(); got != v.Expect.Boxes {
					t.Errorf("boxes = %s, want %s", got, v.Expect.Boxes)
				}
			}
			if _, err := p.Board(grid.Classic); err != nil {
				t.Fatalf("Board: %v", err)
			}
			got, err := EncodeV2(p)
			if err != nil {
				t.Fatalf("EncodeV2: %v", err)
			}
			if want := v.Input[:3] + strings.ToLower(v.Input[3:]); got != want {
				t.Errorf("EncodeV2 =\n%s\nwant\n%s", got, want)
			}
		})
	}
	if n == 0 {
		t.Fatal("no 2.0 vectors found")
	}
}

// TestV2Widths checks the field widths computed from N against the table of
// formats.md §6.4.
func TestV2Widths(t *testing.T) {
	tests := []struct {
		n, sWidth, jWidth int
	}{
		{6, 2, 2}, {8, 2, 3}, {9, 2, 3}, {16, 4, 5}, {25, 5, 6},
	}
	for _, tt := range tests {
		if got := fieldWidth([]component{ccRange(tt.n)}); got != tt.sWidth {
			t.Errorf("S width for %d = %d, want %d", tt.n, got, tt.sWidth)
		}
		if got := fieldWidth([]component{{1, int64(tt.n)}, ccRange(tt.n)}); got != tt.jWidth {
			t.Errorf("J width for %d = %d, want %d", tt.n, got, tt.jWidth)
		}
	}
}

func TestV2RoundTripSizes(t *testing.T) {
	for _, n := range []int{4, 6, 8, 9, 12, 16, 25} {
		l, err := grid.NewLayout(grid.Config{Size: n})
		if err != nil {
			t.Fatal(err)
		}
		b := grid.NewBoard(l)
		b.Place(0, 1)
		b.Given[0] = true
		b.Place(n+2, n)
		s, err := PackBoard(b)
		if err != nil {
			t.Fatal(err)
		}
		p, err := DecodeV2(s)
		if err != nil {
			t.Fatalf("size %d: DecodeV2(%s): %v", n, s, err)
		}
		b2, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatal(err)
		}
		if s2, _ := PackBoard(b2); s2 != s {
			t.Errorf("size %d: round trip\n%s\n%s", n, s, s2)
		}
	}
}

func TestDecodeV2Errors(t *testing.T) {
	good := "S9B" + strings.Repeat("ep", 81)
	tests := []struct{ name, in, want string }{
		{"short", good[:164], "expected 165 characters for S9B, got 164"},
		{"version", "S9C" + good[3:], "version"},
		{"letter", "Q9B" + good[3:], "unknown 2.0 type letter"},
		{"range", "S9B" + "eq" + good[5:], "cell r1c1: value 530 is out of range"},
		{"not base36", "S9B" + "e!" + good[5:], "not base 36"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeV2(tt.in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func FuzzDecodeV2(f *testing.F) {
	f.Add("S9B" + strings.Repeat("ep", 81))
	f.Add("J4B" + strings.Repeat("00f", 16))
	f.Fuzz(func(t *testing.T, s string) {
		p, err := DecodeV2(s)
		if err != nil {
			return
		}
		s2, err := EncodeV2(p)
		if err != nil {
			t.Fatalf("EncodeV2 of a decoded puzzle: %v", err)
		}
		if !strings.EqualFold(s2, s) {
			t.Fatalf("round trip changed the string:\n%s\n%s", s, s2)
		}
		if b, err := p.Board(grid.Classic); err == nil {
			if _, err := PackBoard(b); err != nil {
				t.Fatalf("PackBoard of a decoded board: %v", err)
			}
		}
	})
}
