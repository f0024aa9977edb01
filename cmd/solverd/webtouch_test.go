package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// touchDevices are the screens the touch tests emulate: a phone held
// upright and a tablet on its side, both with touch and no mouse.
var touchDevices = []struct {
	name          string
	width, height int64
	scale         float64
}{
	{"phone", 390, 844, 3},
	{"tablet landscape", 1180, 820, 2},
}

// emulateTouch makes the page a touch device of the given size until the
// test ends, when the desktop window comes back.
func emulateTouch(ctx context.Context, t *testing.T, width, height int64, scale float64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height, chromedp.EmulateScale(scale), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := chromedp.Do(ctx, chromedp.EmulateReset(), chromedp.EmulateViewport(1440, 960)); err != nil {
			t.Error(err)
		}
	})
}

// TestWebTouchFieldsNoZoom checks that on a touch screen the form's text
// fields and menus have text of 16 CSS pixels at least: under that, iOS
// zooms the page in when one takes the focus and leaves it zoomed, the
// board cut off at the side. They were 13 pixels.
func TestWebTouchFieldsNoZoom(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, dev := range touchDevices {
		t.Run(dev.name, func(t *testing.T) {
			emulateTouch(ctx, t, dev.width, dev.height, dev.scale)
			open(ctx, t, base)
			if !eval[bool](ctx, t, `matchMedia('(pointer: coarse)').matches`) {
				t.Fatal("the emulated device has no coarse pointer")
			}
			small := eval[[]string](ctx, t, `[...document.querySelectorAll('textarea, input:not([type=range]):not([type=checkbox]), select')]
				.map((e) => [e.id, parseFloat(getComputedStyle(e).fontSize)]).filter(([, px]) => px < 16).map(([id, px]) => id + ' ' + px + 'px')`)
			if len(small) > 0 {
				t.Errorf("fields with text under 16px on a touch screen (iOS zooms in on them): %v", small)
			}
		})
	}
}

// TestWebTouchNoStickyHover checks that a button tapped on a touch screen
// keeps its resting border: the screen keeps :hover on the last element
// tapped, and the hover's accent border stayed on it, so that a pad digit
// looked chosen (as the digit of a highlight) until the next tap.
func TestWebTouchNoStickyHover(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	dev := touchDevices[0]
	emulateTouch(ctx, t, dev.width, dev.height, dev.scale)
	p := startPlay(ctx, t, base, classicHard)
	for _, tt := range []struct {
		name, sel string
	}{
		{"pad digit", `#digits button[data-digit="5"]`},
		{"undo", `#undo`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p.do(chromedp.ScrollIntoView(chromedp.CSS(tt.sel)), chromedp.Tap(chromedp.CSS(tt.sel)))
			js := fmt.Sprintf(`(() => {
				const e = document.querySelector(%q);
				return [e.matches(':hover'), getComputedStyle(e).borderTopColor, getComputedStyle(document.getElementById('erase')).borderTopColor];
			})()`, tt.sel)
			got := eval[[]any](ctx, t, js)
			if got[0] != true {
				t.Skipf("the tapped button is not under :hover (%v): the browser does not keep it", got)
			}
			if got[1] != got[2] {
				t.Errorf("after a tap %s has the border %v; want the resting %v (no hover on a touch screen)", tt.sel, got[1], got[2])
			}
		})
	}
}

// TestWebPhoneBoardWidth checks that on a phone held upright the board
// takes nine tenths of the screen's width at least: the margins of the
// page and of its panel took 52 of a 390-pixel width, an eighth, from
// a board whose pencil marks are small already.
func TestWebPhoneBoardWidth(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, tt := range []struct {
		name          string
		width, height int64
	}{
		{"320 pixels", 320, 568},
		{"390 pixels", 390, 844},
		{"480 pixels", 480, 900},
	} {
		t.Run(tt.name, func(t *testing.T) {
			emulateTouch(ctx, t, tt.width, tt.height, 3)
			openAt(ctx, t, base, classicHard, 2)
			got := eval[[]float64](ctx, t, `[document.getElementById('board').getBoundingClientRect().width, document.documentElement.clientWidth, document.documentElement.scrollWidth]`)
			if got[0] < 0.9*got[1] {
				t.Errorf("the board is %.0f pixels wide on a %.0f-pixel screen; want %.0f at least", got[0], got[1], 0.9*got[1])
			}
			if got[2] > got[1] {
				t.Errorf("the page is %.0f pixels wide on a %.0f-pixel screen; want no sideways scrolling", got[2], got[1])
			}
		})
	}
}

