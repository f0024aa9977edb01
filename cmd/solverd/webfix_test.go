package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"google.golang.org/protobuf/encoding/protojson"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// Puzzles of the checks below.
const (
	// nxnSmall is a 4×4 in the N×N form as solverctl convert --to nxn
	// writes it: its charset on the first line, its map after "### Map".
	nxnSmall = "#ABCD\n\n#A#B\n####\nC#D#\n####\n\n### Map\n\n##AA\n##AA\nBBCC\nBBCC\n"
	// alsChain's step 16 is a Grouped AIC through an almost locked set:
	// (3=4)r14c6-(4=6){r1c8,r1c9,r2c7,r2c9}-(6=3)r124c6 => r7c6<>3.
	alsChain = "6..1..7......7..8...9..8..37..4..5...3.....2...4..5..81..2..4.........5...6..9..."
	// deadLate is the page's easy example with a wrong 2 in r1c1 that
	// breaks no rule: the solve ends in a dead end 23 steps on.
	deadLate = "200105000009060400060000070400010003050402010600030004020000050003090800000206000"
)

// solveInPage pastes text into the form, presses Solve at the fastest
// speed and waits until the replay is at its end.
func solveInPage(ctx context.Context, t *testing.T, base, text string) {
	t.Helper()
	open(ctx, t, base)
	err := chromedp.Do(ctx,
		setSpeed(10),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`{ document.getElementById('puzzle').value = %q; document.getElementById('solve').click(); }`, text)),
		poll(`document.body.dataset.state === 'done' || document.body.dataset.state === 'error'`, 30*time.Second))
	if err != nil {
		t.Fatalf("%v (status %q)", err, eval[string](ctx, t, `document.getElementById('status').textContent`))
	}
}

// TestWebViewerReading checks what the page reads: an N×N text with its
// own charset draws its symbols, a JSON board (solverctl convert --to
// json) solves, text that starts with a brace but is not JSON says so, and
// a link's variant is read by its short name or reported when unknown.
func TestWebViewerReading(t *testing.T) {
	ctx, base, client := webViewer(t, 2*time.Minute)

	t.Run("charset in the text", func(t *testing.T) {
		open(ctx, t, permalink(base, nxnSmall, 1))
		if err := chromedp.Do(ctx, poll(`document.getElementById('board').dataset.position === '0'`, 10*time.Second)); err != nil {
			t.Fatal(err)
		}
		if got := eval[string](ctx, t, boardJS); got != ".A.B....C.D....." {
			t.Errorf("the board reads %q, want the clues in the text's symbols, .A.B....C.D.....", got)
		}
		pad := eval[string](ctx, t, `Array.from(document.querySelectorAll('#digits button')).map(b => b.textContent).join('')`)
		if pad != "ABCD" {
			t.Errorf("play mode's pad reads %q, want ABCD", pad)
		}
	})
	t.Run("JSON board", func(t *testing.T) {
		src := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: classicHard}}
		conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: src})
		if err != nil {
			t.Fatal(err)
		}
		want, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: src})
		if err != nil {
			t.Fatal(err)
		}
		solveInPage(ctx, t, base, protojson.Format(conv.GetBoard()))
		if got := eval[string](ctx, t, `(document.getElementById('plain') || {}).textContent || ''`); got != want.GetResult().GetPlain() {
			t.Errorf("the JSON board solves to %q (status %q), want %s", got, eval[string](ctx, t, `document.getElementById('status').textContent`), want.GetResult().GetPlain())
		}
		if link := eval[string](ctx, t, `sudokuViewer.link()`); !strings.Contains(link, "puzzle=%7B") {
			t.Errorf("the link %s does not carry the JSON text", link)
		}
	})
	t.Run("not JSON", func(t *testing.T) {
		open(ctx, t, base)
		chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`{ document.getElementById('puzzle').value = '{"size": 9,'; document.getElementById('solve').click(); }`))
		if status := eval[string](ctx, t, `document.getElementById('status').textContent`); !strings.Contains(status, "Reading the puzzle as JSON (it starts with '{')") {
			t.Errorf("a broken JSON text says %q", status)
		}
	})
	t.Run("link's variant", func(t *testing.T) {
		open(ctx, t, permalink(base, classicHard, 1, "variant=x"))
		if got := eval[string](ctx, t, `document.getElementById('variant').value`); got != "VARIANT_X" {
			t.Errorf("variant=x selects %q, want VARIANT_X", got)
		}
		open(ctx, t, permalink(base, classicHard, 1, "variant=VARIANT_KILER"))
		status := eval[string](ctx, t, `document.getElementById('status').textContent`)
		cells := eval[int](ctx, t, `document.getElementById('board').childElementCount`)
		if !strings.Contains(status, "variant “VARIANT_KILER” is not one this page knows") || cells != 0 {
			t.Errorf("an unknown variant says %q and draws %d elements; want it named and nothing solved", status, cells)
		}
	})
}

