package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWebViewerSpoilers checks that the page keeps the result, rating
// and step count hidden in the middle of a replay, and shows them when
// the person presses Reveal.
func TestWebViewerSpoilers(t *testing.T) {
	browser := findChromium(t)
	_, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--http-listen", "localhost:0")
	m := webRE.FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no web viewer address logged:\n%s", log)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox, chromedp.WindowSize(1440, 960))
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer allocCancel()
	ctx, ctxCancel := chromedp.NewContext(allocCtx)
	defer ctxCancel()
	ctx, timeout := context.WithTimeout(ctx, time.Minute)
	defer timeout()

	err := chromedp.Do(ctx,
		chromedp.Navigate("http://"+m[1]+"/"),
		chromedp.WaitVisible(chromedp.ID("solve")),
		chromedp.SetValue(chromedp.ID("puzzle"), "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
		setSpeed(6),
		chromedp.Click(chromedp.ID("solve")),
		poll(`document.getElementById('steplist').children.length > 40 && Number(document.getElementById('board').dataset.position) >= 5`, 30*time.Second),
		chromedp.Click(chromedp.ID("play")),
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
	cancel()
	waitDone(t, done, 10*time.Second, log)
}
