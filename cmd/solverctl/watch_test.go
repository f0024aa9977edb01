package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/watch")

const jigsawMap = "000122222000111222033331112003444411333345555664444577866655557888666777888886777"

// watchCase is a board to render and the step to show on it.
type watchCase struct {
	name          string
	puzzle        *sudokuv1.Puzzle
	width, height int
	// step builds the shown step from the board's initial state.
	step func(wb *watchBoard, s *watchState) *sudokuv1.Step
}

// readTestdata returns the first line of testdata/watch/name.
func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "watch", name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// loadBoard decodes a puzzle with the in-process service, as watch does.
func loadBoard(t testing.TB, p *sudokuv1.Puzzle) (*watchBoard, *watchState) {
	t.Helper()
	client, closeFn, err := dialInProcess(service.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	b, err := convertBoard(context.Background(), client, p)
	if err != nil {
		t.Fatalf("convert: %v", err)
	}
	wb, s, err := newWatchBoard(b, p.GetCharset())
	if err != nil {
		t.Fatal(err)
	}
	return wb, s
}

// emptyCells returns the first k empty cells of s.
func emptyCells(s *watchState, k int) []int {
	var out []int
	for i, v := range s.Value {
		if v == 0 && len(out) < k {
			out = append(out, i)
		}
	}
	return out
}

// firstCand returns the smallest candidate of cell c.
func firstCand(s *watchState, c int) uint32 { return uint32(bits.TrailingZeros32(s.Cand[c]) + 1) }

// demoStep is a made-up step exercising every highlight: a unit, cells, a
// placement, eliminations and, with chain, a chain of three nodes.
func demoStep(chain bool) func(wb *watchBoard, s *watchState) *sudokuv1.Step {
	return func(wb *watchBoard, s *watchState) *sudokuv1.Step {
		e := emptyCells(s, 4)
		st := &sudokuv1.Step{
			Index: 7, Method: "E", Strategy: "Demo Strategy", Technique: "Demo Technique", Score: 42,
			Explanation: "a made-up step to show every highlight of the view, long enough that a narrow terminal has to wrap it",
			Placements:  []*sudokuv1.Placement{{Cell: uint32(e[0]), Digit: firstCand(s, e[0])}},
			Units:       []*sudokuv1.Unit{{Kind: sudokuv1.UnitKind_UNIT_KIND_ROW, Index: uint32(e[0] / wb.geo.N)}},
			Cells:       []uint32{uint32(e[1])},
		}
		for _, c := range e[2:] {
			st.Eliminations = append(st.Eliminations, &sudokuv1.Elimination{Cell: uint32(c), Digit: firstCand(s, c)})
		}
		if chain {
			d := firstCand(s, e[1])
			st.Nodes = []*sudokuv1.ChainNode{
				{Kind: sudokuv1.NodeKind_NODE_KIND_CANDIDATE, Digit: d, Cells: []uint32{uint32(e[1])}},
				{Kind: sudokuv1.NodeKind_NODE_KIND_GROUP, Digit: d, Cells: []uint32{uint32(e[2]), uint32(e[3])}},
				{Kind: sudokuv1.NodeKind_NODE_KIND_CANDIDATE, Digit: d, Cells: []uint32{uint32(e[3])}},
			}
			st.Links = []*sudokuv1.ChainLink{
				{From: 0, To: 1, Kind: sudokuv1.LinkKind_LINK_KIND_STRONG},
				{From: 1, To: 2, Kind: sudokuv1.LinkKind_LINK_KIND_WEAK},
			}
		}
		return st
	}
}

func watchCases(t *testing.T) []watchCase {
	text := func(s string) *sudokuv1.Puzzle { return &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: s}} }
	small := text(smallPuzzle)
	small.Charset, small.RegionMap = smallCharset, smallMap
	jigsaw := text("300000004002060100010908020005000600020000010009000800080304060004010900500000007")
	jigsaw.RegionMap = jigsawMap
	x := text(readTestdata(t, "x9.txt"))
	x.Variant = sudokuv1.Variant_VARIANT_X
	return []watchCase{
		{"4x4", small, 120, 50, demoStep(false)},
		{"9x9-killer", text(readTestdata(t, "killer9.txt")), 120, 50, demoStep(true)},
		{"9x9-killer-compact", text(readTestdata(t, "killer9.txt")), 80, 30, demoStep(true)},
		// A KenKen label with no room on the compact board is listed under it.
		{"9x9-kenken-compact", text(readTestdata(t, "kenken9.txt")), 120, 40, demoStep(false)},
		// The commonest terminal: the compact board shows, its text cut.
		{"9x9-killer-80x24", text(readTestdata(t, "killer9.txt")), 80, 24, demoStep(true)},
		{"9x9-jigsaw", jigsaw, 120, 50, demoStep(false)},
		{"9x9-x", x, 120, 50, demoStep(false)},
		{"16x16", text(readTestdata(t, "classic16.txt")), 120, 50, demoStep(false)},
		{"25x25", text(readTestdata(t, "classic25.txt")), 120, 50, demoStep(true)},
		{"25x25-too-small", text(readTestdata(t, "classic25.txt")), 80, 24, demoStep(false)},
		{"9x9-too-small-30x10", x, 30, 10, demoStep(false)},
	}
}

// describeMarks draws the highlights of a frame as text, for goldens
// without colour: each cell's background ('.' none, 't' tint, 'u' unit,
// 'c' cell, 'P' placed, 'R' losing candidates), then the marked
// candidates.
func describeMarks(wb *watchBoard, m marks) string {
	var sb strings.Builder
	n := wb.geo.N
	for r := range n {
		for c := range n {
			sb.WriteByte(".tucPR"[m.cellBg[r*n+c]])
		}
		sb.WriteByte('\n')
	}
	roles := map[fgRole]string{fgRemoved: "removed", fgPattern: "pattern", fgOn: "on", fgOff: "off", fgFin: "fin", fgALS: "als"}
	for i := range wb.geo.Cells * 32 {
		if r, ok := m.cand[i]; ok {
			fmt.Fprintf(&sb, "%s(%s) %s\n", wb.geo.CellName(i/32), wb.geo.DigitName(i%32+1), roles[r])
		}
	}
	return sb.String()
}