// TestWebTouchWording checks that on a touch screen the page's help names
// taps and buttons, not keys: a phone user was told to click or use the
// arrow keys, Shift, Space, Delete and Ctrl+Z, and to press h, with no
// word of the pad's ✎ Pencil switch.
func TestWebTouchWording(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	dev := touchDevices[0]
	emulateTouch(ctx, t, dev.width, dev.height, dev.scale)
	keyWords := []string{"click", "arrow", "Shift", "Space", "Delete", "Ctrl", "Press h", "Esc"}
	for _, tt := range []struct {
		name, before, want string
	}{
		{"replay hint", `openAt`, "Press Hint again"},
		{"play mode start", `document.getElementById('playmode').click()`, "tap a cell"},
		{"play mode help", `document.querySelector('#digits button[data-digit="9"]').click()`, "Pencil"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.before == "openAt" {
				openAt(ctx, t, base, classicHard, 5)
				eval[any](ctx, t, `document.getElementById('hint').click()`)
			} else {
				eval[any](ctx, t, tt.before)
			}
			js := `document.getElementById('explanation').textContent`
			if err := chromedp.Do(ctx, poll(fmt.Sprintf(`%s.includes(%q)`, js, tt.want), 5*time.Second)); err != nil {
				t.Errorf("on a touch screen the caption reads %q; want %q in it", eval[string](ctx, t, js), tt.want)
			}
			text := eval[string](ctx, t, js)
			for _, w := range keyWords {
				if strings.Contains(text, w) {
					t.Errorf("on a touch screen the caption reads %q: it names %q", text, w)
				}
			}
		})
	}
}

// TestWebPhoneStepShowsBoard checks that on a phone a step tapped in the
// step list, which lies below the board there, brings the board into
// view: the board changed out of sight. On a wide screen, where the list
// is beside the board, the page does not move.
func TestWebPhoneStepShowsBoard(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, tt := range []struct {
		name       string
		phone      bool
		wantScroll bool
	}{
		{"phone", true, true},
		{"wide screen", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.phone {
				dev := touchDevices[0]
				emulateTouch(ctx, t, dev.width, dev.height, dev.scale)
			}
			// Revealed, the list keeps its length whatever the step (the
			// steps after the one shown are hidden until then).
			openAt(ctx, t, base, classicHard, 2)
			eval[any](ctx, t, `document.getElementById('reveal').click()`)
			const item = `#steplist li:nth-child(12)`
			if err := chromedp.Do(ctx, poll(`document.body.classList.contains('revealed') && document.querySelectorAll('#steplist li').length >= 12`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
			eval[any](ctx, t, `document.querySelector('`+item+`').scrollIntoView({block: 'center'})`)
			before := eval[float64](ctx, t, `scrollY`)
			eval[any](ctx, t, `document.querySelector('`+item+`').click()`)
			if err := chromedp.Do(ctx, poll(`document.getElementById('board').dataset.position === document.querySelector('`+item+`').dataset.pos`, 5*time.Second)); err != nil {
				t.Fatalf("the tapped step is not shown: %v", err)
			}
			got := eval[[]float64](ctx, t, `(() => {
				const r = document.getElementById('boardscroll').getBoundingClientRect();
				return [Math.min(r.bottom, innerHeight) - Math.max(r.top, 0), r.height, scrollY];
			})()`)
			if got[0] < got[1]/2 {
				t.Errorf("after the tap %.0f of the board's %.0f pixels show; want half at least", got[0], got[1])
			}
			if moved := got[2] != before; moved != tt.wantScroll {
				t.Errorf("the page scrolled from %.0f to %.0f; want a scroll: %v", before, got[2], tt.wantScroll)
			}
		})
	}
}
