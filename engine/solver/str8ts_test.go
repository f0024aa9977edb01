package solver

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// str8tsPuzzles are published Str8ts puzzles, as strings of the
// "String Definitions 2.0" (T9B: Str8ts; U, B, V: X, B, BX).
var str8tsPuzzles = []struct {
	name, text string
	// without are strategies the golden solve leaves out.
	without []*strategy.Strategy
}{
	// str8ts.com "Easy 1" of 30 November 2024, as the site wrote it when it
	// went live (candidates off by one, read tolerantly); from the
	// compatibility tests of github.com/BlueAnt1/puzzle-coding.
	{"str8ts-easy1", "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a", nil},
	// The example puzzle of the README of a Haskell Str8ts solver, a
	// university course project on GitHub (its str8ts_1.png, also given
	// there as text); the solution printed there is the one found here.
	{"str8ts-readme-example", "T9B0j060801ezezez04ezezez0a0a04ezez0h0a0f0a0aez03ez0a0aezez0aezezez040gezez0aezezez0aezezez0a03ez0aez0508ez0aezez0a0aezezez0a0fez0a0a05ezez0a0e01ezez07ezezezezezez0b", nil},
	// Puzzles this project generated (solverctl generate --variant str8ts
	// --level medium|hard --no-guessing --seed 23, 21, 23), chosen for
	// their use of High/Low Stranding (A2), the fish on sure digits (C2)
	// and Settis (D2), which the published ones above do not need.
	{"str8ts-medium-a2", "T9B01ez0a0jezezezezez0aezezez0j0a0a0aezez0dez0aez0aezezezezez04ezezezez080a0604ezez03ezezezez0aezezez04ezezezezezezez0aez0dez0bezez0a0a0a0iezezez0a09ezezezez0c0bezez", nil},
	{"str8ts-hard-c2", "T9B0aezezezez010aezezezezezezezezezezez0aez0cez0j0aezez06010a0aez0aezez0hez0aezezezez0704ez0jez0eezez0aez0j0a01ezezez0j0aez0aez0aezezezezezezezezezezez0aezezezezez0a", nil},
	{"str8ts-hard-d2", "T9B0aezezez0aezezezezez0j0iezez0hezezezez0a0a0f0aezezez0aezezezezezez03ezez090aezezezez050cezezezezez03ezezezez0aezezez0a0a0a0aezezezez0a07ez0b0aezezezezez0cezezez0a", nil},
	// A generated Str8ts (generate.Config{Variant: grid.Str8ts, Seed: 9,
	// MaxAttempts: 10}, written by codec.PackBoard) that logic finishes
	// with two Str8ts Jellyfish (C2 of size 4).
	{"str8ts-hard-jellyfish", "T9B600a0j0c600a010h2gd25y07csd2030a019iez7v57eld70a0ad6bfe30a06dpcbdz3e0a0aer7n4z04czdr42cyb70a0a575p0753090a2jbb470a0d9jaf089ibbe36z0adpcb063ecaaj4b0j1n0a2j0a0a0a08", nil},
	// Puzzles 2 and 6 of testdata/str8ts-hard.txt (generated Str8ts and
	// Str8ts B that logic did not finish), which forcing nets finish by
	// following a cell's compartment across as well as down, and by the
	// distinct digits of a row, column or box; without Compartment Trial
	// (T2), which comes before the nets and finishes them too.
	{"str8ts-hard-net", "T9B0a0aey01b6ey5u7ube9e9n0a1m0i9n072j9m01ey0a6yb6ey5u7ube0a0a0a6yb70a5v7vbe0a430a3604430j430i5u7v7v0j437v0a0a0acyeyey6yb6ey0a7u0107czcz4y0acz0e5v9e046r6r06376r4z0j0a", []*strategy.Strategy{strategy.CompartmentTrial()}},
	{"str8ts-b-hard-net", "B9B010h620a560a0j5y2e5y0a5yc6c7070a0d2f0j1m5656061n6v0a3b4a9nbfeye39n7vevbf4a0i0abeaj9n0a0abf4a9nbfeye39n7vevbf4a0abfbeai084bbb0a4a0a0abeai9m4b0a087u9m0a0bai0a4a0abe", []*strategy.Strategy{strategy.CompartmentTrial()}},
	// Puzzle 8 of testdata/str8ts-hard.txt, a generated Str8ts B that the
	// nets left stuck with 57 cells open: Compartment Trial (T2) finishes it.
	{"str8ts-b-hard-trial", "B9B0aezez3f454bezez0a7u7v7v3f0j0a7v0a7vbe0abf3f0i4b0abfbf0adzdz0603dzdzdzdz0aezez0a390aezez0aeyezezdz39dzezez0aewew0ae10cexex0aexey0aey0a0aexezezez0beyeye044eweyey0a", nil},
	// A generated Str8ts BX (the fourth of the variant report's generated
	// Str8ts BX 9×9, generate.Config{Variant: grid.Str8tsBX, Size: 9,
	// Seed: 7903, MaxAttempts: 10}) that every technique before it left
	// stuck: Str8ts Pattern Trial (S2) finishes it.
	{"str8ts-bx-pattern-trial", "V9B56aj0a0ae3e3du06du5v0aereq0aer040adu62beeyeyeyey0a0a012i2i2i0b7u0a7m097u2j0a0aeyeyey0a0a7u07089n0a9m0a2b1n2i630a0aeyezezeq6zey090a7v7u0a7v7n0a7u634b7veyez0a0a6zey", nil},
}

