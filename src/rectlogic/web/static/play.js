// The player: draws the board in SVG from the server's description of it, turns clicks into
// moves, and asks the API for checks, hints, counts and solutions. It knows no genre.
import { el, S, MARGIN, drawBoard, keepCursorInView } from "/static/svg.js";
import { themeToggle } from "/static/theme.js";
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let board, state, history = [], future = [], marks = [], drag = null, stroke = null;
let cursor = [0, 0], anchor = null, mode = "play", elapsed = 0, lastTick = Date.now();
let solved = false, revealed = false, paused = false, zoom = 1, live = [];
let aux = {};  // auxiliary edge marks (boards drawn in rectangles): {"h,r,c" | "v,r,c": "line" | "x"}, not the answer
let trials = [];  // open trials, outermost first: {at: history length, start: state}
let help = { hints: 0, reveals: 0 };  // what the player was given on this board (kept with it)
let offer = null;  // what the last hint offers to do: {kind: "reveal" | "mistake", asked, ...}
let explain = null;  // each grade of this genre in a line (/api/genres)
let lastHint = null;  // {asked, kind, times}: the same hint asked again without a move

// -- settings, kept in localStorage ---------------------------------------------------------
const SETTINGS = "rectlogic:settings";
const stored = () => JSON.parse(localStorage.getItem(SETTINGS) || "{}");
const kept = stored();  // the player's own settings; theme.js keeps the colours beside them
const settings = { mistakes: kept.mistakes ?? false, zoom: kept.zoom ?? 1, limit: kept.limit ?? "100" };
function remember() { localStorage.setItem(SETTINGS, JSON.stringify({ ...stored(), ...settings })); }

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
function moved() {
  marks = []; anchor = null; withdraw(); lastHint = null;
  if (!solved && !revealed) say("");
  if ($("undecided").checked) $("undecided").checked = false;  // its overlay is gone
  save(); draw(); quietCheck(); liveCheck();
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

// -- trials: moves made on an assumption, kept or taken back as one -------------------------
function trialDepth(same) {  // the innermost open trial whose start differs here (0: none)
  for (let k = trials.length - 1; k >= 0; k--) if (!same(trials[k].start)) return k + 1;
  return 0;
}
function startTrial() {
  trials.push({ at: history.length, start: JSON.parse(JSON.stringify(state)) });
  showTrials(); draw();
}
function endTrial(keep) {
  const t = trials.pop();
  if (!keep) { state = t.start; history.length = Math.min(history.length, t.at); future = []; }
  showTrials(); if (keep) draw(); else moved();
}
function showTrials() {
  const n = trials.length;
  $("trialbar").hidden = n === 0;
  $("trialbar").className = n > 1 ? "deep" : "";
  $("trialinfo").textContent = n > 1 ? `Trial inside a trial (${n} deep): moves in pink.`
    : "Trial: moves in blue.";
  $("trial").textContent = n ? "Trial inside" : "Trial";
  $("trial").disabled = !board || n >= 3;
  localStorage.setItem(board.url + ":trials", JSON.stringify(trials));
}

// -- drawing -------------------------------------------------------------------------------
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
  if (!board) return;
  const depthCell = (r, c) => trialDepth((s) => s[r][c] === state[r][c]);
  const depthRect = (k) => trialDepth((s) => s.some((x) => x.join() === state[k].join()));
  const svg = drawBoard(board, state, { words: cellWords, trial: trials.length ? depthCell : null,
                                        trialRect: trials.length ? depthRect : null });
  const W = board.cols * S, H = board.rows * S;
  for (const [key, kind] of Object.entries(aux)) {  // h: the top edge of (r, c); v: its left edge
    const [d, r, c] = key.split(","), x = Number(c) * S, y = Number(r) * S;
    const [x2, y2] = d === "h" ? [x + S, y] : [x, y + S];
    if (kind === "line") el("line", { x1: x, y1: y, x2, y2, class: "auxline", "data-aux": key }, svg);
    else {
      const mx = (x + x2) / 2, my = (y + y2) / 2, k = 5;
      el("path", { d: `M${mx - k},${my - k}L${mx + k},${my + k}M${mx + k},${my - k}L${mx - k},${my + k}`,
                   class: "auxx", "data-aux": key }, svg);
    }
  }
  if (drag && drag.to) {
    const t = Math.min(drag.from[0], drag.to[0]), l = Math.min(drag.from[1], drag.to[1]);
    const h = Math.abs(drag.from[0] - drag.to[0]) + 1, w = Math.abs(drag.from[1] - drag.to[1]) + 1;
    el("rect", { x: l * S + 3, y: t * S + 3, width: w * S - 6, height: h * S - 6, rx: 4,
                 class: drag.erase ? "preview erase" : "preview", "pointer-events": "none" }, svg);
  }
  if (anchor) el("rect", { x: anchor[1] * S + 5, y: anchor[0] * S + 5, width: S - 10, height: S - 10,
                           class: "anchor", "pointer-events": "none" }, svg);
  if (document.activeElement === $("board") && $("board").classList.contains("keyboard"))
    el("rect", { x: cursor[1] * S + 2, y: cursor[0] * S + 2, width: S - 4, height: S - 4, class: "cursor" }, svg);
  const shown = settings.mistakes ? [...marks, ...live] : marks;
  for (const m of shown) {
    if (m.point) el("circle", { cx: m.point[1] * S, cy: m.point[0] * S, r: 6, class: "errorpoint" }, svg);
    else el("rect", { x: m.cell[1] * S, y: m.cell[0] * S, width: S, height: S, class: m.kind,
                      "pointer-events": "none" }, svg);
  }
  $("board").replaceChildren(svg);
  fit(svg, W, H);
}

