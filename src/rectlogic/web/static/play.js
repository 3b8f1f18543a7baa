// The player: draws the board in SVG from the server's description of it, turns clicks into
// moves, and asks the API for checks, hints, counts and solutions. It knows no genre.
import { el, svgNS } from "/static/svg.js";
const S = 40;  // cell size in SVG units
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let board, state, history = [], future = [], marks = [], drag = null, stroke = null;
let cursor = [0, 0], anchor = null, mode = "play", elapsed = 0, lastTick = Date.now(), solved = false;

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} :
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || JSON.stringify(data.detail));
  return data;
}

// The board description (see genres/drawing.py) says everything genre-specific: the fixed
// cells, region borders, the states of a free cell and how clicks step through them, or that
// the answer is rectangles. Nothing below names a genre.
const rectangles = () => board.input === "rectangles";
const given = (r, c) => board.fixed[r][c];
const playable = (r, c) => !given(r, c) || given(r, c).answer === null;

function emptyState() {
  if (rectangles()) return [];
  return Array.from({ length: board.rows }, () => Array(board.cols).fill("_"));
}

// -- what the API wants --------------------------------------------------------------------
function answer() {
  if (rectangles()) return state;
  return state.map((row, r) => row.map((ch, c) =>
    playable(r, c) ? (board.answer_of[ch] ?? ch) : given(r, c).answer).join(""));
}
function position() {
  if (rectangles()) return state;
  return state.map((row, r) => row.map((ch, c) =>
    playable(r, c) ? ch : given(r, c).position).join(""));
}

// -- moves ---------------------------------------------------------------------------------
function play(change) {
  history.push(JSON.stringify(state)); future = [];
  change(); moved();
}
function moved() { marks = []; if (!solved) say(""); save(); draw(); quietCheck(); }
function setCell(r, c, next) { play(() => { state[r][c] = next; }); }
function cellClick(r, c, backwards) {
  if (rectangles() || !playable(r, c)) return;
  const order = board.cycle, cur = state[r][c], n = order.length, i = order.indexOf(cur);
  if (backwards && board.back === "dot") return dot(r, c);
  if (i < 0) return setCell(r, c, backwards ? "_" : order[1 % n]);  // from a dot
  setCell(r, c, order[(i + (backwards ? n - 1 : 1)) % n]);
}
function dot(r, c) {
  if (rectangles() || !board.dot || !playable(r, c)) return;
  setCell(r, c, state[r][c] === board.dot ? "_" : board.dot);
}
function rectAt(r, c) {
  return state.findIndex(([t, l, h, w]) => t <= r && r < t + h && l <= c && c < l + w);
}
function placeRect(rect) {
  const [t, l, h, w] = rect;
  play(() => {
    state = state.filter(([t2, l2, h2, w2]) => t2 + h2 <= t || t + h <= t2 || l2 + w2 <= l || l + w <= l2);
    state.push(rect);
  });
}
function drawRect(a, b) {
  const t = Math.min(a[0], b[0]), l = Math.min(a[1], b[1]);
  const rect = [t, l, Math.abs(a[0] - b[0]) + 1, Math.abs(a[1] - b[1]) + 1];
  if (rect[2] === 1 && rect[3] === 1 && rectAt(t, l) >= 0) {
    const k = rectAt(t, l); play(() => state.splice(k, 1)); return;
  }
  placeRect(rect);
}
function applyMove(move) {
  if (!move) return false;
  if (move.rect) { placeRect(move.rect); return true; }
  const [r, c] = move.cell;
  setCell(r, c, move.state); return true;
}

