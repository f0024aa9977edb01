package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// classic6 is a 6×6 classic sudoku (SudokuWiki 2.0) of 2×3 boxes.
const classic6 = "S6B232305232323230223232303042323232301232323230323012323062323232302232323"

// openAt opens the permalink of a puzzle's step and waits until the page
// shows it.
func openAt(ctx context.Context, t *testing.T, base, puzzle string, step int) {
	t.Helper()
	open(ctx, t, permalink(base, puzzle, step))
	if err := chromedp.Do(ctx, poll(fmt.Sprintf(`document.getElementById('board').dataset.position === '%d' && document.getElementById('strategy').textContent.startsWith('%d. ')`, step-1, step), 20*time.Second)); err != nil {
		t.Fatalf("step %d of the permalink: %v (status %q)", step, err, eval[string](ctx, t, `document.getElementById('status').textContent`))
	}
}

// TestWebCandidateGrid checks that the pencil marks of a cell take a grid
// shaped for the board's size: six digits in 3 columns × 2 rows that fill
// the cell, not the 3 × 3 grid of nine with its bottom row empty.
func TestWebCandidateGrid(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, tt := range []struct {
		name, puzzle string
		cols, rows   int
	}{
		{"classic 6×6", classic6, 3, 2},
		{"kenken 6×6", kenken6, 3, 2},
		{"classic 9×9", classicHard, 3, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			openAt(ctx, t, base, tt.puzzle, 1)
			// The candidates of the first cell, shown or not: their columns
			// and rows, and where the last row lies in the cell.
			got := eval[[]float64](ctx, t, `(() => {
				const n = window.sudokuViewer.position().L.n;
				const ts = [...document.querySelectorAll('#board text.cand')].slice(0, n);
				const xs = new Set(ts.map((e) => e.getAttribute('x'))), ys = ts.map((e) => Number(e.getAttribute('y')));
				return [xs.size, new Set(ys).size, Math.max(...ys)];
			})()`)
			if int(got[0]) != tt.cols || int(got[1]) != tt.rows {
				t.Errorf("a cell's candidates lie in %v columns × %v rows; want %d × %d", got[0], got[1], tt.cols, tt.rows)
			}
			// The last row's centre lies in the cell's bottom third.
			if got[2] < 40 {
				t.Errorf("the last row of candidates is centred at %v of the cell's 60; want it in the bottom third, the grid filling the cell", got[2])
			}
		})
	}
}

// cageMarksJS lists the shown pencil marks of a board with cages that
// touch a cage's label or leave their cell's cage inset: the band inside
// the dashed outline, drawn 4.5 in from each side with a 1.3 stroke.
const cageMarksJS = `(() => {
	const S = 60, d = 4.5 + 0.65;
	const labels = [...document.querySelectorAll('#board text.cagesum')].map((e) => [e.textContent, e.getBBox()]);
	const meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
	const bad = [];
	for (const e of document.querySelectorAll('#board text.cand')) {
		if (e.getAttribute('display') === 'none') continue;
		const b = e.getBBox(), c = Math.floor(Number(e.getAttribute('x')) / S), r = Math.floor(Number(e.getAttribute('y')) / S);
		const name = 'r' + (r + 1) + 'c' + (c + 1) + ' ' + e.textContent;
		if (b.x < c * S + d || b.x + b.width > (c + 1) * S - d || b.y < r * S + d || b.y + b.height > (r + 1) * S - d) bad.push(name + ' leaves the cage inset');
		for (const [text, l] of labels) if (meets(b, l)) bad.push(name + ' meets the label ' + text);
	}
	return bad;
})()`

