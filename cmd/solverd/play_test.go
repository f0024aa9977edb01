package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
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

	hint()
	c := eval[string](ctx, t, caption)
	if !strings.Contains(c, "Hint: "+name(step5)) || strings.Contains(c, step5.GetExplanation()) || !strings.Contains(c, "Press h") {
		t.Errorf("the first hint reads %q; want the technique %q without the explanation", c, name(step5))
	}
	if n := eval[int](ctx, t, removed); n != 0 {
		t.Errorf("the first hint marks %d candidates removed or placed", n)
	}
	hint()
	c = eval[string](ctx, t, caption)
	if !strings.Contains(c, "Cells r") || !strings.Contains(c, "digits ") || strings.Contains(c, step5.GetExplanation()) {
		t.Errorf("the second hint reads %q; want the cells and digits without the explanation", c)
	}
	if n := eval[int](ctx, t, removed); n != 0 {
		t.Errorf("the second hint marks %d candidates removed or placed", n)
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
}
