package strategy

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// reglibCase is one line of HoDoKu's regression library (format in
// ../shared/testdata/strategies/README.md).
type reglibCase struct {
	line     int
	code     string // technique code without variant
	variant  string // "", "1", "2", ..., or "x" for a fail case
	digits   string
	givens   string
	deleted  []CellDigit
	elims    []CellDigit
	places   []CellDigit
	original string
}

func parseTriples(s string) ([]CellDigit, error) {
	var out []CellDigit
	for _, f := range strings.Fields(s) {
		if len(f) != 3 || f[0] < '1' || f[0] > '9' || f[1] < '1' || f[1] > '9' || f[2] < '1' || f[2] > '9' {
			return nil, fmt.Errorf("bad triple %q", f)
		}
		out = append(out, CellDigit{Cell: int(f[1]-'1')*9 + int(f[2]-'1'), Digit: int(f[0] - '0')})
	}
	return out, nil
}

func parseReglib(t *testing.T, path string) []reglibCase {
	t.Helper()
	var cases []reglibCase
	for i, line := range shared.Lines(t, path) {
		n := i + 1
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, ":") {
			continue
		}
		parts := strings.Split(line, ":")
		if len(parts) < 7 {
			t.Fatalf("line %d: %d fields", n, len(parts))
		}
		c := reglibCase{line: n, code: parts[1], digits: parts[2], givens: parts[3], original: line}
		if i := strings.IndexByte(c.code, '-'); i >= 0 {
			c.code, c.variant = c.code[:i], c.code[i+1:]
		}
		var e1, e2, e3 error
		c.deleted, e1 = parseTriples(parts[4])
		c.elims, e2 = parseTriples(parts[5])
		c.places, e3 = parseTriples(parts[6])
		if e1 != nil || e2 != nil || e3 != nil {
			t.Fatalf("line %d: %v %v %v", n, e1, e2, e3)
		}
		cases = append(cases, c)
	}
	return cases
}

// reglibBoard builds the pencil-mark state of a case.
func reglibBoard(c reglibCase) (*grid.Board, error) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		return nil, err
	}
	cells := make([]grid.CellState, 0, 81)
	for i := 0; i < len(c.givens); i++ {
		ch := c.givens[i]
		switch {
		case ch == '+' && i+1 < len(c.givens):
			i++
			cells = append(cells, grid.CellState{Value: int(c.givens[i] - '0')})
		case ch >= '1' && ch <= '9':
			cells = append(cells, grid.CellState{Value: int(ch - '0'), Given: true})
		default:
			cells = append(cells, grid.CellState{})
		}
	}
	b, err := grid.Load(l, cells)
	if err != nil {
		return nil, err
	}
	for _, d := range c.deleted {
		b.Eliminate(d.Cell, d.Digit)
	}
	return b, nil
}

// techniqueStrategies maps every implemented technique code to the
// strategy whose finder takes such steps.
func techniqueStrategies() map[string]*Strategy {
	m := map[string]*Strategy{}
	for _, s := range All() {
		for _, t := range s.AllTechniques() {
			if t.code != "" && s.HasFinder() {
				m[t.code] = s
			}
		}
	}
	return m
}

func digitString(d grid.Digits) string {
	var b strings.Builder
	for _, x := range d.List(nil) {
		b.WriteByte(byte('0' + x))
	}
	return b.String()
}

func sortedEffects(list []CellDigit) []CellDigit {
	out := slices.Clone(list)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Cell != out[j].Cell {
			return out[i].Cell < out[j].Cell
		}
		return out[i].Digit < out[j].Digit
	})
	return slices.Compact(out)
}

