// Play mode: the person solves the puzzle shown on their own board,
// entering digits and pencil marks, and asks the service for a hint, the
// next step or a check from their own position. It draws through the
// viewer (viewer.js), which shows this board instead of the replay's
// while play mode is on.
'use strict';
(() => {
  const V = window.sudokuViewer;
  if (!V) return;
  const $ = (id) => document.getElementById(id);
  const bit = (d) => 2 ** (d - 1);
  const SVGNS = 'http://www.w3.org/2000/svg';
  // OPS are a cage's operators as the explanations write them ("cage 10+").
  const OPS = { CAGE_OPERATOR_ADD: '+', CAGE_OPERATOR_SUBTRACT: '-', CAGE_OPERATOR_MULTIPLY: '×', CAGE_OPERATOR_DIVIDE: '÷' };

  // A touch screen (no keyboard, most likely) is told of the pad, not of keys.
  const TOUCH = matchMedia('(pointer: coarse)').matches;
  const HELP = TOUCH
    ? 'Tap a cell, then a digit of the pad; with ✎ Pencil on, digits toggle pencil marks; ⌫ clears the cell. Undo, Hint, Next step and Check are under the pad.'
    : 'Digits (letters past 9) enter, Shift+digit or Space then digits for pencil marks, arrows (Home, End) move, Delete clears; Ctrl+Z undo, Ctrl+Y redo; h hint, n next step, c check, f fill pencil marks, Esc back to the replay.';
  const START = TOUCH ? 'Your turn: tap a cell, then a digit.' : 'Your turn: click a cell (or move with the arrow keys), then a digit.';

  // P is the person's game on the puzzle read last; null before one.
  let P = null;
  let on = false;
  // A permalink's board, entered once, into that link's own puzzle.
  let linkBoard = (() => {
    const q = new URLSearchParams(location.search);
    return q.get('play') ? { puzzle: (q.get('puzzle') || '').trim(), board: q.get('play'), marks: q.get('marks') || '' } : null;
  })();

  // ---- The person's board -------------------------------------------------

  // newGame starts a game on a board as Convert returned it: the clues
  // (and any solved cells of the puzzle's string) placed, no pencil marks.
  function newGame(L, board, given) {
    const vals = new Uint8Array(L.N);
    (board.cells || []).forEach((c, i) => { vals[i] = c.value || 0; });
    return {
      L, board, given, vals, start: vals.slice(), cands: new Uint32Array(L.N), undo: [], redo: [],
      sel: -1, pencil: false, shown: null, msg: START, checked: null, wrong: [], wrongMarks: [],
      solution: undefined, solved: false,
    };
  }

  // locked reports whether the person may not change a cell: a clue or a
  // Str8ts black cell.
  const locked = (cell) => !!(P.given[cell] || P.L.black[cell]);

  // change records the board for undo, then lets edit change it.
  function change(edit) {
    P.undo.push({ vals: P.vals.slice(), cands: P.cands.slice() });
    P.redo = [];
    edit();
    changed();
  }

  // changed forgets what was said of the previous position and redraws.
  function changed() {
    P.shown = null;
    P.checked = null;
    P.wrong = [];
    P.wrongMarks = [];
    P.msg = '';
    P.solved = false;
    document.body.classList.remove('solvedbyyou');
    history.replaceState(null, '', V.link());
    checkSolved();
    V.redraw();
  }

  function undo(from, to) {
    const s = from.pop();
    if (!s) return;
    to.push({ vals: P.vals.slice(), cands: P.cands.slice() });
    P.vals = s.vals;
    P.cands = s.cands;
    changed();
  }

  // setDigit places d in cell and takes d off the pencil marks of its
  // peers, as the person would next.
  function setDigit(cell, d) {
    P.vals[cell] = d;
    P.cands[cell] = 0;
    for (const p of P.L.peers[cell]) P.cands[p] &= ~bit(d);
  }

  // open returns the candidates of an empty cell that no placed digit of
  // its units (and, in killers, its cage) excludes.
  function open(cell) {
    let m = 2 ** P.L.n - 1;
    for (const p of P.L.peers[cell]) if (P.vals[p]) m &= ~bit(P.vals[p]);
    return m;
  }

  // enter puts d in the selected cell, or toggles it as a pencil mark.
  function enter(d, pencil) {
    const cell = P.sel;
    if (cell < 0 || d < 1 || d > P.L.n) return;
    if (locked(cell)) { say(P.L.black[cell] ? 'A black cell takes no digit.' : 'That cell is a clue.'); return; }
    if (pencil) {
      if (P.vals[cell]) return;
      change(() => { P.cands[cell] ^= bit(d); });
    } else if (P.vals[cell] !== d) {
      change(() => setDigit(cell, d));
    }
  }

  // erase clears the selected cell: its digit, else its pencil marks.
  function erase() {
    const cell = P.sel;
    if (cell < 0 || locked(cell) || (!P.vals[cell] && !P.cands[cell])) return;
    change(() => { if (P.vals[cell]) P.vals[cell] = 0; else P.cands[cell] = 0; });
  }

  // restart clears the person's digits and pencil marks, back to the board
  // the puzzle gives (undoable, as any other change).
  function restart() {
    if (P.vals.every((d, cell) => d === P.start[cell]) && P.cands.every((c) => !c)) {
      say('Nothing to clear: the board is as the puzzle gives it.');
      return;
    }
    change(() => { P.vals = P.start.slice(); P.cands = new Uint32Array(P.L.N); });
    say('Started again: your digits and pencil marks are cleared (Ctrl+Z brings them back).');
  }

  // fillMarks gives every empty cell the candidates its placed peers leave.
  function fillMarks() {
    change(() => {
      for (let cell = 0; cell < P.L.N; cell++) if (!P.vals[cell] && !P.L.black[cell]) P.cands[cell] = open(cell);
    });
    say('Pencil marks filled from the digits placed.');
  }

  // say puts text where the step's caption goes, in place of any step or
  // hint shown.
  function say(text) { P.msg = text; P.shown = null; V.redraw(); }

  // ---- Conflicts ------------------------------------------------------------

  // conflicts returns the cells that break a rule on their own: a digit
  // twice in a unit (or a killer cage), a cage whose digits miss its
  // target, a full Str8ts compartment that is not a straight.
  function conflicts() {
    const L = P.L, v = P.vals, bad = new Set();
    const repeats = (cells) => {
      const at = new Map();
      for (const cell of cells) {
        if (!v[cell]) continue;
        if (at.has(v[cell])) { bad.add(cell); bad.add(at.get(v[cell])); } else at.set(v[cell], cell);
      }
    };
    L.units.forEach((u) => repeats(u.cells));
    const killer = ['VARIANT_KILLER', 'VARIANT_KILLER_JIGSAW', 'VARIANT_KILLER_X'].includes(L.variant);
    for (const cage of L.cages) {
      if (killer) repeats(cage.cells);
      const ds = cage.cells.map((cell) => v[cell]).filter(Boolean);
      if (ds.length && !cageFits(cage, ds, cage.cells.length)) cage.cells.forEach((cell) => { if (v[cell]) bad.add(cell); });
    }
    if (L.variant.startsWith('VARIANT_STR8TS')) for (const run of compartments(L)) if (!straight(run.map((cell) => v[cell]))) run.forEach((cell) => bad.add(cell));
    return bad;
  }

  // cageFits reports whether a cage's placed digits ds (of its size
  // cells) can still meet its target, or meet it when the cage is full.
  function cageFits(cage, ds, size) {
    const full = ds.length === size;
    const sum = ds.reduce((a, b) => a + b, 0), prod = ds.reduce((a, b) => a * b, 1);
    switch (cage.op) {
      case 'CAGE_OPERATOR_MULTIPLY': return full ? prod === cage.target : cage.target % prod === 0;
      case 'CAGE_OPERATOR_SUBTRACT': return !full || Math.abs(ds[0] - ds[1]) === cage.target;
      case 'CAGE_OPERATOR_DIVIDE': return !full || Math.max(...ds) === cage.target * Math.min(...ds);
      case 'CAGE_OPERATOR_DISTINCT': return true; // no total: only repeats break it
      default: return full ? sum === cage.target : sum + (size - ds.length) <= cage.target; // each empty cell adds 1 at least
    }
  }

  // compartments returns the full runs of white cells of a Str8ts board's
  // rows and columns.
  function compartments(L) {
    const out = [];
    for (let i = 0; i < L.n; i++) {
      for (const line of [Array.from({ length: L.n }, (_, j) => i * L.n + j), Array.from({ length: L.n }, (_, j) => j * L.n + i)]) {
        let run = [];
        for (const cell of [...line, -1]) {
          if (cell >= 0 && !L.black[cell]) { run.push(cell); continue; }
          if (run.length && run.every((c) => P.vals[c])) out.push(run);
          run = [];
        }
      }
    }
    return out;
  }

  const straight = (ds) => Math.max(...ds) - Math.min(...ds) === ds.length - 1;

  // ---- The service -----------------------------------------------------------

  // position returns the person's board as a Board message: their digits
  // and, for empty cells, their pencil marks (none recorded: the service
  // works them out).
  function position() {
    const b = P.board;
    return {
      size: b.size, regions: b.regions || [], variant: b.variant, cages: b.cages || [],
      cells: (b.cells || []).map((c, i) => ({
        value: P.vals[i], given: !!c.given, black: !!c.black,
        candidates: P.vals[i] ? [] : digits(P.cands[i]),
      })),
    };
  }

  // request is the person's position as the Puzzle of a call, with the
  // charset the puzzle was read in: the service's explanations (and the
  // contradictions it names) then write the board's symbols, "D is the
  // only candidate left", not "4".
  function request() {
    const { charset } = V.position();
    return charset ? { board: position(), charset } : { board: position() };
  }

  const digits = (m) => Array.from({ length: P.L.n }, (_, i) => i + 1).filter((d) => m & bit(d));

  // solution returns the puzzle's solution, to compare with in the page
  // and never to draw, or null when it has none or more than one.
  async function solution() {
    if (P.solution !== undefined) return P.solution;
    const game = P;
    let res = V.result();
    if (!res) res = (await V.unary('Solve', { puzzle: V.position().puzzle })).result || {};
    const cells = (res.board && res.board.cells) || [];
    game.solution = res.status === 'SOLVE_STATUS_SOLVED' && cells.length === game.L.N ? cells.map((c) => c.value || 0) : null;
    // A puzzle without a solution has none from any position of the
    // person's, and what they entered is not why.
    game.noSolution = res.status === 'SOLVE_STATUS_NO_SOLUTION' ? { why: (res.conflict && res.conflict.description) || '' } : null;
    return game.solution;
  }

  // verdict judges the person's position: the digits they entered that
  // are wrong and the cells whose pencil marks miss the answer (against the
  // solution), or, for a puzzle without one solution, whether the service
  // can still solve the position.
  async function verdict() {
    const sol = await solution();
    if (!sol) {
      // The service refuses a board that repeats a digit (an invalid
      // argument): such a position has no solution, as the page can tell.
      if (P.noSolution) return { known: false, ok: false, wrong: [], marks: [], why: P.noSolution.why, puzzle: true };
      if (conflicts().size) return { known: false, ok: false, wrong: [], marks: [], why: 'your board breaks a rule (marked in red)' };
      const res = (await V.unary('Solve', { puzzle: request() })).result || {};
      const ok = res.status === 'SOLVE_STATUS_SOLVED' || res.status === 'SOLVE_STATUS_MULTIPLE_SOLUTIONS';
      return { known: false, ok, wrong: [], marks: [], why: (res.conflict && res.conflict.description) || '' };
    }
    const wrong = [], marks = [];
    for (let cell = 0; cell < P.L.N; cell++) {
      if (locked(cell)) continue;
      if (P.vals[cell] && P.vals[cell] !== sol[cell]) wrong.push(cell);
      if (!P.vals[cell] && P.cands[cell] && !(P.cands[cell] & bit(sol[cell]))) marks.push(cell);
    }
    return { known: true, ok: !wrong.length && !marks.length, wrong, marks, why: '' };
  }

  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

  // names returns the names of cells, the first ten, in parentheses, as
  // Check says which cells it marks (" (r1c1, r3c4)"); '' for none.
  function names(cells) {
    if (!cells.length) return '';
    const list = cells.slice(0, 10).map((cell) => V.cellName(P.L, cell));
    return ` (${list.join(', ')}${cells.length > 10 ? ', …' : ''})`;
  }

  // unsolvable words a puzzle that has no solution as given.
  const unsolvable = (v) => `The puzzle itself has no solution${v.why ? ` (its solve ends with: ${v.why.replace(/\.$/, '')})` : ''}: nothing you enter can solve it.`;

  // contradiction words a position that has no solution any more.
  function contradiction(v) {
    if (v.puzzle) return unsolvable(v);
    if (!v.known) return `Your position has no solution${v.why ? `: ${v.why}` : ''}. Undo, or press Check.`;
    const parts = [];
    if (v.wrong.length) parts.push(plural(v.wrong.length, 'digit you entered is wrong', 'digits you entered are wrong'));
    if (v.marks.length) parts.push(`${plural(v.marks.length, 'cell has', 'cells have')} pencil marks without the answer`);
    return `Your position has no solution: ${parts.join(', and ')}. Undo, or press Check twice to see where.`;
  }

  // nextStep finds the first step from the person's position, or says
  // why there is none; it returns null then.
  async function nextStep() {
    const key = signature();
    if (P.shown && P.shown.key === key) return P.shown.step;
    if (conflicts().size) { say('Your board breaks a rule (marked in red): fix that first.'); return null; }
    if (P.vals.every((d, cell) => d || P.L.black[cell])) { say(P.solved ? 'Solved by you: no step is left.' : 'The board is full.'); return null; }
    say('Looking from your position…');
    const game = P;
    const v = await verdict();
    if (P !== game || signature() !== key) return null; // the board moved on meanwhile
    if (!v.ok) { say(contradiction(v)); return null; }
    const res = await V.unary('FindSteps', { puzzle: request(), maxSteps: 1 });
    if (P !== game || signature() !== key) return null;
    const step = (res.steps || [])[0];
    if (!step) { say('The solver finds no step from here.'); return null; }
    delete step.board;
    delete step.index; // FindSteps' first: the position is the person's, not the solve's
    P.shown = { key, step, level: 0 };
    return step;
  }

  // hint tells the first step from the person's position a level more
  // each time: technique and area, then cells and digits, then all of it.
  async function hint() {
    try {
      const step = await nextStep();
      if (!step) return;
      P.shown.level = Math.min(3, P.shown.level + 1);
      V.redraw();
    } catch (e) {
      say(V.errorText(e));
    }
  }

  // applyNext takes the first step from the person's position on their
  // board, as one undoable change, and shows it.
  async function applyNext() {
    let step;
    try {
      step = await nextStep();
    } catch (e) {
      say(V.errorText(e));
      return;
    }
    if (!step) return;
    change(() => {
      for (const p of step.placements || []) if (!P.vals[p.cell || 0]) setDigit(p.cell || 0, p.digit || 0);
      for (const e of step.eliminations || []) {
        const cell = e.cell || 0;
        if (P.vals[cell]) continue;
        if (!P.cands[cell]) P.cands[cell] = open(cell); // the marks the service worked with
        P.cands[cell] &= ~bit(e.digit || 0);
      }
    });
    P.lastStep = step;
    P.shown = { key: null, step, level: 3 }; // shown until the next change
    V.redraw();
  }

  // check says whether the position can still be solved and how many
  // digits are wrong; pressed again on the same position, it marks them.
  // A puzzle without one solution has none to compare with, so nothing to
  // mark: pressed again, check says again whether the position is solvable.
  async function check() {
    if (P.solved) { say('Solved by you: every digit is right.'); return; }
    const key = signature();
    if (P.checked === key && P.solution) {
      const v = await verdict();
      P.wrong = v.wrong;
      P.wrongMarks = v.marks;
      const parts = [];
      if (v.wrong.length) parts.push(`${plural(v.wrong.length, 'wrong digit', 'wrong digits')}${names(v.wrong)}`);
      if (v.marks.length) parts.push(`${plural(v.marks.length, 'cell', 'cells')} whose pencil marks miss the answer${names(v.marks)}`);
      say(parts.length ? `Marked: ${parts.join(', ')}.` : 'Nothing to mark: all is right so far.');
      return;
    }
    try {
      say('Checking…');
      const v = await verdict();
      if (signature() !== key) return;
      P.checked = key;
      // The person's digits: not the clues, nor the solved cells the
      // puzzle's string came with (a SudokuWiki string's), which are no
      // entry of theirs.
      const start = P.board.cells || [];
      const entered = P.vals.filter((d, cell) => d && !locked(cell) && d !== ((start[cell] && start[cell].value) || 0)).length;
      if (!v.known) {
        say(v.ok ? 'Still solvable.' : v.puzzle ? unsolvable(v) : `Not solvable any more${v.why ? `: ${v.why}` : ''}.`);
        return;
      }
      if (v.ok) { say(entered ? `Still solvable: none of your ${plural(entered, 'digit', 'digits')} is wrong.` : 'Still solvable.'); return; }
      const parts = [];
      if (v.wrong.length) parts.push(`${v.wrong.length} wrong of your ${plural(entered, 'digit', 'digits')}`);
      if (v.marks.length) parts.push(`${plural(v.marks.length, 'cell has', 'cells have')} pencil marks without the answer`);
      if (!parts.length) { say('Not solvable any more.'); return; }
      say(`Not solvable any more: ${parts.join('; ')}. Press Check again to mark ${v.wrong.length + v.marks.length === 1 ? 'it' : 'them'}.`);
    } catch (e) {
      say(V.errorText(e));
    }
  }

  // checkSolved says "Solved by you" once the board is full, breaks no
  // rule and is the solution.
  async function checkSolved() {
    if (!P.vals.every((d, cell) => d || P.L.black[cell]) || conflicts().size) return;
    const key = signature();
    try {
      const v = await verdict();
      if (signature() !== key || !v.ok) return;
      P.solved = true;
      document.body.classList.add('solvedbyyou');
      say('Solved by you!');
    } catch (e) {
      say(V.errorText(e));
    }
  }

  const signature = () => `${P.vals.join(',')}|${P.cands.join(',')}`;

  // ---- Drawing (called by the viewer's render) ---------------------------------

  // layer returns the board's group of the id, made empty, placed after
  // the group before (made the first time).
  function layer(svg, id, before) {
    let g = svg.querySelector('#' + id);
    if (!g) {
      g = document.createElementNS(SVGNS, 'g');
      g.id = id;
      before.after(g);
    }
    g.textContent = '';
    return g;
  }

  // decorate draws the selected cell, the conflicts and the cells Check
  // marked, under the digits. A conflict's tint goes with the step's
  // highlighted cells, under the grid, the cages and their labels, so
  // that the cage a digit breaks stays readable.
  function decorate(view) {
    const L = P.L, svg = $('board');
    const under = layer(svg, 'hl-play-under', view.cells);
    const g = layer(svg, 'hl-play', view.faults);
    const rect = (cell, cls, inset, parent = g) => {
      const r = document.createElementNS(SVGNS, 'rect');
      const S = 60;
      for (const [k, val] of Object.entries({ x: (cell % L.n) * S + inset, y: Math.floor(cell / L.n) * S + inset, width: S - 2 * inset, height: S - 2 * inset, class: cls, 'data-cell': cell })) r.setAttribute(k, val);
      parent.appendChild(r);
    };
    const clash = conflicts();
    for (const cell of clash) rect(cell, 'conflict', 0, under);
    for (const cell of P.wrong) rect(cell, 'wrong', 3);
    for (const cell of P.wrongMarks) rect(cell, 'wrongmarks', 3);
    if (P.sel >= 0) rect(P.sel, P.pencil ? 'cursor pencil' : 'cursor', 2);
    const info = P.sel >= 0 ? cellText(P.sel, clash) : '';
    if ($('cellinfo').textContent !== info) $('cellinfo').textContent = info;
  }

  // cellText says what a cell holds, and the cage it lies in, for a screen
  // reader: "r2c3: 4, yours, in conflict", "r1c1: 5, a clue", "r4c4:
  // empty, pencil marks 1 5 9", "r2c2: empty, cage 10+".
  function cellText(cell, clash) {
    const L = P.L, name = `r${Math.floor(cell / L.n) + 1}c${(cell % L.n) + 1}`;
    let text;
    if (L.black[cell]) {
      text = P.vals[cell] ? `black, ${L.symbols[P.vals[cell] - 1]}` : 'black';
    } else if (P.vals[cell]) {
      text = `${L.symbols[P.vals[cell] - 1]}, ${P.given[cell] ? 'a clue' : 'yours'}`;
    } else {
      const marks = digits(P.cands[cell]).map((d) => L.symbols[d - 1]);
      text = marks.length ? `empty, pencil marks ${marks.join(' ')}` : 'empty';
    }
    const cage = L.cages[L.cageOf[cell]];
    if (cage) text += cage.op === 'CAGE_OPERATOR_DISTINCT' ? ', in a cage without a total' : `, cage ${cage.target}${OPS[cage.op] || ''}`;
    if (clash.has(cell)) text += ', in conflict';
    if (P.pencil) text += ' (pencil mode)';
    return `${name}: ${text}`;
  }

  // caption writes what play mode has to say where the step's caption
  // goes, when no step is shown.
  function caption() {
    $('method').textContent = '';
    $('technique').textContent = '';
    $('strategy').textContent = P.solved ? 'Solved by you' : 'Play mode';
    $('explanation').textContent = P.msg || HELP;
  }

  // ---- Pointer and keys -----------------------------------------------------------

  function select(cell) {
    P.sel = Math.max(0, Math.min(P.L.N - 1, cell));
    V.redraw();
  }

  function cellAt(e) {
    const svg = $('board');
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const c = Math.floor(p.x / 60), r = Math.floor(p.y / 60);
    return r >= 0 && r < P.L.n && c >= 0 && c < P.L.n ? r * P.L.n + c : -1;
  }

  function setPencil(v) {
    P.pencil = v;
    $('pencil').setAttribute('aria-pressed', String(v));
    V.redraw();
  }

  // symbolOf returns the digit a key stands for on this board, 0 for none:
  // a digit by the key's place on the keyboard, so that Shift+1 is still 1
  // (and an AZERTY keyboard's unshifted 1 is 1), a letter by the letter
  // the key writes: the places of letters differ between layouts (AZERTY's
  // A is where QWERTY has Q). A key that writes no Latin letter (a Russian
  // keyboard's ф) goes by its place, as a Latin keyboard's would.
  function symbolOf(e) {
    const key = (e.key || '').toUpperCase();
    const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code || '') || (/^[A-Z]$/.test(key) ? null : /^Key([A-Z])$/.exec(e.code || ''));
    const ch = m ? m[1] : key;
    const i = P.L.symbols.indexOf(ch);
    return ch.length === 1 && i >= 0 && i < P.L.n ? i + 1 : 0;
  }

  // key handles a key in play mode (and p, which starts it); it reports
  // whether it took the key.
  function key(e) {
    if (!P) return false;
    if (!on) {
      if (e.key === 'p' && !e.ctrlKey && !e.metaKey && !e.altKey) { toggle(); return true; }
      return false;
    }
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && (e.key === 'z' || e.key === 'Z')) { undo(e.shiftKey ? P.redo : P.undo, e.shiftKey ? P.undo : P.redo); return true; }
    if (ctrl && (e.key === 'y' || e.key === 'Y')) { undo(P.redo, P.undo); return true; }
    if (ctrl || e.altKey) return false;
    const d = symbolOf(e);
    if (d) { enter(d, P.pencil || e.shiftKey); return true; }
    const n = P.L.n, sel = P.sel < 0 ? 0 : P.sel;
    const moves = {
      ArrowLeft: () => select(sel % n ? sel - 1 : sel), ArrowRight: () => select(sel % n < n - 1 ? sel + 1 : sel),
      ArrowUp: () => select(sel >= n ? sel - n : sel), ArrowDown: () => select(sel + n < P.L.N ? sel + n : sel),
      // The row's first and last cells, as in a grid; left to the viewer
      // they would move the replay waiting behind play mode to its end, and
      // show the solution on the way back.
      Home: () => select(sel - (sel % n)), End: () => select(sel - (sel % n) + n - 1),
      Delete: erase, Backspace: erase, 0: erase, '.': erase,
      ' ': () => setPencil(!P.pencil),
      Escape: toggle, p: toggle, P: toggle,
      h: hint, '?': hint, n: applyNext, c: check, f: fillMarks,
    };
    const act = moves[e.key];
    if (!act) return false;
    act();
    return true;
  }

  // ---- Entering and leaving ----------------------------------------------------------

  // setOn turns play mode on or off in the page's look.
  function setOn(v) {
    on = v;
    document.body.classList.toggle('playing', on);
    document.body.classList.remove('solvedbyyou');
    // The label says what a press does; a pressed state as well would say
    // it twice ("Back to the replay, pressed").
    $('playmode').classList.toggle('on', on);
    $('playmode').textContent = on ? 'Back to the replay' : 'Solve it yourself';
    // The replay draws no decorations of its own: the cursor and the
    // conflicts go with play mode.
    if (!on) for (const g of $('board').querySelectorAll('#hl-play, #hl-play-under')) g.textContent = '';
  }

  function toggle() {
    if (!P) return;
    setOn(!on);
    if (P.solved) document.body.classList.toggle('solvedbyyou', on);
    if (on) {
      V.pause();
      if (P.sel < 0) P.sel = P.vals.findIndex((d, cell) => !d && !P.L.black[cell]);
    } else {
      $('cellinfo').textContent = '';
    }
    // A control the switch hid (a replay button entering, a play one
    // leaving) held the focus, which would fall to the page's body: it
    // goes to the toggle, shown in both.
    const a = document.activeElement;
    if (a && a !== document.body && a.getClientRects().length === 0) $('playmode').focus();
    history.replaceState(null, '', V.link());
    V.redraw();
  }

  // buildPad lays out a button for each symbol of the board.
  function buildPad(L) {
    const pad = $('digits');
    pad.textContent = '';
    pad.style.setProperty('--cols', String(L.n > 9 ? Math.ceil(L.n / 2) : L.n));
    // A phone's pad: rows of nine buttons at most, which keep each one 30
    // px wide at 360 px (two rows of eight on a 16×16, 9, 9, 7 on a 25×25,
    // four of eight on a 32×32, whose three rows of eleven were 27 px).
    pad.style.setProperty('--narrow-cols', String(Math.ceil(L.n / Math.ceil(L.n / 9))));
    pad.classList.toggle('wide', L.n > 9);
    for (let d = 1; d <= L.n; d++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.digit = String(d);
      b.textContent = L.symbols[d - 1];
      pad.appendChild(b);
    }
  }

  // kept is the last game played, for the same board read again.
  let kept = null;

  // gameKey tells boards apart: the board as Convert read it and the
  // symbols it is played in.
  const gameKey = (L, board) => `${[...L.symbols].join('')}\n${JSON.stringify(board)}`;

  // reset starts a game on a new puzzle (or none), or takes back the game
  // of the same board; a permalink's board is entered once, in play mode.
  function reset(L, board, given) {
    if (P) kept = P;
    // The same board solved again (Solve pressed once more, a speed
    // changed first) keeps the person's game: its digits, pencil marks and
    // undo; Restart is how to start again.
    const same = L && !linkBoard && kept && kept.key === gameKey(L, board);
    P = same ? Object.assign(kept, { L, board, given, shown: null, msg: START }) : L ? newGame(L, board, given) : null;
    if (P) P.key = gameKey(L, board);
    setOn(false);
    $('playrow').hidden = !P;
    if (!P) return;
    buildPad(L);
    if (linkBoard) {
      const { puzzle, board: text, marks } = linkBoard;
      linkBoard = null;
      if (V.puzzleText() !== puzzle) return; // that link's puzzle failed: this is another
      const symbol = (ch) => { const i = L.symbols.indexOf(ch.toUpperCase()); return i >= 0 && i < L.n ? i + 1 : 0; };
      const bad = [];
      for (let cell = 0; cell < L.N && cell < text.length; cell++) {
        const d = symbol(text[cell]);
        if (!d && text[cell] !== '.' && text[cell] !== '0') bad.push(cell);
        if (!locked(cell) && d) P.vals[cell] = d;
      }
      const lists = marks ? marks.split('_') : [];
      if (lists.length === L.N) {
        lists.forEach((list, cell) => {
          if (P.vals[cell] || L.black[cell]) return;
          for (const ch of list) P.cands[cell] |= symbol(ch) ? bit(symbol(ch)) : 0;
        });
      }
      toggle();
      const said = linkFaults(L, text, bad, lists);
      if (said) say(said);
      checkSolved(); // a link to a board the person finished
    }
  }

  // linkFaults words what a permalink's board could not give, a link cut
  // short or mangled on its way (a chat that cuts long lines): '' when the
  // board (play=) has a symbol or '.' for each cell, and the pencil marks
  // (marks=), when given, a list for each cell.
  function linkFaults(L, text, bad, lists) {
    const out = [];
    if (text.length < L.N) out.push(`its board (play=) has ${text.length} of the ${L.N} cells: those after ${V.cellName(L, text.length - 1)} are as the puzzle gives them`);
    if (text.length > L.N) out.push(`its board (play=) has ${text.length} cells, not ${L.N}: the last ${text.length - L.N} are left out`);
    if (bad.length) out.push(`${plural(bad.length, 'cell of its board holds', 'cells of its board hold')} no symbol of this puzzle${names(bad)}: not entered`);
    if (lists.length && lists.length !== L.N) out.push(`its pencil marks (marks=) list ${lists.length} cells, not ${L.N}, and are left out`);
    return out.length ? `This link was cut short or changed on its way: ${out.join('; ')}. Ask for the whole link, or play on from here.` : '';
  }

  // linkParam is the person's board for the page's address: a symbol or
  // '.' per cell, while play mode is on.
  function linkParam() {
    if (!P || !on) return '';
    return Array.from(P.vals, (d) => (d ? P.L.symbols[d - 1] : '.')).join('');
  }

  // linkMarks is the person's pencil marks for the page's address, while
  // play mode is on: each cell's symbols, cells parted by '_'; empty when
  // there are none.
  function linkMarks() {
    if (!P || !on || P.cands.every((c, cell) => !c || P.vals[cell])) return '';
    return Array.from(P.cands, (c, cell) => (P.vals[cell] ? '' : digits(c).map((d) => P.L.symbols[d - 1]).join(''))).join('_');
  }

  function init() {
    $('playmode').addEventListener('click', toggle);
    $('board').addEventListener('click', (e) => {
      if (!on || !P) return;
      const cell = cellAt(e);
      if (cell >= 0) select(cell);
    });
    $('digits').addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (b && on) enter(Number(b.dataset.digit), P.pencil);
    });
    $('pencil').addEventListener('click', () => setPencil(!P.pencil));
    $('erase').addEventListener('click', erase);
    $('undo').addEventListener('click', () => undo(P.undo, P.redo));
    $('redo').addEventListener('click', () => undo(P.redo, P.undo));
    $('restart').addEventListener('click', restart);
    $('fillmarks').addEventListener('click', fillMarks);
    $('playhint').addEventListener('click', hint);
    $('nextstep').addEventListener('click', applyNext);
    $('check').addEventListener('click', check);
  }

  // The player, as the viewer and the tests see it.
  window.sudokuPlay = {
    on: () => on && !!P,
    reset, key, decorate, caption, linkParam, linkMarks,
    state: () => ({ vals: P.vals, cands: P.cands, stack: [] }),
    // step is the step from the person's position being told, and level
    // how much of it: 1 and 2 as the replay's hints, 0 all of it.
    step: () => (P.shown && P.shown.level ? P.shown.step : null),
    level: () => (P.shown && P.shown.level < 3 ? P.shown.level : 0),
    // game returns the person's board (a test hook): digits, pencil marks,
    // the cells in conflict and the last step Next step took.
    game: () => P && { vals: Array.from(P.vals), cands: Array.from(P.cands, digits), conflicts: [...conflicts()], lastStep: P.lastStep || null, sel: P.sel, pencil: P.pencil },
  };
  V.attachPlayer(window.sudokuPlay);
  init();
})();
