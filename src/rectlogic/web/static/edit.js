// The setter's workbench: edit a puzzle cell by cell (tokens) and border by border, as the
// genre's edit description says; after each edit (debounced, older requests cancelled) the
// server composes the puzzle and analyses it, and the page shows the verdict, the open,
// differing and conflicting cells, and the suggested edits as one-click buttons. No genre
// is named here.
import { el, svgNS, keepCursorInView } from "/static/svg.js";
import { offerPictures } from "/static/picture.js";
import { themeToggle } from "/static/theme.js";
const S = 40, LABEL = 26;  // a cell; the margin for row and column numbers
const MIN_CELL = 30;  // on phones, the fewest pixels a cell takes (a finger hits it)
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let genres = [], edit, state, history = [], future = [], cursor = [0, 0], marks = [], url = null;
let pending = null, timer = null, typed = "", maxSide = 60;
let lastEdit = null;  // the cell edited last: the analysis looks for a conflict there first

async function api(path, body, signal) {
  const r = await fetch(path, body === undefined ? { signal } :
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || "bad request");
  return data;
}

function problem(text) { $("problem").textContent = text || ""; }  // one plain line, or none
function readSize(text) {  // "RxC" (or "N") within the limit, else null
  const [rows, cols] = String(text).toLowerCase().split(/[x×]/).map(Number);
  const c = cols === undefined ? rows : cols;
  return Number.isInteger(rows) && Number.isInteger(c) && rows >= 1 && c >= 1 && rows <= maxSide && c <= maxSide
    ? [rows, c] : null;
}
function blank(genre, rows, cols) {
  const e = genres.find((g) => g.name === genre).edit;
  return { genre, rows, cols, cells: Array.from({ length: rows }, () => Array(cols).fill("")),
           borders: e.borders ? { vertical: Array.from({ length: rows }, () => Array(cols - 1).fill(false)),
                                  horizontal: Array.from({ length: rows - 1 }, () => Array(cols).fill(false)) } : null };
}
function use(next) {
  state = next; edit = genres.find((g) => g.name === state.genre).edit;
  $("genre").value = state.genre; $("size").value = `${state.rows}x${state.cols}`;
  $("help").replaceChildren(...edit.help.map((line) => {
    const li = document.createElement("li"); li.textContent = line; return li; }));
  cursor = [0, 0]; marks = []; lastEdit = null; pad(); draw(); changed();
}
function change(fn) {
  history.push(JSON.stringify(state)); future = [];
  fn(); marks = []; draw(); changed();
}

// -- editing -------------------------------------------------------------------------------
function setToken(r, c, t) {
  if (state.cells[r][c] !== t) change(() => { state.cells[r][c] = t; lastEdit = [r, c]; });
}
function clickCell(r, c) {
  cursor = [r, c]; typed = "";
  if (!edit.cycle.length) return draw();
  const i = edit.cycle.indexOf(state.cells[r][c]);
  setToken(r, c, edit.cycle[(i + 1) % edit.cycle.length]);
}
function toggleBorder(kind, r, c) {
  change(() => { state.borders[kind][r][c] = !state.borders[kind][r][c]; lastEdit = [r, c]; });
}
function symbols() {  // the tokens typed as one key that are not digits: # ? + - | …
  const out = edit.cycle.filter((t) => t.length === 1 && !/[0-9]/.test(t));
  return edit.unknown && !out.includes("?") ? [...out, "?"] : out;
}
function pad() {  // the keys as buttons, for phones and tablets (no keyboard)
  const keys = [];
  if (edit.numbers) for (let d = 0; d <= Math.min(9, edit.max_number ?? 9); d++) keys.push([String(d), String(d)]);
  for (const t of symbols()) keys.push([t, t]);
  keys.push(["Backspace", "erase"]);
  $("pad").replaceChildren(...keys.map(([k, text]) => {
    const b = document.createElement("button"); b.type = "button"; b.textContent = text;
    b.setAttribute("aria-label", k === "Backspace" ? "erase the cell" : `write ${text}`);
    b.onclick = () => key({ key: k, preventDefault() {} });
    return b;
  }));
}
function key(e) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const [r, c] = cursor;
  if (moves[e.key]) {
    cursor = [Math.max(0, Math.min(state.rows - 1, r + moves[e.key][0])),
              Math.max(0, Math.min(state.cols - 1, c + moves[e.key][1]))];
    typed = ""; e.preventDefault(); draw(); keepCursorInView($("board")); return announce();
  }
  if (/^[0-9]$/.test(e.key) && edit.numbers) {
    typed = (typed + e.key).replace(/^0+(?=\d)/, "").slice(0, 4);
    if (edit.max_number !== null && Number(typed) > edit.max_number) typed = e.key;
    if (edit.max_number === null || Number(typed) <= edit.max_number) setToken(r, c, typed);
  } else if (symbols().includes(e.key)) { typed = ""; setToken(r, c, e.key); e.preventDefault(); }
  else if (e.key === "Backspace" || e.key === "Delete") { typed = ""; setToken(r, c, ""); e.preventDefault(); }
  else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); clickCell(r, c); }
}