func TestRenderWatchGolden(t *testing.T) {
	for _, tc := range watchCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			wb, initial := loadBoard(t, tc.puzzle)
			st := tc.step(wb, initial)
			f := &watchFrame{
				board: wb, state: wb.apply(initial, st), step: st, pos: 7, total: 31,
				status: "paused", width: tc.width, height: tc.height, pal: newPalette(colorprofile.NoTTY),
			}
			got := renderWatch(f)
			for i, ln := range strings.Split(got, "\n") {
				if w := len([]rune(ln)); w > tc.width {
					t.Errorf("line %d is %d wide, more than the terminal's %d", i+1, w, tc.width)
				}
				if i >= tc.height {
					t.Errorf("line %d is below the terminal's %d lines", i+1, tc.height)
					break
				}
			}
			got += "\n\n--- highlights ---\n" + describeMarks(wb, wb.stepMarks(st))
			checkGolden(t, filepath.Join("testdata", "watch", tc.name+".golden"), got)
		})
	}
}

func TestRenderWatchColours(t *testing.T) {
	text := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}
	wb, initial := loadBoard(t, text)
	st := demoStep(true)(wb, initial)
	tests := []struct {
		profile   colorprofile.Profile
		want, not []string
	}{
		{colorprofile.TrueColor, []string{"38;5;203;48;5;52;9m", "1;38;5;118;48;5;22m"}, nil},
		{colorprofile.ANSI256, []string{"38;5;203;48;5;52;9m", "1;38;5;118;48;5;22m"}, nil},
		{colorprofile.ANSI, []string{"91;41;9m", "1;92;42m"}, []string{"38;5;", "48;5;"}},
		{colorprofile.Ascii, []string{"\x1b[1;7m", ";9m"}, []string{"38;5;", "48;5;", "91;"}},
		{colorprofile.NoTTY, nil, []string{"\x1b["}},
	}
	for _, tt := range tests {
		t.Run(tt.profile.String(), func(t *testing.T) {
			f := &watchFrame{board: wb, state: wb.apply(initial, st), step: st, pos: 1, total: 1, width: 120, height: 50, pal: newPalette(tt.profile)}
			got := renderWatch(f)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("render lacks %q", w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(got, w) {
					t.Errorf("render has %q", w)
				}
			}
		})
	}
}

func TestChainRolesAndEureka(t *testing.T) {
	wb, initial := loadBoard(t, &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}})
	node := func(d uint32, cells ...uint32) *sudokuv1.ChainNode {
		return &sudokuv1.ChainNode{Kind: sudokuv1.NodeKind_NODE_KIND_CANDIDATE, Digit: d, Cells: cells}
	}
	link := func(from, to uint32, strong bool) *sudokuv1.ChainLink {
		return &sudokuv1.ChainLink{From: from, To: to, Kind: pick(strong, sudokuv1.LinkKind_LINK_KIND_STRONG, sudokuv1.LinkKind_LINK_KIND_WEAK)}
	}
	tests := []struct {
		name   string
		step   *sudokuv1.Step
		eureka string
		roles  []fgRole
	}{
		{
			name:   "simple chain",
			step:   &sudokuv1.Step{Nodes: []*sudokuv1.ChainNode{node(5, 0), node(5, 1, 2), node(5, 20), node(7, 20)}, Links: []*sudokuv1.ChainLink{link(0, 1, true), link(1, 2, false), link(2, 3, true)}},
			eureka: "(5)r1c1=(5)r1c23-(5)r3c3=(7)r3c3",
			roles:  []fgRole{fgOff, fgOn, fgOff, fgOn},
		},
		{
			// A continuous loop's last link returns to its first node.
			name:   "continuous loop",
			step:   &sudokuv1.Step{Nodes: []*sudokuv1.ChainNode{node(9, 42), node(9, 51), node(9, 49), node(9, 39, 40)}, Links: []*sudokuv1.ChainLink{link(0, 1, true), link(1, 2, false), link(2, 3, true), link(3, 0, false)}},
			eureka: "(9)r5c7=(9)r6c7-(9)r6c5=(9)r5c45-(9)r5c7",
			roles:  []fgRole{fgOff, fgOn, fgOff, fgOn},
		},
		{
			name:   "column group and a net",
			step:   &sudokuv1.Step{Nodes: []*sudokuv1.ChainNode{node(1, 0), node(1, 9, 18), node(2, 30)}, Links: []*sudokuv1.ChainLink{link(0, 1, false), link(0, 2, false)}},
			eureka: "(1)r1c1-(1)r23c1; (1)r1c1-(2)r4c4",
			roles:  []fgRole{fgOn, fgOff, fgOff},
		},
		{
			// A node kind newer than this client (a cage) is named and
			// drawn by its cells, like an ALS.
			name:   "unknown node kind",
			step:   &sudokuv1.Step{Nodes: []*sudokuv1.ChainNode{node(3, 0), {Kind: sudokuv1.NodeKind(7), Digit: 3, Cells: []uint32{1, 10}}, {Kind: sudokuv1.NodeKind_NODE_KIND_ALS, Digit: 4, Cells: []uint32{2, 3}}}, Links: []*sudokuv1.ChainLink{link(0, 1, true), link(1, 2, false)}},
			eureka: "(3)r1c1=(3)KIND7:r1c2,r2c2-(4)ALS:r1c3,r1c4",
			roles:  []fgRole{fgOff, fgOn, fgOff},
		},
		{
			// A cage node (a combination of a cage) has no digit: none is
			// printed in front of it.
			name:   "cage node",
			step:   &sudokuv1.Step{Cells: []uint32{1, 10}, Nodes: []*sudokuv1.ChainNode{node(3, 0), {Kind: sudokuv1.NodeKind_NODE_KIND_CAGE, Cells: []uint32{1, 10}}, node(4, 2)}, Links: []*sudokuv1.ChainLink{link(0, 1, true), link(1, 2, false)}},
			eureka: "(3)r1c1=CAGE:r1c2,r2c2-(4)r1c3",
			roles:  []fgRole{fgOff, fgOn, fgOff},
		},
		{
			// The rule of 45 in a net: named by its sum and cells.
			name: "sum node",
			step: &sudokuv1.Step{Nodes: []*sudokuv1.ChainNode{node(6, 1), {Kind: sudokuv1.NodeKind_NODE_KIND_SUM, Cells: []uint32{1, 10, 19}, Target: 15, Operator: sudokuv1.CageOperator_CAGE_OPERATOR_ADD, Origin: "the innies of column 2"}, node(9, 10)},
				Links: []*sudokuv1.ChainLink{link(0, 1, true), link(1, 2, true)}},
			eureka: "(6)r1c2=SUM15:r1c2+r2c2+r3c2=(9)r2c2",
			roles:  []fgRole{fgOff, fgOn, fgOn},
		},
		{
			// A trial's course: what it found true under its premise, but
			// the candidate it ruled out (highlighted off), which links on
			// to its inner trial's premise.
			name: "trial",
			step: &sudokuv1.Step{Nodes: []*sudokuv1.ChainNode{node(7, 0), node(2, 1), node(4, 2), node(4, 2), node(5, 3)},
				Links:      []*sudokuv1.ChainLink{{From: 0, To: 1, Kind: sudokuv1.LinkKind_LINK_KIND_THEN}, {From: 1, To: 2, Kind: sudokuv1.LinkKind_LINK_KIND_THEN}, {From: 2, To: 3, Kind: sudokuv1.LinkKind_LINK_KIND_THEN}, {From: 3, To: 4, Kind: sudokuv1.LinkKind_LINK_KIND_THEN}},
				Highlights: []*sudokuv1.Highlight{{Cell: 2, Digit: 4, Role: sudokuv1.CandidateRole_CANDIDATE_ROLE_OFF}}},
			eureka: "(7)r1c1⇒(2)r1c2⇒(4)r1c3⇒(4)r1c3⇒(5)r1c4",
			roles:  []fgRole{fgOn, fgOn, fgOff, fgOff, fgOn},
		},
		{
			// A Cage Filling Verity's fillings of the same cells: the
			// cells once, then each filling; a subset's words stay out.
			name: "verity fillings",
			step: &sudokuv1.Step{Cells: []uint32{1, 2, 3, 4, 10, 11}, Nodes: []*sudokuv1.ChainNode{
				{Kind: sudokuv1.NodeKind_NODE_KIND_SUM, Cells: []uint32{1, 10}, Target: 12, Operator: sudokuv1.CageOperator_CAGE_OPERATOR_ADD},
				{Kind: sudokuv1.NodeKind_NODE_KIND_GROUP, Cells: []uint32{1, 10}, Origin: "39"},
				{Kind: sudokuv1.NodeKind_NODE_KIND_GROUP, Cells: []uint32{1, 10}, Origin: "57"},
				{Kind: sudokuv1.NodeKind_NODE_KIND_GROUP, Cells: []uint32{2, 11}, Origin: "48"},
				{Kind: sudokuv1.NodeKind_NODE_KIND_GROUP, Cells: []uint32{3, 4}, Origin: "naked pair {2,9} in r1c4,r1c5 (row 1)"},
			}},
			eureka: "SUM12:r1c2+r2c2 r1c2,r2c2=39|57 r1c3,r2c3=48 r1c45",
			roles:  []fgRole{fgPattern, fgPattern, fgPattern, fgPattern, fgPattern},
		},
		{name: "no chain", step: &sudokuv1.Step{}},
		{
			name:   "bad indexes",
			step:   &sudokuv1.Step{Nodes: []*sudokuv1.ChainNode{node(1, 999)}, Links: []*sudokuv1.ChainLink{link(0, 5, true)}},
			eureka: "(1)?=?",
			roles:  []fgRole{fgPattern},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := wb.eureka(tt.step); got != tt.eureka {
				t.Errorf("eureka = %q, want %q", got, tt.eureka)
			}
			if got := chainRoles(tt.step); fmt.Sprint(got) != fmt.Sprint(tt.roles) {
				t.Errorf("roles = %v, want %v", got, tt.roles)
			}
			// Every node's candidates are coloured by its role, whatever its kind.
			m := wb.stepMarks(tt.step)
			for i, nd := range tt.step.GetNodes() {
				for _, c := range nd.GetCells() {
					if int(c) >= wb.geo.Cells {
						continue
					}
					if nd.GetDigit() == 0 {
						// A rule node (the rule of 45) shows its cells.
						if m.cellBg[c] < bgCell {
							t.Errorf("node %d cell %d: background %v, want at least the step's cells'", i, c, m.cellBg[c])
						}
						continue
					}
					if got, ok := m.cand[int(c)*32+int(nd.GetDigit())-1]; !ok || got != tt.roles[i] {
						t.Errorf("node %d cell %d: role %v (set %v), want %v", i, c, got, ok, tt.roles[i])
					}
				}
			}
			// Whatever the step, it renders.
			renderWatch(&watchFrame{board: wb, state: initial, step: tt.step, width: 100, height: 40, pal: newPalette(colorprofile.ANSI256)})
		})
	}
}

