// Export of the position shown by the viewer (viewer.js): the board as SVG
// and PNG, printing, and copies of the link, the board as a pencil-mark
// grid, the puzzle's string and the step's text.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const SVGNS = 'http://www.w3.org/2000/svg';
  const PNG_MAX_SIDE = 4096; // pixels: a 25×25 board stays within canvas limits

  // DEFAULT_SYMBOLS are the digits a board without a charset is read in.
  const DEFAULT_SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

  // position returns the viewer's position, or null before a puzzle.
  const position = () => (window.sudokuViewer ? window.sudokuViewer.position() : null);

  function status(text, error) {
    if (window.sudokuViewer) window.sudokuViewer.setStatus(text, error);
  }

  // boardStyle returns the page's style rules that draw the board, with
  // the colours they refer to, so that an exported SVG stands alone.
  function boardStyle() {
    const rules = [];
    for (const sheet of document.styleSheets) {
      let list;
      try { list = sheet.cssRules; } catch (e) { continue; } // another origin's sheet
      for (const rule of list) {
        // The board's own rule sizes it in the page, not in a file.
        if (rule.selectorText && (rule.selectorText === ':root' || rule.selectorText.includes('#board '))) rules.push(rule.cssText);
      }
    }
    return rules.join('\n');
  }

  // svgText returns the board shown as a standalone SVG document: its
  // digits, pencil marks, highlights and chain, with the step as its title.
  function svgText(pos) {
    const svg = pos.board.cloneNode(true);
    svg.setAttribute('xmlns', SVGNS);
    // Hidden pencil marks are dropped: a 25×25 board has 15,625 of them.
    // So is play mode's selected cell, a part of the page, not the position.
    for (const t of svg.querySelectorAll('[display="none"], .cursor')) t.remove();
    const [, , w, h] = (svg.getAttribute('viewBox') || '0 0 546 546').split(/\s+/).map(Number);
    svg.setAttribute('width', String(w));
    svg.setAttribute('height', String(h));
    svg.setAttribute('font-family', 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif');
    const title = document.createElementNS(SVGNS, 'title');
    title.textContent = pos.step;
    const style = document.createElementNS(SVGNS, 'style');
    style.textContent = boardStyle();
    svg.prepend(title, style);
    return { text: new XMLSerializer().serializeToString(svg), width: w, height: h };
  }

  // pngDataURL renders the SVG of the board on a canvas and returns it as
  // a PNG data URL.
  function pngDataURL(pos) {
    const { text, width, height } = svgText(pos);
    const scale = Math.min(2, PNG_MAX_SIDE / Math.max(width, height));
    return new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(width * scale);
        canvas.height = Math.round(height * scale);
        const ctx = canvas.getContext('2d');
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
        resolve(canvas.toDataURL('image/png'));
      };
      img.onerror = () => reject(new Error('the board could not be drawn as an image'));
      img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
    });
  }

  // gridText returns the board as the forum's pencil-mark grid (HoDoKu's
  // and SudokuWiki's layout): each cell its digit or its candidates,
  // columns padded to their widest cell, '|' between boxes. A board without a cell of two
  // candidates or more (play mode before any pencil marks, a solved board)
  // is no pencil-mark grid to a reader, which then takes the ':' and '.'
  // of its rules for cells: its rules are drawn with '+' alone, as a plain
  // grid's, so that the text reads back as the same board.
  function gridText(pos) {
    const L = pos.L, n = L.n;
    const cell = (i) => {
      if (pos.vals[i]) return L.symbols[pos.vals[i] - 1];
      let s = '';
      for (let d = 1; d <= n; d++) if (pos.cands[i] & 2 ** (d - 1)) s += L.symbols[d - 1];
      return s || '.'; // a cell without candidates: the board is broken
    };
    const text = Array.from({ length: L.N }, (_, i) => cell(i));
    const width = Array.from({ length: n }, (_, c) => Math.max(...Array.from({ length: n }, (_, r) => text[r * n + c].length)));
    // Box columns and rows: regular boxes only; other boards are one box.
    const boxed = !!(L.boxRows && L.region);
    const bandRows = boxed ? L.boxRows : n, stackCols = boxed ? L.boxCols : n;
    const stacks = [];
    for (let c = 0; c < n; c += stackCols) stacks.push(Array.from({ length: stackCols }, (_, i) => c + i));
    const segment = (cols, f) => ' ' + cols.map(f).join('  ') + ' ';
    const rule = (left, mid, right) => left + stacks.map((cols) => '-'.repeat(segment(cols, (c) => ''.padEnd(width[c])).length)).join(mid) + right;
    const marked = text.some((t, i) => !L.black[i] && t.length > 1);
    const [top, mid, bottom] = marked ? [['.', '.', '.'], [':', '+', ':'], ["'", "'", "'"]] : [['+', '+', '+'], ['+', '+', '+'], ['+', '+', '+']];
    const lines = [rule(...top)];
    for (let r = 0; r < n; r++) {
      if (r > 0 && r % bandRows === 0) lines.push(rule(...mid));
      lines.push('|' + stacks.map((cols) => segment(cols, (c) => text[r * n + c].padEnd(width[c]))).join('|') + '|');
    }
    lines.push(rule(...bottom));
    return lines.join('\n') + '\n';
  }

  // gridCarries reports whether a pencil-mark grid says the whole board:
  // a classic board of regular boxes. Cages, regions of its own,
  // diagonals, windows or colour groups are lost in one, which a reader
  // takes for a classic board; so are symbols of its own (a 4×4 in A–D),
  // which a reader takes for digits past the size. A Str8ts board's black
  // cells ('#') the service does not read from a grid at all ("give its
  // 2.0 string").
  function gridCarries(pos) {
    const b = pos.structured || {};
    if ([...pos.L.symbols].slice(0, pos.L.n).join('') !== DEFAULT_SYMBOLS.slice(0, pos.L.n)) return false;
    const variant = b.variant || 'VARIANT_CLASSIC';
    if ((b.cages && b.cages.length) || (b.regions && b.regions.length)) return false;
    return variant === 'VARIANT_CLASSIC' && !pos.L.black.some(Boolean) && !!(pos.L.boxRows && pos.L.region);
  }

  // positionJSON returns the board shown as the service's JSON board (what
  // solverctl convert --to json writes, with its charset when it has one),
  // its cells the position's: the puzzle's clues, the digits placed since,
  // and the candidates left in the other cells. It reads back as the same
  // position, cages, regions and variant included.
  function positionJSON(pos) {
    const board = JSON.parse(JSON.stringify(pos.structured || {}));
    const start = board.cells || [];
    board.cells = Array.from({ length: pos.L.N }, (_, i) => {
      const c = {};
      const was = start[i] || {};
      if (was.black) c.black = true;
      if (pos.vals[i]) {
        c.value = pos.vals[i];
        if (was.given || was.black) c.given = true;
      } else if (!was.black) {
        const cands = [];
        for (let d = 1; d <= pos.L.n; d++) if (pos.cands[i] & 2 ** (d - 1)) cands.push(d);
        if (cands.length && cands.length < pos.L.n) c.candidates = cands;
      }
      return c;
    });
    return JSON.stringify(pos.charset ? { board, charset: pos.charset } : board) + '\n';
  }

  // copyGrid copies the pencil-mark grid, or the position as JSON where a
  // grid cannot carry the board, and says which.
  function copyGrid(pos) {
    if (gridCarries(pos)) return copy('grid', gridText(pos));
    return copy('board as JSON with its pencil marks (a forum grid cannot carry its cages, regions, extra units, black cells or symbols of its own)', positionJSON(pos));
  }

  // copy puts text on the clipboard, or, where the page may not write it
  // (plain http off localhost), selects it for the person to copy.
  async function copy(what, text) {
    try {
      await navigator.clipboard.writeText(text);
      status(`Copied the ${what}.`);
      return;
    } catch (e) {
      // fall back to a selection and the browser's copy command
    }
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    status(ok ? `Copied the ${what}.` : `The browser refused to copy the ${what}.`, !ok);
  }

  // maxLink is the longest link solverd opens: its web port reads 64 KiB
  // of request headers (MaxHeaderBytes in cmd/solverd/serve.go), the
  // request line among them, and answers a longer one with a bare 431.
  const maxLink = 60 << 10;

  // copyLink copies the link of the position, and warns when it is too
  // long to open again (a 32×32 board with cages).
  async function copyLink(pos) {
    await copy('link', pos.link);
    const note = linkNote(pos.link.length);
    if (note) status(note, true);
  }

  // linkNote is what Copy link adds for a link of n bytes: '' for one
  // this server opens.
  const linkNote = (n) => n <= maxLink ? '' :
    `Copied the link, but at ${Math.ceil(n / 1024)} KB it is too long for this server to open (60 KB at most): use Copy puzzle and paste that into the form instead.`;

  // download saves a URL under a file name.
  function download(url, name) {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  // puzzleText is what Copy puzzle copies: the text pasted when it says
  // the whole puzzle, else the board the service read, as JSON with its
  // charset (what solverctl convert --to json writes), which the form
  // reads back alone: a variant, region map, format or charset chosen
  // beside the text, or a tolerant reading, would be lost with the text.
  function puzzleText(pos) {
    const p = pos.puzzle || {};
    if (!p.variant && !p.regionMap && !p.format && !p.charset && !p.tolerant) return pos.raw;
    const board = pos.charset ? { board: pos.structured, charset: pos.charset } : pos.structured;
    return JSON.stringify(board);
  }

  // fileName names an export after the board's size and the step shown.
  const fileName = (pos, ext) => `sudoku-${pos.L.n}x${pos.L.n}-${(new URL(pos.link).searchParams.get('step') || '1')}.${ext}`;

  // withPosition runs f on the position shown, or says there is none.
  const withPosition = (f) => async () => {
    const pos = position();
    if (!pos) { status('Solve a puzzle first.', true); return; }
    try {
      await f(pos);
    } catch (e) {
      status(`Export failed: ${e.message}`, true);
    }
  };

  function init() {
    $('copylink').addEventListener('click', withPosition(copyLink));
    $('copygrid').addEventListener('click', withPosition(copyGrid));
    $('copypuzzle').addEventListener('click', withPosition((pos) => copy('puzzle', puzzleText(pos))));
    $('copystep').addEventListener('click', withPosition((pos) => copy('step', pos.step)));
    $('savesvg').addEventListener('click', withPosition((pos) => {
      const url = URL.createObjectURL(new Blob([svgText(pos).text], { type: 'image/svg+xml' }));
      download(url, fileName(pos, 'svg'));
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    }));
    $('savepng').addEventListener('click', withPosition(async (pos) => download(await pngDataURL(pos), fileName(pos, 'png'))));
    $('print').addEventListener('click', () => window.print());
  }

  // The export functions, for the tests.
  window.sudokuExport = {
    svg: () => { const pos = position(); return pos ? svgText(pos).text : ''; },
    png: () => { const pos = position(); return pos ? pngDataURL(pos) : Promise.resolve(''); },
    grid: () => { const pos = position(); return pos ? (gridCarries(pos) ? gridText(pos) : positionJSON(pos)) : ''; },
    puzzle: () => { const pos = position(); return pos ? puzzleText(pos) : ''; },
    linkNote,
  };

  init();
})();