// runReglibCase reports whether the case passes, with a reason when not.
func runReglibCase(c reglibCase, st *Strategy) (bool, string) {
	b, err := reglibBoard(c)
	if err != nil {
		return false, "bad board: " + err.Error()
	}
	sink := Sink{All: true, Form: OfSize(reglibFishSize(c.code))}
	st.Find(b, &sink)
	wantElims, wantPlaces := sortedEffects(c.elims), sortedEffects(c.places)
	matched, other := false, 0
	for _, s := range sink.Steps() {
		if s.Technique == nil || s.Technique.code != c.code || digitString(s.Digits) != c.digits {
			continue
		}
		if slices.Equal(sortedEffects(s.Eliminations), wantElims) && slices.Equal(sortedEffects(s.Placements), wantPlaces) {
			matched = true
		} else {
			other++
		}
	}
	if c.variant == "x" {
		if matched || other > 0 {
			return false, "found a step where none should exist"
		}
		return true, ""
	}
	if !matched {
		return false, fmt.Sprintf("no matching step among %d steps (%d of the same technique and digits)", len(sink.Steps()), other)
	}
	return true, ""
}

// reglibFishSize returns the size of the fish of a fish code (03tn and
// its Siamese form 03tn1: n+2 base sets), 0 for other codes: HoDoKu's
// tester looks for the fish of the case's size only.
func reglibFishSize(code string) int {
	if len(code) >= 4 && code[:2] == "03" && code[2] <= '6' && code[3] <= '5' {
		return int(code[3]-'0') + 2
	}
	return 0
}

// reglibExceptions lists cases that are known to fail on purpose, by line
// prefix, with the reason.
var reglibExceptions = map[string]string{}

// TestReglib runs HoDoKu's regression library against every implemented
// technique (REGLIB_FILE, default ../shared/testdata/strategies/reglib-dev.txt)
// and prints a pass/fail table per technique code. A case fails when its
// technique finds no matching step, and when no technique claims its code.
func TestReglib(t *testing.T) {
	path := os.Getenv("REGLIB_FILE")
	if path == "" {
		path = shared.Path(t, "testdata/strategies/reglib-dev.txt")
	}
	cases := parseReglib(t, path)
	byCode := techniqueStrategies()
	type tally struct{ pass, fail, skipped int }
	table := map[string]*tally{}
	var failures []string
	for _, c := range cases {
		tl := table[c.code]
		if tl == nil {
			tl = &tally{}
			table[c.code] = tl
		}
		st, ok := byCode[c.code]
		if !ok {
			// A code no technique claims is a technique missing (or a
			// code mistyped in the catalogue), not a case to pass over.
			tl.fail++
			failures = append(failures, fmt.Sprintf("line %d: technique code %s is claimed by no strategy of the catalogue\n    %s", c.line, c.code, c.original))
			continue
		}
		if ok, why := runReglibCase(c, st); ok {
			tl.pass++
		} else if reason, known := exceptionFor(c.original); known {
			tl.skipped++
			t.Logf("line %d: known exception (%s)", c.line, reason)
		} else {
			tl.fail++
			failures = append(failures, fmt.Sprintf("line %d %s: %s\n    %s", c.line, st.name, why, c.original))
		}
	}
	codes := make([]string, 0, len(table))
	for code := range table {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	var report strings.Builder
	fmt.Fprintf(&report, "%-6s %-28s %5s %5s %8s\n", "code", "technique", "pass", "fail", "excepted")
	for _, code := range codes {
		tl := table[code]
		name := "-"
		if st, ok := byCode[code]; ok {
			for _, tq := range st.AllTechniques() {
				if tq.code == code {
					name = tq.name
				}
			}
		}
		fmt.Fprintf(&report, "%-6s %-28s %5d %5d %8d\n", code, name, tl.pass, tl.fail, tl.skipped)
	}
	t.Logf("HoDoKu regression library %s:\n%s", path, report.String())
	for _, f := range failures {
		t.Error(f)
	}
}

func exceptionFor(line string) (string, bool) {
	for prefix, reason := range reglibExceptions {
		if strings.HasPrefix(line, prefix) {
			return reason, true
		}
	}
	return "", false
}
