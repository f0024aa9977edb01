// The live solve viewer. It calls sudoku.v1.SudokuService through the
// Connect protocol (JSON): Convert once for the board's geometry, then
// SolveSteps, whose steps it replays on its own copy of the pencil marks
// to draw any position of the solve.
'use strict';
(() => {
  const S = 60; // a cell's side, in board units
  const SERVICE = '/sudoku.v1.SudokuService/';
  const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const SPEEDS = [0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300, Infinity]; // steps a second
  const CHECKPOINT = 64; // steps between stored board states
  const CAGE_INSET = 4.5; // how far in from its cells' sides a cage's outline runs
  const SVGNS = 'http://www.w3.org/2000/svg';
  const OPS = { CAGE_OPERATOR_ADD: '+', CAGE_OPERATOR_SUBTRACT: '−', CAGE_OPERATOR_MULTIPLY: '×', CAGE_OPERATOR_DIVIDE: '÷' };
  // NAME_OPS are the operators as the explanations write them ("cage 1- at r1c1").
  const NAME_OPS = { CAGE_OPERATOR_ADD: '+', CAGE_OPERATOR_SUBTRACT: '-', CAGE_OPERATOR_MULTIPLY: '×', CAGE_OPERATOR_DIVIDE: '÷' };
  const ROLES = {
    CANDIDATE_ROLE_PATTERN: 'pattern', CANDIDATE_ROLE_FIN: 'fin', CANDIDATE_ROLE_ALS: 'als',
    CANDIDATE_ROLE_TARGET: 'elim', CANDIDATE_ROLE_ON: 'on', CANDIDATE_ROLE_OFF: 'off',
  };

  const EXAMPLES = [
    { name: 'classic, hard', text: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' },
    { name: 'classic, easy', text: '000105000009060400060000070400010003050402010600030004020000050003090800000206000' },
    { name: 'killer (SudokuWiki 2.0)', text: 'L9B0jdd00ep1jpt1ez50du900ep1g5n08b500ep00ep00ep1ez509w11mvl1ez53bpt2tjl2tjl1rm92zgx00ep00ep31g10g7l1t752tjl0ikx1ez505xt1rm92tjl2tjl00ep1ez51ez500ep1ez500ep1ez54nwx484100ep31g11ez500ep0ff51jbj05xt00ep484100ep2tjl4hld00ep00ep3ci92tjl1qtt2wpd2tjl04cx48411no100ep2tjl2tjl1ez54hld484100ep3dap1ez500ep2tjl0aoh00ep00ep2tjl2tjl2tjl1ez5' },
    { name: 'jigsaw', text: '300000004002060100010908020005000600020000010009000800080304060004010900500000007', map: '000122222000111222033331112003444411333345555664444577866655557888666777888886777' },
    { name: 'Str8ts (SudokuWiki 2.0)', text: 'T9Bezezez0aezez0aezez0aezez0j0aezez0aezezezezezezez0j0aez0jezez0aezezezezez0aezezez06ez04ez0aezez08ezez0aez020aez0c0bezezezezezezez0aezez0j0hez060iezez0aezez0jezezez' },
    { name: 'Str8ts (live str8ts.com string, tolerant)', text: 'T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a', tolerant: true },
    { name: '4×4, N×N form', text: '#A#B\n####\nC#D#\n####', charset: '#ABCD', map: '##AA\n##AA\nBBCC\nBBCC' },
    { name: '16×16', text: '.14.7D....C2.68A...5..2........4...D6..A9.......B2C..914..A.D7..8.F.2.E.....41..36....B...D.C...1..4....C.9..8BF..9.1.7.A..B.....5....F..4..E...C....7....2.6.58..37G..8E..9BA.....B.E..6.85.4D..CE..1...5..3.G.D..3......742.CE....F.....6G1....47.D...2FE..5.B' },
    { name: '25×25', text: 'O.I.KL.E3.1..9..BAG....HJ4..JF.K..C...B8D3EL.9...6.D.L..8..5HJ24..9.6.....7B5A.8.P.9N..C..24.J...ME..N.6..FH4..LD3.C.I7K.5.A....F.KNO..B..7CH.3...E.9.LE..D...GA3...2..O.N7ICB8.I....D...OK.6..G.F5J...M.....8..7I.F.G...9P.61........M2.J..PE.D...8.G.54..........4.D3.HO..C.8B.G...J2.C1.KO.5....ML.........7C.D..M.....E.8..IF.A.2.B.....6P.7..K14.J.A.3HLDM...H..G8B..4.A..6.E.O17.C.8IO.3PDLK16.9..FA..J.....P...BF.G..J2..N.19..O.I.GF...9...8I...J2....L3....K..H...J.....7...O5GBF....H..O8C7.A....DPE.....1I8.B.9..E.C.....A24.HMJD3..CO6..DHMN9P.L.I..7.F..4A...G.6.......7MH.3...LN9.PN.L..2A.D.M..K.C.6..75...........24F..P....1..C.' },
  ];

  const $ = (id) => document.getElementById(id);
  // HINT_KEY is how the hints name their button: its key too, where a
  // keyboard is likely (a touch screen has none, most likely).
  const HINT_KEY = matchMedia('(pointer: coarse)').matches ? 'Hint' : 'h (Hint)';
  const el = (name, attrs, parent) => {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  };

  // ---- Connect protocol over fetch --------------------------------------

  class RPCError extends Error {
    constructor(code, message, violations) { super(message); this.code = code; this.violations = violations || []; }
  }

  const httpCodes = { 400: 'invalid_argument', 401: 'unauthenticated', 403: 'permission_denied', 404: 'unimplemented', 408: 'deadline_exceeded', 429: 'resource_exhausted', 503: 'unavailable' };

  function rpcError(body, httpStatus) {
    if (body && body.code) return new RPCError(body.code, body.message || body.code, fieldViolations(body.details));
    return new RPCError(httpCodes[httpStatus] || 'unknown', 'HTTP ' + httpStatus);
  }

  // fieldViolations returns the field violations of an error's
  // google.rpc.BadRequest details: from the JSON the server may add
  // ("debug"), else from the binary message itself.
  function fieldViolations(details) {
    const out = [];
    for (const d of details || []) {
      if (d.type !== 'google.rpc.BadRequest') continue;
      if (d.debug && d.debug.fieldViolations) out.push(...d.debug.fieldViolations);
      else if (d.value) {
        try { out.push(...decodeBadRequest(d.value)); } catch (e) { /* not a BadRequest after all */ }
      }
    }
    return out;
  }

  // decodeBadRequest reads a base64 google.rpc.BadRequest: field 1 holds
  // the violations, each with field (1) and description (2) strings.
  function decodeBadRequest(b64) {
    const bin = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((b64.length + 3) % 4));
    const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
    const fields = (buf) => {
      const out = [];
      let i = 0;
      const varint = () => {
        let v = 0, shift = 0, b;
        do { b = buf[i++]; v += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80 && i < buf.length);
        return v;
      };
      while (i < buf.length) {
        const key = varint();
        if ((key & 7) !== 2) throw new Error('unexpected wire type');
        const len = varint();
        out.push([key >> 3, buf.subarray(i, i + len)]);
        i += len;
      }
      return out;
    };
    const dec = new TextDecoder();
    return fields(bytes).filter(([f]) => f === 1).map(([, v]) => {
      const fv = { field: '', description: '' };
      for (const [f, s] of fields(v)) {
        if (f === 1) fv.field = dec.decode(s);
        if (f === 2) fv.description = dec.decode(s);
      }
      return fv;
    });
  }

  function headers(contentType) {
    const h = { 'Content-Type': contentType, 'Connect-Protocol-Version': '1' };
    const token = $('token').value.trim();
    if (token) h.Authorization = 'Bearer ' + token;
    return h;
  }

  // reached awaits a network operation and words the TypeError it fails
  // with when the server cannot be reached or the connection drops
  // ("Failed to fetch", "network error") as an Unavailable call saying
  // so; an abort (a newer solve) passes through as it is.
  async function reached(op, what) {
    try {
      return await op;
    } catch (e) {
      if (e instanceof TypeError) throw new RPCError('unavailable', `${what} (${e.message}): is the server running?`);
      throw e;
    }
  }

  // unary makes a Connect unary call with a JSON body.
  async function unary(method, req, signal) {
    const res = await reached(fetch(SERVICE + method, { method: 'POST', headers: headers('application/json'), body: JSON.stringify(req), signal }), 'the server could not be reached');
    let body = null;
    try { body = await res.json(); } catch (e) { /* not JSON */ }
    if (!res.ok) throw rpcError(body, res.status);
    return body || {};
  }

  // serverStream makes a Connect server-streaming call and yields each
  // message: enveloped JSON, then an end-of-stream message with any error.
  async function* serverStream(method, req, signal) {
    const json = new TextEncoder().encode(JSON.stringify(req));
    const env = new Uint8Array(5 + json.length);
    new DataView(env.buffer).setUint32(1, json.length);
    env.set(json, 5);
    const res = await reached(fetch(SERVICE + method, { method: 'POST', headers: headers('application/connect+json'), body: env, signal }), 'the server could not be reached');
    if (!res.ok) {
      let body = null;
      try { body = await res.json(); } catch (e) { /* not JSON */ }
      throw rpcError(body, res.status);
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = new Uint8Array(0);
    for (;;) {
      while (buf.length >= 5) {
        const len = new DataView(buf.buffer, buf.byteOffset, 5).getUint32(1);
        if (buf.length < 5 + len) break;
        const flags = buf[0];
        const msg = JSON.parse(dec.decode(buf.subarray(5, 5 + len)));
        buf = buf.subarray(5 + len);
        if (flags & 2) {
          if (msg.error) throw rpcError(msg.error);
          return;
        }
        yield msg;
      }
      const { done, value } = await reached(reader.read(), 'the connection to the server was lost');
      if (done) throw new RPCError('unavailable', 'the stream ended early');
      const next = new Uint8Array(buf.length + value.length);
      next.set(buf);
      next.set(value, buf.length);
      buf = next;
    }
  }

  // ---- Geometry ----------------------------------------------------------

  function boxShape(n) {
    let rows = 0;
    for (let r = 1; r * r <= n; r++) if (n % r === 0) rows = r;
    return rows <= 1 ? [0, 0] : [rows, n / rows];
  }

  // buildLayout derives the units, peers and drawing of a board as the
  // service's Convert returns it (the engine's grid.Layout).
  function buildLayout(board, charset) {
    const n = board.size || 0;
    if (n < 2 || n > 32) throw new Error('board size ' + n + ' is not drawable');
    const N = n * n;
    const variant = board.variant || 'VARIANT_CLASSIC';
    const units = [];
    const unitByKey = new Map();
    const add = (kind, index, cells) => { units.push({ kind, index, cells }); unitByKey.set(kind + ':' + index, cells); };
    const seq = (f) => Array.from({ length: n }, (_, i) => f(i));
    for (let r = 0; r < n; r++) add('UNIT_KIND_ROW', r, seq((i) => r * n + i));
    for (let c = 0; c < n; c++) add('UNIT_KIND_COLUMN', c, seq((i) => i * n + c));
    let region = null;
    let [boxRows, boxCols] = [0, 0];
    if (!['VARIANT_KENKEN', 'VARIANT_STR8TS', 'VARIANT_STR8TS_X'].includes(variant)) {
      region = new Int32Array(N);
      const labels = board.regions || [];
      if (labels.length === N) {
        const index = new Map();
        labels.forEach((label, cell) => {
          if (!index.has(label)) index.set(label, index.size);
          region[cell] = index.get(label);
        });
      } else {
        [boxRows, boxCols] = boxShape(n);
        if (boxRows === 0) region = null;
        else for (let cell = 0; cell < N; cell++) region[cell] = Math.floor(cell / n / boxRows) * (n / boxCols) + Math.floor((cell % n) / boxCols);
      }
      if (region) {
        const members = Array.from({ length: n }, () => []);
        region.forEach((k, cell) => { if (members[k]) members[k].push(cell); });
        members.forEach((cells, k) => add('UNIT_KIND_REGION', k, cells));
      }
    }
    const windows = [], colours = [];
    let diagonals = false;
    if (['VARIANT_X', 'VARIANT_STR8TS_X', 'VARIANT_STR8TS_BX', 'VARIANT_KILLER_X'].includes(variant)) {
      diagonals = true;
      add('UNIT_KIND_DIAGONAL', 0, seq((i) => i * n + i));
      add('UNIT_KIND_DIAGONAL', 1, seq((i) => i * n + n - 1 - i));
    } else if (variant === 'VARIANT_WINDOKU' && boxRows && boxRows === boxCols) {
      const b = boxRows;
      let k = 0;
      for (let top = 1; top + b <= n; top += b + 1) {
        for (let left = 1; left + b <= n; left += b + 1) {
          const cells = seq((i) => (top + Math.floor(i / b)) * n + left + (i % b));
          add('UNIT_KIND_WINDOW', k++, cells);
          windows.push(cells);
        }
      }
    } else if (variant === 'VARIANT_COLOUR' && boxRows) {
      for (let p = 0; p < n; p++) {
        const pr = Math.floor(p / boxCols), pc = p % boxCols;
        const cells = seq((i) => {
          const br = Math.floor(i / (n / boxCols)), bc = i % (n / boxCols);
          return (br * boxRows + pr) * n + bc * boxCols + pc;
        });
        add('UNIT_KIND_COLOUR', p, cells);
        colours.push(cells);
      }
    }
    const black = Uint8Array.from(board.cells || [], (c) => (c.black ? 1 : 0));
    const cages = (board.cages || []).map((c) => ({ cells: c.cells || [], target: c.target || 0, op: c.operator || '' }));
    const cageOf = new Int32Array(N).fill(-1);
    cages.forEach((c, k) => c.cells.forEach((cell) => { cageOf[cell] = k; }));
    const distinctCages = ['VARIANT_KILLER', 'VARIANT_KILLER_JIGSAW', 'VARIANT_KILLER_X'].includes(variant);

    const peerSets = Array.from({ length: N }, () => new Set());
    const link = (cells) => {
      for (const a of cells) for (const b of cells) if (a !== b) peerSets[a].add(b);
    };
    units.forEach((u) => link(u.cells));
    if (distinctCages) cages.forEach((c) => link(c.cells));
    const peers = peerSets.map((s) => Int32Array.from(s));

    let symbols = SYMBOLS;
    if (charset && charset.length > n) symbols = charset.slice(1);
    // The pencil marks take a grid as square as fits, in the fewest rows
    // that hold the digits: 3 × 3 for nine, 3 × 2 for six.
    const cols = Math.ceil(Math.sqrt(n)), rows = Math.ceil(n / cols);
    // On a board with cages the pencil marks keep inside the cages'
    // outlines, CAGE_INSET in from the cell's sides, and under the band of
    // a cage's sum (its label's box ends 15.3 down): no mark touches either.
    const side = cages.length ? CAGE_INSET + 2 : 0;
    const top = cages.length ? 16.5 : 0;
    return {
      n, N, variant, units, unitByKey, region, boxRows, boxCols, diagonals, windows, colours, black, cages, cageOf, peers, symbols,
      cols, rows, side, top, subX: (S - 2 * side) / cols, subY: (S - top - side) / rows,
    };
  }

  // candidateCentre is where digit d of a cell is drawn.
  function candidateCentre(L, cell, d) {
    const r = Math.floor(cell / L.n), c = cell % L.n;
    const i = d - 1;
    return [c * S + L.side + ((i % L.cols) + 0.5) * L.subX, r * S + L.top + (Math.floor(i / L.cols) + 0.5) * L.subY];
  }

  // ---- Board state -------------------------------------------------------

  const bit = (d) => 2 ** (d - 1);

  function initialState(L, board) {
    const vals = new Uint8Array(L.N), cands = new Uint32Array(L.N), given = new Uint8Array(L.N);
    cands.fill(2 ** L.n - 1);
    const st = { vals, cands, stack: [] };
    (board.cells || []).forEach((c, i) => {
      if (c.value) { place(L, st, i, c.value); given[i] = c.given ? 1 : 0; }
      if (c.black) cands[i] = 0; // a black cell takes no digit but its clue
    });
    (board.cells || []).forEach((c, i) => {
      if (!c.value && c.candidates && c.candidates.length) {
        let keep = 0;
        for (const d of c.candidates) keep += bit(d);
        cands[i] &= keep;
      }
    });
    return { st, given };
  }

  function place(L, st, cell, d) {
    st.vals[cell] = d;
    st.cands[cell] = 0;
    const clear = ~bit(d);
    for (const p of L.peers[cell]) st.cands[p] &= clear;
  }

  const snapshot = (st) => ({ vals: st.vals.slice(), cands: st.cands.slice() });
  const cloneState = (st) => ({ vals: st.vals.slice(), cands: st.cands.slice(), stack: st.stack.slice() });

  // applyStep does what the solver did: a guess saves the board first, a
  // backtrack returns to it before removing the failed digit.
  function applyStep(L, st, step) {
    if (step.kind === 'STEP_KIND_GUESS') st.stack.push(snapshot(st));
    if (step.kind === 'STEP_KIND_BACKTRACK') {
      const saved = st.stack.pop();
      if (saved) { st.vals.set(saved.vals); st.cands.set(saved.cands); }
    }
    for (const p of step.placements || []) {
      const cell = p.cell || 0;
      if (cell < L.N && !st.vals[cell]) place(L, st, cell, p.digit || 0);
    }
    for (const e of step.eliminations || []) {
      const cell = e.cell || 0;
      if (cell < L.N) st.cands[cell] &= ~bit(e.digit || 0);
    }
  }

  // ---- The solve being shown --------------------------------------------

  let run = null; // the current solve: layout, steps, states, result
  let pos = 0; // steps applied on the board shown; steps[pos] is highlighted
  let playing = true;
  let speed = 5;
  let carry = 0;
  let lastTick = 0;
  let dirty = true;
  let overlay = null; // a step drawn in place of the next one (the test hook)
  // hint is how much of the highlighted step the page tells: 0 all of it
  // (a replay), 1 its technique and area, 2 also its cells and digits, 3
  // all of it after a hint (the next h goes on to the next step's hint).
  let hint = 0;
  // player is play mode (play.js), when loaded: while it is on, the board
  // shows the person's own position and the step it tells from there.
  let player = null;
  const playMode = () => !!(player && player.on());

  function newRun(L, board) {
    const { st, given } = initialState(L, board);
    return {
      L, given, steps: [], result: null, error: null, done: false,
      head: st, checkpoints: [cloneState(st)], cursor: { pos: 0, st: cloneState(st) },
      listed: 0,
    };
  }

  function addStep(step) {
    delete step.board; // the packed board: not needed, and large on big boards
    run.steps.push(step);
    applyStep(run.L, run.head, step);
    if (run.steps.length % CHECKPOINT === 0) run.checkpoints.push(cloneState(run.head));
    dirty = true;
  }

  // stateAt returns the board after p steps.
  function stateAt(p) {
    const cur = run.cursor;
    if (p < cur.pos || p - cur.pos > CHECKPOINT) {
      const k = Math.min(Math.floor(p / CHECKPOINT), run.checkpoints.length - 1);
      cur.st = cloneState(run.checkpoints[k]);
      cur.pos = k * CHECKPOINT;
    }
    while (cur.pos < p) applyStep(run.L, cur.st, run.steps[cur.pos++]);
    return cur.st;
  }

  // ---- Drawing ------------------------------------------------------------

  let view = null; // the SVG elements of the current board

  function drawBoard(L) {
    const svg = $('board');
    svg.textContent = '';
    const W = L.n * S;
    svg.setAttribute('viewBox', `-3 -3 ${W + 6} ${W + 6}`);
    svg.setAttribute('aria-label', `${L.n}×${L.n} ${variantName(L.variant)} board`);
    const defs = el('defs', {}, svg);
    for (const kind of ['strong', 'weak', 'then']) {
      const m = el('marker', { id: 'arrow-' + kind, viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '5', markerHeight: '5', orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-' + kind }, m);
    }
    el('rect', { x: 0, y: 0, width: W, height: W, class: 'bg' }, svg);
    for (const cells of L.windows) {
      for (const cell of cells) el('rect', { x: (cell % L.n) * S, y: Math.floor(cell / L.n) * S, width: S, height: S, class: 'window' }, svg);
    }
    // A Colour board's groups, each in its own tint (style.css has nine;
    // past nine, hues around the wheel, as light).
    L.colours.forEach((cells, p) => {
      const attrs = { class: `colour c${p}`, 'data-colour': p };
      if (p >= 9) attrs.fill = `hsl(${Math.round((p * 360) / L.colours.length)}, 80%, 88%)`;
      for (const cell of cells) el('rect', { x: (cell % L.n) * S, y: Math.floor(cell / L.n) * S, width: S, height: S, ...attrs }, svg);
    });
    const units = el('g', { id: 'hl-units' }, svg);
    const cells = el('g', { id: 'hl-cells' }, svg);
    // Str8ts black cells: over the highlights, so that they stay black.
    for (let cell = 0; cell < L.N; cell++) {
      if (L.black[cell]) el('rect', { x: (cell % L.n) * S, y: Math.floor(cell / L.n) * S, width: S, height: S, class: 'black', 'data-black': cell }, svg);
    }
    const grid = el('g', {}, svg);
    for (let i = 1; i < L.n; i++) {
      el('line', { x1: i * S, y1: 0, x2: i * S, y2: W, class: 'gridline' }, grid);
      el('line', { x1: 0, y1: i * S, x2: W, y2: i * S, class: 'gridline' }, grid);
    }
    // A window's outline marks it (its tint alone is too faint to see).
    for (const cells of L.windows) {
      const x = Math.min(...cells.map((c) => c % L.n)) * S, y = Math.floor(Math.min(...cells) / L.n) * S;
      const side = Math.sqrt(cells.length) * S;
      el('rect', { x, y, width: side, height: side, class: 'windowline' }, grid);
    }
    if (L.diagonals) {
      el('line', { x1: 0, y1: 0, x2: W, y2: W, class: 'diagonal' }, grid);
      el('line', { x1: W, y1: 0, x2: 0, y2: W, class: 'diagonal' }, grid);
    }
    // A cage's outline breaks off where its sum is written: the label
    // needs no background of its own, which would cover the highlights.
    const cut = el('mask', { id: 'cage-cut', maskUnits: 'userSpaceOnUse', x: -3, y: -3, width: W + 6, height: W + 6 }, defs);
    el('rect', { x: -3, y: -3, width: W + 6, height: W + 6, fill: '#fff' }, cut);
    drawCages(L, el('g', { mask: 'url(#cage-cut)' }, svg), el('g', {}, svg), cut);
    const cutChain = el('g', {}, cut); // the step's own labels (drawSumLabel)
    const regions = el('g', {}, svg);
    if (L.region) {
      for (let cell = 0; cell < L.N; cell++) {
        const r = Math.floor(cell / L.n), c = cell % L.n;
        if (c + 1 < L.n && L.region[cell] !== L.region[cell + 1]) el('line', { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S, class: 'regionline' }, regions);
        if (r + 1 < L.n && L.region[cell] !== L.region[cell + L.n]) el('line', { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S, class: 'regionline' }, regions);
      }
    }
    el('rect', { x: 0, y: 0, width: W, height: W, class: 'frame' }, svg);
    const faults = el('g', { id: 'hl-faults' }, svg);
    const marks = el('g', { id: 'hl-marks' }, svg);
    const texts = el('g', {}, svg);
    const candSize = (Math.min(L.subX, L.subY) * 0.8).toFixed(1);
    const valueEls = [], candEls = [];
    for (let cell = 0; cell < L.N; cell++) {
      const r = Math.floor(cell / L.n), c = cell % L.n;
      // A digit sits a little low in a cell with room for a cage's sum.
      const v = el('text', { x: c * S + S / 2, y: r * S + S / 2 + (L.cages.length ? 11 / 3 : 0), class: 'value', 'data-cell': cell }, texts);
      valueEls.push(v);
      const cs = [];
      for (let d = 1; d <= L.n; d++) {
        const [x, y] = candidateCentre(L, cell, d);
        const t = el('text', { x: x.toFixed(1), y: y.toFixed(1), class: 'cand', 'font-size': candSize, display: 'none' }, texts);
        t.textContent = L.symbols[d - 1] || '?';
        cs.push(t);
      }
      candEls.push(cs);
    }
    const chain = el('g', { id: 'hl-chain' }, svg);
    view = {
      units, cells, faults, marks, chain, cutChain, valueEls, candEls,
      vals: new Int16Array(L.N).fill(-1), cands: new Float64Array(L.N).fill(-1), placed: new Uint8Array(L.N),
      litCands: [],
    };
  }

  // drawCages outlines each cage inside its cells (in g) and writes its
  // target (in labels), cutting the label's box out of the outlines (in
  // the mask cut).
  function drawCages(L, g, labels, cut) {
    const n = L.n, d = CAGE_INSET;
    const inCage = (r, c, k) => r >= 0 && r < n && c >= 0 && c < n && L.cageOf[r * n + c] === k;
    L.cages.forEach((cage, k) => {
      let path = '';
      for (const cell of cage.cells) {
        const r = Math.floor(cell / n), c = cell % n;
        const x0 = c * S, y0 = r * S, x1 = x0 + S, y1 = y0 + S;
        // For each side on the cage's edge: where the line starts and ends
        // depends on the neighbours along it.
        const ext = (along, diag) => (along ? (diag ? -d : 0) : d);
        if (!inCage(r - 1, c, k)) path += `M${x0 + ext(inCage(r, c - 1, k), inCage(r - 1, c - 1, k))},${y0 + d}H${x1 - ext(inCage(r, c + 1, k), inCage(r - 1, c + 1, k))}`;
        if (!inCage(r + 1, c, k)) path += `M${x0 + ext(inCage(r, c - 1, k), inCage(r + 1, c - 1, k))},${y1 - d}H${x1 - ext(inCage(r, c + 1, k), inCage(r + 1, c + 1, k))}`;
        if (!inCage(r, c - 1, k)) path += `M${x0 + d},${y0 + ext(inCage(r - 1, c, k), inCage(r - 1, c - 1, k))}V${y1 - ext(inCage(r + 1, c, k), inCage(r + 1, c - 1, k))}`;
        if (!inCage(r, c + 1, k)) path += `M${x1 - d},${y0 + ext(inCage(r - 1, c, k), inCage(r - 1, c + 1, k))}V${y1 - ext(inCage(r + 1, c, k), inCage(r + 1, c + 1, k))}`;
      }
      if (path) el('path', { d: path, class: 'cage' }, g);
      if (!cage.cells.length || cage.op === 'CAGE_OPERATOR_DISTINCT') return; // a cage without a total has no label
      const first = Math.min(...cage.cells);
      const arithmetic = L.variant === 'VARIANT_KENKEN' || L.variant === 'VARIANT_KENDOKU';
      const label = String(cage.target) + (arithmetic && OPS[cage.op] && cage.cells.length > 1 ? OPS[cage.op] : '');
      const x = (first % n) * S + 2, y = Math.floor(first / n) * S + 2;
      el('rect', { x, y, width: 7 * label.length + 3, height: 12, fill: '#000' }, cut);
      el('text', { x: x + 1.5, y: y + 10.5, class: 'cagesum' }, labels).textContent = label;
    });
  }

  const clear = (g) => { while (g.firstChild) g.removeChild(g.firstChild); };

  function render() {
    if (!run || !view) return;
    const L = run.L;
    const steps = run.steps;
    pos = Math.max(0, Math.min(pos, steps.length));
    const mine = playMode();
    const st = mine ? player.state() : stateAt(pos);
    const step = mine ? player.step() : overlay || (pos < steps.length ? steps[pos] : null);

    // Digits and pencil marks: touch only the cells that changed.
    for (let cell = 0; cell < L.N; cell++) {
      const v = st.vals[cell], cs = st.cands[cell];
      if (view.vals[cell] !== v) {
        view.vals[cell] = v;
        const t = view.valueEls[cell];
        t.textContent = v ? L.symbols[v - 1] || '?' : '';
        t.setAttribute('class', 'value' + (L.black[cell] ? ' clue' : run.given[cell] ? ' given' : ''));
      }
      if (view.cands[cell] !== cs) {
        view.cands[cell] = cs;
        const els = view.candEls[cell];
        for (let d = 1; d <= L.n; d++) {
          if (cs & bit(d)) els[d - 1].removeAttribute('display');
          else els[d - 1].setAttribute('display', 'none');
        }
      }
    }

    // A solve without a solution ends on a dead end: its cells are outlined
    // there, not on the steps before, where they are not dead yet.
    if (run.dead) {
      clear(view.faults);
      if (!mine && !overlay && pos >= steps.length) markFaults(L, run.dead);
    }

    // The step's highlights.
    clear(view.units); clear(view.cells); clear(view.marks); clear(view.chain); clear(view.cutChain);
    for (const t of view.litCands) t.setAttribute('class', 'cand');
    view.litCands = [];
    const level = mine ? player.level() : overlay ? 0 : hint;
    if (step && (level === 1 || level === 2)) {
      drawHint(L, step, level);
    } else if (step) {
      for (const u of step.units || []) for (const cell of unitCells(L, u)) cellRect(L, cell, 'unit', view.units);
      for (const cell of step.cells || []) cellRect(L, cell || 0, 'cellhl', view.cells);
      for (const p of step.placements || []) cellRect(L, p.cell || 0, 'placecell', view.cells);
      for (const h of step.highlights || []) mark(L, h.cell || 0, h.digit || 0, ROLES[h.role] || 'pattern');
      for (const e of step.eliminations || []) mark(L, e.cell || 0, e.digit || 0, 'elim');
      for (const p of step.placements || []) mark(L, p.cell || 0, p.digit || 0, 'place');
      drawChain(L, step, st);
      if (zoom > 0) keepInView(L, step);
    }
    showCaption(step);
    if (mine) {
      player.decorate(view);
      if (!step) player.caption();
    }
    if (step && (level === 1 || level === 2)) hintCaption(L, step, level);
    markListed();
    // The hinted step's tooltip in the list holds its explanation: it
    // waits, as the caption's does, for the hint's third level.
    const hide = !mine && !overlay && step && (level === 1 || level === 2) ? listedCurrent : null;
    if (untitled && untitled !== hide && untitled.isConnected) untitled.title = listTitle(steps[Number(untitled.dataset.pos)]);
    if (hide) hide.title = '';
    untitled = hide;
  }

  // ---- Hints ---------------------------------------------------------------

  // unitCells returns the cells of a step's unit (none for a unit the
  // layout lacks).
  const unitCells = (L, u) => (u.cells && u.cells.length ? u.cells : L.unitByKey.get(u.kind + ':' + (u.index || 0))) || [];

  // hintCells returns the cells a step works on: those it places in or
  // removes candidates from, and the cells of its pattern.
  function hintCells(step) {
    const cells = new Set(step.cells || []);
    for (const x of [...(step.placements || []), ...(step.eliminations || []), ...(step.highlights || [])]) cells.add(x.cell || 0);
    return [...cells].sort((a, b) => a - b);
  }

  // hintArea is where the first hint points: the step's units, else the
  // cages (three at most) that hold every cell of the step, as a killer's
  // or a KenKen's cage steps name no unit, else the step's cells. names
  // words it, cells are drawn.
  function hintArea(L, step) {
    const units = step.units || [];
    if (units.length) return { names: units.map((u) => u.name).filter(Boolean), cells: units.flatMap((u) => unitCells(L, u)), wide: true };
    const cells = hintCells(step);
    const cages = [...new Set(cells.map((c) => L.cageOf[c]))].sort((a, b) => Math.min(...L.cages[a]?.cells || [0]) - Math.min(...L.cages[b]?.cells || [0]));
    // A cage step's cells fill at least two cells of each of its cages (or
    // its one); a single's cell, or a wing's, lies in a cage by chance.
    const ofCage = (k) => cells.filter((c) => L.cageOf[c] === k).length >= Math.min(2, L.cages[k].cells.length);
    if (cells.length && cages.length <= 3 && cages.every((k) => k >= 0 && ofCage(k))) {
      return { names: cages.map((k) => cageName(L, k)), cells: cages.flatMap((k) => L.cages[k].cells), wide: true };
    }
    return { names: cells.map((c) => cellName(L, c)), cells, wide: false };
  }

  // cageName names cage k as the explanations do: "cage 19+ at r3c4", by
  // its total and operator, in the engine's symbols, and its first cell.
  function cageName(L, k) {
    const cage = L.cages[k];
    const at = cellName(L, Math.min(...cage.cells));
    if (cage.op === 'CAGE_OPERATOR_DISTINCT') return `the cage at ${at}`;
    return `cage ${cage.target}${NAME_OPS[cage.op] || ''} at ${at}`;
  }

  // drawHint highlights what a hint of the level tells of a step: at 1
  // its area (its units or cages, else its cells), at 2 also its cells
  // and the candidates of its pattern, never what it places or removes.
  function drawHint(L, step, level) {
    const area = hintArea(L, step);
    if (area.wide) for (const cell of area.cells) cellRect(L, cell, 'unit', view.units);
    if (level === 1 && area.wide) return;
    for (const cell of hintCells(step)) cellRect(L, cell, 'cellhl', view.cells);
    if (level === 2) for (const h of step.highlights || []) mark(L, h.cell || 0, h.digit || 0, ROLES[h.role] || 'pattern');
  }

  // hintCaption words a hint: the technique and its area, then the cells
  // and digits involved; the explanation, which gives the step away,
  // waits for the whole step.
  function hintCaption(L, step, level) {
    showOutline(null);
    $('method').textContent = '';
    $('technique').textContent = '';
    $('strategy').textContent = `Hint: ${step.technique || step.strategy || 'a step'}`;
    const area = hintArea(L, step).names.join(', ');
    if (level === 1) {
      $('explanation').textContent = `${area ? `Look at ${area}. ` : ''}Press ${HINT_KEY} again for the cells and digits.`;
      return;
    }
    // The digits in their order (1 to 9, then A…), not the step's.
    const digits = new Set();
    for (const x of [...(step.placements || []), ...(step.eliminations || []), ...(step.highlights || [])]) if (x.digit) digits.add(x.digit);
    const named = [...digits].sort((a, b) => a - b).map((d) => L.symbols[d - 1] || String(d));
    const cells = hintCells(step).map((c) => cellName(L, c));
    $('explanation').textContent = `${cells.length === 1 ? 'Cell' : 'Cells'} ${cells.join(', ')}; ${named.length === 1 ? 'digit' : 'digits'} ${named.join(', ')}. Press ${HINT_KEY} again for the whole step.`;
  }

  // hintKey gives a hint for the highlighted step, one level more each
  // time; after the whole step it moves on to the next step's hint.
  function hintKey() {
    if (!run) return;
    pause();
    // At the end of a finished solve no step is highlighted: a press that
    // changed nothing would leave the person wondering.
    if (run.done && pos >= run.steps.length) {
      const before = endNote || { text: $('status').textContent, className: $('status').className };
      setStatus(`No step left to hint: this is the end of the solve. ${HINT_KEY === 'Hint' ? 'Tap ⇤' : 'Press Home (⇤)'} to go back to its start, or try “Solve it yourself”.`);
      endNote = before;
      return;
    }
    if (hint === 3) {
      if (pos >= run.steps.length) return;
      go(pos + 1);
      hint = 1;
    } else {
      hint++;
    }
    dirty = true;
  }

  // keepInView scrolls a zoomed board to the cells a step changes, when
  // they are out of sight.
  function keepInView(L, step) {
    const cells = [...(step.placements || []), ...(step.eliminations || [])].map((x) => x.cell || 0);
    if (!cells.length) cells.push(...(step.cells || []));
    if (!cells.length) return;
    const box = $('boardscroll'), svg = $('board');
    const scale = svg.clientWidth / (L.n * S + 6);
    const xs = cells.map((cell) => ((cell % L.n) * S + 3) * scale), ys = cells.map((cell) => (Math.floor(cell / L.n) * S + 3) * scale);
    const x0 = Math.min(...xs), x1 = Math.max(...xs) + S * scale, y0 = Math.min(...ys), y1 = Math.max(...ys) + S * scale;
    const left = svg.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    const top = svg.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    const m = Math.min(S * scale, box.clientWidth / 4); // a margin: the cells' neighbours too
    if (left + x0 - m < box.scrollLeft || left + x1 + m > box.scrollLeft + box.clientWidth) box.scrollLeft = left + (x0 + x1) / 2 - box.clientWidth / 2;
    if (top + y0 - m < box.scrollTop || top + y1 + m > box.scrollTop + box.clientHeight) box.scrollTop = top + (y0 + y1) / 2 - box.clientHeight / 2;
  }

  function cellRect(L, cell, cls, g) {
    if (cell >= L.N) return;
    // On a Colour board a highlight's fill can match a group's tint: it is
    // edged too (style.css, .edged).
    if (L.colours.length) cls += ' edged';
    el('rect', { x: (cell % L.n) * S, y: Math.floor(cell / L.n) * S, width: S, height: S, class: cls }, g);
  }

  // mark circles candidate d of cell in the colour of its role.
  function mark(L, cell, d, role) {
    if (cell >= L.N || d < 1 || d > L.n) return;
    const [x, y] = candidateCentre(L, cell, d);
    const r = Math.min(L.subX, L.subY) * 0.46;
    el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: r.toFixed(1), class: 'mark ' + role }, view.marks);
    if (role === 'elim' || role === 'place') {
      const t = view.candEls[cell][d - 1];
      t.setAttribute('class', 'cand ' + role);
      t.removeAttribute('display'); // a placed digit's candidate is drawn even where the state is ahead
      view.litCands.push(t);
      view.cands[cell] = -1;
    }
  }

  // Chain nodes drawn as circles on their candidates; any other kind (ALS,
  // and kinds newer than this page, such as cages or compartments), and a
  // group of no digit (a subset or a unit's combination in a trial, which
  // its origin words), is drawn by outlining its cells. The rule of 45 (NODE_KIND_SUM) is also
  // labelled with its sum, and tells where it comes from on hover; any
  // other node with an origin (a compartment trial's dead end, a nested
  // net's lemma) shows it on hover. A trial's group that lists no
  // combinations crosses out, lightly, the candidates it took out under
  // the trial's assumption, and names them on hover.
  const CANDIDATE_NODES = new Set(['NODE_KIND_CANDIDATE', 'NODE_KIND_GROUP']);

  // drawChain outlines the chain's nodes and joins them with its links:
  // strong links solid, weak links dashed, arrows in the inference's way.
  // st is the board the step starts from: an outlined node with a digit
  // (an ALS, a cage) is circled on the cells that hold it as a candidate.
  function drawChain(L, step, st) {
    const nodes = step.nodes || [];
    if (!nodes.length) return;
    const r = Math.min(L.subX, L.subY) * 0.5;
    const sums = { at: new Map(), drawn: new Map() }; // the step's sum labels (drawSumLabel)
    const centres = nodes.map((node) => {
      const cells = (node.cells && node.cells.length ? node.cells : [0]).map((c) => c || 0).filter((c) => c < L.N);
      if (!cells.length) return null;
      const d = node.digit || 0;
      const onCandidate = d >= 1 && d <= L.n;
      if (!CANDIDATE_NODES.has(node.kind || 'NODE_KIND_CANDIDATE') || !onCandidate) {
        for (const cell of cells) {
          const box = el('rect', { x: (cell % L.n) * S + 2, y: Math.floor(cell / L.n) * S + 2, width: S - 4, height: S - 4, rx: 6, class: 'node cells', 'data-kind': node.kind || '' }, view.chain);
          const tip = nodeTip(L, node);
          if (tip && node.kind !== 'NODE_KIND_SUM') el('title', {}, box).textContent = tip;
        }
        if (node.kind === 'NODE_KIND_SUM') drawSumLabel(L, node, cells, sums);
        drawRemoved(L, node);
      }
      let circled = cells;
      if (onCandidate && !CANDIDATE_NODES.has(node.kind || 'NODE_KIND_CANDIDATE')) {
        const holding = cells.filter((cell) => st.cands[cell] & bit(d));
        if (holding.length) circled = holding;
      }
      const pts = circled.map((cell) => (onCandidate ? candidateCentre(L, cell, d) : [(cell % L.n + 0.5) * S, (Math.floor(cell / L.n) + 0.5) * S]));
      if (onCandidate) {
        for (const [i, [x, y]] of pts.entries()) {
          const dot = el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: r.toFixed(1), class: 'node', 'data-cell': circled[i], 'data-digit': d }, view.chain);
          // A nested net's lemma and premise say which contradiction they come from.
          if (node.origin) el('title', {}, dot).textContent = node.origin;
        }
      }
      const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
      const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
      return [cx, cy];
    });
    for (const lk of step.links || []) {
      const a = centres[lk.from || 0], b = centres[lk.to || 0];
      if (!a || !b) continue;
      // A trial's course ("then", under its premise) is neither link of a chain.
      const kind = { LINK_KIND_STRONG: 'strong', LINK_KIND_THEN: 'then' }[lk.kind] || 'weak';
      const dx = b[0] - a[0], dy = b[1] - a[1];
      const len = Math.hypot(dx, dy);
      if (len < 1) continue;
      const ux = dx / len, uy = dy / len;
      const x1 = a[0] + ux * r, y1 = a[1] + uy * r, x2 = b[0] - ux * r, y2 = b[1] - uy * r;
      // A gentle curve keeps links from hiding the candidates between.
      const bend = Math.min(len * 0.18, S * 0.6);
      const mx = (x1 + x2) / 2 - uy * bend, my = (y1 + y2) / 2 + ux * bend;
      el('path', {
        d: `M${x1.toFixed(1)},${y1.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}`,
        class: 'link ' + kind, 'marker-end': `url(#arrow-${kind})`,
      }, view.chain);
    }
  }

  // removedText words a node's removed candidates as the explanation does,
  // "r4c8<>46", one cell after another.
  function removedText(L, node) {
    const byCell = new Map();
    for (const e of node.removed || []) {
      const c = e.cell || 0, d = e.digit || 0;
      if (c >= L.N || d < 1 || d > L.n) continue;
      if (!byCell.has(c)) byCell.set(c, []);
      byCell.get(c).push(L.symbols[d - 1] || String(d));
    }
    return [...byCell].map(([c, ds]) => `${cellName(L, c)}<>${ds.join('')}`).join(', ');
  }

  // nodeTip is a node's hover text: its origin, then what it removed, the
  // verb agreeing as in the explanation ("the outies of box 3 give
  // r1c8<>46", "cage 12+ at r2c2 less the outies of row 1 gives ...").
  function nodeTip(L, node) {
    const gives = removedText(L, node);
    if (!gives) return node.origin || '';
    if (!node.origin) return 'gives ' + gives;
    return `${node.origin} ${/^the (innies|outies) /.test(node.origin) ? 'give' : 'gives'} ${gives}`;
  }

  // drawRemoved crosses out the candidates a trial's group took out.
  function drawRemoved(L, node) {
    const h = Math.min(L.subX, L.subY) * 0.3;
    for (const e of node.removed || []) {
      const c = e.cell || 0, d = e.digit || 0;
      if (c >= L.N || d < 1 || d > L.n) continue;
      const [x, y] = candidateCentre(L, c, d);
      const g = el('path', { d: `M${(x - h).toFixed(1)},${(y - h).toFixed(1)} L${(x + h).toFixed(1)},${(y + h).toFixed(1)} M${(x - h).toFixed(1)},${(y + h).toFixed(1)} L${(x + h).toFixed(1)},${(y - h).toFixed(1)}`, class: 'node-removed', 'data-cell': c, 'data-digit': d }, view.chain);
      el('title', {}, g).textContent = nodeTip(L, node);
    }
  }

  // drawSumLabel writes a rule-of-45 node's sum, "Σ12", in the top right
  // corner of its last cell, in the band over the pencil marks that holds
  // a cage's sum on the left (its last cell that starts no cage, where
  // there is one), with where the sum comes from as its tooltip. The
  // cages' outlines break off under it, as under a cage's sum. sums holds
  // the step's labels so far: by cell, the left edge of those written
  // there (at), and by rule, its tooltip (drawn). A rule written already
  // (a net follows it in two branches) is not written again, its
  // tooltip adding what it gives there; another rule goes to the last of
  // its cells with no label yet, else left of the labels in its last
  // cell, so that two sums sharing a cell ("Σ5" and "Σ15" in r7c8) do
  // not read as one ("ΣΣ15").
  function drawSumLabel(L, node, cells, sums) {
    const gives = removedText(L, node);
    const key = [...cells].sort((a, b) => a - b).join('+') + '=' + (node.target || 0) + ' ' + (node.origin || '');
    const seen = sums.drawn.get(key);
    if (seen) {
      if (gives) seen.textContent += (seen.textContent.includes(', which gives ') ? '; ' : ', which gives ') + gives;
      return;
    }
    const free = cells.filter((c) => L.cageOf[c] < 0 || Math.min(...L.cages[L.cageOf[c]].cells) !== c);
    const pool = free.length ? free : cells;
    const open = pool.filter((c) => !sums.at.has(c));
    const at = Math.max(...(open.length ? open : pool));
    const label = 'Σ' + (node.target || 0);
    const w = 7 * label.length + 3;
    const right = sums.at.has(at) ? sums.at.get(at) - 2 : ((at % L.n) + 1) * S - 2;
    const x = right - w, y = Math.floor(at / L.n) * S + 2;
    sums.at.set(at, x);
    const g = el('g', { class: 'nodesum' }, view.chain);
    el('rect', { x, y, width: w, height: 12, fill: 'none', 'pointer-events': 'all' }, g); // the tooltip's area
    el('rect', { x, y, width: w, height: 12, fill: '#000' }, view.cutChain);
    el('text', { x: x + 1.5, y: y + 10.5, class: 'nodesum' }, g).textContent = label;
    const title = el('title', {}, g);
    title.textContent = (node.origin ? node.origin + ': ' : '') + cells.map((c) => cellName(L, c)).join('+') + ' sum to ' + (node.target || 0) + (gives ? ', which gives ' + gives : '');
    sums.drawn.set(key, title);
  }

  // stepNumber is "12. " for the twelfth step of the solve, and nothing
  // for a step found from a person's own position (play mode), which is
  // no step of the solve.
  const stepNumber = (step) => (step.index ? `${step.index}. ` : '');

  function showCaption(step) {
    const total = run.steps.length;
    if (step) {
      $('method').textContent = step.method || '';
      $('strategy').textContent = `${stepNumber(step)}${step.strategy || ''}`;
      $('technique').textContent = step.technique && step.technique !== step.strategy ? step.technique : '';
      $('explanation').textContent = step.explanation || '';
      showOutline(step);
    } else {
      showOutline(null);
      $('method').textContent = '';
      $('technique').textContent = '';
      if (run.result) {
        $('strategy').textContent = statusText(run.result);
        $('explanation').textContent = run.noSolution || (run.result.difficulty ? difficultyText(run.result.difficulty, run.result.status === 'SOLVE_STATUS_STUCK') : '');
      } else if (run.error) {
        $('strategy').textContent = 'Stopped';
        $('explanation').textContent = run.error;
      } else {
        $('strategy').textContent = total ? 'Waiting for the next step…' : 'Solving…';
        $('explanation').textContent = '';
      }
    }
    // The total is a spoiler until revealed.
    $('position').textContent = revealed() ? `${Math.min(pos + 1, total)} / ${total}${run.done ? '' : '…'}` : `step ${pos + 1}`;
    $('board').dataset.position = String(pos);
    $('play').textContent = playing ? 'Pause' : 'Play';
    // Read out each step a person steps to, not fifteen a second of a
    // running replay.
    const live = playing && !playMode() ? 'off' : 'polite';
    if ($('caption').getAttribute('aria-live') !== live) $('caption').setAttribute('aria-live', live);
  }

  // ---- A trial's outline ------------------------------------------------------

  // outlineOf returns a step's explanation laid out one deduction a line
  // (Step.outline: the long trials' premise, deductions, inner trials and
  // conclusion), null for a step whose explanation reads in one line.
  const outlineOf = (step) => (step && step.outline && step.outline.length ? step.outline : null);

  // outlineText writes outline lines as text, two spaces a level of depth
  // (depth, 0, is left out of the JSON).
  const outlineText = (lines) => lines.map((ln) => '  '.repeat(Math.min(ln.depth || 0, 64)) + (ln.text || '')).join('\n');

  let outlined = null; // the step whose outline #outline holds

  // shortOutline is the most lines of an outline whose whole explanation
  // the caption reads out (a forcing chain's premise and chains; a trial's
  // run to hundreds of lines).
  const shortOutline = 8;

  // showOutline lays the outline of step out under the caption as nested
  // lists, a level a depth, in a box that scrolls; a step without one (or
  // none) hides the box, its explanation reading in the caption as before.
  // The caption is a live region: for an outline it holds, for screen
  // readers only, the whole explanation when the outline is short (a
  // forcing chain's few lines), else its first and last line and the
  // count; the list (focusable, to scroll it by keys) is read on demand.
  function showOutline(step) {
    const lines = outlineOf(step);
    const box = $('outline');
    $('caption').classList.toggle('outlined', !!lines);
    $('explanation').classList.toggle('visually-hidden', !!lines);
    if (!lines) {
      box.hidden = true; // its lines kept: a hint's first levels hide them a while
      return;
    }
    const first = lines[0].text || '', last = lines[lines.length - 1].text || '';
    $('explanation').textContent = lines.length <= shortOutline ? step.explanation || ''
      : `${first} … ${last} (the explanation in ${lines.length} lines, listed below)`;
    box.hidden = false;
    if (outlined === step) return;
    outlined = step;
    box.textContent = '';
    box.scrollTop = 0;
    // lists[d] is the list of depth d, items[d] its last item; a line one
    // level deeper opens a list in the item before it (a depth that skips
    // levels, or a first line not at 0, goes one level deeper at most).
    const lists = [box], items = [];
    for (const ln of lines) {
      let d = Math.min(ln.depth || 0, lists.length);
      if (d > 0 && !items[d - 1]) d = 0;
      if (d === lists.length) {
        const ul = document.createElement('ul');
        items[d - 1].appendChild(ul);
        lists.push(ul);
      }
      lists.length = d + 1;
      items.length = d + 1;
      const li = document.createElement('li');
      li.dataset.depth = String(d);
      li.textContent = ln.text || '';
      lists[d].appendChild(li);
      items[d] = li;
    }
  }

  const statusNames = {
    SOLVE_STATUS_SOLVED: 'Solved', SOLVE_STATUS_NO_SOLUTION: 'No solution',
    SOLVE_STATUS_MULTIPLE_SOLUTIONS: 'More than one solution', SOLVE_STATUS_STUCK: 'Stuck: logic alone cannot go on',
  };
  const statusText = (res) => statusNames[res.status] || res.status || 'Done';
  // difficultyText gives the HoDoKu-style level with the SE rating beside
  // it. A solve that logic left stuck grades Extreme for that, not for its
  // steps: its text says so and names the hardest step found, as
  // solverctl's does.
  const difficultyText = (d, stuck) => {
    const level = (d.level || '').replace('DIFFICULTY_LEVEL_', '').toLowerCase();
    const se = d.seRating ? `, SE-style ER ${d.seRating.toFixed(1)} EP ${(d.sePearl || 0).toFixed(1)} ED ${(d.seDiamond || 0).toFixed(1)}` : '';
    if (stuck || d.logicStuck) {
      const found = d.hardestStrategy ? `hardest step found: ${d.hardestStrategy}` : 'no step found';
      return `${level} as logic got stuck, ${d.stars || 0}★, score ${d.score || 0}${se}, ${found}`;
    }
    return `${level}, ${d.stars || 0}★, score ${d.score || 0}${se}, hardest: ${d.hardestStrategy || '—'}`;
  };

  // ---- The step list -------------------------------------------------------

  let listedCurrent = null;
  let untitled = null; // the list's step whose tooltip a hint holds back

  function flushList() {
    if (!run) return;
    const list = $('steplist');
    const frag = document.createDocumentFragment();
    for (; run.listed < run.steps.length; run.listed++) {
      const s = run.steps[run.listed];
      const li = document.createElement('li');
      li.dataset.pos = String(run.listed);
      if (s.kind === 'STEP_KIND_GUESS') li.className = 'guess';
      if (s.kind === 'STEP_KIND_BACKTRACK') li.className = 'backtrack';
      li.title = listTitle(s);
      const n = document.createElement('span'); n.className = 'n'; n.textContent = String(s.index || run.listed + 1);
      const m = document.createElement('span'); m.className = 'm'; m.textContent = s.method || '';
      const t = document.createElement('span'); t.textContent = s.technique || s.strategy || '';
      li.append(n, m, t);
      frag.appendChild(li);
    }
    if (frag.childNodes.length) list.appendChild(frag);
    $('stepcount').textContent = `(${run.steps.length}${run.done ? '' : '…'})`;
  }

  // listTitle is a listed step's tooltip: its explanation, or the first
  // lines of its outline (the whole one shows under the board).
  function listTitle(s) {
    const lines = outlineOf(s);
    if (!lines) return s.explanation || '';
    const shown = 30;
    const left = lines.length - shown;
    const more = left > 0 ? `\n… ${left} more line${left === 1 ? '' : 's'} under the board` : '';
    return outlineText(lines.slice(0, shown)) + more;
  }

  function markListed() {
    const list = $('steplist');
    if (listedCurrent) {
      listedCurrent.classList.remove('current');
      listedCurrent.removeAttribute('aria-current');
    }
    listedCurrent = list.children[pos] || null;
    if (listedCurrent) {
      listedCurrent.classList.add('current');
      listedCurrent.setAttribute('aria-current', 'step');
      const top = listedCurrent.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 20) list.scrollTop = top - list.clientHeight / 2;
    }
  }

  // showBoard brings the board into view when less than half of it shows:
  // in one column (a phone, a narrow window) the step list lies below it,
  // and a step picked there changed a board out of sight.
  function showBoard() {
    const r = $('boardscroll').getBoundingClientRect();
    const shown = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    if (shown < r.height / 2) $('boardscroll').scrollIntoView({ block: 'start' });
  }

  // ---- Playback ------------------------------------------------------------

  // flush draws what changed since the last frame.
  function flush() {
    if (!dirty) return;
    flushList();
    render();
    dirty = false;
  }

  function tick(now) {
    if (run) {
      const total = run.steps.length;
      const sps = SPEEDS[speed];
      if (run.at !== null && (total >= run.at || run.done)) {
        // A permalink's step has arrived: show it.
        go(Math.max(0, Math.min(run.at - 1, total)));
        run.at = null;
      }
      if (playing && pos < total) {
        if (sps === Infinity) {
          pos = run.done ? total : total - 1;
          carry = 0;
        } else {
          carry += Math.min(now - lastTick, 250) / 1000 * sps;
          if (carry >= 1) {
            const n = Math.floor(carry);
            carry -= n;
            pos = Math.min(total, pos + n);
          }
        }
        dirty = true;
      } else {
        carry = 0;
      }
      if (playing && sps === Infinity && run.done && pos !== total) { pos = total; dirty = true; }
      // The replay is over: the button offers to play it again.
      if (playing && run.done && pos >= total) { playing = false; dirty = true; }
      flush();
      // The address follows the position shown whenever it rests.
      if ((!playing || (run.done && pos >= total)) && run.at === null && run.linked !== pos) {
        run.linked = pos;
        history.replaceState(null, '', link());
      }
      document.body.dataset.state = run.error ? 'error' : run.done ? (pos >= total ? 'done' : 'replaying') : 'solving';
      if (document.body.dataset.state !== 'solving' && document.body.dataset.state !== 'replaying') reveal();
    }
    lastTick = now;
    requestAnimationFrame(tick);
  }

  // revealed reports whether the result may be shown: after the replay
  // reached the end (or failed), or when the person pressed Reveal.
  const revealed = () => document.body.classList.contains('revealed');
  function reveal() {
    if (revealed() || playMode()) return; // play mode keeps the result hidden
    document.body.classList.add('revealed');
    if (run && run.done && !run.error) setStatus(run.summary || '');
    dirty = true;
  }

  // endNote is the status that Hint at the end of the solve replaced,
  // given back when the replay moves: the note is true of the end alone.
  let endNote = null;

  function dropEndNote() {
    if (!endNote) return;
    $('status').textContent = endNote.text;
    $('status').className = endNote.className;
    endNote = null;
  }

  // togglePlay plays or pauses the replay; at the end of a finished
  // solve, it plays it again from the start.
  function togglePlay() {
    if (!playing && run && run.done && pos >= run.steps.length) pos = 0;
    playing = !playing; overlay = null; hint = 0; dirty = true;
    dropEndNote();
  }

  function go(p) { pos = Math.max(0, Math.min(p, run ? run.steps.length : 0)); overlay = null; hint = 0; dirty = true; dropEndNote(); }
  function pause() { playing = false; dirty = true; }

  function showSpeed() {
    const sps = SPEEDS[speed];
    $('speedlabel').textContent = sps === Infinity ? 'max' : `${sps}/s`;
    $('speed').value = String(speed);
    $('speed').setAttribute('aria-valuetext', sps === Infinity ? 'as fast as they come' : `${sps} steps a second`);
  }

  // linkNote is what the page's link got wrong, said before the status
  // until the person presses Solve.
  let linkNote = '';

  function setStatus(text, error) {
    endNote = null; // a newer status than the one Hint at the end replaced
    $('status').textContent = linkNote && !error ? `${linkNote} ${text}`.trim() : text;
    $('status').className = error ? 'error' : '';
  }

  // ---- Zoom ------------------------------------------------------------------

  const ZOOMS = [1, 1.25, 1.5, 2, 2.5, 3, 4];
  let zoom = 0;

  function setZoom(z) {
    zoom = Math.max(0, Math.min(ZOOMS.length - 1, z));
    document.documentElement.style.setProperty('--zoom', String(ZOOMS[zoom]));
    $('zoomlabel').textContent = `${Math.round(ZOOMS[zoom] * 100)}%`;
    $('zoomout').disabled = zoom === 0;
    $('zoomin').disabled = zoom === ZOOMS.length - 1;
    dirty = true; // redraw, which brings the step's cells into view
  }

  // ---- Permalinks --------------------------------------------------------------

  // The request fields a link carries besides the puzzle text, by query
  // parameter.
  const LINK_FIELDS = { format: 'format', variant: 'variant', charset: 'charset', map: 'regionMap' };

  // link returns the address of the puzzle shown at the step shown.
  function link() {
    const q = new URLSearchParams();
    const p = run.puzzle;
    q.set('puzzle', run.raw);
    for (const [param, field] of Object.entries(LINK_FIELDS)) if (p[field]) q.set(param, p[field]);
    if (p.tolerant) q.set('tolerant', '1');
    // A permalink's step not yet arrived is still the link's: the step
    // shown until then (1) would lose it to Copy link or a reload.
    q.set('step', String(run.at !== null ? run.at : pos + 1));
    const mine = player ? player.linkParam() : '';
    if (mine) q.set('play', mine);
    const marks = player ? player.linkMarks() : '';
    if (marks) q.set('marks', marks);
    return `${location.origin}${location.pathname}?${q}`;
  }

  // openLink fills the form from the page's address and, when it names a
  // puzzle, solves it and stops at its step.
  function openLink() {
    const q = new URLSearchParams(location.search);
    const text = q.get('puzzle');
    if (!text || !text.trim()) {
      // A link cut short on its way can lose its puzzle but keep the rest.
      if (['puzzle', 'step', 'play', 'marks', ...Object.keys(LINK_FIELDS), 'tolerant'].some((k) => q.has(k))) {
        setStatus('This link names no puzzle (its puzzle= is missing or empty): it was cut short on its way, most likely. Ask for the whole link, or paste the puzzle.', true);
      }
      return;
    }
    $('puzzle').value = text;
    // A variant or format by its name in the API ("VARIANT_KILLER_X") or
    // short ("killer-x"); one the page does not know is said, not dropped.
    const unknown = [['variant', 'VARIANT_'], ['format', 'FORMAT_']].filter(([param, prefix]) => {
      const v = (q.get(param) || '').trim().toUpperCase().replace(/[- ]/g, '_');
      const opt = v ? [...$(param).options].find((o) => o.value && (o.value === v || o.value === prefix + v)) : null;
      $(param).value = opt ? opt.value : '';
      return v && !opt;
    }).map(([param]) => `${param} “${q.get(param)}”`);
    $('charset').value = q.get('charset') || '';
    $('regionmap').value = q.get('map') || '';
    $('tolerant').checked = ['1', 'true', 'yes'].includes(q.get('tolerant'));
    if (q.get('charset') || q.get('map') || q.get('format') || q.get('variant') || $('tolerant').checked) $('more').open = true;
    if (unknown.length) {
      setStatus(`The link's ${unknown.join(' and ')} is not one this page knows: choose one under “Variant, format, charset, region map”, then press Solve.`, true);
      return;
    }
    const parsed = parseInt(q.get('step') || '1', 10);
    const step = Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
    // A step that is no number (cut short, mistyped) is said, not taken
    // silently for another: the status keeps saying it until Solve.
    if (q.has('step') && !/^\s*[1-9]\d*\s*$/.test(q.get('step'))) linkNote = `The link's step “${q.get('step')}” is not a step number (1 is the start): it shows step ${step}.`;
    solve(step);
  }

  // ---- Solving -------------------------------------------------------------

  // puzzleRequest reads the form as a Puzzle message: its text, or, for
  // text that starts with a brace (what solverctl convert --to json
  // writes), the structured board or the Puzzle that JSON holds. It
  // throws when such text is not JSON.
  function puzzleRequest() {
    const raw = $('puzzle').value.trim();
    let p = { text: raw };
    if (raw.startsWith('{') && !$('charset').value.includes('{')) {
      const obj = JSON.parse(raw);
      if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new Error('not a JSON object');
      p = 'text' in obj || 'board' in obj ? obj : { board: obj };
    }
    if ($('format').value) p.format = $('format').value;
    if ($('variant').value) p.variant = $('variant').value;
    if ($('charset').value.trim()) p.charset = $('charset').value.trim();
    if ($('regionmap').value.trim()) p.regionMap = $('regionmap').value.trim();
    if ($('tolerant').checked) p.tolerant = true;
    return p;
  }

  let latest = null; // the AbortController of the latest solve asked for

  // solve reads the puzzle of the form and streams its solve. With at, it
  // stops at that step (1-based) once it arrives instead of playing.
  async function solve(at) {
    if (typeof at !== 'number') linkNote = ''; // a solve of the person's, not the link's
    const raw = $('puzzle').value.trim();
    if (!raw) { setStatus('Paste a puzzle first.', true); return; }
    let puzzle;
    try {
      puzzle = puzzleRequest();
    } catch (e) {
      setStatus(`Reading the puzzle as JSON (it starts with '{'): ${e.message}`, true);
      return;
    }
    if (latest) latest.abort(); // an earlier solve, or its Convert still on the way
    const controller = new AbortController();
    latest = controller;
    $('steplist').textContent = '';
    $('result').textContent = '';
    document.body.classList.remove('revealed');
    listedCurrent = null;
    // Until the new puzzle is read, no board: an error is not the old one's.
    run = null;
    view = null;
    $('board').textContent = '';
    if (player) player.reset(null);
    setStatus('Reading the puzzle…');
    let conv;
    try {
      conv = await unary('Convert', { puzzle, tolerant: !!puzzle.tolerant }, controller.signal);
    } catch (e) {
      if (latest === controller && e.name !== 'AbortError') failed(e);
      return;
    }
    if (latest !== controller) return;
    let L;
    try {
      // The charset the text was read with: the form's, or an N×N text's own.
      L = buildLayout(conv.board || {}, conv.charset || puzzle.charset);
    } catch (e) {
      failed(e);
      return;
    }
    run = newRun(L, conv.board);
    run.puzzle = puzzle;
    run.raw = raw; // the text pasted, which a link carries
    run.board = conv.board;
    run.charset = conv.charset || puzzle.charset || '';
    run.at = typeof at === 'number' ? at : null;
    run.linked = -1;
    const mine = run;
    drawBoard(L);
    if (player) player.reset(L, run.board, run.given);
    // A person who asked for less motion starts the replay themselves.
    pos = 0; carry = 0; playing = run.at === null && !matchMedia('(prefers-reduced-motion: reduce)').matches; overlay = null; dirty = true;
    setStatus(`Solving a ${L.n}×${L.n} ${variantName(L.variant)} puzzle…`);
    document.body.dataset.state = 'solving';
    try {
      for await (const msg of serverStream('SolveSteps', { puzzle, options: { explainerRating: true } }, controller.signal)) {
        if (run !== mine) return;
        if (msg.step) addStep(msg.step);
        else if (msg.result) run.result = msg.result;
        // The count is a spoiler until revealed.
        if (msg.step && run.steps.length % 200 === 0 && revealed()) setStatus(`Solving… ${run.steps.length} steps received`);
      }
      run.done = true;
      finish();
    } catch (e) {
      if (run !== mine || e.name === 'AbortError') return;
      run.done = true;
      run.error = errorText(e);
      failed(e);
    }
    dirty = true;
  }

  // failed reports an error: in the status line, and on the board the
  // cells the service names as at fault. Playback stops.
  function failed(e) {
    playing = false;
    $('play').textContent = 'Play';
    setStatus(errorText(e), true);
    if (!run || !view || !(e instanceof RPCError)) return;
    const cells = new Set();
    for (const v of e.violations) for (const cell of cellsNamed(run.L, `${v.field} ${v.description}`)) cells.add(cell);
    markFaults(run.L, cells);
  }

  // cellsNamed returns the cells a message names: "r3c4" (1-based row and
  // column) or a field "cells[30]" (a row-major index).
  function cellsNamed(L, text) {
    const out = [];
    for (const m of text.matchAll(/\br(\d+)c(\d+)\b/g)) {
      const r = Number(m[1]) - 1, c = Number(m[2]) - 1;
      if (r >= 0 && r < L.n && c >= 0 && c < L.n) out.push(r * L.n + c);
    }
    for (const m of text.matchAll(/\bcells\[(\d+)\]/g)) if (Number(m[1]) < L.N) out.push(Number(m[1]));
    return out;
  }

  // markFaults outlines cells at fault on the board (class "fault").
  function markFaults(L, cells) {
    clear(view.faults);
    for (const cell of cells) {
      el('rect', { x: (cell % L.n) * S + 2, y: Math.floor(cell / L.n) * S + 2, width: S - 4, height: S - 4, class: 'fault', 'data-cell': cell }, view.faults);
    }
  }

  // deadEnd names what leaves the board shown without a solution: an
  // empty cell without candidates, or a digit without a place in a unit
  // that must hold every digit. It returns null when it finds neither.
  function deadEnd(L, st) {
    for (let cell = 0; cell < L.N; cell++) {
      if (!st.vals[cell] && !st.cands[cell] && !L.black[cell]) return { text: `${cellName(L, cell)} has no candidates left`, cells: [cell] };
    }
    if (L.variant.startsWith('VARIANT_STR8TS')) return null; // rows and columns hold straights, not every digit
    for (const u of L.units) {
      for (let d = 1; d <= L.n; d++) {
        if (!u.cells.some((cell) => st.vals[cell] === d || st.cands[cell] & bit(d))) {
          return { text: `${L.symbols[d - 1]} has no place left in ${unitName(u)}`, cells: u.cells };
        }
      }
    }
    return null;
  }

  const cellName = (L, cell) => `r${Math.floor(cell / L.n) + 1}c${(cell % L.n) + 1}`;
  const unitName = (u) => `${u.kind.replace('UNIT_KIND_', '').toLowerCase().replace('region', 'box')} ${u.index + 1}`;

  // finish reports the result and checks the replayed board against it.
  function finish() {
    const res = run.result || {};
    const L = run.L;
    let agree = true;
    const cells = (res.board && res.board.cells) || [];
    if (cells.length === L.N) {
      for (let i = 0; i < L.N; i++) if ((cells[i].value || 0) !== run.head.vals[i]) agree = false;
    }
    if (res.status === 'SOLVE_STATUS_NO_SOLUTION') {
      // The service names the contradiction it ended on; older servers do
      // not, and the page looks for one on its own replay.
      const c = res.conflict;
      const dead = c && c.description ? { text: c.description, cells: (c.cells || []).filter((cell) => cell < L.N) } : deadEnd(L, run.head);
      if (dead) {
        run.noSolution = `No solution: ${dead.text}.`;
        run.dead = dead.cells; // outlined at the last step (render)
      }
    }
    run.summary = `${statusText(res)} in ${run.steps.length} steps${res.guessCount ? `, ${res.guessCount} guesses` : ''}.`;
    setStatus(revealed() ? run.summary : 'The solve is in: replay it, or press Reveal for the result.');
    const out = $('result');
    out.textContent = '';
    const s = document.createElement('span');
    s.className = res.status === 'SOLVE_STATUS_SOLVED' && agree ? 'ok' : 'bad';
    s.textContent = (run.noSolution || statusText(res)) + (agree ? '' : ' (the steps replayed here disagree with the final board)');
    out.append(s);
    // A rating and an answer are a puzzle's with one solution; otherwise
    // the board is labelled for what it is.
    const solved = res.status === 'SOLVE_STATUS_SOLVED';
    if (res.difficulty && solved) {
      const d = document.createElement('span');
      d.id = 'difficulty';
      d.textContent = difficultyText(res.difficulty);
      // Logic ran out of its share of the deadline and the solve guessed:
      // the rating is this run's, not the puzzle's own.
      if (res.logicShareSpent) d.textContent += ' (cut short: logic ran out of its half of the deadline, so the solve guessed; the rating is this run\'s, not the puzzle\'s)';
      out.append(document.createElement('br'), d);
    }
    // Sudoku Explainer's own rating (classic 9×9 puzzles with one
    // solution), beside the estimate of the level line.
    if (res.explainer && res.explainer.rated) {
      const x = document.createElement('span');
      x.id = 'explainer';
      const f = (v) => (v || 0).toFixed(1);
      x.textContent = `Sudoku Explainer: ER ${f(res.explainer.er)} EP ${f(res.explainer.ep)} ED ${f(res.explainer.ed)}`;
      out.append(document.createElement('br'), x);
    }
    if (res.plain) {
      const code = document.createElement('code');
      code.id = 'plain';
      code.textContent = res.plain;
      const label = res.status === 'SOLVE_STATUS_MULTIPLE_SOLUTIONS' ? 'One of the solutions: ' : solved ? '' : 'The board where the solve stopped: ';
      out.append(document.createElement('br'), label, code);
    }
  }

  const variantName = (v) => (v || 'VARIANT_CLASSIC').replace('VARIANT_', '').replace('_', ' ').toLowerCase();

  function errorText(e) {
    if (e instanceof RPCError) return `${e.code.replace(/_/g, ' ')}: ${e.message}`;
    return e && e.message ? e.message : String(e);
  }

  // captionText is the caption under the board as text: one line, or the
  // step's outline under its name.
  const captionText = () => {
    const lines = outlineOf(outlined);
    if (lines && !$('outline').hidden) return `${$('strategy').textContent}.\n${outlineText(lines)}`;
    return `${$('strategy').textContent}. ${$('explanation').textContent}`.trim();
  };

  // stepText is the step shown as one line of text; a step with an
  // outline has its first line on the step's, the others under it,
  // indented by depth (as solverctl steps prints them).
  function stepText() {
    const step = overlay || (run && pos < run.steps.length ? run.steps[pos] : null);
    if (!step) return captionText();
    const tech = step.technique && step.technique !== step.strategy ? ` (${step.technique})` : '';
    const lines = outlineOf(step);
    const expl = lines ? [lines[0].text || '', outlineText(lines.slice(1))].filter(Boolean).join('\n') : step.explanation || '';
    // A chain's explanation starts with its technique ("AIC: (1)r3c7=…").
    const named = [step.strategy, step.technique].some((name) => name && expl.startsWith(name + ':'));
    return `${stepNumber(step)}[${step.method || ''}] ${named ? '' : `${step.strategy || ''}${tech}: `}${expl}`;
  }

  // ---- Wiring --------------------------------------------------------------

  // typing reports whether a key goes to a text field rather than to the
  // viewer: sliders, checkboxes and buttons leave ←, → and space to it.
  const typing = (target) => !!target.closest('textarea, select, input:not([type=range]):not([type=checkbox]):not([type=button])');

  function init() {
    const ex = $('example');
    EXAMPLES.forEach((x, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = x.name;
      ex.appendChild(o);
    });
    ex.addEventListener('change', () => {
      const x = EXAMPLES[Number(ex.value)];
      if (!ex.value || !x) return;
      $('puzzle').value = x.text;
      $('charset').value = x.charset || '';
      $('regionmap').value = x.map || '';
      $('variant').value = '';
      $('format').value = '';
      $('tolerant').checked = !!x.tolerant;
      if (x.map || x.charset || x.tolerant) $('more').open = true;
    });
    $('solve').addEventListener('click', () => solve());
    $('reveal').addEventListener('click', reveal);
    $('play').addEventListener('click', togglePlay);
    $('hint').addEventListener('click', hintKey);
    $('back').addEventListener('click', () => { pause(); go(pos - 1); });
    $('forward').addEventListener('click', () => { pause(); go(pos + 1); });
    $('first').addEventListener('click', () => { pause(); go(0); });
    $('last').addEventListener('click', () => { pause(); if (run) go(run.steps.length); });
    $('speed').addEventListener('input', () => { speed = Number($('speed').value); showSpeed(); });
    $('zoomin').addEventListener('click', () => setZoom(zoom + 1));
    $('zoomout').addEventListener('click', () => setZoom(zoom - 1));
    $('steplist').addEventListener('click', (e) => {
      const li = e.target.closest('li');
      if (li) { pause(); go(Number(li.dataset.pos)); showBoard(); }
    });
    document.addEventListener('keydown', (e) => {
      if (typing(e.target)) return;
      // Space ticks the box, opens the details or presses the button that
      // has the focus, but for the transport controls, the digit pad and,
      // in play mode, its own buttons: there it is the pencil switch, as the
      // help says, which a button just clicked (Solve it yourself, Undo)
      // would otherwise take as a second press.
      if (e.key === ' ' && e.target.closest('button, summary, input[type=checkbox]') && !e.target.closest('#controls, #pad') && !(playMode() && e.target.closest('#playrow'))) return;
      // In the outline's box space, Home and End scroll it, as in any box
      // that scrolls, rather than play the solve or leave the step read.
      if ((e.key === ' ' || e.key === 'Home' || e.key === 'End') && e.target.closest('#outline')) return;
      if (player && player.key(e)) { e.preventDefault(); return; }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const keys = {
        ' ': togglePlay,
        h: hintKey,
        ArrowLeft: () => { pause(); go(pos - 1); },
        ArrowRight: () => { pause(); go(pos + 1); },
        Home: () => { pause(); go(0); },
        End: () => { pause(); if (run) go(run.steps.length); },
        '+': () => { speed = Math.min(SPEEDS.length - 1, speed + 1); showSpeed(); },
        '=': () => { speed = Math.min(SPEEDS.length - 1, speed + 1); showSpeed(); },
        '-': () => { speed = Math.max(0, speed - 1); showSpeed(); },
      };
      // The keys step the solve even where the focus is on the slider or a
      // button, which would otherwise take them.
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
    showSpeed();
    setZoom(0);
    document.body.dataset.state = 'idle';
    openLink();
    requestAnimationFrame((t) => { lastTick = t; tick(t); });
  }

  // The viewer's state for the export script (export.js) and the tests.
  window.sudokuViewer = {
    // show draws a step of one's own on the board shown (a test hook).
    show(step) { overlay = step; pause(); },
    // position returns the board shown: its layout, digits, pencil marks
    // and clues, the puzzle's request, the step text and the link to it;
    // null before a puzzle is read.
    // In play mode they are the person's board and play mode's caption,
    // never the replay's step.
    position() {
      if (!run) return null;
      // The caption is read from the page: draw what a key changed since
      // the last frame (a frame can be late in a background tab).
      flush();
      const mine = playMode();
      const st = mine ? player.state() : stateAt(pos);
      return {
        L: run.L, vals: st.vals, cands: st.cands, given: run.given, puzzle: run.puzzle, raw: run.raw,
        structured: run.board, charset: run.charset,
        step: mine ? captionText() : stepText(), link: link(), board: $('board'),
      };
    },
    setStatus,
    // The hooks of play mode (play.js).
    // attachPlayer takes play mode in; a puzzle read before play.js ran
    // (its script can load after the first Convert answers) is its first.
    attachPlayer(p) {
      player = p;
      if (run && view) p.reset(run.L, run.board, run.given);
    },
    redraw() { dirty = true; },
    pause,
    link: () => (run ? link() : location.href),
    // puzzleText is the text the puzzle shown was read from, '' before one.
    puzzleText: () => (run ? run.raw : ''),
    // result is the solve's result once it is in, null before.
    result: () => (run && run.done && !run.error ? run.result : null),
    unary,
    errorText,
    // cellName names a cell of layout L as the explanations do ("r3c4").
    cellName,
    // difficultyText words a result's rating (a test hook).
    difficultyText,
  };

  init();
})();
