package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

var screenshotDir = flag.String("screenshot-dir", "", "TestWebScreenshots writes the viewer's boards (classic, killer, jigsaw, Str8ts, 16×16, 25×25) as PNG files to this directory")

// Puzzles of the page's examples.
const (
	classicHard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	// str8tsStrict is a Str8ts 2.0 string that strict decoding reads.
	str8tsStrict = "T9Bezezez0aezez0aezez0aezez0j0aezez0aezezezezezezez0j0aez0jezez0aezezezezez0aezezez06ez04ez0aezez08ezez0aez020aez0c0bezezezezezezez0aezez0j0hez060iezez0aezez0jezezez"
	// str8tsLive is a Str8ts string as str8ts.com writes it live, with its
	// candidates off by one: only tolerant decoding reads it.
	str8tsLive = "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a"
)

// permalink returns the viewer's link to puzzle at step, with more query
// parameters ("tolerant=1", "map=...") as they are.
func permalink(base, puzzle string, step int, more ...string) string {
	q := "?puzzle=" + url.QueryEscape(puzzle) + fmt.Sprintf("&step=%d", step)
	for _, m := range more {
		q += "&" + m
	}
	return base + q
}

// TestWebPermalink opens /?puzzle=...&step=5 as a person following a link
// would and checks that the page shows step 5 of the solve (its number,
// technique and explanation), that the address follows the step shown,
// and that the page's own link of the position opens it again.
func TestWebPermalink(t *testing.T) {
	ctx, base, client := webViewer(t, time.Minute)
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{
		Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: classicHard}}, IncludeSteps: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.GetSteps()) < 6 {
		t.Fatalf("the solve has %d steps, want at least 6", len(resp.GetSteps()))
	}
	step5 := resp.GetSteps()[4]
	name := step5.GetTechnique()
	if name == "" {
		name = step5.GetStrategy()
	}

	open(ctx, t, permalink(base, classicHard, 5))
	if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('5. ')`, 20*time.Second)); err != nil {
		t.Fatalf("the permalink's step: %v (caption %q)", err, eval[string](ctx, t, `document.getElementById('caption').innerText`))
	}
	caption := eval[string](ctx, t, `document.getElementById('caption').innerText`)
	if !strings.Contains(caption, name) || !strings.Contains(caption, step5.GetExplanation()) {
		t.Errorf("the caption at step 5 reads %q; want the technique %q and the explanation %q", caption, name, step5.GetExplanation())
	}
	if pos := eval[string](ctx, t, `document.getElementById('board').dataset.position`); pos != "4" {
		t.Errorf("the board shows the position after %s steps, want 4", pos)
	}

	// The address follows the step shown; the page's link is that address.
	if err := chromedp.Do(ctx, poll(`document.body.dataset.state !== 'solving'`, 20*time.Second), chromedp.KeyEvent(kb.ArrowRight),
		poll(`new URLSearchParams(location.search).get('step') === '6'`, 5*time.Second)); err != nil {
		t.Fatalf("stepping on from the permalink: %v (address %s)", err, eval[string](ctx, t, `location.href`))
	}
	link := eval[string](ctx, t, `sudokuViewer.position().link`)
	if here := eval[string](ctx, t, `location.href`); link != here {
		t.Errorf("the page's link is %s, its address %s", link, here)
	}
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Query().Get("puzzle"); got != classicHard {
		t.Errorf("the link's puzzle is %q, want %q", got, classicHard)
	}

	// The copied link opens the same step.
	open(ctx, t, link)
	if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('6. ')`, 20*time.Second)); err != nil {
		t.Fatalf("the copied link: %v", err)
	}
}