// -- the board's size: as large as the window allows with the status line in view ----------
function fit(svg = $("board").querySelector("svg"), W = board.cols * S, H = board.rows * S) {
  if (!svg) return;
  const vw = (W + MARGIN + 4), vh = (H + MARGIN + 4);
  const wide = innerWidth >= 800;
  const box = $("stage").getBoundingClientRect();
  const side = wide ? $("side").getBoundingClientRect().width + 24 : 0;
  // 16 + 16: the page's margins and the stage's padding (room for the solved frame)
  const availW = Math.max(160, (wide ? innerWidth - side : innerWidth) - 32);
  // narrow: leave room below for the status line and a row of buttons
  const availH = Math.max(160, innerHeight - box.top - (wide ? 28 : 236));
  const scale = Math.min(availW / vw, availH / vh, 1.8);  // cells at most 72 px
  svg.style.width = `${vw * scale * zoom}px`; svg.style.height = `${vh * scale * zoom}px`;
  $("stage").style.width = `${Math.min(availW, vw * scale * zoom)}px`;
  $("stage").style.height = `${Math.min(availH, vh * scale * zoom)}px`;
  $("zoomlevel").textContent = `${Math.round(zoom * 100)}%`;
}
function setZoom(z, about) {
  const stage = $("stage"), old = zoom;
  zoom = Math.min(4, Math.max(1, z));
  const [fx, fy] = about || [stage.clientWidth / 2, stage.clientHeight / 2];
  const x = (stage.scrollLeft + fx) / old, y = (stage.scrollTop + fy) / old;
  fit();
  stage.scrollLeft = x * zoom - fx; stage.scrollTop = y * zoom - fy;
  settings.zoom = zoom; remember();
}
addEventListener("resize", () => board && fit());

