package grid

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// bruteFill summarises the fillings of a sum group by trying every
// assignment of the cells' options, independently of any search.
func bruteFill(opts []Digits, sees *[MaxGroupCells]uint32, target int) Fills {
	f := Fills{Must: ^Digits(0), OK: true}
	n := len(opts)
	var digit [MaxGroupCells]int
	var try func(i int)
	try = func(i int) {
		if i == n {
			sum := 0
			var used Digits
			for j := range n {
				sum += digit[j]
				used |= Bit(digit[j])
				for k := range j {
					if sees[j]&(1<<k) != 0 && digit[j] == digit[k] {
						return
					}
				}
			}
			if sum != target {
				return
			}
			for j := range n {
				f.Support[j] |= Bit(digit[j])
			}
			f.Used |= used
			f.Must &= used
			f.Count++
			return
		}
		for ds := opts[i]; ds != 0; ds &= ds - 1 {
			digit[i] = ds.Min()
			try(i + 1)
		}
	}
	try(0)
	if f.Count == 0 {
		f.Must = 0
	}
	return f
}

// walkFill is the enumeration Board.Fill made of a sum group's fillings
// before SumFiller: every filling visited, cell by cell, skipping a digit
// an earlier cell it sees took and one after which the least or the most
// the later cells add misses the target, giving up past maxFillNodes
// nodes (a filling's leaf is one).
func walkFill(opts []Digits, sees *[MaxGroupCells]uint32, target int) (f Fills, nodes int) {
	n := len(opts)
	var lo, hi [MaxGroupCells + 1]int
	for i := n - 1; i >= 0; i-- {
		lo[i] = lo[i+1] + opts[i].Min()
		hi[i] = hi[i+1] + opts[i].Max()
	}
	f = Fills{Must: ^Digits(0)}
	var digit [MaxGroupCells]Digits
	var walk func(i, sum int, used Digits)
	walk = func(i, sum int, used Digits) {
		if nodes++; nodes > maxFillNodes {
			return
		}
		if i == n {
			if sum != target {
				return
			}
			for j := range n {
				f.Support[j] |= digit[j]
			}
			f.Used |= used
			f.Must &= used
			f.Count++
			return
		}
		var taken Digits
		for j := range i {
			if sees[i]&(1<<j) != 0 {
				taken |= digit[j]
			}
		}
		for ds := opts[i] &^ taken; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			if sum+d+lo[i+1] > target || sum+d+hi[i+1] < target {
				continue
			}
			digit[i] = ds & -ds
			walk(i+1, sum+d, used|ds&-ds)
			if nodes > maxFillNodes {
				return
			}
		}
	}
	walk(0, 0, 0)
	if nodes > maxFillNodes {
		return Fills{}, nodes
	}
	f.OK = true
	if f.Count == 0 {
		f.Must = 0
	}
	return f, nodes
}

// randomSees returns, for n cells, each earlier cell a cell sees, each
// pair seeing each other with probability p.
func randomSees(rng *rand.Rand, n int, p float64) *[MaxGroupCells]uint32 {
	var sees [MaxGroupCells]uint32
	for i := range n {
		for j := range i {
			if rng.Float64() < p {
				sees[i] |= 1 << j
			}
		}
	}
	return &sees
}

// randomOptions returns a random nonempty set of up to k of the digits
// 1..9.
func randomOptions(rng *rand.Rand, k int) Digits {
	var o Digits
	for range 1 + rng.IntN(k) {
		o |= Bit(1 + rng.IntN(9))
	}
	return o
}

// TestSumFillerMatchesBruteForce checks SumFiller against every
// assignment of small groups: one to six cells, random pairs of them
// seeing each other (none, some, all), random options (sometimes every
// digit) and targets around their sums, some out of reach. The support,
// the digits used, those every filling uses and the number of fillings
// must be the brute force's; enough groups must have fillings and enough
// none for the comparison to mean something.
func TestSumFillerMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 37))
	var s SumFiller
	filled, empty := 0, 0
	rounds := 3000
	if testing.Short() || race {
		rounds = 600
	}
	for round := range rounds {
		n := 1 + rng.IntN(6)
		sees := randomSees(rng, n, []float64{0, 0.3, 0.6, 1}[round%4])
		opts := make([]Digits, n)
		for i := range opts {
			opts[i] = randomOptions(rng, 5)
			if n <= 4 && rng.IntN(3) == 0 {
				opts[i] = AllDigits(9)
			}
		}
		target := rng.IntN(9*n + 3)
		var got Fills
		s.Fill(opts, sees, target, &got)
		want := bruteFill(opts, sees, target)
		if got != want {
			t.Fatalf("options %v sees %v target %d: %+v, brute force %+v", opts, sees[:n], target, got, want)
		}
		if want.Count > 0 {
			filled++
		} else {
			empty++
		}
	}
	if filled < rounds/5 || empty < rounds/5 {
		t.Errorf("%d groups with fillings, %d without: too few to compare", filled, empty)
	}
}

