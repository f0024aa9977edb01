package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestWebAccessible checks what a person who cannot see the board, or
// cannot use a mouse, is given: the symbol buttons have names, the step
// caption is read out when a person steps (not fifteen times a second
// while the replay runs), play mode says what the selected cell holds and
// marks a conflict with more than a colour, leaving play mode keeps the
// focus on a visible control, and a person who asked for less motion
// starts the replay themselves.
func TestWebAccessible(t *testing.T) {
	ctx, base, _ := webViewer(t, 2*time.Minute)

	t.Run("names and the caption", func(t *testing.T) {
		solveInPage(ctx, t, base, classicHard)
		unnamed := eval[[]string](ctx, t, `Array.from(document.querySelectorAll('button')).filter((b) => !b.getAttribute('aria-label') && !/[A-Za-z0-9]/.test(b.textContent)).map((b) => b.id + ' ' + b.textContent)`)
		if len(unnamed) > 0 {
			t.Errorf("buttons named by a symbol alone: %q", unnamed)
		}
		// Stepped by hand, the caption is read out.
		chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('first').click()`))
		if err := chromedp.Do(ctx, poll(`document.getElementById('caption').getAttribute('aria-live') === 'polite'`, 10*time.Second)); err != nil {
			t.Errorf("a paused replay's caption is not read out: %v", err)
		}
		// Running (at one step a second, so still running when read), it
		// is not.
		chromedp.Do(ctx, setSpeed(1), chromedp.Evaluate[chromedp.Void](`document.getElementById('play').click()`))
		if err := chromedp.Do(ctx, poll(`document.getElementById('play').textContent === 'Pause' && document.getElementById('caption').getAttribute('aria-live') === 'off'`, 10*time.Second)); err != nil {
			t.Errorf("a running replay's caption is read out at every step (aria-live %q, the button reads %q): %v", eval[string](ctx, t, `document.getElementById('caption').getAttribute('aria-live')`), eval[string](ctx, t, `document.getElementById('play').textContent`), err)
		}
	})

	t.Run("play mode", func(t *testing.T) {
		p := startPlay(ctx, t, base, classicHard)
		// r1c2 and r1c3 are empty in classicHard, r1c1 holds 4.
		p.clickCell(1)
		p.keys("4")
		p.until(func(g playGame) bool { return g.Vals[1] == 4 })
		if err := chromedp.Do(ctx, poll(`document.getElementById('cellinfo').textContent === 'r1c2: 4, yours, in conflict'`, 10*time.Second)); err != nil {
			t.Errorf("the selected cell reads %q, want %q: %v", eval[string](ctx, t, `document.getElementById('cellinfo').textContent`), "r1c2: 4, yours, in conflict", err)
		}
		stroke := eval[string](ctx, t, `(() => { const r = document.querySelector('#board rect.conflict'); return r ? getComputedStyle(r).stroke : 'no conflict drawn'; })()`)
		if stroke == "none" || strings.HasPrefix(stroke, "no ") {
			t.Errorf("a conflict's cell has stroke %q: colour alone marks it", stroke)
		}
		// Leaving play mode from one of its own buttons.
		p.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('undo').focus()`), chromedp.KeyEvent(kb.Escape))
		focus := eval[string](ctx, t, `document.activeElement ? document.activeElement.id : ''`)
		if playing := eval[bool](ctx, t, `document.body.classList.contains('playing')`); playing || focus != "playmode" {
			t.Errorf("after Escape on Undo: playing %v, focus on %q; want the replay, the focus on the play mode toggle", playing, focus)
		}
		// Entering it from a replay button, which play mode hides.
		p.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('first').focus()`), chromedp.KeyEvent("p"))
		if err := chromedp.Do(ctx, poll(`document.body.classList.contains('playing')`, 10*time.Second)); err != nil {
			t.Fatalf("p on the first-step button did not enter play mode: %v", err)
		}
		if focus := eval[string](ctx, t, `document.activeElement ? document.activeElement.id : ''`); focus != "playmode" {
			t.Errorf("after p on the first-step button: focus on %q; want the play mode toggle (the button is hidden)", focus)
		}
	})

	t.Run("less motion", func(t *testing.T) {
		emulateMedia(ctx, t, "", &emulation.MediaFeature{Name: "prefers-reduced-motion", Value: "reduce"})
		open(ctx, t, base)
		if err := chromedp.Do(ctx,
			chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`{ document.getElementById('puzzle').value = %q; document.getElementById('solve').click(); }`, classicHard)),
			poll(`sudokuViewer.result() !== null`, 30*time.Second)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond) // a running replay would move on meanwhile
		if pos, play := eval[string](ctx, t, `document.getElementById('board').dataset.position`), eval[string](ctx, t, `document.getElementById('play').textContent`); pos != "0" || play != "Play" {
			t.Errorf("with less motion asked for, the replay is at step %s and its button reads %q; want it waiting at the start", pos, play)
		}
	})
}