// TestWebCageMarks checks that on boards with cages the pencil marks lie
// inside the cages' outlines and under the band of their sums: the
// dashed outline ran through the bottom row of marks, and a cage's sum
// covered the top-left mark of its first cell.
func TestWebCageMarks(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, tt := range []struct {
		name, puzzle string
		step         int
	}{
		{"killer", killerPuzzle, 10},
		{"kenken 6×6", kenken6, 5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			openAt(ctx, t, base, tt.puzzle, tt.step)
			if n := eval[int](ctx, t, `document.querySelectorAll('#board text.cand:not([display])').length`); n == 0 {
				t.Fatal("no pencil marks shown")
			}
			if bad := eval[[]string](ctx, t, cageMarksJS); len(bad) > 0 {
				t.Errorf("%d pencil marks touch a cage's outline or label, among them %q", len(bad), bad[:min(len(bad), 5)])
			}
		})
	}
}

// TestWebCageLabelOverHighlight checks that a cage's sum lets the
// highlight of its cell show around it: its white background drew a
// notch over the highlighted cell.
func TestWebCageLabelOverHighlight(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	openAt(ctx, t, base, killerPuzzle, 1)
	// r1c1, the first cell of the 24 cage, highlighted in its row.
	eval[bool](ctx, t, `sudokuViewer.show({index: 99, method: 'x', strategy: 'Test', explanation: 'a highlighted cage',
		cells: [0], units: [{kind: 'UNIT_KIND_ROW', index: 0}]}) || true`)
	if err := chromedp.Do(ctx, poll(`document.querySelectorAll('#hl-cells rect.cellhl').length === 1`, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	// Over each point of the label's box, the first filled box under the
	// label's text is the highlight.
	got := eval[[]string](ctx, t, `(() => {
		const label = [...document.querySelectorAll('#board text.cagesum')].find((e) => e.textContent === '24');
		const b = label.getBoundingClientRect(), out = [];
		for (const fx of [0.1, 0.5, 0.9]) for (const fy of [0.2, 0.5, 0.8]) {
			const under = document.elementsFromPoint(b.left + fx * b.width, b.top + fy * b.height).find((e) => e.tagName === 'rect');
			out.push(under ? under.getAttribute('class') || 'a rect without a class' : 'nothing');
		}
		return out;
	})()`)
	for _, cls := range got {
		if cls != "cellhl" {
			t.Errorf("under the cage's label: %q; want the highlight (cellhl) at every point of the label's box, %q", cls, got)
			break
		}
	}
}

// killerTarek30 is a killer (a SudokuWiki killer string) whose steps 52
// and 53 add up cages by the rule of 45 over r9c8, which holds a 7.
const killerTarek30 = "K<B<GA<A<^Q<<^M<<^8^G<^L<^B^^^^^^^G^E<P<<<<^<7^K<PO<I8^M^^^^^^^E^<<^>>^K^<A<^B<>^"

// TestWebSumLabel checks that the sum of a rule-of-45 node ("Σ20") hides
// no pencil mark: drawn with a white background in the bottom corner of
// its last cell, it covered r9c8's 7 at steps 52 and 53 of killerTarek30.
func TestWebSumLabel(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, step := range []int{52, 53} {
		t.Run(fmt.Sprint("step ", step), func(t *testing.T) {
			openAt(ctx, t, base, killerTarek30, step)
			got := eval[[]string](ctx, t, `(() => {
				const meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
				const sums = [...document.querySelectorAll('#hl-chain g.nodesum')].map((g) => [g.querySelector('text').textContent, g.getBBox()]);
				if (!sums.length) return ['no sum drawn'];
				const bad = [];
				for (const e of document.querySelectorAll('#board text.cand:not([display])')) {
					const b = e.getBBox();
					for (const [label, s] of sums) if (meets(b, s)) bad.push(label + ' over a ' + e.textContent + ' at (' + e.getAttribute('x') + ',' + e.getAttribute('y') + ')');
				}
				return bad;
			})()`)
			if len(got) > 0 {
				t.Errorf("the sums of the step hide pencil marks: %q", got)
			}
		})
	}
}

// TestWebSumLabelsApart checks that the sums of two rule-of-45 nodes of a
// step do not overwrite each other, and that a sum met again (a net
// follows the same rule in two branches) is written once: step 19 of
// killer9-tarek.txt's line 2, a Forcing Net Contradiction, drew "Σ5"
// (r2c3+r7c8) and "Σ15" (r4c1+r4c2+r4c3+r7c8) both in r7c8's corner,
// where they read "ΣΣ15".
func TestWebSumLabelsApart(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	openAt(ctx, t, base, killerPuzzle, 1)
	eval[bool](ctx, t, `sudokuViewer.show({index: 97, method: 's', strategy: 'Test Sums', explanation: 'a net through two sums',
		nodes: [{kind: 'NODE_KIND_CANDIDATE', digit: 1, cells: [30]},
		        {kind: 'NODE_KIND_SUM', cells: [11, 61], target: 5, operator: 'CAGE_OPERATOR_ADD', origin: 'the outies of box 2 + box 3 + box 5 + box 6', removed: [{cell: 11, digit: 4}]},
		        {kind: 'NODE_KIND_SUM', cells: [27, 28, 29, 61], target: 15, operator: 'CAGE_OPERATOR_ADD', origin: 'the innies of box 4 + box 7 + box 8 + box 9'},
		        {kind: 'NODE_KIND_SUM', cells: [11, 61], target: 5, operator: 'CAGE_OPERATOR_ADD', origin: 'the outies of box 2 + box 3 + box 5 + box 6', removed: [{cell: 11, digit: 3}]}],
		links: [{to: 1, kind: 'LINK_KIND_THEN'}, {from: 1, to: 2, kind: 'LINK_KIND_THEN'}, {to: 3, kind: 'LINK_KIND_THEN'}]}) === undefined`)
	if err := chromedp.Do(ctx, poll(`document.getElementById('strategy').textContent.endsWith('Test Sums')`, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	got := eval[[]string](ctx, t, `(() => {
		const meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
		const sums = [...document.querySelectorAll('#hl-chain g.nodesum')].map((g) => [g.querySelector('text').textContent, g.querySelector('text').getBBox(), g.querySelector('title').textContent]);
		const out = sums.map(([label, , tip]) => label + ': ' + tip);
		for (let i = 0; i < sums.length; i++) for (let j = i + 1; j < sums.length; j++) {
			if (meets(sums[i][1], sums[j][1])) out.push(sums[i][0] + ' over ' + sums[j][0]);
		}
		return out;
	})()`)
	want := []string{
		"Σ5: the outies of box 2 + box 3 + box 5 + box 6: r2c3+r7c8 sum to 5, which gives r2c3<>4; r2c3<>3",
		"Σ15: the innies of box 4 + box 7 + box 8 + box 9: r4c1+r4c2+r4c3+r7c8 sum to 15",
	}
	if !slices.Equal(got, want) {
		t.Errorf("sum labels (label: tooltip, then any overlap):\n%q\nwant\n%q", got, want)
	}
}

// contrastJS defines contrast(a, b), the WCAG contrast ratio of two CSS
// colours as getComputedStyle gives them ("rgb(1, 2, 3)").
const contrastJS = `const contrast = (a, b) => {
	const lum = (c) => {
		const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
		return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
	};
	const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
	return (x + 0.05) / (y + 0.05);
};`

// TestWebExtraUnitsVisible checks that a Windoku's windows and an X
// board's diagonals are drawn at 3:1 against the cells at least (WCAG
// 1.4.11), and the diagonals unlike a cage's dashed outline: the windows'
// tint stood at 1.13:1, and the diagonals, light and dashed, were lost
// among the cages of a killer X.
func TestWebExtraUnitsVisible(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, tt := range []struct {
		name, puzzle, lines string
		count               int
	}{
		{"windoku", "W9Bepepepepepepepepepepepepepepepepep08epepepepepep0402epep04ep0706epepepepep09ep03epep05epepepepepepepepepepepepep0904epepep05epep01ep02ep07epepep06epepepep01epepep", "windowline", 4},
		{"killer X", "3x3:d:k:6401:6401:6401:5122:3075:1284:2821:2054:2054:2055:2055:6401:5122:3075:1284:2821:3848:3848:1801:2826:4363:5122:2060:2060:3085:3848:2830:1801:2826:4363:3087:4112:4112:3085:3085:2830:1801:4881:4363:3087:1298:2835:2324:2324:2830:4881:4881:1045:1045:1298:2835:6166:6166:6166:3095:5656:2585:3098:3098:3098:5403:5403:1564:3095:5656:2585:2077:2077:4638:1823:5403:1564:5656:5656:2080:2080:4638:4638:1823:2849:2849:", "diagonal", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			openAt(ctx, t, base, tt.puzzle, 1)
			got := eval[[]string](ctx, t, `(() => { `+contrastJS+`
				const lines = [...document.querySelectorAll('#board .`+tt.lines+`')];
				const cell = getComputedStyle(document.querySelector('#board rect.bg')).fill;
				return [String(lines.length), ...lines.map((e) => {
					const s = getComputedStyle(e);
					return contrast(s.stroke, cell).toFixed(2) + (s.strokeDasharray !== 'none' ? ' dashed like a cage' : '');
				})];
			})()`)
			if got[0] != fmt.Sprint(tt.count) {
				t.Fatalf("%s lines drawn: %s, want %d", tt.lines, got[0], tt.count)
			}
			for _, c := range got[1:] {
				var ratio float64
				fmt.Sscan(c, &ratio)
				if ratio < 3 || strings.HasSuffix(c, "like a cage") {
					t.Errorf("a %s line stands at %s against the cells; want 3:1 at least, solid unlike a cage's dashed outline", tt.lines, c)
				}
			}
		})
	}
}

// colour9 is a Colour sudoku (SudokuWiki 2.0): each of the nine cell
// positions of a box, across the boxes, holds every digit once.
const colour9 = "C9Bep06epep04epep02epepepep08epepepepep03epepep05epepepepep0307epep02epepepepepepepepep07epepepepepep06epepepep01epepepepepepepepepep08epepepep0704epepep05ep03epepep"

// TestWebColourGroups checks that a Colour board tints the cells of each
// colour group, nine tints told apart, under which the digits and pencil
// marks keep WCAG AA contrast, in the page and in the exported SVG: the
// board drew no groups at all.
func TestWebColourGroups(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	openAt(ctx, t, base, colour9, 1)
	got := eval[[]string](ctx, t, `(() => { `+contrastJS+`
		const L = sudokuViewer.position().L, bad = [];
		const fillOf = new Map();
		for (const r of document.querySelectorAll('#board rect.colour')) {
			fillOf.set(Math.round(r.getAttribute('y') / 60) * L.n + Math.round(r.getAttribute('x') / 60), getComputedStyle(r).fill);
		}
		const groups = L.units.filter((u) => u.kind === 'UNIT_KIND_COLOUR');
		const tints = new Set();
		for (const u of groups) {
			const fills = new Set(u.cells.map((c) => fillOf.get(c)));
			if (fills.size !== 1 || fills.has(undefined)) bad.push('group ' + (u.index + 1) + ' is drawn in ' + [...fills].map((f) => f || 'no tint').join(', '));
			tints.add([...fills][0]);
		}
		if (tints.size !== groups.length) bad.push(groups.length + ' groups in ' + tints.size + ' tints');
		const inks = [...document.querySelectorAll('#board text.cand, #board text.value, #board text.value.given')].map((e) => getComputedStyle(e).fill);
		for (const tint of tints) for (const ink of new Set(inks)) if (tint && contrast(tint, ink) < 4.5) bad.push(ink + ' on ' + tint + ' at ' + contrast(tint, ink).toFixed(2));
		const svg = new DOMParser().parseFromString(sudokuExport.svg(), 'image/svg+xml');
		const exported = svg.querySelectorAll('rect.colour').length;
		if (exported !== fillOf.size || !svg.querySelector('style').textContent.includes('.colour.c8')) bad.push('the export draws ' + exported + ' tinted cells, without their tints');
		return [String(fillOf.size), ...bad];
	})()`)
	if got[0] != "81" {
		t.Errorf("%s cells tinted; want the 81 in their groups' tints", got[0])
	}
	for _, b := range got[1:] {
		t.Error(b)
	}
}

// TestWebColourHighlightsEdged checks that on a Colour board the step's
// highlights are edged, at 3:1 against every group's tint, in the page
// and the export: the fills of three tints matched those of the cell, unit
// and placement highlights (1.01–1.11:1), so a highlighted cell looked like
// any cell of its group.
func TestWebColourHighlightsEdged(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	openAt(ctx, t, base, colour9, 1)
	got := eval[[]string](ctx, t, `(() => { `+contrastJS+`
		const tints = new Set([...document.querySelectorAll('#board rect.colour')].map((r) => getComputedStyle(r).fill));
		const lit = [...document.querySelectorAll('#board rect.unit, #board rect.cellhl, #board rect.placecell')];
		const bad = [];
		for (const r of lit) {
			const s = getComputedStyle(r);
			if (s.stroke === 'none' || parseFloat(s.strokeWidth) < 3) { bad.push(r.getAttribute('class') + ' has no edge'); continue; }
			for (const tint of tints) if (contrast(s.stroke, tint) < 3) bad.push(r.getAttribute('class') + ' edge ' + s.stroke + ' on ' + tint + ' at ' + contrast(s.stroke, tint).toFixed(2));
		}
		const svg = new DOMParser().parseFromString(sudokuExport.svg(), 'image/svg+xml');
		if (!svg.querySelector('style').textContent.includes('.edged')) bad.push('the export lacks the edges\' style');
		return [String(lit.length), ...bad];
	})()`)
	if got[0] == "0" {
		t.Fatal("step 1 of the Colour board highlights nothing: the check would be empty")
	}
	for _, b := range got[1:] {
		t.Error(b)
	}
}

// TestWebPlayButtonAtEnd checks that the replay's button reads Play once
// the replay has reached the end of a finished solve, and that pressing it
// then plays the solve again from its start: it read Pause, with nothing
// left to pause.
func TestWebPlayButtonAtEnd(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	solveInPage(ctx, t, base, classicHard)
	if err := chromedp.Do(ctx, poll(`document.getElementById('play').textContent === 'Play'`, 5*time.Second)); err != nil {
		t.Fatalf("at the end of the replay the button reads %q; want Play: %v", eval[string](ctx, t, `document.getElementById('play').textContent`), err)
	}
	err := chromedp.Do(ctx, setSpeed(1), chromedp.Evaluate[chromedp.Void](`document.getElementById('play').click()`),
		poll(`document.getElementById('play').textContent === 'Pause' && Number(document.getElementById('board').dataset.position) < 3`, 5*time.Second))
	if err != nil {
		t.Errorf("Play at the end: the button reads %q at position %s; want Pause, the replay from its start: %v",
			eval[string](ctx, t, `document.getElementById('play').textContent`), eval[string](ctx, t, `document.getElementById('board').dataset.position`), err)
	}
}

// TestWebPlayCellCage checks that play mode's announcement of the
// selected cell names the cage it lies in, by its total and operator as
// the explanations do: it said nothing of the cage.
func TestWebPlayCellCage(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, tt := range []struct {
		name, puzzle string
		cell         int
		want         string
	}{
		{"killer, first cell", killerPuzzle, 0, "r1c1: empty, cage 24+"},
		{"killer, second cell", killerPuzzle, 1, "r1c2: empty, cage 24+"},
		{"kenken", kenken6, 0, "r1c1: empty, cage 180×"},
		{"classic", classicHard, 1, "r1c2: empty"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := startPlay(ctx, t, base, tt.puzzle)
			p.clickCell(tt.cell)
			js := `document.getElementById('cellinfo').textContent`
			if err := chromedp.Do(ctx, poll(fmt.Sprintf(`%s === %q`, js, tt.want), 10*time.Second)); err != nil {
				t.Errorf("the selected cell reads %q; want %q: %v", eval[string](ctx, t, js), tt.want, err)
			}
		})
	}
}
