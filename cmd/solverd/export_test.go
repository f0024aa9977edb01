package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/xml"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"google.golang.org/protobuf/encoding/protojson"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of testdata/webview from the browser tests")

// TestWebExport exports the board shown as a person would ask for it and
// checks each export: the pencil-mark grid against a golden file, the
// SVG as a standalone document holding the board, its highlights and a
// chain (with nodes of kinds the page does not know drawn too), the PNG as an image of the board's size with ink on it, the
// print style as the board and the step alone, and the favicon.
func TestWebExport(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)

	// The first position: the puzzle's own pencil marks, which no change
	// of the solver's alters.
	open(ctx, t, permalink(base, classicHard, 1))
	if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('1. ')`, 20*time.Second)); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/webview/grid-classic.txt", eval[string](ctx, t, `sudokuExport.grid()`))

	// A chain drawn on the board goes into the SVG with the candidates.
	eval[bool](ctx, t, `sudokuViewer.show({index: 7, method: 'x', strategy: 'Test Chain', explanation: 'an exported chain',
		nodes: [{kind: 'NODE_KIND_CANDIDATE', digit: 1, cells: [1]}, {kind: 'NODE_KIND_CANDIDATE', digit: 1, cells: [10]},
		        {kind: 'NODE_KIND_CAGE', cells: [72, 73, 74]}, {kind: 'NODE_KIND_NOT_YET_INVENTED', digit: 2, cells: [80]}],
		links: [{to: 1, kind: 'LINK_KIND_STRONG'}, {from: 2, to: 3, kind: 'LINK_KIND_WEAK'}],
		eliminations: [{cell: 2, digit: 1}], units: [{kind: 'UNIT_KIND_ROW', index: 0}]}) === undefined`)
	if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.endsWith('Test Chain')`, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	svg := eval[string](ctx, t, `sudokuExport.svg()`)
	doc := parseSVG(t, svg)
	if doc.Width != "546" || doc.Height != "546" || !strings.HasPrefix(doc.Title, "7. [x] Test Chain") {
		t.Errorf("the SVG is %s×%s, titled %q; want 546×546 and the step", doc.Width, doc.Height, doc.Title)
	}
	if !strings.Contains(doc.Style, "#board .cand") || !strings.Contains(doc.Style, "--strong") {
		t.Errorf("the SVG's style lacks the board's rules and colours:\n%.300s", doc.Style)
	}
	counts := map[string]int{}
	doc.count(counts)
	want := map[string]int{
		"circle mark elim": 1, "path link strong": 1, "path link weak": 1, "rect unit": 9,
		// Candidate nodes are circled; other kinds, known or not, outline their cells.
		"circle node": 3, "rect node cells": 4,
	}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("the SVG has %d %q, want %d", counts[k], k, n)
		}
	}
	if values := counts["text value"] + counts["text value given"]; values != 81 || counts["text value given"] != 17 {
		t.Errorf("the SVG has %d cells' digits, %d of them givens; want 81 and 17", values, counts["text value given"])
	}
	if cands := counts["text cand"] + counts["text cand elim"]; cands < 100 || cands > 81*9 {
		t.Errorf("the SVG has %d pencil marks, want the board's (hidden ones dropped)", cands)
	}

	// The PNG: the SVG drawn at twice its size, with the board's ink on it.
	dataURL := evalAwait[string](ctx, t, `sudokuExport.png()`)
	const prefix = "data:image/png;base64,"
	if !strings.HasPrefix(dataURL, prefix) {
		t.Fatalf("the PNG export is %.40q, want a PNG data URL", dataURL)
	}
	raw, err := base64.StdEncoding.DecodeString(dataURL[len(prefix):])
	if err != nil {
		t.Fatal(err)
	}
	if *screenshotDir != "" {
		for name, data := range map[string][]byte{"export.png": raw, "export.svg": []byte(svg)} {
			if err := os.WriteFile(filepath.Join(*screenshotDir, "viewer-"+name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("decoding the exported PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 1092 || b.Dy() != 1092 {
		t.Errorf("the PNG is %d×%d, want 1092×1092", b.Dx(), b.Dy())
	}
	if dark := darkPixels(img); dark < 20000 {
		t.Errorf("the PNG has %d dark pixels; want the board's lines and digits (at least 20000)", dark)
	}
	// A person's buttons: no error reported, and the copies say so.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("savepng")), chromedp.Click(chromedp.ID("savesvg"))); err != nil {
		t.Fatal(err)
	}
	if status := eval[string](ctx, t, `document.getElementById('status').className`); status == "error" {
		t.Errorf("exporting reports an error: %s", eval[string](ctx, t, `document.getElementById('status').textContent`))
	}
	for _, what := range []string{"link", "grid", "puzzle", "step"} {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("copy"+what)),
			poll(`document.getElementById('status').textContent === 'Copied the `+what+`.'`, 5*time.Second)); err != nil {
			t.Errorf("copying the %s: %v (status %q)", what, err, eval[string](ctx, t, `document.getElementById('status').textContent`))
		}
	}
	// A link longer than the web port reads (64 KiB of headers) is copied
	// with a warning: opened, it would get a bare HTTP 431.
	if note := eval[string](ctx, t, `sudokuExport.linkNote(60 << 10)`); note != "" {
		t.Errorf("a link of 60 KiB is noted %q, want no note", note)
	}
	if note := eval[string](ctx, t, `sudokuExport.linkNote(150000)`); !strings.Contains(note, "147 KB it is too long") {
		t.Errorf("a link of 150,000 bytes is noted %q, want it too long", note)
	}

	// Printed: the board and the step, nothing else.
	emulateMedia(ctx, t, "print")
	hidden := eval[string](ctx, t, `['header', '#input', '#steps', '#controls', '#export', '#legend'].filter(s => getComputedStyle(document.querySelector(s)).display !== 'none').join(' ')`)
	shown := eval[string](ctx, t, `['#board', '#caption'].filter(s => document.querySelector(s).getBoundingClientRect().width < 200).join(' ')`)
	if hidden != "" || shown != "" {
		t.Errorf("printed, the page shows %q and hides %q; want only the board and the step", hidden, shown)
	}
	emulateMedia(ctx, t, "")

	// The page's icon is served: no 404 on every load.
	icon := evalAwait[string](ctx, t, `(async () => { const r = await fetch(document.querySelector('link[rel=icon]').href); return r.status + ' ' + r.headers.get('Content-Type'); })()`)
	if icon != "200 image/svg+xml" {
		t.Errorf("the favicon answers %q, want 200 image/svg+xml", icon)
	}
}

