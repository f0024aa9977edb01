package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWebCORS: a page of another origin calls solverd's Connect API from
// the browser, as a puzzle app's front end would: the browser lets it
// when solverd lists the page's origin in -http-cors-origins, and blocks
// it otherwise.
func TestWebCORS(t *testing.T) {
	ctx, _, _ := webViewer(t, 2*time.Minute)
	app := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><title>a puzzle app</title><p id=app>app</p>")
	}))
	t.Cleanup(app.Close)
	call := func(web string) string {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(app.URL), chromedp.WaitVisible(chromedp.ID("app"))); err != nil {
			t.Fatal(err)
		}
		return evalAwait[string](ctx, t, fmt.Sprintf(`(async () => {
			try {
				const r = await fetch('http://%s/sudoku.v1.SudokuService/Solve', {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', 'Connect-Protocol-Version': '1' },
					body: JSON.stringify({ puzzle: { text: %q } }),
				});
				const body = await r.json();
				return r.status + ' ' + ((body.result && body.result.plain) || '');
			} catch (e) {
				return 'refused: ' + e.message;
			}
		})()`, web, classicHard))
	}

	_, allowed := startWebDaemon(t, "--http-cors-origins", app.URL)
	if got := call(allowed); !strings.HasPrefix(got, "200 ") || len(got) != 4+81 {
		t.Errorf("with the app's origin listed, its call gives %q, want 200 and the solution", got)
	}
	_, closed := startWebDaemon(t)
	if got := call(closed); !strings.HasPrefix(got, "refused: ") {
		t.Errorf("with no origin listed, the app's call gives %q, want the browser to refuse it", got)
	}
}