// -- drawing -------------------------------------------------------------------------------
function draw() {
  const W = state.cols * S, H = state.rows * S;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `${-LABEL} ${-LABEL} ${W + LABEL + 4} ${H + LABEL + 4}`);
  svg.setAttribute("aria-hidden", "true");
  svg.style.setProperty("--least", `${(W + LABEL + 4) * MIN_CELL / S}px`);  // see edit.css
  for (let r = 0; r < state.rows; r++)  // rows and columns numbered as suggestions name them
    el("text", { x: -LABEL / 2, y: r * S + S / 2 + 5, "text-anchor": "middle", class: "coord" }, svg, r + 1);
  for (let c = 0; c < state.cols; c++)
    el("text", { x: c * S + S / 2, y: -8, "text-anchor": "middle", class: "coord" }, svg, c + 1);
  // classes as the player's (paper, cell, given, text, ontext, border, frame): dark mode's colours
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "white", class: "paper" }, svg);
  for (let r = 0; r < state.rows; r++) for (let c = 0; c < state.cols; c++) {
    const t = state.cells[r][c], dark = edit.filled.includes(t);
    el("rect", { x: c * S, y: r * S, width: S, height: S, fill: dark ? "#222" : "transparent",
                 stroke: "#bbb", class: dark ? "cell given" : "cell", "data-cell": `${r},${c}` }, svg);
    if (t && t !== "#") el("text", { x: c * S + S / 2, y: r * S + S * 0.68, "text-anchor": "middle", "font-size": S * 0.5,
                                     fill: dark ? "white" : "black", class: dark ? "ontext" : "text", "pointer-events": "none" }, svg, t);
  }
  for (const m of marks) el("rect", { x: m.cell[1] * S + 3, y: m.cell[0] * S + 3, width: S - 6, height: S - 6,
                                      class: `mark ${m.kind}`, "pointer-events": "none" }, svg);
  if (state.borders) {
    state.borders.vertical.forEach((row, r) => row.forEach((on, c) => {
      el("line", { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S, stroke: on ? "#000" : "transparent",
                   "stroke-width": 3, class: on ? "border" : "", "pointer-events": "none" }, svg);
      el("rect", { x: (c + 1) * S - 6, y: r * S + 6, width: 12, height: S - 12, fill: "transparent",
                   class: "edge", "data-edge": `vertical,${r},${c}` }, svg);
    }));
    state.borders.horizontal.forEach((row, r) => row.forEach((on, c) => {
      el("line", { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S, stroke: on ? "#000" : "transparent",
                   "stroke-width": 3, class: on ? "border" : "", "pointer-events": "none" }, svg);
      el("rect", { x: c * S + 6, y: (r + 1) * S - 6, width: S - 12, height: 12, fill: "transparent",
                   class: "edge", "data-edge": `horizontal,${r},${c}` }, svg);
    }));
  }
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "none", stroke: "#000", "stroke-width": 3, class: "frame" }, svg);
  if (document.activeElement === $("board"))
    el("rect", { x: cursor[1] * S + 2, y: cursor[0] * S + 2, width: S - 4, height: S - 4, class: "cursor" }, svg);
  $("board").replaceChildren(svg);
}

