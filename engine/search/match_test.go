package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// digitsOf returns the set of the digits ds.
func digitsOf(ds ...int) grid.Digits {
	var set grid.Digits
	for _, d := range ds {
		set |= grid.Bit(d)
	}
	return set
}

// TestMatchSupport checks matchSupport on cases worked by hand.
func TestMatchSupport(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cands   []grid.Digits
		rest    grid.Digits
		ok      bool
		support []grid.Digits
	}{
		{
			name:    "every cell free",
			cands:   []grid.Digits{digitsOf(1, 2, 3), digitsOf(1, 2, 3), digitsOf(1, 2, 3)},
			rest:    digitsOf(1, 2, 3),
			ok:      true,
			support: []grid.Digits{digitsOf(1, 2, 3), digitsOf(1, 2, 3), digitsOf(1, 2, 3)},
		},
		{
			name:    "a pair leaves the third cell its other digit",
			cands:   []grid.Digits{digitsOf(1, 2), digitsOf(1, 2, 4), digitsOf(1, 2, 3, 4)},
			rest:    digitsOf(1, 2, 3),
			ok:      true,
			support: []grid.Digits{digitsOf(1, 2), digitsOf(1, 2), digitsOf(3)},
		},
		{
			name:  "three cells with two digits of the set",
			cands: []grid.Digits{digitsOf(1, 2), digitsOf(1, 2), digitsOf(1, 2, 5)},
			rest:  digitsOf(1, 2, 3),
		},
		{
			name:  "a cell without a digit of the set",
			cands: []grid.Digits{digitsOf(1, 2), digitsOf(4, 5)},
			rest:  digitsOf(1, 2),
		},
		{
			name: "a hidden triple in five cells",
			cands: []grid.Digits{digitsOf(1, 2, 3, 4), digitsOf(1, 2, 3, 5), digitsOf(1, 2, 3, 9),
				digitsOf(4, 5), digitsOf(4, 5)},
			rest:    digitsOf(1, 2, 3, 4, 5),
			ok:      true,
			support: []grid.Digits{digitsOf(1, 2, 3), digitsOf(1, 2, 3), digitsOf(1, 2, 3), digitsOf(4, 5), digitsOf(4, 5)},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			support := make([]grid.Digits, len(tc.cands))
			ok := matchSupport(tc.cands, tc.rest, support)
			if ok != tc.ok {
				t.Fatalf("matchSupport = %v, want %v", ok, tc.ok)
			}
			if ok && !slices.Equal(support, tc.support) {
				t.Errorf("support %v, want %v", support, tc.support)
			}
		})
	}
}

// TestMatchSupportExhaustive compares matchSupport, and matchCells
// checking alone, with trying every assignment, on random cells of one to six digits of a board of 9 and
// of 16.
func TestMatchSupportExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 2))
	cache := new(matchCache)
	for _, n := range []int{9, 16} {
		found := 0
		for range 20_000 {
			k := 1 + r.IntN(maxMatchCells)
			digits := r.Perm(n)[:k]
			rest := grid.Digits(0)
			for i := range digits {
				digits[i]++
				rest |= grid.Bit(digits[i])
			}
			cands := make([]grid.Digits, k)
			for i := range cands {
				// Cells mostly within rest, as a cage's cells are.
				cands[i] = grid.Digits(r.Uint32()) & (rest | grid.Digits(r.Uint32()))
				cands[i] &= grid.Digits(1)<<n - 1
			}
			want, wantOK := assignments(cands, digits)
			got := make([]grid.Digits, k)
			ok := matchSupport(cands, rest, got)
			where := fmt.Sprintf("n=%d cands %v rest %v", n, cands, rest)
			if ok != wantOK {
				t.Fatalf("%s: matchSupport = %v, want %v", where, ok, wantOK)
			}
			// Checking alone (support already full) answers the same and
			// leaves support alone.
			none := make([]grid.Digits, k)
			if only := matchCells(cands, rest, none, false, nil); only != wantOK || slices.ContainsFunc(none, func(d grid.Digits) bool { return d != 0 }) {
				t.Fatalf("%s: matchCells without support = %v, support %v; want %v, none", where, only, none, wantOK)
			}
			// Through a cache shared by all the cases: checking alone,
			// then with support (twice), then checking alone again, each
			// as without it.
			for i, full := range []bool{false, true, true, false} {
				sup := make([]grid.Digits, k)
				if got := matchCells(cands, rest, sup, full, cache); got != wantOK {
					t.Fatalf("%s: call %d through the cache = %v, want %v", where, i, got, wantOK)
				}
				if full && wantOK && !slices.Equal(sup, want) || !full && slices.ContainsFunc(sup, func(d grid.Digits) bool { return d != 0 }) {
					t.Fatalf("%s: call %d through the cache: support %v, want %v", where, i, sup, want)
				}
			}
			if ok {
				found++
				if !slices.Equal(got, want) {
					t.Fatalf("%s: support %v, want %v", where, got, want)
				}
			}
		}
		if found < 1000 {
			t.Errorf("n=%d: only %d cases with an assignment; the test checks too little", n, found)
		}
	}
}

