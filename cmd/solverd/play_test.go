package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestWebViewerSpoilers checks that the page keeps the result, rating
// and step count hidden in the middle of a replay, and shows them when
// the person presses Reveal.
func TestWebViewerSpoilers(t *testing.T) {
	ctx, url, _ := webViewer(t, time.Minute)
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.ID("solve")),
		chromedp.SetValue(chromedp.ID("puzzle"), "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
		setSpeed(6),
		chromedp.Click(chromedp.ID("solve")),
		// Pause mid-replay: Play is pressed in the same task of the page
		// as the position is read, so no frame moves the replay on between
		// them. (Pressed from Go after the poll, it came, on a loaded
		// machine, when the replay at 30 steps/s had reached its end, and
		// the end shows the result.)
		poll(`(() => {
			if (document.getElementById('steplist').children.length <= 40 || Number(document.getElementById('board').dataset.position) < 5) return false;
			document.getElementById('play').click();
			return true;
		})()`, 30*time.Second),
		poll(`document.getElementById('result').textContent !== ''`, 30*time.Second),
	)
	if err != nil {
		t.Fatalf("solving in the page: %v", err)
	}
	// innerText holds only what is rendered.
	const visible = `document.body.innerText`
	text := eval[string](ctx, t, visible)
	shown := eval[int](ctx, t, `Array.from(document.querySelectorAll('#steplist li')).filter(li => li.offsetParent !== null).length`)
	pos := eval[int](ctx, t, `Number(document.getElementById('board').dataset.position)`)
	if strings.Contains(text, "Solved") || strings.Contains(text, "score") || shown != pos+1 {
		t.Errorf("mid-replay (step %d) the page shows %d steps in its list and:\n%s", pos+1, shown, text)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("reveal"))); err != nil {
		t.Fatal(err)
	}
	text = eval[string](ctx, t, visible)
	if !strings.Contains(text, "Solved") || !strings.Contains(text, "score") {
		t.Errorf("after Reveal the page shows no result:\n%s", text)
	}
}

// TestWebHints opens a puzzle at step 5 by permalink and asks for hints as
// a person solving along would: the first h names the technique and its
// area but neither the step's explanation nor what it removes or places,
// the second adds the cells and digits, the third shows the whole step,
// and the fourth moves on to the next step's first hint.
func TestWebHints(t *testing.T) {
	ctx, base, client := webViewer(t, time.Minute)
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{
		Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: classicHard}}, IncludeSteps: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	step5, step6 := resp.GetSteps()[4], resp.GetSteps()[5]
	name := func(s *sudokuv1.Step) string {
		if s.GetTechnique() != "" {
			return s.GetTechnique()
		}
		return s.GetStrategy()
	}
	open(ctx, t, permalink(base, classicHard, 5))
	if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('5. ')`, 20*time.Second)); err != nil {
		t.Fatalf("the permalink's step: %v", err)
	}
	const caption = `document.getElementById('caption').innerText`
	const removed = `document.querySelectorAll('#board .mark.elim, #board .mark.place').length`
	hint := func() {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("hint")), chromedp.Sleep(200*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	// told lists where the page holds a step's explanation, in its text or
	// in an attribute (a tooltip of the step list, a label): none of it
	// before the hint's third level.
	told := func(s *sudokuv1.Step) []string {
		t.Helper()
		return eval[[]string](ctx, t, fmt.Sprintf(`(() => {
			const x = %q, out = [];
			for (const e of document.querySelectorAll('*')) for (const a of e.attributes) if (a.value.includes(x)) out.push(e.tagName + '[' + a.name + ']');
			if (document.body.innerText.includes(x)) out.push('the page text');
			return out;
		})()`, s.GetExplanation()))
	}

	hint()
	c := eval[string](ctx, t, caption)
	if !strings.Contains(c, "Hint: "+name(step5)) || strings.Contains(c, step5.GetExplanation()) || !strings.Contains(c, "Press h") {
		t.Errorf("the first hint reads %q; want the technique %q without the explanation", c, name(step5))
	}
	if n := eval[int](ctx, t, removed); n != 0 {
		t.Errorf("the first hint marks %d candidates removed or placed", n)
	}
	if where := told(step5); len(where) > 0 {
		t.Errorf("at the first hint the page holds the step's explanation in %v", where)
	}
	hint()
	c = eval[string](ctx, t, caption)
	if !strings.Contains(c, "Cells r") || !strings.Contains(c, "digits ") || strings.Contains(c, step5.GetExplanation()) {
		t.Errorf("the second hint reads %q; want the cells and digits without the explanation", c)
	}
	if n := eval[int](ctx, t, removed); n != 0 {
		t.Errorf("the second hint marks %d candidates removed or placed", n)
	}
	if where := told(step5); len(where) > 0 {
		t.Errorf("at the second hint the page holds the step's explanation in %v", where)
	}
	hint()
	c = eval[string](ctx, t, caption)
	if !strings.Contains(c, step5.GetExplanation()) || eval[int](ctx, t, removed) == 0 {
		t.Errorf("the third hint shows %q and %d marks; want the whole step %q", c, eval[int](ctx, t, removed), step5.GetExplanation())
	}
	hint()
	c = eval[string](ctx, t, caption)
	if pos := eval[string](ctx, t, `document.getElementById('board').dataset.position`); pos != "5" || !strings.Contains(c, "Hint: "+name(step6)) {
		t.Errorf("the fourth hint shows position %s and %q; want position 5 and the hint of %q", pos, c, name(step6))
	}
	if where := told(step6); len(where) > 0 {
		t.Errorf("at the next step's first hint the page holds its explanation in %v", where)
	}
	if where := told(step5); !slices.Contains(where, "LI[title]") {
		t.Errorf("past its hints, step 5's explanation is in %v; want it back in its tooltip in the list", where)
	}
}

// playGame is the person's board in play mode, as the page's test hook
// (window.sudokuPlay.game) gives it.
type playGame struct {
	Vals      []int
	Cands     [][]int
	Conflicts []int
	LastStep  *struct {
		Strategy, Technique, Explanation string
		Placements, Eliminations         []struct{ Cell, Digit int }
	}
	Sel    int
	Pencil bool
}

// player drives play mode in the page as a person would, with keys and
// the pointer.
type player struct {
	ctx context.Context
	t   *testing.T
}

func (p player) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

func (p player) game() playGame {
	p.t.Helper()
	return eval[playGame](p.ctx, p.t, `window.sudokuPlay.game()`)
}

// until waits (up to 20 s, for a loaded machine) until the
// person's board passes ok, and returns it either way.
func (p player) until(ok func(g playGame) bool) playGame {
	p.t.Helper()
	g := p.game()
	for deadline := time.Now().Add(20 * time.Second); !ok(g) && time.Now().Before(deadline); g = p.game() {
		time.Sleep(50 * time.Millisecond)
	}
	return g
}

// keys types keys, with modifiers if any.
func (p player) keys(keys string, mods ...chromedp.Modifier) {
	p.t.Helper()
	var opts []chromedp.KeyOption
	if len(mods) > 0 {
		opts = append(opts, chromedp.KeyModifiers(mods...))
	}
	p.do(chromedp.KeyEvent(keys, opts...))
}

// clickCell clicks the middle of a cell of the board and waits until the
// page has selected it, clicking again (up to five times) when it has
// not: on a loaded machine the page can move the board between reading
// its place and the click (the solve's stream ending and filling the
// panels around it), so the click lands on another cell, as a person's
// would, who then clicks again.
func (p player) clickCell(cell int) {
	p.t.Helper()
	for try := 0; try < 5; try++ {
		// The cell is brought into view first, as a person would scroll to it.
		xy := eval[[]float64](p.ctx, p.t, fmt.Sprintf(`(() => {
			const svg = document.getElementById('board');
			const n = window.sudokuPlay.game().vals.length ** 0.5;
			const at = () => {
				const r = svg.getBoundingClientRect(), s = r.width / (n * 60 + 6);
				return [r.left + ((%[1]d %% n) * 60 + 33) * s, r.top + (Math.floor(%[1]d / n) * 60 + 33) * s];
			};
			const [x, y] = at();
			if (y < 20 || y > innerHeight - 20) window.scrollBy(0, y - innerHeight / 2);
			return at();
		})()`, cell))
		p.do(chromedp.MouseClickXY(xy[0], xy[1]))
		g := p.game()
		for deadline := time.Now().Add(3 * time.Second); g.Sel != cell && time.Now().Before(deadline); g = p.game() {
			time.Sleep(50 * time.Millisecond)
		}
		if g.Sel == cell {
			return
		}
	}
	p.t.Fatalf("five clicks on cell %d did not select it", cell)
}

// pad clicks a digit of the pad under the board.
func (p player) pad(d int) {
	p.t.Helper()
	p.press(fmt.Sprintf(`#digits button[data-digit="%d"]`, d))
}

