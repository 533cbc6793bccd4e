// knightviz's page player: replays a recorded search from the data the builder inlined
// (KV_DATA) in the words chosen at export (KV_STRINGS). No network, no framework.
//
// The recording comes as stretches ("segments"), each starting from a position of the
// recording (a checkpoint) with its steps packed as symbols: a knight's move is the index
// of its direction in the move order, a queen's placement its file, a placement of a puzzle
// drawn with labels its event (value * squares + square), a backtrack the largest symbol. Opening the page replays every stretch once and keeps a checkpoint every K steps,
// so a seek anywhere replays at most K steps: the app's own scheme. Steps that were not
// kept (a gap) show the nearest kept position before them, as the app does, and say so.
(function () {
  "use strict";
  const S = KV_STRINGS;
  const D = KV_DATA;
  const rows = D.rows;
  const cols = D.cols;
  const size = rows * cols;
  const knight = D.puzzle === "knight";
  // A puzzle whose values are drawn as labels (its spec says so): a placement event x puts
  // value x // size in square x % size; the givens are drawn bold, the boxes' lines heavier,
  // and the squares the placements filled as consequences (derived) lighter.
  const L = D.labels || null;
  const labelled = L !== null;
  const derived = labelled && L.derived && !L.derived.omitted ? L.derived : null;
  const strategy = D.strategy || null;
  const order = knight ? strategy.order : [];
  const length = D.length;
  const locale = D.lang === "zh_CN" ? "zh-CN" : "en-US";
  const numbers = new Intl.NumberFormat(locale);
  const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 1000, Infinity];
  const $ = (id) => document.getElementById(id);
  // The puzzle's own words, as in the window: a knight moves and backtracks, a queen is
  // placed and removed.
  const WORDS = knight
    ? { moves: S.moves, backtracks: S.backtracks, first: S.legendFirst, counts: "outcomeCounts" }
    : {
        moves: S.placements,
        backtracks: S.removals,
        first: S.legendFirstRemoval,
        counts: "queensCounts",
      };

  function fmt(key, args) {
    return S[key].replace(/\{(\w+)\}/g, (m, k) => (args && k in args ? String(args[k]) : m));
  }
  function num(x) {
    return numbers.format(x);
  }
  function fileName(c) {
    let s = "";
    for (let k = c + 1; k > 0; k = Math.floor((k - 1) / 26)) {
      s = String.fromCharCode(97 + ((k - 1) % 26)) + s;
    }
    return s;
  }
  function squareName(sq) {
    if (labelled) return "r" + (Math.floor(sq / cols) + 1) + "c" + ((sq % cols) + 1);
    return fileName(sq % cols) + String(rows - Math.floor(sq / cols));
  }
  // A labelled puzzle's placement as text: "r3c5 = 7".
  function placementName(x) {
    return squareName(x % size) + " = " + L.names[Math.floor(x / size)];
  }

  // -- the recording ------------------------------------------------------------------------

  const segments = D.segments.map((s) => ({
    start: s.start,
    end: s.start + s.count,
    count: s.count,
    path: s.path,
    moves: s.moves,
    backtracks: s.backtracks,
    last: s.last,
    born: derived ? derived.born[String(s.start)] || null : null,
    width: s.width,
    packed: s.steps,
    bytes: null,
    checkpoints: [],
  }));
  const checkpointSteps = D.checkpointSteps;
  const anchors = new Map(D.anchors.map((a) => [a.step, a]));
  // Checkpoints every K steps, fewer on deep runs (memory: steps / K * depth).
  const K = Math.max(1024, Math.ceil((length * Math.max(1, D.deepest)) / 8e6));

  async function inflate(text) {
    const bin = atob(text);
    const raw = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) raw[i] = bin.charCodeAt(i);
    const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  function symbolAt(seg, i) {
    const b = seg.bytes;
    if (seg.width === 4) return (b[i >> 1] >> ((i & 1) << 2)) & 15;
    if (seg.width === 8) return b[i];
    return b[2 * i] | (b[2 * i + 1] << 8);
  }

  // A position being replayed: the path (an Int32Array of room ``size``), counts, last steps.
  // ``born`` (labelled puzzles with derived squares only): the step that placed each path
  // entry, the key of what it filled.
  function bornOf(list, room) {
    if (!derived) return null;
    const born = new Int32Array(room);
    if (list) born.set(list);
    return born;
  }

  function fromStart(seg) {
    const room = Math.max(size, seg.path.length) + 1;
    const path = new Int32Array(room);
    path.set(seg.path);
    return {
      path,
      born: bornOf(seg.born, room),
      len: seg.path.length,
      moves: seg.moves,
      backtracks: seg.backtracks,
      last: seg.last.slice(),
    };
  }

  function copyOf(p) {
    return {
      path: p.path.slice(0, p.len),
      born: p.born ? p.born.slice(0, p.len) : null,
      len: p.len,
      moves: p.moves,
      backtracks: p.backtracks,
      last: p.last.slice(),
    };
  }

  function grow(p) {
    const room = Math.max(size, p.len) + 1;
    const path = new Int32Array(room);
    path.set(p.path.subarray(0, p.len));
    const born = p.born ? bornOf(p.born.subarray(0, p.len), room) : null;
    return {
      path,
      born,
      len: p.len,
      moves: p.moves,
      backtracks: p.backtracks,
      last: p.last.slice(),
    };
  }

  // Apply symbols [from, to) of ``seg`` to ``p``; keeps the last two steps (encoded as the
  // engine does: a square moved onto, or ~square taken back).
  function apply(seg, p, from, to) {
    const back = (1 << seg.width) - 1;
    const path = p.path;
    const born = p.born;
    let len = p.len;
    let moves = p.moves;
    let backs = p.backtracks;
    let e1 = p.last.length > 1 ? p.last[p.last.length - 2] : null;
    let e2 = p.last.length ? p.last[p.last.length - 1] : null;
    for (let i = from; i < to; i++) {
      const s = symbolAt(seg, i);
      let e;
      if (s === back) {
        len -= 1;
        e = ~path[len];
        backs += 1;
      } else {
        let sq;
        if (knight) {
          const top = path[len - 1];
          const d = order[s];
          sq = top + d[0] * cols + d[1];
        } else if (labelled) {
          sq = s;
          if (born) born[len] = seg.start + i + 1;
        } else {
          sq = (rows - 1 - len) * cols + s;
        }
        path[len] = sq;
        len += 1;
        e = sq;
        moves += 1;
      }
      e1 = e2;
      e2 = e;
    }
    p.len = len;
    p.moves = moves;
    p.backtracks = backs;
    p.last = e1 === null ? (e2 === null ? [] : [e2]) : [e1, e2];
  }

  async function unpack() {
    for (const seg of segments) {
      seg.bytes = await inflate(seg.packed);
      seg.packed = null;
      const p = fromStart(seg);
      seg.checkpoints.push(copyOf(p));
      for (let i = 0; i < seg.count; i += K) {
        const to = Math.min(seg.count, i + K);
        apply(seg, p, i, to);
        if (to % K === 0 && to < seg.count) seg.checkpoints.push(copyOf(p));
      }
    }
  }

  function segmentAt(step) {
    for (let j = segments.length - 1; j >= 0; j--) {
      const seg = segments[j];
      if (seg.start <= step && step <= seg.end) return seg;
    }
    return null;
  }

  function replayTo(seg, step) {
    const i = step - seg.start;
    const c = Math.min(Math.floor(i / K), seg.checkpoints.length - 1);
    const p = grow(seg.checkpoints[c]);
    apply(seg, p, c * K, i);
    return p;
  }

  function lastAtMost(list, x) {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  // The position after ``step`` steps, as Recording.seek gives it.
  function positionAt(step) {
    step = Math.max(0, Math.min(length, Math.floor(step)));
    const seg = segmentAt(step);
    if (seg !== null) {
      const p = replayTo(seg, step);
      return { step, shown: step, exact: true, ...p };
    }
    const c = checkpointSteps[Math.max(0, lastAtMost(checkpointSteps, step))];
    const inside = segmentAt(c);
    if (inside !== null) {
      const p = replayTo(inside, c);
      return { step, shown: c, exact: false, ...p, last: [] };
    }
    const a = anchors.get(c);
    const path = new Int32Array(Math.max(size, a.path.length) + 1);
    path.set(a.path);
    return {
      step,
      shown: c,
      exact: false,
      path,
      born: bornOf(derived ? derived.born[String(c)] : null, path.length),
      len: a.path.length,
      moves: a.moves,
      backtracks: a.backtracks,
      last: [],
    };
  }

  // -- the search stack at a position (the engine's stack_at) ---------------------------------

  function onBoard(sq, d) {
    const r = Math.floor(sq / cols) + d[0];
    const c = (sq % cols) + d[1];
    return r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1;
  }
  const tableOrder =
    knight && strategy.guided && strategy.tieBreak === "last" ? order.slice().reverse() : order;
  const table = [];
  if (knight) {
    for (let sq = 0; sq < size; sq++) {
      const out = [];
      for (const d of tableOrder) {
        const t = onBoard(sq, d);
        if (t >= 0) out.push(t);
      }
      table.push(out);
    }
  }
  const ranks = strategy && strategy.ranks ? strategy.ranks : null;

  // Levels ``from`` … top (the panel shows the top ones only: a 10,000-deep stack costs
  // what it shows).
  function knightStack(pos, ended, from) {
    const n = pos.len;
    const path = pos.path;
    const depthOf = new Int32Array(size).fill(-1);
    for (let i = 0; i < n; i++) depthOf[path[i]] = i;
    const levels = [];
    for (let d = from; d < n; d++) {
      const sq = path[d];
      let cands;
      if (!strategy.guided) {
        cands = table[sq];
      } else {
        const free = (u) => depthOf[u] < 0 || depthOf[u] > d;
        const list = table[sq].filter(free);
        const key = new Map();
        list.forEach((u, i) => {
          let deg = 0;
          for (const w of table[u]) if (free(w)) deg += 1;
          key.set(u, [deg, ranks ? ranks[u] : 0, i]);
        });
        cands = list.sort((a, b) => {
          const x = key.get(a);
          const y = key.get(b);
          return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
        });
      }
      let tried;
      if (d < n - 1) {
        tried = cands.indexOf(path[d + 1]) + 1;
      } else {
        const last = pos.last.length ? pos.last[pos.last.length - 1] : null;
        if (ended && !strategy.guided) tried = cands.length;
        else if (last !== null && last < 0 && cands.includes(~last)) tried = cands.indexOf(~last) + 1;
        else tried = 0;
      }
      levels.push([sq, cands, tried]);
    }
    return levels;
  }

  function queensStack(pos) {
    const n = rows;
    const placed = Array.from(pos.path.subarray(0, pos.len));
    const levels = [];
    const count = Math.min(placed.length + 1, n);
    for (let d = 0; d < count; d++) {
      const first = (n - 1 - d) * n;
      const cands = [];
      for (let f = 0; f < n; f++) cands.push(first + f);
      let tried = 0;
      let sq = -1;
      if (d < placed.length) {
        sq = placed[d];
        tried = (sq % n) + 1;
      } else {
        const last = pos.last.length ? pos.last[pos.last.length - 1] : null;
        const removed = last !== null && last < 0 ? ~last : null;
        if (removed !== null && Math.floor(removed / n) === n - 1 - placed.length) {
          tried = (removed % n) + 1;
        }
      }
      levels.push([sq, cands, tried]);
    }
    return levels;
  }

  // A labelled puzzle's stack: its placements, one level each (the spec's candidates are
  // the engine's, not the page's).
  function labelledStack(pos) {
    return Array.from(pos.path.subarray(0, pos.len), (x) => [x, [x], 1]);
  }

  function stackOf(pos, from) {
    // A strategy the page does not know (the learner's own) tried its candidates in an
    // order the page cannot work out: its placements alone, as for labels.
    if (labelled || D.custom) return labelledStack(pos).slice(from || 0);
    if (!pos.exact && !pos.len && knight) return [];
    const ended =
      D.result.outcome === "exhausted" && pos.shown === length && pos.exact && pos.last.length > 0;
    return knight ? knightStack(pos, ended, from || 0) : queensStack(pos).slice(from || 0);
  }

  // -- the page -------------------------------------------------------------------------------

  const canvas = document.createElement("canvas");
  canvas.id = "boardCanvas";
  const svgHolder = $("board");
  svgHolder.replaceWith(canvas);
  const images = {};
  for (const [name, src] of Object.entries(D.pieces)) {
    const img = new Image();
    img.src = src;
    img.onload = () => draw();
    images[name] = img;
  }

  let pos = null;
  let playing = false;
  let speedIndex = 3;
  let lastTick = 0;
  let due = 0;
  let colours = {};
  const solutions = D.markers.solutions;

  function readColours() {
    const css = getComputedStyle(document.documentElement);
    const names = [
      "light", "dark", "path", "visited", "flash", "attack", "number", "line", "fg", "cell", "derived",
    ];
    colours = {};
    for (const n of names) colours[n] = css.getPropertyValue("--" + n).trim();
    visitedLayer.colour = pixelOf(colours.visited);
  }

  function title() {
    const dims = rows + "×" + cols;
    let head;
    if (knight) {
      head = fmt("knightTitle", { size: dims, start: squareName(D.start) });
      let how = D.custom
        ? D.custom
        : strategy.guided
          ? fmt("warnsdorff", { tie: fmt("tie_" + strategy.tieBreak, { seed: strategy.seed }) })
          : S.plain;
      if (!strategy.backtrack) how += ", " + S.noBacktrack;
      if (D.closed) how += ", " + S.closed;
      head += " · " + how;
    } else if (labelled) {
      head = fmt("labelsTitle", { name: L.title, size: dims }) + " · " + L.how;
      head += " · " + (D.first ? S.firstSolution : S.allSolutions);
    } else {
      head = fmt("queensTitle", { n: rows, size: dims });
      if (D.custom) head += " · " + D.custom;
      head += " · " + (D.first ? S.firstSolution : S.allSolutions);
    }
    const r = D.result;
    let outcome = fmt(WORDS.counts, {
      outcome: S[r.outcome] || r.outcome,
      moves: num(r.moves),
      backtracks: num(r.backtracks),
      steps: num(r.moves + r.backtracks),
    });
    if (!knight) {
      outcome += " · " + (r.count === 1 ? fmt("oneSolution", {}) : fmt("queensDone", { count: num(r.count) }));
    }
    if (labelled && r.outcome === "impossible" && r.reason) outcome += " · " + r.reason;
    if (labelled && L.derived && L.derived.omitted) outcome += " · " + S.derivedOmitted;
    $("title").textContent = head;
    $("subtitle").textContent = outcome;
    document.title = head + " — " + outcome;
  }

  function counters() {
    const box = $("counters");
    box.textContent = "";
    for (const key of ["moves", "backtracks", "steps", "solutions"]) {
      const div = document.createElement("div");
      div.className = "counter";
      const b = document.createElement("b");
      b.id = "count-" + key;
      const span = document.createElement("span");
      span.id = "title-" + key;
      span.textContent = WORDS[key] || S[key];
      div.append(b, span);
      box.append(div);
    }
  }

  function markers() {
    const box = $("markers");
    const at = (step) => (length ? (100 * step) / length : 0) + "%";
    const add = (cls, step, tip) => {
      const m = document.createElement("div");
      m.className = "marker " + cls;
      m.style.left = at(step);
      m.title = tip + " · " + S.stepBox + " " + num(step);
      m.addEventListener("click", () => seek(step));
      box.append(m);
    };
    for (const [a, b] of D.gaps) {
      const g = document.createElement("div");
      g.className = "marker gap";
      g.style.left = at(a);
      g.style.width = "calc(" + at(b - a) + " + 1px)";
      g.title = S.legendGap + " " + num(a) + "–" + num(b);
      box.append(g);
    }
    const shown = solutions.length > 400 ? solutions.filter((_, i) => i % Math.ceil(solutions.length / 400) === 0) : solutions;
    for (const s of shown) add("solution", s, S.legendSolution);
    if (D.markers.deepest !== null) add("deepest", D.markers.deepest, S.legendDeepest);
    if (D.markers.firstBacktrack !== null) add("first", D.markers.firstBacktrack, WORDS.first);
    const legend = $("legend");
    const items = [
      ["solution", S.legendSolution, solutions.length],
      ["deepest", S.legendDeepest, D.markers.deepest !== null],
      ["first", WORDS.first, D.markers.firstBacktrack !== null],
      ["gap", S.legendGap, D.gaps.length],
    ];
    for (const [cls, text, present] of items) {
      if (!present) continue;
      const span = document.createElement("span");
      const i = document.createElement("i");
      i.className = "marker-swatch";
      i.style.background = "var(--" + (cls === "first" ? "first" : cls) + ")";
      span.append(i, text);
      legend.append(span);
    }
  }

  // -- the board's files and ranks: the window's rule (its BoardGeometry) ----------------------
  // Files a, b, … below and above the board, ranks 1 … rows up both sides (rank 1 at the
  // bottom); on a big board every 2nd, 5th, 10th, … file or rank, a "nice" step apart so
  // that no two labels overlap, each as wide as its text and kept inside the board's extent.

  const NICE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];
  const LABEL_PAD = 3;
  const LABEL_GAP = 4;
  const LABEL_FONT = "system-ui, 'Noto Sans', 'DejaVu Sans', sans-serif";

  // A column's label: a chess file (a, b, …), or a labelled puzzle's column number (rows
  // then count 1 … rows down from the top, as its squares are named: r1c1 top left).
  function columnName(c) {
    return labelled ? String(c + 1) : fileName(c);
  }

  function niceStep(needed) {
    for (const step of NICE_STEPS) if (step >= needed) return step;
    return Math.ceil(needed);
  }

  // ``start`` moved so [start, start + extent] stays within [low, high] when it can.
  function inside(start, extent, low, high) {
    if (high - low < extent) return (low + high - extent) / 2;
    return Math.min(Math.max(start, low), high - extent);
  }

  // The label font at this width, measured as the window measures its own: a line's
  // height, the widest digit and the widest letter.
  function labelMetrics(width) {
    const px = Math.max(10, Math.min(13, Math.floor(width / 50)));
    const g = document.createElement("canvas").getContext("2d");
    g.font = px + "px " + LABEL_FONT;
    const widest = (chars) => Math.max(...Array.from(chars, (ch) => g.measureText(ch).width));
    const m = g.measureText("0");
    const line = m.fontBoundingBoxAscent + m.fontBoundingBoxDescent;
    return {
      px,
      height: line > 0 ? line : Math.ceil(px * 1.2),
      digit: widest("0123456789"),
      letter: widest("abcdefghijklmnopqrstuvwxyz"),
    };
  }

  // Where everything goes on a canvas ``width`` wide: the board and its labels.
  function boardLayout(width) {
    const m = labelMetrics(width);
    const bandX = m.digit * String(rows).length + 2 * LABEL_PAD;
    const bandY = m.height + 2 * LABEL_PAD;
    const cell = Math.max(1, width - 2 * bandX) / cols;
    const board = { x: bandX, y: bandY, w: cell * cols, h: cell * rows };
    const spacing = (extent) => extent + Math.max(0, extent - cell) / 2 + LABEL_GAP;
    const files = [];
    const fileStep = niceStep(spacing(m.letter * columnName(cols - 1).length + 2) / cell);
    for (let c = 0; c < cols; c += fileStep) {
      const text = columnName(c);
      const w = Math.max(cell, m.letter * text.length + 2);
      const left = inside(board.x + (c + 0.5) * cell - w / 2, w, board.x, board.x + board.w);
      for (const top of [board.y + board.h + LABEL_PAD, board.y - LABEL_PAD - m.height]) {
        files.push([text, left, top, w, m.height]);
      }
    }
    const ranks = [];
    const rankStep = niceStep(spacing(m.height) / cell);
    const w = bandX - LABEL_PAD;
    for (let rank = 1; rank <= rows; rank += rankStep) {
      const h = Math.max(cell, m.height);
      const row = rows - rank;
      const top = inside(board.y + (row + 0.5) * cell - h / 2, h, board.y, board.y + board.h);
      const text = String(labelled ? row + 1 : rank);
      ranks.push([text, board.x - bandX, top, w, h]);
      ranks.push([text, board.x + board.w + LABEL_PAD, top, w, h]);
    }
    return { width, height: board.h + 2 * bandY, cell, board, metrics: m, files, ranks };
  }

  // The board's width is read when the window changes (reading it on every draw would
  // make the browser lay the page out on every step), and the empty board with its labels
  // is painted once per size and colour scheme.
  let geometry = null;
  let background = null;
  function measure() {
    geometry = boardLayout(Math.max(200, $("boardPane").clientWidth - 2));
    background = null;
  }

  function emptyBoard(dpr) {
    const { board, cell, metrics, files, ranks } = geometry;
    const bg = document.createElement("canvas");
    bg.width = canvas.width;
    bg.height = canvas.height;
    const g = bg.getContext("2d");
    g.setTransform(dpr, 0, 0, dpr, board.x * dpr, board.y * dpr);
    if (labelled) {
      g.fillStyle = colours.cell;
      g.fillRect(0, 0, board.w, board.h);
      regionLines(g, cell, board);
    } else {
      g.fillStyle = colours.dark;
      g.fillRect(0, 0, board.w, board.h);
      g.fillStyle = colours.light;
      for (let r = 0; r < rows; r++) {
        for (let c = r % 2; c < cols; c += 2) g.fillRect(c * cell, r * cell, cell + 0.5, cell + 0.5);
      }
    }
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.strokeStyle = colours.line;
    g.lineWidth = 1;
    g.strokeRect(board.x - 0.5, board.y - 0.5, board.w + 1, board.h + 1);
    g.fillStyle = colours.fg;
    g.font = metrics.px + "px " + LABEL_FONT;
    g.textBaseline = "middle";
    g.textAlign = "center";
    for (const [text, x, y, w, h] of files) g.fillText(text, x + w / 2, y + h / 2);
    ranks.forEach(([text, x, y, w, h], i) => {
      g.textAlign = i % 2 === 0 ? "right" : "left"; // the left side's, then the right's
      g.fillText(text, i % 2 === 0 ? x + w : x, y + h / 2);
    });
    return bg;
  }

  // A labelled board's lines: thin between squares, heavy between boxes (L.box: a box's
  // rows and columns).
  function regionLines(g, cell, board) {
    const line = (heavy, x0, y0, x1, y1) => {
      g.strokeStyle = heavy ? colours.fg : colours.line;
      g.lineWidth = heavy ? Math.max(2, cell * 0.06) : 1;
      g.beginPath();
      g.moveTo(x0, y0);
      g.lineTo(x1, y1);
      g.stroke();
    };
    const [br, bc] = L.box || [0, 0];
    for (const heavy of [false, true]) {
      for (let r = 1; r < rows; r++) {
        if ((br > 0 && r % br === 0) === heavy) line(heavy, 0, r * cell, board.w, r * cell);
      }
      for (let c = 1; c < cols; c++) {
        if ((bc > 0 && c % bc === 0) === heavy) line(heavy, c * cell, 0, c * cell, board.h);
      }
    }
  }

  // A labelled board's squares at a position: [label, kind] or null each, kind "fixed" (a
  // given), "placed" (a step's) or "derived" (filled as a consequence).
  function labelledSquares(p) {
    const out = new Array(size).fill(null);
    for (const [sq, v] of L.fixed) out[sq] = [L.names[v], "fixed"];
    const fill = (flat) => {
      for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]] = [L.names[flat[i + 1]], "derived"];
    };
    if (derived) {
      fill(derived.root);
      if (p.born) {
        for (let i = 0; i < p.len; i++) {
          const f = derived.fills[String(p.born[i])];
          if (f) fill(f);
        }
      }
    }
    for (let i = 0; i < p.len; i++) {
      const x = p.path[i];
      out[x % size] = [L.names[Math.floor(x / size)], "placed"];
    }
    return out;
  }

  const visitedLayer = (() => {
    const tiny = document.createElement("canvas");
    tiny.width = cols;
    tiny.height = rows;
    const context = tiny.getContext("2d");
    const image = context.createImageData(cols, rows);
    return { canvas: tiny, context, image, pixels: new Uint32Array(image.data.buffer), colour: 0 };
  })();

  // A CSS colour as the 32-bit pixel of an ImageData (little-endian RGBA).
  function pixelOf(css) {
    const probe = document.createElement("canvas").getContext("2d");
    probe.fillStyle = css;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
    return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }

  function draw() {
    if (pos === null) return;
    if (geometry === null) measure();
    const dpr = window.devicePixelRatio || 1;
    const { cell, board } = geometry;
    const wide = Math.round(geometry.width * dpr);
    const tall = Math.round(geometry.height * dpr);
    if (canvas.width !== wide || canvas.height !== tall) {
      canvas.style.width = geometry.width + "px";
      canvas.style.height = geometry.height + "px";
      canvas.width = wide;
      canvas.height = tall;
      background = null;
    }
    if (background === null) background = emptyBoard(dpr);
    const g = canvas.getContext("2d");
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, canvas.width, canvas.height); // the labels' bands are transparent
    g.drawImage(background, 0, 0);
    // Everything else is drawn in the board's own coordinates.
    g.setTransform(dpr, 0, 0, dpr, board.x * dpr, board.y * dpr);
    const width = board.w;
    const height = board.h;
    const x = (sq) => (sq % cols) * cell;
    const y = (sq) => Math.floor(sq / cols) * cell;
    const path = pos.path;
    const n = pos.len;
    if (labelled) {
      // (no attacks, no visited squares: the labels are the position)
    } else if (!knight) {
      g.fillStyle = colours.attack;
      const col = new Uint8Array(cols);
      const up = new Uint8Array(rows + cols);
      const down = new Uint8Array(rows + cols);
      for (let i = 0; i < n; i++) {
        const r = Math.floor(path[i] / cols);
        const c = path[i] % cols;
        col[c] = 1;
        up[r + c] = 1;
        down[r - c + cols - 1] = 1;
      }
      const queen = new Uint8Array(size);
      for (let i = 0; i < n; i++) queen[path[i]] = 1;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (!queen[r * cols + c] && (col[c] || up[r + c] || down[r - c + cols - 1])) {
            g.fillRect(c * cell, r * cell, cell, cell);
          }
        }
      }
    } else {
      // Visited squares: one pixel each in a board-sized image, scaled up in one draw
      // (a 100×100 tour's 10,000 rectangles one by one cost most of a seek).
      visitedLayer.pixels.fill(0);
      for (let i = 0; i < n; i++) visitedLayer.pixels[path[i]] = visitedLayer.colour;
      visitedLayer.context.putImageData(visitedLayer.image, 0, 0);
      g.imageSmoothingEnabled = false;
      g.drawImage(visitedLayer.canvas, 0, 0, width, height);
    }
    const last = pos.last.length ? pos.last[pos.last.length - 1] : null;
    if (last !== null && last < 0) {
      const sq = labelled ? ~last % size : ~last;
      g.fillStyle = colours.flash;
      g.globalAlpha = 0.55;
      g.fillRect(x(sq), y(sq), cell, cell);
      g.globalAlpha = 1;
      g.strokeStyle = colours.flash;
      g.lineWidth = Math.max(1.5, cell * 0.08);
      g.strokeRect(x(sq) + g.lineWidth / 2, y(sq) + g.lineWidth / 2, cell - g.lineWidth, cell - g.lineWidth);
    }
    if (knight && n > 1) {
      g.strokeStyle = colours.path;
      g.lineWidth = Math.max(1, Math.min(4, cell * 0.06));
      g.lineJoin = cell >= 12 ? "round" : "bevel";
      g.beginPath();
      g.moveTo(x(path[0]) + cell / 2, y(path[0]) + cell / 2);
      for (let i = 1; i < n; i++) g.lineTo(x(path[i]) + cell / 2, y(path[i]) + cell / 2);
      g.stroke();
    }
    if (knight && cell >= 16) {
      g.font = "600 " + Math.round(cell * 0.34) + "px system-ui, 'Noto Sans', 'DejaVu Sans', sans-serif";
      g.textAlign = "center";
      g.textBaseline = "middle";
      for (let i = 0; i < n - 1; i++) {
        const cx = x(path[i]) + cell / 2;
        const cy = y(path[i]) + cell / 2;
        g.lineWidth = 3;
        g.strokeStyle = (Math.floor(path[i] / cols) + (path[i] % cols)) % 2 === 0 ? colours.light : colours.dark;
        g.strokeText(String(i), cx, cy);
        g.fillStyle = colours.number;
        g.fillText(String(i), cx, cy);
      }
    }
    if (labelled) drawLabels(g, cell, x, y);
    const img = images[knight ? "knight" : "queen"];
    if (img && img.complete) {
      const pad = cell * 0.06;
      if (knight) {
        if (n > 0) g.drawImage(img, x(path[n - 1]) + pad, y(path[n - 1]) + pad, cell - 2 * pad, cell - 2 * pad);
      } else {
        for (let i = 0; i < n; i++) g.drawImage(img, x(path[i]) + pad, y(path[i]) + pad, cell - 2 * pad, cell - 2 * pad);
      }
    }
  }

  function drawLabels(g, cell, x, y) {
    const font = "system-ui, 'Noto Sans', 'DejaVu Sans', sans-serif";
    const px = Math.max(6, Math.round(cell * (L.names.some((t) => t.length > 1) ? 0.45 : 0.62)));
    g.textAlign = "center";
    g.textBaseline = "middle";
    labelledSquares(pos).forEach((entry, sq) => {
      if (entry === null) return;
      const [text, kind] = entry;
      g.font = (kind === "fixed" ? "700 " : kind === "derived" ? "italic 400 " : "400 ") + px + "px " + font;
      g.fillStyle = kind === "fixed" ? colours.fg : kind === "derived" ? colours.derived : colours.path;
      g.fillText(text, x(sq) + cell / 2, y(sq) + cell / 2 + 1);
    });
  }

  function solutionsAt(step) {
    return lastAtMost(solutions, step) + 1;
  }

  function showStack() {
    const list = $("stack");
    list.textContent = "";
    const SHOWN = 60;
    const from = Math.max(0, (knight || labelled ? pos.len : Math.min(pos.len + 1, rows)) - SHOWN);
    const levels = stackOf(pos, from);
    if (!levels.length) {
      const li = document.createElement("li");
      li.textContent = S.stackEmpty;
      list.append(li);
      return;
    }
    // One string of markup (names and numbers only, nothing to escape): far cheaper than
    // sixty elements built one by one.
    const html = [];
    for (let j = levels.length - 1; j >= 0; j--) {
      const d = from + j;
      const [sq, cands, tried] = levels[j];
      if (labelled) {
        html.push("<li>" + fmt("depth", { d: d + 1 }) + ": " + placementName(sq) + "</li>");
        continue;
      }
      if (D.custom) {
        // The learner's strategy: the square taken at each level (its order is not known).
        const at = knight ? fmt("depth", { d }) : fmt("rank", { r: d + 1 });
        html.push("<li>" + at + ": " + squareName(sq) + "</li>");
        continue;
      }
      const head = knight
        ? fmt("depth", { d }) + " " + squareName(sq) + ":"
        : fmt("rank", { r: d + 1 }) + ":";
      const names = cands.map((u, i) => {
        const cls = i < tried - 1 ? "tried" : i === tried - 1 ? "current" : "";
        return cls ? '<span class="' + cls + '">' + squareName(u) + "</span>" : squareName(u);
      });
      html.push("<li>" + head + " " + names.join(" ") + "</li>");
    }
    list.innerHTML = html.join("");
  }

  function show() {
    const steps = pos.moves + pos.backtracks;
    $("count-moves").textContent = num(pos.moves);
    $("count-backtracks").textContent = num(pos.backtracks);
    $("count-steps").textContent = num(steps);
    $("count-solutions").textContent = num(solutionsAt(pos.shown));
    $("timeline").value = String(pos.step);
    if (document.activeElement !== $("stepBox")) $("stepBox").value = String(pos.step);
    const note = $("note");
    if (pos.exact) {
      note.textContent = "";
      note.className = "";
    } else {
      note.textContent = fmt("inexact", { step: num(pos.step), shown: num(pos.shown) });
      note.className = "inexact";
    }
    $("play").textContent = playing ? S.pause : S.play;
    draw();
    if (!playing || SPEEDS[speedIndex] <= 20) showStack();
  }

  function seek(step) {
    pos = positionAt(step);
    show();
  }

  function stepBy(k) {
    const target = Math.max(0, Math.min(length, pos.step + k));
    const seg = segmentAt(pos.step);
    if (k > 0 && pos.exact && seg !== null && target <= seg.end) {
      // Forward inside a kept stretch: replay from where we are.
      const p = grow(pos);
      apply(seg, p, pos.step - seg.start, target - seg.start);
      pos = { step: target, shown: target, exact: true, ...p };
      show();
    } else {
      seek(target);
    }
  }

  function setPlaying(on) {
    playing = on && pos.step < length;
    lastTick = performance.now();
    due = 0;
    show();
    if (playing) requestAnimationFrame(tick);
  }

  function tick(now) {
    if (!playing) return;
    const speed = SPEEDS[speedIndex];
    if (speed === Infinity) {
      // As fast as the browser paints: as many steps as fit in most of a frame.
      const t0 = performance.now();
      let batch = 256;
      while (performance.now() - t0 < 12 && pos.step < length) {
        stepQuiet(batch);
        batch *= 2;
      }
      show();
    } else {
      due += ((now - lastTick) / 1000) * speed;
      const k = Math.floor(due);
      if (k > 0) {
        due -= k;
        stepBy(k);
      }
    }
    lastTick = now;
    if (pos.step >= length) {
      playing = false;
      show();
      return;
    }
    requestAnimationFrame(tick);
  }

  function stepQuiet(k) {
    const target = Math.min(length, pos.step + k);
    const seg = segmentAt(pos.step);
    if (pos.exact && seg !== null && target <= seg.end) {
      const p = pos;
      apply(seg, p, pos.step - seg.start, target - seg.start);
      pos = { ...p, step: target, shown: target, exact: true };
    } else {
      pos = positionAt(target);
    }
  }

  function setSpeed(i) {
    speedIndex = Math.max(0, Math.min(SPEEDS.length - 1, i));
    $("speed").value = String(speedIndex);
    const v = SPEEDS[speedIndex];
    $("speedValue").textContent = v === Infinity ? S.unlimited : fmt("perSecond", { n: num(v) });
  }

  function keys(ev) {
    if (ev.target === $("stepBox")) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    if (k === " ") setPlaying(!playing);
    else if (k === "n" || k === "N" || k === "ArrowRight") stepBy(1);
    else if (k === "Backspace" || k === "ArrowLeft") stepBy(-1);
    else if (k === "ArrowUp") setSpeed(speedIndex + 1);
    else if (k === "ArrowDown") setSpeed(speedIndex - 1);
    else if (k === "Home") seek(0);
    else if (k === "End") seek(length);
    else return;
    ev.preventDefault();
  }

  function wire() {
    $("play").addEventListener("click", () => setPlaying(!playing));
    $("step").addEventListener("click", () => stepBy(1));
    $("back").addEventListener("click", () => stepBy(-1));
    $("step").textContent = S.step;
    $("back").textContent = S.back;
    $("speedName").textContent = S.speed;
    $("speed").max = String(SPEEDS.length - 1);
    $("speed").addEventListener("input", () => setSpeed(Number($("speed").value)));
    const timeline = $("timeline");
    timeline.max = String(length);
    timeline.addEventListener("input", () => seek(Number(timeline.value)));
    $("stepBoxName").textContent = S.stepBox;
    const box = $("stepBox");
    box.max = String(length);
    box.addEventListener("change", () => seek(Number(box.value) || 0));
    box.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") {
        seek(Number(box.value) || 0);
        box.blur(); // the keys go back to the player
      }
    });
    // A clicked button keeps no focus: Space then plays or pauses, never "clicks" it again.
    for (const id of ["play", "step", "back", "speed", "timeline"]) {
      $(id).addEventListener("pointerup", () => $(id).blur());
    }
    $("length").textContent = num(length);
    $("stackTitle").textContent = S.stack;
    $("keys").textContent = S.keys;
    $("made").textContent = fmt("made", { version: D.version });
    $("command").textContent = D.command;
    document.addEventListener("keydown", keys);
    window.addEventListener("resize", () => {
      measure();
      draw();
    });
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
      readColours();
      background = null;
      draw();
    });
  }

  const api = {
    ready: false,
    seek(step) {
      seek(step);
      return api.state();
    },
    state() {
      return {
        step: pos.step,
        shown: pos.shown,
        exact: pos.exact,
        path: Array.from(pos.path.subarray(0, pos.len)),
        moves: pos.moves,
        backtracks: pos.backtracks,
        steps: pos.moves + pos.backtracks,
        solutions: solutionsAt(pos.shown),
        last: pos.last.slice(),
        stack: stackOf(pos),
        board: labelled ? labelledSquares(pos) : null,
        length,
        playing,
        speed: SPEEDS[speedIndex] === Infinity ? null : SPEEDS[speedIndex],
        shownCounters: ["moves", "backtracks", "steps", "solutions"].map(
          (k) => $("count-" + k).textContent
        ),
      };
    },
    // The board's geometry as drawn (CSS px): the canvas, the label font's measures, the
    // board and each label's [text, x, y, width, height].
    labels() {
      const { width, height, board, metrics, files, ranks } = geometry;
      return { width, height, board, metrics, files, ranks };
    },
    play: () => setPlaying(true),
    pause: () => setPlaying(false),
    setSpeed: (i) => setSpeed(i),
  };
  window.knightviz = api;

  // Inline in a notebook (the output's iframe): post the page's height to the output,
  // whose script sizes the frame to it, so nothing scrolls inside the frame; posted once
  // ready, whenever the page's size changes, and when the output asks. The board is then
  // bounded in pixels (player.css), not by the frame's height, or each fit would grow it.
  let fitFrame = () => {};

  function startFitting() {
    if (window.parent === window) return;
    document.documentElement.classList.add("inline");
    const post = () => {
      const height = document.documentElement.getBoundingClientRect().height;
      window.parent.postMessage({ knightvizHeight: height }, "*");
    };
    new ResizeObserver(post).observe(document.documentElement);
    // The output's script may start listening after the page has settled: it asks.
    window.addEventListener("message", (event) => {
      if (event.source === window.parent && event.data === "knightvizHeight?") post();
    });
    // A frame off screen is not rendered, so its observer waits: the page posts itself.
    fitFrame = post;
  }

  async function main() {
    startFitting();
    readColours();
    title();
    counters();
    wire();
    setSpeed(speedIndex);
    $("note").textContent = S.loading;
    if (typeof DecompressionStream === "undefined") {
      $("note").textContent = S.noDecompress;
      return;
    }
    await unpack();
    markers();
    seek(0);
    fitFrame();
    api.ready = true;
    api.readyMs = performance.now(); // since the page began to load (benchmarks read it)
  }
  main();
})();