// -- analysis ------------------------------------------------------------------------------
function analysing() {
  // Until the new verdict comes, the old one, its suggestions, link and file describe a
  // puzzle that is gone: a suggestion clicked now would undo the edit just made.
  $("analysis").textContent = "analysing…"; $("analysis").dataset.status = "analysing";
  $("suggestions").replaceChildren();
  current(null);
}
function current(made) {  // the puzzle's URL, once composed: shared, played and saved
  url = made;
  $("share").classList.toggle("stale", !made); $("playthis").classList.toggle("stale", !made);
  $("save").disabled = !made;
  if (made) { $("share").textContent = made; $("playthis").href = `/play?url=${encodeURIComponent(made)}`; }
}
function changed() {
  clearTimeout(timer);
  if (pending) pending.abort();
  analysing();
  timer = setTimeout(analyse, 250);
}
async function analyse() {
  const mine = new AbortController(); pending = mine;
  try {
    const made = await api("/api/compose", state, mine.signal);
    if (pending !== mine) return;
    current(made.url);  // the puzzle as drawn, whatever its analysis says
    const asked = lastEdit ? { puzzle: url, focus: lastEdit } : { puzzle: url };
    let a = await api("/api/analyze", asked, mine.signal);
    if (pending !== mine) return;
    show(a, a.ask_again_with !== null);
    // The verdict is on screen; the fewest conflicting clues, or every differing cell, come
    // with askings that have more time (up to the server's most; a new edit aborts them).
    while (a.ask_again_with !== null) {
      const before = a;
      try {
        a = await api("/api/analyze", { ...asked, patience: a.ask_again_with }, mine.signal);
      } catch (err) {
        if (err.name === "AbortError") throw err;
        a = { ...before, ask_again_with: null };  // a busy server: what came stands, as it says
      }
      if (pending !== mine) return;
      show(a, a.ask_again_with !== null);
    }
  } catch (err) {
    if (err.name !== "AbortError") failed(err);
  }
}
function show(a, narrowing) {
  $("analysis").textContent = verdict(a);
  $("analysis").dataset.status = a.status;
  $("reason").textContent = notes(a, narrowing);
  $("reason").dataset.narrowing = narrowing ? "yes" : "no";
  marks = [...a.undecided.map((cell) => ({ cell, kind: "undecided" })),
           ...a.differ.map((cell) => ({ cell, kind: "differ" })),
           ...a.conflict.map((cell) => ({ cell, kind: "conflict" }))];
  $("suggestions").replaceChildren(...a.suggestions.map((s) => {
    const li = document.createElement("li"), b = document.createElement("button");
    b.textContent = s.change + (s.grade ? ` (grade ${s.grade})`
      : s.count === 1 ? " (unique; not graded in time)"
      : ` (${s.complete ? s.count : `at least ${s.count}`} answers left)`);
    b.className = "suggestion";
    b.onclick = () => { analysing(); importPuzzle(s.url, true).catch(failed); };
    li.appendChild(b); return li;
  }));
  draw();
}
function verdict(a) {  // the status line: how many answers, how hard, how long it took
  const count = a.complete ? a.count : `at least ${a.count}`;
  const said = { unique: "unique", multiple: "more than one answer", none: "no answer", unknown: "undecided (the search ran out of time)" };
  let text = `${said[a.status] || a.status}: ${count} answer${a.count === 1 ? "" : "s"}`;
  if (a.grade === "search") text += ", grade search (a guess is needed)";
  else if (a.grade) text += `, grade ${a.grade}` + (a.score !== null ? ` (score ${a.score})` : "");
  return text + ` — ${Math.round(a.seconds * 1000)} ms`;
}
function notes(a, narrowing) {  // why there is no answer, and which parts stopped short
  const out = [];
  const short = narrowing ? "looking further…" : "the time ran out";
  if (a.reason) out.push(`Why: ${a.reason}.`);
  if (a.conflict.length) out.push(`Red: ${a.conflict.length === 1 ? "this cannot hold" : `these ${a.conflict.length} cannot all hold`}` +
                                  (a.conflict_minimal === false ? ` (perhaps not the fewest: ${short}).` : "."));
  if (a.status === "multiple") out.push(`Blue: where answers differ${a.differ_complete ? "" : ` (at least: ${short})`}.`);
  return out.join(" ");
}
function failed(err) {
  $("analysis").textContent = err.message; $("analysis").dataset.status = "error";
  $("reason").textContent = ""; $("suggestions").replaceChildren();
}
async function importPuzzle(text, asEdit) {
  // read it first: a text that is not a puzzle leaves the board, its marks and verdict as they were
  const s = await api("/api/decompose", { puzzle: text });
  problem("");
  if (asEdit && state) { history.push(JSON.stringify(state)); future = []; }
  use({ genre: s.genre, rows: s.rows, cols: s.cols, cells: s.cells, borders: s.borders });
}