// click clicks the button with the id.
func (p player) click(id string) {
	p.t.Helper()
	p.press("#" + id)
}

// press clicks the button the CSS selector names by the page's own click,
// not at its coordinates: a mouse event at the button's coordinates missed
// the pad in about one run of five (a redraw still pending from the action
// before moving it, we think); none of eight missed this way.
func (p player) press(selector string) {
	p.t.Helper()
	if !eval[bool](p.ctx, p.t, fmt.Sprintf(`(() => { const b = document.querySelector(%q); if (!b) return false; b.click(); return true; })()`, selector)) {
		p.t.Fatalf("no button %s on the page", selector)
	}
}

// caption waits until the caption holds want and returns it.
func (p player) caption(want string) string {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, poll(fmt.Sprintf(`document.getElementById('caption').innerText.includes(%q)`, want), 20*time.Second)); err != nil {
		p.t.Fatalf("%v; the caption reads %q", err, eval[string](p.ctx, p.t, `document.getElementById('caption').innerText`))
	}
	return eval[string](p.ctx, p.t, `document.getElementById('caption').innerText`)
}

// screenshot writes the page to -screenshot-dir, when given.
func (p player) screenshot(name string) {
	p.t.Helper()
	if *screenshotDir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	file := filepath.Join(*screenshotDir, "play-"+name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("wrote %s", file)
}

// startPlay opens a puzzle in the page and turns play mode on with p.
func startPlay(ctx context.Context, t *testing.T, base, puzzle string) player {
	t.Helper()
	p := player{ctx, t}
	open(ctx, t, permalink(base, puzzle, 1))
	if err := chromedp.Do(ctx, poll(`window.sudokuPlay.game() !== null && document.getElementById('board').childElementCount > 0`, 20*time.Second)); err != nil {
		t.Fatalf("%v (status %q, address %s)", err, eval[string](ctx, t, `document.getElementById('status').textContent`), eval[string](ctx, t, `location.href`))
	}
	// Two buttons both reading Play (the replay's and play mode's) leave a
	// person guessing which is which.
	if labels := eval[[]string](ctx, t, `[document.getElementById('playmode').textContent, document.getElementById('play').textContent]`); labels[0] == labels[1] {
		t.Errorf("play mode's toggle and the replay's button both read %q", labels[0])
	}
	p.keys("p")
	if !eval[bool](ctx, t, `document.body.classList.contains('playing') && getComputedStyle(document.getElementById('pad')).display !== 'none'`) {
		t.Fatal("p does not turn play mode on (no pad under the board)")
	}
	return p
}

// peers returns the cells that see cell on a board: its row, column and
// region, and its cage in killers.
func peers(b *sudokuv1.Board, cell int) []int {
	n := int(b.GetSize())
	box := func(c int) string {
		if len(b.GetRegions()) == n*n {
			return fmt.Sprint(b.GetRegions()[c])
		}
		return fmt.Sprint(c/n/3, (c%n)/3)
	}
	var out []int
	for c := range n * n {
		if c != cell && (c/n == cell/n || c%n == cell%n || box(c) == box(cell)) {
			out = append(out, c)
		}
	}
	for _, cage := range b.GetCages() {
		if slices.Contains(cage.GetCells(), uint32(cell)) {
			for _, c := range cage.GetCells() {
				if int(c) != cell && !slices.Contains(out, int(c)) {
					out = append(out, int(c))
				}
			}
		}
	}
	return out
}

// TestWebPlay solves in play mode as a person would, on a classic and a
// killer puzzle: digits and pencil marks by keys and by the pad, undo and
// redo, conflicts marked, pencil marks filled, a hint and the next step
// from the person's own position, and Check, which counts a wrong digit
// without showing the solution.
func TestWebPlay(t *testing.T) {
	ctx, base, client := webViewer(t, 2*time.Minute)
	for _, tt := range []struct{ name, puzzle string }{{"classic", classicHard}, {"killer", killerPuzzle}} {
		t.Run(tt.name, func(t *testing.T) {
			bg := context.Background()
			src := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: tt.puzzle}}
			conv, err := client.Convert(bg, &sudokuv1.ConvertRequest{Puzzle: src})
			if err != nil {
				t.Fatal(err)
			}
			solved, err := client.Solve(bg, &sudokuv1.SolveRequest{Puzzle: src, IncludeSteps: true})
			if err != nil || solved.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
				t.Fatalf("solving: %v %v", solved.GetResult().GetStatus(), err)
			}
			board := conv.GetBoard()
			var sol []int
			for _, c := range solved.GetResult().GetBoard().GetCells() {
				sol = append(sol, int(c.GetValue()))
			}
			// The solve's first placement, which the person makes by hand.
			var placing *sudokuv1.Step
			for _, st := range solved.GetSteps() {
				if len(st.GetPlacements()) > 0 {
					placing = st
					break
				}
			}
			if placing == nil {
				t.Fatal("the solve places no digit")
			}
			target, digit := int(placing.GetPlacements()[0].GetCell()), int(placing.GetPlacements()[0].GetDigit())
			empty := func(skip ...int) int { // an empty cell of the puzzle
				for c, cell := range board.GetCells() {
					if cell.GetValue() == 0 && !slices.Contains(skip, c) && c != target {
						return c
					}
				}
				t.Fatal("no empty cell")
				return 0
			}

			p := startPlay(ctx, t, base, tt.puzzle)
			// Keys: the person places a digit of the solve by hand.
			p.clickCell(target)
			p.keys(fmt.Sprint(digit))
			c1, c2, c3 := empty(), empty(), 0
			c2 = empty(c1)
			c3 = empty(c1, c2)
			p.clickCell(c1)
			p.keys("3", chromedp.ModifierShift) // a pencil mark
			p.keys(" 5 ")                       // pencil on, 5, pencil off
			g := p.until(func(g playGame) bool { return g.Vals[target] == digit && slices.Equal(g.Cands[c1], []int{3, 5}) })
			if g.Vals[target] != digit || !slices.Equal(g.Cands[c1], []int{3, 5}) {
				t.Fatalf("by keys: cell %d holds %d (want %d), cell %d's marks are %v (want [3 5])", target, g.Vals[target], digit, c1, g.Cands[c1])
			}
			// The pad: a digit, then pencil marks.
			// Each click waits for the page to take it, as a person
			// watches the cursor: on a loaded machine a click could
			// otherwise land before the one before it.
			p.clickCell(c2)
			p.until(func(g playGame) bool { return g.Sel == c2 })
			p.pad(sol[c2])
			p.until(func(g playGame) bool { return g.Vals[c2] == sol[c2] })
			p.clickCell(c3)
			p.until(func(g playGame) bool { return g.Sel == c3 })
			p.click("pencil")
			p.until(func(g playGame) bool { return g.Pencil })
			p.pad(2)
			p.pad(6)
			p.click("pencil")
			g = p.until(func(g playGame) bool { return g.Vals[c2] == sol[c2] && slices.Equal(g.Cands[c3], []int{2, 6}) })
			if g.Vals[c2] != sol[c2] || !slices.Equal(g.Cands[c3], []int{2, 6}) {
				t.Fatalf("by the pad: cell %d holds %d (want %d), cell %d's marks are %v (want [2 6])", c2, g.Vals[c2], sol[c2], c3, g.Cands[c3])
			}
			// Undo and redo, by keys and buttons.
			p.keys("z", chromedp.ModifierCtrl)
			if g := p.until(func(g playGame) bool { return slices.Equal(g.Cands[c3], []int{2}) }); !slices.Equal(g.Cands[c3], []int{2}) {
				t.Fatalf("after an undo cell %d's marks are %v, want [2]", c3, g.Cands[c3])
			}
			p.click("undo")
			p.click("undo")
			if g := p.until(func(g playGame) bool { return len(g.Cands[c3]) == 0 && g.Vals[c2] == 0 }); len(g.Cands[c3]) != 0 || g.Vals[c2] != 0 {
				t.Fatalf("after three undos cell %d's marks are %v, cell %d holds %d; want both empty", c3, g.Cands[c3], c2, g.Vals[c2])
			}
			p.keys("y", chromedp.ModifierCtrl)
			p.click("redo")
			p.keys("z", chromedp.ModifierCtrl, chromedp.ModifierShift)
			if g := p.until(func(g playGame) bool { return slices.Equal(g.Cands[c3], []int{2, 6}) && g.Vals[c2] == sol[c2] }); !slices.Equal(g.Cands[c3], []int{2, 6}) || g.Vals[c2] != sol[c2] {
				t.Fatalf("after the redos cell %d's marks are %v, cell %d holds %d; want the board before the undos", c3, g.Cands[c3], c2, g.Vals[c2])
			}

			// A conflict: a clue's digit again in its row.
			clue := 0
			for c, cell := range board.GetCells() {
				if cell.GetValue() != 0 {
					clue = c
					break
				}
			}
			dup := -1
			for c := clue / 9 * 9; c < clue/9*9+9; c++ {
				if g.Vals[c] == 0 && c != c1 && c != c3 {
					dup = c
					break
				}
			}
			p.clickCell(dup)
			p.keys(fmt.Sprint(board.GetCells()[clue].GetValue()))
			p.until(func(g playGame) bool { return len(g.Conflicts) > 0 })
			// The board is drawn after the game state changes: wait for
			// the marks as for the state, on a loaded machine.
			conflicted := func() []string {
				return eval[[]string](ctx, t, `Array.from(document.querySelectorAll('#board .conflict')).map(r => r.dataset.cell)`)
			}
			marked := conflicted()
			for deadline := time.Now().Add(20 * time.Second); (!slices.Contains(marked, fmt.Sprint(dup)) || !slices.Contains(marked, fmt.Sprint(clue))) && time.Now().Before(deadline); marked = conflicted() {
				time.Sleep(50 * time.Millisecond)
			}
			if !slices.Contains(marked, fmt.Sprint(dup)) || !slices.Contains(marked, fmt.Sprint(clue)) {
				t.Errorf("a repeat of cell %d's %d in cell %d marks cells %v in conflict", clue, board.GetCells()[clue].GetValue(), dup, marked)
			}
			p.screenshot(tt.name)
			if *screenshotDir != "" && tt.name == "classic" { // a phone's width
				p.do(chromedp.EmulateViewport(400, 900))
				p.screenshot("classic-400px")
				p.do(chromedp.EmulateViewport(1440, 960))
			}
			p.click("playhint")
			p.caption("breaks a rule")
			// Check counts the wrong digit and shows no solution.
			p.click("check")
			p.caption("1 wrong")
			text := eval[string](ctx, t, `document.body.innerText`)
			if strings.Contains(text, solved.GetResult().GetPlain()) || strings.Contains(text, "Solved") || strings.Contains(text, "score") {
				t.Errorf("in play mode the page shows the result:\n%s", text)
			}
			p.click("check")
			p.caption("Marked: 1 wrong digit")
			if wrong := eval[[]string](ctx, t, `Array.from(document.querySelectorAll('#board .wrong')).map(r => r.dataset.cell)`); !slices.Equal(wrong, []string{fmt.Sprint(dup)}) {
				t.Errorf("the second Check marks cells %v, want [%d]", wrong, dup)
			}
			p.keys(kb.Backspace)
			if g := p.until(func(g playGame) bool { return g.Vals[dup] == 0 && len(g.Conflicts) == 0 }); g.Vals[dup] != 0 || len(g.Conflicts) != 0 {
				t.Fatalf("Backspace leaves %d in cell %d and conflicts %v", g.Vals[dup], dup, g.Conflicts)
			}

			// A wrong digit that breaks no rule: the hint says the position
			// has no solution instead of hinting.
			wrongAt := -1
			g = p.game()
			for c := 0; c < len(sol) && wrongAt < 0; c++ {
				if g.Vals[c] != 0 || c == c1 || c == c3 {
					continue
				}
				for d := 1; d <= 9; d++ {
					free := d != sol[c]
					for _, q := range peers(board, c) {
						free = free && g.Vals[q] != d
					}
					if !free {
						continue
					}
					p.clickCell(c)
					p.keys(fmt.Sprint(d))
					if g := p.until(func(g playGame) bool { return g.Vals[c] == d }); len(g.Conflicts) == 0 {
						wrongAt = c
						break
					}
					p.keys("z", chromedp.ModifierCtrl) // a killer cage's sum: try another
				}
			}
			if wrongAt < 0 {
				t.Fatal("found no wrong digit that breaks no rule")
			}
			p.click("playhint")
			p.caption("has no solution")
			p.keys("z", chromedp.ModifierCtrl)
			p.until(func(g playGame) bool { return g.Vals[wrongAt] == 0 })

			// Fill pencil marks: what the placed digits leave.
			p.click("fillmarks")
			probe := empty(c1, c2, c3)
			g = p.until(func(g playGame) bool { return len(g.Cands[probe]) > 0 })
			want := map[int]bool{}
			for d := 1; d <= 9; d++ {
				want[d] = true
			}
			for _, q := range peers(board, probe) {
				delete(want, g.Vals[q])
			}
			if len(g.Cands[probe]) != len(want) || len(want) == 9 {
				t.Errorf("after Fill pencil marks cell %d has %v; want %d candidates", probe, g.Cands[probe], len(want))
			}

			// A hint from the person's position names the service's first
			// step there, without its digits.
			mine := proto.Clone(board).(*sudokuv1.Board)
			for i, c := range mine.GetCells() {
				c.Value = uint32(g.Vals[i])
				c.Candidates = nil
				for _, d := range g.Cands[i] {
					c.Candidates = append(c.Candidates, uint32(d))
				}
			}
			there, err := client.FindSteps(bg, &sudokuv1.FindStepsRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: mine}}, MaxSteps: 1})
			if err != nil || len(there.GetSteps()) == 0 {
				t.Fatalf("FindSteps from the person's position: %v", err)
			}
			name := there.GetSteps()[0].GetTechnique()
			if name == "" {
				name = there.GetSteps()[0].GetStrategy()
			}
			p.click("playhint")
			c := p.caption("Hint: " + name)
			if strings.Contains(c, "digits ") || strings.Contains(c, there.GetSteps()[0].GetExplanation()) || eval[int](ctx, t, `document.querySelectorAll('#board .mark.elim, #board .mark.place').length`) != 0 {
				t.Errorf("the first hint tells too much: %q", c)
			}

			// Next step: taken on the person's board, valid there, and not
			// the solve's step the person took by hand.
			p.click("nextstep")
			p.do(poll(`window.sudokuPlay.game().lastStep !== null`, 20*time.Second))
			g = p.game()
			st := g.LastStep
			if len(st.Placements)+len(st.Eliminations) == 0 || st.Explanation == placing.GetExplanation() {
				t.Fatalf("Next step took %+v; want a step other than the one the person took (%q)", st, placing.GetExplanation())
			}
			// FindSteps numbers its one step 1, which is no step of the
			// solve: the caption names the step without a number.
			if s := eval[string](ctx, t, `document.getElementById('strategy').textContent`); s == "" || s[0] >= '0' && s[0] <= '9' {
				t.Errorf("Next step's caption reads %q; want its strategy without a number", s)
			}
			for _, pl := range st.Placements {
				if pl.Digit != sol[pl.Cell] || g.Vals[pl.Cell] != pl.Digit {
					t.Errorf("Next step places %d in cell %d (the board holds %d); the solution has %d", pl.Digit, pl.Cell, g.Vals[pl.Cell], sol[pl.Cell])
				}
			}
			for _, e := range st.Eliminations {
				if e.Digit == sol[e.Cell] || slices.Contains(g.Cands[e.Cell], e.Digit) {
					t.Errorf("Next step removes %d from cell %d (marks now %v); the solution has %d", e.Digit, e.Cell, g.Cands[e.Cell], sol[e.Cell])
				}
			}

			// Leaving play mode shows the replay; coming back, the board.
			p.keys(kb.Escape)
			p.do(poll(`!document.body.classList.contains('playing')`, 5*time.Second))
			// The replay's board is drawn on the next frame.
			_, _ = chromedp.Run(ctx, poll(fmt.Sprintf(`%s[%d] === '.'`, boardJS, target), 10*time.Second))
			if eval[bool](ctx, t, `document.body.classList.contains('playing')`) || eval[string](ctx, t, boardJS)[target] != '.' {
				t.Error("Esc does not return to the replay's board")
			}
			p.click("playmode")
			p.do(poll(`document.body.classList.contains('playing')`, 5*time.Second))
			if back := p.game(); !slices.Equal(back.Vals, g.Vals) {
				t.Error("the person's board does not survive leaving play mode")
			}
			u := eval[string](ctx, t, `location.href`)
			if !strings.Contains(u, "play=") {
				t.Fatalf("the address %s carries no play= board", u)
			}
			// The address opens the person's digits again, in play mode.
			open(ctx, t, u)
			if err := chromedp.Do(ctx, poll(`document.body.classList.contains('playing')`, 20*time.Second)); err != nil {
				t.Fatalf("the play= link: %v (status %q, address %s, game %+v)", err, eval[string](ctx, t, `document.getElementById('status').textContent`), eval[string](ctx, t, `location.href`), p.game())
			}
			again := p.game()
			if !slices.Equal(again.Vals, g.Vals) {
				t.Errorf("the play= link opens digits %v, want %v", again.Vals, g.Vals)
			}
			// And the person's pencil marks (Fill's, less Next step's).
			if !strings.Contains(u, "marks=") {
				t.Errorf("the address %s carries no marks=", u)
			}
			for cell := range g.Cands {
				if !slices.Equal(again.Cands[cell], g.Cands[cell]) {
					t.Errorf("the play= link opens cell %d with pencil marks %v, want %v", cell, again.Cands[cell], g.Cands[cell])
				}
			}
		})
	}
}