// fakeStream is a SolveSteps stream of steps made up on a board.
type fakeStream struct {
	msgs []*sudokuv1.SolveStepsResponse
	err  error // returned after msgs; nil means io.EOF
}

func (s *fakeStream) Recv() (*sudokuv1.SolveStepsResponse, error) {
	if len(s.msgs) == 0 {
		if s.err != nil {
			return nil, s.err
		}
		return nil, io.EOF
	}
	m := s.msgs[0]
	s.msgs = s.msgs[1:]
	return m, nil
}

// stepsStream returns a stream of k steps, each eliminating one candidate
// (without packed boards, so that the view replays them), then a result.
func stepsStream(wb *watchBoard, s *watchState, k int) *fakeStream {
	fs := new(fakeStream)
	for i := range k {
		c := emptyCells(s, 1)[0]
		st := &sudokuv1.Step{Index: uint32(i + 1), Method: "A", Strategy: "Step", Explanation: fmt.Sprintf("step number %d", i+1),
			Placements: []*sudokuv1.Placement{{Cell: uint32(c), Digit: firstCand(s, c)}}}
		if i%2 == 1 {
			st = &sudokuv1.Step{Index: uint32(i + 1), Method: "B", Strategy: "Step", Explanation: fmt.Sprintf("step number %d", i+1)}
		}
		s = wb.apply(s, st)
		fs.msgs = append(fs.msgs, &sudokuv1.SolveStepsResponse{Event: &sudokuv1.SolveStepsResponse_Step{Step: st}})
	}
	fs.msgs = append(fs.msgs, &sudokuv1.SolveStepsResponse{Event: &sudokuv1.SolveStepsResponse_Result{Result: &sudokuv1.SolveResult{
		Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, StepCount: uint32(k)}}})
	return fs
}

// newTestModel returns a model that has received k steps, sized 120×50.
func newTestModel(t *testing.T, k int) *watchModel {
	t.Helper()
	wb, initial := loadBoard(t, &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}})
	feed := newStepFeed()
	feed.read(stepsStream(wb, initial, k))
	m := newWatchModel(wb, initial, feed)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 50})
	m.Update(feedMsg{})
	if len(m.steps) != k || !m.ended {
		t.Fatalf("model has %d steps (ended %v), want %d", len(m.steps), m.ended, k)
	}
	return m
}

