// One SVG element helper for the player and the workbench, and the drawing of a board from
// the server's description of it (genres/drawing.py), shared by the player and the rules page.
export const svgNS = "http://www.w3.org/2000/svg";

export function el(name, attrs, parent, text) {
  const e = document.createElementNS(svgNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

// The keyboard cursor kept in view when the board is larger than its box (the player zoomed
// in, a large board on a phone): the box scrolls the least it must.
export function keepCursorInView(board) {
  const cursor = board.querySelector(".cursor");
  if (cursor) cursor.scrollIntoView({ block: "nearest", inline: "nearest" });
}

export const S = 40;  // cell size in SVG units
export const MARGIN = 26;  // room for the row and column labels
const quiet = { "pointer-events": "none" };

export function hue(k) { return 40 + (k * 67) % 280; }  // 40..320: never the red band

// The colours are attributes (a picture outside the app keeps them) and classes the page's
// stylesheet may override (dark mode, trial moves).
// A dot in a cell whose given text sits in the middle moves to the lower right corner, smaller,
// clear of the text.
function drawShape(shape, x, y, svg, cell, extra, texted) {
  if (shape.fill) { cell.setAttribute("fill", "#333"); cell.classList.add("shade"); if (extra) cell.classList.add(extra); }
  const [dx, dr] = texted ? [S - 5, 2.5] : [S / 2, 3];
  if (shape.dot) el("circle", { cx: x + dx, cy: y + dx, r: dr, fill: "#888", class: `dot ${extra || ""}`, ...quiet }, svg);
  if (shape.polygon) el("polygon", { points: shape.polygon.map(([a, b]) => `${x + a * S},${y + b * S}`).join(" "),
                                     fill: "#222", class: `ink ${extra || ""}`, ...quiet }, svg);
}
function drawGiven(g, x, y, svg, cell, filled) {
  if (g.fill) { cell.setAttribute("fill", "#222"); cell.classList.add("given"); }
  if (g.text === null) return;
  const light = g.fill || filled, cls = light ? "ontext" : "text";
  if (g.corner) el("text", { x: x + 4, y: y + 19, "font-size": 20, "font-weight": 600,
                             fill: light ? "white" : "black", class: cls, ...quiet }, svg, g.text);
  else el("text", { x: x + S / 2, y: y + S * 0.68, "text-anchor": "middle", "font-size": S * 0.55,
                    fill: light ? "white" : "black", class: cls, ...quiet }, svg, g.text);
}

// The board with a state drawn on it: `state` is rows of position characters or a list of
// rectangles [top, left, height, width]. Options: `words(r, c)` labels each cell for screen
// readers (then the SVG is a grid of gridcells); `trial(r, c)` / `trialRect(k)` give the depth
// of the trial a move was made in (0: none), drawn in that trial's colour; `labels` draws
// 1-based row and column numbers.
export function drawBoard(board, state, opts = {}) {
  const W = board.cols * S, H = board.rows * S, M = opts.labels === false ? 4 : MARGIN;
  const rects = board.input === "rectangles";
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `${-M} ${-M} ${W + M + 4} ${H + M + 4}`);
  if (opts.labels !== false) {
    for (let c = 0; c < board.cols; c++)  // 1-based labels, as hints name rows and columns
      el("text", { x: c * S + S / 2, y: -7, "text-anchor": "middle", class: "label" }, svg, c + 1);
    for (let r = 0; r < board.rows; r++)
      el("text", { x: -5, y: r * S + S / 2 + 6, "text-anchor": "end", class: "label" }, svg, r + 1);
  }
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "white", class: "paper" }, svg);
  if (rects) state.forEach(([t, l, h, w], k) => {
    const depth = opts.trialRect ? opts.trialRect(k) : 0;
    // the hue also as --hue: the page's stylesheet darkens pieces in dark mode, where the
    // numbers on them are light
    el("rect", { x: l * S + 2, y: t * S + 2, width: w * S - 4, height: h * S - 4, rx: 4,
                 fill: `hsl(${hue(k)} 70% 82%)`, stroke: `hsl(${hue(k)} 60% 40%)`, "stroke-width": 2,
                 style: `--hue: ${hue(k)}`, class: depth ? `piece trial${depth}` : "piece", "data-rect": k }, svg);
  });
  if (opts.words) {
    svg.setAttribute("role", "grid");
    svg.setAttribute("aria-label", `${board.genre} board, ${board.rows} rows by ${board.cols} columns`);
  } else {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", opts.title || `${board.genre} board`);
  }
  for (let r = 0; r < board.rows; r++) {
    const row = opts.words ? el("g", { role: "row" }, svg) : svg;
    for (let c = 0; c < board.cols; c++) {
      const x = c * S, y = r * S, g = board.fixed[r][c];
      const attrs = { x, y, width: S, height: S, fill: "transparent", stroke: "#bbb", class: "cell",
                      "data-cell": `${r},${c}` };
      if (opts.words) Object.assign(attrs, { role: "gridcell", "aria-label": `Row ${r + 1}, column ${c + 1}: ${opts.words(r, c)}` });
      const cell = el("rect", attrs, row);
      const free = !rects && (!g || g.answer === null);
      const shape = free ? board.states[state[r][c]] || {} : {};
      const depth = free && opts.trial ? opts.trial(r, c) : 0;
      drawShape(shape, x, y, svg, cell, depth ? `trial${depth}` : "", !!g && g.text !== null && !g.corner);
      if (g) drawGiven(g, x, y, svg, cell, !!shape.fill);
    }
  }
  if (board.borders) {
    board.borders.vertical.forEach((row, r) => row.forEach((on, c) => on &&
      el("line", { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S, stroke: "#000", "stroke-width": 3, class: "border" }, svg)));
    board.borders.horizontal.forEach((row, r) => row.forEach((on, c) => on &&
      el("line", { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S, stroke: "#000", "stroke-width": 3, class: "border" }, svg)));
  }
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "none", stroke: "#000", "stroke-width": 3, class: "frame" }, svg);
  return svg;
}