// -- drawing -------------------------------------------------------------------------------
function hue(k) { return 40 + (k * 67) % 280; }  // 40..320: never the red band
const quiet = { "pointer-events": "none" };
function drawShape(shape, x, y, svg, cell) {
  if (shape.fill) cell.setAttribute("fill", "#333");
  if (shape.dot) el("circle", { cx: x + S / 2, cy: y + S / 2, r: 3, fill: "#888", ...quiet }, svg);
  if (shape.polygon) el("polygon", { points: shape.polygon.map(([a, b]) => `${x + a * S},${y + b * S}`).join(" "),
                                     fill: "#222", ...quiet }, svg);
}
function drawGiven(g, x, y, svg, cell, filled) {
  if (g.fill) cell.setAttribute("fill", "#222");
  if (g.text === null) return;
  const light = g.fill || filled;
  if (g.corner) el("text", { x: x + 4, y: y + 19, "font-size": 20, "font-weight": 600,
                             fill: light ? "white" : "black", ...quiet }, svg, g.text);
  else el("text", { x: x + S / 2, y: y + S * 0.68, "text-anchor": "middle", "font-size": S * 0.55,
                    fill: light ? "white" : "black", ...quiet }, svg, g.text);
}
function cellWords(r, c) {  // what a screen reader says of a cell
  const g = given(r, c);
  const mine = !rectangles() && playable(r, c) ? state[r][c] : null;
  const words = [];
  if (g) words.push(g.fill ? `given${g.text ? " " + g.text : ""}` : `number ${g.text}`);
  if (mine !== null) words.push(mine === "_" ? "open" : mine === board.dot ? "marked" : mine);
  if (rectangles()) { const k = rectAt(r, c); words.push(k >= 0 ? `in rectangle ${k + 1}` : "open"); }
  return words.join(", ");
}
function draw() {
  const W = board.cols * S, H = board.rows * S;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `-20 -20 ${W + 24} ${H + 24}`);
  for (let c = 0; c < board.cols; c++)  // 1-based labels, as hints name rows and columns
    el("text", { x: c * S + S / 2, y: -6, "text-anchor": "middle", class: "label" }, svg, c + 1);
  for (let r = 0; r < board.rows; r++)
    el("text", { x: -6, y: r * S + S / 2 + 4, "text-anchor": "end", class: "label" }, svg, r + 1);
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "white" }, svg);
  if (rectangles()) state.forEach(([t, l, h, w], k) =>
    el("rect", { x: l * S + 2, y: t * S + 2, width: w * S - 4, height: h * S - 4, rx: 4,
                 fill: `hsl(${hue(k)} 70% 82%)`, stroke: `hsl(${hue(k)} 60% 40%)`, "stroke-width": 2,
                 "data-rect": k }, svg));
  svg.setAttribute("role", "grid");
  svg.setAttribute("aria-label", `${board.genre} board, ${board.rows} rows by ${board.cols} columns`);
  for (let r = 0; r < board.rows; r++) {
    const row = el("g", { role: "row" }, svg);
    for (let c = 0; c < board.cols; c++) {
      const x = c * S, y = r * S;
      const cell = el("rect", { x, y, width: S, height: S, fill: "transparent", stroke: "#bbb",
                                "data-cell": `${r},${c}`, role: "gridcell",
                                "aria-label": `Row ${r + 1}, column ${c + 1}: ${cellWords(r, c)}` }, row);
      const shape = !rectangles() && playable(r, c) ? board.states[state[r][c]] || {} : {};
      drawShape(shape, x, y, svg, cell);
      if (given(r, c)) drawGiven(given(r, c), x, y, svg, cell, !!shape.fill);
    }
  }
  if (drag && drag.to) {
    const t = Math.min(drag.from[0], drag.to[0]), l = Math.min(drag.from[1], drag.to[1]);
    const h = Math.abs(drag.from[0] - drag.to[0]) + 1, w = Math.abs(drag.from[1] - drag.to[1]) + 1;
    el("rect", { x: l * S + 3, y: t * S + 3, width: w * S - 6, height: h * S - 6, rx: 4,
                 class: drag.erase ? "preview erase" : "preview", "pointer-events": "none" }, svg);
  }
  if (board.borders) {
    board.borders.vertical.forEach((row, r) => row.forEach((on, c) => on &&
      el("line", { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S, stroke: "#000", "stroke-width": 3 }, svg)));
    board.borders.horizontal.forEach((row, r) => row.forEach((on, c) => on &&
      el("line", { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S, stroke: "#000", "stroke-width": 3 }, svg)));
  }
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "none", stroke: "#000", "stroke-width": 3 }, svg);
  if (document.activeElement === $("board") && $("board").classList.contains("keyboard"))
    el("rect", { x: cursor[1] * S + 2, y: cursor[0] * S + 2, width: S - 4, height: S - 4, class: "cursor" }, svg);
  for (const m of marks) {
    if (m.point) el("circle", { cx: m.point[1] * S, cy: m.point[0] * S, r: 6, class: "errorpoint" }, svg);
    else el("rect", { x: m.cell[1] * S, y: m.cell[0] * S, width: S, height: S, class: m.kind,
                      "pointer-events": "none" }, svg);
  }
  $("board").replaceChildren(svg);
}