// TestWebPlayBig enters digits in play mode on a 25×25 board, by letter,
// and on a Str8ts board, whose black cells refuse them.
func TestWebPlayBig(t *testing.T) {
	text, err := os.ReadFile("testdata/webview/play-25x25.txt")
	if err != nil {
		t.Fatal(err)
	}
	puzzle25 := strings.TrimSpace(string(text))
	ctx, base, client := webViewer(t, 2*time.Minute)
	for _, tt := range []struct {
		name, puzzle string
		key          string
		digit        int
	}{
		{"str8ts", str8tsStrict, "7", 7},
		{"25x25", puzzle25, "k", 20},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && tt.name == "25x25" {
				t.Skip("-short: the page reads and draws a 25×25 board in seconds")
			}
			conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: tt.puzzle}}})
			if err != nil {
				t.Fatal(err)
			}
			white, black := -1, -1
			for c, cell := range conv.GetBoard().GetCells() {
				if cell.GetBlack() && black < 0 {
					black = c
				}
				if !cell.GetBlack() && cell.GetValue() == 0 && white < 0 {
					white = c
				}
			}
			p := startPlay(ctx, t, base, tt.puzzle)
			p.clickCell(white)
			p.keys(tt.key)
			p.keys(kb.ArrowRight)
			if p.game().Vals[white+1] == 0 {
				p.keys("1", chromedp.ModifierShift)
				p.keys("2", chromedp.ModifierShift)
			}
			if g := p.until(func(g playGame) bool { return g.Vals[white] == tt.digit }); g.Vals[white] != tt.digit {
				t.Errorf("typing %q in cell %d enters %d, want %d", tt.key, white, g.Vals[white], tt.digit)
			}
			p.click("fillmarks")
			if black >= 0 {
				before := p.game().Vals[black]
				p.clickCell(black)
				p.keys("5")
				p.pad(3)
				if g := p.game(); g.Vals[black] != before || len(g.Cands[black]) != 0 {
					t.Errorf("the black cell %d takes input: %d (was %d), marks %v", black, g.Vals[black], before, g.Cands[black])
				}
				p.caption("black cell")
			}
			// A conflict to look at: the first digit again in its row.
			for c := white / int(conv.GetBoard().GetSize()) * int(conv.GetBoard().GetSize()); ; c++ {
				if g := p.game(); g.Vals[c] == 0 && c != white && !conv.GetBoard().GetCells()[c].GetBlack() {
					p.clickCell(c)
					p.keys(tt.key)
					// The page draws the conflict after the digit goes in:
					// on a loaded machine a look at once can come first.
					p.until(func(g playGame) bool { return g.Vals[c] == tt.digit })
					_, _ = chromedp.Run(ctx, poll(`document.querySelectorAll('#board .conflict').length >= 2`, 10*time.Second))
					break
				}
			}
			if n := eval[int](ctx, t, `document.querySelectorAll('#board .conflict').length`); n < 2 {
				t.Errorf("a repeated %q marks %d cells in conflict, want 2 or more", tt.key, n)
			}
			p.screenshot(tt.name)
		})
	}
}