// -- wiring --------------------------------------------------------------------------------
$("board").addEventListener("pointerdown", (e) => {
  const t = e.target.dataset || {};
  if (t.edge) { const [kind, r, c] = t.edge.split(","); return toggleBorder(kind, Number(r), Number(c)); }
  if (t.cell) { const [r, c] = t.cell.split(",").map(Number); $("board").focus(); clickCell(r, c); }
});
$("board").addEventListener("keydown", key);
themeToggle($("theme"));
$("board").addEventListener("focus", () => { draw(); announce(); });
function announce() {  // the cell under the keyboard cursor, for screen readers
  const [r, c] = cursor, t = state.cells[r][c];
  const words = t === "" ? "empty" : edit.filled.includes(t) ? `dark cell${t === "#" ? "" : ` ${t}`}` : t;
  $("cursorsay").textContent = `Row ${r + 1}, column ${c + 1}: ${words}`;
}
$("undo").onclick = () => { if (history.length) { future.push(JSON.stringify(state)); use(JSON.parse(history.pop())); } };
$("redo").onclick = () => { if (future.length) { history.push(JSON.stringify(state)); use(JSON.parse(future.pop())); } };
$("new").onsubmit = (e) => {
  e.preventDefault();
  const size = readSize($("size").value);
  if (!size) return problem(`The size is rows x columns, e.g. 10x10, up to ${maxSide}x${maxSide}.`);
  problem("");
  history.push(JSON.stringify(state)); future = [];
  use(blank($("genre").value, ...size));
};
$("import").onsubmit = (e) => {
  e.preventDefault();
  importPuzzle($("url").value, true).catch((err) => problem(`Not imported: ${err.message}`));
};
$("save").onclick = async () => {
  if (!url) return;
  const out = await api("/api/convert", { puzzle: url, to: "pzprv3" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([out.text], { type: "text/plain" }));
  a.download = `${state.genre}.pzprv3.txt`; a.click();
};
document.addEventListener("keydown", (e) => {
  if (e.target.closest && e.target.closest("input, textarea, select")) return;  // their own undo
  if ((e.ctrlKey || e.metaKey) && e.key === "z") $("undo").click();
  if ((e.ctrlKey || e.metaKey) && e.key === "y") $("redo").click();
});

async function start() {
  [genres, { max_side: maxSide }] = await Promise.all([api("/api/genres"), api("/api/limits")]);
  $("sizelimit").textContent = `up to ${maxSide}x${maxSide}`;
  $("genre").replaceChildren(...genres.map((g) => {
    const o = document.createElement("option"); o.textContent = g.title; o.value = g.name;
    return o; }));
  offerPictures($("pictures"), () => url);
  if (params.get("url")) {
    try { return await importPuzzle(params.get("url"), false); }
    catch (err) { problem(`Not imported: ${err.message}`); }
  }
  let genre = params.get("genre") || genres[0].name, size = readSize(params.get("size") || "6x6");
  if (!genres.some((g) => g.name === genre)) {
    problem(`There is no genre "${genre.slice(0, 30)}" here: ${genres.map((g) => g.name).join(", ")}. Showing ${genres[0].name}.`);
    genre = genres[0].name;
  }
  if (!size) {
    problem(`The size is rows x columns, up to ${maxSide}x${maxSide}: showing 6x6.`);
    size = [6, 6];
  }
  use(blank(genre, ...size));
}
start().catch(failed);