// -- buttons -------------------------------------------------------------------------------
function say(text, done = false) {
  $("status").textContent = text; $("status").className = done ? "solved" : text ? "" : "quiet";
}
function unfinished() {
  if (rectangles()) return state.reduce((n, [, , h, w]) => n + h * w, 0) < board.rows * board.cols;
  return state.some((row, r) => row.some((ch, c) => ch === "_" && playable(r, c)));
}
function markSolved() {
  solved = true; localStorage.setItem(board.url + ":solved", "1"); tick();
  say(`Solved in ${clock(elapsed)}`, true); $("board").classList.add("solved");
}
function stillThisBoard() {
  // An answer worked out for a board the player has since changed is dropped: answers come
  // back out of order (an old check would un-solve a solved board), or after a move.
  const asked = JSON.stringify(state);
  return () => JSON.stringify(state) === asked;
}
async function check(quiet) {
  const current = stillThisBoard();
  const out = await api("/api/check", { puzzle: board.url, answer: answer() });
  if (!current()) return false;
  if (out.ok) { markSolved(); return true; }
  if (solved) { solved = false; $("board").classList.remove("solved"); localStorage.removeItem(board.url + ":solved"); }
  if (quiet) { if ($("status").className === "solved") say(""); return false; }
  marks = [];
  if (unfinished()) {  // only what is already wrong: cells set against the only answer
    const m = await api("/api/mistakes", { puzzle: board.url, position: position() });
    if (!current()) return false;
    m.wrong.forEach((cell) => marks.push({ cell, kind: "error" }));
    m.rects.forEach(([t, l, h, w]) => { for (let r = t; r < t + h; r++) for (let c = l; c < l + w; c++) marks.push({ cell: [r, c], kind: "error" }); });
    const n = m.wrong.length + m.rects.length;
    const what = rectangles() ? (n === 1 ? "rectangle is" : "rectangles are") : (n === 1 ? "cell is" : "cells are");
    say(!m.unique ? "Not finished yet (this puzzle has more than one answer, so only a full board is checked)."
        : n ? `Not finished, and ${n} ${what} wrong (marked).` : "Not finished yet; nothing is wrong so far.");
  } else {
    for (const e of out.errors) {
      e.cells.forEach((cell) => marks.push({ cell, kind: "error" }));
      e.points.forEach((point) => marks.push({ point }));
    }
    say(out.errors.map((e) => e.message).filter((v, i, a) => a.indexOf(v) === i).join(" "));
  }
  draw(); return false;
}
function quietCheck() { check(true).catch(() => {}); }
async function hint() {
  say("thinking…");
  const current = stillThisBoard();
  const h = await api("/api/hint", { puzzle: board.url, position: position(), rung: $("rung").value });
  if (!current()) return say("The board changed while I was thinking: ask again.");
  say(h.text);
  if (h.kind !== "deduction") return;
  applyMove(h.move);
  marks = h.cells.map((cell) => ({ cell, kind: "hint" })); draw(); say(h.text);
}
async function count() {
  const out = await api("/api/count", { puzzle: board.url, rung: $("rung").value || null });
  say(`${out.status}: ${out.nodes} nodes, ${out.ms} ms`);
}
async function solve() {
  const out = await api("/api/solve", { puzzle: board.url });
  if (!out.solutions.length) return say(out.status);
  const a = out.solutions[0];
  play(() => {
    state = rectangles() ? a : a.map((row, r) => [...row].map((ch, c) => playable(r, c) ? ch : "_"));
  });
}