// loadStr8ts decodes a Str8ts string, tolerantly (see str8tsPuzzles),
// into its board.
func loadStr8ts(t testing.TB, s string) *grid.Board {
	t.Helper()
	p, _, err := codec.Decode(s, codec.DecodeOptions{Tolerant: true})
	return classicBoard(t, p, err)
}

// TestStr8tsGolden solves published Str8ts puzzles by logic alone, checks
// every step against the solution the exact search proves unique, and
// compares the step log with a golden file (go test -update rewrites it).
func TestStr8tsGolden(t *testing.T) {
	for _, tt := range str8tsPuzzles {
		t.Run(tt.name, func(t *testing.T) {
			b := loadStr8ts(t, tt.text)
			checkGolden(t, tt.name, logicLog(t, b, solutionOf(t, b), nil, tt.without...))
		})
	}
}

// TestStr8tsFindAllSound runs every strategy allowed on Str8ts boards in
// find-all mode on every board of the solves of the golden puzzles, and
// checks every step each finds against the solution: not just the steps
// the solver takes.
func TestStr8tsFindAllSound(t *testing.T) {
	var allowed []*strategy.Strategy
	for _, st := range strategy.All() {
		if st.Str8ts() != strategy.NotOnStr8ts && st.HasFinder() {
			allowed = append(allowed, st)
		}
	}
	found := map[string]int{}
	for _, tt := range str8tsPuzzles {
		b := loadStr8ts(t, tt.text)
		sol := solutionOf(t, b)
		n := grid.Notation{Layout: b.Layout()}
		boards := 0
		check := func(after *grid.Board) {
			boards++
			for _, st := range allowed {
				if (quick() || tt.name == "str8ts-b-hard-trial" || tt.name == "str8ts-bx-pattern-trial") && st == strategy.ForcingNet() && boards%4 != 1 {
					// The nets in find-all mode cost the most: under
					// -short or -race, and on the 126 and 144 boards of
					// the trials' solves, every fourth board.
					continue
				}
				if st == strategy.PatternTrial() && (quick() || tt.name != "str8ts-bx-pattern-trial" || boards%48 != 0) {
					// A Pattern Trial of every candidate through every
					// phase (find-all mode) costs a second or more a
					// board: boards 48, 96 and 144 of the solve it
					// finishes, none under -short or -race
					// (TestPatternTrialSound checks it there).
					continue
				}
				sink := strategy.Sink{All: true}
				st.Find(after, &sink)
				for _, step := range sink.Steps() {
					found[st.Letter()]++
					found[step.Name()]++
					if st == strategy.PatternTrial() && deepTrial(&step) {
						found["S2 deep"]++
					}
					checkStep(t, sol, n, tt.name+": "+step.Name(), &step)
				}
			}
		}
		check(b)
		_, err := Solve(context.Background(), b, Options{Type: LogicOnly, Unique: true}, func(_ int, _ *strategy.Step, after *grid.Board) error {
			check(after)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("steps found by letter and technique: %v", found)
	// Floors, well under what the finders find today (I2: 7670, Str8ts
	// Jellyfish: 147, Compartment Trial: 8823, Str8ts Pattern Trial: 254),
	// so that a finder that stops finding fails the test.
	// S2 deep: Str8ts Nested Trial steps whose trial took the Str8ts
	// fish, settis or compartment hidden subsets (the search's last phase).
	for letter, least := range map[string]int{"I2": 500, "Str8ts Jellyfish": 20, "T2": 1000, "S2": 20, "S2 deep": 5} {
		if strings.HasPrefix(letter, "S2") && quick() {
			continue
		}
		if found[letter] < least {
			t.Errorf("%s found %d steps, want at least %d", letter, found[letter], least)
		}
	}
}

// TestLineFillingsFindSteps: on the board before the first Line Fillings
// step of the solve of str8ts-hard-c2, FindSteps offers that step (column
// 5: r1-2c5 holds 3-4 or 5-6 beside the other straights, and no filling
// of them puts 5 in r2c5), and every Line Fillings step it offers is sound.
func TestLineFillingsFindSteps(t *testing.T) {
	var text string
	for _, p := range str8tsPuzzles {
		if p.name == "str8ts-hard-c2" {
			text = p.text
		}
	}
	b := loadStr8ts(t, text)
	sol := solutionOf(t, b)
	errFound := errors.New("found")
	before := b.Clone()
	err := func() error {
		_, err := Solve(context.Background(), b, Options{Type: LogicOnly}, func(_ int, st *strategy.Step, after *grid.Board) error {
			if st.Strategy == strategy.LineFillings() {
				return errFound
			}
			before = after.Clone()
			return nil
		})
		return err
	}()
	if !errors.Is(err, errFound) {
		t.Fatalf("the solve takes no Line Fillings step (err %v)", err)
	}
	n := grid.Notation{Layout: before.Layout()}
	r2c5 := 1*9 + 4
	offered := false
	err = FindSteps(context.Background(), before, FindOptions{Strategies: []*strategy.Strategy{strategy.LineFillings()}}, func(st *strategy.Step) bool {
		for _, e := range st.Eliminations {
			if sol[e.Cell] == uint8(e.Digit) {
				t.Errorf("removes the solution's %d from %s: %s", e.Digit, n.CellName(e.Cell), st.Explain(n))
			}
			if e.Cell == r2c5 && e.Digit == 5 {
				offered = true
				if want := "compartment r1-2c5 can hold 3-4, 5-6 only"; !strings.Contains(st.Explain(n), want) {
					t.Errorf("explanation %q does not say %q", st.Explain(n), want)
				}
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if !offered {
		t.Error("FindSteps does not offer r2c5-5")
	}
}

// deepTrial reports whether step, a Str8ts Pattern Trial step, is a
// Str8ts Nested Trial whose trial applied a pattern only the search's last
// phase follows: the Str8ts fish, settis or compartment hidden subsets
// (the premise's Origin names the patterns applied).
func deepTrial(step *strategy.Step) bool {
	if step.Name() != "Str8ts Nested Trial" || len(step.Nodes) == 0 {
		return false
	}
	for _, p := range []*strategy.Strategy{strategy.Str8tsFish(), strategy.Settis(), strategy.CompartmentSubsets()} {
		if strings.Contains(step.Nodes[0].Origin, p.Name()) {
			return true
		}
	}
	return false
}
