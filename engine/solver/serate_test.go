package solver

import (
	"bufio"
	"cmp"
	"context"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// seRated is a puzzle of a shared SE-rated set and SE's ratings of it.
type seRated struct {
	puzzle     string
	er, ep, ed float64
}

// readSERated reads a shared set of lines "<puzzle> <ER> <EP> <ED>",
// every step-th puzzle (all when step is 1).
func readSERated(t *testing.T, file string, step int) []seRated {
	t.Helper()
	f, err := os.Open(shared.Path(t, file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []seRated
	sc := bufio.NewScanner(f)
	for line := 0; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || line%step != 0 {
			continue
		}
		if len(fields) != 4 {
			t.Fatalf("%s:%d: want <puzzle> <ER> <EP> <ED>, got %q", file, line+1, sc.Text())
		}
		p := seRated{puzzle: fields[0]}
		for i, v := range []*float64{&p.er, &p.ep, &p.ed} {
			if *v, err = strconv.ParseFloat(fields[i+1], 64); err != nil {
				t.Fatalf("%s:%d: %v", file, line+1, err)
			}
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// ranks returns the rank of each value of xs, 1 for the least, ties taking
// the mean of their ranks.
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && xs[idx[j]] == xs[idx[i]] {
			j++
		}
		mean := float64(i+j+1) / 2 // ranks i+1..j
		for k := i; k < j; k++ {
			r[idx[k]] = mean
		}
		i = j
	}
	return r
}

// spearman returns the Spearman rank correlation of xs and ys: the
// Pearson correlation of their ranks (ties take their mean rank).
func spearman(xs, ys []float64) float64 {
	rx, ry := ranks(xs), ranks(ys)
	var mx, my float64
	for i := range rx {
		mx += rx[i]
		my += ry[i]
	}
	n := float64(len(rx))
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range rx {
		dx, dy := rx[i]-mx, ry[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

func TestSpearman(t *testing.T) {
	tests := []struct {
		xs, ys []float64
		want   float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{[]float64{1, 2, 3, 4, 5}, []float64{2, 1, 4, 3, 5}, 0.8},
		// Ties take their mean rank: ranks (1.5, 1.5, 3) and (1, 2, 3).
		{[]float64{5, 5, 7}, []float64{1, 2, 3}, math.Sqrt(3) / 2},
	}
	for _, tt := range tests {
		if got := spearman(tt.xs, tt.ys); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("spearman(%v, %v) = %v, want %v", tt.xs, tt.ys, got, tt.want)
		}
	}
}

// seBar is the Spearman rank correlation with SE's ER over top1465 that
// the SE rating must reach; a sample (quick) must reach seSampleBar.
const (
	seBar       = 0.93
	seSampleBar = 0.90
)

// TestSERatingAgreesWithSE solves top1465 by logic alone with the default
// strategies (uniqueness ones included: the puzzles have one solution)
// and compares the SE rating of each solve with Sudoku Explainer's ER:
// their Spearman rank correlation must be at least seBar. It logs the
// correlation of HoDoKu's score for comparison, and those of EP and ED.
// Under -short or the race detector it takes every 8th puzzle.
func TestSERatingAgreesWithSE(t *testing.T) {
	step, bar := 1, seBar
	if testing.Short() || race {
		step, bar = 8, seSampleBar
	}
	puzzles := readSERated(t, "testdata/puzzles/se_rated_top1465.txt", step)
	var er, ep, ed, se, pearl, diamond, score []float64
	stuck := 0
	start := time.Now()
	for _, p := range puzzles {
		b := parse(t, p.puzzle, "", "")
		res, err := Solve(context.Background(), b, Options{Type: LogicOnly, Unique: true}, nil)
		if err != nil {
			t.Fatalf("%s: %v", p.puzzle, err)
		}
		if res.Status == Stuck {
			stuck++
		}
		r := res.Rating
		er, ep, ed = append(er, p.er), append(ep, p.ep), append(ed, p.ed)
		se, pearl, diamond = append(se, r.SE.Float()), append(pearl, r.SEPearl.Float()), append(diamond, r.SEDiamond.Float())
		score = append(score, float64(r.Score))
	}
	rho := spearman(se, er)
	t.Logf("%d puzzles (%d left unfinished by logic, rated %s) in %v", len(puzzles), stuck, strategy.SEBeyondLogic(), time.Since(start).Round(time.Millisecond))
	t.Logf("Spearman with SE's ER: SE rating %.4f (bar %.2f), HoDoKu score %.4f", rho, bar, spearman(score, er))
	t.Logf("Spearman of SE pearl with EP %.4f, of SE diamond with ED %.4f", spearman(pearl, ep), spearman(diamond, ed))
	if rho < bar {
		t.Errorf("Spearman rank correlation of the SE rating with SE's ER is %.4f, want at least %.2f", rho, bar)
	}
}