// -- keeping progress ---------------------------------------------------------------------
function save() { localStorage.setItem(board.url, JSON.stringify(state)); }
function clock(ms) { const s = Math.floor(ms / 1000); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }
function tick() {  // the clock runs while the page is seen and the board is not solved
  const now = Date.now();
  if (!solved && !document.hidden) elapsed += now - lastTick;
  lastTick = now;
  $("timer").textContent = clock(elapsed);
  if (board) localStorage.setItem(board.url + ":time", String(Math.round(elapsed)));
}
document.addEventListener("visibilitychange", () => { if (document.hidden) tick(); lastTick = Date.now(); });
function enable(on) { document.querySelectorAll("#controls button, #controls select, #modes button").forEach((b) => { b.disabled = !on; }); }

async function start() {
  enable(false);  // nothing to press until a board is loaded
  let url = params.get("url");
  let grade = null;
  if (params.get("id")) ({ url, grade } = await api(`/api/bank/${params.get("id")}`));
  if (!url) { say("Paste a puzz.link URL below, or pick a board on the home page."); return; }
  board = await api("/api/puzzle", { puzzle: url });
  $("title").textContent = `${board.genre} ${board.rows}×${board.cols}`;
  $("help").replaceChildren(...board.help.map((line) => {
    const li = document.createElement("li"); li.textContent = line; return li;
  }));
  for (const r of board.rungs) {
    const o = document.createElement("option"); o.value = r; o.textContent = r; $("rung").appendChild(o);
  }
  $("rung").value = board.rungs[board.rungs.length - 1];
  const kept = localStorage.getItem(board.url);
  state = kept ? JSON.parse(kept) : emptyState();
  elapsed = Number(localStorage.getItem(board.url + ":time")) || 0; lastTick = Date.now();
  $("editthis").href = `/edit?url=${encodeURIComponent(board.url)}`;
  const link = document.createElement("a");
  link.href = `/play?url=${encodeURIComponent(board.url)}`; link.textContent = board.url;
  const copy = document.createElement("button"); copy.textContent = "Copy link";
  copy.onclick = () => navigator.clipboard && navigator.clipboard.writeText(board.url);
  $("share").replaceChildren("share: ", link, " ", copy);
  $("modes").replaceChildren(...modeButtons());
  if (params.get("id")) {  // a bank board: the next one of its genre, size and grade
    const n = await api(`/api/bank/${params.get("id")}/next`);
    $("next").hidden = false; $("next").title = `board ${n.position} of ${n.of}`;
    $("next").onclick = () => { location.href = `/play?id=${n.next}`; };
    $("title").textContent += ` · ${grade}, ${n.position} of ${n.of}`;
  }
  enable(true); draw(); quietCheck(); tick(); setInterval(tick, 1000);
}

