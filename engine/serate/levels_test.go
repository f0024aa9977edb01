package serate

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// levelsFile holds puzzles spread over SE's levels from 1.2 to 9.0 with
// the ratings serate printed for them; its header says how it was made.
const levelsFile = "testdata/se_levels.txt"

// loadLevels reads levelsFile: comment lines start with '#', the others
// are serate's "<puzzle> ED=<ER>/<EP>/<ED>".
func loadLevels(t *testing.T) []rated {
	t.Helper()
	data, err := os.ReadFile(filepath.FromSlash(levelsFile))
	if err != nil {
		t.Fatal(err)
	}
	var out []rated
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		puzzle, rating, ok := strings.Cut(line, " ED=")
		f := strings.Split(rating, "/")
		if !ok || len(f) != 3 {
			t.Fatalf("%s:%d: want \"<puzzle> ED=<ER>/<EP>/<ED>\", got %q", levelsFile, i+1, line)
		}
		var r [3]Tenths
		for j := range r {
			if r[j], err = parseTenths(f[j]); err != nil {
				t.Fatalf("%s:%d: %v", levelsFile, i+1, err)
			}
		}
		out = append(out, rated{puzzle, Rating{r[0], r[1], r[2]}})
	}
	return out
}

// levelCount is the agreement at one SE level (ER).
type levelCount struct{ n, er, ep, ed int }

// TestAgreementLevels rates the held-out puzzles of every level and
// checks, level by level, the share whose ER, EP and ED equal serate's.
// Under -short and -race it rates every fourth puzzle.
func TestAgreementLevels(t *testing.T) {
	const (
		floorER, floorEP, floorED = 0.95, 0.90, 0.90 // each level
		floorAll                  = 0.99             // ER, EP and ED over the file
	)
	set := loadLevels(t)
	if len(set) < 300 {
		t.Fatalf("%s: %d puzzles, want at least 300", levelsFile, len(set))
	}
	step := 1
	if testing.Short() || race {
		step = 4
	}
	levels := map[Tenths]*levelCount{}
	var all levelCount
	for i := 0; i < len(set); i += step {
		p := set[i]
		got, err := Rate(p.puzzle)
		lc := levels[p.want.ER]
		if lc == nil {
			lc = &levelCount{}
			levels[p.want.ER] = lc
		}
		for _, c := range []*levelCount{lc, &all} {
			c.n++
			if got.ER == p.want.ER && err == nil {
				c.er++
			}
			if got.EP == p.want.EP {
				c.ep++
			}
			if got.ED == p.want.ED {
				c.ed++
			}
		}
		if got != p.want || err != nil {
			t.Logf("%s: got %v (%v), serate %v", p.puzzle, got, err, p.want)
		}
	}
	var keys []Tenths
	for k := range levels {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var b strings.Builder
	for _, k := range keys {
		lc := levels[k]
		fmt.Fprintf(&b, " %v:%d/%d", k, lc.er, lc.n)
		if share(lc.er, lc.n) < floorER || share(lc.ep, lc.n) < floorEP || share(lc.ed, lc.n) < floorED {
			t.Errorf("level %v, %d puzzles: ER exact %d, EP %d, ED %d; floors %.2f %.2f %.2f",
				k, lc.n, lc.er, lc.ep, lc.ed, floorER, floorEP, floorED)
		}
	}
	t.Logf("%d levels, ER exact per level (exact/puzzles):%s", len(keys), b.String())
	t.Logf("all %d: ER exact %.1f%%, EP %.1f%%, ED %.1f%%", all.n,
		100*share(all.er, all.n), 100*share(all.ep, all.n), 100*share(all.ed, all.n))
	if share(all.er, all.n) < floorAll || share(all.ep, all.n) < floorAll || share(all.ed, all.n) < floorAll {
		t.Errorf("over the file: ER %d, EP %d, ED %d exact of %d; floor %.2f", all.er, all.ep, all.ed, all.n, floorAll)
	}
}

func share(k, n int) float64 { return float64(k) / float64(n) }