// TestWebViewerReplayMarks checks what the replay draws and says: a dead
// end is outlined at the last step only, an almost locked set is circled
// on the cells that hold the digit, a chain's step text names its
// technique once, stepping back from the first step leaves a position to
// export, and a puzzle of several solutions gets no rating.
func TestWebViewerReplayMarks(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	faults := `document.querySelectorAll('#hl-faults rect').length`

	t.Run("dead end at the end", func(t *testing.T) {
		open(ctx, t, permalink(base, deadLate, 2))
		if err := chromedp.Do(ctx, poll(`document.getElementById('board').dataset.position === '1' && sudokuViewer.result() !== null`, 20*time.Second)); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](ctx, t, faults); n != 0 {
			t.Errorf("at step 2 of a solve that ends in a dead end, %d cells are outlined", n)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("last")), poll(`document.body.dataset.state === 'done'`, 10*time.Second)); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, poll(faults+` > 0`, 5*time.Second)); err != nil {
			t.Errorf("at the last step the dead end is not outlined: %v", err)
		}
	})
	t.Run("almost locked set", func(t *testing.T) {
		open(ctx, t, permalink(base, alsChain, 16))
		if err := chromedp.Do(ctx, poll(`document.getElementById('board').dataset.position === '15'`, 20*time.Second)); err != nil {
			t.Fatal(err)
		}
		step := eval[string](ctx, t, `sudokuViewer.position().step`)
		if !strings.Contains(step, "{r1c8,r1c9,r2c7,r2c9}") || strings.Count(step, "Grouped AIC") != 1 {
			t.Fatalf("step 16 reads %q, want the Grouped AIC through the ALS, named once", step)
		}
		// Every circle sits on a candidate of its cell; the ALS is outlined.
		got := eval[[]int](ctx, t, `(() => {
			const pos = sudokuViewer.position();
			const dots = Array.from(document.querySelectorAll('#hl-chain circle.node'));
			const off = dots.filter(c => !(pos.cands[Number(c.dataset.cell)] & 2 ** (Number(c.dataset.digit) - 1)));
			return [dots.length, off.length, document.querySelectorAll('#hl-chain rect.node').length];
		})()`)
		if got[0] == 0 || got[1] != 0 || got[2] < 4 {
			t.Errorf("%d chain circles, %d of them on a candidate the cell lacks, %d cells outlined; want circles, none off, the ALS's 4 cells outlined", got[0], got[1], got[2])
		}
	})
	t.Run("back from the first step", func(t *testing.T) {
		ok := eval[bool](ctx, t, `(() => { document.getElementById('first').click(); document.getElementById('back').click(); return sudokuExport.grid().length > 0 && sudokuViewer.position() !== null; })()`)
		if !ok {
			t.Error("no grid to export after stepping back from the first step")
		}
	})
	t.Run("space on the form's controls", func(t *testing.T) {
		open(ctx, t, permalink(base, classicHard, 3))
		if err := chromedp.Do(ctx, poll(`document.getElementById('board').dataset.position === '2'`, 10*time.Second),
			chromedp.Evaluate[chromedp.Void](`{ document.getElementById('more').open = true; document.getElementById('tolerant').focus(); }`),
			chromedp.KeyEvent(" ")); err != nil {
			t.Fatal(err)
		}
		ticked := eval[bool](ctx, t, `document.getElementById('tolerant').checked`)
		play := eval[string](ctx, t, `document.getElementById('play').textContent`)
		if !ticked || play != "Play" {
			t.Errorf("Space on the Tolerant box: ticked %v, the play button reads %q; want it ticked and the replay still paused", ticked, play)
		}
	})
	t.Run("several solutions", func(t *testing.T) {
		solveInPage(ctx, t, base, "1"+strings.Repeat(".", 80))
		result := eval[string](ctx, t, `document.getElementById('result').textContent`)
		if !strings.Contains(result, "More than one solution") || !strings.Contains(result, "One of the solutions: ") || strings.Contains(result, "score") {
			t.Errorf("a puzzle of several solutions gets %q; want the outcome, the string labelled, no rating", result)
		}
	})
}