// evalAwait evaluates a JavaScript expression whose value is a promise,
// and returns what the promise resolves to.
func evalAwait[T any](ctx context.Context, t *testing.T, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// emulateMedia makes the page's CSS media type media ("print"), or the
// screen's again for "", with the media features given (a person's
// preferences: prefers-reduced-motion).
func emulateMedia(ctx context.Context, t *testing.T, media string, features ...*emulation.MediaFeature) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Action[cdp.Empty](func(ctx context.Context, tg *chromedp.Target) (cdp.Empty, error) {
		return cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media, Features: features})
	}))
	if err != nil {
		t.Fatalf("emulating media %q: %v", media, err)
	}
}

// svgDoc is an exported SVG as far as the test reads it.
type svgDoc struct {
	XMLName xml.Name  `xml:"http://www.w3.org/2000/svg svg"`
	Width   string    `xml:"width,attr"`
	Height  string    `xml:"height,attr"`
	Title   string    `xml:"title"`
	Style   string    `xml:"style"`
	Nodes   []svgNode `xml:",any"`
}

// svgNode is an element of the SVG with its class and children.
type svgNode struct {
	XMLName xml.Name
	Class   string    `xml:"class,attr"`
	Nodes   []svgNode `xml:",any"`
}

// count adds up the elements of the document by name and class.
func (d *svgDoc) count(counts map[string]int) {
	var walk func([]svgNode)
	walk = func(nodes []svgNode) {
		for _, n := range nodes {
			counts[strings.TrimSpace(n.XMLName.Local+" "+n.Class)]++
			walk(n.Nodes)
		}
	}
	walk(d.Nodes)
}

func parseSVG(t *testing.T, text string) *svgDoc {
	t.Helper()
	var doc svgDoc
	if err := xml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatalf("the exported SVG does not parse: %v\n%.300s", err, text)
	}
	return &doc
}

// darkPixels counts the pixels of img darker than mid grey.
func darkPixels(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r+g+bl < 3*0x8000 {
				n++
			}
		}
	}
	return n
}

// checkGolden compares got with a golden file, or rewrites it under -update.
func checkGolden(t *testing.T, file, got string) {
	t.Helper()
	file = filepath.FromSlash(file)
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test -run %s -update writes it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("%s differs; got:\n%s\nwant:\n%s", file, got, want)
	}
}