$("board").addEventListener("contextmenu", (e) => e.preventDefault());
function cellAt(e) {
  const n = document.elementsFromPoint(e.clientX, e.clientY).find((x) => x.dataset && x.dataset.cell);
  return n ? n.dataset.cell.split(",").map(Number) : null;
}
function corner(e, r, c) {  // the corner of the cell the pointer is near, if it is near one
  const box = document.querySelector(`[data-cell="${r},${c}"]`).getBoundingClientRect();
  const near = (f) => (f < 0.3 ? 0 : f > 0.7 ? 1 : null);
  const h = near((e.clientX - box.left) / box.width), v = near((e.clientY - box.top) / box.height);
  return h === null || v === null ? null : (v ? "s" : "n") + (h ? "e" : "w");
}
function pressed(r, c, e) {  // the state a press puts in this cell
  const cur = state[r][c], order = board.cycle, n = order.length, i = order.indexOf(cur);
  const back = e.button === 2;
  if (mode === "erase") return "_";
  if (board.dot && (mode === "dot" || e.shiftKey || (back && board.back === "dot")))
    return cur === board.dot ? "_" : board.dot;
  const k = board.corners && !back ? corner(e, r, c) : null;
  if (k) return cur === board.corners[k] ? "_" : board.corners[k];
  if (i < 0) return back ? "_" : order[1 % n];
  return order[(i + (back ? n - 1 : 1)) % n];
}
function modeButtons() {
  const modes = rectangles() ? ["draw", "erase"] : ["play", ...(board.dot ? ["dot"] : []), "erase"];
  mode = modes[0];
  return modes.map((m) => {
    const b = document.createElement("button");
    b.textContent = m[0].toUpperCase() + m.slice(1); b.dataset.mode = m;
    b.setAttribute("aria-pressed", String(m === mode));
    b.onclick = () => { mode = m; document.querySelectorAll("#modes button").forEach((x) =>
      x.setAttribute("aria-pressed", String(x.dataset.mode === mode))); };
    return b;
  });
}
$("board").addEventListener("pointerdown", (e) => {
  if (!board) return;
  const rc = cellAt(e);
  if (!rc) return;
  $("board").classList.remove("keyboard");
  if (rectangles()) { drag = { from: rc, to: rc, erase: mode === "erase" || e.button === 2 }; draw(); return; }
  const [r, c] = rc;
  if (!playable(r, c)) return;
  history.push(JSON.stringify(state)); future = [];
  const next = pressed(r, c, e);
  state[r][c] = next;
  stroke = { state: next, paint: board.paint || mode !== "play" || e.shiftKey };
  draw();
});
$("board").addEventListener("pointermove", (e) => {
  const rc = (drag || (stroke && stroke.paint)) && cellAt(e);
  if (!rc) return;
  if (drag) { if (rc.join() !== drag.to.join()) { drag.to = rc; draw(); } return; }
  const [r, c] = rc;
  if (playable(r, c) && state[r][c] !== stroke.state) { state[r][c] = stroke.state; draw(); }
});
window.addEventListener("pointerup", () => {
  if (stroke) { stroke = null; moved(); }
  if (!drag) return;
  const { from, to, erase } = drag;
  drag = null;
  if (!erase) return drawRect(from, to);
  const t = Math.min(from[0], to[0]), b = Math.max(from[0], to[0]);
  const l = Math.min(from[1], to[1]), rr = Math.max(from[1], to[1]);
  play(() => { state = state.filter(([t2, l2, h2, w2]) => t2 > b || t2 + h2 - 1 < t || l2 > rr || l2 + w2 - 1 < l); });
});
$("board").addEventListener("keydown", (e) => {
  $("board").classList.add("keyboard");
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    cursor = [Math.max(0, Math.min(board.rows - 1, cursor[0] + moves[e.key][0])),
              Math.max(0, Math.min(board.cols - 1, cursor[1] + moves[e.key][1]))];
    e.preventDefault(); return draw();
  }
  if (e.key === "Enter" || e.key === " " || e.key === "Backspace") {
    e.preventDefault();
    if (!rectangles()) return cellClick(cursor[0], cursor[1], e.key === "Backspace");
    if (anchor) { drawRect(anchor, cursor); anchor = null; } else anchor = [...cursor];
  }
  if (e.key === ".") dot(...cursor);
});
$("board").addEventListener("focus", () => draw());
$("save").onclick = async () => {
  const out = await api("/api/convert", { puzzle: board.url, to: "pzprv3", answer: answer() });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([out.text], { type: "text/plain" }));
  a.download = `${board.genre}.pzprv3.txt`; a.click();
};
$("check").onclick = () => check(false);
$("hint").onclick = () => hint().catch((e) => say(e.message));
$("count").onclick = () => count().catch((e) => say(e.message));
$("solve").onclick = () => solve().catch((e) => say(e.message));
$("undo").onclick = () => { if (history.length) { future.push(JSON.stringify(state)); state = JSON.parse(history.pop()); moved(); } };
$("redo").onclick = () => { if (future.length) { history.push(JSON.stringify(state)); state = JSON.parse(future.pop()); moved(); } };
$("clear").onclick = () => play(() => { state = emptyState(); });
$("undecided").onchange = async () => {
  if (!$("undecided").checked) { marks = []; return draw(); }
  const out = await api("/api/undecided", { puzzle: board.url, position: position(), rung: $("rung").value });
  marks = out.cells.map((cell) => ({ cell, kind: "undecided" })); draw();
};
$("open").onsubmit = (e) => { e.preventDefault(); location.href = `/play?url=${encodeURIComponent($("url").value)}`; };
document.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === "z") $("undo").click();
  if ((e.ctrlKey || e.metaKey) && e.key === "y") $("redo").click();
});
start().catch((e) => say(e.message));