// TestSumFillerGivesUpWithWalk checks SumFiller against the walk
// Board.Fill made before it on groups of six to eight cells with wide
// options, around the walk's bound: it must give up exactly where the walk
// visits more than maxFillNodes nodes, and find what the walk finds
// elsewhere. Enough groups must fall on each side, and enough near the
// bound, for the test to cover the cut-off.
func TestSumFillerGivesUpWithWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	var s SumFiller
	gaveUp, near, finished := 0, 0, 0
	rounds := 300
	if testing.Short() || race {
		rounds = 60
	}
	for range rounds {
		n := 6 + rng.IntN(3)
		sees := randomSees(rng, n, 0.3+0.7*rng.Float64())
		opts := make([]Digits, n)
		for i := range opts {
			opts[i] = AllDigits(9)
			for range rng.IntN(4) {
				opts[i] &^= Bit(1 + rng.IntN(9))
			}
		}
		target := 4*n + rng.IntN(n+1)
		var got Fills
		s.Fill(opts, sees, target, &got)
		want, nodes := walkFill(opts, sees, target)
		if got != want {
			t.Fatalf("options %v sees %v target %d (%d nodes): %+v, the walk %+v", opts, sees[:n], target, nodes, got, want)
		}
		switch {
		case !want.OK:
			gaveUp++
		case nodes > maxFillNodes/4:
			near++
		default:
			finished++
		}
	}
	t.Logf("%d groups given up, %d near the bound, %d under it", gaveUp, near, finished)
	if gaveUp < rounds/10 || near < rounds/20 || finished < rounds/10 {
		t.Errorf("%d groups given up, %d near the bound, %d under it: too few to compare", gaveUp, near, finished)
	}
}

// sumGroup is a sum group of testdata/sumgroups.txt.
type sumGroup struct {
	weight int
	target int
	opts   []Digits
	sees   [MaxGroupCells]uint32
}

// readSumGroups reads testdata/sumgroups.txt.
func readSumGroups(tb testing.TB) []sumGroup {
	tb.Helper()
	file, err := os.Open("testdata/sumgroups.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer file.Close()
	var groups []sumGroup
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 4 {
			tb.Fatalf("sumgroups.txt: %q: want 4 fields", line)
		}
		var g sumGroup
		g.weight, err = strconv.Atoi(fields[0])
		if err == nil {
			g.target, err = strconv.Atoi(fields[1])
		}
		if err != nil {
			tb.Fatalf("sumgroups.txt: %q: %v", line, err)
		}
		for _, o := range strings.Split(fields[2], ",") {
			var ds Digits
			for _, r := range o {
				ds |= Bit(int(r - '0'))
			}
			g.opts = append(g.opts, ds)
		}
		for i, x := range strings.Split(fields[3], ",") {
			v, err := strconv.ParseUint(x, 10, 32)
			if err != nil || i >= MaxGroupCells {
				tb.Fatalf("sumgroups.txt: %q: bad sees %q", line, x)
			}
			g.sees[i] = uint32(v)
		}
		groups = append(groups, g)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(groups) == 0 {
		tb.Fatal("sumgroups.txt: no groups")
	}
	return groups
}

// TestSumFillerRecordedGroups checks SumFiller against the walk on the
// recorded groups of testdata/sumgroups.txt, and that a call allocates
// nothing once its tables have grown.
func TestSumFillerRecordedGroups(t *testing.T) {
	var s SumFiller
	var got Fills
	for _, g := range readSumGroups(t) {
		s.Fill(g.opts, &g.sees, g.target, &got)
		want, _ := walkFill(g.opts, &g.sees, g.target)
		if got != want {
			t.Fatalf("options %v target %d: %+v, the walk %+v", g.opts, g.target, got, want)
		}
		if a := testing.AllocsPerRun(20, func() { s.Fill(g.opts, &g.sees, g.target, &got) }); a != 0 {
			t.Errorf("options %v target %d: %v allocations a call", g.opts, g.target, a)
		}
	}
}

// BenchmarkSumFill finds the fillings of the recorded groups of
// testdata/sumgroups.txt, each as often as its weight asks (one call per
// 20,000 nodes the former walk visited on it over the killer benchmark).
func BenchmarkSumFill(b *testing.B) {
	benchmarkSumFill(b, func(s *SumFiller, g *sumGroup, f *Fills) { s.Fill(g.opts, &g.sees, g.target, f) })
}

// BenchmarkSumFillWalk is BenchmarkSumFill with the former walk, for
// comparison.
func BenchmarkSumFillWalk(b *testing.B) {
	benchmarkSumFill(b, func(_ *SumFiller, g *sumGroup, f *Fills) { *f, _ = walkFill(g.opts, &g.sees, g.target) })
}

func benchmarkSumFill(b *testing.B, fill func(*SumFiller, *sumGroup, *Fills)) {
	groups := readSumGroups(b)
	var s SumFiller
	var f Fills
	b.ReportAllocs()
	for b.Loop() {
		for i := range groups {
			for range 1 + groups[i].weight/20_000 {
				fill(&s, &groups[i], &f)
			}
		}
	}
}