// assignments tries every way to give each cell one of digits, all
// different, within its candidates: what each cell takes in some way,
// and whether there is one.
func assignments(cands []grid.Digits, digits []int) ([]grid.Digits, bool) {
	support := make([]grid.Digits, len(cands))
	ok := false
	at := make([]int, len(cands))
	var walk func(i int, used grid.Digits)
	walk = func(i int, used grid.Digits) {
		if i == len(cands) {
			ok = true
			for c, d := range at {
				support[c] |= grid.Bit(d)
			}
			return
		}
		for _, d := range digits {
			if used&grid.Bit(d) == 0 && cands[i]&grid.Bit(d) != 0 {
				at[i] = d
				walk(i+1, used|grid.Bit(d))
			}
		}
	}
	walk(0, 0)
	return support, ok
}

// TestMatchingAgrees counts killers to 2 with and without matching the
// sets of cage tables (Options.NoMatching): both find the same single
// solution, and matching cuts the guesses in total (over the 49 killers
// of the hard5, tarek and extreme sets, 182,816 to 102,684 when
// written). Under -short and -race it takes eight of tarek's 42.
func TestMatchingAgrees(t *testing.T) {
	tarek := fixtureBoards(t, "testdata/killer9-tarek.txt")
	if race || testing.Short() {
		tarek = tarek[:8]
	}
	boards := fixtureBoards(t, "testdata/killer9-hard5.txt")
	boards = append(boards, tarek...)
	boards = append(boards, fixtureBoards(t, "testdata/killer9-extreme.txt")...)
	var guesses [2]int64
	for i, b := range boards {
		var want []uint8
		for k, off := range []bool{true, false} {
			res := countUnique(t, Searcher{MaxNodes: 200_000, Options: Options{NoMatching: off}}, b, fmt.Sprintf("board %d, no matching %v", i, off))
			guesses[k] += res.Nodes
			if want == nil {
				want = res.Solutions[0]
			} else if !slices.Equal(res.Solutions[0], want) {
				t.Fatalf("board %d: the solutions differ", i)
			}
		}
	}
	t.Logf("guesses without matching %d, with %d", guesses[0], guesses[1])
	if guesses[1] >= guesses[0] {
		t.Errorf("guesses with matching %d, want fewer than without (%d)", guesses[1], guesses[0])
	}
}

// TestMatchCacheAnswers checks that matchCells answers from its cache
// (see matchCache) a pattern met before, under other digits: cells of the
// same shape share one entry, and an entry altered by hand changes the
// answer.
func TestMatchCacheAnswers(t *testing.T) {
	// Two cells left with the same two digits of three leave the third
	// cell the last digit: past the test of Hall's condition.
	tests := []struct {
		cands []grid.Digits
		rest  grid.Digits
	}{
		{[]grid.Digits{0b011, 0b011, 0b111}, 0b111},
		{[]grid.Digits{0b001001000, 0b001001000, 0b101001000}, 0b101001000},
	}
	cache := new(matchCache)
	entries := func() (n int) {
		for i := range cache {
			if cache[i].key != 0 {
				n++
			}
		}
		return n
	}
	for i, tt := range tests {
		want := make([]grid.Digits, len(tt.cands))
		if !matchSupport(tt.cands, tt.rest, want) || want[2] == tt.rest {
			t.Fatalf("cells %d: support %v, want the third cell narrowed", i, want)
		}
		got := make([]grid.Digits, len(tt.cands))
		if !matchCells(tt.cands, tt.rest, got, true, cache) || !slices.Equal(got, want) {
			t.Fatalf("cells %d through the cache: support %v, want %v", i, got, want)
		}
		if n := entries(); n != 1 {
			t.Fatalf("cells %d: %d entries, want 1 (one pattern)", i, n)
		}
	}
	// The pattern's entry, said to have no matching: the cache answers so.
	for i := range cache {
		cache[i].val &^= cachedOK
	}
	tt := tests[1]
	if matchCells(tt.cands, tt.rest, make([]grid.Digits, len(tt.cands)), true, cache) {
		t.Error("the altered entry did not answer")
	}
}

// TestMatchCacheRandom matches random cells to random digits through one
// cache, many patterns met again under other digits (of boards of nine
// digits and of sixteen), and requires the answer and the support
// worked out without the cache each time.
func TestMatchCacheRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 23))
	cache := new(matchCache)
	for i := range 20000 {
		n := 9
		if i%4 == 3 {
			n = 16
		}
		k := 2 + rng.IntN(maxMatchCells-1)
		var rest grid.Digits
		for popcount(rest) < k {
			rest |= grid.Bit(1 + rng.IntN(n))
		}
		cands := make([]grid.Digits, k)
		for c := range cands {
			cands[c] = grid.Digits(rng.Uint32()) & (1<<n - 1)
			if rng.IntN(8) != 0 {
				// Mostly cells of two or three digits of rest, as past
				// Hall's quick test.
				cands[c] &= rest & (grid.Digits(rng.Uint32()) | grid.Digits(rng.Uint32()))
			}
		}
		want := make([]grid.Digits, k)
		wantOK := matchCells(cands, rest, want, true, nil)
		for pass := range 2 {
			got := make([]grid.Digits, k)
			if ok := matchCells(cands, rest, got, true, cache); ok != wantOK || ok && !slices.Equal(got, want) {
				t.Fatalf("case %d pass %d: cells %b, rest %b: %v %b through the cache, want %v %b", i, pass, cands, rest, ok, got, wantOK, want)
			}
		}
	}
}
