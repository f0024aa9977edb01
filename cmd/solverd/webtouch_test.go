package main

import (
	"context"
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