// TestWebPlayCaption checks what play mode says and exports: Check's
// verdict replaces a hint shown, the exports are of the person's board,
// and a link's play= board goes only into that link's puzzle.
func TestWebPlayCaption(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)

	t.Run("check after a hint", func(t *testing.T) {
		p := startPlay(ctx, t, base, classicHard)
		p.keys("h")
		p.caption("Hint:")
		p.keys("c")
		p.caption("Still solvable")
	})
	t.Run("exports of the person's board", func(t *testing.T) {
		p := startPlay(ctx, t, base, classicHard)
		// Out of play mode and back with no frame drawn between, as in a
		// background tab: the export must not read the replay's caption.
		p.keys("p")
		evalAwait[bool](ctx, t, `new Promise((done) => {
			const raf = window.requestAnimationFrame;
			window.requestAnimationFrame = () => 0;
			raf(() => raf(() => done(true))); // the viewer's pending frame has run
		})`)
		p.keys("p")
		cell := eval[int](ctx, t, `window.sudokuPlay.game().vals.findIndex(v => v === 0)`)
		p.clickCell(cell)
		p.keys("5")
		p.until(func(g playGame) bool { return g.Vals[cell] == 5 })
		got := eval[[]string](ctx, t, fmt.Sprintf(`(() => { const pos = sudokuViewer.position(); return [String(pos.vals[%d]), pos.step]; })()`, cell))
		if got[0] != "5" || !strings.HasPrefix(got[1], "Play mode.") {
			t.Errorf("in play mode the export's position holds %s at cell %d with the text %q; want the person's 5 and play mode's caption", got[0], cell, got[1])
		}
	})
	t.Run("a failed link's board", func(t *testing.T) {
		open(ctx, t, permalink(base, "hello", 1, "play=.9"))
		if err := chromedp.Do(ctx, poll(`document.getElementById('status').className === 'error'`, 10*time.Second)); err != nil {
			t.Fatal(err)
		}
		chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`{ document.getElementById('puzzle').value = '`+classicHard+`'; document.getElementById('solve').click(); }`))
		if err := chromedp.Do(ctx, poll(`window.sudokuPlay.game() !== null`, 20*time.Second)); err != nil {
			t.Fatal(err)
		}
		p := player{ctx, t}
		// r1c2 is empty in classicHard.
		if g := p.game(); g.Vals[1] != 0 || eval[bool](ctx, t, `document.body.classList.contains('playing')`) {
			t.Errorf("the next puzzle starts with %d in r1c2 (playing: %v); want a fresh replay", g.Vals[1], eval[bool](ctx, t, `document.body.classList.contains('playing')`))
		}
	})
}