// TestWebPlayHomeEnd presses Home and End in play mode: they move the
// selection to the row's first and last cells, and leave the replay
// waiting behind play mode where it was. End used to move that replay to
// its last step, so that "Back to the replay" showed the solved board and
// the result, and the address carried the last step.
func TestWebPlayHomeEnd(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	p := startPlay(ctx, t, base, classicHard)
	const position = `document.getElementById('board').dataset.position`
	before := eval[string](ctx, t, position)
	for _, tt := range []struct {
		name, key string
		want      int // the cell selected
	}{
		{"↓", kb.ArrowDown, 10}, // from r1c2, the first empty cell
		{"Home", kb.Home, 9},
		{"End", kb.End, 17},
	} {
		p.keys(tt.key)
		if g := p.until(func(g playGame) bool { return g.Sel == tt.want }); g.Sel != tt.want {
			t.Errorf("after %s the selection is cell %d, want %d", tt.name, g.Sel, tt.want)
		}
	}
	if after := eval[string](ctx, t, position); after != before {
		t.Errorf("Home and End in play mode moved the replay from position %s to %s", before, after)
	}
	p.keys(kb.Escape)
	if err := chromedp.Do(ctx, poll(`!window.sudokuPlay.on()`, 20*time.Second)); err != nil {
		t.Fatal(err)
	}
	if after, revealed := eval[string](ctx, t, position), eval[bool](ctx, t, `document.body.classList.contains('revealed')`); after != before || revealed {
		t.Errorf("back in the replay, it shows position %s (revealed: %v); want %s, the result hidden", after, revealed, before)
	}
}

