package serate

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/internal/shared"
)

// rated is a puzzle with the rating SE's serate printed for it.
type rated struct {
	puzzle string
	want   Rating
}

// parseTenths reads SE's "7.1" or "07.1" as 71.
func parseTenths(s string) (Tenths, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, err
	}
	return Tenths(f*10 + 0.5), nil
}

// loadRated reads up to max lines "puzzle ER EP ED" of a shared file.
func loadRated(t testing.TB, name string, max int) []rated {
	t.Helper()
	var out []rated
	for i, line := range shared.Lines(t, shared.Path(t, "testdata/puzzles/"+name)) {
		if max > 0 && len(out) == max {
			break
		}
		f := strings.Fields(line)
		if len(f) != 4 {
			t.Fatalf("%s:%d: %d fields, want 4", name, i+1, len(f))
		}
		var r [3]Tenths
		for j := range r {
			v, err := parseTenths(f[j+1])
			if err != nil {
				t.Fatalf("%s:%d: %v", name, i+1, err)
			}
			r[j] = v
		}
		out = append(out, rated{f[0], Rating{r[0], r[1], r[2]}})
	}
	return out
}

// agreement rates every puzzle and returns the fractions with ER, EP and
// ED equal to SE's.
func agreement(t *testing.T, set []rated) (er, ep, ed float64) {
	var ner, nep, ned int
	miss := map[string]int{}
	for _, p := range set {
		got, err := Rate(p.puzzle)
		if err != nil && !errors.Is(err, ErrBeyond) {
			t.Fatalf("Rate(%s): %v", p.puzzle, err)
		}
		if got.ER == p.want.ER && err == nil {
			ner++
		} else {
			miss[fmt.Sprintf("want %v got %v", p.want.ER, got.ER)]++
		}
		if got.EP == p.want.EP {
			nep++
		}
		if got.ED == p.want.ED {
			ned++
		}
	}
	n := float64(len(set))
	if testing.Verbose() {
		for k, v := range miss {
			if v*200 >= len(set) {
				t.Logf("ER mismatch %s: %d", k, v)
			}
		}
	}
	return float64(ner) / n, float64(nep) / n, float64(ned) / n
}

func TestAgreement(t *testing.T) {
	tests := []struct {
		file       string
		sample     int // puzzles read; 0 for all
		long       bool
		er, ep, ed float64 // floors
	}{
		{"se_rated_17_clue.txt", 2000, false, 0.999, 0.999, 0.999},
		{"se_rated_top1465.txt", 0, true, 0.998, 0.998, 0.998},
		// Rated by an older SE without grouped links: ED differs where
		// SukakuExplainer's first step is a grouped link (4.3).
		{"elevens_hardest_se_rated.txt", 300, true, 0, 0.27, 0.70},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			if tt.long && (testing.Short() || race) {
				t.Skip("long agreement run skipped under -short and -race")
			}
			set := loadRated(t, tt.file, tt.sample)
			er, ep, ed := agreement(t, set)
			t.Logf("%s, %d puzzles: ER exact %.1f%%, EP %.1f%%, ED %.1f%%", tt.file, len(set), 100*er, 100*ep, 100*ed)
			if er < tt.er || ep < tt.ep || ed < tt.ed {
				t.Errorf("agreement ER %.3f EP %.3f ED %.3f, floors %.3f %.3f %.3f", er, ep, ed, tt.er, tt.ep, tt.ed)
			}
		})
	}
}