// TestWatchReplayBacktrack checks the boards replayed from steps that
// carry no packed board (a killer X's, which no 2.0 string draws) across a
// guess and its backtrack: the backtrack returns to the board the guess
// started from, less the digit that failed, and the steps after it build
// on that board.
func TestWatchReplayBacktrack(t *testing.T) {
	wb, initial := loadBoard(t, &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}})
	cell := slices.Index(initial.Value, 0)
	d := 0
	for x := 1; x <= 9; x++ {
		if initial.Has(cell, x) {
			d = x
			break
		}
	}
	other := slices.IndexFunc(wb.geo.Peers[cell], func(p int) bool { return initial.Value[p] == 0 })
	peer := wb.geo.Peers[cell][other]
	steps := []*sudokuv1.Step{
		{Index: 1, Kind: sudokuv1.StepKind_STEP_KIND_GUESS, Placements: []*sudokuv1.Placement{{Cell: uint32(cell), Digit: uint32(d)}}},
		{Index: 2, Eliminations: []*sudokuv1.Elimination{{Cell: uint32(peer), Digit: 1}, {Cell: uint32(peer), Digit: 2}}},
		{Index: 3, Kind: sudokuv1.StepKind_STEP_KIND_BACKTRACK, Eliminations: []*sudokuv1.Elimination{{Cell: uint32(cell), Digit: uint32(d)}}},
	}
	m := newWatchModel(wb, initial, newStepFeed())
	m.steps = steps
	if s := m.stateAt(1); s.Value[cell] != uint8(d) {
		t.Fatalf("after the guess %s holds %d, want %d", wb.geo.CellName(cell), s.Value[cell], d)
	}
	back := m.stateAt(3)
	want := initial.Clone()
	want.Cand[cell] &^= 1 << (d - 1)
	if !slices.Equal(back.Value, want.Value) || !slices.Equal(back.Cand, want.Cand) {
		t.Errorf("after the backtrack the board is not the one before the guess less %d at %s", d, wb.geo.CellName(cell))
	}
	// Looked up again from the start, the same.
	m.cachedPos, m.replayed, m.saved = -1, nil, nil
	if again := m.stateAt(3); !slices.Equal(again.Cand, want.Cand) {
		t.Error("the backtrack's board differs when replayed again")
	}
}