// TestWebPlaySpaceOnItsButtons presses Space, the pencil switch, after
// clicking play mode's own buttons, as a person following the help would:
// it switches pencil mode and presses none of them again. Before, Space
// after a click on "Solve it yourself" pressed "Back to the replay" (play
// mode ended, the next digit went nowhere), and after Undo it undid again.
func TestWebPlaySpaceOnItsButtons(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	p := startPlay(ctx, t, base, classicHard)
	p.keys(kb.Escape)
	if err := chromedp.Do(ctx, poll(`!window.sudokuPlay.on()`, 20*time.Second), chromedp.Click(chromedp.ID("playmode"))); err != nil {
		t.Fatal(err)
	}
	p.until(func(g playGame) bool { return eval[bool](ctx, t, `window.sudokuPlay.on()`) })
	p.keys(" ")
	g := p.until(func(g playGame) bool { return g.Pencil })
	if on := eval[bool](ctx, t, `window.sudokuPlay.on()`); !on || !g.Pencil {
		t.Errorf("Space after a click on the toggle: play mode on %v, pencil mode %v; want both", on, g.Pencil)
		if !on {
			p.keys("p")
		}
	}
	if g.Pencil {
		p.keys(" ")
		p.until(func(g playGame) bool { return !g.Pencil })
	}

	// Two digits, one undone by the button, then Space.
	p.keys("1") // r1c2
	p.keys(kb.ArrowRight)
	p.keys("9") // r1c3
	p.until(func(g playGame) bool { return g.Vals[2] == 9 })
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("undo"))); err != nil {
		t.Fatal(err)
	}
	p.until(func(g playGame) bool { return g.Vals[2] == 0 })
	p.keys(" ")
	g = p.until(func(g playGame) bool { return g.Pencil })
	if !g.Pencil || g.Vals[1] != 1 {
		t.Errorf("Space after a click on Undo: pencil mode %v, r1c2 holds %d; want pencil mode and the 1 kept", g.Pencil, g.Vals[1])
	}
}