// TestWebViewerBeforeSolve checks the page before any puzzle is shown, on
// a fresh page and on a link the page refuses to solve: play mode's row,
// whose toggle does nothing without a puzzle, is not drawn, and the
// replay's button reads Play, as nothing plays.
func TestWebViewerBeforeSolve(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	pages := []struct {
		name, url string
	}{
		{"fresh page", base},
		{"unknown variant", permalink(base, classicHard, 1, "variant=nosuch")},
	}
	checks := []struct {
		what, expr, want string
	}{
		{"play mode's row", `getComputedStyle(document.getElementById('playrow')).display`, "none"},
		{"the replay's play button", `document.getElementById('play').textContent`, "Play"},
	}
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			open(ctx, t, p.url)
			for _, c := range checks {
				if got := eval[string](ctx, t, c.expr); got != c.want {
					t.Errorf("%s: %s is %q, want %q", c.what, c.expr, got, c.want)
				}
			}
		})
	}
}

// TestWebViewerServerGone stops the server under an open page and checks
// that what the page then asks of it says the server could not be
// reached, rather than the browser's own "Failed to fetch".
func TestWebViewerServerGone(t *testing.T) {
	browser := findChromium(t)
	_, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--http-listen", "localhost:0")
	base := "http://" + webAddr(t, log) + "/"
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.NoSandbox,
		chromedp.WindowSize(1440, 960),
	)
	ctx := startBrowser(t, opts, 2*time.Minute)
	solveInPage(ctx, t, base, classicHard)
	cancel()
	waitDone(t, done, 10*time.Second, log)

	tests := []struct {
		name, press, said string
	}{
		{"play mode's Hint", `document.getElementById('playmode').click(); document.getElementById('playhint').click();`, `document.getElementById('caption').textContent`},
		{"Solve", `document.getElementById('playmode').click(); document.getElementById('solve').click();`, `document.getElementById('status').textContent`},
	}
	const want = "the server could not be reached"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void]("{ "+tt.press+" }"))
			if err := chromedp.Do(ctx, poll(fmt.Sprintf(`(%s).includes(%q)`, tt.said, want), 10*time.Second)); err != nil {
				t.Errorf("with the server gone the page says %q, want it to say %q: %v", eval[string](ctx, t, tt.said), want, err)
			}
		})
	}
}

// TestWebCopyPuzzle: Copy puzzle gives a text that reads back, pasted
// alone into a fresh page, as the puzzle solved: an X-Sudoku's digits
// without its variant read as a classic of many solutions, a jigsaw's
// without its map as one of none, so a puzzle that needed the form's
// fields is copied as its board in JSON; a text that says it all is
// copied as it was pasted.
func TestWebCopyPuzzle(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	const (
		xDigits      = "005600000000003000000007003000000000090800002600020000000001605000000470580000000"
		jigsawDigits = "300000004002060100010908020005000600020000010009000800080304060004010900500000007"
		jigsawMap    = "000122222000111222033331112003444411333345555664444577866655557888666777888886777"
	)
	tests := []struct {
		name   string
		link   string
		asText bool // copied as the text pasted
	}{
		{"X-Sudoku", permalink(base, xDigits, 1, "variant=x"), false},
		{"jigsaw", permalink(base, jigsawDigits, 1, "map="+jigsawMap), false},
		{"classic", permalink(base, classicHard, 1), true},
	}
	plain := `(document.getElementById('plain') || {}).textContent || ''`
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			open(ctx, t, tt.link)
			if err := chromedp.Do(ctx, poll(`sudokuViewer.result() !== null`, 30*time.Second)); err != nil {
				t.Fatal(err)
			}
			want := eval[string](ctx, t, plain)
			if len(want) != 81 {
				t.Fatalf("the puzzle solves to %q (status %q)", want, eval[string](ctx, t, `document.getElementById('status').textContent`))
			}
			copied := eval[string](ctx, t, `sudokuExport.puzzle()`)
			if isText := !strings.HasPrefix(copied, "{"); isText != tt.asText {
				t.Errorf("copied %.60q…; want it as the text pasted: %v", copied, tt.asText)
			}
			solveInPage(ctx, t, base, copied)
			if got := eval[string](ctx, t, plain); got != want {
				t.Errorf("the copied puzzle, pasted alone, solves to %q (status %q); want %s", got, eval[string](ctx, t, `document.getElementById('status').textContent`), want)
			}
		})
	}
}