// TestWebStr8tsPermalink opens Str8ts puzzles by permalink and counts
// their black cells on the board (class black and attribute data-black
// each) against the service's reading of the puzzle; a live str8ts.com
// string needs the tolerant option, as solverctl --tolerant.
func TestWebStr8tsPermalink(t *testing.T) {
	ctx, base, client := webViewer(t, time.Minute)
	tests := []struct {
		name, puzzle string
		tolerant     bool
	}{
		{"strict", str8tsStrict, false},
		{"live string, tolerant", str8tsLive, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{
				Puzzle:   &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: tt.puzzle}, Tolerant: tt.tolerant},
				Tolerant: tt.tolerant,
			})
			if err != nil {
				t.Fatal(err)
			}
			black, clues := 0, 0
			for _, c := range conv.GetBoard().GetCells() {
				if c.GetBlack() {
					black++
					if c.GetValue() != 0 {
						clues++
					}
				}
			}
			if black == 0 || clues == 0 {
				t.Fatalf("the puzzle has %d black cells, %d with clues; want some of each", black, clues)
			}
			var more []string
			if tt.tolerant {
				more = append(more, "tolerant=1")
			}
			open(ctx, t, permalink(base, tt.puzzle, 3, more...))
			if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('3. ')`, 20*time.Second)); err != nil {
				t.Fatalf("the permalink's step: %v (status %q)", err, eval[string](ctx, t, `document.getElementById('status').textContent`))
			}
			byClass := eval[int](ctx, t, `document.querySelectorAll('#board .black').length`)
			byAttr := eval[int](ctx, t, `document.querySelectorAll('#board [data-black]').length`)
			both := eval[int](ctx, t, `document.querySelectorAll('#board .black[data-black]').length`)
			if byClass != black || byAttr != black || both != black {
				t.Errorf("the board marks %d cells black by class, %d by attribute, %d by both; the puzzle has %d", byClass, byAttr, both, black)
			}
			fill := eval[string](ctx, t, `getComputedStyle(document.querySelector('#board .black')).fill`)
			clueFill := eval[string](ctx, t, `getComputedStyle(document.querySelector('#board text.value.clue')).fill`)
			drawn := eval[int](ctx, t, `Array.from(document.querySelectorAll('#board text.value.clue')).filter(t => t.textContent).length`)
			if fill != "rgb(20, 26, 34)" || clueFill != "rgb(255, 255, 255)" || drawn != clues {
				t.Errorf("black cells filled %s, %d clues drawn in %s; want rgb(20, 26, 34), %d in white", fill, drawn, clueFill, clues)
			}
			if tt.tolerant {
				// Without the option the page says why it refuses the string.
				open(ctx, t, permalink(base, tt.puzzle, 3))
				if err := chromedp.Do(ctx, poll(`document.getElementById('status').className === 'error'`, 10*time.Second)); err != nil {
					t.Fatal(err)
				}
				if status := eval[string](ctx, t, `document.getElementById('status').textContent`); !strings.Contains(status, "tolerant") {
					t.Errorf("refusing a live string, the page says %q; want it to name the tolerant option", status)
				}
			}
		})
	}
	if n := eval[int](ctx, t, `Array.from(document.querySelectorAll('#variant option')).filter(o => o.value.startsWith('VARIANT_STR8TS')).length`); n != 4 {
		t.Errorf("the variant menu offers %d Str8ts variants, want 4", n)
	}
}

// TestWebScreenshots writes the viewer at a step of each kind of board to
// -screenshot-dir, for a person to look at; without the flag it skips.
func TestWebScreenshots(t *testing.T) {
	if *screenshotDir == "" {
		t.Skip("no -screenshot-dir")
	}
	ctx, base, _ := webViewer(t, 3*time.Minute)
	examples := eval0Examples(ctx, t, base)
	tests := []struct {
		name    string
		example string // the name of the page's example
		step    int
		zoom    int // clicks on the zoom's +
		width   int // the window's width, 1440 when 0
	}{
		{"classic", "classic, hard", 20, 0, 0},
		{"killer", "killer (SudokuWiki 2.0)", 30, 0, 0},
		{"jigsaw", "jigsaw", 12, 0, 0},
		{"str8ts", "Str8ts (SudokuWiki 2.0)", 8, 0, 0},
		{"16x16", "16×16", 40, 1, 0},
		{"25x25-zoomed", "25×25", 60, 4, 0},
		{"str8ts-400px", "Str8ts (live str8ts.com string, tolerant)", 30, 0, 400},
	}
	for _, tt := range tests {
		ex, ok := examples[tt.example]
		if !ok {
			t.Fatalf("no example %q among %v", tt.example, examples)
		}
		var more []string
		if ex.Map != "" {
			more = append(more, "map="+url.QueryEscape(ex.Map))
		}
		if ex.Charset != "" {
			more = append(more, "charset="+url.QueryEscape(ex.Charset))
		}
		if ex.Tolerant {
			more = append(more, "tolerant=1")
		}
		width := tt.width
		if width == 0 {
			width = 1440
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), 960)); err != nil {
			t.Fatal(err)
		}
		open(ctx, t, permalink(base, ex.Text, tt.step, more...))
		if err := chromedp.Do(ctx, poll(fmt.Sprintf(`document.getElementById('strategy').textContent.startsWith('%d. ')`, tt.step), time.Minute)); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		for range tt.zoom {
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("zoomin"))); err != nil {
				t.Fatal(err)
			}
		}
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(*screenshotDir, "viewer-"+tt.name+".png")
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", file)
	}
}

// example is one of the page's examples.
type example struct {
	Name, Text, Charset, Map string
	Tolerant                 bool
}

// eval0Examples reads the page's examples, by name.
func eval0Examples(ctx context.Context, t *testing.T, base string) map[string]example {
	t.Helper()
	open(ctx, t, base)
	n := eval[int](ctx, t, `document.querySelectorAll('#example option').length`)
	out := map[string]example{}
	for i := range n - 1 {
		sel := fmt.Sprintf(`{ const e = document.getElementById('example'); e.value = '%d'; e.dispatchEvent(new Event('change')); }`, i)
		eval[bool](ctx, t, sel+` true`)
		ex := example{
			Name:     eval[string](ctx, t, fmt.Sprintf(`document.querySelectorAll('#example option')[%d].textContent`, i+1)),
			Text:     eval[string](ctx, t, `document.getElementById('puzzle').value`),
			Charset:  eval[string](ctx, t, `document.getElementById('charset').value`),
			Map:      eval[string](ctx, t, `document.getElementById('regionmap').value`),
			Tolerant: eval[bool](ctx, t, `document.getElementById('tolerant').checked`),
		}
		out[ex.Name] = ex
	}
	return out
}

// TestWebPlayLinkCutShort opens play-mode links that lost their end or a
// character on the way (a chat cutting a long line) and checks that the
// page enters what it can read and says what it could not, where it said
// nothing before and showed a board partly entered, or without its pencil
// marks, as if it were the whole.
func TestWebPlayLinkCutShort(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)
	whole := "41" + classicHard[2:] // the person's 1 in r1c2
	for _, tt := range []struct {
		name, more string
		want       string // in what play mode says; "" for no complaint
		r1c2       int    // the person's digit in r1c2 after the link
	}{
		{"whole board", "play=" + whole, "", 1},
		{"whole board and marks", "play=" + whole + "&marks=" + strings.Repeat("_", 2) + "369" + strings.Repeat("_", 78), "", 1},
		{"board cut short", "play=417369", "its board (play=) has 6 of the 81 cells: those after r1c6 are as the puzzle gives them", 1},
		{"board too long", "play=" + whole + "12", "its board (play=) has 83 cells, not 81: the last 2 are left out", 1},
		{"a cell changed", "play=4x" + classicHard[2:], "1 cell of its board holds no symbol of this puzzle (r1c2): not entered", 0},
		{"marks cut short", "play=" + whole + "&marks=___36____", "its pencil marks (marks=) list 8 cells, not 81, and are left out", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			open(ctx, t, permalink(base, classicHard, 1, tt.more))
			// What play mode says is drawn on the frame after it turns on.
			if err := chromedp.Do(ctx, poll(`window.sudokuPlay.on() && document.getElementById('explanation').textContent !== ''`, 20*time.Second)); err != nil {
				t.Fatalf("%v (status %q)", err, eval[string](ctx, t, `document.getElementById('status').textContent`))
			}
			said := eval[string](ctx, t, `document.getElementById('explanation').textContent`)
			if tt.want == "" && strings.Contains(said, "link") {
				t.Errorf("play mode says %q of a whole link", said)
			}
			if tt.want != "" && !strings.Contains(said, tt.want) {
				t.Errorf("play mode says %q; want %q", said, tt.want)
			}
			if got := eval[int](ctx, t, `window.sudokuPlay.game().vals[1]`); got != tt.r1c2 {
				t.Errorf("r1c2 holds %d after the link, want %d", got, tt.r1c2)
			}
		})
	}
}

// TestWebPlayLinkSolved opens a play-mode link to a board the person
// finished: it says "Solved by you", as the last digit entered did, where
// it said "Your turn" before.
func TestWebPlayLinkSolved(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	const solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	open(ctx, t, permalink(base, classicHard, 1, "play="+solution))
	if err := chromedp.Do(ctx, poll(`window.sudokuPlay.on() && document.body.classList.contains('solvedbyyou')`, 20*time.Second)); err != nil {
		t.Fatalf("%v: play mode says %q", err, eval[string](ctx, t, `document.getElementById('caption').innerText`))
	}
	// Check and Next step on the solved board say it is solved, not "Still
	// solvable" or "The board is full".
	for _, tt := range []struct{ key, code, want string }{
		{"c", "KeyC", "Solved by you: every digit is right."},
		{"n", "KeyN", "Solved by you: no step is left."},
	} {
		eval[bool](ctx, t, fmt.Sprintf(`document.body.dispatchEvent(new KeyboardEvent('keydown', {key: %q, code: %q, bubbles: true, cancelable: true}))`, tt.key, tt.code))
		said := fmt.Sprintf(`document.getElementById('caption').innerText.includes(%q)`, tt.want)
		if err := chromedp.Do(ctx, poll(said, 10*time.Second)); err != nil {
			t.Errorf("%s on the solved board: %v; the caption reads %q", tt.key, err, eval[string](ctx, t, `document.getElementById('caption').innerText`))
		}
	}
}

// TestWebLinkWithoutPuzzle opens links that lost their puzzle, cut short
// on the way or before it: the page says so, where it said nothing (or
// "Paste a puzzle first.", as if the person had pressed Solve) before.
func TestWebLinkWithoutPuzzle(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	const status = `document.getElementById('status')`
	for _, tt := range []struct {
		name, query string
		want        string // in the status line, "" for none
	}{
		{"no link", "", ""},
		{"empty puzzle", "?puzzle=", "This link names no puzzle"},
		{"blank puzzle and a step", "?puzzle=%20&step=5", "This link names no puzzle"},
		{"a board without its puzzle", "?step=5&play=4..", "This link names no puzzle"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			open(ctx, t, base+tt.query)
			if err := chromedp.Do(ctx, poll(`document.body.dataset.state === 'idle'`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
			got, class := eval[string](ctx, t, status+`.textContent`), eval[string](ctx, t, status+`.className`)
			if tt.want == "" && got != "" {
				t.Errorf("the page without a link says %q", got)
			}
			if tt.want != "" && (!strings.Contains(got, tt.want) || class != "error") {
				t.Errorf("the page says %q (class %q); want an error saying %q", got, class, tt.want)
			}
		})
	}
}

// TestWebLinkBadStep opens links whose step is no step number: the page
// shows the step it can and says why, where it showed step 1 (or 12 of
// "12abc") without a word before; a press of Solve forgets the link.
func TestWebLinkBadStep(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	const status = `document.getElementById('status').textContent`
	for _, tt := range []struct {
		step string
		want string // in the status line, "" for nothing of the step
		pos  string // the board's position shown (0-based)
	}{
		{"5", "", "4"},
		{"-4", "The link's step “-4” is not a step number (1 is the start): it shows step 1.", "0"},
		{"abc", "The link's step “abc” is not a step number (1 is the start): it shows step 1.", "0"},
		{"12abc", "The link's step “12abc” is not a step number (1 is the start): it shows step 12.", "11"},
	} {
		t.Run(tt.step, func(t *testing.T) {
			open(ctx, t, base+"?puzzle="+classicHard+"&step="+url.QueryEscape(tt.step))
			if err := chromedp.Do(ctx, poll(`document.body.dataset.state === 'replaying' && document.getElementById('board').dataset.position === '`+tt.pos+`'`, 20*time.Second)); err != nil {
				t.Fatalf("%v (status %q)", err, eval[string](ctx, t, status))
			}
			got := eval[string](ctx, t, status)
			if tt.want == "" && strings.Contains(got, "step") {
				t.Errorf("the status says %q of a good step", got)
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("the status says %q; want %q", got, tt.want)
			}
			if tt.want == "" {
				return
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("solve")), poll(`document.body.dataset.state === 'replaying' || document.body.dataset.state === 'done'`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
			if got := eval[string](ctx, t, status); strings.Contains(got, "The link's step") {
				t.Errorf("after Solve the status still says %q", got)
			}
		})
	}
}

// TestWebLinkStepWhileSolving holds back the solve's steps (the browser
// pauses the SolveSteps call) of a permalink and checks that the page's
// link keeps the link's step until it arrives: the link was built from
// the step shown, step 1, so that Copy link, and the address play mode
// rewrites on entering (a reload), lost the step of a long solve.
func TestWebLinkStepWhileSolving(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	_, err := chromedp.Run(ctx, chromedp.Action[cdp.Empty](func(ctx context.Context, tg *chromedp.Target) (cdp.Empty, error) {
		return cdp.Call(ctx, tg, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/SolveSteps", RequestStage: fetch.RequestStageRequest}}})
	}))
	if err != nil {
		t.Fatalf("holding back SolveSteps: %v", err)
	}
	const step = `new URL(%s).searchParams.get('step')`
	for _, tt := range []struct {
		name, more, ready string
	}{
		{"replay", "", `window.sudokuViewer.position() !== null`},
		{"play mode", "play=41" + classicHard[2:], `window.sudokuPlay.on()`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			open(ctx, t, permalink(base, classicHard, 30, tt.more))
			if err := chromedp.Do(ctx, poll(tt.ready, 20*time.Second)); err != nil {
				t.Fatalf("%v (status %q)", err, eval[string](ctx, t, `document.getElementById('status').textContent`))
			}
			if state := eval[string](ctx, t, `document.body.dataset.state`); state != "solving" {
				t.Fatalf("the page is %q, want solving (its steps held back)", state)
			}
			if got := eval[string](ctx, t, fmt.Sprintf(step, `window.sudokuViewer.link()`)); got != "30" {
				t.Errorf("while the steps are on their way the page's link has step %q, want the link's 30", got)
			}
			if got := eval[string](ctx, t, fmt.Sprintf(step, `location.href`)); got != "30" {
				t.Errorf("while the steps are on their way the address has step %q, want the link's 30", got)
			}
		})
	}
}