// TestWebPlayKeyboardLayouts types letters on a 16×16 board as they come
// from keyboards of other layouts than QWERTY: a letter is the one the key
// writes, wherever the key lies (an AZERTY A has QWERTY's Q code), a key
// that writes no Latin letter by its place, and a digit still by its key
// (AZERTY's unshifted 1 writes '&'). Before,
// the page read letters by their QWERTY place: AZERTY's a entered nothing
// and its q entered A.
func TestWebPlayKeyboardLayouts(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	x16 := eval0Examples(ctx, t, base)["16×16"].Text
	p := startPlay(ctx, t, base, x16)
	if g := p.game(); g.Sel != 0 || g.Vals[0] != 0 {
		t.Fatalf("play mode starts on cell %d holding %d; want the empty r1c1", g.Sel, g.Vals[0])
	}
	for _, tt := range []struct {
		name, key, code string
		shift           bool
		digit           int   // in r1c1 after the key
		marks           []int // r1c1's pencil marks after the key
	}{
		{"QWERTY b", "b", "KeyB", false, 11, nil},
		{"AZERTY a", "a", "KeyQ", false, 10, nil},
		{"AZERTY q, no symbol of 16×16", "q", "KeyA", false, 0, nil},
		{"AZERTY Shift+A, a pencil mark", "A", "KeyQ", true, 0, []int{10}},
		{"AZERTY unshifted 1", "&", "Digit1", false, 1, nil},
		{"Russian ф, by its place", "ф", "KeyA", false, 10, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p.keys(kb.Delete)
			p.keys(kb.Delete) // the digit, then the pencil marks
			p.until(func(g playGame) bool { return g.Vals[0] == 0 && len(g.Cands[0]) == 0 })
			eval[bool](ctx, t, fmt.Sprintf(`document.body.dispatchEvent(new KeyboardEvent('keydown', {key: %q, code: %q, shiftKey: %v, bubbles: true, cancelable: true}))`, tt.key, tt.code, tt.shift))
			g := p.until(func(g playGame) bool { return g.Vals[0] == tt.digit && slices.Equal(g.Cands[0], tt.marks) })
			if g.Vals[0] != tt.digit || !slices.Equal(g.Cands[0], tt.marks) {
				t.Errorf("r1c1 holds %d with pencil marks %v; want %d and %v", g.Vals[0], g.Cands[0], tt.digit, tt.marks)
			}
		})
	}
}