// kenken6 is a 6×6 KenKen (SudokuWiki 2.0) whose r1c3 is a cage of one
// cell, labelled 2.
const kenken6 = "K6Chcnfgv630097b8wb00uj005nguvfb8srb8sr5mffb8p70023guvf00qz005n0023b8sr5mtn5nbfb9hnb8p75nm35mff00y35mff00y3005n00235mbv005n5mbv00235mx7b9l7b8wb0023"

// TestWebPlayConflictUnderCage checks that play mode's tint of a cell in
// conflict is drawn under the cage's outline and label: the label is what
// the person needs to see to mend the cell, and the tint hid it.
func TestWebPlayConflictUnderCage(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	for _, tt := range []struct {
		name, puzzle string
		cell, digit  int
		label        string
	}{
		// An 8 in r1c1, the 24 cage's first cell, repeats the 8 of r3c2 in
		// its box.
		{"killer", killerPuzzle, 0, 8, "24"},
		// A 3 in the cage of r1c3 alone misses its 2.
		{"kenken", kenken6, 2, 3, "2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := startPlay(ctx, t, base, tt.puzzle)
			p.clickCell(tt.cell)
			p.pad(tt.digit)
			p.until(func(g playGame) bool { return slices.Contains(g.Conflicts, tt.cell) })
			js := fmt.Sprintf(`(() => {
				const tint = document.querySelector('#board rect.conflict[data-cell="%d"]');
				if (!tint) return 'no conflict drawn';
				const label = [...document.querySelectorAll('#board .cagesum')].find((e) => e.textContent === %q);
				if (!label) return 'no cage label';
				const b = label.getBoundingClientRect();
				const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
				return top === label ? '' : 'the label is under ' + (top ? top.getAttribute('class') || top.tagName : 'nothing');
			})()`, tt.cell, tt.label)
			if err := chromedp.Do(ctx, poll(js+` === ''`, 10*time.Second)); err != nil {
				t.Errorf("cell %d in conflict: %s (%v)", tt.cell, eval[string](ctx, t, js), err)
			}
		})
	}
}

// TestWebPlayLeaveClearsBoard checks that the replay, back from play mode
// (by Esc, p or the toggle), draws none of play mode's cursor, conflicts
// or cells Check marked: they were left on the replay's board.
func TestWebPlayLeaveClearsBoard(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	for _, tt := range []struct {
		name  string
		leave func(p player)
	}{
		{"Esc", func(p player) { p.keys(kb.Escape) }},
		{"p", func(p player) { p.keys("p") }},
		{"toggle", func(p player) { p.click("playmode") }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := startPlay(ctx, t, base, classicHard)
			// A 4 in r1c2 repeats the clue of r1c1.
			p.clickCell(1)
			p.pad(4)
			p.until(func(g playGame) bool { return slices.Contains(g.Conflicts, 1) })
			tt.leave(p)
			js := `document.querySelectorAll('#board .cursor, #board .conflict, #board .wrong, #board .wrongmarks').length`
			if err := chromedp.Do(ctx, poll(`!document.body.classList.contains('playing') && `+js+` === 0`, 10*time.Second)); err != nil {
				t.Errorf("back in the replay, the board draws %d of play mode's marks (playing: %v): %v", eval[int](ctx, t, js), eval[bool](ctx, t, `document.body.classList.contains('playing')`), err)
			}
		})
	}
}