// TestWebExportGridReadsBack copies the pencil-mark grid of boards with
// and without candidates of their own and reads each back with the
// service, as a person pasting it into solverctl would: a board without a
// cell of two candidates (play mode before any pencil marks, a solved
// board) was written with the pencil-mark grid's ':' and '.' rules, which
// the reader of a plain grid refused ("unexpected character ':' at line 5").
func TestWebExportGridReadsBack(t *testing.T) {
	ctx, base, client := webViewer(t, 2*time.Minute)
	tests := []struct {
		name  string
		start func()
	}{
		{"replay, first step", func() {
			open(ctx, t, permalink(base, classicHard, 1))
			if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('1. ')`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
		}},
		{"replay, solved board", func() {
			open(ctx, t, permalink(base, classicHard, 999))
			if err := chromedp.Do(ctx, poll(`document.body.dataset.state === 'done'`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
		}},
		{"play mode, no pencil marks", func() {
			p := startPlay(ctx, t, base, classicHard)
			p.keys("1") // r1c2, the first empty cell
			p.until(func(g playGame) bool { return g.Vals[1] == 1 })
		}},
		{"play mode, pencil marks filled", func() {
			p := startPlay(ctx, t, base, classicHard)
			p.keys("f")
			p.until(func(g playGame) bool { return len(g.Cands[1]) > 1 })
		}},
		// A forum grid cannot carry cages: a killer's position is copied
		// as JSON (it read back as a classic puzzle).
		{"killer, play mode, a digit and pencil marks", func() {
			p := startPlay(ctx, t, base, killerPuzzle)
			p.keys("f")
			p.until(func(g playGame) bool { return len(g.Cands[g.Sel]) > 1 })
			p.keys("5")
			p.until(func(g playGame) bool { return g.Vals[g.Sel] == 5 })
		}},
		// A grid of a board in its own symbols (A–D) reads back only
		// with its charset, which a grid cannot carry: JSON too.
		{"own charset, replay, step 3", func() {
			open(ctx, t, permalink(base, nxnSmall, 3))
			if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('3. ')`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
		}},
		{"own charset, play mode, a digit", func() {
			p := startPlay(ctx, t, base, nxnSmall)
			p.pad(4)
			p.until(func(g playGame) bool { return g.Vals[g.Sel] == 4 })
		}},
		// The service reads no Str8ts black cell from a grid ("give its
		// 2.0 string"): a Str8ts board is copied as JSON too.
		{"Str8ts, replay, step 3", func() {
			open(ctx, t, permalink(base, str8tsStrict, 3))
			if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('3. ')`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
		}},
		{"Str8ts, play mode, no pencil marks", func() {
			startPlay(ctx, t, base, str8tsStrict)
		}},
		{"killer, replay, step 5", func() {
			open(ctx, t, permalink(base, killerPuzzle, 5))
			if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.startsWith('5. ')`, 20*time.Second)); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.start()
			grid := eval[string](ctx, t, `sudokuExport.grid()`)
			vals := eval[[]int](ctx, t, `Array.from(sudokuViewer.position().vals)`)
			src := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: grid}}
			if strings.HasPrefix(grid, "{") {
				// A board a grid cannot carry, as JSON: what solverctl
				// and the viewer's form read as a structured board.
				// With a charset, it is a Puzzle: the board and its charset.
				if strings.HasPrefix(grid, `{"board":`) {
					src = &sudokuv1.Puzzle{}
					if err := protojson.Unmarshal([]byte(grid), src); err != nil {
						t.Fatalf("the copied board is no JSON puzzle: %v\n%s", err, grid)
					}
				} else {
					b := &sudokuv1.Board{}
					if err := protojson.Unmarshal([]byte(grid), b); err != nil {
						t.Fatalf("the copied board is no JSON board: %v\n%s", err, grid)
					}
					src = &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: b}}
				}
			}
			conv, err := client.Convert(context.Background(), &sudokuv1.ConvertRequest{Puzzle: src})
			if err != nil {
				t.Fatalf("the copied grid does not read back: %v\n%s", err, grid)
			}
			cells := conv.GetBoard().GetCells()
			if len(cells) != len(vals) {
				t.Fatalf("the copied grid reads as %d cells, want %d\n%s", len(cells), len(vals), grid)
			}
			for i, c := range cells {
				if int(c.GetValue()) != vals[i] {
					t.Fatalf("cell %d of the copied grid reads %d, the page shows %d\n%s", i, c.GetValue(), vals[i], grid)
				}
			}
			// The board's shape and the pencil marks come back too.
			black := 0
			for _, c := range cells {
				if c.GetBlack() {
					black++
				}
			}
			if shown := eval[int](ctx, t, `sudokuViewer.position().L.black.filter(Boolean).length`); black != shown {
				t.Errorf("the copied grid reads back with %d black cells, the page shows %d\n%s", black, shown, grid)
			}
			shown := eval[int](ctx, t, `(sudokuViewer.position().structured.cages || []).length`)
			if got := len(conv.GetBoard().GetCages()); got != shown {
				t.Errorf("the copied grid reads back with %d cages, the page shows %d\n%s", got, shown, grid)
			}
			cands := eval[[]int](ctx, t, `Array.from(sudokuViewer.position().cands)`)
			for i, c := range cells {
				if c.GetValue() != 0 || len(c.GetCandidates()) == 0 {
					continue
				}
				mask := 0
				for _, d := range c.GetCandidates() {
					mask |= 1 << (d - 1)
				}
				if mask != cands[i] {
					t.Fatalf("cell %d of the copied grid reads candidates %v, the page shows mask %b\n%s", i, c.GetCandidates(), cands[i], grid)
				}
			}
		})
	}
}