// TestWebPlayPadRows lays out play mode's pad of a 16×16 and a 25×25 on
// a desktop and a phone's width: its rows are of one length but the last
// (a 16×16 has two of eight), and every button is a finger wide. Before,
// a phone's 16×16 pad wrapped eleven and five, and a 32×32's three rows
// of eleven were 27 px wide at 360 px.
func TestWebPlayPadRows(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	examples := eval0Examples(ctx, t, base)
	examples["32×32"] = example{Text: board32()}
	for _, tt := range []struct {
		example string
		width   int64
		rows    []int
	}{
		{"16×16", 1440, []int{8, 8}},
		{"16×16", 400, []int{8, 8}},
		{"16×16", 360, []int{8, 8}},
		{"25×25", 1440, []int{13, 12}},
		{"25×25", 400, []int{9, 9, 7}},
		{"25×25", 360, []int{9, 9, 7}},
		{"32×32", 1440, []int{16, 16}},
		{"32×32", 360, []int{8, 8, 8, 8}},
	} {
		t.Run(fmt.Sprintf("%s at %d px", tt.example, tt.width), func(t *testing.T) {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(tt.width, 900)); err != nil {
				t.Fatal(err)
			}
			defer func() { _ = chromedp.Do(ctx, chromedp.EmulateViewport(1440, 960)) }()
			startPlay(ctx, t, base, examples[tt.example].Text)
			// Buttons by row (their top), and the narrowest.
			layout := eval[[]int](ctx, t, `(() => {
				const rows = new Map(); let narrowest = 1e9;
				for (const b of document.querySelectorAll('#digits button')) {
					const r = b.getBoundingClientRect();
					rows.set(Math.round(r.top), (rows.get(Math.round(r.top)) || 0) + 1);
					narrowest = Math.min(narrowest, r.width);
				}
				return [Math.round(narrowest), ...[...rows.entries()].sort((a, b) => a[0] - b[0]).map(e => e[1])];
			})()`)
			if !slices.Equal(layout[1:], tt.rows) {
				t.Errorf("the pad's rows hold %v buttons, want %v", layout[1:], tt.rows)
			}
			if layout[0] < 30 {
				t.Errorf("the narrowest pad button is %d px wide, want 30 or more", layout[0])
			}
		})
	}
}

// board32 returns a 32×32 puzzle in the default charset: a solution of
// boxes of 4 rows and 8 columns with every 37th cell left blank (each
// blank the last of its row to fill).
func board32() string {
	const symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVW"
	b := make([]byte, 32*32)
	for i := range b {
		r, c := i/32, i%32
		b[i] = symbols[(8*(r%4)+r/4+c)%32+1]
		if i%37 == 0 {
			b[i] = '0'
		}
	}
	return string(b)
}