// -- buttons -------------------------------------------------------------------------------
function say(text, kind = "") {
  $("status").textContent = text; $("status").className = kind || (text ? "" : "quiet");
}
function unfinished() {  // a cell not yet decided: every cell must be in a drawn rectangle
  if (rectangles()) return state.reduce((n, [, , h, w]) => n + h * w, 0) < board.rows * board.cols;
  return state.some((row, r) => row.some((ch, c) => ch === "_" && playable(r, c)));
}
function markSolved() {
  const was = solved;
  solved = true; tick();
  if (revealed) {
    say("Revealed: the answer is shown (no time is counted).", "revealed");
    $("board").classList.add("revealed"); return;
  }
  localStorage.setItem(board.url + ":solved", "1");
  say(`Solved in ${clock(elapsed)}${helpWords() ? `, with ${helpWords()}` : ""}`, "solved");
  $("board").classList.add("solved");
  if (!was) flash();
}
function flash() {
  $("board").classList.remove("flash"); void $("board").offsetWidth;
  $("board").classList.add("flash");
}
function unsolve() {
  solved = false; $("board").classList.remove("solved", "revealed", "flash");
  localStorage.removeItem(board.url + ":solved");
}
function stillThisBoard() {
  // An answer worked out for a board the player has since changed is dropped: answers come
  // back out of order (an old check would un-solve a solved board), or after a move.
  const asked = JSON.stringify(state);
  return () => JSON.stringify(state) === asked;
}
async function check(quiet) {
  const current = stillThisBoard();
  // an undrawn part of a board drawn in rectangles is not a rectangle the player drew: not solved
  const out = rectangles() && unfinished() ? { ok: false, errors: [] }
    : await api("/api/check", { puzzle: board.url, answer: answer() });
  if (!current()) return false;
  if (out.ok) { markSolved(); return true; }
  if (solved) unsolve();
  if (quiet) { if (["solved", "revealed"].includes($("status").className)) say(""); return false; }
  marks = [];
  if (unfinished()) {  // only what is already wrong: cells set against the only answer
    const m = await api("/api/mistakes", { puzzle: board.url, position: position() });
    if (!current()) return false;
    m.wrong.forEach((cell) => marks.push({ cell, kind: "error" }));
    m.rects.forEach(([t, l, h, w]) => { for (let r = t; r < t + h; r++) for (let c = l; c < l + w; c++) marks.push({ cell: [r, c], kind: "error" }); });
    const n = m.wrong.length + m.rects.length;
    const what = rectangles() ? (n === 1 ? "rectangle is" : "rectangles are") : (n === 1 ? "cell is" : "cells are");
    const left = rectangles() ? " Every cell must lie in a drawn rectangle." : "";
    say(!m.unique ? "Not finished yet (this puzzle has more than one answer, so only a full board is checked)."
        : n ? `Not finished, and ${n} ${what} wrong (marked).` : `Not finished yet; nothing is wrong so far.${left}`);
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
async function liveCheck() {  // "show mistakes as I play": rules broken for good, at once
  if (!settings.mistakes || !board) { live = []; return; }
  const current = stillThisBoard();
  const out = await api("/api/live", { puzzle: board.url, position: position() }).catch(() => null);
  if (!out || !current()) return;
  live = out.mistakes.flatMap((m) => m.cells.map((cell) => ({ cell, kind: "live", why: m.message })));
  $("livemsg").textContent = out.mistakes.length
    ? `Mistake: ${[...new Set(out.mistakes.map((m) => m.message))].join(" ")}` : "";
  draw();
}
// -- hints: a move, or (where no rule finds one) a cell to reveal, or a mistake to undo -----
async function hint() {
  if (solved) return markSolved();  // nothing left to hint: the verdict stays
  say("thinking…"); withdraw();
  const current = stillThisBoard();
  const h = await api("/api/hint", { puzzle: board.url, position: position(), rung: $("rung").value });
  if (!current()) return say("The board changed while I was thinking: ask again.");
  if (solved) return markSolved();  // the check of the last move came back solved meanwhile
  if (h.stars && !$("grade").textContent) showGrade({ stars: h.stars });
  const asked = JSON.stringify(state);
  const times = lastHint && lastHint.asked === asked && lastHint.kind === h.kind ? lastHint.times + 1 : 1;
  lastHint = { asked, kind: h.kind, times };
  // never the same words twice without a move in between
  const again = (text) => (times === 1 ? text
    : `${text.replace(/\.$/, "")} (asked ${times} times without a move).`);
  if (h.kind === "deduction") {
    gave("hints"); applyMove(h.move);
    marks = h.cells.map((cell) => ({ cell, kind: "hint" })); draw(); return say(h.text);
  }
  if (h.kind === "reveal") {
    offer = { kind: "reveal", asked, move: h.move, said: h.revealed };
    $("reveal").hidden = false;
    return say(times === 1 ? "No rule finds a move from here, not even a guess inside a guess. "
      + "Reveal one cell (the most constrained one) from the answer, or try an assumption with Trial."
      : again("Still no rule finds a move here: Reveal one cell, or try an assumption with Trial."));
  }
  if (h.kind === "mistake") {
    offer = { kind: "mistake", asked, first: h.first, cell: h.wrong.length > 0 };
    $("undoback").hidden = false;
    marks = h.cells.map((cell) => ({ cell, kind: "mistake" })); draw();
    return say(again(h.text));
  }
  say(again(h.text));
}
function withdraw() {  // a move (or a new hint) makes the last hint's offer stale
  offer = null; $("reveal").hidden = true; $("undoback").hidden = true;
}
function gave(kind) {  // help is counted, shown beside the clock and with the solved time
  help[kind] += 1; localStorage.setItem(board.url + ":help", JSON.stringify(help)); showHelp();
}
function helpWords() {
  const n = (k, one, many) => (k ? `${k} ${k === 1 ? one : many}` : "");
  return [n(help.hints, "hint", "hints"), n(help.reveals, "revealed cell", "revealed cells")]
    .filter(Boolean).join(" and ");
}
function showHelp() { $("helped").textContent = helpWords() ? `· ${helpWords()}` : ""; }

// "Reveal one cell": the answer's own cell, so not a guess: a trial's Reject keeps it
function revealOne() {
  const o = offer; withdraw();
  if (!o || o.kind !== "reveal" || o.asked !== JSON.stringify(state)) return say("The board changed: ask for a hint again.");
  gave("reveals"); applyMove(o.move);
  for (const t of trials) t.start = withMove(t.start, o.move);
  showTrials();
  const cells = o.move.rect ? cellsOf(o.move.rect) : [o.move.cell];
  marks = cells.map((cell) => ({ cell, kind: "hint" })); draw();
  say(`Revealed from the answer: ${o.said}.`);
}
function withMove(s, move) {  // a state (a copy) with a hint's move made in it
  if (move.rect) {
    const [t, l, h, w] = move.rect;
    return [...s.filter(([t2, l2, h2, w2]) => t2 + h2 <= t || t + h <= t2 || l2 + w2 <= l || l + w <= l2), move.rect];
  }
  const out = s.map((row) => [...row]); out[move.cell[0]][move.cell[1]] = move.state; return out;
}
function cellsOf([t, l, h, w]) {
  const out = [];
  for (let r = t; r < t + h; r++) for (let c = l; c < l + w; c++) out.push([r, c]);
  return out;
}

// "Undo back to it": undo until the wrong mark is gone — inside a trial too; a mistake made
// before the trial began rolls the trial back first. Undone moves stay for Redo.
async function undoBack() {
  const o = offer; withdraw();
  if (!o || o.kind !== "mistake" || o.asked !== JSON.stringify(state)) return say("The board changed: ask for a hint again.");
  const first = o.first, key = JSON.stringify(first);
  let wrongAs = o.cell ? state[first[0]][first[1]] : null, undone = 0, rejected = 0;
  const present = () => (o.cell ? state[first[0]][first[1]] === wrongAs
    : state.some((x) => JSON.stringify(x) === key));
  for (;;) {
    while (present() && (undo() || (trials.length && rollBack()))) undone += 1;
    if (present()) {  // not in the undo history (a reload since): take the mark off as a move
      play(() => { state = o.cell ? withCell(first, "_") : state.filter((x) => JSON.stringify(x) !== key); });
      return say(`Taken off: ${where(first, o.cell)} (the move that made it is no longer in the undo history; Undo puts it back).`);
    }
    if (!o.cell || state[first[0]][first[1]] === "_") break;
    // the cell holds another mark now: is that one wrong too?
    const m = await api("/api/mistakes", { puzzle: board.url, position: position() }).catch(() => null);
    if (!m || !m.wrong.some(([r, c]) => r === first[0] && c === first[1])) break;
    wrongAs = state[first[0]][first[1]];
  }
  moved();
  marks = (o.cell ? [first] : cellsOf(first)).map((cell) => ({ cell, kind: "hint" })); draw();
  const moves = `${undone} move${undone === 1 ? "" : "s"}`;
  say(rejected ? `Undone back to before ${where(first, o.cell)}: ${moves}, and the trial `
      + `rejected (the mistake came before it).` : `Undone back to before ${where(first, o.cell)}: ${moves}; Redo brings them back.`);
  function rollBack() {  // as Reject does
    rejected += 1; undone -= 1; const t = trials.pop();
    state = t.start; history.length = Math.min(history.length, t.at); future = []; showTrials(); return true;
  }
}
function withCell([r, c], v) { const out = state.map((row) => [...row]); out[r][c] = v; return out; }
function where(first, isCell) {
  if (isCell) return `row ${first[0] + 1}, column ${first[1] + 1}`;
  const [t, l, h, w] = first;
  return `the ${h}×${w} rectangle from row ${t + 1}, column ${l + 1}`;
}
async function count() {
  say("counting…");
  const limit = Number($("limit").value);
  const out = await api("/api/count", { puzzle: board.url, rung: $("rung").value || null, limit });
  const n = out.count, answers = (k) => `${k} answer${k === 1 ? "" : "s"}`;
  if (out.exact) say(n === 0 ? "No answer: no way of filling this board keeps every rule."
    : n === 1 ? "Exactly one answer." : `Exactly ${answers(n)}.`);
  else if (out.stopped) say(`At least ${answers(n)} (the search stopped after ${out.nodes} steps).`);
  else say(`At least ${answers(n)} (counted up to ${limit}).`);
}
async function solve() {
  const out = await api("/api/solve", { puzzle: board.url });
  if (!out.solutions.length) return say(out.status);
  const a = out.solutions[0];
  revealed = true; localStorage.setItem(board.url + ":revealed", "1");
  localStorage.removeItem(board.url + ":solved");
  trials = []; showTrials();
  play(() => {
    state = rectangles() ? a : a.map((row, r) => [...row].map((ch, c) => playable(r, c) ? ch : "_"));
  });
}

// -- keeping progress ---------------------------------------------------------------------
function save() { localStorage.setItem(board.url, JSON.stringify(state)); }
function clock(ms) { const s = Math.floor(ms / 1000); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }
function tick() {  // the clock runs while the page is seen, not paused, not solved or revealed
  const now = Date.now();
  if (!solved && !revealed && !paused && !document.hidden) elapsed += now - lastTick;
  lastTick = now;
  $("timer").textContent = revealed ? "revealed" : clock(elapsed);
  if (board) localStorage.setItem(board.url + ":time", String(Math.round(elapsed)));
}
document.addEventListener("visibilitychange", () => { if (document.hidden) tick(); lastTick = Date.now(); });
function enable(on) {  // without a board (none yet, or a bad address) nothing here has anything to act on
  document.querySelectorAll("#controls button, #controls select, #modes button, #options button, #options select, "
    + "#trial, #hintacts button, #pause, #undecided").forEach((b) => { b.disabled = !on; });
}
function pause(on) {
  tick(); paused = on;
  $("stage").hidden = on; $("paused").hidden = !on;
  $("pause").textContent = on ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(on));
  enable(!on); $("pause").disabled = false;
  if (!on) { showTrials(); fit(); }
}

// -- the board's grade: stars (1–5, against Janko's boards) and its rung in a line ------------
function showGrade(g) {
  const out = $("grade");
  if (g.grade === null && g.status) {
    const why = { multiple: "it has more than one answer", none: "it has no answer" }[g.status] || "it was not proved unique in time";
    return out.replaceChildren(`No grade: ${why}.`);
  }
  const parts = [];
  if (g.stars) {
    parts.push(starsOf(g.stars), " ");
    $("titlestars").replaceChildren(starsOf(g.stars));  // in view on a phone too
  }
  if (g.grade) parts.push(`grade ${g.grade}: ${gradeWords(g.grade)}`);
  else if (g.stars) parts.push(`${g.stars} of 5`);
  out.replaceChildren(...parts);
}
function starsOf(n) {
  const stars = document.createElement("span");
  stars.className = "stars"; stars.setAttribute("role", "img");
  stars.setAttribute("aria-label", `${n} star${n === 1 ? "" : "s"} of 5`);
  stars.textContent = "★".repeat(n) + "☆".repeat(5 - n);
  stars.title = "how hard, from 1 to 5 stars, against Janko's published boards of this genre";
  return stars;
}
function gradeWords(grade) {  // the home page's words for each grade (/api/genres)
  return (explain && explain[grade]) || board.rung_text[grade] || "";
}
function sayRung() {
  const r = $("rung").value;
  $("rungsays").textContent = r === "none" ? "none: no rule (hints look beyond it)" : `${r}: ${board.rung_text[r] || ""}`;
}
$("rung").onchange = sayRung;

function keysHelp() {
  const keys = ["arrows move", "Enter or Space plays the cell", "Backspace plays backwards",
                ...(board.dot ? ["<kbd>.</kbd> marks a cell"] : [])];
  if (rectangles()) keys.splice(1, 2, "Enter marks a first corner, Enter again the opposite one", "Escape lets go of a first corner");
  if (board.corners) keys.push(`<kbd>1</kbd> ${board.corners.nw} <kbd>2</kbd> ${board.corners.ne} <kbd>3</kbd> ${board.corners.se} <kbd>4</kbd> ${board.corners.sw} place that triangle, <kbd>0</kbd> clears`);
  keys.push("Ctrl+Z / Ctrl+Y undo and redo");
  $("keys").innerHTML = `Keys (on the board): ${keys.join(", ")}.`;
}

async function start() {
  enable(false);  // nothing to press until a board is loaded
  $("mistakes").checked = settings.mistakes;
  $("limit").value = settings.limit;
  let url = params.get("url");
  let banked = null;
  if (params.get("id")) { banked = await api(`/api/bank/${params.get("id")}`); url = banked.url; }
  if (!url) { say("Paste a puzz.link URL below, or pick a board on the home page."); return; }
  board = await api("/api/puzzle", { puzzle: url });
  api("/api/genres").then((all) => {
    explain = (all.find((g) => g.name === board.genre) || {}).explain || null;
    if (banked) showGrade(banked);
  }).catch(() => {});
  $("titletext").textContent = `${board.title || board.genre} ${board.rows}×${board.cols}`;
  const notes = ["Zoom with − and +, or pinch with two fingers on a touch screen; two fingers also move a zoomed board."];
  if (rectangles()) notes.push("Edges mode: click near a side of a cell for a line (a border you are sure of), again for × (sure there is none), again to clear; right-click steps back. They are your notes, not the answer.");
  $("help").replaceChildren(...[...board.help, ...notes].map((line) => {
    const li = document.createElement("li"); li.textContent = line; return li;
  }));
  keysHelp();
  for (const r of board.rungs) {
    const o = document.createElement("option"); o.value = r; o.textContent = r; $("rung").appendChild(o);
  }
  $("rung").value = board.rungs[board.rungs.length - 1];
  sayRung();
  const kept = localStorage.getItem(board.url);
  state = kept ? JSON.parse(kept) : emptyState();
  // open trials survive a reload (their moves can no longer be undone one by one)
  trials = JSON.parse(localStorage.getItem(board.url + ":trials") || "[]").map((t) => ({ ...t, at: 0 }));
  revealed = localStorage.getItem(board.url + ":revealed") === "1";
  aux = JSON.parse(localStorage.getItem(board.url + ":aux") || "{}");
  help = { hints: 0, reveals: 0, ...JSON.parse(localStorage.getItem(board.url + ":help") || "{}") };
  showHelp();
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
    $("titletext").textContent += ` · ${banked.grade}, ${n.position} of ${n.of}`;
  }
  document.title = `${$("titletext").textContent} — rectlogic`;
  if (banked) showGrade(banked);
  else api("/api/grade", { puzzle: board.url }).then(showGrade).catch(() => {});
  enable(true); showTrials(); zoom = settings.zoom || 1;
  draw(); quietCheck(); liveCheck(); tick(); setInterval(tick, 1000);
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
  const modes = rectangles() ? ["draw", "erase", "edges"] : ["play", ...(board.dot ? ["dot"] : []), "erase"];
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

// Auxiliary marks, as puzz.link has them: in Edges mode a click near a cell's side steps that
// side through a line (a border the player is sure of), a × (sure there is none) and nothing.
function markEdge(e, [r, c]) {
  const box = document.querySelector(`[data-cell="${r},${c}"]`).getBoundingClientRect();
  const fx = (e.clientX - box.left) / box.width, fy = (e.clientY - box.top) / box.height;
  const sides = [[fy, "h", r, c], [1 - fy, "h", r + 1, c], [fx, "v", r, c], [1 - fx, "v", r, c + 1]];
  const [, d, er, ec] = sides.sort((a, b) => a[0] - b[0])[0];
  if ((d === "h" && (er === 0 || er === board.rows)) || (d === "v" && (ec === 0 || ec === board.cols))) return;
  const key = `${d},${er},${ec}`, order = [undefined, "line", "x"];
  const next = order[(order.indexOf(aux[key]) + (e.button === 2 ? 2 : 1)) % 3];
  if (next) aux[key] = next; else delete aux[key];
  localStorage.setItem(board.url + ":aux", JSON.stringify(aux)); draw();
}

// Two fingers on the board zoom (pinch) and scroll it; one finger plays.
const touches = new Map();
let pinch = null;
function cancelGesture() {  // a second finger landed: the first one's move was not meant
  if (stroke) { state = JSON.parse(history.pop()); stroke = null; }
  drag = null; draw();
}
function spread() {
  const [a, b] = [...touches.values()];
  return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
$("board").addEventListener("pointerdown", (e) => {
  if (!board || paused) return;
  if (e.pointerType === "touch") {
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size === 2) { cancelGesture(); pinch = { ...spread(), zoom }; return; }
    if (touches.size > 2) return;
  }
  const rc = cellAt(e);
  if (!rc) return;
  $("board").classList.remove("keyboard");
  if (rectangles() && mode === "edges") return markEdge(e, rc);
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
  if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (pinch && touches.size === 2) {
    const now = spread(), box = $("stage").getBoundingClientRect();
    setZoom(pinch.zoom * now.d / pinch.d, [now.x - box.left, now.y - box.top]);
    $("stage").scrollLeft -= now.x - pinch.x; $("stage").scrollTop -= now.y - pinch.y;
    pinch.x = now.x; pinch.y = now.y;
    return;
  }
  const rc = (drag || (stroke && stroke.paint)) && cellAt(e);
  if (!rc) return;
  if (drag) { if (rc.join() !== drag.to.join()) { drag.to = rc; draw(); } return; }
  const [r, c] = rc;
  if (playable(r, c) && state[r][c] !== stroke.state) { state[r][c] = stroke.state; draw(); }
});
function lifted(e) {
  touches.delete(e.pointerId);
  if (pinch) { if (touches.size === 0) pinch = null; return true; }
  return false;
}
window.addEventListener("pointercancel", (e) => { if (!lifted(e)) cancelGesture(); });
window.addEventListener("pointerup", (e) => {
  if (lifted(e)) return;
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
  if (paused) return;
  $("board").classList.add("keyboard");
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    cursor = [Math.max(0, Math.min(board.rows - 1, cursor[0] + moves[e.key][0])),
              Math.max(0, Math.min(board.cols - 1, cursor[1] + moves[e.key][1]))];
    e.preventDefault(); draw(); keepCursorInView($("board")); announce();
    return;
  }
  if (e.key === "Escape" && anchor) { anchor = null; say("First corner let go."); return draw(); }
  if (e.key === "Enter" || e.key === " " || e.key === "Backspace") {
    e.preventDefault();
    if (!rectangles()) return cellClick(cursor[0], cursor[1], e.key === "Backspace");
    if (anchor) { const a = anchor; anchor = null; drawRect(a, cursor); }
    else { anchor = [...cursor]; say(`First corner at row ${cursor[0] + 1}, column ${cursor[1] + 1}: move to the opposite corner and press Enter (Escape lets go).`); draw(); }
    return;
  }
  if (e.key === ".") dot(...cursor);
  const tri = { 1: "nw", 2: "ne", 3: "se", 4: "sw" }[e.key];
  if (board.corners && !rectangles() && playable(...cursor)) {
    if (tri) setCell(cursor[0], cursor[1], board.corners[tri]);
    if (e.key === "0" || e.key === "Delete") setCell(cursor[0], cursor[1], "_");
  }
});
function announce() { $("cursorsay").textContent = `Row ${cursor[0] + 1}, column ${cursor[1] + 1}: ${cellWords(...cursor)}`; }
$("board").addEventListener("focus", () => { draw(); if (board) announce(); });
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
const floor = () => (trials.length ? trials[trials.length - 1].at : 0);  // undo stays in the trial
function undo() { if (history.length > floor()) { future.push(JSON.stringify(state)); state = JSON.parse(history.pop()); return true; } return false; }
function redo() { if (future.length) { history.push(JSON.stringify(state)); state = JSON.parse(future.pop()); return true; } return false; }
$("undo").onclick = () => { if (undo()) moved(); };
$("redo").onclick = () => { if (redo()) moved(); };
$("undoall").onclick = () => { let any = false; while (undo()) any = true; if (any) moved(); };
$("redoall").onclick = () => { let any = false; while (redo()) any = true; if (any) moved(); };
$("clear").onclick = () => {
  trials = []; showTrials();
  help = { hints: 0, reveals: 0 }; localStorage.removeItem(board.url + ":help"); showHelp();
  aux = {}; localStorage.removeItem(board.url + ":aux");
  if (revealed) { revealed = false; localStorage.removeItem(board.url + ":revealed"); unsolve(); say(""); }
  play(() => { state = emptyState(); });
};
$("trial").onclick = startTrial;
$("reveal").onclick = revealOne;
$("undoback").onclick = () => undoBack().catch((e) => say(e.message));
$("accept").onclick = () => endTrial(true);
$("reject").onclick = () => endTrial(false);
$("undecided").onchange = async () => {
  if (!$("undecided").checked) { marks = []; return draw(); }
  const out = await api("/api/undecided", { puzzle: board.url, position: position(), rung: $("rung").value });
  marks = out.cells.map((cell) => ({ cell, kind: "undecided" })); draw();
};
$("mistakes").onchange = () => {
  settings.mistakes = $("mistakes").checked; remember();
  if (!settings.mistakes) { live = []; $("livemsg").textContent = ""; draw(); } else liveCheck();
};
$("limit").onchange = () => { settings.limit = $("limit").value; remember(); };
$("zoomin").onclick = () => setZoom(zoom * 1.5);
$("zoomout").onclick = () => setZoom(zoom / 1.5);
$("pause").onclick = () => pause(!paused);
$("resume").onclick = () => pause(false);
themeToggle($("theme"));
$("open").onsubmit = (e) => { e.preventDefault(); location.href = `/play?url=${encodeURIComponent($("url").value)}`; };
document.addEventListener("keydown", (e) => {
  if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) return;  // a text box's own undo
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); $("undo").click(); }
  if ((e.ctrlKey || e.metaKey) && e.key === "y") { e.preventDefault(); $("redo").click(); }
});
start().catch((e) => say(e.message));
