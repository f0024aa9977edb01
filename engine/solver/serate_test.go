package solver

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
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
	var out []seRated
	for line, text := range shared.Lines(t, shared.Path(t, file)) {
		fields := strings.Fields(text)
		if len(fields) == 0 || line%step != 0 {
			continue
		}
		if len(fields) != 4 {
			t.Fatalf("%s:%d: want <puzzle> <ER> <EP> <ED>, got %q", file, line+1, text)
		}
		p := seRated{puzzle: fields[0]}
		for i, v := range []*float64{&p.er, &p.ep, &p.ed} {
			var err error
			if *v, err = strconv.ParseFloat(fields[i+1], 64); err != nil {
				t.Fatalf("%s:%d: %v", file, line+1, err)
			}
		}
		out = append(out, p)
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
// Under -short or the race detector it takes every 24th puzzle (62),
// whose correlation must reach seSampleBar.
func TestSERatingAgreesWithSE(t *testing.T) {
	step, bar := 1, seBar
	if testing.Short() || race {
		step, bar = 24, seSampleBar
	}
	puzzles := readSERated(t, "testdata/puzzles/se_rated_top1465.txt", step)
	n := len(puzzles)
	er, ep, ed := make([]float64, n), make([]float64, n), make([]float64, n)
	se, pearl, diamond, score := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	status := make([]Status, n)
	boards := make([]*grid.Board, n)
	for i, p := range puzzles {
		boards[i] = parse(t, p.puzzle, "", "")
	}
	start := time.Now()
	// The puzzles are solved by GOMAXPROCS workers, each taking the next.
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, runtime.GOMAXPROCS(0))
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				p := puzzles[i]
				res, err := Solve(context.Background(), boards[i], Options{Type: LogicOnly, Unique: true}, nil)
				if err != nil {
					errs <- fmt.Errorf("%s: %w", p.puzzle, err)
					return
				}
				r := res.Rating
				status[i] = res.Status
				er[i], ep[i], ed[i] = p.er, p.ep, p.ed
				se[i], pearl[i], diamond[i] = r.SE.Float(), r.SEPearl.Float(), r.SEDiamond.Float()
				score[i] = float64(r.Score)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	stuck := 0
	for _, s := range status {
		if s == Stuck {
			stuck++
		}
	}
	rho := spearman(se, er)
	t.Logf("%d puzzles (%d left unfinished by logic, rated %s) in %v", len(puzzles), stuck, strategy.SEBeyondLogic(), time.Since(start).Round(time.Millisecond))
	t.Logf("Spearman with SE's ER: SE rating %.4f (bar %.2f), HoDoKu score %.4f", rho, bar, spearman(score, er))
	t.Logf("Spearman of SE pearl with EP %.4f, of SE diamond with ED %.4f", spearman(pearl, ep), spearman(diamond, ed))
	if rho < bar {
		t.Errorf("Spearman rank correlation of the SE rating with SE's ER is %.4f, want at least %.2f", rho, bar)
	}
}

// TestRatingSE: the SE rating is the hardest step's, the pearl the
// hardest up to the first placement, the diamond the first step's; a
// backtrack counts nothing, and an unfinished solve rates at least
// SEBeyondLogic.
func TestRatingSE(t *testing.T) {
	tech := func(name string) *strategy.Technique {
		for _, st := range strategy.All() {
			for _, t := range st.AllTechniques() {
				if t.Name() == name {
					return t
				}
			}
		}
		t.Fatalf("no technique is named %q", name)
		return nil
	}
	place := []strategy.CellDigit{{Cell: 0, Digit: 1}}
	var r Rating
	for _, s := range []strategy.Step{
		{Technique: tech("X-Wing")},                             // 3.2: the diamond
		{Technique: tech("XY-Wing")},                            // 4.2
		{Technique: tech("Naked Single"), Placements: place},    // 2.3: the first placement
		{Technique: tech("Jellyfish")},                          // 5.2
		{Technique: tech("Guessing"), Kind: strategy.Backtrack}, // counts nothing
		{Technique: tech("Hidden Single"), Placements: place},   // 1.2
	} {
		r.Add(&s)
	}
	if r.SE != 52 || r.SEPearl != 42 || r.SEDiamond != 32 {
		t.Errorf("SE %s, pearl %s, diamond %s; want 5.2, 4.2, 3.2", r.SE, r.SEPearl, r.SEDiamond)
	}
	before := r.Grade()
	r.beyondLogic()
	if want := strategy.SEBeyondLogic(); r.SE != want || r.SEPearl != 42 || r.SEDiamond != 32 {
		t.Errorf("unfinished: SE %s, pearl %s, diamond %s; want %s, 4.2, 3.2", r.SE, r.SEPearl, r.SEDiamond, want)
	}
	if got := r.Grade(); before == strategy.Extreme || got != strategy.Extreme {
		t.Errorf("unfinished: grade %v (before %v), want Extreme from below it", got, before)
	}
	var none Rating
	none.beyondLogic()
	if want := strategy.SEBeyondLogic(); none.SE != want || none.SEPearl != want || none.SEDiamond != want {
		t.Errorf("unfinished without a step: SE %s, pearl %s, diamond %s; want %s each", none.SE, none.SEPearl, none.SEDiamond, want)
	}
	if got := none.Grade(); got != strategy.Extreme {
		t.Errorf("unfinished without a step: grade %v, want Extreme", got)
	}
}