// TestWebPlayRestart checks that Restart takes the person's board back to
// the puzzle as given, undoably: play mode had no way to start again but
// to undo every move or to solve the puzzle anew.
func TestWebPlayRestart(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	p := startPlay(ctx, t, base, classicHard)
	start := p.game()
	p.clickCell(1)
	p.keys("7")
	p.clickCell(2)
	p.click("pencil")
	p.pad(5)
	played := p.until(func(g playGame) bool { return g.Vals[1] == 7 && slices.Equal(g.Cands[2], []int{5}) })
	if played.Vals[1] != 7 || !slices.Equal(played.Cands[2], []int{5}) {
		t.Fatalf("after 7 in r1c2 and the pencil mark 5 in r1c3 the board holds %d and %v", played.Vals[1], played.Cands[2])
	}
	cleared := func(g playGame) bool {
		return slices.Equal(g.Vals, start.Vals) && !slices.ContainsFunc(g.Cands, func(c []int) bool { return len(c) > 0 })
	}
	if !eval[bool](ctx, t, `(() => { const b = document.getElementById('restart'); return !!b && b.offsetParent !== null; })()`) {
		t.Fatal("play mode shows no Restart button")
	}
	p.click("restart")
	if g := p.until(cleared); !cleared(g) {
		t.Errorf("after Restart the board holds %v, marks %v; want the clues alone, %v", g.Vals, g.Cands, start.Vals)
	}
	p.caption("Ctrl+Z brings them back")
	p.keys("z", chromedp.ModifierCtrl)
	back := func(g playGame) bool { return g.Vals[1] == 7 && slices.Equal(g.Cands[2], []int{5}) }
	if g := p.until(back); !back(g) {
		t.Errorf("Ctrl+Z after Restart gives %d in r1c2 and marks %v in r1c3; want 7 and [5] back", g.Vals[1], g.Cands[2])
	}
}

// TestWebPlaySolveAgain checks that Solve pressed again on the same
// puzzle keeps the person's game, and that another puzzle starts fresh:
// a second press of Solve (after changing the speed, or by mistake) threw
// the person's digits and pencil marks away, with no undo to bring them
// back.
func TestWebPlaySolveAgain(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	p := startPlay(ctx, t, base, classicHard)
	p.clickCell(1)
	p.keys("7")
	if g := p.until(func(g playGame) bool { return g.Vals[1] == 7 }); g.Vals[1] != 7 {
		t.Fatalf("7 in r1c2 gives %d", g.Vals[1])
	}
	for _, tt := range []struct {
		name, puzzle string
		want         int // r1c2 in play mode after Solve
	}{
		{"same puzzle", classicHard, 7},
		{"another puzzle", alsChain, 0},
	} {
		p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`{ document.getElementById('puzzle').value = %q; document.getElementById('solve').click(); }`, tt.puzzle)),
			poll(`window.sudokuPlay.game() !== null && !window.sudokuPlay.on() && document.getElementById('board').childElementCount > 0`, 20*time.Second))
		p.keys("p")
		if g := p.until(func(g playGame) bool { return g.Vals[1] == tt.want }); g.Vals[1] != tt.want {
			t.Errorf("%s: after Solve, play mode's r1c2 holds %d, want %d", tt.name, g.Vals[1], tt.want)
		}
		p.keys(kb.Escape)
	}
}

// TestWebPlayCharset checks that play mode's steps on a puzzle of its own
// charset name the board's symbols: Next step on the 4×4 in A–D read "4
// is the only candidate left in r1c1" (the service was sent the person's
// board without the charset), where the board and the hint before it said
// D.
func TestWebPlayCharset(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	p := startPlay(ctx, t, base, nxnSmall)
	p.click("nextstep")
	g := p.until(func(g playGame) bool { return g.LastStep != nil })
	if g.LastStep == nil {
		t.Fatalf("Next step took no step; the caption reads %q", eval[string](ctx, t, `document.getElementById('caption').innerText`))
	}
	// Cell names aside, an explanation in the board's symbols has no digit.
	text := regexp.MustCompile(`r\d+c\d+`).ReplaceAllString(g.LastStep.Explanation, "")
	if strings.ContainsAny(text, "1234") || !strings.ContainsAny(text, "ABCD") {
		t.Errorf("Next step on a board in A–D reads %q, want its symbols", g.LastStep.Explanation)
	}
}

// TestWebPlayNoSolution checks what play mode says on a puzzle without a
// solution before the person entered anything: that the puzzle has none,
// not that their position has none any more and they should undo.
func TestWebPlayNoSolution(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	p := startPlay(ctx, t, base, deadLate)
	for _, key := range []string{"h", "n", "c"} {
		p.keys(key)
		said := p.caption("The puzzle itself has no solution")
		if strings.Contains(said, "Undo") || strings.Contains(said, "any more") {
			t.Errorf("%s on the puzzle as given says %q", key, said)
		}
	}
}

// TestWebHintAtTheEnd checks that Hint at the end of a finished solve,
// where no step is highlighted, says there is none left: it changed
// nothing on the page, and the person could not tell why.
func TestWebHintAtTheEnd(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	open(ctx, t, permalink(base, classicHard, 999))
	if err := chromedp.Do(ctx, poll(`document.body.dataset.state === 'done'`, 20*time.Second)); err != nil {
		t.Fatal(err)
	}
	for _, press := range []chromedp.Action[chromedp.Void]{
		chromedp.KeyEvent("h"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('hint').click()`),
	} {
		eval[bool](ctx, t, `(() => { document.getElementById('status').textContent = ''; return true; })()`)
		if err := chromedp.Do(ctx, press, poll(`document.getElementById('status').textContent.includes('No step left to hint')`, 5*time.Second)); err != nil {
			t.Errorf("Hint at the end of the solve: %v; the status reads %q", err, eval[string](ctx, t, `document.getElementById('status').textContent`))
		}
	}
	// The note is of the end: stepping back gives the status back.
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft), poll(`!document.getElementById('status').textContent.includes('No step left')`, 5*time.Second)); err != nil {
		t.Errorf("a step back from the end: %v", err)
	}
}