func press(k string) tea.KeyPressMsg {
	switch k {
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

func TestWatchModelKeys(t *testing.T) {
	tests := []struct {
		name   string
		keys   []string
		pos    int
		paused bool
		speed  int
		quit   bool
	}{
		{name: "start", pos: 0, speed: defaultSpeed},
		{name: "pause", keys: []string{"space"}, paused: true, speed: defaultSpeed},
		{name: "pause and resume", keys: []string{"space", "space"}, speed: defaultSpeed},
		{name: "step forward pauses", keys: []string{"right", "right", "right"}, pos: 3, paused: true, speed: defaultSpeed},
		{name: "step back", keys: []string{"right", "right", "right", "left"}, pos: 2, paused: true, speed: defaultSpeed},
		{name: "not before the puzzle", keys: []string{"left", "left"}, pos: 0, paused: true, speed: defaultSpeed},
		{name: "not past the last step", keys: []string{"end", "right", "right"}, pos: 10, paused: true, speed: defaultSpeed},
		{name: "home", keys: []string{"end", "home"}, pos: 0, paused: true, speed: defaultSpeed},
		{name: "faster", keys: []string{"+", "+"}, speed: defaultSpeed + 2},
		{name: "slower", keys: []string{"-"}, speed: defaultSpeed - 1},
		{name: "no slower than the slowest", keys: []string{"-", "-", "-", "-", "-", "-"}, speed: 0},
		{name: "no faster than the fastest", keys: strings.Split(strings.Repeat("+", 20), ""), speed: len(watchSpeeds) - 1},
		{name: "go to step 7", keys: []string{"7", "enter"}, pos: 7, paused: true, speed: defaultSpeed},
		{name: "go to a two-digit step", keys: []string{"1", "0", "enter"}, pos: 10, paused: true, speed: defaultSpeed},
		{name: "go to past the last step", keys: []string{"9", "9", "enter"}, pos: 10, paused: true, speed: defaultSpeed},
		{name: "go to step 0", keys: []string{"end", "0", "enter"}, pos: 0, paused: true, speed: defaultSpeed},
		{name: "backspace takes back a digit", keys: []string{"4", "2", "backspace", "enter"}, pos: 4, paused: true, speed: defaultSpeed},
		{name: "esc cancels the number, not the view", keys: []string{"right", "5", "esc", "enter"}, pos: 1, paused: true, speed: defaultSpeed},
		{name: "esc without a number quits", keys: []string{"esc"}, speed: defaultSpeed, quit: true},
		{name: "help takes the keys", keys: []string{"?", "right", "5", "enter"}, speed: defaultSpeed},
		{name: "esc closes help, not the view", keys: []string{"?", "esc", "right"}, pos: 1, paused: true, speed: defaultSpeed},
		{name: "? closes help", keys: []string{"?", "?", "3", "enter"}, pos: 3, paused: true, speed: defaultSpeed},
		{name: "q quits from help", keys: []string{"?", "q"}, speed: defaultSpeed, quit: true},
		{name: "quit", keys: []string{"q"}, speed: defaultSpeed, quit: true},
		{name: "a hint pauses and stays", keys: []string{"h", "h"}, pos: 0, paused: true, speed: defaultSpeed},
		{name: "the third hint takes the step", keys: []string{"right", "h", "h", "h"}, pos: 2, paused: true, speed: defaultSpeed},
		{name: "h is no longer back", keys: []string{"right", "right", "h"}, pos: 2, paused: true, speed: defaultSpeed},
		{name: "ctrl-c", keys: []string{"right", "ctrl+c"}, pos: 1, paused: true, speed: defaultSpeed, quit: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newTestModel(t, 10)
			var quit bool
			for _, k := range tt.keys {
				_, cmd := m.Update(press(k))
				if m.quitting && !quit {
					quit = true
					if _, ok := cmd().(tea.QuitMsg); !ok {
						t.Errorf("key %q quits without tea.Quit", k)
					}
				}
			}
			if m.pos != tt.pos || m.paused != tt.paused || m.speed != tt.speed || quit != tt.quit {
				t.Errorf("after %v: pos %d paused %v speed %d quit %v, want %d %v %d %v",
					tt.keys, m.pos, m.paused, m.speed, quit, tt.pos, tt.paused, tt.speed, tt.quit)
			}
			view := m.View().Content
			if m.help {
				if !strings.Contains(view, "solverctl watch: keys") {
					t.Errorf("the help is open, the view lacks it:\n%s", view)
				}
				return
			}
			// The step count and the result show only at the end.
			want := fmt.Sprintf("step %d ·", tt.pos)
			if tt.pos == 10 {
				want = "step 10/10"
			}
			if !strings.Contains(view, want) {
				t.Errorf("view lacks %q:\n%s", want, view)
			}
			if tt.pos < 10 && (strings.Contains(view, "/10") || strings.Contains(view, "result:")) {
				t.Errorf("the view at step %d spoils the step count or the result:\n%s", tt.pos, view)
			}
		})
	}
}

func TestRenderHelp(t *testing.T) {
	for _, width := range []int{120, 30} {
		got := renderHelp(width, 50)
		for _, want := range []string{"space", "enter", "home", "esc", "quit", "?"} {
			if !strings.Contains(got, want) {
				t.Errorf("width %d: the help lacks %q:\n%s", width, want, got)
			}
		}
		for _, ln := range strings.Split(got, "\n") {
			if n := len([]rune(ln)); n > width {
				t.Errorf("width %d: a line of %d runes: %q", width, n, ln)
			}
		}
	}
	if got := strings.Count(renderHelp(80, 3), "\n") + 1; got != 3 {
		t.Errorf("help cut to 3 lines has %d", got)
	}
}

func TestWatchModelTicks(t *testing.T) {
	m := newTestModel(t, 10)
	gen := m.gen
	m.Update(tickMsg{gen: gen})
	if m.pos != 1 {
		t.Fatalf("a beat at %v steps/s moved to %d, want 1", watchSpeeds[m.speed], m.pos)
	}
	m.Update(tickMsg{gen: gen - 1})
	if m.pos != 1 {
		t.Errorf("a stale beat moved to %d", m.pos)
	}
	m.Update(press("space"))
	m.Update(tickMsg{gen: m.gen})
	if m.pos != 1 {
		t.Errorf("a beat while paused moved to %d", m.pos)
	}
	m.Update(press("space"))
	for range 5 {
		m.Update(press("+"))
	}
	_, cmd := m.Update(tickMsg{gen: m.gen})
	if m.pos != 5 || cmd == nil {
		t.Errorf("a beat at %v steps/s moved to %d (next beat %v), want 5", watchSpeeds[m.speed], m.pos, cmd != nil)
	}
	for range 10 {
		m.Update(tickMsg{gen: m.gen})
	}
	if m.pos != 10 {
		t.Errorf("the beats stopped at %d, want 10", m.pos)
	}
	if _, cmd := m.Update(tickMsg{gen: m.gen}); cmd != nil {
		t.Error("the beat goes on after the last step of an ended stream")
	}
	if !m.paused || !strings.Contains(m.View().Content, "paused") {
		t.Errorf("at the end the player is not paused:\n%s", m.View().Content)
	}
	m.Update(press("space"))
	if m.paused || m.pos != 0 {
		t.Errorf("space at the end: pos %d paused %v, want the replay from the start", m.pos, m.paused)
	}
	for range 12 {
		m.Update(tickMsg{gen: m.gen})
	}
	if v := m.View().Content; !strings.Contains(v, "result: solved") || !strings.Contains(v, "step number 10") {
		t.Errorf("the last view lacks the result or the step:\n%s", v)
	}
}

// TestWatchHints checks the three levels of a hint (the technique and its
// area, then its cells and digits, then the step taken), that another
// key drops it, and that r reveals the result before the end.
func TestWatchHints(t *testing.T) {
	m := newTestModel(t, 10)
	m.steps[0].Technique = "Demo Technique"
	m.steps[0].Units = []*sudokuv1.Unit{{Kind: sudokuv1.UnitKind_UNIT_KIND_ROW, Index: 2, Name: "row 3"}}
	p := m.steps[0].GetPlacements()[0]
	move := cellName(p.GetCell(), 9) + "=" + fmt.Sprint(p.GetDigit())
	steps := []struct {
		key      string
		pos      int
		has, not []string
	}{
		{"h", 0, []string{"hint: Demo Technique in row 3"}, []string{move, "step number 1"}},
		{"h", 0, []string{"hint: Demo Technique in row 3: " + move}, []string{"step number 1"}},
		{"h", 1, []string{"step number 1"}, []string{"hint:"}},
		{"h", 1, []string{"hint: Step"}, []string{"step number 2"}},
		{"right", 2, []string{"step number 2"}, []string{"hint:", "/10", "result:"}},
		{"r", 2, []string{"step 2/10", "result: solved"}, nil},
	}
	for _, st := range steps {
		m.Update(press(st.key))
		view := m.View().Content
		if m.pos != st.pos {
			t.Errorf("after %s: step %d, want %d", st.key, m.pos, st.pos)
		}
		for _, s := range st.has {
			if !strings.Contains(view, s) {
				t.Errorf("after %s at step %d: the view lacks %q:\n%s", st.key, m.pos, s, view)
			}
		}
		for _, s := range st.not {
			if strings.Contains(view, s) {
				t.Errorf("after %s at step %d: the view shows %q:\n%s", st.key, m.pos, s, view)
			}
		}
	}
}

// TestWatchStepList checks the step list beside the board: s shows it
// with the shown step marked, only the steps so far before the end (the
// rest would spoil the replay), every step at the end, and s hides it.
func TestWatchStepList(t *testing.T) {
	m := newTestModel(t, 10)
	for _, k := range []string{"right", "right", "right", "s"} {
		m.Update(press(k))
	}
	view := m.View().Content
	for _, want := range []string{"▶   3 A  Step", "    2 B  Step"} {
		if !strings.Contains(view, want) {
			t.Errorf("the list at step 3 lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "   4 B  Step") {
		t.Errorf("the list at step 3 shows step 4:\n%s", view)
	}
	m.Update(press("end"))
	if view := m.View().Content; !strings.Contains(view, "▶  10 B  Step") || !strings.Contains(view, "    1 A  Step") {
		t.Errorf("the list at the end lacks its steps:\n%s", view)
	}
	m.Update(press("s"))
	if view := m.View().Content; strings.Contains(view, "▶") {
		t.Errorf("s did not hide the list:\n%s", view)
	}
}

// TestStepFeed checks that a fast stream is buffered whole while the view
// takes it in pieces.
func TestStepFeed(t *testing.T) {
	wb, initial := loadBoard(t, &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}})
	for _, tt := range []struct {
		name string
		err  error
	}{{"result", nil}, {"error", errors.New("boom")}} {
		t.Run(tt.name, func(t *testing.T) {
			const k = 5000
			steps := stepsStream(wb, initial, 40).msgs[:40]
			s := new(fakeStream)
			for len(s.msgs) < k {
				s.msgs = append(s.msgs, steps...)
			}
			if tt.err != nil {
				s.err = tt.err
			} else {
				s.msgs = append(s.msgs, &sudokuv1.SolveStepsResponse{Event: &sudokuv1.SolveStepsResponse_Result{Result: &sudokuv1.SolveResult{}}})
			}
			want := len(s.msgs) - pick(tt.err == nil, 1, 0)
			feed := newStepFeed()
			go feed.read(s)
			m := newWatchModel(wb, initial, feed)
			deadline := time.Now().Add(10 * time.Second)
			for !m.ended && time.Now().Before(deadline) {
				msg := m.waitFeed()()
				m.Update(msg)
			}
			if !m.ended || len(m.steps) != want {
				t.Fatalf("model ended %v with %d steps, want %d", m.ended, len(m.steps), want)
			}
			if (m.err != nil) != (tt.err != nil) {
				t.Errorf("err = %v, want %v", m.err, tt.err)
			}
		})
	}
}

func TestWatchNotATerminal(t *testing.T) {
	_, _, err := runCLI(t, "", "watch", seedPuzzle)
	if err == nil || !strings.Contains(err.Error(), "not a terminal") {
		t.Errorf("watch to a buffer: err = %v, want not a terminal", err)
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = run(context.Background(), []string{"watch", seedPuzzle}, strings.NewReader(""), f, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "not a terminal") {
		t.Errorf("watch to a file: err = %v, want not a terminal", err)
	}
	if code := report(io.Discard, err); code == 0 {
		t.Error("exit status 0")
	}
}

// TestWatchNoJSON checks that watch, which draws a terminal view, neither
// lists -json in its help (steps -json prints the steps as JSON) nor takes
// it.
func TestWatchNoJSON(t *testing.T) {
	out, _, err := runCLI(t, "", "watch", "-h")
	if err != nil || !strings.Contains(out, "-paused") || strings.Contains(out, "-json") {
		t.Errorf("watch -h: err %v, help:\n%s\nwant -paused listed and no -json", err, out)
	}
	_, _, err = runCLI(t, "", "watch", "-json", seedPuzzle)
	if err == nil || !strings.Contains(err.Error(), "-json") || report(io.Discard, err) != 2 {
		t.Errorf("watch -json: err = %v, want a usage error (exit 2) naming -json", err)
	}
}

func BenchmarkRenderWatch25(b *testing.B) {
	text := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: readTestdata(b, "classic25.txt")}}
	wb, initial := loadBoard(b, text)
	st := demoStep(true)(wb, initial)
	f := &watchFrame{board: wb, state: wb.apply(initial, st), step: st, pos: 1, total: 1, width: 120, height: 50, pal: newPalette(colorprofile.ANSI256)}
	for b.Loop() {
		renderWatch(f)
	}
}

