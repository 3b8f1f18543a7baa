// The player: draws the board in SVG from the server's description of it, turns clicks into
// moves, and asks the API for checks, hints, counts and solutions. It knows no genre.
const S = 40;  // cell size in SVG units
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let board, state, history = [], future = [], marks = [], drag = null, started = Date.now();
let cursor = [0, 0], anchor = null;

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
  change(); marks = []; save(); draw(); quietCheck();
}
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
const svgNS = "http://www.w3.org/2000/svg";
function el(name, attrs, parent, text) {
  const e = document.createElementNS(svgNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e); return e;
}
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
  if (g.corner) el("text", { x: x + 5, y: y + 15, "font-size": 14, fill: light ? "white" : "black", ...quiet }, svg, g.text);
  else el("text", { x: x + S / 2, y: y + S * 0.68, "text-anchor": "middle", "font-size": S * 0.55,
                    fill: light ? "white" : "black", ...quiet }, svg, g.text);
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
  for (let r = 0; r < board.rows; r++) for (let c = 0; c < board.cols; c++) {
    const x = c * S, y = r * S;
    const cell = el("rect", { x, y, width: S, height: S, fill: "transparent", stroke: "#bbb",
                              "data-cell": `${r},${c}` }, svg);
    const shape = !rectangles() && playable(r, c) ? board.states[state[r][c]] || {} : {};
    drawShape(shape, x, y, svg, cell);
    if (given(r, c)) drawGiven(given(r, c), x, y, svg, cell, !!shape.fill);
  }
  if (board.borders) {
    board.borders.vertical.forEach((row, r) => row.forEach((on, c) => on &&
      el("line", { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S, stroke: "#000", "stroke-width": 3 }, svg)));
    board.borders.horizontal.forEach((row, r) => row.forEach((on, c) => on &&
      el("line", { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S, stroke: "#000", "stroke-width": 3 }, svg)));
  }
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "none", stroke: "#000", "stroke-width": 3 }, svg);
  if (document.activeElement === $("board"))
    el("rect", { x: cursor[1] * S + 2, y: cursor[0] * S + 2, width: S - 4, height: S - 4, class: "cursor" }, svg);
  for (const m of marks) {
    if (m.point) el("circle", { cx: m.point[1] * S, cy: m.point[0] * S, r: 6, class: "errorpoint" }, svg);
    else el("rect", { x: m.cell[1] * S, y: m.cell[0] * S, width: S, height: S, class: m.kind,
                      "pointer-events": "none" }, svg);
  }
  $("board").replaceChildren(svg);
}

// -- buttons -------------------------------------------------------------------------------
function say(text, solved = false) { $("status").textContent = text; $("status").className = solved ? "solved" : ""; }
async function check(quiet) {
  const out = await api("/api/check", { puzzle: board.url, answer: answer() });
  if (out.ok) { say("Solved", true); localStorage.setItem(board.url + ":solved", "1"); return true; }
  if (quiet) { if ($("status").className === "solved") say(""); return false; }
  marks = [];
  for (const e of out.errors) {
    e.cells.forEach((cell) => marks.push({ cell, kind: "error" }));
    e.points.forEach((point) => marks.push({ point }));
  }
  say(out.errors.map((e) => `${e.code}: ${e.message}`).filter((v, i, a) => a.indexOf(v) === i).join(" "));
  draw(); return false;
}
function quietCheck() { check(true).catch(() => {}); }
async function hint() {
  say("thinking…");
  const h = await api("/api/hint", { puzzle: board.url, position: position(), rung: $("rung").value });
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
function tick() {
  const s = Math.floor((Date.now() - started) / 1000);
  $("timer").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

async function start() {
  let url = params.get("url");
  if (params.get("id")) url = (await api(`/api/bank/${params.get("id")}`)).url;
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
  $("editthis").href = `/edit?url=${encodeURIComponent(board.url)}`;
  $("share").innerHTML = `share: <a href="/play?url=${encodeURIComponent(board.url)}">${board.url}</a>`;
  draw(); quietCheck(); setInterval(tick, 1000);
}

$("board").addEventListener("contextmenu", (e) => e.preventDefault());
$("board").addEventListener("pointerdown", (e) => {
  const cell = e.target.dataset && (e.target.dataset.cell || null);
  const under = document.elementsFromPoint(e.clientX, e.clientY).find((n) => n.dataset && n.dataset.cell);
  const rc = (cell || (under && under.dataset.cell) || "").split(",").map(Number);
  if (rc.length !== 2) return;
  if (rectangles()) { drag = rc; return; }
  if (e.shiftKey) dot(...rc); else cellClick(rc[0], rc[1], e.button === 2);
});
$("board").addEventListener("pointerup", (e) => {
  if (!drag) return;
  const under = document.elementsFromPoint(e.clientX, e.clientY).find((n) => n.dataset && n.dataset.cell);
  if (under) drawRect(drag, under.dataset.cell.split(",").map(Number));
  drag = null;
});
$("board").addEventListener("keydown", (e) => {
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
$("undo").onclick = () => { if (history.length) { future.push(JSON.stringify(state)); state = JSON.parse(history.pop()); marks = []; save(); draw(); quietCheck(); } };
$("redo").onclick = () => { if (future.length) { history.push(JSON.stringify(state)); state = JSON.parse(future.pop()); marks = []; save(); draw(); quietCheck(); } };
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