// TestWebHintText checks what a hint says and outlines at its level:
// the second hint lists a step's digits in their order, not in the order
// the step removes them (step 2 of the killer removes 4 5 6 7 9 from
// r1c3 before 8 from r1c4, and the hint read "digits 4, 5, 6, 7, 9, 8");
// the first hint of a killer's cage step, which names no unit, points at
// the cage as the explanation names it and outlines its cells, not the
// step's cells one by one; a step that is not about its cells' cage
// (a single) names its cells.
func TestWebHintText(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, tt := range []struct {
		name, puzzle string
		step, level  int
		want         string
		area         int // cells outlined as the hint's area; -1 not checked
	}{
		{"digits in order, killer step 2", killerPuzzle, 2, 2, "Cells r1c3, r1c4, r2c3; digits 4, 5, 6, 7, 8, 9.", -1},
		// One cell and one digit are named in the singular.
		{"one cell, one digit, killer step 19", killerPuzzle, 19, 2, "Cell r2c3; digit ", -1},
		{"a cage named, killer step 1", killerPuzzle, 1, 1, "Look at cage 24+ at r1c1.", 4},
		{"a cage named, killer step 3", killerPuzzle, 3, 1, "Look at cage 17+ at r1c5.", 2},
		// A single's cell lies in a cage by chance: the cell is named.
		{"no cage for a single, killer step 19", killerPuzzle, 19, 1, "Look at r2c3.", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			open(ctx, t, permalink(base, tt.puzzle, tt.step))
			if err := chromedp.Do(ctx, poll(fmt.Sprintf(`document.getElementById('strategy').textContent.startsWith('%d. ')`, tt.step), 20*time.Second)); err != nil {
				t.Fatalf("the permalink's step: %v", err)
			}
			for range tt.level {
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("hint")), chromedp.Sleep(200*time.Millisecond)); err != nil {
					t.Fatal(err)
				}
			}
			// The hint is drawn on a frame after the click, which a loaded
			// machine can put off: wait for it, then look.
			_, _ = chromedp.Run(ctx, poll(fmt.Sprintf(`document.getElementById('explanation').textContent.startsWith(%q)`, tt.want), 10*time.Second))
			if c := eval[string](ctx, t, `document.getElementById('explanation').textContent`); !strings.HasPrefix(c, tt.want) {
				t.Errorf("hint %d reads %q; want %q", tt.level, c, tt.want)
			}
			if n := eval[int](ctx, t, `document.querySelectorAll('#board .unit').length`); tt.area >= 0 && n != tt.area {
				t.Errorf("hint %d outlines %d cells as its area; want the cage's %d", tt.level, n, tt.area)
			}
		})
	}
}