// TestWatchEnd checks the exit status of a watch by how its view ended.
func TestWatchEnd(t *testing.T) {
	result := func(s sudokuv1.SolveStatus) *sudokuv1.SolveResult { return &sudokuv1.SolveResult{Status: s} }
	tests := []struct {
		name  string
		model *watchModel
		want  int
	}{
		{"solved", &watchModel{result: result(sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED)}, exitSolved},
		{"no solution", &watchModel{result: result(sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION)}, exitNoSolution},
		{"multiple", &watchModel{result: result(sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS)}, exitMultiple},
		{"stuck", &watchModel{result: result(sudokuv1.SolveStatus_SOLVE_STATUS_STUCK)}, exitStuck},
		{"left before the result", &watchModel{}, exitSolved},
		{"stream error", &watchModel{err: errors.New("broken")}, exitError},
		{"interrupted", &watchModel{err: context.Canceled}, exitSolved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code := exitSolved
			if err := watchEnd(tt.model); err != nil {
				code = report(io.Discard, err)
			}
			if code != tt.want {
				t.Errorf("exit status %d, want %d", code, tt.want)
			}
		})
	}
}

// TestCompactChainCandidates checks that the compact board, which draws
// no pencil marks, lists the candidates of a chain's cells under it, not
// only those of the cells the step changes.
func TestCompactChainCandidates(t *testing.T) {
	wb, initial := loadBoard(t, &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}})
	cells := emptyCells(initial, 3)
	st := &sudokuv1.Step{Index: 1, Method: "f", Strategy: "Nice Loop",
		Eliminations: []*sudokuv1.Elimination{{Cell: uint32(cells[2]), Digit: firstCand(initial, cells[2])}},
		Nodes: []*sudokuv1.ChainNode{
			{Kind: sudokuv1.NodeKind_NODE_KIND_CANDIDATE, Digit: firstCand(initial, cells[0]), Cells: []uint32{uint32(cells[0])}},
			{Kind: sudokuv1.NodeKind_NODE_KIND_CANDIDATE, Digit: firstCand(initial, cells[1]), Cells: []uint32{uint32(cells[1])}},
		},
		Links: []*sudokuv1.ChainLink{{From: 0, To: 1, Kind: sudokuv1.LinkKind_LINK_KIND_STRONG}},
	}
	f := &watchFrame{board: wb, state: initial, step: st, width: 100, height: 40, pal: newPalette(colorprofile.ANSI256)}
	var text []string
	for _, ln := range f.cellLines(wb.stepMarks(st), 100) {
		text = append(text, ln.text)
	}
	got := strings.Join(text, "\n")
	for _, c := range cells {
		if !strings.Contains(got, wb.geo.CellName(c)+":") {
			t.Errorf("the compact lines lack %s:\n%s", wb.geo.CellName(c), got)
		}
	}
}

