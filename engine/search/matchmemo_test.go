package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestMatchMemoAgrees counts killers with the memo of matchings
// (the default) and without (Options.NoMatchMemo) and requires the same search: the same
// guesses, solutions and completeness, board by board. Each way one
// Searcher counts all the boards in turn, so the memo carries entries
// from one layout to the next (its generations must keep them apart).
// The boards are the published killers of hard5, extreme and some of
// tarek's, and tarek's and hard5's with two to four cages dropped (many
// with several solutions, some with a clue that leaves none), counted
// to 30. It also requires the memo to answer a floor of the matchings.
func TestMatchMemoAgrees(t *testing.T) {
	tarek := fixtureBoards(t, "testdata/killer9-tarek.txt")
	boards := fixtureBoards(t, "testdata/killer9-hard5.txt")
	dropped := 24
	if race || testing.Short() {
		dropped = 6
		boards = append(boards, tarek[:6]...)
	} else {
		boards = append(boards, tarek[:12]...)
		boards = append(boards, fixtureBoards(t, "testdata/killer9-extreme.txt")...)
	}
	rng := rand.New(rand.NewPCG(38, 12))
	base, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	sources := append(fixtureBoards(t, "testdata/killer9-hard5.txt"), tarek...)
	for j := range dropped {
		boards = append(boards, droppedCagesKiller(t, rng, sources, base, j%3 == 2))
	}
	with := Searcher{MaxNodes: 500_000}
	without := Searcher{MaxNodes: 500_000, Options: Options{NoMatchMemo: true}}
	var nodes int64
	for i, b := range boards {
		want, errWant := without.Count(context.Background(), b, 30)
		got, errGot := with.Count(context.Background(), b, 30)
		if (errWant == nil) != (errGot == nil) {
			t.Fatalf("board %d: error %v with the memo, %v without", i, errGot, errWant)
		}
		if got.Nodes != want.Nodes || got.Complete != want.Complete ||
			!slices.EqualFunc(got.Solutions, want.Solutions, slices.Equal) {
			t.Fatalf("board %d: %d guesses, %d solutions (complete %v) with the memo; %d, %d (complete %v) without",
				i, got.Nodes, len(got.Solutions), got.Complete, want.Nodes, len(want.Solutions), want.Complete)
		}
		nodes += got.Nodes
	}
	hits := with.generic.memo.hits
	t.Logf("%d boards, %d guesses, %d matchings from the memo", len(boards), nodes, hits)
	if without.generic.memo.hits != 0 {
		t.Errorf("%d matchings from the memo with Options.NoMatchMemo, want none", without.generic.memo.hits)
	}
	// Today about three a guess.
	if hits < nodes {
		t.Errorf("%d matchings from the memo in %d guesses, want at least one a guess", hits, nodes)
	}
}

// TestMatchMemoExact matches random cage states through the memo, twice
// each (the second time from the memo), then once more as the states of
// another model (the memo reset, each constraint with another table), and
// requires keepMatched's outcome each time: the sets left, the digits all
// of them leave, and each cell's support.
func TestMatchMemoExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 13))
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	g := generic{nodes: memoFrom}
	g.memo.reset()
	var tables [][]grid.Digits
	for n := 2; n <= maxMatchCells; n++ {
		for _, sum := range []int{n*(n+1)/2 + 3, n * 5, 45 - (9-n)*(10-n)/2 - 4} {
			var sets []grid.Digits
			sumSets(l.N, n, sum, 1, 0, &sets)
			if len(sets) > 0 && len(sets) <= 64 {
				tables = append(tables, sets)
			}
		}
	}
	type state struct {
		id           int32
		alive        uint64
		placed, need grid.Digits
		empty        []grid.Digits
	}
	var states []state
	for range 3000 {
		id := int32(rng.IntN(len(tables)))
		table := tables[id]
		set := table[rng.IntN(len(table))]
		// Some digits of a set placed, the others' cells with a digit
		// of it and some others.
		var placed grid.Digits
		var empty []grid.Digits
		for d := set; d != 0; d &= d - 1 {
			if bit := d & -d; rng.IntN(4) == 0 {
				placed |= bit
			} else {
				empty = append(empty, bit|grid.Digits(rng.IntN(1<<9))&grid.AllDigits(9))
			}
		}
		if len(empty) < 2 {
			continue
		}
		alive := uint64(1)<<len(table) - 1
		if len(table) == 64 {
			alive = ^uint64(0)
		}
		alive &^= uint64(rng.IntN(4)) << rng.IntN(len(table))
		var need grid.Digits
		if rng.IntN(3) == 0 {
			need = grid.Digits(1) << rng.IntN(9)
		}
		states = append(states, state{id, alive, placed, need, empty})
	}
	// The tables of the next model: constraint id has table perm[id].
	perm := rng.Perm(len(tables))
	for round := range 3 {
		if round == 2 {
			g.memo.reset()
		}
		for i, s := range states {
			table := tables[s.id]
			if round == 2 {
				table = tables[perm[s.id]]
			}
			c := &constraint{cage: 0, combos: table}
			if len(table) < 64 {
				s.alive &= 1<<len(table) - 1
			}
			var open grid.Digits
			for _, e := range s.empty {
				open |= e
			}
			wantAlive := []uint64{s.alive}
			wantSupport := make([]grid.Digits, len(s.empty))
			wantMust, wantOK := keepMatched(c.combos, wantAlive, s.placed, open, s.need, s.empty, wantSupport, nil)
			gotAlive := []uint64{s.alive}
			gotSupport := make([]grid.Digits, len(s.empty))
			gotMust, gotOK := g.keepMatchedMemo(s.id, c, gotAlive, s.placed, open, s.need, s.empty, gotSupport)
			if gotOK != wantOK || gotOK && (gotMust != wantMust || !slices.Equal(gotSupport, wantSupport)) || gotAlive[0] != wantAlive[0] {
				t.Fatalf("round %d, state %d: must %b ok %v alive %b support %b; keepMatched %b %v %b %b",
					round, i, gotMust, gotOK, gotAlive[0], gotSupport, wantMust, wantOK, wantAlive[0], wantSupport)
			}
		}
	}
	if g.memo.hits < int64(len(states)/2) {
		t.Errorf("%d of %d states answered from the memo, want half or more", g.memo.hits, 3*len(states))
	}
}