// TestWebPlayCheckManySolutions checks Check on a puzzle without one
// solution, where the page has no solution to compare with and asks Solve
// about the person's position: pressed twice, it says the same both times
// (there is nothing to mark), never "all is right" about a position it has
// just found without a solution.
func TestWebPlayCheckManySolutions(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	// manySolutions is a 4×4 of one clue, 1 in r1c1.
	const manySolutions = "1..............."
	for _, tt := range []struct {
		name, play string
		want       string // what both presses of Check say
	}{
		{"still solvable", ".....2..........", "Still solvable."},
		// 2 in r1c2 and 3 in r2c3 break no rule but leave r1c3-4 and
		// r2c1-2 without a way to hold 3 and 4.
		{"no solution left", ".2....3.........", "Not solvable any more: "},
		// The service refuses a board that repeats a digit: the page
		// says so in its own words, not in the refusal's.
		{"a digit repeated", ".2..2...........", "Not solvable any more: your board breaks a rule (marked in red)."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			open(ctx, t, permalink(base, manySolutions, 1, "play="+tt.play))
			if err := chromedp.Do(ctx, poll(`window.sudokuPlay.on()`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
			countCalls(ctx, t)
			for press := 1; press <= 2; press++ {
				got := pressCheck(ctx, t)
				if !strings.HasPrefix(got, tt.want) {
					t.Errorf("Check pressed %d times says %q; want %q", press, got, tt.want)
				}
			}
		})
	}
}

// countCalls makes the page count its calls to the service under way, in
// window.pendingCalls, for pressCheck.
func countCalls(ctx context.Context, t *testing.T) {
	t.Helper()
	eval[bool](ctx, t, `(() => {
		const V = window.sudokuViewer, unary = V.unary;
		window.pendingCalls = 0;
		V.unary = async (...args) => {
			window.pendingCalls++;
			try { return await unary(...args); } finally { window.pendingCalls--; }
		};
		return true;
	})()`)
}

// pressCheck presses Check, waits for the calls it makes to the service
// (counted by countCalls) and returns what play mode then says.
func pressCheck(ctx context.Context, t *testing.T) string {
	t.Helper()
	return evalAwait[string](ctx, t, `new Promise((done) => {
		document.getElementById('check').click();
		setTimeout(function wait() {
			if (window.pendingCalls) return setTimeout(wait, 50);
			requestAnimationFrame(() => requestAnimationFrame(() => done(document.getElementById('explanation').textContent)));
		}, 200);
	})`)
}

// TestWebPlayCheckWords checks the words of Check on a small puzzle: its
// first press counts in the singular for one digit and says only what is
// wrong; pressed again, it names the cells it marks, so that a person who
// does not see the marks (a screen reader reads the caption) can find
// them.
func TestWebPlayCheckWords(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	// small has one solution: 1423 3214 2341 4132.
	const small = "S4Bnnnnn2nnnnn14n3n"
	for _, tt := range []struct {
		name, play string
		marks      string // the permalink's pencil marks; "" for none
		presses    int
		want       string
	}{
		{"no digit", "................", "", 1, "Still solvable."},
		{"pencil marks alone without the answer", "................", "_3______________", 1, "Not solvable any more: 1 cell has pencil marks without the answer. Press Check again to mark it."},
		{"one right digit", "1...............", "", 1, "Still solvable: none of your 1 digit is wrong."},
		{"two right digits", "14..............", "", 1, "Still solvable: none of your 2 digits is wrong."},
		{"one wrong digit", "3...............", "", 1, "Not solvable any more: 1 wrong of your 1 digit. Press Check again to mark it."},
		{"one wrong of two", "34..............", "", 1, "Not solvable any more: 1 wrong of your 2 digits. Press Check again to mark it."},
		{"two wrong digits", "3.4.............", "", 1, "Not solvable any more: 2 wrong of your 2 digits. Press Check again to mark them."},
		{"a wrong digit and pencil marks without the answer", "3...............", "__3_____________", 1, "Not solvable any more: 1 wrong of your 1 digit; 1 cell has pencil marks without the answer. Press Check again to mark them."},
		{"a wrong digit marked", "3...............", "", 2, "Marked: 1 wrong digit (r1c1)."},
		{"two wrong digits marked", "3.4.............", "", 2, "Marked: 2 wrong digits (r1c1, r1c3)."},
		{"pencil marks without the answer marked", "................", "_3______________", 2, "Marked: 1 cell whose pencil marks miss the answer (r1c2)."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			more := []string{"play=" + tt.play}
			if tt.marks != "" {
				more = append(more, "marks="+tt.marks)
			}
			open(ctx, t, permalink(base, small, 1, more...))
			if err := chromedp.Do(ctx, poll(`window.sudokuPlay.on()`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
			countCalls(ctx, t)
			var got string
			for range tt.presses {
				got = pressCheck(ctx, t)
			}
			if got != tt.want {
				t.Errorf("Check pressed %d times says %q; want %q", tt.presses, got, tt.want)
			}
		})
	}
}

// TestWebPlayCellNames: play mode names the cells Check marks through the
// viewer's cellName, the one format of cell names of the page (r16c16 on
// a 16×16 board, as the explanations write it).
func TestWebPlayCellNames(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	open(ctx, t, permalink(base, "S4Bnnnnn2nnnnn14n3n", 1, "play=3.4............."))
	if err := chromedp.Do(ctx, poll(`window.sudokuPlay.on()`, 20*time.Second)); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](ctx, t, `sudokuViewer.cellName({n: 16}, 255)`); got != "r16c16" {
		t.Errorf("cellName of cell 255 of a 16×16 board is %q; want r16c16", got)
	}
	// Count the names asked of the viewer: play.js keeps the object, so
	// it calls the counting one.
	eval[bool](ctx, t, `(() => {
		const name = sudokuViewer.cellName;
		window.cellNames = 0;
		sudokuViewer.cellName = (L, cell) => { window.cellNames++; return name(L, cell); };
		return true;
	})()`)
	countCalls(ctx, t)
	pressCheck(ctx, t)
	if got, want := pressCheck(ctx, t), "Marked: 2 wrong digits (r1c1, r1c3)."; got != want {
		t.Errorf("Check pressed twice says %q; want %q", got, want)
	}
	if n := eval[int](ctx, t, `window.cellNames`); n < 2 {
		t.Errorf("play mode named %d cells through sudokuViewer.cellName; want 2 or more", n)
	}
}

// TestWebDifficultyText checks the words of a rating: a solve that logic
// left stuck is Extreme for that, and its hardest step is only the
// hardest found ("hardest: Hidden Single" beside Extreme read as a
// contradiction), as solverctl says it.
func TestWebDifficultyText(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	open(ctx, t, base)
	for _, tt := range []struct {
		name, call, want string
	}{
		{"solved", `sudokuViewer.difficultyText({level: 'DIFFICULTY_LEVEL_HARD', stars: 3, score: 420, hardestStrategy: 'XY-Wing'}, false)`,
			"hard, 3★, score 420, hardest: XY-Wing"},
		{"stuck", `sudokuViewer.difficultyText({level: 'DIFFICULTY_LEVEL_EXTREME', stars: 5, score: 18, hardestStrategy: 'Hidden Single'}, true)`,
			"extreme as logic got stuck, 5★, score 18, hardest step found: Hidden Single"},
		{"stuck before a step", `sudokuViewer.difficultyText({level: 'DIFFICULTY_LEVEL_EXTREME', stars: 5}, true)`,
			"extreme as logic got stuck, 5★, score 0, no step found"},
	} {
		if got := eval[string](ctx, t, tt.call); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestWebPlayExportNoCursor checks that a board exported or printed in
// play mode leaves out the box of the selected cell, a part of the page
// rather than of the position; the person's digits stay.
func TestWebPlayExportNoCursor(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	startPlay(ctx, t, base, classicHard)
	// The board is drawn on the next frame after play mode turns on.
	if err := chromedp.Do(ctx, poll(`document.querySelector('#board .cursor') !== null`, 10*time.Second)); err != nil {
		t.Fatalf("play mode shows no selected cell (%v): the test proves nothing", err)
	}
	svg := eval[string](ctx, t, `sudokuExport.svg()`)
	if strings.Contains(svg, `class="cursor`) {
		t.Errorf("the exported SVG holds play mode's selected cell")
	}
	if !strings.Contains(svg, `class="value`) {
		t.Errorf("the exported SVG holds no digits:\n%.300s", svg)
	}
	printed := eval[string](ctx, t, `(() => {
		for (const sheet of document.styleSheets) for (const rule of sheet.cssRules) {
			if (rule.media && rule.media.mediaText === 'print') for (const r of rule.cssRules) if (r.selectorText && r.selectorText.includes('#board .cursor')) return r.style.display;
		}
		return '';
	})()`)
	if printed != "none" {
		t.Errorf("printing shows the selected cell (display %q in print)", printed)
	}
}

// TestWebPlayCheckCountsEntries presses Check on a killer whose string
// comes with three solved cells and no clue: the count of the person's
// digits leaves those out. Before, Check said "none of your 3 digits is
// wrong" to a person who had entered none.
func TestWebPlayCheckCountsEntries(t *testing.T) {
	ctx, base, client := webViewer(t, 2*time.Minute)
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{
		Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: killerPuzzle}},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := startPlay(ctx, t, base, killerPuzzle)
	countCalls(ctx, t)
	if got := pressCheck(ctx, t); got != "Still solvable." {
		t.Errorf("Check before any entry says %q, want %q", got, "Still solvable.")
	}
	// The answer in the first cell selected, an empty one.
	g := p.game()
	d := resp.GetResult().GetBoard().GetCells()[g.Sel].GetValue()
	p.keys(fmt.Sprint(d))
	p.until(func(g playGame) bool { return g.Vals[g.Sel] == int(d) })
	if got, want := pressCheck(ctx, t), "Still solvable: none of your 1 digit is wrong."; got != want {
		t.Errorf("Check after one right entry says %q, want %q", got, want)
	}
}