// outlineStep is a made-up trial step whose explanation is laid out in n
// lines (Step.outline): "deduction i" at depths 0, 1, 2, 1, 2, …, and the
// conclusion at 0; every tenth line is long enough to wrap.
func outlineStep(n int) func(wb *watchBoard, s *watchState) *sudokuv1.Step {
	return func(wb *watchBoard, s *watchState) *sudokuv1.Step {
		st := demoStep(false)(wb, s)
		st.Strategy, st.Technique, st.Method = "Cage Contradiction", "", "N2"
		st.Explanation = "the one-line explanation, not shown when the outline is"
		// The trial's course, which the board draws.
		st.Nodes = []*sudokuv1.ChainNode{
			{Kind: sudokuv1.NodeKind_NODE_KIND_CANDIDATE, Digit: 5, Cells: []uint32{0}},
			{Kind: sudokuv1.NodeKind_NODE_KIND_CANDIDATE, Digit: 6, Cells: []uint32{1}},
		}
		st.Links = []*sudokuv1.ChainLink{{From: 0, To: 1, Kind: sudokuv1.LinkKind_LINK_KIND_THEN}}
		for i := range n {
			depth := uint32(1 + i%2)
			if i == 0 || i == n-1 {
				depth = 0
			}
			text := fmt.Sprintf("deduction %d", i+1)
			if i%10 == 5 {
				text += strings.Repeat(" and a long clause", 12)
			}
			st.Outline = append(st.Outline, &sudokuv1.ExplanationLine{Depth: depth, Text: text})
		}
		return st
	}
}

// TestRenderWatchOutline renders steps whose explanation is an outline:
// its lines, indented by depth, take the place of the explanation, within
// the terminal's bounds; an outline longer than the room left shows its
// first lines and counts the others, the keys' line still last.
func TestRenderWatchOutline(t *testing.T) {
	killer := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: readTestdata(t, "killer9.txt")}}
	tests := []struct {
		name          string
		lines         int // the outline's
		width, height int
		wantMore      bool   // its lines do not all fit
		outcome       string // text after the outline
	}{
		{"short outline", 5, 120, 50, false, ""},
		{"1400 lines", 1400, 160, 50, true, ""},
		{"1400 lines, compact 80x24", 1400, 80, 24, true, ""},
		{"long lines, narrow", 60, 40, 60, true, ""},
		// With no room for the text after it, the outline keeps the room
		// under the title, and the end of the text is cut, as any.
		{"1400 lines, long text after", 1400, 80, 24, true, "error: " + strings.Repeat("a long error ", 30)},
	}
	lineRE := regexp.MustCompile(`^( *)deduction ([0-9]+)( |$)`)
	moreRE := regexp.MustCompile(`^… ([0-9,]+) more lines? \(steps prints them all\)$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wb, initial := loadBoard(t, killer)
			st := outlineStep(tt.lines)(wb, initial)
			f := &watchFrame{board: wb, state: wb.apply(initial, st), step: st, pos: 7, total: 9,
				status: "paused", outcome: tt.outcome, width: tt.width, height: tt.height, pal: newPalette(colorprofile.NoTTY)}
			got := strings.Split(renderWatch(f), "\n")
			if len(got) > tt.height {
				t.Errorf("%d lines on a terminal of %d", len(got), tt.height)
			}
			for _, ln := range got {
				if w := utf8.RuneCountInString(ln); w > tt.width {
					t.Errorf("a line of %d runes on a terminal of %d: %q", w, tt.width, ln)
				}
			}
			if last := got[len(got)-1]; tt.outcome == "" && !strings.HasSuffix(keyHelp, last) {
				t.Errorf("the last line is %q, want the keys", last)
			}
			all := strings.Join(got, "\n")
			if strings.Contains(all, st.GetExplanation()) {
				t.Error("the one-line explanation shows beside the outline")
			}
			if strings.Contains(all, "chain: ") {
				t.Error("the chain's line shows beside the outline, which says it in words")
			}
			// The outline's lines shown, each indented two spaces a level.
			shown := 0
			for _, ln := range got {
				m := lineRE.FindStringSubmatch(ln)
				if m == nil {
					continue
				}
				i, _ := strconv.Atoi(m[2])
				if d := st.GetOutline()[i-1].GetDepth(); len(m[1]) != 2*int(d) {
					t.Errorf("%q is indented %d, want %d (depth %d)", ln, len(m[1]), 2*d, d)
				}
				shown = max(shown, i)
			}
			if shown == 0 {
				t.Fatalf("no line of the outline shows:\n%s", all)
			}
			var more []string
			for _, ln := range got {
				if m := moreRE.FindStringSubmatch(ln); m != nil {
					more = m
				}
			}
			switch {
			case !tt.wantMore && (more != nil || shown != tt.lines):
				t.Errorf("%d of %d lines shown (count %q):\n%s", shown, tt.lines, more, all)
			case tt.wantMore && more == nil:
				t.Errorf("no count of the lines left out:\n%s", all)
			case tt.wantMore && more[1] != thousands(tt.lines-shown):
				t.Errorf("the count says %s more lines, %d of %d shown", more[1], shown, tt.lines)
			}
		})
	}
}

func TestOutlineMore(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{1, "… 1 more line (steps prints them all)"}, {1372, "… 1,372 more lines (steps prints them all)"}} {
		if got := outlineMore(tt.n); got != tt.want {
			t.Errorf("outlineMore(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestThousands(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {1372, "1,372"}, {1234567, "1,234,567"}} {
		if got := thousands(tt.n); got != tt.want {
			t.Errorf("thousands(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestWatchChainLineRows checks that a forcing net's chain line kept
// beside its outline takes three rows at most, its "chain: " label
// counted (a chain of three widths of runes took four rows with it), and
// that a chain line that fits stays.
func TestWatchChainLineRows(t *testing.T) {
	killer := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: readTestdata(t, "killer9.txt")}}
	tests := []struct {
		name  string
		nodes int
		width func(runes int) int // the width of the lines under the board
		want  int                 // rows of the chain line; -1 for 1 to 3
	}{
		{"chain of three widths", 12, func(n int) int { return (n + 2) / 3 }, 0},
		{"longer chain of three widths", 20, func(n int) int { return (n + 2) / 3 }, 0},
		{"chain a row long", 12, func(n int) int { return n + len("chain: ") }, 1},
		{"chain of two widths", 20, func(n int) int { return n / 2 }, -1},
	}
	for _, tt := range tests {
		wb, initial := loadBoard(t, killer)
		st := chainedOutlineStep(wb, initial, sudokuv1.LinkKind_LINK_KIND_STRONG, tt.nodes)
		runes := utf8.RuneCountInString(wb.eureka(st))
		width := tt.width(runes)
		f := &watchFrame{board: wb, state: wb.apply(initial, st), step: st, pos: 7, total: 9,
			status: "paused", width: 160, height: 50, pal: newPalette(colorprofile.NoTTY)}
		rows := 0
		for _, ln := range f.infoLines(width) {
			if ln.fg == fgPattern {
				rows++
			}
		}
		if tt.want >= 0 && rows != tt.want || tt.want < 0 && (rows < 1 || rows > 3) {
			t.Errorf("%s (%d runes at width %d): the chain line takes %d rows, want %d (-1: 1 to 3)", tt.name, runes, width, rows, tt.want)
		}
	}
}

// chainedOutlineStep returns outlineStep(4)'s step with its links of
// kind and candidate nodes added, each linked from the one before, up to
// nodes in all.
func chainedOutlineStep(wb *watchBoard, initial *watchState, kind sudokuv1.LinkKind, nodes int) *sudokuv1.Step {
	st := outlineStep(4)(wb, initial)
	st.Links[0].Kind = kind
	for i := len(st.Nodes); i < nodes; i++ {
		st.Nodes = append(st.Nodes, &sudokuv1.ChainNode{Kind: sudokuv1.NodeKind_NODE_KIND_CANDIDATE, Digit: uint32(1 + i%9), Cells: []uint32{uint32(i % 81)}})
		st.Links = append(st.Links, &sudokuv1.ChainLink{From: uint32(i - 1), To: uint32(i), Kind: kind})
	}
	return st
}

// TestRenderWatchForcingChain checks that a forcing net's step keeps a
// short chain line beside its outline (the outline gives the ways to the
// clash, not every link), where a trial's drops it, and a nested net's of
// hundreds of links too (it pushed the outline off).
func TestRenderWatchForcingChain(t *testing.T) {
	killer := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: readTestdata(t, "killer9.txt")}}
	tests := []struct {
		name  string
		kind  sudokuv1.LinkKind
		nodes int
		want  bool
	}{
		{"a trial", sudokuv1.LinkKind_LINK_KIND_THEN, 2, false},
		{"a net", sudokuv1.LinkKind_LINK_KIND_STRONG, 2, true},
		{"a net of many links", sudokuv1.LinkKind_LINK_KIND_STRONG, 80, false},
	}
	for _, tt := range tests {
		wb, initial := loadBoard(t, killer)
		st := chainedOutlineStep(wb, initial, tt.kind, tt.nodes)
		f := &watchFrame{board: wb, state: wb.apply(initial, st), step: st, pos: 7, total: 9,
			status: "paused", width: 160, height: 50, pal: newPalette(colorprofile.NoTTY)}
		if shown := strings.Contains(renderWatch(f), "chain: "); shown != tt.want {
			t.Errorf("%s: the chain line shows %v, want %v", tt.name, shown, tt.want)
		}
	}
}

// TestRenderWatchOutlineCramped renders an outline whose first line wraps
// to several rows in terminals leaving few rows under the board: where any
// of it shows and not all, the count of the lines left out shows too (a
// 16×16 at 80×24 showed the premise alone, with no count).
func TestRenderWatchOutlineCramped(t *testing.T) {
	killer := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: readTestdata(t, "killer9.txt")}}
	moreRE := regexp.MustCompile(`^… [0-9,]+ more lines? \(steps prints them all\)$`)
	counted := 0
	for height := 14; height <= 40; height++ {
		wb, initial := loadBoard(t, killer)
		st := outlineStep(40)(wb, initial)
		st.Outline[0].Text = "premise" + strings.Repeat(" and a long clause", 12)
		f := &watchFrame{board: wb, state: wb.apply(initial, st), step: st, pos: 7, total: 9,
			status: "paused", width: 80, height: height, pal: newPalette(colorprofile.NoTTY)}
		got := strings.Split(renderWatch(f), "\n")
		premise, more := false, false
		for _, ln := range got {
			premise = premise || strings.HasPrefix(ln, "premise")
			more = more || moreRE.MatchString(ln)
		}
		if premise && !more {
			t.Errorf("80×%d: the outline's first line shows without the count of the others:\n%s", height, strings.Join(got, "\n"))
		}
		if more {
			counted++
		}
	}
	if counted == 0 {
		t.Error("no height showed the count: the check saw nothing")
	}
}

// TestRenderWatchOutlineWhole renders a forcing net's step whose outline
// fits whole under the board and whose chain line, after it, does not: no
// line counts "0 more lines" (the outline is all there), and each height
// shows the outline whole or counts what it leaves out.
func TestRenderWatchOutlineWhole(t *testing.T) {
	killer := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: readTestdata(t, "killer9.txt")}}
	moreRE := regexp.MustCompile(`^… ([0-9,]+) more lines? \(steps prints them all\)$`)
	for _, tc := range []struct {
		name  string
		lines int // of the outline
	}{
		{"three lines", 3},
		{"five lines", 5},
	} {
		for height := 20; height <= 40; height++ {
			wb, initial := loadBoard(t, killer)
			st := outlineStep(tc.lines)(wb, initial)
			st.Links[0].Kind = sudokuv1.LinkKind_LINK_KIND_STRONG // a net's, whose chain line shows
			for range 60 {                                        // a chain that wraps to many lines
				st.Links = append(st.Links, st.Links[0])
			}
			f := &watchFrame{board: wb, state: wb.apply(initial, st), step: st, pos: 7, total: 9,
				status: "paused", width: 80, height: height, pal: newPalette(colorprofile.NoTTY)}
			got := renderWatch(f)
			for ln := range strings.SplitSeq(got, "\n") {
				if m := moreRE.FindStringSubmatch(ln); m != nil && m[1] == "0" {
					t.Errorf("%s, 80×%d: %q under a whole outline:\n%s", tc.name, height, ln, got)
				}
			}
		}
	}
}

// TestOutlineLinesWrap checks that a wrapped outline line goes on past
// where a line one level deeper starts, so that the two cannot be taken
// for each other, and that no line is wider than the room.
func TestOutlineLinesWrap(t *testing.T) {
	lines := []*sudokuv1.ExplanationLine{
		{Depth: 0, Text: "Cage Contradiction: if r5c5 were 7:"},
		{Depth: 1, Text: "cage 11+ at r4c1 keeps {2,9},{3,8},{4,7}, which now gives r4c2<>56, r4c3<>156"},
		{Depth: 2, Text: "r4c6=2"},
	}
	const width = 40
	got := outlineLines(lines, width)
	var texts []string
	for _, ln := range got {
		texts = append(texts, ln.text)
		if n := utf8.RuneCountInString(ln.text); n > width {
			t.Errorf("line %q is %d runes wide, more than %d", ln.text, n, width)
		}
	}
	want := []string{
		"Cage Contradiction: if r5c5 were 7:",
		"  cage 11+ at r4c1 keeps",
		"      {2,9},{3,8},{4,7}, which now gives",
		"      r4c2<>56, r4c3<>156",
		"    r4c6=2",
	}
	if !slices.Equal(texts, want) {
		t.Errorf("outlineLines =\n%s\nwant\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
}
